//! End to end in headless Chromium: the site's pages keep to their Content-Security-Policy
//! (docs/operations.md, "Security headers"). The home page (its form used), a rules page (its
//! interactive example played) and a live game against the computer (a move played and
//! answered over the WebSocket) raise no CSP violation: none in the browser console (which
//! also covers what happened while a page loaded) and none seen by a `securitypolicyviolation`
//! listener while the page is used.
//!
//! Without chromium and chromedriver the test prints a notice and passes, unless `CI=true`.

#![allow(
    clippy::unwrap_used,
    clippy::print_stdout,
    reason = "a test: failing loudly and printing its artifacts is the point"
)]

use std::panic::AssertUnwindSafe;

use futures_util::FutureExt as _;
use serde_json::Value;

mod browser;

use browser::*;

/// Starts counting the page's CSP violations from now on.
const LISTEN_JS: &str = r"
window.__csp = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
return true;
";

/// Asserts that `page` raised no CSP violation: none in the console since the last look, none
/// heard by the listener since [`LISTEN_JS`].
async fn assert_no_violation(page: &Page, what: &str) {
    let heard = page.js("return window.__csp || [];").await;
    assert_eq!(heard, Value::Array(Vec::new()), "{what}: CSP violations");
    let log = page.browser_log().await;
    let violations: Vec<&Value> = log
        .iter()
        .filter(|e| {
            let m = e["message"].as_str().unwrap_or_default();
            m.contains("Content Security Policy") || m.contains("Refused to")
        })
        .collect();
    assert!(violations.is_empty(), "{what}: {violations:#?}");
    // Anything else the console said is worth seeing, but not a failure here.
    for e in &log {
        println!("{what}: console {}: {}", e["level"], e["message"]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_raise_no_csp_violation() {
    let Some(tools) = tools_or_skip() else {
        return;
    };
    let artifacts = artifact_dir();
    let scratch = TempDir::new("csp");
    let site = Site::start(&scratch.path.join("csp.db")).await;
    let driver = Chromedriver::start(&tools, &artifacts.join("chromedriver-csp.log"));
    let a = Browser::open(&tools, &driver, "CSP").await;
    let outcome = AssertUnwindSafe(walk(&site.origin, &a.page))
        .catch_unwind()
        .await;
    a.close().await;
    let stopped = site.stop().await;
    drop(driver);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
    stopped.unwrap();
}

async fn walk(origin: &str, page: &Page) {
    // The console proves itself: a violation made on purpose is seen.
    page.goto(&format!("{origin}/en/about")).await;
    page.js(LISTEN_JS).await;
    page.js("const s = document.createElement('div'); s.setAttribute('style', 'color: red'); document.body.append(s); return true;")
        .await;
    let heard = wait_for(page, "the listener hears a violation", async || {
        let v = page.js("return window.__csp.length;").await;
        if v.as_u64().unwrap_or(0) > 0 {
            Ok(v)
        } else {
            Err("none yet".to_owned())
        }
    })
    .await;
    assert_eq!(heard, 1);
    let log = page.browser_log().await;
    assert!(
        log.iter().any(|e| e["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Content Security Policy")),
        "the console reports a violation: {log:#?}"
    );

    // The home page, its form filled in.
    page.goto(&format!("{origin}/en/")).await;
    page.js(LISTEN_JS).await;
    page.find("form#new-game select[name=variant]").await;
    assert_no_violation(page, "home").await;

    // A rules page, its interactive example played (its status says the move).
    page.goto(&format!("{origin}/en/rules/kalah")).await;
    page.js(LISTEN_JS).await;
    page.find("figure.example .example-controls button.primary")
        .await;
    let hint = page
        .js("return document.querySelector('figure.example .example-status').textContent;")
        .await;
    page.click("figure.example .example-controls button.primary")
        .await;
    wait_for(page, "the example played", async || {
        let now = page
            .js("return document.querySelector('figure.example .example-status').textContent;")
            .await;
        if now == hint {
            Err(now.to_string())
        } else {
            Ok(())
        }
    })
    .await;
    assert_no_violation(page, "rules page").await;

    // A live game against the computer: a move, and its reply over the WebSocket.
    let game = create_game(origin, page, "kalah", "computer", Some(1), "south").await;
    page.js(LISTEN_JS).await;
    // Moves until the computer has answered one (a move into the store plays again).
    let mut after = page
        .wait_state("south to move", |s| !s.playable.is_empty() && !s.busy)
        .await;
    while after.ply < 2 && after.outcome.is_empty() {
        let ply = after.ply;
        page.click(&format!("[data-pit=\"{}\"]", after.playable[0]))
            .await;
        after = page
            .wait_state("the move and what follows", |s| {
                s.ply > ply && !s.busy && (!s.playable.is_empty() || !s.outcome.is_empty())
            })
            .await;
    }
    assert!(after.online, "{after}");
    assert_no_violation(page, &format!("game {}", game.id)).await;
    println!(
        "e2e csp: home, a rules page and game {} without a CSP violation",
        game.id
    );
}
