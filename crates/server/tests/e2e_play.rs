//! End to end in Debian's headless Chromium: the play page of issue 12, over W3C `WebDriver`, with
//! the shared harness of tests/browser (the server in this process, chromedriver on a free port).
//!
//! One test, one chromedriver, three browsers (L, light; D, `--force-dark-mode`; W, a visitor
//! without a seat), four scenarios in turn:
//! 1. A pass-and-play game of Bao la Kiswahili, played from the start (moves typed in the move
//!    box, chosen by the test with the rules crate) to a position with a safari choice. At
//!    animation speed "slow" the player clicks the pit (and the direction): the move is animated
//!    up to the nyumba with no choice shown, then the safari question is asked there (the
//!    decision's pit, the hand, the board arrows and the panel's caret at the nyumba; the board's
//!    counts those of the events both candidates share). Screenshots of that moment, desktop and
//!    phone (390x844), light and dark, go to `target/e2e/decision-{desktop,phone}-{light,dark}.png`.
//!    D cancels (the board comes back); L goes on with safari: the move event's animation
//!    continues from the events already shown. Then the captured pits are marked, the sentence
//!    under the board says what the move took and where it was sown from, the hand's change
//!    shows, and the marks move on with the next move. The move list has a row per move number
//!    and a legend of exactly the marks its moves use.
//! 2. A whole move from the keyboard alone (Bao la Kujifunza): Tab to the board, arrow keys to a
//!    pit, Enter, and an arrow key for the way; then the next move typed in notation and Enter.
//!    The announcement says the move and then whose turn it is.
//! 3. A friend game: D takes the invitation; W opens it again and lands on the game as a
//!    spectator with the notice that it is used; W is told it watches, and the players how many
//!    watch; a click on a pit tells W why it cannot move, next to the pit.
//! 4. Kalah: an extra turn's two moves stand in one turn of the move list's first row.
//! 5. An idle close: the site closes sockets idle for 3 s (the page pings every second). The page
//!    stops pinging, as one whose timers stopped would; the server closes its socket (1000,
//!    `idle`), the page reconnects by itself, pings again, and a move typed then is played.
//!
//! Without chromium and chromedriver the test prints a notice and passes, unless `CI=true`.

#![allow(
    clippy::unwrap_used,
    clippy::print_stdout,
    reason = "a test: failing loudly and printing its artifacts is the point"
)]

use std::collections::{BTreeMap, BTreeSet};
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::time::Instant;

use fantoccini::key::Key;
use futures_util::FutureExt as _;
use mancala::trace::{Event, Trace};
use mancala::{Position, Side, Variant};
use mancala_server::i18n::{Arg, Lang, s};
use serde_json::Value;

mod browser;

use browser::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_play_page_asks_explains_and_listens() {
    let Some(tools) = tools_or_skip() else {
        return;
    };
    let started = Instant::now();
    let artifacts = artifact_dir();
    let scratch = TempDir::new("play");
    let mut limits = mancala_server::Limits::default();
    limits.ws_idle_timeout = std::time::Duration::from_secs(3);
    limits.create_burst = 0;
    let site = Site::start_with(&scratch.path.join("e2e-play.db"), limits).await;
    let driver = Chromedriver::start(&tools, &artifacts.join("chromedriver-play.log"));
    let l = Browser::open(&tools, &driver, "L").await;
    let d = Browser::open_with(&tools, &driver, "D", None, &["--force-dark-mode"]).await;
    let w = Browser::open(&tools, &driver, "W").await;
    println!(
        "e2e-play: server, chromedriver and three browsers up in {:.1?}",
        started.elapsed()
    );
    let outcome = AssertUnwindSafe(scenarios(
        &site.origin,
        &l.page,
        &d.page,
        &w.page,
        &artifacts,
    ))
    .catch_unwind()
    .await;
    l.close().await;
    d.close().await;
    w.close().await;
    let stopped = site.stop().await;
    drop(driver);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
    stopped.unwrap();
    println!(
        "e2e-play: all scenarios passed in {:.1?}",
        started.elapsed()
    );
}

