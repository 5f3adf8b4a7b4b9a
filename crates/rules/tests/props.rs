//! Property tests over generated games, for every variant in `Variant::ALL`.
//!
//! Games are generated as play paths, not boards: a `Vec<u16>` whose `i`-th value picks the
//! `i`-th move as `value % legal.len()`, from the variant's start position. Every position of
//! the path is then checked. A failing case shrinks to a short path and prints the variant index
//! and the path; `walk` turns it back into positions.
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
    BySide, Direction, EndReason, LAP_LIMIT, MAX_MOVES, Move, MoveText, Pit, Position, Row,
    SeedTotal, Setup, Side, Variant,
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

/// Every move text of either side: any pit, both directions, with and without safari.
fn every_move() -> Vec<Move> {
    let mut out = Vec::new();
    for side in Side::ALL {
        for row in [Row::Front, Row::Back] {
            for col in 1..=8 {
                let pit = Pit::new(side, row, col).expect("a pit on the board");
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
    (1..=8).all(|c| p.seeds(Pit::new(side, Row::Front, c).expect("a front pit")) == 0)
}

/// Replays a trace's events on the position's board and checks what they say about the seeds.
/// Returns the board, hands and houses the events lead to.
fn replay_events(
    before: &Position,
    events: &[Event],
) -> Result<(Setup, BySide<u8>, BySide<bool>), String> {
    let mut s = before.to_setup();
    let mut hands = BySide::new(before.hand(Side::South), before.hand(Side::North));
    let mut houses = BySide::new(
        before.owns_house(Side::South),
        before.owns_house(Side::North),
    );
    let mover = before.turn();
    let idx = |p: Pit| {
        (
            p.side(),
            usize::from(p.row() == Row::Back),
            usize::from(p.col()) - 1,
        )
    };
    let (mut lifted, mut sown, mut travelling) = (0u32, 0u32, 0u32);
    for (i, e) in events.iter().enumerate() {
        match *e {
            Event::Place { pit } => {
                let (sd, r, c) = idx(pit);
                if hands[mover] == 0 || sd != mover {
                    return Err(format!("event {i} places with no seed in hand: {e}"));
                }
                hands[mover] -= 1;
                s.pits[sd][r][c] += 1;
            }
            Event::Lift { pit, seeds } | Event::Tax { pit, seeds } => {
                let (sd, r, c) = idx(pit);
                if sd != mover || s.pits[sd][r][c] < seeds {
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
                let (sd, r, c) = idx(pit);
                if sd != mover {
                    return Err(format!("event {i} sows on the opponent's side: {e}"));
                }
                s.pits[sd][r][c] += 1;
                sown += 1;
            }
            Event::Capture { from, seeds, .. } => {
                let (sd, r, c) = idx(from);
                if sd == mover || r != 0 || s.pits[sd][r][c] != seeds || seeds == 0 {
                    return Err(format!("event {i} captures wrongly: {e}"));
                }
                s.pits[sd][r][c] = 0;
                lifted += u32::from(seeds);
            }
            Event::HouseDestroyed { side } => {
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
            "{sown} seeds sown and {travelling} travelling, but {lifted} lifted or captured"
        ));
    }
    Ok((s, hands, houses))
}

proptest! {
    #![proptest_config(config())]

    /// Seeds are conserved: board + hands = 64 at every position, except the final position of
    /// a game that ended during a move (a front row emptied), where seeds still travelling are
    /// gone.
    #[test]
    fn seeds_are_conserved((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        let last = positions.len() - 1;
        for (i, p) in positions.iter().enumerate() {
            let total = p.total_seeds();
            prop_assert_eq!(total, p.to_setup().total_seeds(), "{}", p);
            if total != v.total_seeds() {
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
    /// moves of the side to move.
    #[test]
    fn legal_moves_play((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        for p in &positions {
            let legal = p.legal_moves();
            for (k, &m) in legal.iter().enumerate() {
                prop_assert!(!legal[..k].contains(&m), "duplicate {} in {}", m, p);
                prop_assert_eq!(m.pit().side(), p.turn(), "{} in {}", m, p);
                prop_assert!(p.is_legal(m), "{} listed but not is_legal in {}", m, p);
                let next = p.play(m);
                prop_assert!(next.is_ok(), "{} does not play in {}", m, p);
                let next = next.unwrap();
                prop_assert_eq!(next.turn(), p.turn().other(), "{} in {}", m, p);
                let mut unchecked = *p;
                unchecked.play_unchecked(m);
                prop_assert_eq!(unchecked, next, "play_unchecked {} in {}", m, p);
            }
            // for_each_legal gives the same moves and positions.
            let mut seen = Vec::new();
            p.for_each_legal(|m, q| seen.push((m, q)));
            prop_assert_eq!(seen.len(), legal.len(), "{}", p);
            for (m, q) in seen {
                prop_assert!(legal.contains(&m), "{} from for_each_legal in {}", m, p);
                prop_assert_eq!(Ok(q), p.play(m).map_err(|e| e.m), "{} in {}", m, p);
            }
        }
    }

    /// Moves that are not legal (any pit of either side, either direction, with or without
    /// safari) are refused, and the position comes back unchanged.
    #[test]
    fn illegal_moves_are_rejected((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        let all = every_move();
        for p in &positions {
            let legal = p.legal_moves();
            for &m in &all {
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
                prop_assert!(p.parse_move(&m.to_string()).is_err(), "parse_move {} in {}", m, p);
            }
        }
    }

    /// A trace's result is the move's result; its events end with Stop or GameOver (possibly
    /// followed by Takasia); replaying its events on the board gives the result's board, with
    /// every seed lifted or captured either sown or still travelling at the game's end.
    #[test]
    fn traces_match_play((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        for p in &positions {
            for m in p.legal_moves() {
                let t = p.trace(m).unwrap();
                let next = p.play(m).unwrap();
                prop_assert_eq!(t.result(), &next, "{} in {}", m, p);
                prop_assert!(t.laps() >= 1 || t.events().iter().any(|e| matches!(e, Event::GameOver { .. })),
                    "{} in {}: {} laps", m, p, t.laps());
                prop_assert!(t.laps() <= LAP_LIMIT, "{} in {}: {} laps", m, p, t.laps());
                let ev = t.events();
                let (end, takasia) = match ev {
                    [.., e, Event::Takasia { pit }] => (e, Some(*pit)),
                    [.., e] => (e, None),
                    [] => return Err(TestCaseError::fail(format!("{m} in {p}: no events"))),
                };
                prop_assert!(matches!(end, Event::Stop { .. } | Event::GameOver { .. }),
                    "{} in {}: ends with {}", m, p, end);
                prop_assert_eq!(takasia, next.takasia(), "{} in {}", m, p);
                let game_over = matches!(end, Event::GameOver { .. });
                prop_assert_eq!(
                    game_over,
                    front_row_empty(&next, Side::South) || front_row_empty(&next, Side::North),
                    "{} in {}", m, p
                );
                // Stop and GameOver come once, at the end.
                let ends = ev.iter().filter(|e| matches!(e, Event::Stop { .. } | Event::GameOver { .. })).count();
                prop_assert_eq!(ends, 1, "{} in {}", m, p);
                let text = p.move_text(m).unwrap();
                prop_assert_eq!(t.is_capture(), !text.contains('*'), "{} in {}", text, p);
                let (board, hands, houses) = replay_events(p, ev)
                    .map_err(|e| TestCaseError::fail(format!("{m} in {p}: {e}")))?;
                let after = next.to_setup();
                prop_assert_eq!(board.pits, after.pits, "{} in {}: events do not lead to {}", m, p, next);
                prop_assert_eq!(hands, BySide::new(next.hand(Side::South), next.hand(Side::North)), "{} in {}", m, p);
                prop_assert_eq!(houses, BySide::new(next.owns_house(Side::South), next.owns_house(Side::North)), "{} in {}", m, p);
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
    /// back to the move, and `MoveText` parses and prints them unchanged.
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
                    prop_assert_eq!(mt.sign.and_then(|c| Direction::from_sign(c, mt.pit)), m.dir());
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
    /// path; its text form parses back to the same moves and final position.
    #[test]
    fn moves_end_and_records_replay((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, moves) = walk(v, &path);
        let mut record = GameRecord::new(Position::new(v));
        for (i, &m) in moves.iter().enumerate() {
            let t = positions[i].trace(m).unwrap();
            prop_assert!(t.laps() <= LAP_LIMIT, "{} in {}: {} laps", m, positions[i], t.laps());
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

    /// No position of a game has more legal moves than `MAX_MOVES`.
    #[test]
    fn move_lists_fit((vi, path) in game()) {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        for p in &positions {
            prop_assert!(p.legal_moves().len() <= MAX_MOVES, "{}", p);
        }
    }

    /// Random boards (mtaji and namua, any seed counts up to a full pit, partial totals): the
    /// move list fits and nothing panics when every move is played.
    #[test]
    fn random_boards_fit(
        vi in 0..Variant::ALL.len(),
        pits in prop::collection::vec(0u8..=16, 32),
        hands in (0u8..=22, 0u8..=22),
        houses in (any::<bool>(), any::<bool>()),
        north in any::<bool>(),
    ) {
        let v = Variant::ALL[vi];
        let mut setup: Setup = Position::new(v).diagram().parse().unwrap();
        setup.turn = if north { Side::North } else { Side::South };
        for (k, &n) in pits.iter().enumerate() {
            setup.pits[Side::ALL[k / 16]][(k / 8) % 2][k % 8] = n;
        }
        if let Some(b) = setup.bao.as_mut() {
            b.hands = BySide::new(hands.0, hands.1);
            b.houses = BySide::new(houses.0, houses.1);
        }
        if let Ok(p) = Position::from_setup(v, &setup, SeedTotal::AllowPartial) {
            let legal = p.legal_moves();
            prop_assert!(legal.len() <= MAX_MOVES, "{}", p);
            for m in legal {
                let q = p.play(m);
                prop_assert!(q.is_ok(), "{} in {}", m, p);
                let _ = p.move_text(m);
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
        let _ = Position::new(Variant::BAO_LA_KISWAHILI).parse_move(&s);
        let _ = Position::new(Variant::BAO_LA_KUJIFUNZA).parse_move(&s);
    }

    /// Near-valid diagrams: never a panic, and whatever parses prints back unchanged and is
    /// either accepted or refused by every variant without a panic; an accepted position's
    /// moves play.
    #[test]
    fn near_valid_diagrams(
        s in "(([0-9]{1,3},){0,8}[0-9]{1,3}/){3,4}([0-9]{1,3},){0,8}[0-9]{1,3} [SNX ]( [0-9]{1,3},[0-9]{1,3} [01]{2} (-|[aAbB][0-9]{1,2})( (-|[aAbB][0-9]{1,2}))?)?"
    ) {
        if let Ok(setup) = s.parse::<Setup>() {
            // Printing is canonical (leading zeros dropped) and parses back to the same setup.
            prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup), "{}", s);
            for v in Variant::ALL {
                for total in [SeedTotal::Exact, SeedTotal::AllowPartial] {
                    if let Ok(p) = Position::from_setup(v, &setup, total) {
                        for m in p.legal_moves() {
                            prop_assert!(p.play(m).is_ok());
                        }
                    }
                }
            }
        }
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
    fn near_valid_move_texts((vi, path) in game(), s in "[ABabCx]?[0-9]{0,3}[<>]{0,2}[+]{0,2}[*]{0,3}#?[#*]?") {
        let v = Variant::ALL[vi];
        let (positions, _) = walk(v, &path);
        if let Ok(mt) = s.parse::<MoveText>() {
            // Printing gives the canonical text (a leading zero in the column is dropped),
            // which parses back to the same move text.
            prop_assert_eq!(mt.to_string().parse::<MoveText>(), Ok(mt), "{}", s);
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
