//! Drawing a position in the terminal, North on top, as the diagram prints its rows.
//!
//! A four-row board (Bao, Hawalis, Hus; any width up to 16):
//!
//! ```text
//!   North                        hand 22   nyumba a5 owned
//!          8     7     6     5     4     3     2     1
//!       ┌─────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┐
//!    b  │  ·  │  ·  │  ·  │  ·  │  ·  │  ·  │  ·  │  ·  │  b
//!       ├─────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┤
//!    a  │  ·  │  2  │  2  │ [6] │  ·  │  ·  │  ·  │  ·  │  a
//!       ╞═════╪═════╪═════╪═════╪═════╪═════╪═════╪═════╡
//!    A  │  ·  │  ·  │  ·  │  ·  │ [6] │  2  │  2  │  ·  │  A
//!       ├─────┼─────┼─────┼─────┼─────┼─────┼─────┼─────┤
//!    B  │  ·  │  ·  │  ·  │  ·  │  ·  │  ·  │  ·  │  ·  │  B
//!       └─────┴─────┴─────┴─────┴─────┴─────┴─────┴─────┘
//!          1     2     3     4     5     6     7     8
//!   South ▶ to move              hand 22   nyumba A5 owned
//!   [n] nyumba
//! ```
//!
//! The two-row Kalah board, each store at its owner's right end (North's printed on the left):
//!
//! ```text
//!   North                        store 0
//!        store   6     5     4     3     2     1
//!       ┌─────┬─────┬─────┬─────┬─────┬─────┬─────┬─────┐
//!    a  │     │  4  │  4  │  4  │  4  │  4  │  4  │     │  a
//!       │  0  ╞═════╪═════╪═════╪═════╪═════╪═════╡  1  │
//!    A  │     │  4  │  4  │  ·  │  5  │  5  │  5  │     │  A
//!       └─────┴─────┴─────┴─────┴─────┴─────┴─────┴─────┘
//!                1     2     3     4     5     6   store
//!   South ▶ to move              store 1
//! ```
//!
//! What the stores field holds (Kalah's stores, seeds captured, Bao la Kimasai's reserve) is
//! the caller's to say: see `games::stores_label`.

use std::fmt::Write as _;

use mancala::{BySide, Pit, Row, Setup, Side};

/// The nyumba's column, counted from its owner's left, on an 8-wide Bao board.
const HOUSE_COL: u8 = 5;

/// The rows of a four-row board from top to bottom.
const ROWS: [(Side, Row); 4] = [
    (Side::North, Row::Back),
    (Side::North, Row::Front),
    (Side::South, Row::Front),
    (Side::South, Row::Back),
];

/// Left margin before the board's frame (row letter included).
const MARGIN: &str = "      ";

/// Draws `setup` as a board with its side lines; `stores` names what the diagram's stores field
/// holds (`store`, `captured`, `reserve`). The text ends with a newline.
pub(crate) fn render(setup: &Setup, stores: &str) -> String {
    render_named(setup, BySide::new("South", "North"), stores, None)
}

/// [`render`] with the players' names (`South (you)`) in the side lines, and the pit the last
/// move started from marked `^` (with a legend line).
pub(crate) fn render_named(
    setup: &Setup,
    names: BySide<&str>,
    stores: &str,
    last: Option<Pit>,
) -> String {
    if setup.rows == 2 {
        render_two_rows(setup, names, stores, last)
    } else {
        render_four_rows(setup, names, stores, last)
    }
}

/// The legend of the last move's mark.
const LAST_LEGEND: &str = "^n the last move started here";

/// The cell width of a board `w` pits wide: narrower on wide boards, so that 16 pits still fit
/// 80 columns.
const fn cell_width(w: usize) -> usize {
    match w {
        0..=10 => 5,
        11..=13 => 4,
        _ => 3,
    }
}

/// `text` in a cell `inner` wide: centred in the usual five columns; in narrower cells right
/// aligned before one space, so that columns of numbers line up.
fn fit(text: &str, inner: usize) -> String {
    let len = text.chars().count();
    if inner >= 5 || len >= inner {
        format!("{text:^inner$}")
    } else {
        format!("{text:>0$} ", inner - 1)
    }
}