async fn scenarios(origin: &str, l: &Page, d: &Page, w: &Page, artifacts: &Path) {
    let t = Instant::now();
    decision_at_the_nyumba(origin, l, d, artifacts).await;
    println!(
        "e2e-play: 1. the safari question at the nyumba: {:.1?}",
        t.elapsed()
    );

    let t = Instant::now();
    a_move_from_the_keyboard(origin, l).await;
    println!(
        "e2e-play: 2. a move from the keyboard alone: {:.1?}",
        t.elapsed()
    );

    let t = Instant::now();
    used_invitation_and_spectators(origin, l, d, w).await;
    println!(
        "e2e-play: 3. used invitation, spectators: {:.1?}",
        t.elapsed()
    );

    let t = Instant::now();
    kalah_extra_turn_in_one_row(origin, l).await;
    println!("e2e-play: 4. the move list's rows: {:.1?}", t.elapsed());

    let t = Instant::now();
    an_idle_close_reconnects(origin, l).await;
    println!("e2e-play: 5. an idle close: {:.1?}", t.elapsed());
}

// ---------------------------------------------------------------- small things

fn en() -> mancala_server::i18n::Tr {
    Lang::En.tr()
}

/// A move text without its marks (notation.md §4.4).
fn bare(text: &str) -> &str {
    text.trim_end_matches(['*', '#'])
}

fn legal(pos: &Position) -> Vec<String> {
    pos.legal_move_texts().into_iter().map(|(_, t)| t).collect()
}

/// Types `text` in the move box (starting it by typing on the page) and Enter; waits for `ply`.
async fn type_move(page: &Page, text: &str, ply: u32) {
    page.js("document.activeElement?.blur();").await;
    page.type_keys(text).await;
    page.press(Key::Enter).await;
    page.wait_state(&format!("{text} typed and played as ply {ply}"), |s| {
        s.ply >= ply && !s.busy
    })
    .await;
}

/// The page's board and decision, read in one script.
const BOARD_JS: &str = r"
const m = document.querySelector('main#game');
const q = (s) => document.querySelector(s);
const shown = (e) => !!e && e.getClientRects().length > 0;
const panel = q('.choice-panel');
const at = m.dataset.decisionAt || '';
let place = null;
if (at && shown(panel)) {
  const pit = q(`[data-pit='${at}'] .hole`).getBoundingClientRect();
  const box = panel.getBoundingClientRect();
  const caret = parseFloat(panel.style.getPropertyValue('--caret'));
  place = { pit: (pit.left + pit.right) / 2, caret: box.left + caret, panel_top: box.top,
            pit_bottom: pit.bottom, right: box.right, left: box.left, vw: innerWidth };
}
return {
  preview: m.dataset.preview || '',
  at,
  ply: Number(m.dataset.ply || 0),
  busy: m.dataset.busy === 'true',
  choices: [...document.querySelectorAll('.choice-panel [data-choice]')].filter(shown).map((e) => e.dataset.choice),
  token: q('.hand-token')?.dataset.at || '',
  marks: Object.fromEntries([...document.querySelectorAll('.choice-arrow')].map((e) => [e.dataset.choice, e.dataset.from || ''])),
  deciding: [...document.querySelectorAll('.pit.deciding')].map((e) => e.dataset.pit),
  counts: Object.fromEntries([...document.querySelectorAll('[data-pit]')].map((g) => [g.dataset.pit, Number(g.querySelector('.badge text').textContent)])),
  place,
  resumed: m.dataset.resumedAt ?? '',
  dark: matchMedia('(prefers-color-scheme: dark)').matches,
};
";

async fn board(page: &Page) -> Value {
    page.js(BOARD_JS).await
}

/// Every pit's count as the page shows it.
fn counts_of(v: &Value) -> BTreeMap<String, i64> {
    v["counts"]
        .as_object()
        .unwrap()
        .iter()
        .map(|(k, n)| (k.clone(), n.as_i64().unwrap()))
        .collect()
}

/// Every pit's count of `pos`, then as `events` change them (the test's own account of what the
/// animation shows).
fn counts_after(pos: &Position, events: &[Event]) -> BTreeMap<String, i64> {
    let mut c: BTreeMap<String, i64> = Side::ALL
        .into_iter()
        .flat_map(|side| pos.variant().pits(side))
        .map(|p| (p.to_string(), i64::from(pos.seeds(p))))
        .collect();
    for e in events {
        match *e {
            Event::Place { pit } | Event::Sow { pit } => *c.get_mut(&pit.to_string()).unwrap() += 1,
            Event::Lift { pit, seeds } | Event::Tax { pit, seeds } => {
                *c.get_mut(&pit.to_string()).unwrap() -= i64::from(seeds);
            }
            Event::Capture { from, .. } | Event::Remove { from, .. } | Event::Take { from, .. } => {
                c.insert(from.to_string(), 0);
            }
            _ => {}
        }
    }
    c
}

