//! Property tests over generated games, for every variant in `Variant::ALL`.
//!
//! Games are generated as play paths, not boards: a `Vec<u16>` whose `i`-th value picks the
//! `i`-th move as `value % legal.len()`, from the variant's start position. Every position of
//! the path is then checked. A failing case shrinks to a short path and prints the variant index
//! and the path; `walk` turns it back into positions.
//!
//! The properties hold for every family: the Bao family (a player's own 16 pits, moves with a
//! direction, seeds in hand), the relay games with a fixed direction (Hawalis, Hus, Bao la
//! Kimasai, Omweso: move text `<pit>`, captured seeds removed to a store or taken into hand),
//! and Kalah (two rows and two stores, sowing onto the opponent's row, extra turns). Where a
//! property depends on the family it says so.
//!
//! Failures persist to `tests/proptest-regressions/props.txt`.

#![allow(
    clippy::unwrap_used,
    clippy::missing_panics_doc,
    reason = "test code: a failed unwrap is a failed test"
)]

use mancala::record::GameRecord;
use mancala::trace::Event;
use mancala::{
    BySide, Direction, EndReason, Game, LAP_LIMIT, MAX_MOVES, MAX_WIDTH, Move, MoveText, Notation,
    Pit, Position, Row, SeedTotal, Setup, Side, Variant,
};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

/// A variant of `Variant::ALL` and a play path.
fn game() -> impl Strategy<Value = (usize, Vec<u16>)> {
    (
        0..Variant::ALL.len(),
        prop::collection::vec(any::<u16>(), 0..300),
    )
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        failure_persistence: Some(Box::new(FileFailurePersistence::Direct(
            "tests/proptest-regressions/props.txt",
        ))),
        ..ProptestConfig::default()
    }
}

/// The positions of a path (the start first) and the moves played between them. The walk stops
/// where the side to move has no legal move (the game is over) or the path runs out.
fn walk(v: Variant, path: &[u16]) -> (Vec<Position>, Vec<Move>) {
    let mut pos = Position::new(v);
    let mut positions = vec![pos];
    let mut moves = Vec::new();
    for &i in path {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(i) % legal.len()];
        pos = pos.play(m).expect("a legal move plays");
        positions.push(pos);
        moves.push(m);
    }
    (positions, moves)
}

/// Whether the variant is of the Bao family (moves with a direction, seeds in hand, a game
/// that may end during a move).
fn is_bao(v: Variant) -> bool {
    matches!(
        v.game(),
        Game::BaoLaKiswahili | Game::BaoLaKujifunza | Game::BaoLaKete
    )
}

/// Whether the variant is Kalah (two rows, stores on the track, extra turns).
fn is_kalah(v: Variant) -> bool {
    v.rows() == 2
}

/// How many occurrences of a position draw the game, as decisions.md says: the first
/// recurrence (2) where the sources name it (Hawalis, Bao la Kimasai 4x12), else the third.
fn repetitions_for_draw(v: Variant) -> usize {
    match v.game() {
        Game::Hawalis | Game::Hawalis4x8 | Game::BaoLaKimasai4x12 => 2,
        _ => 3,
    }
}

/// The pits of the board, South's then North's, front row then back row (Kalah: the front
/// row only).
fn board_pits(v: Variant) -> Vec<Pit> {
    let rows: &[Row] = if is_kalah(v) {
        &[Row::Front]
    } else {
        &[Row::Front, Row::Back]
    };
    let mut out = Vec::new();
    for side in Side::ALL {
        for &row in rows {
            for col in 1..=v.width() as u8 {
                out.push(Pit::new(side, row, col).expect("a pit on the board"));
            }
        }
    }
    out
}

/// Every move of either side that move text can name: any pit name (also off the variant's
/// board: every row letter, columns 1 to 16), without a direction (`<pit>`, also with an
/// Omweso lap choice `c` or `a`, and as a planting `+<pit>`), and with both directions, with
/// and without safari.
fn every_move() -> Vec<Move> {
    let mut out = Vec::new();
    for side in Side::ALL {
        for row in [Row::Front, Row::Back] {
            for col in 1..=MAX_WIDTH as u8 {
                let pit = Pit::new(side, row, col).expect("a pit name");
                out.push(Move::from_pit(pit));
                out.push(Move::from_pit(pit).with_choice(true));
                out.push(Move::from_pit(pit).with_choice(false));
                out.push(Move::place(pit));
                for dir in [Direction::Clockwise, Direction::Anticlockwise] {
                    out.push(Move::new(pit, dir));
                    out.push(Move::new(pit, dir).with_safari());
                }
            }
        }
    }
    out
}

fn front_row_empty(p: &Position, side: Side) -> bool {
    (1..=p.variant().width() as u8)
        .all(|c| p.seeds(Pit::new(side, Row::Front, c).expect("a front pit")) == 0)
}

/// The seeds of a setup: board, hands and stores (or reserves).
fn setup_seeds(s: &Setup) -> u32 {
    let board: u32 = Side::ALL
        .iter()
        .flat_map(|&side| s.pits[side].iter().flatten())
        .map(|&n| u32::from(n))
        .sum();
    let hands = s
        .bao
        .map_or(0, |b| u32::from(b.hands.south) + u32::from(b.hands.north));
    let stores = s
        .stores
        .map_or(0, |st| u32::from(st.south) + u32::from(st.north));
    board + hands + stores
}

/// What replaying a trace's events gives.
#[derive(Debug)]
struct Replayed {
    board: Setup,
    hands: BySide<u8>,
    houses: BySide<bool>,
    extra_turn: bool,
}

