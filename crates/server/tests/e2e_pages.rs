//! End to end in headless Chromium: the site's pages in every language. One browser walks
//! every rules page in all seven languages (each with its comparison table and a board picture
//! that loaded), the family page (its capture table with a small board a row), plays an
//! interactive example and watches it sown, switches language on a page (the page kept, the
//! choice remembered for `/`), and a second browser whose `Accept-Language` is Russian lands
//! on `/ru/`. Screenshots go to `target/e2e/`: the Bao la Kiswahili page in Georgian and in
//! Swahili, and a game page in Polish.
//!
//! Without chromium and chromedriver the test prints a notice and passes, unless `CI=true`, where
//! it fails: CI installs them (.ci/run).

#![allow(
    clippy::unwrap_used,
    clippy::print_stdout,
    reason = "a test: failing loudly and printing its artifacts is the point"
)]

use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::time::Instant;

use fantoccini::Locator;
use futures_util::FutureExt as _;
use mancala::Game;
use mancala_server::i18n::Lang;
use serde_json::Value;

mod browser;

use browser::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_in_every_language() {
    let Some(tools) = tools_or_skip() else {
        return;
    };
    let started = Instant::now();
    let artifacts = artifact_dir();
    let scratch = TempDir::new("pages");
    let site = Site::start(&scratch.path.join("pages.db")).await;
    let driver = Chromedriver::start(&tools, &artifacts.join("chromedriver-pages.log"));
    let a = Browser::open(&tools, &driver, "A").await;
    let ru = Browser::open_with(&tools, &driver, "RU", Some("ru-RU,ru"), &[]).await;
    let outcome = AssertUnwindSafe(walk(&site.origin, &a.page, &ru.page, &artifacts))
        .catch_unwind()
        .await;
    a.close().await;
    ru.close().await;
    let stopped = site.stop().await;
    drop(driver);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
    stopped.unwrap();
    println!("e2e pages: all passed in {:.1?}", started.elapsed());
}

/// The rules pages, one per game page of the rules crate.
fn rules_pages() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for g in Game::ALL {
        if !out.contains(&g.rules_page()) {
            out.push(g.rules_page());
        }
    }
    out
}

/// What a rules page shows: its language, its comparison table's rows, and its pictures that
/// loaded.
const PAGE_JS: &str = r"
const table = document.querySelector('section.comparison table');
const pics = [...document.querySelectorAll('figure img[src*=\'diagram.svg\']')];
return {
  lang: document.documentElement.lang,
  rows: table ? table.querySelectorAll('tbody tr').length : 0,
  pictures: pics.length,
  loaded: pics.filter((i) => i.complete && i.naturalWidth > 0).length,
  title: document.title,
};
";

async fn exec(page: &Page, js: &str) -> Value {
    page.client
        .execute(js, vec![])
        .await
        .unwrap_or_else(|e| panic!("{}: script failed: {e}", page.name))
}

async fn walk(origin: &str, a: &Page, ru: &Page, artifacts: &Path) {
    let t = Instant::now();
    let pages = rules_pages();
    for lang in Lang::ALL {
        for page in &pages {
            let url = format!("{origin}/{lang}/rules/{page}");
            a.goto(&url).await;
            // The first pictures load lazily: scroll them in, then wait for one to be drawn.
            let seen = wait_for(a, &format!("{url}: a board picture drawn"), async || {
                exec(
                    a,
                    "window.scrollTo(0, document.querySelector('figure img')?.offsetTop || 0);",
                )
                .await;
                let v = exec(a, PAGE_JS).await;
                if v["loaded"].as_u64().unwrap_or(0) >= 1 {
                    Ok(v)
                } else {
                    Err(v.to_string())
                }
            })
            .await;
            assert_eq!(seen["lang"], lang.code(), "{url}");
            assert_eq!(seen["rows"], 9, "{url}: the comparison's nine rows");
            assert!(seen["pictures"].as_u64().unwrap() >= 3, "{url}: {seen}");
        }
        if lang == Lang::Ka || lang == Lang::Sw {
            a.goto(&format!("{origin}/{lang}/rules/bao-la-kiswahili"))
                .await;
            save_screenshot(
                a,
                &artifacts.join(format!("rules-{lang}-bao-la-kiswahili.png")),
            )
            .await;
        }
    }
    println!(
        "e2e pages: {} rules pages in {} languages in {:.1?}",
        pages.len(),
        Lang::ALL.len(),
        t.elapsed()
    );

    // The family page: a small board in every row of the capture table.
    a.goto(&format!("{origin}/en/rules")).await;
    let rows = wait_for(a, "a small board in each capture row", async || {
        let v = exec(
            a,
            "const cells = [...document.querySelectorAll('td a[href^=\"#example-\"]')].map((l) => l.closest('td'));
             return { rows: cells.length, boards: cells.filter((c) => c.querySelector('.mini-example svg [data-pit]')).length };",
        )
        .await;
        let (rows, boards) = (v["rows"].as_u64().unwrap_or(0), v["boards"].as_u64().unwrap_or(0));
        if rows >= 9 && boards == rows { Ok(rows) } else { Err(v.to_string()) }
    })
    .await;
    println!("e2e pages: the family page's {rows} capture rows each have a board");

    interactive_example(origin, a).await;
    switcher_keeps_the_page(origin, a).await;

    // A Russian browser on / lands on /ru/.
    ru.goto(&format!("{origin}/")).await;
    let url = wait_for(ru, "/ to lead to /ru/", async || {
        let u = ru.url().await;
        if u.ends_with("/ru/") { Ok(u) } else { Err(u) }
    })
    .await;
    println!("e2e pages: Accept-Language ru on / lands on {url}");

    // A game in Polish, as its player sees it.
    let body = serde_json::json!({"variant": "bao-la-kiswahili", "opponent": "computer", "level": 1, "lang": "pl"});
    let created = post_json(origin, "/api/games", &body).await;
    let player = created["player_url"].as_str().unwrap();
    assert!(player.starts_with("/pl/"), "{player}");
    a.goto(&format!("{origin}{player}")).await;
    a.wait_state("the Polish game page's live board", |s| s.live)
        .await;
    let turn = exec(
        a,
        "return document.querySelector('#turn')?.textContent || '';",
    )
    .await;
    println!("e2e pages: a game in Polish: {turn}");
    save_screenshot(a, &artifacts.join("game-pl.png")).await;
}

