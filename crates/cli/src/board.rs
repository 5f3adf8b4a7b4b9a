//! Drawing a position in the terminal: four rows, North on top, as the diagram prints them.
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

use std::fmt::Write as _;

use mancala::{BySide, Pit, Row, Setup, Side};

/// The nyumba's column, counted from its owner's left, on an 8-wide Bao board.
const HOUSE_COL: u8 = 5;

/// The rows from top to bottom.
const ROWS: [(Side, Row); 4] = [
    (Side::North, Row::Back),
    (Side::North, Row::Front),
    (Side::South, Row::Front),
    (Side::South, Row::Back),
];

/// Left margin before the board's frame (row letter included).
const MARGIN: &str = "      ";

/// Draws `setup` as a board with its side lines; the text ends with a newline.
pub(crate) fn render(setup: &Setup) -> String {
    render_named(setup, BySide::new("South", "North"))
}

/// [`render`] with the players' names (`South (you)`) in the side lines.
pub(crate) fn render_named(setup: &Setup, names: BySide<&str>) -> String {
    let w = usize::from(setup.width);
    // Cells narrow on wide boards so that 12 pits still fit 80 columns.
    let inner = match w {
        0..=10 => 5,
        11..=13 => 4,
        _ => 3,
    };
    let house = |side: Side| -> Option<Pit> {
        let b = setup.bao?;
        (b.houses[side] && w >= usize::from(HOUSE_COL))
            .then(|| Pit::new(side, Row::Front, HOUSE_COL))
            .flatten()
    };
    let takasia = setup.bao.and_then(|b| b.takasia);

    let mut out = String::new();
    out.push_str(&side_line(setup, Side::North, names.north));
    out.push_str(&labels(w, inner, Side::North));
    out.push_str(&rule(w, inner, ['┌', '┬', '┐'], '─'));
    for (i, &(side, row)) in ROWS.iter().enumerate() {
        let letter = Pit::new(side, row, 1).map_or('?', Pit::letter);
        let _ = write!(out, "   {letter}  │");
        for k in 0..w {
            // North's rows print from its column W down to 1.
            let col = if side == Side::North { w - k } else { k + 1 };
            let Some(pit) = u8::try_from(col).ok().and_then(|c| Pit::new(side, row, c)) else {
                continue;
            };
            let n = setup.seeds(pit);
            let mut cell = if n == 0 {
                "·".to_owned()
            } else {
                n.to_string()
            };
            if takasia == Some(pit) {
                cell.push('!');
            }
            if house(side) == Some(pit) {
                cell = format!("[{cell}]");
            }
            let _ = write!(out, "{cell:^inner$}│");
        }
        let _ = writeln!(out, "  {letter}");
        out.push_str(&match i {
            0 | 2 => rule(w, inner, ['├', '┼', '┤'], '─'),
            1 => rule(w, inner, ['╞', '╪', '╡'], '═'),
            _ => rule(w, inner, ['└', '┴', '┘'], '─'),
        });
    }
    out.push_str(&labels(w, inner, Side::South));
    out.push_str(&side_line(setup, Side::South, names.south));
    let mut legend = Vec::new();
    if house(Side::South).is_some() || house(Side::North).is_some() {
        legend.push("[n] nyumba");
    }
    if takasia.is_some() {
        legend.push("n! takasia'd: it cannot be played this turn, and a lap ending there stops");
    }
    if !legend.is_empty() {
        let _ = writeln!(out, "  {}", legend.join("   "));
    }
    out
}

/// Column numbers from each owner's left: North's above (W..1), South's below (1..W).
fn labels(w: usize, inner: usize, side: Side) -> String {
    let mut s = MARGIN.to_owned();
    for k in 0..w {
        let col = if side == Side::North { w - k } else { k + 1 };
        let _ = write!(s, " {col:^inner$}");
    }
    s.truncate(s.trim_end().len());
    s.push('\n');
    s
}

fn rule(w: usize, inner: usize, [left, mid, right]: [char; 3], fill: char) -> String {
    let mut s = MARGIN.to_owned();
    s.push(left);
    for k in 0..w {
        if k > 0 {
            s.push(mid);
        }
        s.extend(std::iter::repeat_n(fill, inner));
    }
    s.push(right);
    s.push('\n');
    s
}

/// The player's name, whether it is to move, and the Bao fields that belong to it.
fn side_line(setup: &Setup, side: Side, name: &str) -> String {
    let to_move = setup.turn == side;
    let head = if to_move {
        format!("{name} ▶ to move")
    } else {
        name.to_owned()
    };
    let mut parts = vec![format!("{head:<26}")];
    if let Some(b) = setup.bao {
        parts.push(format!("hand {:<2}", b.hands[side]));
        if let Some(pit) = Pit::new(side, Row::Front, HOUSE_COL).filter(|p| p.col() <= setup.width)
        {
            let state = if b.houses[side] { "owned" } else { "destroyed" };
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

    #[test]
    fn start_position() {
        let setup: Setup = START.parse().unwrap();
        let text = render(&setup);
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
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
    }

    #[test]
    fn takasia_and_destroyed_houses() {
        let setup: Setup =
            "0,1,2,1,4,8,2,2/10,0,0,10,2,1,0,1/0,2,0,0,1,1,0,0/0,0,2,2,0,2,6,4 N 0,0 00 a4"
                .parse()
                .unwrap();
        let text = render(&setup);
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
        let text = render(&setup);
        assert!(!text.contains("hand"), "{text}");
        assert!(!text.contains('['), "{text}");
    }

    #[test]
    fn wide_and_narrow_boards_do_not_panic() {
        for d in [
            "1/2/3/4 N",
            "1,2,3,4,5,6,7,8,9,10,11,12/0,0,0,0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0,0,0,0/255,0,0,0,0,0,0,0,0,0,0,0 S",
            "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1/1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 S 0,0 11 -",
        ] {
            let setup: Setup = d.parse().unwrap();
            let _ = render(&setup);
        }
    }
}