// ---------------------------------------------------------------- scenario 1

/// Moves from the start of Bao la Kiswahili, picked at random (seeded), to a position whose side
/// to move has a choice of safari: the moves, that position, the safari move and its twin that
/// stops in the nyumba.
fn path_to_a_safari() -> (Vec<String>, Position, String, String) {
    for seed in 1u64..1000 {
        let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut pos = Position::new(Variant::BAO_LA_KISWAHILI);
        let mut moves = Vec::new();
        for _ in 0..30 {
            let now = legal(&pos);
            if now.is_empty() {
                break;
            }
            let pair = now.iter().find_map(|m| {
                let b = bare(m);
                let stop = b.strip_suffix('+')?;
                now.iter()
                    .find(|t| bare(t) == stop)
                    .map(|t| (m.clone(), t.clone()))
            });
            if let Some((safari, stop)) = pair {
                return (moves, pos, safari, stop);
            }
            let m = rng.pick(&now).clone();
            pos = *pos.trace_move_text(&m).unwrap().result();
            moves.push(m);
        }
    }
    panic!("no safari choice found in a thousand games");
}

/// How many leading events the traces share.
fn shared(a: &Trace, b: &Trace) -> usize {
    a.events()
        .iter()
        .zip(b.events())
        .take_while(|(x, y)| x == y)
        .count()
}