/// Plays the suggested move of an example and watches the board change, then puts it back.
async fn interactive_example(origin: &str, a: &Page) {
    a.goto(&format!("{origin}/en/rules/hus")).await;
    let counts_js = "const f = document.querySelector('figure.example');
        return [...f.querySelectorAll('[data-pit]')].map((p) => p.getAttribute('aria-label')).join('|');";
    let before = wait_for(a, "the example's live board", async || {
        let v = exec(a, counts_js).await;
        let s = v.as_str().unwrap_or("").to_owned();
        if s.is_empty() {
            Err("no pits yet".to_owned())
        } else {
            Ok(s)
        }
    })
    .await;
    exec(
        a,
        "document.querySelector('figure.example').scrollIntoView();",
    )
    .await;
    let try_button = a
        .client
        .find(Locator::Css(
            "figure.example .example-controls button.primary",
        ))
        .await
        .unwrap();
    try_button.click().await.unwrap();
    // The sowing runs seed by seed; the "try again" button comes once it has ended.
    let after = wait_for(a, "the example's move sown", async || {
        let again = exec(
            a,
            "const b = [...document.querySelectorAll('figure.example .example-controls button')].find((b) => !b.classList.contains('primary'));
             return !!b && !b.hidden;",
        )
        .await;
        let s = exec(a, counts_js).await.as_str().unwrap_or("").to_owned();
        if again == Value::Bool(true) && s != before { Ok(s) } else { Err(s) }
    })
    .await;
    assert_ne!(after, before);
    let status = exec(
        a,
        "return document.querySelector('figure.example .example-status').textContent;",
    )
    .await;
    assert!(status.as_str().unwrap().starts_with("Played "), "{status}");
    exec(
        a,
        "[...document.querySelectorAll('figure.example .example-controls button')].find((b) => !b.classList.contains('primary')).click();",
    )
    .await;
    wait_for(a, "the example put back", async || {
        let s = exec(a, counts_js).await.as_str().unwrap_or("").to_owned();
        if s == before { Ok(()) } else { Err(s) }
    })
    .await;
    println!("e2e pages: an example played, sown and put back");
}

/// The switcher on a rules page opens the same page in the chosen language and remembers it.
async fn switcher_keeps_the_page(origin: &str, a: &Page) {
    a.goto(&format!("{origin}/en/rules/omweso")).await;
    a.click("header.site details.langs summary").await;
    a.click("header.site details.langs a[hreflang='pl']").await;
    let url = wait_for(a, "the Polish Omweso page", async || {
        let u = a.url().await;
        if u.ends_with("/pl/rules/omweso") {
            Ok(u)
        } else {
            Err(u)
        }
    })
    .await;
    let lang = exec(a, "return document.documentElement.lang;").await;
    assert_eq!(lang, "pl", "{url}");
    // Remembered: / now leads to Polish.
    a.goto(&format!("{origin}/")).await;
    wait_for(a, "/ to lead to /pl/", async || {
        let u = a.url().await;
        if u.ends_with("/pl/") { Ok(()) } else { Err(u) }
    })
    .await;
    // A link in English is not redirected: it offers the switch.
    a.goto(&format!("{origin}/en/rules/hus")).await;
    let offer = exec(
        a,
        "return document.querySelector('.lang-offer a')?.getAttribute('href') || '';",
    )
    .await;
    assert_eq!(offer, "/pl/rules/hus");
    assert!(a.url().await.ends_with("/en/rules/hus"));
    println!("e2e pages: the switcher keeps the page and remembers the language");
}
