//! Phones (issue 12, item 5), end to end in Debian's headless Chromium: every game of
//! [`Game::ALL`] as a pass-and-play game (`POST /api/games`, `"opponent": "local"`), its player
//! page opened on a phone in portrait, 390x844 and 360x640 CSS px (Chromium's device emulation:
//! a mobile viewport, overlay scroll bars, twice the pixels). Measured from the DOM on first
//! load:
//! - the whole board lies within the viewport (nothing to scroll to see a pit), and the page does
//!   not scroll sideways;
//! - every pit's circle is at least 44 px across on boards of up to 8 pits a row and on Kalah,
//!   32 px on the 12- and 16-pit boards;
//! - every pit name is printed at least 11 px high (font size as rendered);
//! - the player's own rows are nearest them: at the bottom, or on a board turned a quarter at the
//!   right with pit 1 at the bottom (web/live.js `layout()` says why);
//! - in the games whose moves choose a direction (the rules crate's `chooses_direction`, the Bao
//!   games), a click on a pit with two directions opens the move dialogue, whose buttons and
//!   arrows on the board are at least 44 px both ways and on screen; the dialogue is cancelled.
//!
//! The measurements go to stdout as a table. Screenshots in `target/e2e/`: `phone-{slug}.png`
//! (390x844) for every game, `phone-{slug}-dialogue.png` for the Bao games, `phone-360-{slug}.png`
//! and both sizes in dark mode (`-dark`) for Bao la Kiswahili and Hus 4x16, and
//! `desktop-{slug}.png` (1366x900, where the board must lie within the window too) for a few.
//!
//! Without chromium and chromedriver the test prints a notice and passes, unless `CI=true`.

#![allow(
    clippy::unwrap_used,
    clippy::print_stdout,
    reason = "a test: failing loudly and printing its artifacts is the point"
)]

use std::fmt::Write as _;
use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::time::Instant;

use axum::http::Method;
use fantoccini::wd::WebDriverCompatibleCommand;
use futures_util::FutureExt as _;
use mancala::{Game, Position, Variant};
use serde::Deserialize;
use serde_json::{Value, json};

mod browser;

use browser::*;

/// Phones in portrait, CSS px: a common Android size and a small one.
const PHONES: [(u32, u32); 2] = [(390, 844), (360, 640)];
/// A desktop window, CSS px.
const DESKTOP: (u32, u32) = (1366, 900);
/// The games also shown in dark mode, at both phone sizes.
const DARK: [Game; 2] = [Game::BaoLaKiswahili, Game::Hus4x16];
/// The games shown on a desktop.
const ON_DESKTOP: [Game; 4] = [
    Game::BaoLaKiswahili,
    Game::Hawalis,
    Game::Hus4x16,
    Game::Kalah,
];
/// Slack for sub-pixel rounding, px.
const EPS: f64 = 0.5;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn phones_show_every_whole_board() {
    let Some(tools) = tools_or_skip() else {
        return;
    };
    let started = Instant::now();
    let artifacts = artifact_dir();
    let scratch = TempDir::new("phone");
    let site = Site::start(&scratch.path.join("phone.db")).await;
    let driver = Chromedriver::start(&tools, &artifacts.join("chromedriver-phone.log"));
    let browser = Browser::open(&tools, &driver, "phone").await;
    let outcome = AssertUnwindSafe(scenarios(&site.origin, &browser.page, &artifacts))
        .catch_unwind()
        .await;
    browser.close().await;
    let stopped = site.stop().await;
    drop(driver);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
    stopped.unwrap();
    println!("e2e-phone: passed in {:.1?}", started.elapsed());
}

