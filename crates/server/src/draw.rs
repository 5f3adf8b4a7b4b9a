//! A static SVG picture of any position of any variant, in the look of the live board client
//! (web/board.js and style.css): wood, round pits with printed counts and seeds as dots, the
//! owned nyumba's square, takasia and reserved marks, Kalah's stores at the ends of the rows.
//!
//! Printed as docs/notation.md §2 prints a board: North at the top, seen from South; on four
//! rows `bW..b1`, `aW..a1`, `A1..AW`, `B1..BW`, in Kalah `a6..a1` over `A1..A6` between
//! North's store (left) and South's (right). A strip above the board holds North's seeds in
//! hand and its count of the stores field (captured, reserve, to place), a strip below South's,
//! as numbers; words are the caller's ([`Labels`], in the page's language). A small triangle
//! beside a side's rows shows the side to move.
//!
//! The picture scales (a `viewBox`, no size), carries no script, and takes its colours from the
//! page's custom properties (`--wood-1`, `--pit-1`, ...) with fallbacks, light and dark
//! (`prefers-color-scheme`), so it looks right inline in a page and as an image of its own.

use std::fmt::Write;

use mancala::{Pit, Position, Row, Side, StoresField};

/// One cell of the board grid (a pit and the wood around it), as in board.js.
const CELL: f64 = 100.0;
/// The wood outside the outermost pits.
const PAD: f64 = 14.0;
/// Between the two sides of a four-row board.
const GAP: f64 = 14.0;
/// A pit's radius.
const PIT_R: f64 = 39.0;
/// Seeds drawn as dots in a pit; the count is printed always.
const MAX_DOTS: usize = 12;
/// Seeds drawn as dots in a Kalah store.
const MAX_STORE_DOTS: usize = 24;
/// The strips above and below the board (side to move, hands, stores field).
const STRIP: f64 = 40.0;

/// Words the caller adds, already translated; each is left out when `None`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Labels {
    /// Beside South's strip: "South".
    pub(crate) south: Option<String>,
    /// Beside North's strip: "North".
    pub(crate) north: Option<String>,
    /// Before each count of seeds in hand: "in hand".
    pub(crate) in_hand: Option<String>,
    /// Before each count of the stores field: "store", "captured", "reserve", "to place"
    /// (what [`mancala::Variant::stores_field`] says the field is).
    pub(crate) stores: Option<String>,
}

/// What to draw besides the position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Drawing {
    /// Pits to highlight (a ring, so by shape as well as colour).
    pub(crate) marks: Vec<Pit>,
    /// Print each pit's name (A1) small at its corner.
    pub(crate) names: bool,
    /// The picture's `<title>`, for people who do not see it.
    pub(crate) title: String,
    /// Words beside the numbers.
    pub(crate) labels: Labels,
}

/// `write!` into a `String`, which cannot fail.
macro_rules! out {
    ($s:expr, $($arg:tt)*) => {{
        let _ = write!($s, $($arg)*);
    }};
}

/// The colours: each the page's custom property when it has one, else the live board's light
/// value, and its dark value under `prefers-color-scheme: dark` (style.css).
const COLOURS: [(&str, &str, &str); 17] = [
    ("wood-1", "#b87a45", "#6f4526"),
    ("wood-2", "#d49a5c", "#8a5a33"),
    ("wood-edge", "#7a4a24", "#3d2612"),
    ("grain", "rgb(90 50 20 / 0.18)", "rgb(0 0 0 / 0.22)"),
    ("pit-1", "#6b3f1d", "#3a2110"),
    ("pit-2", "#4a2a12", "#22130a"),
    ("seed-1", "#fbf6e9", "#f3ecd9"),
    ("seed-2", "#c9bb9c", "#b9aa88"),
    ("seed-edge", "rgb(40 25 10 / 0.55)", "rgb(40 25 10 / 0.55)"),
    ("badge-bg", "#2b1b0e", "#120b05"),
    ("badge-fg", "#fff7e8", "#ffe9c7"),
    ("pit-name", "rgb(45 25 8 / 0.75)", "rgb(255 235 210 / 0.6)"),
    ("last", "#1f5fbf", "#8ab4f8"),
    ("house", "#2b1b0e", "#f3e0c4"),
    ("takasia", "#c62828", "#ff6e66"),
    ("divider", "rgb(60 30 10 / 0.45)", "rgb(0 0 0 / 0.5)"),
    ("text", "#2a2119", "#efe6d8"),
];