/// Clicks `pit` and the choices of `move_text` before its last decision; polls the page until
/// the safari question shows. Returns every poll, the last one (the question) last.
async fn ask_up_to_safari(page: &Page, pit: &str, before: &[String]) -> Vec<Value> {
    page.click(&format!("[data-pit=\"{pit}\"]")).await;
    let mut polls = Vec::new();
    let mut taken = 0;
    let start = Instant::now();
    loop {
        let v = board(page).await;
        let choices: Vec<String> = v["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_owned())
            .collect();
        polls.push(v.clone());
        if choices.iter().any(|c| c == "+") {
            return polls;
        }
        if taken < before.len() && choices.contains(&before[taken]) {
            page.click(&format!(
                ".choice-panel [data-choice=\"{}\"]",
                before[taken]
            ))
            .await;
            taken += 1;
            polls.clear();
        }
        assert!(
            start.elapsed() < DEADLINE,
            "{}: no safari question after {pit} {before:?}; last seen {v}",
            page.name
        );
        tokio::time::sleep(POLL).await;
    }
}

async fn decision_at_the_nyumba(origin: &str, l: &Page, d: &Page, artifacts: &Path) {
    let (path, pos, safari, stop) = path_to_a_safari();
    println!("e2e-play: {path:?}, then {safari} or {stop}");
    let game = create_game(origin, l, "bao-la-kiswahili", "local", None, "south").await;
    for (i, m) in path.iter().enumerate() {
        type_move(l, m, u32::try_from(i + 1).unwrap()).await;
    }
    let ply = u32::try_from(path.len()).unwrap();
    let side = pos.turn();
    let nyumba = pos.nyumba_pit(side).unwrap().to_string();
    let t_safari = pos.trace_move_text(&safari).unwrap();
    let t_stop = pos.trace_move_text(&stop).unwrap();
    let n = shared(&t_safari, &t_stop);
    let expected = counts_after(&pos, &t_safari.events()[..n]);
    assert!(
        matches!(t_safari.events()[n - 1], Event::Sow { pit } if pit.to_string() == nyumba),
        "the shared part of {safari} and {stop} ends elsewhere than in the nyumba {nyumba}"
    );
    // The decisions before safari: the way (a kichwa), as the move text writes them.
    let pit = &safari[..2];
    let before: Vec<String> = bare(&safari)[2..]
        .trim_end_matches('+')
        .chars()
        .map(String::from)
        .collect();

    // Slowly, so that the page is seen before the question.
    let url = format!("{origin}/en/g/{}/{}", game.id, game.seat);
    l.goto(&format!("{url}?anim=slow")).await;
    l.wait_state("L's board at the safari position", |s| {
        s.live && s.online && s.ply == ply && !s.busy
    })
    .await;
    let polls = ask_up_to_safari(l, pit, &before).await;
    let asked = polls.last().unwrap();
    // Before the question, the move was shown running, with no choice on the screen.
    let running: Vec<&Value> = polls.iter().filter(|v| v["preview"] == "running").collect();
    assert!(
        !running.is_empty(),
        "the move was not seen animated before the safari question: {polls:?}"
    );
    for v in &polls[..polls.len() - 1] {
        assert_eq!(
            v["choices"],
            Value::Array(vec![]),
            "a choice shows while the move runs: {v}"
        );
    }
    assert!(
        running.iter().any(|v| counts_of(v) != expected),
        "the board never showed the move on its way to the nyumba"
    );
    // The question: at the nyumba, once the animation reached it.
    assert_eq!(asked["preview"], "asking", "{asked}");
    assert_eq!(asked["at"], nyumba.as_str(), "the question's pit: {asked}");
    assert_eq!(
        asked["deciding"],
        Value::from(vec![nyumba.clone()]),
        "{asked}"
    );
    assert_eq!(
        asked["token"],
        nyumba.as_str(),
        "the hand is not over the nyumba: {asked}"
    );
    assert_eq!(
        asked["marks"]["+"],
        nyumba.as_str(),
        "safari's arrow: {asked}"
    );
    assert_eq!(
        asked["marks"]["stop"],
        nyumba.as_str(),
        "stop's mark: {asked}"
    );
    assert_eq!(
        counts_of(asked),
        expected,
        "the board at the question is not the move's {n} shared events"
    );
    let place = &asked["place"];
    let (px, cx) = (
        place["pit"].as_f64().unwrap(),
        place["caret"].as_f64().unwrap(),
    );
    assert!(
        (px - cx).abs() < 3.0,
        "the panel's caret is not at the nyumba: {place}"
    );
    assert!(
        place["panel_top"].as_f64().unwrap() > place["pit_bottom"].as_f64().unwrap(),
        "South's question is not below its pit: {place}"
    );
    save_screenshot(l, &artifacts.join("decision-desktop-light.png")).await;

    // The same on a phone: the question stays at its pit, within the screen.
    l.viewport(390, 844).await;
    let phone = wait_for(l, "the question on a phone", async || {
        let v = board(l).await;
        let p = &v["place"];
        // A phone turns the board a quarter: the question stands beside the ringed pit, its
        // choices shown (the caret is measured on the unturned board only).
        let ok = v["at"] == nyumba.as_str()
            && p["vw"].as_f64().is_some_and(|w| w <= 400.0)
            && v["deciding"] == serde_json::json!([nyumba.as_str()])
            && v["choices"].as_array().is_some_and(|c| c.len() >= 2);
        if ok { Ok(v) } else { Err(v.to_string()) }
    })
    .await;
    let p = &phone["place"];
    assert!(
        p["left"].as_f64().unwrap() >= 0.0
            && p["right"].as_f64().unwrap() <= p["vw"].as_f64().unwrap() + 1.0,
        "the question's panel leaves the phone's screen: {p}"
    );
    assert_eq!(
        counts_of(&phone),
        expected,
        "the phone's board lost the move shown"
    );
    save_screenshot(l, &artifacts.join("decision-phone-light.png")).await;
    l.client.set_window_size(1366, 900).await.expect("resize");

    // Dark: the same question in D, then cancelled.
    d.goto(&format!("{url}?anim=fast")).await;
    d.wait_state("D's board", |s| {
        s.live && s.online && s.ply == ply && !s.busy
    })
    .await;
    let dark = ask_up_to_safari(d, pit, &before).await;
    let dark = dark.last().unwrap();
    assert_eq!(dark["dark"], true, "D's page is not dark");
    assert_eq!(dark["at"], nyumba.as_str(), "{dark}");
    save_screenshot(d, &artifacts.join("decision-desktop-dark.png")).await;
    d.viewport(390, 844).await;
    wait_for(d, "the question on a dark phone", async || {
        let v = board(d).await;
        let p = &v["place"];
        if v["at"] == nyumba.as_str() && p["vw"].as_f64().is_some_and(|w| w <= 400.0) {
            Ok(())
        } else {
            Err(v.to_string())
        }
    })
    .await;
    save_screenshot(d, &artifacts.join("decision-phone-dark.png")).await;
    d.click(".choice-panel [data-choice=\"cancel\"]").await;
    let back = wait_for(d, "the board back after cancel", async || {
        let v = board(d).await;
        if v["preview"] == "" && v["choices"] == Value::Array(vec![]) {
            Ok(v)
        } else {
            Err(v.to_string())
        }
    })
    .await;
    assert_eq!(
        counts_of(&back),
        counts_after(&pos, &[]),
        "a cancelled question leaves the board mid-move"
    );
    d.client.set_window_size(1366, 900).await.expect("resize");

    // L goes on with safari: the move event continues from what was shown.
    l.wait_state("L's question again", |s| s.choices.iter().any(|c| c == "+"))
        .await;
    l.click(".choice-panel [data-choice=\"+\"]").await;
    let done = wait_for(l, "the safari move played", async || {
        let v = board(l).await;
        if v["ply"] == ply + 1 && v["busy"] == false {
            Ok(v)
        } else {
            Err(v.to_string())
        }
    })
    .await;
    assert_eq!(
        done["resumed"],
        n.to_string().as_str(),
        "the move event's animation did not go on from the {n} events shown"
    );
    let after = t_safari.result();
    assert_eq!(
        counts_of(&done),
        counts_after(after, &[]),
        "the board after the move"
    );

    // What the move did: the captured pits marked, the sentence, the hand's change.
    captures_shown(l, &t_safari).await;
    let delta = l
        .js(&format!(
            "return document.querySelector('[data-hand={}] .delta')?.dataset.delta ?? null;",
            if side == Side::South {
                "south"
            } else {
                "north"
            }
        ))
        .await;
    assert_eq!(delta, "-1", "the mover's hand lost a seed to the board");

    // The marks stay until the next move, and then show that move's.
    let next = legal(after)[0].clone();
    let t_next = after.trace_move_text(&next).unwrap();
    type_move(l, &next, ply + 2).await;
    captures_shown(l, &t_next).await;

    // The move list: a row per move number, the current move marked, the marks explained.
    let mut all = path.clone();
    all.push(t_safari.text().to_owned());
    all.push(t_next.text().to_owned());
    move_list_shows(l, &all).await;
}

/// The page marks the pits `trace` captured from and says what it did under the board.
async fn captures_shown(page: &Page, trace: &Trace) {
    let want: BTreeSet<String> = trace.captures().map(|(p, _)| p.to_string()).collect();
    let v = page
        .js(
            "return [[...document.querySelectorAll('[data-pit].captured-from')].map((e) => e.dataset.pit), \
             document.querySelector('#last-effect').textContent];",
        )
        .await;
    let marked: BTreeSet<String> = v[0]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        marked,
        want,
        "the pits marked as captured after {}",
        trace.text()
    );
    assert_eq!(
        v[1].as_str().unwrap(),
        effect_sentence_en(trace),
        "the sentence under the board after {}",
        trace.text()
    );
}