async fn scenarios(origin: &str, page: &Page, artifacts: &Path) {
    let mut games = Vec::new();
    for game in Game::ALL {
        let url = create_local_game(origin, game.slug()).await;
        games.push((game, format!("{origin}{url}?anim=off")));
    }
    let mut failures = Vec::new();
    let mut table = String::from(
        "| game | viewport | board (x, y, w, h) | turned | pit min | name min | targets min |\n\
         |---|---|---|---|---|---|---|\n",
    );
    for (w, h) in PHONES {
        emulate(page, Some((w, h)), false).await;
        for (game, url) in &games {
            let slug = game.slug();
            let m = open_and_measure(page, url, &format!("{slug} at {w}x{h}")).await;
            let min_pit = if game.width() <= 8 { 44.0 } else { 32.0 };
            let mut f = m.check(*game, (w, h), min_pit);
            let targets = if game.chooses_direction() {
                let (t, mut tf) = dialogue_targets(page, *game, (w, h), artifacts).await;
                f.append(&mut tf);
                format!("{t:.1}")
            } else {
                "-".to_owned()
            };
            writeln!(
                table,
                "| {slug} | {w}x{h} | {:.0}, {:.0}, {:.0}, {:.0} | {} | {:.1} | {:.1} | {targets} |",
                m.board[0],
                m.board[1],
                m.board[2],
                m.board[3],
                if m.turned { "yes" } else { "no" },
                m.min_pit,
                m.min_name,
            )
            .unwrap();
            failures.extend(f.into_iter().map(|e| format!("{slug} at {w}x{h}: {e}")));
            if w == 390 {
                save_screenshot(page, &artifacts.join(format!("phone-{slug}.png"))).await;
            } else if DARK.contains(game) {
                save_screenshot(page, &artifacts.join(format!("phone-360-{slug}.png"))).await;
            }
        }
        emulate(page, Some((w, h)), true).await;
        for (game, url) in games.iter().filter(|(g, _)| DARK.contains(g)) {
            let slug = game.slug();
            let m = open_and_measure(page, url, &format!("{slug} dark at {w}x{h}")).await;
            assert!(m.dark, "{slug}: the page is not in dark mode");
            let name = if w == 390 {
                format!("phone-{slug}-dark.png")
            } else {
                format!("phone-360-{slug}-dark.png")
            };
            save_screenshot(page, &artifacts.join(name)).await;
        }
    }

    emulate(page, None, false).await;
    page.client
        .set_window_size(DESKTOP.0, DESKTOP.1)
        .await
        .expect("resize");
    for (game, url) in games.iter().filter(|(g, _)| ON_DESKTOP.contains(g)) {
        let slug = game.slug();
        let m = open_and_measure(page, url, &format!("{slug} on a desktop")).await;
        let view = (m.viewport[0] as u32, m.viewport[1] as u32);
        writeln!(
            table,
            "| {slug} | {}x{} desktop | {:.0}, {:.0}, {:.0}, {:.0} | {} | {:.1} | {:.1} | - |",
            view.0,
            view.1,
            m.board[0],
            m.board[1],
            m.board[2],
            m.board[3],
            if m.turned { "yes" } else { "no" },
            m.min_pit,
            m.min_name,
        )
        .unwrap();
        if m.turned {
            failures.push(format!("{slug} on a desktop: the board is turned"));
        }
        let min_pit = if game.width() <= 8 { 44.0 } else { 32.0 };
        failures.extend(
            m.check(*game, view, min_pit)
                .into_iter()
                .map(|e| format!("{slug} on a desktop: {e}")),
        );
        save_screenshot(page, &artifacts.join(format!("desktop-{slug}.png"))).await;
    }
    // The rules pages draw the same board (web/example.js), scaled by their CSS.
    page.goto(&format!("{origin}/en/rules/bao-la-kiswahili"))
        .await;
    let example = page.find("figure.example .example-board [data-pit]").await;
    page.client
        .execute(
            "arguments[0].closest('figure').scrollIntoView();",
            vec![serde_json::to_value(&example).unwrap()],
        )
        .await
        .expect("scroll to the example");
    save_screenshot(page, &artifacts.join("desktop-rules-example.png")).await;
    println!("e2e-phone: measurements (CSS px)\n{table}");
    assert!(
        failures.is_empty(),
        "{} failures:\n  {}",
        failures.len(),
        failures.join("\n  ")
    );
}

// ---------------------------------------------------------------- a game and its page