/// The style block: the colours as `--mb-*` properties of the picture, then the rules. Every
/// selector starts with `svg.mb-board`, since a `<style>` inside an inline SVG applies to the
/// whole page.
fn style() -> String {
    let vars = |dark: bool| {
        COLOURS
            .iter()
            .map(|(name, light, night)| {
                format!(
                    "--mb-{name}:var(--{name},{});",
                    if dark { night } else { light }
                )
            })
            .collect::<String>()
    };
    format!(
        "svg.mb-board{{{}font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif}}\
         @media (prefers-color-scheme:dark){{svg.mb-board{{{}}}}}\
         svg.mb-board .mb-w1{{stop-color:var(--mb-wood-1)}}\
         svg.mb-board .mb-w2{{stop-color:var(--mb-wood-2)}}\
         svg.mb-board .mb-p1{{stop-color:var(--mb-pit-1)}}\
         svg.mb-board .mb-p2{{stop-color:var(--mb-pit-2)}}\
         svg.mb-board .mb-s1{{stop-color:var(--mb-seed-1)}}\
         svg.mb-board .mb-s2{{stop-color:var(--mb-seed-2)}}\
         svg.mb-board .wood{{fill:url(#mb-wood);stroke:var(--mb-wood-edge);stroke-width:4}}\
         svg.mb-board .grain{{fill:none;stroke:var(--mb-grain);stroke-width:2}}\
         svg.mb-board .divider{{stroke:var(--mb-divider);stroke-width:3;stroke-linecap:round;stroke-dasharray:1 9}}\
         svg.mb-board .hole{{fill:url(#mb-hole);stroke:rgb(0 0 0 / 0.35);stroke-width:2}}\
         svg.mb-board .seed{{fill:url(#mb-seed);stroke:var(--mb-seed-edge);stroke-width:1.2}}\
         svg.mb-board .badge circle,svg.mb-board .badge rect{{fill:var(--mb-badge-bg);stroke:var(--mb-wood-2);stroke-width:2}}\
         svg.mb-board .empty .badge circle{{opacity:.55}}\
         svg.mb-board .badge text{{fill:var(--mb-badge-fg);font-size:19px;font-weight:700;font-variant-numeric:tabular-nums}}\
         svg.mb-board .badge text.long{{font-size:15px}}\
         svg.mb-board .pit-name{{fill:var(--mb-pit-name);paint-order:stroke;stroke:var(--mb-wood-2);stroke-width:4px;stroke-linejoin:round;font-size:13px;font-weight:600}}\
         svg.mb-board .house{{fill:none;stroke:var(--mb-house);stroke-width:3.5}}\
         svg.mb-board .takasia{{stroke:var(--mb-takasia);stroke-width:7;stroke-linecap:round}}\
         svg.mb-board .reserved{{fill:none;stroke:var(--mb-takasia);stroke-width:4;stroke-dasharray:3 6}}\
         svg.mb-board .mark{{fill:none;stroke:var(--mb-last);stroke-width:6}}\
         svg.mb-board .turn{{fill:var(--mb-last)}}\
         svg.mb-board .label{{fill:var(--mb-text);font-size:15px;font-weight:600}}\
         svg.mb-board .count rect{{fill:var(--mb-badge-bg);stroke:var(--mb-wood-2);stroke-width:1.5}}\
         svg.mb-board .count .n{{fill:var(--mb-badge-fg);font-size:15px;font-weight:700;font-variant-numeric:tabular-nums}}",
        vars(false),
        vars(true),
    )
}

/// The gradients of board.js, with ids of their own (the live board's are `wood`, `hole`,
/// `seed`, and both may be on one page).
const DEFS: &str = "<defs>\
<linearGradient id=\"mb-wood\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0.35\">\
<stop offset=\"0\" class=\"mb-w1\"/><stop offset=\"0.5\" class=\"mb-w2\"/><stop offset=\"1\" class=\"mb-w1\"/>\
</linearGradient>\
<radialGradient id=\"mb-hole\" cx=\"0.5\" cy=\"0.42\" r=\"0.6\">\
<stop offset=\"0\" class=\"mb-p1\"/><stop offset=\"1\" class=\"mb-p2\"/></radialGradient>\
<radialGradient id=\"mb-seed\" cx=\"0.35\" cy=\"0.3\" r=\"0.75\">\
<stop offset=\"0\" class=\"mb-s1\"/><stop offset=\"1\" class=\"mb-s2\"/></radialGradient>\
</defs>";

