//! Phones (issue 12, item 5), end to end in Debian's headless Chromium: every game of
//! [`Game::ALL`] as a pass-and-play game (`POST /api/games`, `"opponent": "local"`), its player
//! page opened on a phone (Chromium's device emulation: a mobile viewport, overlay scroll bars,
//! twice the pixels) held upright, 390x844 and 360x640 CSS px, and sideways, 844x390 and 640x360.
//! Every game in English; in each of the six other languages (`/{lang}/g/...`, whose header, game
//! name, turn and strips are longer: Georgian and Russian most) the biggest boards, Hus 4x16,
//! Bao la Kiswahili, Omweso and Kalah. Measured from the DOM on first load:
//! - the whole board lies within the viewport (nothing to scroll to see a pit), and nothing on the
//!   page reaches past its sides (the page does not scroll sideways);
//! - the site's header is one line (at most 48 px high), and no text in it, in the game's lines or
//!   in the player strips is cut (an ellipsis, or a box narrower than its text);
//! - every pit's circle is at least 44 px across on boards of up to 8 pits a row and on Kalah,
//!   32 px on the 12- and 16-pit boards;
//! - every pit name is printed at least 11 px high (font size as rendered);
//! - the player's own rows are nearest them: at the bottom, or on a board turned a quarter at the
//!   right with pit 1 at the bottom (web/live.js `layout()` says why); sideways, the game's lines
//!   and strips may stand in a column beside the board (`strips-beside`), which must then show
//!   both strips on screen;
//! - in the games whose moves choose a direction (the rules crate's `chooses_direction`, the Bao
//!   games), a click on a pit with two directions opens the move dialogue, whose buttons and
//!   arrows on the board are at least 44 px both ways and on screen, no word of a button's label
//!   is broken over two lines and no label is wider than its button; the dialogue is cancelled
//!   (in English at every size, in the other languages at 360x640 and 640x360).
//!
//! The measurements go to stdout as a table. Screenshots in `target/e2e/`: `phone-{slug}.png`
//! (390x844) and `phone-640x360-{slug}.png` for every game in English, `phone-{slug}-dialogue.png`
//! and `phone-640x360-{slug}-dialogue.png` for the Bao games, `phone-{size}-{lang}-{slug}.png` in
//! Georgian and Russian at 360x640 and 640x360, `phone-{size}-{slug}-dark.png` at every size for
//! Bao la Kiswahili and Hus 4x16, and `desktop-{slug}.png` (1366x900, where the board must lie
//! within the window too) for a few.
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
use std::path::{Path, PathBuf};
use std::time::Instant;

use axum::http::Method;
use fantoccini::wd::WebDriverCompatibleCommand;
use futures_util::FutureExt as _;
use mancala::{Game, Position, Variant};
use serde::Deserialize;
use serde_json::{Value, json};

mod browser;

use browser::*;

/// Phones, CSS px: upright, a common Android size and a small one, then the same held sideways.
const PHONES: [(u32, u32); 4] = [(390, 844), (360, 640), (844, 390), (640, 360)];
/// The biggest boards (16 and 8 pits a row, Omweso's 8 with its long strips, Kalah's stores),
/// measured in every language; the others in English.
const IN_EVERY_LANGUAGE: [Game; 4] = [
    Game::Hus4x16,
    Game::BaoLaKiswahili,
    Game::Omweso,
    Game::Kalah,
];
/// The languages whose pages are also saved as pictures (the longest words), and the sizes.
const PICTURED: [&str; 2] = ["ka", "ru"];
const PICTURED_SIZES: [(u32, u32); 2] = [(360, 640), (640, 360)];
/// A desktop window, CSS px.
const DESKTOP: (u32, u32) = (1366, 900);
/// The games also shown in dark mode, at every phone size.
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
/// The site's header on one line, px.
const HEADER_MAX: f64 = 48.0;

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

/// The smallest pit a board must keep, px: a finger's 44, or 32 on rows of 12 and 16.
fn min_pit(game: Game) -> f64 {
    if game.width() <= 8 { 44.0 } else { 32.0 }
}