/// What a move did, in the English messages: client.ftl's `effect-*`, from the rules' trace.
fn effect_sentence_en(trace: &Trace) -> String {
    let tr = en();
    let mut items = Vec::new();
    for e in trace.events() {
        match *e {
            Event::Capture {
                from,
                seeds,
                kichwa,
                ..
            } => items.push(tr.args(
                "effect-capture-sown",
                &[
                    ("seeds", Arg::from(seeds)),
                    ("pit", s(from.to_string())),
                    ("kichwa", s(kichwa.to_string())),
                ],
            )),
            Event::Remove { from, seeds } | Event::Take { from, seeds } => items.push(tr.args(
                "move-capture",
                &[("seeds", Arg::from(seeds)), ("pit", s(from.to_string()))],
            )),
            _ => {}
        }
    }
    let mut out = Vec::new();
    if !items.is_empty() {
        out.push(tr.args(
            "effect-captured",
            &[
                ("side", side_key(trace.before().turn())),
                ("captures", s(english_list(&items))),
            ],
        ));
    }
    for e in trace.events() {
        match *e {
            Event::NyumbaDestroyed { side } => {
                out.push(tr.args("effect-nyumba-destroyed", &[("side", side_key(side))]));
            }
            Event::Takasia { pit } => {
                out.push(tr.args("effect-takasia", &[("pit", s(pit.to_string()))]));
            }
            _ => {}
        }
    }
    out.join(" ")
}