/// The column of the `k`-th printed pit of `side`'s rows: North's print from W down to 1.
const fn printed_col(side: Side, k: usize, w: usize) -> usize {
    match side {
        Side::North => w - k,
        Side::South => k + 1,
    }
}

/// The text of a pit: its count, `·` when empty.
fn count(n: u8) -> String {
    if n == 0 {
        "·".to_owned()
    } else {
        n.to_string()
    }
}

fn render_four_rows(setup: &Setup, names: BySide<&str>, stores: &str, last: Option<Pit>) -> String {
    let w = usize::from(setup.width);
    let inner = cell_width(w);
    let house = |side: Side| -> Option<Pit> {
        let b = setup.bao?;
        (b.nyumba[side] && w >= usize::from(HOUSE_COL))
            .then(|| Pit::new(side, Row::Front, HOUSE_COL))
            .flatten()
    };
    let takasia = setup.bao.and_then(|b| b.takasia);
    let col_labels = |side: Side| -> Vec<String> {
        (0..w)
            .map(|k| printed_col(side, k, w).to_string())
            .collect()
    };

    let mut out = String::new();
    out.push_str(&side_line(setup, Side::North, names.north, stores));
    out.push_str(&labels(&col_labels(Side::North), inner));
    out.push_str(&rule(w, inner, ['┌', '┬', '┐'], '─'));
    for (i, &(side, row)) in ROWS.iter().enumerate() {
        let letter = Pit::new(side, row, 1).map_or('?', Pit::letter);
        let _ = write!(out, "   {letter}  │");
        for k in 0..w {
            let col = printed_col(side, k, w);
            let Some(pit) = u8::try_from(col).ok().and_then(|c| Pit::new(side, row, c)) else {
                continue;
            };
            let mut cell = count(setup.seeds(pit));
            if last == Some(pit) {
                cell.insert(0, '^');
            }
            if takasia == Some(pit) {
                cell.push('!');
            }
            if house(side) == Some(pit) {
                cell = format!("[{cell}]");
            }
            let _ = write!(out, "{}│", fit(&cell, inner));
        }
        let _ = writeln!(out, "  {letter}");
        out.push_str(&match i {
            0 | 2 => rule(w, inner, ['├', '┼', '┤'], '─'),
            1 => rule(w, inner, ['╞', '╪', '╡'], '═'),
            _ => rule(w, inner, ['└', '┴', '┘'], '─'),
        });
    }
    out.push_str(&labels(&col_labels(Side::South), inner));
    out.push_str(&side_line(setup, Side::South, names.south, stores));
    let mut legend = Vec::new();
    if house(Side::South).is_some() || house(Side::North).is_some() {
        legend.push("[n] nyumba");
    }
    if takasia.is_some() {
        legend.push("n! takasia'd: it cannot be played this turn, and a lap ending there stops");
    }
    if last.is_some() {
        legend.push(LAST_LEGEND);
    }
    if !legend.is_empty() {
        let _ = writeln!(out, "  {}", legend.join("   "));
    }
    out
}

