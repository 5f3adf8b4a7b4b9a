//! The `mancala` binary, run as a user would: output lines, JSON shape, exit statuses.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use mancala::record::GameRecord;
use mancala::{Position, Variant};
use serde_json::Value;

const START: &str = "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 11 -";

fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    let text = stdin.as_ref().to_vec();
    // The program may stop reading early (game over): ignore a closed pipe.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&text);
    });
    let out = child.wait_with_output().expect("the binary ends");
    writer.join().expect("the writer thread ends");
    out
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

fn assert_ok(o: &Output) {
    assert!(
        o.status.success(),
        "status {:?}\nstderr: {}",
        o.status,
        stderr(o)
    );
}

/// Exit status 2 and exactly one `error:` line on stderr, no panic.
fn assert_input_error(o: &Output) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: "), "{err}");
    err
}

fn last_line(s: &str) -> &str {
    s.lines().last().unwrap_or("")
}

#[test]
fn perft_last_line_is_the_count() {
    for (variant, depth, count) in [
        ("bao-la-kiswahili", "4", "124"),
        ("bao-la-kujifunza", "3", "500"),
        ("kalah", "2", "35"),
    ] {
        let o = run(&["perft", variant, depth], "");
        assert_ok(&o);
        let out = stdout(&o);
        assert_eq!(last_line(&out), count, "{out}");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), depth.parse::<usize>().unwrap() + 1, "{out}");
        assert!(
            lines[lines.len() - 2].starts_with(&format!("perft {depth} {count} ")),
            "{out}"
        );
        assert!(lines[0].starts_with("perft 1 "), "{out}");
    }
}

#[test]
fn perft_divide_adds_up() {
    let o = run(&["perft", "bao-la-kiswahili", "3", "--divide"], "");
    assert_ok(&o);
    let out = stdout(&o);
    let sum: u64 = out
        .lines()
        .take_while(|l| !l.is_empty())
        .filter_map(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
        .sum();
    assert_eq!(sum, 38, "{out}");
    assert_eq!(last_line(&out), "38");
}

#[test]
fn perft_from_a_partial_diagram() {
    let d = "0,0,0,0,0,0,0,0/1,0,1,8,1,2,0,0/0,0,0,0,7,0,2,1/0,0,0,0,0,0,0,0 S 10,10 11 -";
    let o = run(&["perft", "bao-la-kiswahili", "1", "--from", d], "");
    let err = assert_input_error(&o);
    assert!(err.contains("--partial"), "{err}");
    let o = run(
        &["perft", "bao-la-kiswahili", "1", "--from", d, "--partial"],
        "",
    );
    assert_ok(&o);
    assert_eq!(last_line(&stdout(&o)), "2");
}

#[test]
fn replay_prints_diagram_and_legal_moves() {
    let o = run(&["replay", "bao-la-kiswahili", "A6<*", "a6<", "A4<"], "");
    assert_ok(&o);
    let out = stdout(&o);
    let mut game = GameRecord::new(Position::new(Variant::BAO_LA_KISWAHILI));
    for m in ["A6<*", "a6<", "A4<"] {
        game.play_text(mancala::Notation::Canonical, m).unwrap();
    }
    let pos = game.position();
    let legal: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| pos.move_text(m).unwrap())
        .collect();
    assert_eq!(
        out,
        format!("diagram: {}\nlegal: {}\n", pos.diagram(), legal.join(" "))
    );
    // The start, and moves with numbers pasted from a record.
    let o = run(&["replay", "bao-la-kiswahili"], "");
    assert_eq!(
        stdout(&o).lines().next(),
        Some(&*format!("diagram: {START}"))
    );
    let o = run(&["replay", "bao-la-kiswahili", "1. A6<* a6< 2. A4<"], "");
    assert_eq!(stdout(&o), out);
}

#[test]
fn replay_json_has_one_object_per_position() {
    let o = run(
        &["replay", "bao-la-kiswahili", "--json", "A6<*", "a6<", "A4<"],
        "",
    );
    assert_ok(&o);
    let out = stdout(&o);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0]["diagram"], START);
    for (i, v) in lines.iter().enumerate() {
        assert_eq!(v["ply"], i, "{v}");
        assert!(v["outcome"].is_null(), "{v}");
        let legal = v["legal"].as_array().unwrap();
        assert!(!legal.is_empty(), "{v}");
        let pos: Position = Position::from_setup(
            Variant::BAO_LA_KISWAHILI,
            &v["diagram"].as_str().unwrap().parse().unwrap(),
            mancala::SeedTotal::Exact,
        )
        .unwrap();
        assert_eq!(legal.len(), pos.legal_moves().len(), "{v}");
        for m in legal {
            pos.parse_move(m.as_str().unwrap()).unwrap();
        }
    }
    assert_eq!(lines[1]["move"], "A6<*");
}