/// Replays a trace's events on the position's board and checks what they say about the seeds.
///
/// - `Place`: one seed from the mover's hand (Bao namua) or, with an empty hand, from the
///   mover's reserve in the stores field (Bao la Kimasai planting, Omweso's free set-up) into
///   one of the mover's pits.
/// - `Lift` / `Tax`: seeds of one of the mover's pits into the hand (a lift takes them all).
/// - `Sow`: one seed from the hand into a pit: the mover's own, or either side's in Kalah.
/// - `Store`: one seed from the hand into the mover's store (Kalah skips the opponent's).
/// - `Capture`: an opponent's front pit emptied into the hand (Bao).
/// - `Take`: a pit emptied into the hand, to be sown on (Hus, Omweso, Bao la Kimasai).
/// - `Remove`: a pit emptied into the mover's store or captured count (Kalah, Hawalis, Bao la
///   Kimasai 4x12).
/// - `ExtraTurn`: the mover moves again (Kalah).
///
/// Every seed taken into the hand is sown, stored, or still travelling when a Bao game ends.
fn replay_events(before: &Position, events: &[Event]) -> Result<Replayed, String> {
    let v = before.variant();
    let mut s = before.to_setup();
    let mut hands = BySide::new(
        before.hand(Side::South).unwrap_or(0),
        before.hand(Side::North).unwrap_or(0),
    );
    let mut houses = BySide::new(
        before.owns_nyumba(Side::South),
        before.owns_nyumba(Side::North),
    );
    let mover = before.turn();
    let width = v.width();
    let idx = |p: Pit| -> Result<(Side, usize, usize), String> {
        let c = usize::from(p.col());
        if c > width || (is_kalah(v) && p.row() == Row::Back) {
            return Err(format!("pit {p} is not on the board"));
        }
        Ok((p.side(), usize::from(p.row() == Row::Back), c - 1))
    };
    let (mut lifted, mut sown, mut travelling) = (0u32, 0u32, 0u32);
    let mut extra_turn = false;
    for (i, e) in events.iter().enumerate() {
        if extra_turn {
            return Err(format!("event {i} after the extra turn: {e}"));
        }
        match *e {
            Event::Place { pit } => {
                let (sd, r, c) = idx(pit)?;
                if sd != mover {
                    return Err(format!("event {i} places on the opponent's side: {e}"));
                }
                if hands[mover] > 0 {
                    hands[mover] -= 1;
                } else {
                    match s.stores.as_mut() {
                        Some(st) if st[mover] > 0 => st[mover] -= 1,
                        _ => {
                            return Err(format!(
                                "event {i} places with no seed in hand or reserve: {e}"
                            ));
                        }
                    }
                }
                s.pits[sd][r][c] += 1;
            }
            Event::Lift { pit, seeds } | Event::Tax { pit, seeds } => {
                let (sd, r, c) = idx(pit)?;
                if sd != mover || s.pits[sd][r][c] < seeds || seeds == 0 {
                    return Err(format!("event {i} lifts seeds that are not there: {e}"));
                }
                if matches!(e, Event::Lift { .. }) && s.pits[sd][r][c] != seeds {
                    return Err(format!("event {i} leaves seeds behind: {e}"));
                }
                if matches!(e, Event::Tax { .. }) && seeds != 2 {
                    return Err(format!("event {i} taxes other than 2 seeds: {e}"));
                }
                s.pits[sd][r][c] -= seeds;
                lifted += u32::from(seeds);
            }
            Event::Sow { pit } => {
                let (sd, r, c) = idx(pit)?;
                if sd != mover && !is_kalah(v) {
                    return Err(format!("event {i} sows on the opponent's side: {e}"));
                }
                s.pits[sd][r][c] += 1;
                sown += 1;
            }
            Event::Store { side } => {
                if side != mover {
                    return Err(format!("event {i} sows into the opponent's store: {e}"));
                }
                let Some(st) = s.stores.as_mut() else {
                    return Err(format!(
                        "event {i} sows into a store the variant lacks: {e}"
                    ));
                };
                st[side] += 1;
                sown += 1;
            }
            Event::Capture { from, seeds, .. } => {
                let (sd, r, c) = idx(from)?;
                if sd == mover || r != 0 || s.pits[sd][r][c] != seeds || seeds == 0 {
                    return Err(format!("event {i} captures wrongly: {e}"));
                }
                s.pits[sd][r][c] = 0;
                lifted += u32::from(seeds);
            }
            Event::Take { from, seeds } => {
                let (sd, r, c) = idx(from)?;
                if s.pits[sd][r][c] != seeds || seeds == 0 {
                    return Err(format!("event {i} takes seeds that are not there: {e}"));
                }
                s.pits[sd][r][c] = 0;
                lifted += u32::from(seeds);
            }
            Event::Remove { from, seeds } => {
                let (sd, r, c) = idx(from)?;
                if s.pits[sd][r][c] != seeds || seeds == 0 {
                    return Err(format!("event {i} removes seeds that are not there: {e}"));
                }
                let Some(st) = s.stores.as_mut() else {
                    return Err(format!("event {i} removes with no store to put them: {e}"));
                };
                s.pits[sd][r][c] = 0;
                st[mover] += seeds;
            }
            Event::ExtraTurn => extra_turn = true,
            Event::NyumbaDestroyed { side } => {
                if !houses[side] {
                    return Err(format!("event {i} destroys a house already lost: {e}"));
                }
                houses[side] = false;
            }
            Event::GameOver { travelling: t, .. } => travelling = u32::from(t),
            _ => {}
        }
    }
    if sown + travelling != lifted {
        return Err(format!(
            "{sown} seeds sown and {travelling} travelling, but {lifted} lifted, taken or captured"
        ));
    }
    Ok(Replayed {
        board: s,
        hands,
        houses,
        extra_turn,
    })
}

