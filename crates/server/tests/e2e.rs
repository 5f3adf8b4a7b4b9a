//! End to end in Debian's headless Chromium (chromium + chromium-driver), over W3C `WebDriver`:
//! the server runs in this process on 127.0.0.1:0 with a fresh `SQLite` file, chromedriver runs on
//! a free port, and two independent browser sessions click through the site as people would.
//!
//! One test, one chromedriver, two browsers, four scenarios in turn:
//! 1. browser A creates a friend game of Bao la Kujifunza from the home page form, browser B
//!    opens the invitation link, and they play it to the end by clicking pits and the choices of
//!    the move dialogue; both pages and `GET /api/games/{id}` agree on the ending. Every move is
//!    announced (aria-live) with the English sentence the messages make of its captures, and the
//!    outcome is said as the English messages say it. A screenshot of A's board (1366x900)
//!    around ply 10 goes to `target/e2e/board-midgame.png`.
//! 2. A plays the computer (level 2, Bao la Kiswahili): after A's move the computer replies.
//! 3. A reloads that game, by its private link and by the plain game link (the seat cookie):
//!    the seat comes back at the same ply, and a move from the plain link is played. Then a
//!    phone-sized view (390x844) of the game goes to `target/e2e/board-phone.png`.
//! 4. Both games' pages in each language of [`LANGS_CHECKED`] (`/{lang}/g/{id}`): no message id
//!    shows as text, and, but for English, no English sentence of client.ftl. Screenshots go to
//!    `target/e2e/lang-{lang}-1.png` (the ended friend game) and `-2.png` (the computer game).
//!
//! Without chromium and chromedriver the test prints a notice and passes, unless `CI=true`, where
//! it fails: CI installs them (.ci/run).

#![allow(
    clippy::unwrap_used,
    clippy::print_stdout,
    reason = "a test: failing loudly and printing its artifacts is the point"
)]

use std::fmt::Write as _;
use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::time::Instant;

use futures_util::FutureExt as _;
use mancala::{Position, Variant};
use mancala_server::i18n::{Arg, Lang, client_json, s};
use serde_json::Value;

mod browser;

use browser::*;

/// How long any awaited condition may take before the test fails.
/// How often a condition is looked at again.
/// A game that has not ended after this many plies fails the test.
const MAX_PLIES: u32 = 400;
/// The seed of the move picker (`MANCALA_E2E_SEED` overrides it, to try other games).
const SEED: u64 = 0x5eed_ba01_ac0d_e5ee;
/// The languages whose game pages scenario 4 reads: all of the site's.
const LANGS_CHECKED: &[&str] = &["en", "sw", "ru", "cs", "uk", "pl", "ka"];

// ---------------------------------------------------------------- the test

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn browsers_play_the_site() {
    let Some(tools) = tools_or_skip() else {
        return;
    };
    let started = Instant::now();
    let artifacts = artifact_dir();
    let scratch = TempDir::new("run");
    let site = Site::start(&scratch.path.join("e2e.db")).await;
    let driver = Chromedriver::start(&tools, &artifacts.join("chromedriver.log"));
    let a = Browser::open(&tools, &driver, "A").await;
    let b = Browser::open(&tools, &driver, "B").await;
    println!(
        "e2e: server, chromedriver and two browsers up in {:.1?}",
        started.elapsed()
    );

    // A failure in the scenarios still closes the browsers and stops the server.
    let outcome = AssertUnwindSafe(scenarios(&site.origin, &a.page, &b.page, &artifacts))
        .catch_unwind()
        .await;
    a.close().await;
    b.close().await;
    let stopped = site.stop().await;
    drop(driver);
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
    stopped.unwrap();
    println!("e2e: all scenarios passed in {:.1?}", started.elapsed());
}