/// A finished game played with the library, replayed through the binary.
#[test]
fn replay_to_the_end_reports_the_outcome() {
    let mut game = GameRecord::new(Position::new(Variant::BAO_LA_KETE));
    let mut moves = Vec::new();
    let mut seed = 7u64;
    while game.outcome().is_none() {
        let pos = *game.position();
        let legal = pos.legal_moves();
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        let m = legal[(seed >> 33) as usize % legal.len()];
        moves.push(pos.move_text(m).unwrap());
        game.play(m).unwrap();
    }
    let outcome = game.outcome().unwrap().to_string();
    let mut args = vec!["replay", "bao-la-kete"];
    args.extend(moves.iter().map(String::as_str));
    let o = run(&args, "");
    assert_ok(&o);
    let out = stdout(&o);
    assert_eq!(last_line(&out), format!("outcome: {outcome}"), "{out}");
    assert!(out.contains("\nlegal:\n"), "{out}");

    args.push("--json");
    let o = run(&args, "");
    let out = stdout(&o);
    let last: Value = serde_json::from_str(last_line(&out)).unwrap();
    assert_eq!(last["ply"], moves.len());
    assert_eq!(last["outcome"], outcome.as_str());
    assert_eq!(last["legal"].as_array().unwrap().len(), 0);

    args.pop();
    args.push("--record");
    let o = run(&args, "");
    let out = stdout(&o);
    assert!(out.contains("[Variant \"bao-la-kete\"]"), "{out}");
    assert!(
        out.contains(&format!("[Termination \"{outcome}\"]")),
        "{out}"
    );

    // One move too many.
    args.pop();
    args.push("A1>");
    let err = assert_input_error(&run(&args, ""));
    assert!(err.contains(&format!("ply {}", moves.len() + 1)), "{err}");
    assert!(err.contains("A1>"), "{err}");
}

#[test]
fn replay_with_an_illegal_move_fails_cleanly() {
    let o = run(&["replay", "bao-la-kiswahili", "A6<*", "A9<", "a6<"], "");
    let err = assert_input_error(&o);
    assert!(err.contains("ply 2"), "{err}");
    assert!(err.contains("A9<"), "{err}");
    assert_eq!(stdout(&o), "");
    for bad in ["zz", "a6<#", "A6<**"] {
        let o = run(&["replay", "bao-la-kiswahili", bad], "");
        let err = assert_input_error(&o);
        assert!(err.contains("ply 1") && err.contains(bad), "{err}");
    }
}