/// The marks a Bao move text uses, by the legend's keys.
fn marks_of(text: &str) -> BTreeSet<&'static str> {
    let mut out = BTreeSet::new();
    if text.contains(['<', '>']) {
        out.insert("direction");
    }
    if bare(text).ends_with('+') {
        out.insert("safari");
    }
    if text.contains("**") {
        out.insert("takasia");
    } else if text.contains('*') {
        out.insert("takasa");
    }
    if text.ends_with('#') {
        out.insert("win");
    }
    out
}

const MOVES_JS: &str = r"
const rows = [...document.querySelectorAll('#move-list tbody tr[data-turn]')].map((r) => [...r.children].map((c) => c.textContent));
const current = document.querySelector('#move-list .current');
return {
  rows,
  current: current?.textContent || '',
  current_row: current?.closest('tr')?.classList.contains('current-row') ?? false,
  legend: [...document.querySelectorAll('#move-legend .legend-item')].map((e) => [e.dataset.mark, e.querySelector('dd').textContent]),
};
";

/// The move list shows `moves` (strictly alternating, South first) a row per move number, the
/// last one current, and a legend of exactly the marks they use.
async fn move_list_shows(page: &Page, moves: &[String]) {
    let v = page.js(MOVES_JS).await;
    let want: Vec<Vec<String>> = moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| {
            vec![
                format!("{}.", i + 1),
                pair[0].clone(),
                pair.get(1).cloned().unwrap_or_default(),
            ]
        })
        .collect();
    assert_eq!(
        v["rows"],
        serde_json::to_value(&want).unwrap(),
        "the move list's rows"
    );
    assert_eq!(
        v["current"],
        moves.last().unwrap().as_str(),
        "the current move"
    );
    assert_eq!(
        v["current_row"], true,
        "the current move's row is not marked"
    );
    let marks: BTreeSet<&str> = moves.iter().flat_map(|m| marks_of(m)).collect();
    let shown: BTreeMap<String, String> = v["legend"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e[0].as_str().unwrap().to_owned(),
                e[1].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert_eq!(
        shown.keys().map(String::as_str).collect::<BTreeSet<_>>(),
        marks,
        "the legend explains other marks than the moves use"
    );
    for (mark, text) in &shown {
        assert_eq!(
            *text,
            en().t(&format!("legend-{mark}")),
            "the legend of {mark}"
        );
    }
}

// ---------------------------------------------------------------- scenario 2

/// The English announcement of the move of `trace` and of whose turn follows (pass-and-play):
/// client.ftl's `move-*` sentence from the rules' trace, then `announce-turn`.
fn announced_en(trace: &Trace) -> String {
    let tr = en();
    let again = trace.events().contains(&Event::ExtraTurn);
    let played = move_sentence_en(trace);
    let next = trace.result().turn();
    let turn = tr.args(
        if again {
            "turn-side-again"
        } else {
            "turn-side"
        },
        &[("side", side_key(next))],
    );
    format!(
        "{played} {}",
        tr.args("announce-turn", &[("turn", s(turn))])
    )
}