/// Kalah: one row a side between the two stores, each store at its owner's right end.
fn render_two_rows(setup: &Setup, names: BySide<&str>, label: &str, last: Option<Pit>) -> String {
    let w = usize::from(setup.width);
    let inner = 5;
    let stores = setup.stores.unwrap_or_default();
    let pits = |side: Side| -> String {
        let mut s = String::new();
        for k in 0..w {
            let col = printed_col(side, k, w);
            let pit = u8::try_from(col)
                .ok()
                .and_then(|c| Pit::new(side, Row::Front, c));
            let mut cell = count(pit.map_or(0, |p| setup.seeds(p)));
            if last.is_some() && pit == last {
                cell.insert(0, '^');
            }
            let _ = write!(s, "{cell:^inner$}│");
        }
        s
    };
    let blank = " ".repeat(inner);

    let mut out = String::new();
    out.push_str(&side_line(setup, Side::North, names.north, label));
    // Each side's labels read from its own left: North's store is at its right, printed left.
    let mut top = vec!["store".to_owned()];
    top.extend((0..w).map(|k| printed_col(Side::North, k, w).to_string()));
    out.push_str(&labels(&top, inner));
    out.push_str(&rule(w + 2, inner, ['┌', '┬', '┐'], '─'));
    let _ = writeln!(out, "   a  │{blank}│{}{blank}│  a", pits(Side::North));
    let _ = writeln!(
        out,
        "{MARGIN}│{:^inner$}╞{}╡{:^inner$}│",
        stores.north,
        vec!["═".repeat(inner); w].join("╪"),
        stores.south
    );
    let _ = writeln!(out, "   A  │{blank}│{}{blank}│  A", pits(Side::South));
    out.push_str(&rule(w + 2, inner, ['└', '┴', '┘'], '─'));
    let mut bottom = vec![String::new()];
    bottom.extend((0..w).map(|k| printed_col(Side::South, k, w).to_string()));
    bottom.push("store".to_owned());
    out.push_str(&labels(&bottom, inner));
    out.push_str(&side_line(setup, Side::South, names.south, label));
    if last.is_some() {
        let _ = writeln!(out, "  {LAST_LEGEND}");
    }
    out
}