#[test]
fn show_draws_the_start_with_the_nyumbas_marked() {
    let o = run(&["show", START], "");
    assert_ok(&o);
    let out = stdout(&o);
    let row = |letter: &str| {
        out.lines()
            .find(|l| l.trim_start().starts_with(&format!("{letter} ")))
            .unwrap_or_else(|| panic!("no row {letter}: {out}"))
    };
    // North's row a reads a8..a1: a5 is the fourth pit from the left.
    let a: Vec<&str> = row("a").split('│').map(str::trim).collect();
    assert_eq!(a[1..9], ["·", "2", "2", "[6]", "·", "·", "·", "·"], "{out}");
    let big_a: Vec<&str> = row("A").split('│').map(str::trim).collect();
    assert_eq!(
        big_a[1..9],
        ["·", "·", "·", "·", "[6]", "2", "2", "·"],
        "{out}"
    );
    assert!(
        out.contains("8     7     6     5     4     3     2     1"),
        "{out}"
    );
    assert!(
        out.contains("1     2     3     4     5     6     7     8"),
        "{out}"
    );
    assert!(out.contains("South ▶ to move"), "{out}");
    assert!(out.contains("hand 22"), "{out}");
    assert!(out.contains("nyumba A5 owned"), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{out}");
    // North on top.
    let pos = |s: &str| lines.iter().position(|l| l.contains(s)).unwrap();
    assert!(pos("North") < pos("South"));

    // The fields may also come as separate words.
    let words: Vec<&str> = START.split(' ').collect();
    let mut args = vec!["show"];
    args.extend(&words);
    assert_eq!(stdout(&run(&args, "")), out);
}

#[test]
fn show_refuses_a_bad_diagram() {
    for bad in ["nonsense", "1,2/3,4/5,6/7,8 X", "1,2/3,4/5,6 S"] {
        assert_input_error(&run(&["show", bad], ""));
    }
}

#[test]
fn play_a_move_then_quit() {
    let o = run(
        &["play", "bao-la-kiswahili", "--vs", "random", "--seed", "1"],
        "A6<\nquit\n",
    );
    assert_ok(&o);
    let out = stdout(&o);
    assert!(out.contains("South (you) plays A6<*"), "{out}");
    assert!(out.contains("North (random) plays "), "{out}");
    assert!(out.contains("[Result \"*\"]"), "{out}");
    assert!(out.contains("1. A6<* "), "{out}");
}

#[test]
fn play_a_bare_pit_asks_which_way_where_moves_name_one() {
    // At the start of Bao la Kiswahili A6 can go either way: the pit alone asks, and the
    // answer plays; in Kalah a pit alone is the whole move.
    let o = run(
        &["play", "bao-la-kiswahili", "--vs", "human"],
        "A6\nA6<\nquit\n",
    );
    assert_ok(&o);
    let out = stdout(&o);
    assert!(
        out.contains("A6 can go more than one way: A6>*, A6<*."),
        "{out}"
    );
    assert!(out.contains("South plays A6<*"), "{out}");
    assert!(!out.contains("illegal"), "{out}");
    // What a move took is said with it.
    let o = run(
        &["play", "bao-la-kiswahili", "--vs", "human"],
        "A6<\na6<\nA4<\nquit\n",
    );
    assert!(
        stdout(&o).contains("South plays A4<, capturing 6 from a5\n"),
        "{}",
        stdout(&o)
    );
    let o = run(
        &["play", "kalah", "--level", "2", "--seed", "1"],
        "A1\nquit\n",
    );
    let out = stdout(&o);
    assert!(out.contains("South (you) plays A1"), "{out}");
    // The computer's thinking time reads as a person would say it.
    assert!(out.contains("North (level 2) is thinking... done"), "{out}");
    assert!(!out.contains("µs"), "{out}");
}

#[test]
fn play_without_options_plays_the_computer_at_a_middle_level() {
    let o = run(&["play", "kalah", "--seed", "1"], "A1\nquit\n");
    assert_ok(&o);
    let out = stdout(&o);
    assert!(out.contains("You play South against level 4"), "{out}");
    assert!(out.contains("North (level 4) plays "), "{out}");
    // The record names the players as the site does.
    assert!(out.contains("[North \"Computer level 4\"]"), "{out}");
    assert!(out.contains("[South \"Anonymous\"]"), "{out}");
    // One board a turn: the start, then the position after the computer's reply.
    let o = run(&["play", "bao-la-kiswahili", "--seed", "1"], "A6<\nquit\n");
    let out = stdout(&o);
    let boards: Vec<&str> = out.lines().filter(|l| l.contains(" · ply ")).collect();
    assert_eq!(boards.len(), 2, "{out}");
    assert!(boards[1].contains("ply 2 · last move "), "{out}");
    // The last move's pit is marked on the board, with a legend.
    let second = &out[out.find(boards[1]).unwrap()..];
    assert!(
        second.lines().any(|l| l.contains('│') && l.contains('^')),
        "{second}"
    );
    assert!(second.contains("^n the last move started here"), "{second}");
    assert_input_error(&run(
        &["play", "kalah", "--vs", "human", "--level", "3"],
        "",
    ));
    assert_input_error(&run(
        &["play", "kalah", "--vs", "random", "--level", "3"],
        "",
    ));
}

#[test]
fn play_to_the_end_with_move_numbers() {
    for (variant, side) in [
        ("bao-la-kiswahili", "south"),
        ("bao-la-kujifunza", "north"),
        ("bao-la-kete", "south"),
    ] {
        let o = run(
            &[
                "play", variant, "--vs", "random", "--side", side, "--seed", "5",
            ],
            "1\n".repeat(3000),
        );
        assert_ok(&o);
        let out = stdout(&o);
        assert!(!stderr(&o).contains("panicked"));
        assert!(
            out.contains("Game over: "),
            "{variant}: {}",
            last_line(&out)
        );
        assert!(out.contains("[Termination "), "{variant}");
    }
}

#[test]
fn play_survives_bad_input_and_eof() {
    let input = "zzz\n99\n0\na6<\nA6<**\n\nhelp\nundo\nA6<\nundo\nA7>\n";
    let o = run(
        &["play", "bao-la-kiswahili", "--vs", "random", "--seed", "2"],
        input,
    );
    assert_ok(&o);
    let out = stdout(&o);
    assert!(!stderr(&o).contains("panicked"));
    assert!(out.contains("invalid move text `zzz`"), "{out}");
    assert!(out.contains("there is no move number 99"), "{out}");
    assert!(out.contains("there is no move number 0"), "{out}");
    assert!(out.contains("a6 is North's pit"), "{out}");
    assert!(out.contains("wrong marks"), "{out}");
    assert!(out.contains("Commands:"), "{out}");
    assert!(out.contains("no move of yours to take back"), "{out}");
    assert!(out.contains("Took back 2 moves."), "{out}");
    assert!(out.contains("End of input"), "{out}");
    assert!(out.contains("1. A7>* "), "{out}");

    // Bytes that are not UTF-8 are a bad move too.
    let o = run(
        &["play", "bao-la-kiswahili", "--vs", "random", "--seed", "2"],
        b"A\xff6<\nA6<\n",
    );
    assert_ok(&o);
    let out = stdout(&o);
    assert!(out.contains("invalid move text"), "{out}");
    assert!(out.contains("South (you) plays A6<*"), "{out}");
}

#[test]
fn pass_and_play_undo_and_resign() {
    let o = run(
        &["play", "bao-la-kujifunza", "--vs", "human"],
        "1\n1\nundo\nresign\n",
    );
    assert_ok(&o);
    let out = stdout(&o);
    assert!(out.contains("Took back 1 move."), "{out}");
    assert!(out.contains("North resigns."), "{out}");
    assert!(
        out.contains("Game over: 1-0 south wins, north resigned."),
        "{out}"
    );
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        &["perft", "bao-la-nowhere", "3"][..],
        &["perft", "bao-la-kiswahili", "x"],
        &["perft", "bao-la-kiswahili", "-1"],
        &["perft", "bao-la-kiswahili"],
        &["perft", "bao-la-kiswahili", "2", "--rules", "nonsense"],
        &["perft", "bao-la-kujifunza", "2", "--rules", "takasia:none"],
        &[
            "perft",
            "bao-la-kiswahili",
            "2",
            "--from",
            "1,2/3,4/5,6/7,8 S",
        ],
        &["replay", "bao-la-kiswahili", "--notation", "pgn"],
        &["replay", "nope", "A6<"],
        &["play", "nope"],
        &["play", "bao-la-kiswahili", "--vs", "alien"],
        &["bench", "rules", "--variant", "nope"],
        &[
            "bench",
            "rules",
            "--variant",
            "hus",
            "--rules",
            "empty_capture",
        ],
        &["bench", "rules", "--rules", "empty_capture"],
        &["perft", "kalah", "2", "--rules", "takasia:none"],
        &["perft", "kalah", "2", "--rules", "capture_requires_outer"],
        &["replay", "hus", "--rules", "empty_capture"],
        &["replay", "kalah", "A3", "A3"],
        &["replay", "kalah", "A3<"],
        &["replay", "kalah", "--notation", "devoogt", "A3"],
        &["play", "hawalis", "--rules", "nonsense"],
        &["perft", "kalah", "1", "--from", START],
        &["show", "--variant", "kalah", START],
        &["bench", "rules", "--seconds", "0"],
        &["frobnicate"],
    ] {
        let o = run(args, "");
        let err = assert_input_error(&o);
        if args.get(1) == Some(&"bao-la-nowhere") {
            assert!(err.contains("unknown variant"), "{err}");
        }
    }
}