async fn scenarios(origin: &str, a: &Page, b: &Page, artifacts: &Path) {
    let t = Instant::now();
    let (friends, plies) = friend_game_to_the_end(origin, a, b, artifacts).await;
    println!(
        "e2e: 1. friend game by link: {plies} plies in {:.1?}",
        t.elapsed()
    );

    let t = Instant::now();
    let game = computer_replies(origin, a).await;
    println!("e2e: 2. the computer replies: {:.1?}", t.elapsed());

    let t = Instant::now();
    reload_restores_the_seat(origin, a, &game, artifacts).await;
    println!(
        "e2e: 3. reloads restore the seat, phone view: {:.1?}",
        t.elapsed()
    );

    let t = Instant::now();
    for lang in LANGS_CHECKED {
        for (i, g) in [&friends, &game].into_iter().enumerate() {
            let shot = artifacts.join(format!("lang-{lang}-{}.png", i + 1));
            page_speaks(origin, a, &g.id, lang, &shot).await;
        }
    }
    println!(
        "e2e: 4. the game pages speak {}: {:.1?}",
        LANGS_CHECKED.join(", "),
        t.elapsed()
    );
}

// ---------------------------------------------------------------- scenario 1

/// A creates a friend game, B joins by the invitation, and they click it to the end.
/// Returns the game and its number of plies.
async fn friend_game_to_the_end(origin: &str, a: &Page, b: &Page, artifacts: &Path) -> (Game, u32) {
    let game = create_game(origin, a, "bao-la-kujifunza", "friend", None, "south").await;
    // The game replayed here by the rules, to know what each move captured.
    let mut pos = Position::new("bao-la-kujifunza".parse::<Variant>().unwrap());
    let mut sentence = String::new();
    let invite = wait_for(a, "the invitation link (#invite-url)", async || {
        let v = a
            .client
            .execute(
                "const e = document.querySelector('#invite-url'); return e ? e.value : null;",
                vec![],
            )
            .await
            .map_err(|e| e.to_string())?;
        match v.as_str() {
            Some(s) if !s.is_empty() => Ok(s.to_owned()),
            _ => Err(format!("#invite-url value is {v}")),
        }
    })
    .await;
    let invite = if invite.starts_with('/') {
        format!("{origin}{invite}")
    } else {
        invite
    };
    assert!(
        invite.starts_with(origin) && invite.contains(&game.id),
        "the invitation link {invite:?} is not a link of game {} on {origin}",
        game.id
    );

    b.goto(&invite).await;
    let b_url = wait_for(b, "the invitation to lead to a player's page", async || {
        let url = b.url().await;
        if url.contains(&format!("/g/{}/", game.id)) {
            Ok(url)
        } else {
            Err(format!("at {url}"))
        }
    })
    .await;
    b.goto(&format!("{b_url}?anim=off")).await;
    let sb = b.wait_state("B's live board", |s| s.live && s.online).await;
    assert_eq!(sb.id, game.id, "B is on another game");
    assert_eq!(sb.ply, 0, "B joined a game that has moves");
    assert!(!sb.seat.is_empty(), "B's page holds no seat");
    assert_ne!(sb.seat, game.seat, "B got A's seat");
    // The invitation is consumed: A's page drops it.
    a.wait_state("A's invitation to disappear once B joined", |s| {
        !s.invite_shown
    })
    .await;

    let seed = std::env::var("MANCALA_E2E_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(SEED);
    let mut rng = Rng(seed);
    let mut ply = 0;
    let mut shot = false;
    loop {
        let (sa, sb) = (a.state().await, b.state().await);
        assert_eq!(sa.ply, ply, "A's ply");
        assert_eq!(sb.ply, ply, "B's ply");
        if !sa.outcome.is_empty() || !sb.outcome.is_empty() {
            break;
        }
        assert!(ply < MAX_PLIES, "the game has not ended after {ply} plies");
        // South (A) moves first; then whoever has the move. Exactly one board is playable.
        let (mover, waiter) = match (sa.playable.is_empty(), sb.playable.is_empty()) {
            (false, true) => (a, b),
            (true, false) => (b, a),
            (false, false) => panic!("both boards offer moves:\n  A: {sa}\n  B: {sb}"),
            (true, true) => {
                // Not settled yet: look again.
                let a_waits = wait_for(a, "exactly one board to offer moves", async || {
                    let (x, y) = (a.state().await, b.state().await);
                    assert!(
                        x.playable.is_empty() || y.playable.is_empty(),
                        "both boards offer moves:\n  A: {x}\n  B: {y}"
                    );
                    if x.playable.is_empty() != y.playable.is_empty() {
                        Ok(x.playable.is_empty())
                    } else {
                        Err(format!("A: {x}\nB: {y}"))
                    }
                })
                .await;
                if a_waits { (b, a) } else { (a, b) }
            }
        };
        let ms = mover.state().await;
        let ws = waiter.state().await;
        assert_eq!(ms.turn_state, "you", "{}'s #turn: {ms}", mover.name);
        assert_eq!(ws.turn_state, "wait", "{}'s #turn: {ws}", waiter.name);
        assert!(
            ws.playable.is_empty(),
            "{} can move out of turn: {ws}",
            waiter.name
        );

        let played = play_random_move(mover, &mut rng).await;
        ply += 1;
        for p in [a, b] {
            p.wait_state(
                &format!("ply {ply} ({} played {played}) on {}", mover.name, p.name),
                |s| s.ply >= ply && !s.busy,
            )
            .await;
        }
        // Both pages announce the move in English, as the messages say its captures.
        let shown = b.state().await.last;
        let trace = pos.trace_move_text(&shown).unwrap_or_else(|e| {
            panic!("ply {ply}: the page shows {shown:?} as the last move: {e}")
        });
        assert_eq!(
            trace.text(),
            shown,
            "ply {ply}: the move as the page shows it"
        );
        sentence = move_sentence_en(&trace);
        pos = *trace.result();
        for p in [a, b] {
            p.wait_state(&format!("{}'s announcement of ply {ply}", p.name), |s| {
                s.announced.starts_with(&sentence)
            })
            .await;
        }
        if ply == 10 && !shot {
            shot = true;
            save_screenshot(a, &artifacts.join("board-midgame.png")).await;
        }
    }

    if !shot {
        save_screenshot(a, &artifacts.join("board-midgame.png")).await;
    }

    // Both pages show the end, at the same ply, and the server agrees.
    let sa = a
        .wait_state("A to show the outcome", |s| !s.outcome.is_empty())
        .await;
    let sb = b
        .wait_state("B to show the outcome", |s| !s.outcome.is_empty())
        .await;
    assert_eq!(sa.ply, sb.ply, "the browsers end at different plies");
    assert!(
        sa.playable.is_empty() && sb.playable.is_empty(),
        "moves are offered after the end"
    );
    let api = api_game(origin, &game.id).await;
    assert_eq!(
        api["ply"].as_u64(),
        Some(u64::from(sa.ply)),
        "the server's ply: {api}"
    );
    assert_eq!(
        api["moves"].as_array().map(Vec::len),
        Some(sa.ply as usize),
        "the server's move list"
    );
    let outcome = &api["outcome"];
    assert!(outcome.is_object(), "the server has no outcome: {api}");
    assert!(
        outcome.get("text").is_none(),
        "protocol 2 sends no sentence"
    );
    // The outcome in English, as the messages say it from the data the server sends.
    let text = outcome_sentence_en(outcome);
    assert!(
        !text.is_empty() && !text.contains("outcome-"),
        "no English outcome for {outcome}: {text:?}"
    );
    // The same ending seen from both seats.
    let (lead_a, lead_b) = match outcome["winner"].as_str() {
        Some("south") => ("You win!", "You lose."),
        Some("north") => ("You lose.", "You win!"),
        _ => ("Draw.", "Draw."),
    };
    for (s, lead, who) in [(&sa, lead_a, "A (South)"), (&sb, lead_b, "B (North)")] {
        assert_eq!(
            s.outcome,
            format!("{lead} {text}"),
            "{who}'s outcome; {outcome}"
        );
        // The last move's announcement says the end too.
        assert_eq!(
            s.announced,
            format!("{sentence} Game over. {lead} {text}"),
            "{who}'s last announcement"
        );
        assert!(
            s.turn.starts_with("Game over: "),
            "{who}'s turn line: {:?}",
            s.turn
        );
    }
    println!(
        "e2e: the friend game (seed {seed}) ended at ply {}: {text}; announced: {:?}",
        sa.ply, sb.announced
    );
    (game, sa.ply)
}

/// The English sentence for an `outcome` object (docs/protocol.md §4.1): common.ftl's
/// `outcome-*` messages, chosen and filled as the client does.
fn outcome_sentence_en(o: &Value) -> String {
    let str_of = |v: &Value| v.as_str().unwrap_or_default().to_owned();
    let mut args: Vec<(&str, Arg)> = vec![("result", s(str_of(&o["result"])))];
    let winner = o["winner"].as_str();
    if let Some(w) = winner {
        args.push(("winner", s(w.to_owned())));
        let loser = if w == "south" { "north" } else { "south" };
        args.push(("loser", s(loser)));
    }
    let id = match (o["reason"].as_str().unwrap_or_default(), winner) {
        ("front_row_empty", _) => "outcome-front-row-empty",
        ("no_legal_move", _) => "outcome-no-legal-move",
        ("repetition", None) => "outcome-repetition-draw",
        ("repetition", Some(_)) => "outcome-repetition-win",
        ("resignation", _) => "outcome-resignation",
        ("seeds_counted", w) => {
            for side in ["south", "north"] {
                args.push((side, Arg::from(o["seeds"][side].as_u64().unwrap_or(0))));
            }
            if w.is_some() {
                "outcome-seeds-counted-win"
            } else {
                "outcome-seeds-counted-draw"
            }
        }
        _ => "outcome-other",
    };
    Lang::En.tr().args(id, &args)
}

/// Clicks a playable pit, then choices of the move dialogue until the move is sent; all picks
/// by `rng`. Returns what was clicked, e.g. "A3 > c".
async fn play_random_move(page: &Page, rng: &mut Rng) -> String {
    let before = page.state().await;
    let pit = rng.pick(&before.playable).clone();
    page.click(&format!("[data-pit=\"{pit}\"]")).await;
    let mut played = pit;
    for _ in 0..16 {
        let s = page
            .wait_state(
                &format!("{} to answer the click on {played}", page.name),
                |s| !s.choices.is_empty() || s.busy || s.ply > before.ply,
            )
            .await;
        let options: Vec<&String> = s.choices.iter().filter(|c| *c != "cancel").collect();
        if options.is_empty() {
            return played;
        }
        let c = (*rng.pick(&options)).clone();
        page.click(&format!(".choice-panel [data-choice=\"{c}\"]"))
            .await;
        write!(played, " {c}").unwrap();
    }
    panic!(
        "{}: the move dialogue did not end after {played}",
        page.name
    );
}

// ---------------------------------------------------------------- scenario 2

/// A plays the computer at level 2; the computer answers A's first move.
async fn computer_replies(origin: &str, a: &Page) -> Game {
    let game = create_game(origin, a, "bao-la-kiswahili", "computer", Some(2), "south").await;
    let s = a
        .wait_state("A's first move to be offered", |s| !s.playable.is_empty())
        .await;
    assert_eq!(s.ply, 0);
    assert_eq!(s.turn_state, "you", "South moves first: {s}");
    let mut rng = Rng(SEED ^ 2);
    let played = play_random_move(a, &mut rng).await;
    let s = a
        .wait_state(&format!("the computer to reply to {played}"), |s| {
            s.ply >= 2 && !s.playable.is_empty() && !s.busy
        })
        .await;
    assert_eq!(s.ply, 2, "more than one reply: {s}");
    assert_eq!(s.turn_state, "you", "{s}");
    let api = api_game(origin, &game.id).await;
    assert_eq!(api["ply"].as_u64(), Some(2), "{api}");
    assert_eq!(api["seats"]["north"]["kind"], "computer", "{api}");
    assert_eq!(api["seats"]["north"]["level"], 2, "{api}");
    assert_eq!(api["moves"][1]["side"], "north", "{api}");
    game
}

// ---------------------------------------------------------------- scenario 3

/// Reloads of a running game against the computer give A its seat back.
async fn reload_restores_the_seat(origin: &str, a: &Page, game: &Game, artifacts: &Path) {
    // One more move, so that the reload is truly mid-game.
    let mut rng = Rng(SEED ^ 3);
    let played = play_random_move(a, &mut rng).await;
    let before = a
        .wait_state(&format!("the computer to reply to {played}"), |s| {
            s.ply >= 4 && !s.playable.is_empty() && !s.busy
        })
        .await;
    assert_eq!(before.ply, 4, "{before}");

    // The private link, reloaded.
    a.client.refresh().await.expect("reload");
    let s = a
        .wait_state("the seat after a reload of the private link", seated)
        .await;
    assert_eq!(s.ply, before.ply, "the ply changed over a reload");
    assert_eq!(
        s.playable, before.playable,
        "other pits are playable after the reload"
    );

    // The plain game link: the seat cookie makes it A's seat.
    let plain = format!("{origin}/en/g/{}?anim=off", game.id);
    a.goto(&plain).await;
    let s = a
        .wait_state("the seat on the plain game link (cookie)", seated)
        .await;
    assert_eq!(s.ply, before.ply, "the plain link shows another ply");
    assert_eq!(s.seat, game.seat, "the plain link holds another seat");
    let played = play_random_move(a, &mut rng).await;
    let s = a
        .wait_state(
            &format!("{played} from the plain link, and the reply"),
            |s| s.ply >= before.ply + 2 && !s.playable.is_empty() && !s.busy,
        )
        .await;
    assert_eq!(s.ply, before.ply + 2, "{s}");
    let api = api_game(origin, &game.id).await;
    assert_eq!(api["ply"].as_u64(), Some(u64::from(s.ply)), "{api}");

    // A phone in portrait: a 390x844 viewport (the window is larger by what the browser
    // reserves around the page, measured first).
    let frame = a
        .client
        .execute(
            "return [outerWidth - innerWidth, outerHeight - innerHeight];",
            vec![],
        )
        .await
        .expect("the window frame");
    let frame = |i: usize| u32::try_from(frame[i].as_u64().unwrap_or(0)).unwrap_or(0);
    a.client
        .set_window_size(390 + frame(0), 844 + frame(1))
        .await
        .expect("resize");
    a.client.refresh().await.expect("reload");
    let s = a
        .wait_state("the seat on a phone-sized window", seated)
        .await;
    let view = a
        .client
        .execute(
            "return [innerWidth, innerHeight, document.documentElement.scrollWidth, \
             document.querySelector('main').classList.contains('portrait-board')];",
            vec![],
        )
        .await
        .expect("viewport");
    save_screenshot(a, &artifacts.join("board-phone.png")).await;
    let (w, scroll) = (view[0].as_u64().unwrap_or(0), view[2].as_u64().unwrap_or(0));
    assert!(
        w <= 400,
        "the window did not shrink to a phone's width: viewport {view}"
    );
    assert!(
        scroll <= w,
        "the game page is wider than a phone (scrolls sideways): viewport {view}, ply {}",
        s.ply
    );
    // On a phone in portrait the 4x8 board is turned a quarter, the player's rows at the right
    // (web/live.js layout(); tests/e2e_phone.rs measures every game on phones).
    assert_eq!(
        view[3].as_bool(),
        Some(true),
        "the 4x8 board was not turned a quarter on a phone"
    );
    a.client.set_window_size(1366, 900).await.expect("resize");
}

// ---------------------------------------------------------------- scenario 4

/// Every text a person sees on the page (with the game's links opened) and, apart, the names and
/// titles of its elements (aria-label, title). The language switcher stays closed: it names
/// each language in that language, from that language's files.
const TEXTS_JS: &str = r"
document.querySelectorAll('main details').forEach((d) => { d.open = true; });
const attrs = [...document.querySelectorAll('[aria-label], [title]')]
  .flatMap((e) => [e.getAttribute('aria-label'), e.getAttribute('title')])
  .filter(Boolean);
return [document.body.innerText, attrs.join('\n')];
";

/// The game `id`'s page in `lang` (as `page`'s seat or as a spectator, whichever its cookies
/// make it) says everything in words: no message id shows, in the text or in the names of its
/// elements, and a page in another language than English shows none of English's client.ftl
/// sentences (those of more than 12 characters). Leaves a screenshot at `shot`.
async fn page_speaks(origin: &str, page: &Page, id: &str, lang: &str, shot: &Path) {
    page.goto(&format!("{origin}/{lang}/g/{id}?anim=off")).await;
    page.wait_state(&format!("the game page in {lang}"), |s| {
        s.live && s.online && !s.busy && !s.turn_state.is_empty()
    })
    .await;
    let v = page
        .client
        .execute(TEXTS_JS, vec![])
        .await
        .expect("the texts");
    let (text, attrs) = (
        v[0].as_str().unwrap_or_default(),
        v[1].as_str().unwrap_or_default(),
    );
    assert!(
        text.len() > 100,
        "{lang}: the page shows almost nothing: {text:?}"
    );
    let ids = english_ids();
    assert!(ids.len() > 100, "only {} English ids", ids.len());
    let raw: Vec<&String> = ids
        .iter()
        .filter(|i| text.contains(i.as_str()) || attrs.contains(i.as_str()))
        .collect();
    assert!(
        raw.is_empty(),
        "/{lang}/g/{id} shows message ids {raw:?}:\n{text}\n---\n{attrs}"
    );
    if lang != "en" {
        let english: Vec<String> = english_client_sentences()
            .into_iter()
            .filter(|e| text.contains(e.as_str()))
            .collect();
        assert!(
            english.is_empty(),
            "/{lang}/g/{id} shows English: {english:?}:\n{text}"
        );
    }
    save_screenshot(page, shot).await;
}

/// Every message id of the English files (`side-south`, `game-hus`, ...): the ids with a hyphen,
/// which no text of the page has for another reason.
fn english_ids() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales/en");
    let mut ids = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("locales/en") {
        let path = entry.expect("a file").path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("an .ftl file");
        for line in text.lines() {
            if let Some((id, _)) = line.split_once(" =")
                && line.starts_with(|c: char| c.is_ascii_lowercase())
                && id.contains('-')
            {
                ids.push(id.trim().to_owned());
            }
        }
    }
    ids
}