async fn a_move_from_the_keyboard(origin: &str, l: &Page) {
    create_game(origin, l, "bao-la-kujifunza", "local", None, "south").await;
    let pos = Position::new("bao-la-kujifunza".parse::<Variant>().unwrap());
    let now = legal(&pos);
    // A pit with a move each way.
    let target = now
        .iter()
        .map(|m| m[..2].to_owned())
        .find(|p| {
            ["<", ">"]
                .iter()
                .all(|d| now.iter().any(|m| m.starts_with(&format!("{p}{d}"))))
        })
        .expect("a pit with a move each way");
    // Tab into the board.
    let mut on_pit = false;
    for _ in 0..80 {
        l.press(Key::Tab).await;
        let focused = l
            .js("return document.activeElement?.dataset?.pit || '';")
            .await;
        if !focused.as_str().unwrap_or("").is_empty() {
            on_pit = true;
            break;
        }
    }
    assert!(on_pit, "Tab never reached a pit");
    // Arrow keys to the target pit.
    for _ in 0..40 {
        let v = l
            .js(&format!(
                "const a = document.activeElement.getBoundingClientRect(); \
                 const b = document.querySelector('[data-pit=\"{target}\"]').getBoundingClientRect(); \
                 return [document.activeElement.dataset.pit, b.left - a.left, b.top - a.top];"
            ))
            .await;
        if v[0] == target.as_str() {
            break;
        }
        let (dx, dy) = (v[1].as_f64().unwrap(), v[2].as_f64().unwrap());
        let key = if dy.abs() > 20.0 {
            if dy > 0.0 { Key::Down } else { Key::Up }
        } else if dx > 0.0 {
            Key::Right
        } else {
            Key::Left
        };
        l.press(key).await;
    }
    let focused = l.js("return document.activeElement?.dataset?.pit;").await;
    assert_eq!(
        focused,
        target.as_str(),
        "the arrow keys did not reach {target}"
    );
    l.press(Key::Enter).await;
    let s = l
        .wait_state(&format!("the way to choose for {target}"), |s| {
            s.choices.len() >= 3
        })
        .await;
    // The choice whose arrow points right on the screen.
    let right = l
        .js(
            "const c = (p) => { const r = document.querySelector(`[data-pit='${p}'] .hole`).getBoundingClientRect(); return r.left + r.width / 2; }; \
             return [...document.querySelectorAll('.choice-arrow')].find((a) => c(a.dataset.to) > c(a.dataset.from))?.dataset.choice ?? null;",
        )
        .await;
    let right = right
        .as_str()
        .unwrap_or_else(|| panic!("no arrow points right: {s}"))
        .to_owned();
    l.press(Key::Right).await;
    let played = now
        .iter()
        .find(|m| bare(m) == format!("{target}{right}"))
        .unwrap()
        .clone();
    let s = l
        .wait_state(&format!("{played} from the keyboard"), |s| {
            s.ply == 1 && !s.busy
        })
        .await;
    assert_eq!(s.last, played, "the move the keyboard made");
    let trace = pos.trace_move_text(&played).unwrap();
    let sentence = announced_en(&trace);
    l.wait_state("the move and the turn announced", |s| {
        s.announced == sentence
    })
    .await;

    // North types its move in notation and Enter; the focus is still on the board.
    let pos = *trace.result();
    let reply = legal(&pos)[0].clone();
    l.type_keys(&reply).await;
    l.press(Key::Enter).await;
    let s = l
        .wait_state(&format!("{reply} typed"), |s| s.ply == 2 && !s.busy)
        .await;
    assert_eq!(s.last, reply, "the typed move");
}

// ---------------------------------------------------------------- scenario 3

async fn used_invitation_and_spectators(origin: &str, l: &Page, d: &Page, w: &Page) {
    let game = create_game(origin, l, "bao-la-kiswahili", "friend", None, "south").await;
    let invite = l
        .find("#invite-url")
        .await
        .prop("value")
        .await
        .unwrap()
        .unwrap();
    let invite = if invite.starts_with('/') {
        format!("{origin}{invite}")
    } else {
        invite
    };
    d.goto(&invite).await;
    wait_for(d, "D in the game's seat", async || {
        let url = d.url().await;
        if url.contains(&format!("/g/{}/", game.id)) {
            Ok(())
        } else {
            Err(url)
        }
    })
    .await;
    w.goto(&invite).await;
    wait_for(w, "W sent to the game as a spectator", async || {
        let url = w.url().await;
        if url.contains("invite=used") {
            Ok(())
        } else {
            Err(url)
        }
    })
    .await;
    w.wait_state("W's live board", |s| s.live && s.online).await;
    let tr = en();
    let watch = "return [document.querySelector('#notice p')?.textContent ?? null, \
                 document.querySelector('#watching').hidden ? '' : document.querySelector('#watching').textContent, \
                 document.querySelector('#watching').dataset.count];";
    let v = wait_for(w, "W's count of spectators", async || {
        let v = w.js(watch).await;
        if v[2] == "1" {
            Ok(v)
        } else {
            Err(v.to_string())
        }
    })
    .await;
    assert_eq!(
        v[0],
        tr.t("game-invite-used").as_str(),
        "the used invitation's notice"
    );
    assert_eq!(
        v[1],
        tr.args("watching-you", &[("count", Arg::from(1u32))])
            .as_str(),
        "what W is told"
    );
    let v = wait_for(l, "the creator's count of spectators", async || {
        let v = l.js(watch).await;
        if v[2] == "1" {
            Ok(v)
        } else {
            Err(v.to_string())
        }
    })
    .await;
    assert_eq!(v[0], Value::Null, "the creator sees no notice");
    assert_eq!(
        v[1],
        tr.args("watching-count", &[("count", Arg::from(1u32))])
            .as_str(),
        "what the players are told"
    );
    // W clicks a pit: why it cannot move, next to the pit.
    w.click("[data-pit=\"A6\"]").await;
    let note = w
        .js("const n = document.querySelector('#pit-note'); return [n.hidden, n.dataset.pit, n.textContent];")
        .await;
    assert_eq!(note[0], false, "no note next to the pit: {note}");
    assert_eq!(note[1], "A6", "{note}");
    assert_eq!(note[2], tr.t("note-spectator").as_str(), "{note}");
    // W leaves: the players see nobody watching.
    w.goto("about:blank").await;
    wait_for(l, "the count back to 0", async || {
        let v = l.js(watch).await;
        if v[2] == "0" && v[1] == "" {
            Ok(())
        } else {
            Err(v.to_string())
        }
    })
    .await;
    d.goto("about:blank").await;
}

