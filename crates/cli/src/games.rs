//! What the command says about each game: where its rules are written, what the stores field of
//! its diagrams holds, and how its moves are typed. The rules library decides everything else.

use mancala::{Family, Game, Move, Pit, Position, Setup, StoresField, Variant};

/// The rules page of a game, relative to the repository root.
pub(crate) fn rules_page(game: Game) -> String {
    format!("docs/rules/{}.md", game.rules_page())
}

/// What a diagram's stores field holds in `game` (the rules library knows; "captured" for the
/// games without such a field, which never print it).
pub(crate) fn stores_label(game: Game) -> &'static str {
    match Variant::new(game).stores_field() {
        Some(StoresField::Store) => "store",
        Some(StoresField::Captured) | None => "captured",
        Some(StoresField::Reserve) => "reserve",
        Some(StoresField::ToPlace) => "to place",
    }
}

/// The same, read from a diagram alone: two rows are Kalah's; the stores field of a four-row
/// diagram is taken for captured seeds (Hawalis).
pub(crate) fn stores_label_of_diagram(setup: &Setup) -> &'static str {
    if setup.rows == 2 { "store" } else { "captured" }
}

/// Every move of a form the position's game uses, legal or not, for the never-ending search:
/// each own pit in both directions in the Bao games, else each own pit alone and with a reserve
/// seed planted first. (Moves with lap choices, Omweso's, are not generated.)
pub(crate) fn move_forms(pos: &Position) -> Vec<Move> {
    let pits: Vec<Pit> = pos.variant().pits(pos.turn()).collect();
    if pos.variant().game().chooses_direction() {
        use mancala::Direction::{Anticlockwise, Clockwise};
        pits.iter()
            .flat_map(|&p| [Move::new(p, Clockwise), Move::new(p, Anticlockwise)])
            .collect()
    } else {
        pits.iter()
            .flat_map(|&p| [Move::from_pit(p), Move::place(p)])
            .collect()
    }
}

/// The lines of `play`'s help that depend on the game: how a move is typed (command lines), and
/// how the pits are named and sown (a paragraph ending with the rules page).
pub(crate) fn move_help(game: Game) -> (String, String) {
    let w = game.width();
    let bao = "  A6<        play a move: pit, then > or < (+ for safari); marks * ** # optional\n";
    let pit_only =
        "  A3         play a move: the pit to sow from; the mark # (a win) is optional\n";
    let four_rows = "Pits: A (front) and B (back) are South's rows, a and b North's; columns count \
                     from each owner's left.";
    let (moves, about) = match game.family() {
        Family::Bao => (
            bao.to_owned(),
            format!(
                "{four_rows} From a front pit > sows towards the mover's right; from a back \
                 pit, towards the mover's right along the back row. Marks: * takasa, ** takasa \
                 that sets takasia, # wins."
            ),
        ),
        Family::Kalah => (
            pit_only.to_owned(),
            format!(
                "Pits: A1..A{w} are South's, a1..a{w} North's, each counted from its owner's \
                 left; each player's store is at its right end. Seeds go anticlockwise, into \
                 your own store but not the opponent's. A last seed in your store gives you \
                 another move; one in an empty pit of yours captures the pit opposite."
            ),
        ),
        Family::Kimasai => (
            format!(
                "{pit_only}  +A3        plant a seed from your reserve in A3, then sow from A3\n"
            ),
            format!(
                "{four_rows} Seeds go clockwise: A1 → A{w} → B{w} → B1 → A1. While your \
                 reserve lasts, each move plants one of its seeds first."
            ),
        ),
        Family::KimasaiSliding => (
            "  A3         play a move: the pit whose stone slides one step\n".to_owned(),
            format!("{four_rows} Stones slide anticlockwise: B1 → B{w} → A{w} → A1 → B1."),
        ),
        Family::Omweso => (
            format!(
                "{pit_only}  A2ca       with a choice per lap that may turn: c clockwise, a \
                 anticlockwise\n"
            ),
            format!(
                "{four_rows} Seeds go anticlockwise: B1 → B{w} → A{w} → A1 → B1. A lap from \
                 one of your four leftmost pits may go clockwise instead when it would end in a \
                 capture: you choose, lap by lap."
            ),
        ),
        Family::Hawalis | Family::Hus => (
            pit_only.to_owned(),
            format!("{four_rows} Seeds go anticlockwise: B1 → B{w} → A{w} → A1 → B1."),
        ),
    };
    let about = wrap(&about, 80);
    (moves, format!("{about}The rules: {}.\n", rules_page(game)))
}