#[test]
fn help_and_version() {
    let o = run(&["--help"], "");
    assert_ok(&o);
    for cmd in [
        "perft", "replay", "show", "play", "match", "analyse", "bench",
    ] {
        assert!(stdout(&o).contains(cmd), "{}", stdout(&o));
    }
    let o = run(&["--version"], "");
    assert_ok(&o);
    let o = run(&[], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn replay_kalah_extra_turns() {
    // A3 ends in South's store: South moves again.
    let o = run(&["replay", "kalah", "A3"], "");
    assert_ok(&o);
    assert_eq!(
        stdout(&o),
        "diagram: 4,4,4,4,4,4/4,4,0,5,5,5 S 1,0\nlegal: A1 A2 A4 A5 A6\n"
    );
    // Then A6 passes the turn to North; every position is printed with its side to move.
    let mut game = GameRecord::new(Position::new(Variant::new(mancala::Game::Kalah)));
    for m in ["A3", "A6", "a2", "a3"] {
        game.play_text(mancala::Notation::Canonical, m).unwrap();
    }
    let o = run(&["replay", "kalah", "A3", "A6", "a2", "a3", "--json"], "");
    assert_ok(&o);
    let out = stdout(&o);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0]["diagram"], "4,4,4,4,4,4/4,4,4,4,4,4 S 0,0");
    assert_eq!(lines[4]["diagram"], game.position().diagram());
    let turns: Vec<char> = lines
        .iter()
        .map(|v| v["diagram"].as_str().unwrap().split(' ').nth(1).unwrap())
        .map(|t| t.chars().next().unwrap())
        .collect();
    assert_eq!(turns[..3], ['S', 'S', 'N'], "{out}");
    assert_eq!(lines[1]["legal"].as_array().unwrap().len(), 5, "{out}");
}

#[test]
fn replay_kalah_with_empty_capture() {
    // A1 sows its seed into the empty A2, facing the empty a5: taken into South's store only
    // with empty_capture.
    let from = "4,0,4,4,4,4/1,0,0,0,0,3 S 12,12";
    let mut diagrams = Vec::new();
    for rules in ["", "empty_capture"] {
        let o = run(
            &[
                "replay",
                "kalah",
                "--from",
                from,
                "--partial",
                "--rules",
                rules,
                "A1",
            ],
            "",
        );
        assert_ok(&o);
        diagrams.push(stdout(&o).lines().next().unwrap_or("").to_owned());
    }
    assert_eq!(
        diagrams,
        [
            "diagram: 4,0,4,4,4,4/0,1,0,0,0,3 N 12,12",
            "diagram: 4,0,4,4,4,4/0,0,0,0,0,3 N 13,12"
        ]
    );
}

#[test]
fn replay_hawalis_and_hus() {
    let o = run(&["replay", "hawalis", "A7"], "");
    assert_ok(&o);
    let out = stdout(&o);
    assert_eq!(
        out.lines().next(),
        Some("diagram: 2,2,2,2,2,2,0/2,2,2,2,2,2,0/3,0,3,3,0,3,1/3,0,3,3,0,3,3 N 4,0"),
        "{out}"
    );
    assert!(out.lines().nth(1).unwrap().starts_with("legal: a"), "{out}");

    let o = run(&["replay", "hus"], "");
    assert_ok(&o);
    let out = stdout(&o);
    let legal: Vec<&str> = out.lines().nth(1).unwrap()["legal: ".len()..]
        .split(' ')
        .collect();
    assert_eq!(legal.len(), 12, "{out}");
    assert!(
        legal.iter().all(|m| m.parse::<mancala::Pit>().is_ok()),
        "{out}"
    );
}

/// Perft through the binary agrees with the library, options included.
#[test]
fn perft_of_every_variant_and_option() {
    for v in Variant::ALL {
        let depth = if v.game() == mancala::Game::Omweso {
            2
        } else {
            3
        };
        let expected = mancala::perft(&Position::new(v), depth).to_string();
        let slug = v.to_string();
        let rules = v.rules_text();
        let d = depth.to_string();
        let o = run(&["perft", &slug, &d, "--rules", &rules], "");
        assert_ok(&o);
        assert_eq!(last_line(&stdout(&o)), expected, "{slug} {rules}");
    }
}

#[test]
fn show_draws_a_kalah_board_with_its_stores() {
    let o = run(&["show", "4,4,4,4,4,4/4,4,0,5,5,5 S 1,0"], "");
    assert_ok(&o);
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 9, "{out}");
    assert!(
        lines[0].contains("North") && lines[0].ends_with("store 0"),
        "{out}"
    );
    assert!(
        lines[8].contains("South ▶ to move") && lines[8].ends_with("store 1"),
        "{out}"
    );
    // North's store at the printed left, South's at the right, between the two rows.
    let cells: Vec<&str> = lines[4].split(['│', '╞', '╡']).map(str::trim).collect();
    assert_eq!(cells.first(), Some(&""), "{out}");
    assert_eq!(cells[1], "0", "{out}");
    assert_eq!(cells[cells.len() - 2], "1", "{out}");
    let row_a: Vec<&str> = lines[3].split('│').map(str::trim).collect();
    assert_eq!(row_a[2..8], ["4"; 6], "{out}");
    let row_big_a: Vec<&str> = lines[5].split('│').map(str::trim).collect();
    assert_eq!(row_big_a[2..8], ["4", "4", "·", "5", "5", "5"], "{out}");
    assert!(lines[1].trim_start().starts_with("store"), "{out}");
    assert!(lines[7].ends_with("6   store"), "{out}");
    assert!(!out.contains(" b "), "{out}");
}