// ---------------------------------------------------------------- scenario 4

async fn kalah_extra_turn_in_one_row(origin: &str, l: &Page) {
    create_game(origin, l, "kalah", "local", None, "south").await;
    let mut pos = Position::new("kalah".parse::<Variant>().unwrap());
    // A3 sows its last seed into South's store: South moves again.
    let first = pos.trace_move_text("A3").unwrap();
    assert!(
        first.events().contains(&Event::ExtraTurn),
        "A3 gives no extra turn"
    );
    let mut moves = vec!["A3".to_owned()];
    pos = *first.result();
    let again = legal(&pos)
        .into_iter()
        .find(|m| {
            !pos.trace_move_text(m)
                .unwrap()
                .events()
                .contains(&Event::ExtraTurn)
        })
        .unwrap();
    pos = *pos.trace_move_text(&again).unwrap().result();
    moves.push(again);
    let reply = legal(&pos)[0].clone();
    moves.push(reply);
    for (i, m) in moves.iter().enumerate() {
        type_move(l, m, u32::try_from(i + 1).unwrap()).await;
    }
    let v = l.js(MOVES_JS).await;
    let want = vec![vec![
        "1.".to_owned(),
        format!("{} {}", moves[0], moves[1]),
        moves[2].clone(),
    ]];
    assert_eq!(
        v["rows"],
        serde_json::to_value(&want).unwrap(),
        "Kalah's move list: {v}"
    );
    assert_eq!(v["current"], moves[2].as_str());
    assert_eq!(v["current_row"], true);
    assert_eq!(
        v["legend"],
        Value::Array(vec![]),
        "marks explained that no move uses"
    );
}

// ---------------------------------------------------------------- scenario 5

const CONN_JS: &str = "const c = document.querySelector('main#game').mancala.connection;";

async fn an_idle_close_reconnects(origin: &str, l: &Page) {
    let game = create_game(origin, l, "kalah", "local", None, "south").await;
    l.wait_state("L's live board", |s| s.live && s.online).await;
    // The page stops pinging: the server closes its socket as idle.
    l.js(&format!(
        "{CONN_JS} window.__idle = {{ first: c.ws, closed: null }};
         c.ws.addEventListener('close', (e) => {{ window.__idle.closed = [e.code, e.reason]; }});
         c.keepalive = () => {{}};"
    ))
    .await;
    let closed = wait_for(l, "the idle socket closed and another one open", async || {
        let v = l
            .js(&format!(
                "{CONN_JS} return {{ closed: window.__idle.closed,
                   again: !!c.ws && c.ws !== window.__idle.first && c.ws.readyState === 1 && c.online }};"
            ))
            .await;
        if v["again"] == true && !v["closed"].is_null() {
            Ok(v["closed"].clone())
        } else {
            Err(v.to_string())
        }
    })
    .await;
    assert_eq!(closed, serde_json::json!([1000, "idle"]), "the close");
    // Pinging again (the page's own keep-alive), the game goes on from the page.
    l.js(&format!("{CONN_JS} delete c.keepalive;")).await;
    l.wait_state("L online again", |s| s.live && s.online).await;
    let first = legal(&Position::new("kalah".parse::<Variant>().unwrap()))[0].clone();
    type_move(l, &first, 1).await;
    let g = api_game(origin, &game.id).await;
    assert_eq!(
        g["ply"], 1,
        "the move after the reconnection is stored: {g}"
    );
}