/// `text` wrapped at spaces to lines under `width` columns, each ending with a newline.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut len = 0;
    if text.is_empty() {
        return out;
    }
    for word in text.split_whitespace() {
        let n = word.chars().count();
        if len > 0 && len + 1 + n >= width {
            out.push('\n');
            len = 0;
        } else if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(word);
        len += n;
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala::Variant;

    #[test]
    fn every_game_has_a_page_and_help() {
        for v in Variant::DEFAULTS {
            let g = v.game();
            assert!(rules_page(g).ends_with(".md"));
            let (moves, about) = move_help(g);
            assert!(about.contains(&rules_page(g)), "{about}");
            for line in moves.lines().chain(about.lines()) {
                assert!(line.chars().count() <= 80, "{line}");
            }
            let pos = Position::new(v);
            let forms = move_forms(&pos);
            for m in pos.legal_moves() {
                assert!(
                    forms.contains(&m) || m.choice_count() > 0,
                    "{v}: {m} is not among the forms"
                );
            }
        }
    }

    /// Every variant through every consumer of the rules crate's game facts outside it: the
    /// evaluation, the level table, the rules page, the move help and the server's position
    /// JSON. Matches on `Family` are exhaustive, so a new family does
    /// not compile until each consumer says what it does with it; this catches a consumer that
    /// compiles and still does not know a game (a page not written, a level that finds no move).
    #[test]
    fn every_consumer_knows_every_variant() {
        let stop = std::sync::atomic::AtomicBool::new(false);
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
        for v in Variant::ALL {
            let game = v.game();
            let start = Position::new(v);
            // The starts are symmetric: the evaluation sees no side ahead.
            assert_eq!(mancala_engine::evaluate(&start), 0, "{v}");
            for m in start.legal_moves() {
                let score = mancala_engine::evaluate(&start.play(m).unwrap());
                assert!(score.abs() < mancala_engine::SCORE_WIN, "{v} after {m}");
            }
            for n in 1..=8 {
                let mut player = mancala_engine::level(game, n, 1)
                    .unwrap_or_else(|| panic!("{v}: no level {n}"));
                let r = player.choose(&start, &mancala_engine::Limits::depth(2), &stop);
                let best = r
                    .best
                    .unwrap_or_else(|| panic!("{v}: level {n} finds no move"));
                assert!(start.is_legal(best), "{v}: level {n} plays {best}");
            }
            let page = rules_page(game);
            assert!(
                std::path::Path::new(root).join(&page).is_file(),
                "{v}: no rules page {page}"
            );
            let (moves, about) = move_help(game);
            assert!(!moves.is_empty() && about.contains(&page), "{v}: {about}");
            assert!(
                about.lines().count() > 1,
                "{v}: the help does not say how pits are named"
            );
            let json = mancala_server::position_json(&start);
            let pits = json["pits"].as_object().unwrap();
            assert_eq!(pits.len(), v.rows() * v.width(), "{v}");
            let shown: u64 = pits.values().map(|n| n.as_u64().unwrap()).sum();
            let held = |field: &str| -> u64 {
                ["south", "north"]
                    .iter()
                    .filter_map(|s| json[field][s].as_u64())
                    .sum()
            };
            let total = shown + held("hands") + held("stores");
            assert_eq!(total, u64::from(v.total_seeds()), "{v}: {json}");
            assert_eq!(json["hands"].is_null(), !game.has_hands(), "{v}");
            assert_eq!(json["houses"].is_null(), !game.has_nyumba(), "{v}");
            let label = v.stores_field().map(StoresField::id);
            assert_eq!(json["store_label"].as_str(), label, "{v}");
            assert_eq!(json["stores"].is_null(), label.is_none(), "{v}");
        }
    }

    #[test]
    fn stores_labels() {
        assert_eq!(stores_label(Game::Kalah6x6), "store");
        assert_eq!(stores_label(Game::Hawalis), "captured");
        assert_eq!(stores_label(Game::BaoLaKimasai), "reserve");
    }
}