/// `POST /api/games` for a pass-and-play game of `slug`; returns its player URL.
async fn create_local_game(origin: &str, slug: &str) -> String {
    let host = origin.trim_start_matches("http://").to_owned();
    let body = json!({ "variant": slug, "opponent": "local" }).to_string();
    let answer = tokio::task::spawn_blocking(move || {
        let mut s = TcpStream::connect(&host).expect("connect to the server");
        s.set_read_timeout(Some(DEADLINE)).expect("timeout");
        write!(
            s,
            "POST /api/games HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .expect("send the request");
        let mut raw = String::new();
        s.read_to_string(&mut raw).expect("read the response");
        raw
    })
    .await
    .expect("the request task");
    let (head, body) = answer.split_once("\r\n\r\n").expect("an HTTP response");
    assert!(
        head.starts_with("HTTP/1.1 201"),
        "POST /api/games: {head}\n{body}"
    );
    let v: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body}"));
    v["player_url"]
        .as_str()
        .unwrap_or_else(|| panic!("no player_url: {v}"))
        .to_owned()
}

/// A command of the Chrome `DevTools` protocol, through chromedriver.
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/goog/cdp/execute",
            session.unwrap_or("")
        ))
    }

    fn method_and_body(&self, _url: &url::Url) -> (Method, Option<String>) {
        let body = json!({ "cmd": self.cmd, "params": self.params });
        (Method::POST, Some(body.to_string()))
    }
}

async fn cdp(page: &Page, cmd: &'static str, params: Value) {
    page.client
        .issue_cmd(Cdp { cmd, params })
        .await
        .unwrap_or_else(|e| panic!("{cmd}: {e}"));
}

/// A phone's viewport (`size`, mobile, twice the pixels) or none (the window's own), in light or
/// dark mode.
async fn emulate(page: &Page, size: Option<(u32, u32)>, dark: bool) {
    match size {
        Some((w, h)) => {
            let metrics = json!({
                "width": w, "height": h, "deviceScaleFactor": 2, "mobile": true,
                "screenWidth": w, "screenHeight": h,
            });
            cdp(page, "Emulation.setDeviceMetricsOverride", metrics).await;
        }
        None => cdp(page, "Emulation.clearDeviceMetricsOverride", json!({})).await,
    }
    let scheme = if dark { "dark" } else { "light" };
    let media = json!({ "features": [{ "name": "prefers-color-scheme", "value": scheme }] });
    cdp(page, "Emulation.setEmulatedMedia", media).await;
}

/// What the page shows, CSS px: boxes are `[x, y, width, height]` in the viewport.
#[derive(Debug, Deserialize)]
struct Measure {
    viewport: [f64; 2],
    scroll_width: f64,
    dark: bool,
    board: [f64; 4],
    turned: bool,
    /// Every pit: name and the box of its circle.
    pits: Vec<(String, [f64; 4])>,
    min_pit: f64,
    /// The smallest pit name: its font size as rendered, and its box's height.
    min_name: f64,
    min_name_box: f64,
    names: usize,
}

/// Reads the page (web/game.js hooks; `circle.hole` is a pit's circle, `.pit-name` its name).
const MEASURE_JS: &str = r"
const svg = document.querySelector('.board-svg');
if (!svg) return null;
const box = (e) => { const b = e.getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; };
const pits = [...svg.querySelectorAll('[data-pit]')].map((g) => [g.dataset.pit, box(g.querySelector('circle.hole'))]);
const names = [...svg.querySelectorAll('.pit-name')].map((t) => {
  const ctm = t.getScreenCTM();
  const scale = Math.hypot(ctm.a, ctm.b);
  return [parseFloat(getComputedStyle(t).fontSize) * scale, t.getBoundingClientRect().height];
});
return {
  viewport: [document.documentElement.clientWidth, innerHeight],
  scroll_width: document.documentElement.scrollWidth,
  dark: matchMedia('(prefers-color-scheme: dark)').matches,
  board: box(svg),
  turned: document.querySelector('main#game').classList.contains('portrait-board'),
  pits,
  min_pit: Math.min(...pits.map(([, b]) => Math.min(b[2], b[3]))),
  min_name: Math.min(...names.map((n) => n[0])),
  min_name_box: Math.min(...names.map((n) => n[1])),
  names: names.length,
};
";