/// Labels over (or under) the cells, one per cell; the line ends where the text does.
fn labels(cells: &[String], inner: usize) -> String {
    let mut s = MARGIN.to_owned();
    for c in cells {
        let _ = write!(s, " {}", fit(c, inner));
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}

/// A horizontal rule across `cells` cells.
fn rule(cells: usize, inner: usize, [left, mid, right]: [char; 3], fill: char) -> String {
    let mut s = MARGIN.to_owned();
    s.push(left);
    for k in 0..cells {
        if k > 0 {
            s.push(mid);
        }
        s.extend(std::iter::repeat_n(fill, inner));
    }
    s.push(right);
    s.push('\n');
    s
}

/// The player's name, whether it is to move, its store or captured seeds, and the Bao fields
/// that belong to it.
fn side_line(setup: &Setup, side: Side, name: &str, label: &str) -> String {
    let to_move = setup.turn == side;
    let head = if to_move {
        format!("{name} ▶ to move")
    } else {
        name.to_owned()
    };
    let mut parts = vec![format!("{head:<26}")];
    if let Some(stores) = setup.stores {
        parts.push(format!("{label} {}", stores[side]));
    }
    if let Some(b) = setup.bao {
        parts.push(format!("hand {:<2}", b.hands[side]));
        if let Some(pit) = Pit::new(side, Row::Front, HOUSE_COL).filter(|p| p.col() <= setup.width)
        {
            let state = if b.nyumba[side] { "owned" } else { "destroyed" };
            parts.push(format!("nyumba {pit} {state}"));
        }
        if to_move {
            if let Some(t) = b.takasia {
                parts.push(format!("takasia'd {t}"));
            }
            if let Some(Some(r)) = b.reserved {
                parts.push(format!("must capture {r} if it can"));
            }
        }
    }
    let line = format!("  {}", parts.join("   "));
    format!("{}\n", line.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str =
        "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 11 -";

    fn widest(text: &str) -> usize {
        text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn start_position() {
        let setup: Setup = START.parse().unwrap();
        let text = render(&setup, crate::games::stores_label_of_diagram(&setup));
        assert!(
            text.contains("   a  │  ·  │  2  │  2  │ [6] │  ·  │  ·  │  ·  │  ·  │  a"),
            "{text}"
        );
        assert!(
            text.contains("   A  │  ·  │  ·  │  ·  │  ·  │ [6] │  2  │  2  │  ·  │  A"),
            "{text}"
        );
        assert!(text.contains("South ▶ to move"), "{text}");
        assert!(text.contains("hand 22"), "{text}");
        assert!(!text.contains("store"), "{text}");
        assert!(widest(&text) <= 80, "{text}");
    }

    #[test]
    fn takasia_and_destroyed_houses() {
        let setup: Setup =
            "0,1,2,1,4,8,2,2/10,0,0,10,2,1,0,1/0,2,0,0,1,1,0,0/0,0,2,2,0,2,6,4 N 0,0 00 a4"
                .parse()
                .unwrap();
        let text = render(&setup, crate::games::stores_label_of_diagram(&setup));
        assert!(text.contains(" 2! "), "{text}");
        assert!(!text.contains('['), "{text}");
        assert!(text.contains("nyumba a5 destroyed"), "{text}");
        assert!(text.contains("takasia'd a4"), "{text}");
    }

    #[test]
    fn kujifunza_has_no_bao_fields() {
        let setup: Setup = "2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2/2,2,2,2,2,2,2,2 S"
            .parse()
            .unwrap();
        let text = render(&setup, crate::games::stores_label_of_diagram(&setup));
        assert!(!text.contains("hand"), "{text}");
        assert!(!text.contains('['), "{text}");
    }

    #[test]
    fn kalah_has_two_rows_between_the_stores() {
        let setup: Setup = "4,4,4,4,4,4/4,4,0,5,5,5 S 1,0".parse().unwrap();
        let text = render(&setup, crate::games::stores_label_of_diagram(&setup));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 9, "{text}");
        assert_eq!(lines[0], "  North                        store 0");
        assert_eq!(lines[1], "       store   6     5     4     3     2     1");
        assert_eq!(
            lines[3],
            "   a  │     │  4  │  4  │  4  │  4  │  4  │  4  │     │  a"
        );
        // North's store on the left, South's on the right.
        assert_eq!(
            lines[4],
            "      │  0  ╞═════╪═════╪═════╪═════╪═════╪═════╡  1  │"
        );
        assert_eq!(
            lines[5],
            "   A  │     │  4  │  4  │  ·  │  5  │  5  │  5  │     │  A"
        );
        assert_eq!(
            lines[7],
            "               1     2     3     4     5     6   store"
        );
        assert_eq!(lines[8], "  South ▶ to move              store 1");
        assert!(!text.contains(" b "), "{text}");
    }

    #[test]
    fn hawalis_stores_are_captured_seeds() {
        let setup: Setup = "2,2,2,2,2,2,0/2,2,2,2,2,2,0/3,0,3,3,0,3,1/3,0,3,3,0,3,3 N 4,0"
            .parse()
            .unwrap();
        let text = render(&setup, crate::games::stores_label_of_diagram(&setup));
        assert!(
            text.contains("North ▶ to move              captured 0"),
            "{text}"
        );
        assert!(
            text.contains("  South                        captured 4"),
            "{text}"
        );
        assert!(
            text.contains("         7     6     5     4     3     2     1\n"),
            "{text}"
        );
        assert!(widest(&text) <= 80, "{text}");
    }

    #[test]
    fn wide_boards_fit_80_columns() {
        let row = |w: usize, n: &str| vec![n; w].join(",");
        for w in [12, 16] {
            let d = format!(
                "{}/{}/{}/{} S",
                row(w, "6"),
                row(w, "12"),
                row(w, "0"),
                row(w, "96")
            );
            let setup: Setup = d.parse().unwrap();
            let text = render(&setup, crate::games::stores_label_of_diagram(&setup));
            assert!(widest(&text) <= 80, "{text}");
            assert!(text.contains(&format!(" {w} ")), "{text}");
            assert_eq!(text.matches("96").count(), w, "{text}");
        }
    }

    #[test]
    fn odd_boards_do_not_panic() {
        for d in [
            "1/2/3/4 N",
            "1/2 S 0,0",
            "1,2,3,4,5,6,7,8,9,10,11,12/0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0/255,0,0,0,0,0,0,0,0,0,0,0 S",
            "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 S 0,0 11 -",
            "255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255/255,255,255,255,255,255,255,255,255,255,255,255,255,255,255,255 N 255,255",
        ] {
            let setup: Setup = d.parse().unwrap();
            let _ = render(&setup, "store");
        }
    }
}
