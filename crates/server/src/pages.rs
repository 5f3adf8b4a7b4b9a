//! Server-rendered pages (askama): they work without JavaScript; the board client enhances
//! the game page.

use askama::Template;
use mancala::{
    EndReason, Game, Outcome, Pit, Position, Row, RuleOption, Side, StoresField, Variant,
};

use crate::i18n::{Arg, Lang, Tr, s};

/// The footer's version: `v0.1.0 · abc1234`.
#[must_use]
pub fn version() -> String {
    format!(
        "v{} · {}",
        env!("CARGO_PKG_VERSION"),
        env!("MANCALA_GIT_HASH")
    )
}

/// Where a page request stands: its language, the rest of its path (after `/{lang}`, with the
/// query) and the visitor's remembered language (the `lang` cookie), if any.
#[derive(Clone, Debug)]
pub(crate) struct PageCtx {
    pub lang: Lang,
    pub rest: String,
    pub remembered: Option<Lang>,
}

impl PageCtx {
    /// The messages of the page's language.
    #[must_use]
    pub(crate) const fn tr(&self) -> Tr {
        self.lang.tr()
    }
}

/// A link of the language switcher.
#[derive(Debug)]
pub(crate) struct LangLink {
    pub code: &'static str,
    /// The language's own name for itself.
    pub name: String,
    /// The same page in that language.
    pub href: String,
    /// The switch: remembers the choice, then opens `href`.
    pub switch: String,
    pub current: bool,
}

/// The offer to read a page in the visitor's remembered language, in that language.
#[derive(Debug)]
pub(crate) struct Offer {
    pub lang: &'static str,
    pub text: String,
    pub link: String,
    pub href: String,
}

/// What every page shares: the language, title, switcher and footer.
#[derive(Debug)]
pub(crate) struct Chrome {
    pub tr: Tr,
    pub lang: &'static str,
    pub title: String,
    pub version: String,
    pub langs: Vec<LangLink>,
    pub offer: Option<Offer>,
}

/// The path of the language switch that remembers `lang` and opens `to`.
#[must_use]
pub(crate) fn switch_href(to: &str) -> String {
    let to: String = form_urlencoded::byte_serialize(to.as_bytes()).collect();
    format!("/language?to={to}")
}

impl Chrome {
    pub(crate) fn new(ctx: &PageCtx, title: String) -> Self {
        let langs = Lang::ALL
            .iter()
            .map(|&l| {
                let href = format!("/{}{}", l.code(), ctx.rest);
                LangLink {
                    code: l.code(),
                    name: l.tr().t("language-name"),
                    switch: switch_href(&href),
                    href,
                    current: l == ctx.lang,
                }
            })
            .collect();
        let offer = ctx.remembered.filter(|&r| r != ctx.lang).map(|r| Offer {
            lang: r.code(),
            text: r.tr().t("language-offer"),
            link: r.tr().t("language-offer-link"),
            href: format!("/{}{}", r.code(), ctx.rest),
        });
        Self {
            tr: ctx.tr(),
            lang: ctx.lang.code(),
            title,
            version: version(),
            langs,
            offer,
        }
    }
}

#[derive(Debug)]
pub(crate) struct VariantChoice {
    pub slug: &'static str,
    pub name: String,
}

#[derive(Debug)]
pub(crate) struct OptionChoice {
    pub value: &'static str,
    pub name: String,
    pub description: String,
    pub games: String,
}

#[derive(Debug)]
pub(crate) struct LevelChoice {
    pub number: u8,
    pub text: String,
}

/// A game's card on the home page: one per rules page.
#[derive(Debug)]
pub(crate) struct Card {
    pub page: &'static str,
    pub slug: &'static str,
    pub name: String,
    pub boards: String,
    pub summary: String,
    pub picture: String,
}

#[derive(Template, Debug)]
#[template(path = "home.html")]
pub(crate) struct Home {
    pub chrome: Chrome,
    pub cards: Vec<Card>,
    pub variants: Vec<VariantChoice>,
    pub selected: &'static str,
    pub options: Vec<OptionChoice>,
    pub levels: Vec<LevelChoice>,
}