/// Opens `url` (a fresh load, scrolled to the top) and measures it once the board is live.
async fn open_and_measure(page: &Page, url: &str, what: &str) -> Measure {
    page.goto(url).await;
    page.wait_state(&format!("the live board of {what}"), |s| {
        s.live && s.online && !s.playable.is_empty() && !s.busy
    })
    .await;
    wait_for(page, &format!("the measures of {what}"), async || {
        // two frames, so that a layout after the first state is drawn
        page.client
            .execute_async(
                "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        let v = page
            .client
            .execute(MEASURE_JS, vec![])
            .await
            .map_err(|e| e.to_string())?;
        serde_json::from_value::<Measure>(v.clone()).map_err(|e| format!("{e}: {v}"))
    })
    .await
}

impl Measure {
    fn centre(&self, pit: &str) -> Option<(f64, f64)> {
        self.pits
            .iter()
            .find(|(p, _)| p == pit)
            .map(|(_, b)| (b[0] + b[2] / 2.0, b[1] + b[3] / 2.0))
    }

    /// What is wrong with the page for `game` in a viewport of `size`.
    fn check(&self, game: Game, size: (u32, u32), min_pit: f64) -> Vec<String> {
        let mut f = Vec::new();
        let (vw, vh) = (f64::from(size.0), f64::from(size.1));
        if (self.viewport[0] - vw).abs() > 20.0 || (self.viewport[1] - vh).abs() > EPS {
            f.push(format!("the viewport is {:?}, not {size:?}", self.viewport));
        }
        let [x, y, w, h] = self.board;
        if x < -EPS || y < -EPS || x + w > self.viewport[0] + EPS || y + h > self.viewport[1] + EPS
        {
            f.push(format!(
                "the board ({x:.1}, {y:.1}, {w:.1}, {h:.1}) is not within the viewport {:?}",
                self.viewport
            ));
        }
        if self.scroll_width > self.viewport[0] + EPS {
            f.push(format!(
                "the page scrolls sideways: {} px wide",
                self.scroll_width
            ));
        }
        let pits = game.rows() * game.width();
        if self.pits.len() != pits {
            f.push(format!("{} pits, not {pits}", self.pits.len()));
        }
        if self.min_pit + EPS < min_pit {
            let small: Vec<&str> = self
                .pits
                .iter()
                .filter(|(_, b)| b[2].min(b[3]) + EPS < min_pit)
                .map(|(p, _)| p.as_str())
                .collect();
            f.push(format!(
                "pits of {:.1} px, under {min_pit}: {small:?}",
                self.min_pit
            ));
        }
        if self.names != self.pits.len() || self.min_name + EPS < 11.0 || self.min_name_box < 11.0 {
            f.push(format!(
                "{} pit names, the smallest {:.1} px (its box {:.1} px high)",
                self.names, self.min_name, self.min_name_box
            ));
        }
        // The player's (South's, in pass-and-play) rows nearest them; pit 1 nearest on a turned
        // board.
        let wd = game.width();
        let (Some(a1), Some(aw), Some(a1n)) = (
            self.centre("A1"),
            self.centre(&format!("A{wd}")),
            self.centre("a1"),
        ) else {
            f.push("no A1, AW or a1".to_owned());
            return f;
        };
        if self.turned {
            if a1.0 <= a1n.0 || a1.1 <= aw.1 {
                f.push(format!(
                    "turned, but South's rows are not at the right with pit 1 at the bottom: \
                     A1 {a1:?}, A{wd} {aw:?}, a1 {a1n:?}"
                ));
            }
        } else if a1.1 <= a1n.1 {
            f.push(format!(
                "South's rows are not at the bottom: A1 {a1:?}, a1 {a1n:?}"
            ));
        }
        f
    }
}

// ---------------------------------------------------------------- the move dialogue

/// Opens the move dialogue on the lowest and on the highest pit on screen with two directions,
/// measures its targets (the smallest side of any, px; each must be the element found at its
/// centre, not covered), saves a screenshot of the lowest at 390 px wide, and cancels it.
async fn dialogue_targets(
    page: &Page,
    game: Game,
    size: (u32, u32),
    artifacts: &Path,
) -> (f64, Vec<String>) {
    let slug = game.slug();
    let variant: Variant = slug.parse().unwrap();
    let moves = Position::new(variant).legal_move_texts();
    let dirs = |pit: &str| -> Vec<char> {
        moves
            .iter()
            .filter_map(|(_, t)| {
                let rest = t.strip_prefix(pit)?;
                rest.chars().next().filter(|c| !c.is_ascii_digit())
            })
            .collect()
    };
    let state = page.state().await;
    let two: Vec<&String> = state
        .playable
        .iter()
        .filter(|p| {
            let d = dirs(p);
            d.contains(&'<') && d.contains(&'>')
        })
        .collect();
    assert!(
        !two.is_empty(),
        "{slug}: no pit with two directions in {:?}",
        state.playable
    );
    let ys = page
        .client
        .execute(
            "return arguments[0].map((p) => { const b = document.querySelector(`[data-pit=\"${p}\"]`).getBoundingClientRect(); return b.top + b.height / 2; });",
            vec![json!(two)],
        )
        .await
        .expect("the pits' places");
    let ys: Vec<f64> = serde_json::from_value(ys).unwrap();
    let by_y = |pick: fn(f64, f64) -> bool| {
        let mut best = 0;
        for (i, y) in ys.iter().enumerate() {
            if pick(*y, ys[best]) {
                best = i;
            }
        }
        two[best].clone()
    };
    let lowest = by_y(|a, b| a > b);
    let highest = by_y(|a, b| a < b);
    let mut pits = vec![lowest];
    if highest != pits[0] {
        pits.push(highest);
    }
    let mut f = Vec::new();
    let mut min = f64::INFINITY;
    let (vw, vh) = (f64::from(size.0), f64::from(size.1));
    for (i, pit) in pits.iter().enumerate() {
        page.click(&format!("[data-pit=\"{pit}\"]")).await;
        page.wait_state(&format!("{slug}: the dialogue of {pit}"), |s| {
            s.choices.len() >= 3
        })
        .await;
        let v = page
            .client
            .execute(TARGETS_JS, vec![])
            .await
            .expect("the dialogue's targets");
        let targets: Targets =
            serde_json::from_value(v.clone()).unwrap_or_else(|e| panic!("{e}: {v}"));
        for (kind, list) in [("button", &targets.buttons), ("arrow", &targets.arrows)] {
            for t in list {
                let [x, y, w, h] = t.rect;
                min = min.min(w.min(h));
                if w.min(h) + EPS < 44.0 {
                    f.push(format!(
                        "the {kind} {} of {pit} is {w:.1}x{h:.1} px",
                        t.choice
                    ));
                }
                if x < -EPS || y < -EPS || x + w > vw + EPS || y + h > vh + EPS {
                    f.push(format!(
                        "the {kind} {} of {pit} ({x:.0}, {y:.0}, {w:.0}, {h:.0}) is off screen",
                        t.choice
                    ));
                } else if !t.on_top {
                    f.push(format!(
                        "the {kind} {} of {pit} is covered at its centre",
                        t.choice
                    ));
                }
            }
        }
        if targets.arrows.len() < 2 {
            f.push(format!(
                "{} arrows on the board for {pit}",
                targets.arrows.len()
            ));
        }
        if size.0 == 390 && i == 0 {
            save_screenshot(page, &artifacts.join(format!("phone-{slug}-dialogue.png"))).await;
        }
        page.click(".choice-panel [data-choice=\"cancel\"]").await;
        page.wait_state(&format!("{slug}: the dialogue of {pit} closed"), |s| {
            s.choices.is_empty()
        })
        .await;
    }
    (min, f)
}

/// The dialogue's buttons and board arrows: their boxes, and whether each is what a tap at its
/// centre reaches.
const TARGETS_JS: &str = r"
const target = (e, shape) => {
  const b = shape.getBoundingClientRect();
  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return { choice: e.dataset.choice, rect: [b.left, b.top, b.width, b.height], on_top: !!hit && e.contains(hit) };
};
return {
  buttons: [...document.querySelectorAll('.choice-panel [data-choice]')].map((e) => target(e, e)),
  arrows: [...document.querySelectorAll('.choice-arrow[data-choice]')].map((e) => target(e, e.querySelector('circle'))),
};
";

#[derive(Debug, Deserialize)]
struct Target {
    choice: String,
    rect: [f64; 4],
    on_top: bool,
}

#[derive(Debug, Deserialize)]
struct Targets {
    buttons: Vec<Target>,
    arrows: Vec<Target>,
}