/// Text made safe for XML content and attribute values.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Characters XML 1.0 does not allow at all.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{fffd}'),
            '\u{fffe}' | '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// A coordinate: at most one decimal, no trailing `.0`.
fn num(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

/// Where the seeds of a pit holding `n` (1 to [`MAX_DOTS`]) lie, on a unit disc: board.js's
/// sunflower.
fn dot_offsets(n: usize) -> Vec<(f64, f64)> {
    if n <= 1 {
        return vec![(0.0, 0.0)];
    }
    #[expect(clippy::cast_precision_loss, reason = "at most a dozen dots")]
    let nf = n as f64;
    let turn = if n % 2 == 1 { 0.3 } else { 0.0 };
    (0..n)
        .map(|i| {
            #[expect(clippy::cast_precision_loss, reason = "at most a dozen dots")]
            let fi = i as f64;
            let r = ((fi + 0.5) / nf).sqrt();
            let a = fi.mul_add(2.399_96, turn);
            (r * a.cos(), r * a.sin())
        })
        .collect()
}

/// The board's grid: rows and columns of the printed picture and where each cell lies.
struct Grid {
    width: usize,
    rows: usize,
    stores: bool,
}

impl Grid {
    fn of(pos: &Position) -> Self {
        let v = pos.variant();
        Self {
            width: v.width(),
            rows: v.rows(),
            stores: v.stores_field() == Some(StoresField::Store),
        }
    }

    const fn two_rows(&self) -> bool {
        self.rows == 2
    }

    /// Columns of the picture: the pits of a row, and the stores at its ends.
    #[expect(clippy::cast_precision_loss, reason = "at most 18 columns")]
    fn columns(&self) -> f64 {
        (self.width + if self.stores { 2 } else { 0 }) as f64
    }

    fn board_width(&self) -> f64 {
        PAD.mul_add(2.0, self.columns() * CELL)
    }

    #[expect(clippy::cast_precision_loss, reason = "2 or 4 rows")]
    fn board_height(&self) -> f64 {
        let gap = if self.two_rows() { 0.0 } else { GAP };
        PAD.mul_add(2.0, self.rows as f64 * CELL) + gap
    }

    /// The printed row (0 at the top) and column (0 at the left) of a pit.
    fn cell(&self, pit: Pit) -> (usize, usize) {
        let col = usize::from(pit.col());
        let c = match pit.side() {
            Side::North => self.width.saturating_sub(col),
            Side::South => col.saturating_sub(1),
        };
        // Two rows: North's over South's; four: b, a, A, B.
        let r = match (pit.side(), pit.row()) {
            (Side::North, _) if self.two_rows() => 0,
            (Side::South, _) if self.two_rows() => 1,
            (Side::North, Row::Back) => 0,
            (Side::North, Row::Front) => 1,
            (Side::South, Row::Front) => 2,
            (Side::South, Row::Back) => 3,
        };
        (r, c)
    }

    /// The centre of printed cell (`r`, `c`); `c` is shifted right by the left store's column.
    /// `y` counts from the board's top edge.
    #[expect(clippy::cast_precision_loss, reason = "small grid indices")]
    fn centre(&self, r: usize, c: f64) -> (f64, f64) {
        let col = c + if self.stores { 1.0 } else { 0.0 };
        let gap = if !self.two_rows() && r >= self.rows / 2 {
            GAP
        } else {
            0.0
        };
        (
            (col + 0.5).mul_add(CELL, PAD),
            (r as f64 + 0.5).mul_add(CELL, PAD) + gap,
        )
    }

    /// Every pit of the board in printed order: top to bottom, left to right.
    fn pits(&self, pos: &Position) -> Vec<Pit> {
        let v = pos.variant();
        let mut all: Vec<Pit> = Side::ALL.into_iter().flat_map(|s| v.pits(s)).collect();
        all.sort_by_key(|&p| self.cell(p));
        all
    }
}

/// The picture of `pos` (module docs).
#[must_use]
pub(crate) fn board_svg(pos: &Position, opts: &Drawing) -> String {
    let grid = Grid::of(pos);
    let (bw, bh) = (grid.board_width(), grid.board_height());
    let (w, h) = (bw, STRIP.mul_add(2.0, bh));
    let mut s = String::with_capacity(16 * 1024);
    out!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"mb-board\" viewBox=\"0 0 {} {}\" \
         role=\"img\" data-variant=\"{}\">",
        num(w),
        num(h),
        escape(&pos.variant().to_string()),
    );
    out!(s, "<title>{}</title>", escape(&opts.title));
    out!(s, "<style>{}</style>{DEFS}", style());
    strip(&mut s, pos, opts, Side::North, STRIP / 2.0, w);
    out!(
        s,
        "<g class=\"board\" transform=\"translate(0 {})\">",
        num(STRIP)
    );
    wood(&mut s, &grid, bw, bh);
    if grid.stores {
        for side in [Side::North, Side::South] {
            store(&mut s, pos, &grid, side);
        }
    }
    let houses: Vec<Pit> = Side::ALL
        .into_iter()
        .filter(|&side| pos.owns_nyumba(side))
        .filter_map(|side| pos.nyumba_pit(side))
        .collect();
    for p in grid.pits(pos) {
        let (r, c) = grid.cell(p);
        #[expect(clippy::cast_precision_loss, reason = "at most 16 columns")]
        let (x, y) = grid.centre(r, c as f64);
        let look = PitLook {
            house: houses.contains(&p),
            takasia: pos.takasia() == Some(p),
            reserved: pos.reserved() == Some(p),
            marked: opts.marks.contains(&p),
        };
        pit(&mut s, p, pos.seeds(p), x, y, look, opts.names);
    }
    s.push_str("</g>");
    strip(&mut s, pos, opts, Side::South, STRIP.mul_add(1.5, bh), w);
    s.push_str("</svg>");
    s
}