/// The rules pages, in `Game::ALL`'s order, each with the games it covers.
#[must_use]
pub(crate) fn rules_pages() -> Vec<(&'static str, Vec<Game>)> {
    let mut pages: Vec<(&'static str, Vec<Game>)> = Vec::new();
    for g in Game::ALL {
        match pages.iter_mut().find(|(p, _)| *p == g.rules_page()) {
            Some((_, games)) => games.push(g),
            None => pages.push((g.rules_page(), vec![g])),
        }
    }
    pages
}

/// The board of a game for people: `4×8`, `2×6, stores`.
#[must_use]
pub(crate) fn board_text(tr: Tr, g: Game) -> String {
    let id = if Variant::new(g).stores_field() == Some(StoresField::Store) {
        "board-size-stores"
    } else {
        "board-size"
    };
    tr.args(
        id,
        &[
            ("rows", Arg::from(g.rows())),
            ("width", Arg::from(g.width())),
        ],
    )
}

/// The path of the board picture of `variant`'s start.
#[must_use]
pub(crate) fn start_picture(lang: Lang, g: Game) -> String {
    let d = Position::new(Variant::new(g)).diagram();
    let q: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("variant", g.slug())
        .append_pair("d", &d)
        .finish();
    format!("/{}/diagram.svg?{q}", lang.code())
}

/// The short name of a level: `beginner`, ...
#[must_use]
pub(crate) fn level_name(tr: Tr, level: u8) -> String {
    tr.t(&format!("level-name-{level}"))
}

impl Home {
    pub(crate) fn new(ctx: &PageCtx, selected: Option<Game>) -> Self {
        let tr = ctx.tr();
        let cards = rules_pages()
            .into_iter()
            .map(|(page, games)| {
                let first = games[0];
                let mut boards: Vec<String> = games.iter().map(|&g| board_text(tr, g)).collect();
                boards.dedup();
                Card {
                    page,
                    slug: first.slug(),
                    name: tr.game(first),
                    boards: boards.join(" · "),
                    summary: tr.t(&format!("page-{page}-summary")),
                    picture: start_picture(ctx.lang, first),
                }
            })
            .collect();
        Self {
            chrome: Chrome::new(ctx, tr.t("home-title")),
            cards,
            variants: Game::ALL
                .iter()
                .map(|&g| VariantChoice {
                    slug: g.slug(),
                    name: tr.game(g),
                })
                .collect(),
            selected: selected.unwrap_or(Game::BaoLaKiswahili).slug(),
            options: RuleOption::ALL
                .iter()
                .map(|&o| OptionChoice {
                    value: o.name(),
                    name: tr.t(&format!("option-{}", o.id())),
                    description: tr.t(&format!("option-{}-description", o.id())),
                    games: Game::ALL
                        .iter()
                        .filter(|g| g.options().contains(&o))
                        .map(|&g| tr.game(g))
                        .collect::<Vec<_>>()
                        .join(", "),
                })
                .collect(),
            // The players behind a level differ by game (docs/engine.md); the names do not.
            levels: (1..=u8::try_from(mancala_engine::LEVEL_NAMES.len()).unwrap_or(8))
                .map(|number| LevelChoice {
                    number,
                    text: tr.args(
                        "level-choice",
                        &[
                            ("level", Arg::from(number)),
                            ("name", s(level_name(tr, number))),
                        ],
                    ),
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
    pub chrome: Chrome,
    pub id: String,
    pub seat: String,
    pub ply: u32,
    pub status: String,
    pub notice: String,
    pub rows: Vec<Vec<Cell>>,
    pub extras: Vec<String>,
    pub moves: Vec<String>,
    pub legal: Vec<String>,
    pub invite: String,
    /// How often the page pings its WebSocket, in milliseconds (`Limits::keepalive`).
    pub keepalive_ms: u128,
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

/// The creator's own invitation, opened in the creator's browser: shown, not used up.
#[derive(Template, Debug)]
#[template(path = "invite.html")]
pub(crate) struct InvitePage {
    pub chrome: Chrome,
    /// The invitation's path.
    pub invite: String,
    /// The creator's game page.
    pub game: String,
}

#[derive(Template, Debug)]
#[template(path = "error.html")]
pub(crate) struct ErrorPage {
    pub chrome: Chrome,
    pub message: String,
}

/// A side as a message variable: `south` or `north` (messages select on it, so that every
/// language can decline the name as its grammar needs).
#[must_use]
pub(crate) fn side_key(side: Side) -> Arg {
    s(match side {
        Side::South => "south",
        Side::North => "north",
    })
}

/// How a game ended, for people: `outcome-{reason}` with `winner`, `loser`, `result` and, for
/// counted seeds, `south` and `north`.
#[must_use]
pub(crate) fn outcome_text(tr: Tr, o: Outcome) -> String {
    let mut args: Vec<(&str, Arg)> = vec![("result", s(o.result_token().to_owned()))];
    if let Some(w) = o.winner {
        args.push(("winner", side_key(w)));
        args.push(("loser", side_key(w.other())));
    }
    let id = match (o.reason, o.winner) {
        (EndReason::FrontRowEmpty, _) => "outcome-front-row-empty",
        (EndReason::NoLegalMove, _) => "outcome-no-legal-move",
        (EndReason::Repetition, None) => "outcome-repetition-draw",
        (EndReason::Repetition, Some(_)) => "outcome-repetition-win",
        (EndReason::Resignation, _) => "outcome-resignation",
        (EndReason::SeedsCounted { south, north }, w) => {
            args.push(("south", Arg::from(south)));
            args.push(("north", Arg::from(north)));
            if w.is_some() {
                "outcome-seeds-counted-win"
            } else {
                "outcome-seeds-counted-draw"
            }
        }
        _ => "outcome-other",
    };
    tr.args(id, &args)
}