/// The text runs, longer than 12 characters, of English client.ftl's messages as the client gets
/// them (the runs between variables, in every selection's variants).
fn english_client_sentences() -> Vec<String> {
    fn runs(pattern: &Value, out: &mut Vec<String>) {
        for part in pattern.as_array().into_iter().flatten() {
            match part {
                Value::String(t) if t.trim().chars().count() > 12 => {
                    out.push(t.trim().to_owned());
                }
                Value::Object(o) => {
                    for v in o.get("k").and_then(Value::as_object).into_iter().flatten() {
                        runs(v.1, out);
                    }
                }
                _ => {}
            }
        }
    }
    let own: Vec<String> = english_ids_of("client.ftl");
    let all: Value = serde_json::from_str(client_json(Lang::En)).expect("the client's JSON");
    let mut out = Vec::new();
    for id in own {
        runs(&all["messages"][&id], &mut out);
    }
    out
}

/// The message ids of one English file.
fn english_ids_of(file: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("locales/en")
        .join(file);
    std::fs::read_to_string(path)
        .expect("an English file")
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter_map(|l| l.split_once(" =").map(|(id, _)| id.trim().to_owned()))
        .collect()
}

/// The player's seat is live: connected, the turn, pits to click.
fn seated(s: &State) -> bool {
    s.live && s.online && !s.busy && s.turn_state == "you" && !s.playable.is_empty()
}