/// The wood, its grain and the line between the sides.
fn wood(s: &mut String, grid: &Grid, w: f64, h: f64) {
    out!(
        s,
        "<rect class=\"wood\" x=\"2\" y=\"2\" width=\"{}\" height=\"{}\" rx=\"26\"/>",
        num(w - 4.0),
        num(h - 4.0)
    );
    s.push_str("<g class=\"grain\">");
    for i in 1..7 {
        let y = h * f64::from(i) / 7.0;
        out!(
            s,
            "<path d=\"M 10 {} C {} {}, {} {}, {} {}\"/>",
            num(y),
            num(w * 0.3),
            num(y - 9.0),
            num(w * 0.6),
            num(y + 11.0),
            num(w - 10.0),
            num(y - 3.0)
        );
    }
    s.push_str("</g>");
    if !grid.two_rows() {
        let y = 2.0f64.mul_add(CELL, PAD) + GAP / 2.0;
        out!(
            s,
            "<line class=\"divider\" x1=\"18\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\"/>",
            num(w - 18.0),
            y = num(y)
        );
    }
}

/// A count in a badge, smaller when it has three digits.
fn badge_text(s: &mut String, n: u32, x: f64, y: f64) {
    out!(
        s,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\"{}>{n}</text>",
        num(x),
        num(y),
        if n >= 100 { " class=\"long\"" } else { "" }
    );
}

/// What a pit shows besides its seeds.
#[derive(Clone, Copy)]
#[expect(
    clippy::struct_excessive_bools,
    reason = "independent marks of one pit"
)]
struct PitLook {
    house: bool,
    takasia: bool,
    reserved: bool,
    marked: bool,
}

