//! Server-rendered pages (askama): they work without JavaScript; the board client enhances
//! the game page.

use askama::Template;
use mancala::{Game, Pit, Position, Row, RuleOption, Side, Variant};

/// The languages of the site's URLs.
pub(crate) const LANGS: [&str; 1] = ["en"];

/// The footer's version: `v0.1.0 · abc1234`.
#[must_use]
pub fn version() -> String {
    format!(
        "v{} · {}",
        env!("CARGO_PKG_VERSION"),
        env!("MANCALA_GIT_HASH")
    )
}

#[derive(Debug)]
pub(crate) struct VariantChoice {
    pub slug: &'static str,
    pub name: &'static str,
    pub board: String,
}

#[derive(Debug)]
pub(crate) struct OptionChoice {
    pub name: &'static str,
    pub label: &'static str,
    pub games: String,
}

#[derive(Debug)]
pub(crate) struct LevelChoice {
    pub number: u8,
    pub description: &'static str,
}

#[derive(Template, Debug)]
#[template(path = "home.html")]
pub(crate) struct Home {
    pub lang: String,
    pub version: String,
    pub variants: Vec<VariantChoice>,
    pub options: Vec<OptionChoice>,
    pub levels: Vec<LevelChoice>,
}

/// What a rule option does, for the new-game form.
#[must_use]
pub(crate) const fn option_label(o: RuleOption) -> &'static str {
    match o {
        RuleOption::TakasiaDonkers => "takasia without the 2001 single-seed exception",
        RuleOption::TakasiaNone => "no takasia at all",
        RuleOption::CaptureRequiresOuter => "a capture needs the opponent's back pit occupied too",
        RuleOption::EmptyCapture => "capture even when the opposite pit is empty",
        RuleOption::FreeSetup => "place the seeds one by one before the first sowing",
    }
}

/// The board of a game for people: `4x8`, `2x6 + stores`.
#[must_use]
pub(crate) fn board_text(g: Game) -> String {
    if g.rows() == 2 {
        format!("2x{}, stores", g.width())
    } else {
        format!("{}x{}", g.rows(), g.width())
    }
}

impl Home {
    pub(crate) fn new(lang: &str) -> Self {
        Self {
            lang: lang.to_owned(),
            version: version(),
            variants: Game::ALL
                .iter()
                .map(|&g| VariantChoice {
                    slug: g.slug(),
                    name: g.name(),
                    board: board_text(g),
                })
                .collect(),
            options: RuleOption::ALL
                .iter()
                .map(|&o| OptionChoice {
                    name: o.name(),
                    label: option_label(o),
                    games: Game::ALL
                        .iter()
                        .filter(|g| g.options().contains(&o))
                        .map(|g| g.name())
                        .collect::<Vec<_>>()
                        .join(", "),
                })
                .collect(),
            // The players behind a level differ by game (docs/engine.md); the names do not.
            levels: (1..)
                .zip(mancala_engine::LEVEL_NAMES)
                .map(|(number, description)| LevelChoice {
                    number,
                    description,
                })
                .collect(),
        }
    }
}

#[derive(Debug)]
pub(crate) struct Cell {
    pub pit: String,
    pub text: String,
}

#[derive(Template, Debug)]
#[template(path = "game.html")]
pub(crate) struct GamePage {
    pub lang: String,
    pub version: String,
    pub id: String,
    pub name: String,
    pub seat: String,
    pub ply: u32,
    pub status: String,
    pub notice: String,
    pub rows: Vec<Vec<Cell>>,
    pub extras: String,
    pub moves: Vec<String>,
    pub legal: Vec<String>,
    pub invite: String,
}

/// The board as printed (docs/notation.md §2): North's rows at the top, seen from South.
pub(crate) fn board_rows(pos: &Position) -> Vec<Vec<Cell>> {
    let v: Variant = pos.variant();
    let w = u8::try_from(v.width()).unwrap_or(u8::MAX);
    let cell = |side: Side, row: Row, col: u8| {
        Pit::new(side, row, col).map_or(
            Cell {
                pit: String::new(),
                text: String::new(),
            },
            |p| Cell {
                pit: p.to_string(),
                text: pos.seeds(p).to_string(),
            },
        )
    };
    let north = |row: Row| (1..=w).rev().map(|c| cell(Side::North, row, c)).collect();
    let south = |row: Row| (1..=w).map(|c| cell(Side::South, row, c)).collect();
    if v.rows() == 2 {
        vec![north(Row::Front), south(Row::Front)]
    } else {
        vec![
            north(Row::Back),
            north(Row::Front),
            south(Row::Front),
            south(Row::Back),
        ]
    }
}

#[derive(Template, Debug)]
#[template(path = "error.html")]
pub(crate) struct ErrorPage {
    pub lang: String,
    pub version: String,
    pub title: String,
    pub message: String,
}