#[test]
fn show_draws_wide_and_hawalis_boards() {
    let row = |n: &str| vec![n; 16].join(",");
    let d = format!("{}/{}/{}/{} N", row("2"), row("12"), row("0"), row("10"));
    let o = run(&["show", &d], "");
    assert_ok(&o);
    let out = stdout(&o);
    assert!(out.lines().all(|l| l.chars().count() <= 80), "{out}");
    let cells = |letter: &str| -> Vec<String> {
        let line = out
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{letter} ")))
            .unwrap_or_else(|| panic!("no row {letter}: {out}"));
        line.split('│').map(|c| c.trim().to_owned()).collect()
    };
    assert_eq!(cells("b")[1..17], vec!["2".to_owned(); 16], "{out}");
    assert_eq!(cells("a")[1..17], vec!["12".to_owned(); 16], "{out}");
    assert_eq!(cells("A")[1..17], vec!["·".to_owned(); 16], "{out}");
    assert_eq!(cells("B")[1..17], vec!["10".to_owned(); 16], "{out}");
    assert!(out.contains("16  15  14"), "{out}");
    assert!(out.contains("North ▶ to move"), "{out}");
    assert!(!out.contains("captured"), "{out}");

    let hawalis = "2,2,2,2,2,2,0/2,2,2,2,2,2,0/3,0,3,3,0,3,1/3,0,3,3,0,3,3 N 4,0";
    let out = stdout(&run(&["show", hawalis], ""));
    assert!(out.contains("captured 4"), "{out}");
    assert!(out.contains("captured 0"), "{out}");
    let out = stdout(&run(&["show", "--variant", "hawalis", hawalis], ""));
    assert!(out.contains("captured 4"), "{out}");
}

#[test]
fn play_kalah_to_the_end_with_move_numbers() {
    for (side, seed) in [("south", "4"), ("north", "1")] {
        let o = run(
            &[
                "play", "kalah", "--vs", "random", "--side", side, "--seed", seed,
            ],
            "1\n".repeat(200),
        );
        assert_ok(&o);
        let out = stdout(&o);
        assert!(!stderr(&o).contains("panicked"));
        assert!(out.contains("Game over: "), "{side}: {}", last_line(&out));
        assert!(out.contains(" in seeds."), "{out}");
        assert!(out.contains("Seeds: South "), "{out}");
        assert!(out.contains("[Termination "), "{out}");
        // The random player may move several times in a row.
        assert!(out.contains(" (random) moves again"), "{out}");
    }
}

#[test]
fn play_kalah_extra_turn_and_undo() {
    let o = run(
        &["play", "kalah", "--vs", "random", "--seed", "11"],
        "A3\nA6\nundo\nquit\n",
    );
    assert_ok(&o);
    let out = stdout(&o);
    assert!(out.contains("South (you) plays A3\n"), "{out}");
    assert!(
        out.contains("South (you) moves again: the last seed fell into its store."),
        "{out}"
    );
    // Undo takes back to the human's last move, A6, and the replies after it.
    let (_, after) = out.split_once("Took back ").expect("an undo");
    assert!(after.contains("· ply 1 · last move A3 by South"), "{out}");
    assert!(
        after.contains("1. A1        2. A2        3. A4        4. A5        5. A6"),
        "{out}"
    );
    assert!(out.contains("1. A3 *"), "{out}");
}

#[test]
fn play_every_variant_a_few_moves() {
    for v in Variant::DEFAULTS {
        let slug = v.to_string();
        let o = run(
            &["play", &slug, "--vs", "random", "--seed", "3"],
            "help\n".to_owned() + &"1\n".repeat(6) + "quit\n",
        );
        assert_ok(&o);
        let out = stdout(&o);
        assert!(!stderr(&o).contains("panicked"), "{slug}");
        assert!(out.contains("Commands:"), "{slug}: {out}");
        assert!(out.contains("docs/rules/"), "{slug}: {out}");
        assert!(
            out.contains(&format!("[Variant \"{slug}\"]")),
            "{slug}: {out}"
        );
    }
}

#[test]
fn bench_rules_runs_for_kalah() {
    let o = run(
        &["bench", "rules", "--variant", "kalah", "--seconds", "0.2"],
        "",
    );
    assert_ok(&o);
    let out = stdout(&o);
    assert!(
        last_line(&out).starts_with("bench rules: 1 variant"),
        "{out}"
    );
    assert!(out.contains("Kalah"), "{out}");
}

/// The `+W =D -L` counts of `match`'s result line.
fn match_counts(out: &str) -> [usize; 3] {
    let line = out
        .lines()
        .find(|l| l.starts_with("result: +"))
        .unwrap_or_else(|| panic!("no result line: {out}"));
    let counts: Vec<usize> = line["result: ".len()..]
        .split_whitespace()
        .take(3)
        .map(|t| t[1..].parse().unwrap_or_else(|_| panic!("{line}")))
        .collect();
    [counts[0], counts[1], counts[2]]
}