async fn scenarios(origin: &str, page: &Page, artifacts: &Path) {
    let mut games = Vec::new();
    for game in Game::ALL {
        let url = create_local_game(origin, game.slug()).await;
        games.push((game, url));
    }
    let mut failures = Vec::new();
    let mut table = String::from(
        "| game | lang | viewport | board (x, y, w, h) | layout | pit min | name min | header | targets min |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    // the smallest pit per game and viewport over the languages
    let mut smallest: Vec<(Game, (u32, u32), f64)> = Vec::new();
    for (w, h) in PHONES {
        emulate(page, Some((w, h)), false).await;
        for lang in mancala_server::i18n::Lang::ALL {
            let lang = lang.code();
            for (game, url) in &games {
                if lang != "en" && !IN_EVERY_LANGUAGE.contains(game) {
                    continue;
                }
                let slug = game.slug();
                let url = format!(
                    "{origin}{}?anim=off",
                    url.replacen("/en/", &format!("/{lang}/"), 1)
                );
                let what = format!("{slug} in {lang} at {w}x{h}");
                let m = open_and_measure(page, &url, &what).await;
                let mut f = m.check_phone(*game, (w, h));
                // the move dialogue in English at every size, in the others at the smallest
                // each way (its column beside the board is as wide at 844 px as at 640)
                let dialogue = lang == "en" || PICTURED_SIZES.contains(&(w, h));
                let targets = if game.chooses_direction() && dialogue {
                    let shot = (lang == "en" && (w, h) == (390, 844))
                        .then(|| format!("phone-{slug}-dialogue.png"))
                        .or_else(|| {
                            (lang == "en" && (w, h) == (640, 360))
                                .then(|| format!("phone-640x360-{slug}-dialogue.png"))
                        });
                    let (t, mut tf) =
                        dialogue_targets(page, *game, (w, h), shot.map(|n| artifacts.join(n)))
                            .await;
                    f.append(&mut tf);
                    format!("{t:.1}")
                } else {
                    "-".to_owned()
                };
                writeln!(
                    table,
                    "| {slug} | {lang} | {w}x{h} | {:.0}, {:.0}, {:.0}, {:.0} | {} | {:.1} | {:.1} | {:.0} | {targets} |",
                    m.board[0],
                    m.board[1],
                    m.board[2],
                    m.board[3],
                    m.layout(),
                    m.min_pit,
                    m.min_name,
                    m.header,
                )
                .unwrap();
                match smallest
                    .iter_mut()
                    .find(|(g, v, _)| g == game && *v == (w, h))
                {
                    Some(s) => s.2 = s.2.min(m.min_pit),
                    None => smallest.push((*game, (w, h), m.min_pit)),
                }
                failures.extend(f.into_iter().map(|e| format!("{what}: {e}")));
                let name = if lang == "en" && (w, h) == (390, 844) {
                    Some(format!("phone-{slug}.png"))
                } else if lang == "en" && (w, h) == (640, 360) {
                    Some(format!("phone-640x360-{slug}.png"))
                } else if PICTURED.contains(&lang) && PICTURED_SIZES.contains(&(w, h)) {
                    Some(format!("phone-{w}x{h}-{lang}-{slug}.png"))
                } else {
                    None
                };
                if let Some(name) = name {
                    save_screenshot(page, &artifacts.join(name)).await;
                }
            }
        }
        emulate(page, Some((w, h)), true).await;
        for (game, url) in games.iter().filter(|(g, _)| DARK.contains(g)) {
            let slug = game.slug();
            let what = format!("{slug} dark at {w}x{h}");
            let m = open_and_measure(page, &format!("{origin}{url}?anim=off"), &what).await;
            assert!(m.dark, "{slug}: the page is not in dark mode");
            failures.extend(
                m.check_phone(*game, (w, h))
                    .into_iter()
                    .map(|e| format!("{what}: {e}")),
            );
            save_screenshot(
                page,
                &artifacts.join(format!("phone-{w}x{h}-{slug}-dark.png")),
            )
            .await;
        }
    }
    let mut summary = String::from(
        "| game | smallest pit at 390x844 | 360x640 | 844x390 | 640x360 |\n|---|---|---|---|---|\n",
    );
    for (game, _) in &games {
        let at = |size: (u32, u32)| {
            smallest
                .iter()
                .find(|(g, v, _)| g == game && *v == size)
                .map_or("-".to_owned(), |s| format!("{:.1}", s.2))
        };
        writeln!(
            summary,
            "| {} | {} | {} | {} | {} |",
            game.slug(),
            at(PHONES[0]),
            at(PHONES[1]),
            at(PHONES[2]),
            at(PHONES[3])
        )
        .unwrap();
    }

    emulate(page, None, false).await;
    page.client
        .set_window_size(DESKTOP.0, DESKTOP.1)
        .await
        .expect("resize");
    for (game, url) in games.iter().filter(|(g, _)| ON_DESKTOP.contains(g)) {
        let slug = game.slug();
        let url = format!("{origin}{url}?anim=off");
        let m = open_and_measure(page, &url, &format!("{slug} on a desktop")).await;
        let view = (m.viewport[0] as u32, m.viewport[1] as u32);
        writeln!(
            table,
            "| {slug} | en | {}x{} desktop | {:.0}, {:.0}, {:.0}, {:.0} | {} | {:.1} | {:.1} | {:.0} | - |",
            view.0,
            view.1,
            m.board[0],
            m.board[1],
            m.board[2],
            m.board[3],
            m.layout(),
            m.min_pit,
            m.min_name,
            m.header,
        )
        .unwrap();
        if m.turned || m.beside {
            failures.push(format!("{slug} on a desktop: the board is {}", m.layout()));
        }
        failures.extend(
            m.check(*game, view, min_pit(*game))
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
    println!("e2e-phone: the smallest pit per board over the languages (CSS px)\n{summary}");
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
    /// The game's lines and the strips in a column beside the board (a phone held sideways).
    beside: bool,
    /// The two player strips.
    strips: Vec<[f64; 4]>,
    /// The site header's height.
    header: f64,
    /// Every pit: name and the box of its circle.
    pits: Vec<(String, [f64; 4])>,
    min_pit: f64,
    /// The smallest pit name: its font size as rendered, and its box's height.
    min_name: f64,
    min_name_box: f64,
    names: usize,
    /// What reaches past the viewport's sides.
    overflow: Vec<String>,
    /// Text cut short or wider than its box, in the header, the game's lines and the strips.
    clipped: Vec<String>,
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
const vw = document.documentElement.clientWidth;
const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden'; };
const html = (e) => !(e instanceof SVGElement) && !e.closest('.visually-hidden');
const label = (e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} ${JSON.stringify((e.textContent || '').trim().slice(0, 40))}`;
const overflow = [...document.body.querySelectorAll('*')]
  .filter((e) => html(e) && shown(e))
  .filter((e) => { const r = e.getBoundingClientRect(); return r.left < -0.5 || r.right > vw + 0.5; })
  .map(label);
const clipped = [...document.querySelectorAll('header.site *, .game-head, .game-head *, .player, .player *')]
  .filter((e) => html(e) && shown(e))
  .filter((e) => {
    const cs = getComputedStyle(e);
    if (cs.textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth) return true;
    return cs.display !== 'inline' && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1;
  })
  .map(label);
const main = document.querySelector('main#game');
return {
  viewport: [vw, innerHeight],
  scroll_width: document.documentElement.scrollWidth,
  dark: matchMedia('(prefers-color-scheme: dark)').matches,
  board: box(svg),
  turned: main.classList.contains('portrait-board'),
  beside: main.classList.contains('strips-beside'),
  strips: [...document.querySelectorAll('.board-area > .player')].map(box),
  header: document.querySelector('header.site').getBoundingClientRect().height,
  pits,
  min_pit: Math.min(...pits.map(([, b]) => Math.min(b[2], b[3]))),
  min_name: Math.min(...names.map((n) => n[0])),
  min_name_box: Math.min(...names.map((n) => n[1])),
  names: names.length,
  overflow,
  clipped,
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
    /// What is wrong with the page on a phone: [`Self::check`], and the site header on more than
    /// one line.
    fn check_phone(&self, game: Game, size: (u32, u32)) -> Vec<String> {
        let mut f = self.check(game, size, min_pit(game));
        if self.header > HEADER_MAX {
            f.push(format!(
                "the site header is {:.0} px high, over one line ({HEADER_MAX} px)",
                self.header
            ));
        }
        f
    }

    /// How the board and its strips are laid out.
    fn layout(&self) -> &'static str {
        match (self.turned, self.beside) {
            (true, _) => "turned",
            (false, true) => "strips beside",
            (false, false) => "flat",
        }
    }

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
        if !self.overflow.is_empty() {
            f.push(format!("past the viewport's sides: {:?}", self.overflow));
        }
        if !self.clipped.is_empty() {
            f.push(format!(
                "text cut or wider than its box: {:?}",
                self.clipped
            ));
        }
        if self.beside {
            for [x, y, w, h] in &self.strips {
                if *x < -EPS || *y < -EPS || x + w > vw + EPS || y + h > vh + EPS {
                    f.push(format!(
                        "a strip beside the board is off screen: ({x:.0}, {y:.0}, {w:.0}, {h:.0})"
                    ));
                }
            }
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
/// centre, not covered) and its buttons' labels (no word broken, none wider than its button),
/// saves a screenshot of the lowest to `shot`, where given, and cancels it.
async fn dialogue_targets(
    page: &Page,
    game: Game,
    size: (u32, u32),
    shot: Option<PathBuf>,
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
        for t in &targets.buttons {
            if !t.broken.is_empty() {
                f.push(format!(
                    "the button {} of {pit} breaks {:?} over two lines",
                    t.choice, t.broken
                ));
            }
            if t.wider {
                f.push(format!(
                    "the button {} of {pit}: its label is wider than it",
                    t.choice
                ));
            }
        }
        if let Some(path) = shot.as_ref().filter(|_| i == 0) {
            save_screenshot(page, path).await;
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
// the words of a button's label that a line break cuts (a word whose range has two boxes)
const broken = (e) => {
  const out = [];
  for (const node of [...e.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE)) {
    const text = node.textContent;
    for (const m of text.matchAll(/\S+/g)) {
      const r = document.createRange();
      r.setStart(node, m.index);
      r.setEnd(node, m.index + m[0].length);
      const lines = new Set([...r.getClientRects()].map((q) => Math.round(q.top)));
      if (lines.size > 1) out.push(m[0]);
    }
  }
  return out;
};
const target = (e, shape) => {
  const b = shape.getBoundingClientRect();
  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return {
    choice: e.dataset.choice,
    rect: [b.left, b.top, b.width, b.height],
    on_top: !!hit && e.contains(hit),
    broken: e instanceof HTMLElement ? broken(e) : [],
    wider: e instanceof HTMLElement && e.scrollWidth > e.clientWidth + 1,
  };
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
    /// Words of the label broken over two lines.
    broken: Vec<String>,
    /// The label is wider than the button.
    wider: bool,
}

#[derive(Debug, Deserialize)]
struct Targets {
    buttons: Vec<Target>,
    arrows: Vec<Target>,
}