fn pit(s: &mut String, p: Pit, n: u8, x: f64, y: f64, look: PitLook, names: bool) {
    let mut class = String::from("pit");
    for (on, name) in [
        (n == 0, " empty"),
        (look.house, " nyumba"),
        (look.marked, " marked"),
    ] {
        if on {
            class.push_str(name);
        }
    }
    out!(
        s,
        "<g class=\"{class}\" data-pit=\"{p}\" data-seeds=\"{n}\">"
    );
    if look.house {
        out!(
            s,
            "<rect class=\"house\" x=\"{}\" y=\"{}\" width=\"92\" height=\"92\" rx=\"9\"/>",
            num(x - 46.0),
            num(y - 46.0)
        );
    }
    out!(
        s,
        "<circle class=\"hole\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
        num(x),
        num(y),
        num(PIT_R)
    );
    let k = usize::from(n).min(MAX_DOTS);
    if k > 0 {
        let radius = if n > 6 { 24.0 } else { 20.0 };
        s.push_str("<g class=\"seeds\">");
        for (dx, dy) in dot_offsets(k) {
            out!(
                s,
                "<circle class=\"seed\" cx=\"{}\" cy=\"{}\" r=\"8\"/>",
                num(dx.mul_add(radius, x)),
                num(dy.mul_add(radius, y))
            );
        }
        s.push_str("</g>");
    }
    if look.takasia {
        out!(
            s,
            "<line class=\"takasia\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\"/>",
            num(x - 30.0),
            num(y + 30.0),
            num(x + 30.0),
            num(y - 30.0)
        );
    }
    if look.reserved {
        out!(
            s,
            "<circle class=\"reserved\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            num(x),
            num(y),
            num(PIT_R - 4.0)
        );
    }
    if look.marked {
        out!(
            s,
            "<circle class=\"mark\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            num(x),
            num(y),
            num(PIT_R + 5.0)
        );
    }
    out!(
        s,
        "<g class=\"badge\"><circle cx=\"{}\" cy=\"{}\" r=\"16\"/>",
        num(x + 29.0),
        num(y + 29.0)
    );
    badge_text(s, n.into(), x + 29.0, y + 30.0);
    s.push_str("</g>");
    if names {
        out!(
            s,
            "<text class=\"pit-name\" x=\"{}\" y=\"{}\">{p}</text>",
            num(x - 47.0),
            num(y - 36.0)
        );
    }
    s.push_str("</g>");
}

/// A Kalah store: North's left of the rows, South's right (docs/notation.md §8.1).
fn store(s: &mut String, pos: &Position, grid: &Grid, side: Side) {
    let n = pos.store(side).unwrap_or(0);
    #[expect(clippy::cast_precision_loss, reason = "at most 16 columns")]
    let c = match side {
        Side::North => -1.0,
        Side::South => grid.width as f64,
    };
    let (x, top) = grid.centre(0, c);
    let (_, bottom) = grid.centre(1, c);
    let y = f64::midpoint(top, bottom);
    let (rw, rh) = (CELL - 22.0, CELL.mul_add(2.0, -26.0));
    out!(
        s,
        "<g class=\"store\" data-store=\"{}\" data-seeds=\"{n}\">\
         <rect class=\"hole\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\"/>",
        side.name(),
        num(x - rw / 2.0),
        num(y - rh / 2.0),
        num(rw),
        num(rh),
        num(rw / 2.0)
    );
    let k = usize::from(n).min(MAX_STORE_DOTS);
    if k > 0 {
        s.push_str("<g class=\"seeds\">");
        // In a grid three across, along the store's length (board.js).
        #[expect(clippy::cast_precision_loss, reason = "at most 24 dots")]
        let rows = k as f64 / 3.0;
        for i in 0..k {
            #[expect(clippy::cast_precision_loss, reason = "at most 24 dots")]
            let (a, b) = ((i / 3) as f64, (i % 3) as f64);
            let along = -((rows - 1.0) * 14.0) / 2.0 + a * 14.0;
            out!(
                s,
                "<circle class=\"seed\" cx=\"{}\" cy=\"{}\" r=\"7\"/>",
                num((b - 1.0).mul_add(17.0, x)),
                num(y + along)
            );
        }
        s.push_str("</g>");
    }
    let (bx, by) = (x + rw / 2.0 - 8.0, y + rh / 2.0 - 10.0);
    out!(
        s,
        "<g class=\"badge\"><rect x=\"{}\" y=\"{}\" width=\"44\" height=\"28\" rx=\"14\"/>",
        num(bx - 22.0),
        num(by - 14.0)
    );
    badge_text(s, n.into(), bx, by);
    s.push_str("</g></g>");
}