#[test]
fn match_prints_a_result_that_adds_up() {
    let o = run(&["match", "kalah", "random", "level3", "--games", "4"], "");
    assert_ok(&o);
    let out = stdout(&o);
    let [w, d, l] = match_counts(&out);
    assert_eq!(w + d + l, 4, "{out}");
    assert!(out.contains("A = random, B = level3"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("score: ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("Elo: ")), "{out}");
    assert!(out.contains("B level3: "), "{out}");
    // A quick match says nothing on stderr when it is not a terminal.
    assert_eq!(stderr(&o), "");
}

#[test]
fn match_results_do_not_depend_on_threads() {
    let args = |threads| {
        [
            "match",
            "bao-la-kujifunza",
            "level2",
            "level3",
            "--games",
            "6",
            "--seed",
            "7",
            "--threads",
            threads,
        ]
    };
    let one = stdout(&run(&args("1"), ""));
    let two = stdout(&run(&args("2"), ""));
    let summary = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| {
                ["result:", "  A as", "score:", "plies:"]
                    .iter()
                    .any(|p| l.starts_with(p))
            })
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(summary(&one).len(), 4, "{one}");
    assert_eq!(summary(&one), summary(&two), "{one}\n{two}");
    assert_eq!(match_counts(&one).iter().sum::<usize>(), 6);
}

#[test]
fn match_refuses_bad_players_with_one_line() {
    for (spec, why) in [
        ("minimax", "unknown player `minimax`"),
        ("level9", "levels 1 to 8"),
        ("alphabeta:depth=x", "depth must be"),
        ("alphabeta:iters=5", "not `iters`"),
        ("mcts:depth=5", "not `depth`"),
        ("greedy:time=5", "takes no options"),
    ] {
        let o = run(&["match", "kalah", spec, "random", "--games", "2"], "");
        let err = assert_input_error(&o);
        assert!(err.contains(why), "{spec}: {err}");
        assert!(stdout(&o).is_empty(), "{spec}");
    }
    for args in [
        &["match", "kalah", "random", "--games", "2"][..],
        &["match", "kalah", "random", "random"],
        &["match", "kalah", "random", "random", "--games", "0"],
        &[
            "match",
            "kalah",
            "random",
            "random",
            "--games",
            "2",
            "--threads",
            "0",
        ],
        &[
            "analyse",
            "kalah",
            "4,4,4,4,4,4/4,4,4,4,4,4 S 0,0",
            "--player",
            "x",
        ],
        &["analyse", "kalah", "4,4,4,4,4,4/4,4,4,4,4,4"],
        &["analyse", "kalah", "4,4,4,4,4,4/4,4,4,4,4,3 S 0,0"],
        &["play", "kalah", "--level", "9"],
        &["play", "kalah", "--level", "2", "--vs", "human"],
    ] {
        assert_input_error(&run(args, ""));
    }
}

#[test]
fn match_plays_mcts_and_limits() {
    let o = run(
        &[
            "match",
            "kalah",
            "mcts:iters=200",
            "alphabeta:depth=2",
            "--games",
            "2",
            "--openings",
            "0",
        ],
        "",
    );
    assert_ok(&o);
    let out = stdout(&o);
    assert_eq!(match_counts(&out).iter().sum::<usize>(), 2, "{out}");
    assert!(out.contains("no random openings"), "{out}");
}

#[test]
fn analyse_prints_the_best_move() {
    let o = run(
        &[
            "analyse",
            "kalah",
            "4,4,4,4,4,4/4,4,4,4,4,4 S 0,0",
            "--depth",
            "4",
        ],
        "",
    );
    assert_ok(&o);
    let out = stdout(&o);
    let best = out
        .lines()
        .find_map(|l| l.strip_prefix("best: "))
        .unwrap_or_else(|| panic!("no best: {out}"));
    let legal: Vec<String> = Position::new("kalah".parse::<Variant>().unwrap())
        .legal_moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(legal.iter().any(|m| m == best), "{best} in {legal:?}");
    // Depths 1 to 4, each printed.
    for d in 1..=4 {
        assert!(
            out.lines()
                .any(|l| l.trim_start().starts_with(&format!("{d} "))),
            "depth {d}: {out}"
        );
    }
    let pv = out
        .lines()
        .find_map(|l| l.strip_prefix("pv: "))
        .unwrap_or_else(|| panic!("no pv: {out}"));
    assert!(pv.starts_with(best), "{out}");
    assert!(out.lines().any(|l| l.starts_with("score: ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("nodes: ")), "{out}");
}

#[test]
fn analyse_finds_a_win_in_one() {
    // North sows its last seed into its store and takes the game.
    let o = run(
        &[
            "analyse",
            "kalah",
            "0,0,0,0,0,1/0,0,0,0,1,1 N 20,25",
            "--partial",
            "--depth",
            "6",
        ],
        "",
    );
    assert_ok(&o);
    let out = stdout(&o);
    assert!(out.contains("best: a1#"), "{out}");
    assert!(out.contains("(win in 1 ply)"), "{out}");
}

#[test]
fn play_against_a_level_to_the_end() {
    let o = run(
        &["play", "kalah", "--level", "2", "--seed", "3"],
        "1\n".repeat(200),
    );
    assert_ok(&o);
    let out = stdout(&o);
    assert!(!stderr(&o).contains("panicked"));
    assert!(out.contains("against level 2"), "{out}");
    assert!(out.contains("North (level 2) is thinking... "), "{out}");
    assert!(out.contains("North (level 2) plays "), "{out}");
    assert!(out.contains("Game over: "), "{}", last_line(&out));
    assert!(out.contains("[North \"Computer level 2\"]"), "{out}");
}

#[test]
fn solve_kalah_endgame() {
    let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "solve",
            "kalah",
            "--from",
            "0,0,0,0,1,1/1,0,0,0,0,1 S 20,24",
            "--table-bits",
            "12",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("value: "), "{text}");
    assert!(text.contains("nodes: "), "{text}");
    let bad = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["solve", "hus"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(String::from_utf8(bad.stderr).unwrap().lines().count(), 1);
}

/// The `balanced openings:` line of a match, and its kept and tried counts.
fn balance_line(out: &str) -> (&str, usize, usize) {
    let line = out
        .lines()
        .find(|l| l.starts_with("balanced openings: "))
        .unwrap_or_else(|| panic!("no balanced openings line: {out}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    // balanced openings: K kept of T tried ...
    let kept = words[2].parse().unwrap_or_else(|_| panic!("{line}"));
    let tried = words[5].parse().unwrap_or_else(|_| panic!("{line}"));
    (line, kept, tried)
}

#[test]
fn match_with_balanced_openings_reports_them() {
    let args = |threads| {
        [
            "match",
            "bao-la-kujifunza",
            "level2",
            "level3",
            "--games",
            "6",
            "--seed",
            "3",
            "--threads",
            threads,
            "--balanced",
            "--balance-nodes",
            "3000",
            "--balance-window",
            "1000",
            "--openings",
            "6",
        ]
    };
    let one = run(&args("1"), "");
    assert_ok(&one);
    let one = stdout(&one);
    assert!(
        one.contains("6 games, sides alternating, balanced openings of 6 random plies (seed 3)"),
        "{one}"
    );
    let (line, kept, tried) = balance_line(&one);
    assert_eq!(kept, 3, "one opening a pair: {line}");
    assert!(tried >= kept, "{line}");
    assert!(
        line.contains("|score| <= 1000 (100 a seed) by alphabeta:nodes=3000"),
        "{line}"
    );
    assert_eq!(match_counts(&one).iter().sum::<usize>(), 6, "{one}");
    // The openings, and with fixed-depth players the games, do not depend on --threads.
    let two = stdout(&run(&args("2"), ""));
    let (line2, kept2, tried2) = balance_line(&two);
    assert_eq!((kept2, tried2), (kept, tried), "{line}\n{line2}");
    let result = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| {
                ["result:", "  A as", "plies:"]
                    .iter()
                    .any(|p| l.starts_with(p))
            })
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(result(&one), result(&two), "{one}\n{two}");
    // Without --balanced the openings are random ones, and nothing is said of balance.
    let plain = stdout(&run(
        &["match", "kalah", "random", "random", "--games", "2"],
        "",
    ));
    assert!(
        plain.contains("random openings of 4 random plies"),
        "{plain}"
    );
    assert!(!plain.contains("balanced"), "{plain}");
}

#[test]
fn match_without_a_balanced_opening_fails_cleanly() {
    // No random plies, and a start 24 seeds to 1: no opening is within a seed of equal.
    let o = run(
        &[
            "match",
            "kalah",
            "random",
            "random",
            "--games",
            "4",
            "--openings",
            "0",
            "--from",
            "4,4,4,4,4,4/0,0,0,0,0,1 S 0,0",
            "--partial",
            "--balanced",
            "--balance-nodes",
            "500",
        ],
        "",
    );
    let err = assert_input_error(&o);
    assert!(
        err.contains("only 0 of the 2 balanced openings needed were found in 200"),
        "{err}"
    );
    assert!(err.contains("--balance-window"), "{err}");
    // The balance options need --balanced.
    let o = run(
        &[
            "match",
            "kalah",
            "random",
            "random",
            "--games",
            "2",
            "--balance-nodes",
            "500",
        ],
        "",
    );
    let err = assert_input_error(&o);
    assert!(err.contains("--balanced"), "{err}");
}

/// `mancala bench ladder kalah` with levels 1 to 3 and 4 games a pairing, plus `extra`.
fn kalah_ladder(extra: &[&str]) -> Output {
    let mut args = vec!["bench", "ladder", "kalah", "--games", "4", "--top", "3"];
    args.extend_from_slice(extra);
    run(&args, "")
}

#[test]
fn bench_ladder_plays_each_pairing_and_ends_with_a_table() {
    // Kalah, levels 1 to 3: level 3 against 2, then 2 against 1, 4 games each.
    let o = kalah_ladder(&["--threads", "2"]);
    assert_ok(&o);
    let out = stdout(&o);
    assert!(out.starts_with("ladder of kalah: levels 2 to 3"), "{out}");
    let reports = out.matches("\nresult: ").count();
    assert_eq!(reports, 2, "{out}");
    assert!(
        out.contains("=== level3:threads=1 (alpha-beta, 2 plies) against level2:threads=1 (greedy")
    );
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("pairing"))
        .collect();
    assert_eq!(table.len(), 4, "{out}");
    assert!(table[1].starts_with("2 v 1 "), "{out}");
    assert!(table[2].starts_with("3 v 2 "), "{out}");
    for row in &table[1..3] {
        assert!(
            row.ends_with(" ok") || row.ends_with(" below target"),
            "{row}"
        );
    }
    assert!(table[3].ends_with("finished pairings reach 0.65"), "{out}");
    // Bad ranges are one clear error.
    let err = assert_input_error(&run(
        &["bench", "ladder", "kalah", "--bottom", "5", "--top", "3"],
        "",
    ));
    assert!(err.contains("--bottom 5 is above --top 3"), "{err}");
    assert_input_error(&run(&["bench", "ladder", "kalah", "--top", "9"], ""));
}

/// With --log-dir a ladder keeps its openings and games and a later run plays only what is
/// missing; a pairing whose settings changed starts again with its old log set aside.
#[test]
fn bench_ladder_resumes_from_its_logs() {
    let dir = std::env::temp_dir().join(format!("mancala-cli-ladder-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let logs = dir.to_str().unwrap();
    let ladder_run = |extra: &[&str]| {
        let mut args = vec!["--log-dir", logs];
        args.extend_from_slice(extra);
        kalah_ladder(&args)
    };
    let ladder = |extra: &[&str]| {
        let o = ladder_run(extra);
        assert_ok(&o);
        stdout(&o)
    };
    let first = ladder(&["--chunk", "1"]);
    assert!(
        first.contains("0 games in the log, 1 to play in this run"),
        "{first}"
    );
    assert!(first.contains("1 of 4 games so far"), "{first}");
    assert!(
        first.contains("2 unfinished (run again with the same --log-dir)"),
        "{first}"
    );
    for file in ["kalah.openings", "kalah-3v2.log", "kalah-2v1.log"] {
        assert!(dir.join(file).exists(), "{file}");
    }
    let second = ladder(&[]);
    assert!(second.contains("openings: 2 read from"), "{second}");
    assert!(
        second.contains("1 games in the log, 3 to play in this run"),
        "{second}"
    );
    assert!(
        second.contains("of 2 finished pairings reach 0.65"),
        "{second}"
    );
    // Every game is in the log now: nothing to play, the same table.
    let third = ladder(&[]);
    assert!(
        third.contains("4 games in the log, 0 to play in this run"),
        "{third}"
    );
    let table = |out: &str| out[out.find("\npairing").unwrap()..].to_owned();
    assert_eq!(table(&third), table(&second));
    // Another seed is other openings: refused, with the file named.
    let err = assert_input_error(&ladder_run(&["--seed", "2"]));
    assert!(
        err.contains("kalah.openings was written with other settings"),
        "{err}"
    );
    // A pairing whose players changed starts again.
    let log = dir.join("kalah-2v1.log");
    let text = std::fs::read_to_string(&log).unwrap();
    std::fs::write(&log, text.replace("level1:threads=1", "level1:threads=7")).unwrap();
    let fourth = ladder(&[]);
    assert!(
        fourth.contains("was played with other settings"),
        "{fourth}"
    );
    assert!(dir.join("kalah-2v1.log.old").exists());
    assert!(
        fourth.contains("kalah-2v1.log: 0 games in the log, 4 to play"),
        "{fourth}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `mancala variants` lists every variant, and each slug it prints is one the commands take.
#[test]
fn variants_lists_every_slug() {
    let o = run(&["variants"], "");
    assert_ok(&o);
    let out = stdout(&o);
    let slugs: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(slugs.len() >= 14, "{out}");
    assert!(
        out.contains("kalah                Kalah (rule options: empty_capture)"),
        "{out}"
    );
    for slug in slugs {
        assert_ok(&run(&["perft", slug, "1"], ""));
    }
}

/// `book check` names what is wrong with a book file, and `book`/`bench kalah-perfect` refuse
/// games other than Kalah(6,4), each in one line.
#[test]
fn book_files_and_games_are_refused_clearly() {
    let dir = std::env::temp_dir().join(format!("mancala-cli-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let d = dir.to_str().expect("a UTF-8 path");
    let err = assert_input_error(&run(&["book", "check", "kalah", "--book-dir", d], ""));
    assert!(err.contains("kalah-book-standard.bin"), "{err}");
    std::fs::write(dir.join("kalah-book-empty-capture.bin"), b"not a book").expect("written");
    let err = assert_input_error(&run(
        &[
            "book",
            "check",
            "kalah",
            "--rules",
            "empty_capture",
            "--book-dir",
            d,
        ],
        "",
    ));
    assert!(err.contains("not a Kalah book file"), "{err}");
    for args in [
        &["book", "build", "hus", "--book-dir", d][..],
        &["book", "check", "kalah-6x6", "--book-dir", d][..],
        &[
            "bench",
            "kalah-perfect",
            "bao-la-kiswahili",
            "--book-dir",
            d,
        ][..],
    ] {
        let err = assert_input_error(&run(args, ""));
        assert!(err.contains("kalah (6 pits, 4 seeds)"), "{err}");
    }
    std::fs::remove_dir_all(&dir).expect("removed");
}

/// `train` writes a weights file that is also its checkpoint: 2 games and then 2 more from the
/// file give the file of 4 in one run, hidden units included; bad settings are one-line errors.
#[test]
fn training_resumes_from_its_file_and_refuses_bad_settings() {
    let dir = std::env::temp_dir().join(format!("mancala-cli-train-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let path = |name: &str| dir.join(name).to_str().expect("a UTF-8 path").to_owned();
    let (once, twice) = (path("once.txt"), path("twice.txt"));
    let settings = ["--depth", "1", "--hidden", "3", "--seed", "4"];
    let train = |out: &str, games: &str, more: &[&str]| {
        let mut args = vec!["train", "hus", "--out", out, "--games", games];
        args.extend_from_slice(more);
        let o = run(&args, "");
        assert_ok(&o);
        stdout(&o)
    };
    train(&once, "4", &settings);
    train(&twice, "2", &settings);
    let resumed = train(&twice, "4", &["--resume", &twice]);
    assert!(resumed.contains("from game 2"), "{resumed}");
    let (a, b) = (
        std::fs::read_to_string(&once).expect("written"),
        std::fs::read_to_string(&twice).expect("written"),
    );
    assert_eq!(a, b);
    assert!(
        a.contains("\nhidden 3\n") && a.contains("--hidden 3\n"),
        "{a}"
    );
    assert!(
        a.contains("\nw h.best-take.2 ") && a.contains("\nw out.2 "),
        "{a}"
    );
    // The weights play: a match of the learned evaluation with them.
    let o = run(
        &[
            "match",
            "hus",
            "alphabeta-learned:depth=1",
            "alphabeta:depth=1",
            "--games",
            "2",
            "--weights",
            &once,
        ],
        "",
    );
    assert_ok(&o);
    for (args, says) in [
        (
            &["--hidden", "33"][..],
            "33 hidden units: a model has at most 32",
        ),
        (&["--depth", "0"][..], "--depth must be from 1 to 6"),
        (
            &["--resume", &once, "--hidden", "2"][..],
            "cannot be used with",
        ),
    ] {
        let mut all = vec!["train", "hus", "--out", &twice, "--games", "9"];
        all.extend_from_slice(args);
        let o = run(&all, "");
        assert!(!o.status.success(), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