/// The positions to check every illegal move at: all of a short path, else 24 spread evenly
/// (each check asks the position for its legal moves hundreds of times).
fn sample(positions: &[Position]) -> impl Iterator<Item = &Position> {
    let step = positions.len().div_ceil(24).max(1);
    positions.iter().step_by(step)
}

proptest! {
    #![proptest_config(config())]

    /// Seeds are conserved: board + hands + stores (`Position::total_seeds`, and the same
    /// counted on the diagram) = the variant's total at every position, except the final
    /// position of a Bao game that ended during a move (a front row emptied), where seeds
    /// still travelling are gone.
    #[test]
    fn seeds_are_conserved((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        let last = positions.len() - 1;
        for (i, p) in positions.iter().enumerate() {
            let total = p.total_seeds();
            prop_assert_eq!(total, setup_seeds(&p.to_setup()), "{}", p);
            if total != v.total_seeds() {
                prop_assert!(is_bao(v), "{} seeds, not {}, in {}", total, v.total_seeds(), p);
                prop_assert!(total < v.total_seeds(), "{} seeds in {}", total, p);
                prop_assert_eq!(i, last, "seeds lost before the game ended: {}", p);
                let o = p.outcome();
                prop_assert!(
                    o.is_some_and(|o| o.reason == EndReason::FrontRowEmpty),
                    "seeds lost but no front row empty: {} ({:?})", p, o
                );
            }
        }
    }

    /// Every legal move is legal by `is_legal` and plays; the list has no duplicates and only
    /// moves of the side to move from pits on its board, with a direction in the Bao family
    /// and without one elsewhere. After a move the other side is to move, except after a
    /// Kalah move whose last seed fell into the mover's store (its trace ends `ExtraTurn`).
    #[test]
    fn legal_moves_play((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        let pits = board_pits(v);
        for p in &positions {
            let legal = p.legal_moves();
            for (k, &m) in legal.iter().enumerate() {
                prop_assert!(!legal[..k].contains(&m), "duplicate {} in {}", m, p);
                prop_assert_eq!(m.pit().side(), p.turn(), "{} in {}", m, p);
                prop_assert!(pits.contains(&m.pit()), "{} not on the board of {}", m, p);
                prop_assert_eq!(m.dir().is_some(), is_bao(v), "{} in {}", m, p);
                prop_assert!(p.is_legal(m), "{} listed but not is_legal in {}", m, p);
                let next = p.play(m);
                prop_assert!(next.is_ok(), "{} does not play in {}", m, p);
                let next = next.unwrap();
                let extra = p.trace(m).unwrap().events().contains(&Event::ExtraTurn);
                prop_assert!(!extra || is_kalah(v), "extra turn outside Kalah: {} in {}", m, p);
                let want = if extra { p.turn() } else { p.turn().other() };
                prop_assert_eq!(next.turn(), want, "{} in {}", m, p);
                let mut unchecked = *p;
                unchecked.play_unchecked(m);
                prop_assert_eq!(unchecked, next, "play_unchecked {} in {}", m, p);
            }
            // for_each_legal gives the same moves and positions, and for_each_legal_unkeyed the
            // same moves and boards.
            let mut seen = Vec::new();
            p.for_each_legal(|m, q| seen.push((m, q)));
            prop_assert_eq!(seen.len(), legal.len(), "{}", p);
            let mut viewed = Vec::new();
            p.for_each_legal_unkeyed(|m, q| viewed.push((m, q.to_setup(), q.zobrist())));
            prop_assert_eq!(viewed.len(), seen.len(), "{}", p);
            for ((m, q), (vm, vq, key)) in seen.iter().zip(&viewed) {
                prop_assert_eq!(m, vm, "{}", p);
                prop_assert_eq!(&q.to_setup(), vq, "{} in {}", m, p);
                prop_assert_eq!(*key, 0, "{} in {}", m, p);
            }
            for (m, q) in seen {
                prop_assert!(legal.contains(&m), "{} from for_each_legal in {}", m, p);
                prop_assert_eq!(Ok(q), p.play(m).map_err(|e| e.m), "{} in {}", m, p);
            }
        }
    }

    /// Moves that are not legal are refused, and the position comes back unchanged: any pit
    /// of either side (also pits off the board), as `<pit>` (`Move::from_pit`), with an Omweso
    /// lap choice, as a planting, and with either direction, with or without safari.
    #[test]
    fn illegal_moves_are_rejected((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        let all = every_move();
        for p in sample(&positions) {
            let legal = p.legal_moves();
            for (k, &m) in all.iter().enumerate() {
                if legal.contains(&m) {
                    continue;
                }
                prop_assert!(!p.is_legal(m), "{} is_legal but not listed in {}", m, p);
                match p.play(m) {
                    Ok(q) => prop_assert!(false, "illegal {} played in {} to {}", m, p, q),
                    Err(e) => {
                        prop_assert_eq!(e.m, m);
                        prop_assert_eq!(e.position, *p, "position changed by refused {}", m);
                    }
                }
                prop_assert!(p.trace(m).is_err(), "trace of illegal {} in {}", m, p);
                prop_assert!(p.move_text(m).is_err(), "move_text of illegal {} in {}", m, p);
                // Parsing an illegal move lists the legal ones: sample it.
                if k % 7 == 0 {
                    prop_assert!(p.parse_move(&m.to_string()).is_err(), "parse_move {} in {}", m, p);
                }
            }
        }
    }

    /// Naming a move and playing it in one pass agrees with naming and playing it apart: the
    /// one-generation list of legal moves with their texts is `legal_moves` with `move_text`
    /// each; a trace carries the same text, its position before and `play`'s result; reading
    /// the text back in one pass (`trace_move_text`) gives the same trace; and a record that
    /// takes the trace (`push_trace`) is the record that plays the move.
    #[test]
    fn one_pass_naming_agrees((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, moves) = walk(v, &path);
        let mut record = GameRecord::new(positions[0]);
        for (i, p) in positions.iter().enumerate() {
            let named = p.legal_move_texts();
            let listed: Vec<(Move, String)> = p
                .legal_moves()
                .iter()
                .map(|&m| (m, p.move_text(m).unwrap()))
                .collect();
            prop_assert_eq!(&named, &listed, "in {}", p);
            for (m, text) in &named {
                let t = p.trace(*m).unwrap();
                prop_assert_eq!(t.text(), text.as_str());
                prop_assert_eq!(t.played(), *m);
                prop_assert_eq!(t.before(), p);
                prop_assert_eq!(*t.result(), p.play(*m).unwrap());
                prop_assert_eq!(&p.trace_move_text(text).unwrap(), &t, "{} in {}", text, p);
                prop_assert_eq!(&p.trace_move_text(&m.to_string()).unwrap(), &t);
            }
            if let Some(&m) = moves.get(i).filter(|_| record.outcome().is_none()) {
                let mut played = record.clone();
                played.play(m).unwrap();
                let t = p.trace(m).unwrap();
                record.push_trace(&t).unwrap();
                prop_assert_eq!(&record, &played);
                prop_assert!(record.push_trace(&t).is_err(), "a trace pushed twice");
            }
        }
    }

    /// A trace's result is the move's result; its events end with one Stop or GameOver
    /// (possibly followed by Takasia), or in Kalah with ExtraTurn, or are a single Place (a
    /// planting ply of Omweso's free set-up); replaying the events on the board gives the
    /// result's board, stores, hands and houses, with every seed lifted, taken or captured
    /// either sown, stored or still travelling at a Bao game's end.
    #[test]
    fn traces_match_play((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        for p in &positions {
            for m in p.legal_moves() {
                let t = p.trace(m).unwrap();
                let next = p.play(m).unwrap();
                prop_assert_eq!(t.result(), &next, "{} in {}", m, p);
                let ev = t.events();
                let placement = matches!(ev, [Event::Place { .. }]);
                let game_over = ev.iter().any(|e| matches!(e, Event::GameOver { .. }));
                prop_assert!(t.laps() >= 1 || game_over || placement,
                    "{} in {}: {} laps", m, p, t.laps());
                prop_assert!(t.laps() <= LAP_LIMIT, "{} in {}: {} laps", m, p, t.laps());
                let (end, takasia) = match ev {
                    [.., e, Event::Takasia { pit }] => (e, Some(*pit)),
                    [.., e] => (e, None),
                    [] => return Err(TestCaseError::fail(format!("{m} in {p}: no events"))),
                };
                let ends = ev.iter().filter(|e| matches!(e, Event::Stop { .. } | Event::GameOver { .. } | Event::ExtraTurn)).count();
                if placement {
                    prop_assert_eq!(ends, 0, "{} in {}", m, p);
                } else {
                    prop_assert!(matches!(end, Event::Stop { .. } | Event::GameOver { .. } | Event::ExtraTurn),
                        "{} in {}: ends with {}", m, p, end);
                    // Stop, GameOver and ExtraTurn come once, at the end.
                    prop_assert_eq!(ends, 1, "{} in {}", m, p);
                }
                prop_assert_eq!(takasia, next.takasia(), "{} in {}", m, p);
                prop_assert!(!game_over || is_bao(v), "{} in {}: game over during a move", m, p);
                if is_bao(v) {
                    prop_assert_eq!(
                        game_over,
                        front_row_empty(&next, Side::South) || front_row_empty(&next, Side::North),
                        "{} in {}", m, p
                    );
                }
                let text = p.move_text(m).unwrap();
                let takes = ev.iter().any(|e| matches!(e, Event::Capture { .. } | Event::Take { .. } | Event::Remove { .. }));
                if is_bao(v) {
                    prop_assert_eq!(t.is_capture(), !text.contains('*'), "{} in {}", text, p);
                } else {
                    prop_assert_eq!(t.is_capture(), takes, "{} in {}", text, p);
                    prop_assert!(!text.contains('*'), "{} in {}", text, p);
                }
                let r = replay_events(p, ev)
                    .map_err(|e| TestCaseError::fail(format!("{m} in {p}: {e}")))?;
                let after = next.to_setup();
                prop_assert_eq!(r.board.pits, after.pits, "{} in {}: events do not lead to {}", m, p, next);
                prop_assert_eq!(r.board.stores, after.stores, "{} in {}: events do not lead to {}", m, p, next);
                prop_assert_eq!(r.hands, BySide::new(next.hand(Side::South).unwrap_or(0), next.hand(Side::North).unwrap_or(0)), "{} in {}", m, p);
                prop_assert_eq!(r.houses, BySide::new(next.owns_nyumba(Side::South), next.owns_nyumba(Side::North)), "{} in {}", m, p);
                prop_assert_eq!(r.extra_turn, next.turn() == p.turn(), "{} in {}", m, p);
            }
        }
    }

    /// Diagrams round-trip: parsing a position's diagram and checking it against the variant
    /// (allowing a partial seed total, for finished games) gives the same position and text.
    #[test]
    fn diagrams_round_trip((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        for p in &positions {
            let d = p.diagram();
            let setup: Setup = d.parse().map_err(|e| TestCaseError::fail(format!("{d}: {e}")))?;
            prop_assert_eq!(setup, p.to_setup(), "{}", d);
            prop_assert_eq!(setup.to_string(), d.clone());
            prop_assert_eq!(usize::from(setup.rows), v.rows(), "{}", d);
            prop_assert_eq!(usize::from(setup.width), v.width(), "{}", d);
            let back = Position::from_setup(v, &setup, SeedTotal::AllowPartial)
                .map_err(|e| TestCaseError::fail(format!("{d}: {e}")))?;
            prop_assert_eq!(back, *p, "{}", d);
            prop_assert_eq!(back.diagram(), d.clone());
            prop_assert_eq!(back.zobrist(), p.zobrist(), "{}", d);
            if p.total_seeds() == v.total_seeds() {
                prop_assert_eq!(Position::from_setup(v, &setup, SeedTotal::Exact), Ok(*p), "{}", d);
            }
        }
    }

    /// Move texts round-trip: `move_text` (with marks) and `Move`'s Display (without) both parse
    /// back to the move, and `MoveText` parses and prints them unchanged; a move without a
    /// direction (`Move::from_pit`) has no sign.
    #[test]
    fn move_texts_round_trip((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        for p in &positions {
            for m in p.legal_moves() {
                let text = p.move_text(m).unwrap();
                prop_assert_eq!(p.parse_move(&text), Ok(m), "{} in {}", text, p);
                let plain = m.to_string();
                prop_assert!(text.starts_with(&plain), "{} vs {}", text, plain);
                prop_assert_eq!(p.parse_move(&plain), Ok(m), "{} in {}", plain, p);
                for t in [&text, &plain] {
                    let mt: MoveText = t.parse().map_err(|e| TestCaseError::fail(format!("{t}: {e}")))?;
                    prop_assert_eq!(&mt.to_string(), t);
                    prop_assert_eq!(mt.pit, m.pit());
                    prop_assert_eq!(mt.safari, m.is_safari());
                    prop_assert_eq!(mt.place, m.is_place());
                    prop_assert_eq!(&mt.choices, &m.choices().collect::<Vec<_>>());
                    prop_assert_eq!(mt.sign.is_none(), m.dir().is_none(), "{}", t);
                    prop_assert_eq!(mt.sign.and_then(|c| Direction::from_sign(c, mt.pit)), m.dir());
                }
                if m.dir().is_none() && !m.is_place() && m.choice_count() == 0 {
                    prop_assert_eq!(m, Move::from_pit(m.pit()));
                    prop_assert_eq!(plain.clone(), m.pit().to_string());
                }
                // Wrong marks are refused.
                let wrong = if text.contains('*') { plain.clone() + "#*" } else { plain.clone() + "*" };
                prop_assert!(p.parse_move(&wrong).is_err(), "{} in {}", wrong, p);
            }
        }
    }

    /// The incremental Zobrist key equals the one computed from scratch at every position,
    /// also for the positions `for_each_legal` hands out; equal positions have equal keys.
    #[test]
    fn zobrist_is_incremental((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        for p in &positions {
            prop_assert_eq!(p.zobrist(), p.compute_zobrist(), "{}", p);
            let mut bad = None;
            p.for_each_legal(|m, q| {
                if q.zobrist() != q.compute_zobrist() {
                    bad = Some(m);
                }
            });
            prop_assert!(bad.is_none(), "for_each_legal {:?} in {}", bad, p);
        }
        for w in positions.windows(2) {
            if w[0] == w[1] {
                prop_assert_eq!(w[0].zobrist(), w[1].zobrist());
            }
        }
    }

    /// Every move of the path ends within the lap limit, and the game record layer replays the
    /// path, drawing by repetition at the variant's count (decisions.md: the first recurrence
    /// in Hawalis and Bao la Kimasai 4x12, else the third occurrence); its text form parses
    /// back to the same moves and final position.
    #[test]
    fn moves_end_and_records_replay((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, moves) = walk(v, &path);
        prop_assert_eq!(v.game().repetitions_for_draw(), repetitions_for_draw(v), "{}", v);
        let mut record = GameRecord::new(Position::new(v));
        for (i, &m) in moves.iter().enumerate() {
            let t = positions[i].trace(m).unwrap();
            prop_assert!(t.laps() <= LAP_LIMIT, "{} in {}: {} laps", m, positions[i], t.laps());
            let seen = positions[..=i].iter().filter(|&q| *q == positions[i]).count();
            prop_assert_eq!(record.repetitions(), seen, "ply {}", i);
            let drawn = seen >= repetitions_for_draw(v) && positions[i].outcome().is_none();
            prop_assert_eq!(
                record.outcome().is_some_and(|o| o.reason == EndReason::Repetition),
                drawn,
                "{} after ply {}: occurrence {} of {}", v, i, seen, positions[i]
            );
            if record.outcome().is_some() {
                // Drawn by repetition (R11): the record refuses further moves.
                prop_assert!(record.play(m).is_err());
                break;
            }
            record.play(m).map_err(|e| TestCaseError::fail(format!("ply {}: {e}", i + 1)))?;
            prop_assert_eq!(record.position(), &positions[i + 1]);
        }
        let text = record.to_text();
        let back = GameRecord::parse(&text)
            .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back.variant(), v);
        prop_assert_eq!(back.moves(), record.moves(), "{}", text);
        prop_assert_eq!(back.position(), record.position(), "{}", text);
        prop_assert_eq!(back.outcome(), record.outcome(), "{}", text);
        prop_assert_eq!(back.to_text(), text);
    }

    /// No position of a game comes near `MAX_MOVES` (the list is never full), and a game
    /// whose moves are `<pit>` alone has at most one move per pit of the mover.
    #[test]
    fn move_lists_fit((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        for p in &positions {
            let legal = p.legal_moves();
            prop_assert!(legal.len() < MAX_MOVES, "{}", p);
            if !is_bao(v) && v.game() != Game::Omweso {
                prop_assert!(legal.len() <= v.rows() / 2 * v.width(), "{}", p);
            }
        }
    }

    /// Random boards of every variant (any seed counts up to a full pit, partial totals, any
    /// hands, houses and stores): the move list fits and nothing panics when every move is
    /// played.
    #[test]
    fn random_boards_fit(
        vi in 0..Variant::ALL.len(),
        pits in prop::collection::vec(0u8..=16, 4 * MAX_WIDTH),
        empty in prop::collection::vec(any::<bool>(), 4 * MAX_WIDTH),
        hands in (0u8..=22, 0u8..=22),
        houses in (any::<bool>(), any::<bool>()),
        stores in (0u8..=40, 0u8..=40),
        north in any::<bool>(),
    ) {
        let v = Variant::ALL[vi];
        let mut setup: Setup = Position::new(v).diagram().parse().unwrap();
        setup.turn = if north { Side::North } else { Side::South };
        for (k, pit) in board_pits(v).into_iter().enumerate() {
            let r = usize::from(pit.row() == Row::Back);
            // Some pits empty, so that singletons, empty rows and big pits all occur.
            setup.pits[pit.side()][r][usize::from(pit.col()) - 1] = if empty[k] { 0 } else { pits[k] };
        }
        if let Some(b) = setup.bao.as_mut() {
            b.hands = BySide::new(hands.0, hands.1);
            b.nyumba = BySide::new(houses.0, houses.1);
        }
        if let Some(s) = setup.stores.as_mut() {
            *s = BySide::new(stores.0, stores.1);
        }
        if let Ok(p) = Position::from_setup(v, &setup, SeedTotal::AllowPartial) {
            let legal = p.legal_moves();
            prop_assert!(legal.len() < MAX_MOVES, "{}", p);
            // The outcome's test for a legal move (which stops at the first one) agrees with
            // the list.
            let no_move = p.outcome().is_some_and(|o| o.reason == EndReason::NoLegalMove);
            prop_assert!(!legal.is_empty() || p.outcome().is_some(), "{}", p);
            prop_assert!(!no_move || legal.is_empty(), "{}", p);
            for m in legal {
                let q = p.play(m);
                prop_assert!(q.is_ok(), "{} in {}", m, p);
                prop_assert!(p.move_text(m).is_ok(), "{} in {}", m, p);
            }
            let _ = p.outcome();
        }
    }

    /// The parsers never panic on arbitrary text.
    #[test]
    fn parsers_never_panic_on_any_text(s in ".*") {
        let _ = s.parse::<Setup>();
        let _ = s.parse::<MoveText>();
        let _ = GameRecord::parse(&s);
        for v in Variant::DEFAULTS {
            let _ = Position::new(v).parse_move(&s);
        }
    }

    /// Near-valid diagrams: never a panic, and whatever parses prints back unchanged and is
    /// either accepted or refused by every variant without a panic; an accepted position's
    /// moves play.
    #[test]
    fn near_valid_diagrams(
        s in "(([0-9]{1,3},){0,15}[0-9]{1,3}/){1,4}([0-9]{1,3},){0,15}[0-9]{1,3} [SNX ]( [0-9]{1,3},[0-9]{1,3}( [01]{2} (-|[aAbB][0-9]{1,2})( (-|[aAbB][0-9]{1,2}))?)?)?"
    ) {
        check_diagram_text(&s)?;
    }

    /// Well-formed diagrams of any shape (two or four rows, widths 1 to 16, small counts so
    /// that some fit a variant's total) with every field combination a diagram may have (none,
    /// stores, Bao hands/houses/takasia, Bao la Kete's fourth field), some with one character
    /// changed: the same as above.
    #[test]
    fn shaped_diagrams(
        four in any::<bool>(),
        width in 1usize..=MAX_WIDTH,
        counts in prop::collection::vec(0u8..=6, 4 * MAX_WIDTH),
        north in any::<bool>(),
        fields in 0usize..4,
        pair in (0u8..=60, 0u8..=60),
        takasia in "(-|[aA][1-8])",
        mutate in prop::option::of((any::<prop::sample::Index>(), "[0-9,/ SNab-]")),
    ) {
        let rows = if four { 4 } else { 2 };
        let board: Vec<String> = (0..rows)
            .map(|r| {
                counts[r * MAX_WIDTH..r * MAX_WIDTH + width]
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let mut d = format!("{} {}", board.join("/"), if north { 'N' } else { 'S' });
        match fields {
            0 => {}
            1 => d += &format!(" {},{}", pair.0, pair.1),
            2 => d += &format!(" {},{} 11 {takasia}", pair.0 % 23, pair.1 % 23),
            _ => d += &format!(" {},{} 10 {takasia} -", pair.0 % 23, pair.1 % 23),
        }
        if let Some((at, c)) = mutate {
            let k = at.index(d.len());
            d = format!("{}{}{}", &d[..k], c, &d[k + 1..]);
        }
        check_diagram_text(&d)?;
    }

    /// Near-valid diagrams made by mutating one character of a real one.
    #[test]
    fn mutated_diagrams((vi, path) in game(), at in any::<prop::sample::Index>(), c in "[0-9,/ SNab-]") {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        let d = positions.last().unwrap().diagram();
        let k = at.index(d.len());
        let mutated = format!("{}{}{}", &d[..k], c, &d[k + 1..]);
        if let Ok(setup) = mutated.parse::<Setup>() {
            prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup), "{}", mutated);
            if let Ok(p) = Position::from_setup(v, &setup, SeedTotal::AllowPartial) {
                for m in p.legal_moves() {
                    prop_assert!(p.play(m).is_ok(), "{} in {}", m, mutated);
                }
            }
        }
    }

    /// Near-valid move texts: never a panic; whatever parses prints back unchanged; a position
    /// either finds the move or says why not.
    #[test]
    fn near_valid_move_texts((vi, path) in game(), s in "[+]?[ABabCx]?[0-9]{0,3}[<>]{0,2}[ac]{0,3}[+]{0,2}[*]{0,3}#?[#*]?") {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        if let Ok(mt) = s.parse::<MoveText>() {
            // Printing gives the canonical text (a leading zero in the column is dropped),
            // which parses back to the same move text.
            prop_assert_eq!(mt.to_string().parse::<MoveText>(), Ok(mt.clone()), "{}", s);
        }
        for p in positions.iter().rev().take(3) {
            if let Ok(m) = p.parse_move(&s) {
                prop_assert!(p.is_legal(m), "{} parsed to illegal {} in {}", s, m, p);
            }
        }
    }

    /// Near-valid game records: real records with a line or token damaged never panic, and a
    /// record that still parses replays to a legal game.
    #[test]
    fn near_valid_records((vi, path) in game(), cut in any::<prop::sample::Index>(), junk in "[0-9.\\[\\]\" a-zA-Z<>+*#{}/-]{0,12}") {
        let v = Variant::ALL[vi];
        let (_, moves) = walk(v, &path);
        let mut record = GameRecord::new(Position::new(v));
        for m in moves {
            if record.play(m).is_err() {
                break;
            }
        }
        let text = record.to_text();
        let k = cut.index(text.len() + 1);
        let k = (0..=k).rev().find(|&k| text.is_char_boundary(k)).unwrap_or(0);
        for damaged in [
            format!("{}{}{}", &text[..k], junk, &text[k..]),
            text[..k].to_owned(),
            format!("{}{}", &text[..k], &text[(k + junk.len()).min(text.len())..]),
        ] {
            if let Ok(g) = GameRecord::parse(&damaged) {
                let mut replay = GameRecord::new(*g.start());
                for &m in g.moves() {
                    prop_assert!(replay.play(m).is_ok(), "{}", damaged);
                }
            }
        }
    }
}

/// A diagram text: never a panic; what parses prints back to the same setup; every variant
/// accepts or refuses it without a panic, and an accepted position's moves play.
fn check_diagram_text(s: &str) -> Result<(), TestCaseError> {
    if let Ok(setup) = s.parse::<Setup>() {
        // Printing is canonical (leading zeros dropped) and parses back to the same setup.
        prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup), "{}", s);
        prop_assert!(setup.rows == 2 || setup.rows == 4, "{}", s);
        for v in Variant::ALL {
            for total in [SeedTotal::Exact, SeedTotal::AllowPartial] {
                if let Ok(p) = Position::from_setup(v, &setup, total) {
                    prop_assert_eq!(usize::from(setup.width), v.width(), "{} as {}", s, v);
                    prop_assert_eq!(usize::from(setup.rows), v.rows(), "{} as {}", s, v);
                    if total == SeedTotal::Exact {
                        prop_assert_eq!(p.total_seeds(), v.total_seeds(), "{} as {}", s, v);
                    }
                    for m in p.legal_moves() {
                        prop_assert!(p.play(m).is_ok(), "{} in {} as {}", m, s, v);
                    }
                }
            }
        }
    }
    Ok(())
}

/// The bound at its tightest: a mtaji Bao la Kujifunza position where every sowing of South's
/// but two is a capture move (a partial position: more seeds than the game has, which only a
/// test may build). From F3..F6 two seeds land in an occupied front pit either way; the other
/// pits hold the smallest count that does the same (F2 and F7 need 15); F1 and F8 capture one
/// way only, since no count lands in the front row both ways from a kichwa. So 30 moves: a
/// player sows only his own 16 pits, so no list ever comes near `MAX_MOVES` = 64.
#[test]
fn max_moves_bound_near_its_tightest() {
    // South: front A1..A8, back B1..B8; North's front row all 1 so every landing faces seeds.
    let d = "0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1/2,15,2,2,2,2,15,2/8,7,6,5,5,6,7,8 S";
    let setup: Setup = d.parse().unwrap();
    let pos =
        Position::from_setup(Variant::BAO_LA_KUJIFUNZA, &setup, SeedTotal::AllowPartial).unwrap();
    let legal = pos.legal_moves();
    assert_eq!(legal.len(), 30, "{d}: {legal:?}");
    assert!(legal.len() <= MAX_MOVES);
    for m in legal {
        assert!(pos.trace(m).unwrap().is_capture(), "{m}");
    }
    // The Bao la Kujifunza start, with all pits 2: 16 moves (research note §4.6).
    assert_eq!(
        Position::new(Variant::BAO_LA_KUJIFUNZA).legal_moves().len(),
        16
    );
}

/// The same position with exactly 64 seeds, as close to the bound as a real position gets with
/// many 2-seed pits: South's front row all 2 and its back row arranged to capture both ways.
#[test]
fn max_moves_in_a_full_position() {
    let d = "1,1,1,1,0,0,0,0/1,1,1,1,1,1,1,1/2,2,2,2,2,2,2,2/0,7,6,5,5,6,7,0 S";
    let setup: Setup = d.parse().unwrap();
    assert_eq!(setup.total_seeds(), 64);
    let pos = Position::from_setup(Variant::BAO_LA_KUJIFUNZA, &setup, SeedTotal::Exact).unwrap();
    let legal = pos.legal_moves();
    // Front: A1> A2> A3<> A4<> A5<> A6<> A7< A8< (12); back B2..B7 both ways (12).
    assert_eq!(legal.len(), 24, "{d}: {legal:?}");
    assert!(legal.len() <= MAX_MOVES);
}

/// Hawalis draws at the first recurrence of a position (decisions.md), not at the third as the
/// other variants do: the record layer must count by `Game::repetitions_for_draw`. Two short
/// games found by a search for cycles: the last move brings back a position of the game (same
/// side to move) for the first time, and the record is drawn there and not before.
#[test]
fn hawalis_draws_at_the_first_recurrence() {
    for (slug, start, moves) in [
        (
            "hawalis",
            "1,0,0,0,0,0,1/0,1,0,0,2,0,1/0,0,1,0,0,2,1/0,0,0,0,0,2,0 S 22,22",
            "A6 a3 B6 b1 A4 b2 A1 b3 B1 b4 B2 b5 B3 b6 B4 a4 B5",
        ),
        (
            "hawalis-4x8",
            "0,0,0,0,0,0,0,0/0,0,0,1,2,1,0,1/0,0,0,1,0,0,0,0/0,0,0,0,2,1,0,2 S 27,26",
            "B8 a4 B5 a3 B6 a2 B7 b2 B8 b3 A6 b4 A5 b5 A2 b6 A1 b7 B1 b8 B2 a8 B3 a7 B4 a6",
        ),
    ] {
        let v: Variant = slug.parse().unwrap();
        let start = Position::from_setup(v, &start.parse().unwrap(), SeedTotal::Exact).unwrap();
        let mut record = GameRecord::new(start);
        for (ply, text) in moves.split(' ').enumerate() {
            assert!(
                record.outcome().is_none(),
                "{slug}: over before ply {}: {:?}",
                ply + 1,
                record.outcome()
            );
            assert_eq!(record.repetitions(), 1, "{slug} before ply {}", ply + 1);
            record.play_text(Notation::Canonical, text).unwrap();
        }
        assert_eq!(record.repetitions(), 2, "{slug}: {}", record.to_text());
        let o = record.outcome();
        assert!(
            o.is_some_and(|o| o.winner.is_none() && o.reason == EndReason::Repetition),
            "{slug}: the first recurrence does not draw: {o:?}"
        );
        let next = record.position().legal_moves()[0];
        assert!(record.play(next).is_err(), "{slug}: a move after the draw");
        // The record's text keeps the draw.
        let back = GameRecord::parse(&record.to_text()).unwrap();
        assert_eq!(back.outcome(), o);
    }
}

/// The most moves a game with `<pit>` moves can have: Hus on 4x16 with every one of South's 32
/// pits holding 2 or more seeds (96 seeds: 2 in each of South's pits, 2 in each of North's
/// front pits), so every pit is a legal start: 32 moves, far below `MAX_MOVES`.
#[test]
fn max_moves_in_hus_4x16() {
    let v: Variant = "hus-4x16".parse().unwrap();
    let twos = vec!["2"; 16].join(",");
    let zeros = vec!["0"; 16].join(",");
    let d = format!("{zeros}/{twos}/{twos}/{twos} S");
    let pos = Position::from_setup(v, &d.parse().unwrap(), SeedTotal::Exact).unwrap();
    let legal = pos.legal_moves();
    assert_eq!(legal.len(), 32, "{d}: {legal:?}");
    assert!(legal.len() < MAX_MOVES);
    for m in legal {
        assert_eq!(m, Move::from_pit(m.pit()));
        assert!(pos.play(m).is_ok());
    }
}

/// Move-text syntax at the edges the fuzzer found (notation.md): `+` after the pit is safari,
/// which only a move with a direction has (`A6+` is refused, so `A6c+` and `A1a+` must be too:
/// they print as `A6+c`, which does not parse back); a leading `+` is a planting, which has no
/// direction, so `+A6<` names no move: a position must not read it as `A6<`, nor `A6c+` as
/// `A6c`.
#[test]
fn move_text_edges() {
    for bad in ["A6+", "A6+c", "+A6c", "A6c+", "A1a+", "A1ca+"] {
        assert!(bad.parse::<MoveText>().is_err(), "{bad} parses");
    }
    // Whatever parses prints back to a text that parses to the same thing.
    for t in ["A6c", "A6ac", "+A3", "A6<+", "B2cac", "A6<*#"] {
        let mt: MoveText = t.parse().unwrap();
        assert_eq!(mt.to_string(), t);
    }
    let bao = Position::new(Variant::BAO_LA_KISWAHILI);
    assert!(bao.parse_move("A6<").is_ok());
    assert!(bao.parse_move("+A6<").is_err(), "+A6< read as A6<");
    let v: Variant = "omweso".parse().unwrap();
    let d = "0,0,5,5,0,0,4,4/0,4,4,3,1,1,1,0/0,1,0,1,3,4,2,0/0,5,0,0,1,6,2,7 S";
    let omweso = Position::from_setup(v, &d.parse().unwrap(), SeedTotal::AllowPartial).unwrap();
    assert!(omweso.parse_move("A6c").is_ok());
    assert!(omweso.parse_move("A6c+").is_err(), "A6c+ read as A6c");
}