/// Roughly how wide a text of `chars` characters is at `size` pixels.
#[expect(clippy::cast_precision_loss, reason = "short texts")]
fn text_width(chars: usize, size: f64) -> f64 {
    chars as f64 * size * 0.58
}

/// A side's strip: the side to move's triangle and the side's name at the left; the seeds in
/// hand and the stores field's count (where it is not Kalah's store, drawn on the board) at the
/// right, each a number in a pill after its label. `y` is the strip's middle.
fn strip(s: &mut String, pos: &Position, opts: &Drawing, side: Side, y: f64, w: f64) {
    out!(s, "<g class=\"side\" data-side=\"{}\">", side.name());
    if pos.turn() == side && !pos.is_game_over() {
        // Pointing at the side's rows: down from above the board, up from below it.
        let tip = if side == Side::North { 7.0 } else { -7.0 };
        let x = PAD + 12.0;
        out!(
            s,
            "<path class=\"turn\" data-turn=\"{}\" d=\"M {} {} L {} {} L {} {} z\"/>",
            side.name(),
            num(x - 9.0),
            num(y - tip),
            num(x + 9.0),
            num(y - tip),
            num(x),
            num(y + tip)
        );
    }
    let name = match side {
        Side::South => opts.labels.south.as_deref(),
        Side::North => opts.labels.north.as_deref(),
    };
    if let Some(name) = name {
        out!(
            s,
            "<text class=\"label\" x=\"{}\" y=\"{}\" dominant-baseline=\"central\">{}</text>",
            num(PAD + 28.0),
            num(y),
            escape(name)
        );
    }
    let variant = pos.variant();
    let mut counts: Vec<(&str, Option<&str>, u8)> = Vec::new();
    let hands_in_use = Side::ALL.iter().any(|&s| pos.hand(s).unwrap_or(0) > 0);
    if let Some(n) = pos.hand(side).filter(|_| hands_in_use) {
        counts.push(("hand", opts.labels.in_hand.as_deref(), n));
    }
    if let Some(field) = variant.stores_field().filter(|&f| f != StoresField::Store)
        && let Some(n) = pos.store(side)
    {
        counts.push((field.id(), opts.labels.stores.as_deref(), n));
    }
    // Laid out from the right edge leftwards.
    let mut right = w - PAD;
    for (kind, label, n) in counts.into_iter().rev() {
        let digits = n.to_string();
        let pw = text_width(digits.len(), 15.0) + 34.0;
        let left = right - pw;
        out!(
            s,
            "<g class=\"count\" data-count=\"{kind}\" data-seeds=\"{n}\">\
             <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"26\" rx=\"13\"/>\
             <circle class=\"seed\" cx=\"{}\" cy=\"{}\" r=\"6\"/>\
             <text class=\"n\" x=\"{}\" y=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\">{digits}</text>",
            num(left),
            num(y - 13.0),
            num(pw),
            num(left + 14.0),
            num(y),
            num(left + 14.0 + (pw - 14.0) / 2.0),
            num(y + 1.0)
        );
        right = left - 8.0;
        if let Some(label) = label {
            out!(
                s,
                "<text class=\"label\" x=\"{}\" y=\"{}\" text-anchor=\"end\" dominant-baseline=\"central\">{}</text>",
                num(right),
                num(y),
                escape(label)
            );
            right -= text_width(label.chars().count(), 15.0) + 18.0;
        }
        s.push_str("</g>");
    }
    s.push_str("</g>");
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala::Variant;

    #[test]
    fn text_is_escaped() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;"
        );
        assert_eq!(escape("\u{1}x"), "\u{fffd}x");
        let pos = Position::new(Variant::BAO_LA_KISWAHILI);
        let svg = board_svg(
            &pos,
            &Drawing {
                title: "</title><script>".to_owned(),
                labels: Labels {
                    south: Some("S & <N>".to_owned()),
                    ..Labels::default()
                },
                ..Drawing::default()
            },
        );
        assert!(!svg.contains("<script"));
        assert!(svg.contains("S &amp; &lt;N&gt;"));
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(14.0), "14");
        assert_eq!(num(-3.04), "-3");
        assert_eq!(num(2.25), "2.3");
    }
}
