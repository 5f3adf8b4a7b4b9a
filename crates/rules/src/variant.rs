//! Variants: which game, on which board, with which rule options.

use core::fmt;
use core::str::FromStr;

use crate::{Pit, Row, Side};

/// The revision of the rules the engine implements. Game records carry it in their `Rules` tag,
/// so a record made under older rules can be recognised.
pub const RULES_REVISION: u32 = 1;

/// A game on a given board, without its rule options. Each has its own slug.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Game {
    /// Bao la Kiswahili (Zanzibar Bao): docs/rules/bao-la-kiswahili.md.
    BaoLaKiswahili,
    /// Bao la Kujifunza, the learners' Bao: docs/rules/bao-la-kujifunza.md.
    BaoLaKujifunza,
    /// Bao la Kete (Lamu): docs/rules/bao-la-kete.md.
    BaoLaKete,
    /// Hawalis (Bao Kiarabu) on the classic 4x7 board: docs/rules/hawalis.md.
    Hawalis,
    /// Bao Kiarabu on a 4x8 board: docs/rules/hawalis.md.
    Hawalis4x8,
    /// Hus on a 4x8 board: docs/rules/hus.md.
    Hus,
    /// Hus on a 4x12 board.
    Hus4x12,
    /// Hus on a 4x16 board.
    Hus4x16,
    /// Kalah with 6 pits and 4 seeds each, the standard two-row Mancala: docs/rules/kalah.md.
    Kalah,
    /// Kalah with 5 seeds per pit.
    Kalah6x5,
    /// Kalah with 6 seeds per pit.
    Kalah6x6,
    /// Bao la Kimasai, the 4x8 planting and harvest game: docs/rules/bao-la-kimasai.md.
    BaoLaKimasai,
    /// Bao la Kimasai, the 4x12 single-stone sliding game, reconstructed from one source:
    /// docs/rules/bao-la-kimasai-4x12.md.
    BaoLaKimasai4x12,
    /// Omweso (Uganda): docs/rules/omweso.md.
    Omweso,
}

/// The rule families, each implemented once (`variants/`). Exhaustive on purpose: a crate that
/// treats the families differently matches on this without a wildcard arm, so a new family is a
/// compile error at every such place rather than a silent fallback.
///
/// ```
/// use mancala::{Family, Game};
///
/// assert_eq!(Game::Hus4x16.family(), Family::Hus);
/// assert_eq!(Family::Hus.games().count(), 3);
/// assert!(Family::ALL.iter().all(|f| f.games().count() > 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Bao la Kiswahili, Bao la Kujifunza, Bao la Kete: two directions, captures into the own
    /// front row from a kichwa (docs/rules/bao-la-kiswahili.md).
    Bao,
    /// Hawalis (Bao Kiarabu) on 4x7 and 4x8: relay sowing, captures leave the board.
    Hawalis,
    /// Hus on 4x8, 4x12 and 4x16: relay sowing, captured seeds are sown on.
    Hus,
    /// Kalah: two rows and two stores.
    Kalah,
    /// Bao la Kimasai on 4x8: planting from a reserve, then relay sowing.
    Kimasai,
    /// Bao la Kimasai on 4x12: single stones sliding one step.
    KimasaiSliding,
    /// Omweso: relay sowing with a lap direction chosen at some pits.
    Omweso,
}

impl Family {
    /// Every family.
    pub const ALL: [Self; 7] = [
        Self::Bao,
        Self::Hawalis,
        Self::Hus,
        Self::Kalah,
        Self::Kimasai,
        Self::KimasaiSliding,
        Self::Omweso,
    ];

    /// The games of this family, in [`Game::ALL`]'s order.
    pub fn games(self) -> impl Iterator<Item = Game> {
        Game::ALL.into_iter().filter(move |g| g.family() == self)
    }
}

/// What the diagram's stores field (`s,n`: [`crate::Setup::stores`], [`crate::Position::store`])
/// holds in a variant. Its [`Self::id`] is a stable word for message files and the wire; the rules crate has no
/// text for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StoresField {
    /// Kalah's stores, on the board at each side's right.
    Store,
    /// The seeds each side has captured, off the board (Hawalis, Bao la Kimasai 4x12).
    Captured,
    /// The seeds each side still holds in reserve to plant (Bao la Kimasai 4x8).
    Reserve,
    /// The seeds each side still has to place before the first sowing (Omweso's
    /// `free_setup`).
    ToPlace,
}

impl StoresField {
    /// `store`, `captured`, `reserve` or `to_place`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::Store => "store",
            Self::Captured => "captured",
            Self::Reserve => "reserve",
            Self::ToPlace => "to_place",
        }
    }
}

impl Game {
    /// Every game.
    pub const ALL: [Self; 14] = [
        Self::BaoLaKiswahili,
        Self::BaoLaKujifunza,
        Self::BaoLaKete,
        Self::Hawalis,
        Self::Hawalis4x8,
        Self::Hus,
        Self::Hus4x12,
        Self::Hus4x16,
        Self::Kalah,
        Self::Kalah6x5,
        Self::Kalah6x6,
        Self::BaoLaKimasai,
        Self::BaoLaKimasai4x12,
        Self::Omweso,
    ];

    /// The slug used on the command line, in URLs and in records.
    #[must_use]
    pub const fn slug(self) -> &'static str {
        match self {
            Self::BaoLaKiswahili => "bao-la-kiswahili",
            Self::BaoLaKujifunza => "bao-la-kujifunza",
            Self::BaoLaKete => "bao-la-kete",
            Self::Hawalis => "hawalis",
            Self::Hawalis4x8 => "hawalis-4x8",
            Self::Hus => "hus",
            Self::Hus4x12 => "hus-4x12",
            Self::Hus4x16 => "hus-4x16",
            Self::Kalah => "kalah",
            Self::Kalah6x5 => "kalah-6x5",
            Self::Kalah6x6 => "kalah-6x6",
            Self::BaoLaKimasai => "bao-la-kimasai",
            Self::BaoLaKimasai4x12 => "bao-la-kimasai-4x12",
            Self::Omweso => "omweso",
        }
    }

    /// The name for people.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::BaoLaKiswahili => "Bao la Kiswahili",
            Self::BaoLaKujifunza => "Bao la Kujifunza",
            Self::BaoLaKete => "Bao la Kete",
            Self::Hawalis => "Hawalis",
            Self::Hawalis4x8 => "Bao Kiarabu (4x8)",
            Self::Hus => "Hus",
            Self::Hus4x12 => "Hus (4x12)",
            Self::Hus4x16 => "Hus (4x16)",
            Self::Kalah => "Kalah",
            Self::Kalah6x5 => "Kalah (5 seeds)",
            Self::Kalah6x6 => "Kalah (6 seeds)",
            Self::BaoLaKimasai => "Bao la Kimasai",
            Self::BaoLaKimasai4x12 => "Bao la Kimasai (4x12 sliding)",
            Self::Omweso => "Omweso",
        }
    }

    /// The rule family.
    #[must_use]
    pub const fn family(self) -> Family {
        match self {
            Self::BaoLaKiswahili | Self::BaoLaKujifunza | Self::BaoLaKete => Family::Bao,
            Self::Hawalis | Self::Hawalis4x8 => Family::Hawalis,
            Self::Hus | Self::Hus4x12 | Self::Hus4x16 => Family::Hus,
            Self::Kalah | Self::Kalah6x5 | Self::Kalah6x6 => Family::Kalah,
            Self::BaoLaKimasai => Family::Kimasai,
            Self::BaoLaKimasai4x12 => Family::KimasaiSliding,
            Self::Omweso => Family::Omweso,
        }
    }

    /// Whether the players hold seeds in hand to enter one at a time (the namua stage): Bao la
    /// Kiswahili and Bao la Kete ([`crate::Position::hand`] is `None` elsewhere).
    #[must_use]
    pub const fn has_hands(self) -> bool {
        matches!(self, Self::BaoLaKiswahili | Self::BaoLaKete)
    }

    /// Whether each side has a nyumba, the square pit with its own rules (Bao la Kiswahili R5,
    /// Bao la Kete): [`crate::Position::nyumba_pit`] is `None` elsewhere.
    #[must_use]
    pub const fn has_nyumba(self) -> bool {
        matches!(self, Self::BaoLaKiswahili | Self::BaoLaKete)
    }

    /// Whether a move names its direction (`A6<`): the Bao family. Elsewhere the direction is
    /// fixed, or chosen lap by lap as part of the move (Omweso).
    #[must_use]
    pub const fn chooses_direction(self) -> bool {
        matches!(self.family(), Family::Bao)
    }

    /// The slug of the game's rules page: `docs/rules/{page}.md` and the site's
    /// `/{lang}/rules/{page}`. One page covers every board of a game (Hawalis, Hus, Kalah); Bao
    /// la Kimasai's two forms have a page each.
    ///
    /// ```
    /// use mancala::Game;
    ///
    /// assert_eq!(Game::Hus4x12.rules_page(), "hus");
    /// assert_eq!(Game::BaoLaKimasai4x12.rules_page(), "bao-la-kimasai-4x12");
    /// ```
    #[must_use]
    pub const fn rules_page(self) -> &'static str {
        match self.family() {
            Family::Hawalis => "hawalis",
            Family::Hus => "hus",
            Family::Kalah => "kalah",
            Family::Bao | Family::Kimasai | Family::KimasaiSliding | Family::Omweso => self.slug(),
        }
    }

    /// Pits per row.
    #[must_use]
    pub const fn width(self) -> usize {
        match self {
            Self::Hawalis => 7,
            Self::Hus4x12 | Self::BaoLaKimasai4x12 => 12,
            Self::Hus4x16 => 16,
            Self::Kalah | Self::Kalah6x5 | Self::Kalah6x6 => 6,
            _ => 8,
        }
    }

    /// Rows on the board: 4, or 2 for Kalah.
    #[must_use]
    pub const fn rows(self) -> usize {
        match self.family() {
            Family::Kalah => 2,
            _ => 4,
        }
    }

    /// The seeds in play.
    #[must_use]
    pub const fn total_seeds(self) -> u32 {
        let w = self.width() as u32;
        match self {
            Self::Hawalis | Self::Hawalis4x8 | Self::BaoLaKujifunza => 8 * w,
            Self::Hus | Self::Hus4x12 | Self::Hus4x16 => 6 * w,
            Self::Kalah => 48,
            Self::Kalah6x5 => 60,
            Self::Kalah6x6 => 72,
            Self::BaoLaKiswahili | Self::BaoLaKete | Self::BaoLaKimasai | Self::Omweso => 64,
            Self::BaoLaKimasai4x12 => 46,
        }
    }

    /// How many occurrences of one position (same side to move) draw the game: 2 where the
    /// variant's sources make the first recurrence a draw (Hawalis, Bao la Kimasai 4x12), else
    /// 3, the platform's threefold repetition (decisions.md). [`crate::record::GameRecord`]
    /// applies it.
    #[must_use]
    pub const fn repetitions_for_draw(self) -> usize {
        match self.family() {
            Family::Hawalis | Family::KimasaiSliding => 2,
            _ => 3,
        }
    }

    /// The rule options this game accepts.
    #[must_use]
    pub const fn options(self) -> &'static [RuleOption] {
        match self.family() {
            Family::Bao if !matches!(self, Self::BaoLaKujifunza) => {
                &[RuleOption::TakasiaDonkers, RuleOption::TakasiaNone]
            }
            Family::Hus => &[RuleOption::CaptureRequiresOuter],
            Family::Kalah => &[RuleOption::EmptyCapture],
            Family::Omweso => &[RuleOption::FreeSetup],
            _ => &[],
        }
    }
}

/// A named rule option (docs/rules): off by default, recorded in every game record. Exhaustive,
/// like [`Family`]: a consumer that says something per option matches without a wildcard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleOption {
    /// `takasia:donkers`: takasia without de Voogt's 2001 single-seed exception (R8.2).
    TakasiaDonkers,
    /// `takasia:none`: no takasia at all (R8).
    TakasiaNone,
    /// `capture_requires_outer` (Hus): a capture needs the opponent's outer pit occupied too.
    CaptureRequiresOuter,
    /// `empty_capture` (Kalah): the last seed in an own empty pit is captured even when the
    /// opposite pit is empty.
    EmptyCapture,
    /// `free_setup` (Omweso): the players place their 32 seeds one at a time, alternately,
    /// before the first sowing.
    FreeSetup,
}

impl RuleOption {
    /// Every option.
    pub const ALL: [Self; 5] = [
        Self::TakasiaDonkers,
        Self::TakasiaNone,
        Self::CaptureRequiresOuter,
        Self::EmptyCapture,
        Self::FreeSetup,
    ];

    /// The name written on the command line and in records.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::TakasiaDonkers => "takasia:donkers",
            Self::TakasiaNone => "takasia:none",
            Self::CaptureRequiresOuter => "capture_requires_outer",
            Self::EmptyCapture => "empty_capture",
            Self::FreeSetup => "free_setup",
        }
    }

    /// A stable identifier for message files and keys: the name with `-` for `:` and `_`
    /// (`takasia-donkers`, `capture-requires-outer`), a valid Fluent message id.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Self::TakasiaDonkers => "takasia-donkers",
            Self::TakasiaNone => "takasia-none",
            Self::CaptureRequiresOuter => "capture-requires-outer",
            Self::EmptyCapture => "empty-capture",
            Self::FreeSetup => "free-setup",
        }
    }

    const fn bit(self) -> u16 {
        1 << (self as u16)
    }

    /// Options that may not be combined with this one.
    const fn conflicts(self) -> u16 {
        match self {
            Self::TakasiaDonkers => Self::TakasiaNone.bit(),
            Self::TakasiaNone => Self::TakasiaDonkers.bit(),
            Self::CaptureRequiresOuter | Self::EmptyCapture | Self::FreeSetup => 0,
        }
    }
}

impl fmt::Display for RuleOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A game with its rule options. `Display` gives the slug; [`Variant::rules_text`] the options.
///
/// ```
/// use mancala::Variant;
/// let v: Variant = "bao-la-kiswahili".parse()?;
/// let v = v.with_rules("takasia:donkers")?;
/// assert_eq!(v.rules_text(), "takasia:donkers");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    game: Game,
    options: u16,
}

impl Variant {
    /// Bao la Kiswahili with the default rules.
    pub const BAO_LA_KISWAHILI: Self = Self::new(Game::BaoLaKiswahili);
    /// Bao la Kujifunza.
    pub const BAO_LA_KUJIFUNZA: Self = Self::new(Game::BaoLaKujifunza);
    /// Bao la Kete with the default rules.
    pub const BAO_LA_KETE: Self = Self::new(Game::BaoLaKete);

    /// Every variant with every combination of its rule options (the defaults first).
    pub const ALL: [Self; 22] = [
        Self::BAO_LA_KISWAHILI,
        Self::BAO_LA_KUJIFUNZA,
        Self::BAO_LA_KETE,
        Self::new(Game::Hawalis),
        Self::new(Game::Hawalis4x8),
        Self::new(Game::Hus),
        Self::new(Game::Hus4x12),
        Self::new(Game::Hus4x16),
        Self::new(Game::Kalah),
        Self::new(Game::Kalah6x5),
        Self::new(Game::Kalah6x6),
        Self::new(Game::BaoLaKimasai),
        Self::new(Game::BaoLaKimasai4x12),
        Self::new(Game::Omweso),
        Self::BAO_LA_KISWAHILI.with(RuleOption::TakasiaDonkers),
        Self::BAO_LA_KISWAHILI.with(RuleOption::TakasiaNone),
        Self::BAO_LA_KETE.with(RuleOption::TakasiaDonkers),
        Self::BAO_LA_KETE.with(RuleOption::TakasiaNone),
        Self::new(Game::Hus).with(RuleOption::CaptureRequiresOuter),
        Self::new(Game::Kalah).with(RuleOption::EmptyCapture),
        Self::new(Game::Kalah6x6).with(RuleOption::EmptyCapture),
        Self::new(Game::Omweso).with(RuleOption::FreeSetup),
    ];

    /// The default variant of every game (no rule options), one per slug.
    pub const DEFAULTS: [Self; Game::ALL.len()] = {
        let mut v = [Self::BAO_LA_KISWAHILI; Game::ALL.len()];
        let mut i = 0;
        while i < Game::ALL.len() {
            v[i] = Self::new(Game::ALL[i]);
            i += 1;
        }
        v
    };

    /// The game with its default rules.
    #[must_use]
    pub const fn new(game: Game) -> Self {
        Self { game, options: 0 }
    }

    const fn with(self, option: RuleOption) -> Self {
        Self {
            game: self.game,
            options: (self.options & !option.conflicts()) | option.bit(),
        }
    }

    /// The game.
    #[must_use]
    pub const fn game(self) -> Game {
        self.game
    }

    /// Whether a rule option is on.
    #[must_use]
    pub const fn has(self, option: RuleOption) -> bool {
        self.options & option.bit() != 0
    }

    /// The options that are on.
    pub fn options(self) -> impl Iterator<Item = RuleOption> {
        RuleOption::ALL.into_iter().filter(move |&o| self.has(o))
    }

    /// This variant with `option` switched on.
    ///
    /// # Errors
    /// When the game has no such option.
    pub fn with_option(self, option: RuleOption) -> Result<Self, ParseVariantError> {
        if self.game.options().contains(&option) {
            Ok(self.with(option))
        } else {
            Err(ParseVariantError::OptionNotForGame(
                option.name(),
                self.game.slug(),
            ))
        }
    }

    /// This variant with the options of `text` (space-separated names, as in docs/notation.md)
    /// switched on. An empty text changes nothing.
    ///
    /// # Errors
    /// An unknown option, one the game does not have, or two that exclude each other.
    pub fn with_rules(self, text: &str) -> Result<Self, ParseVariantError> {
        let mut v = self;
        for word in text.split_whitespace() {
            let option = RuleOption::ALL
                .into_iter()
                .find(|o| o.name() == word)
                .ok_or_else(|| ParseVariantError::UnknownOption(word.to_owned()))?;
            if v.options & option.conflicts() != 0 {
                return Err(ParseVariantError::Conflict(option.name()));
            }
            v = v.with_option(option)?;
        }
        Ok(v)
    }

    /// The options as text: names separated by spaces, empty for the defaults.
    #[must_use]
    pub fn rules_text(self) -> String {
        self.options()
            .map(RuleOption::name)
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The name for people, with the options in brackets.
    #[must_use]
    pub fn display_name(self) -> String {
        let rules = self.rules_text();
        if rules.is_empty() {
            self.game.name().to_owned()
        } else {
            format!("{} ({rules})", self.game.name())
        }
    }

    /// The board width (pits per row).
    #[must_use]
    pub const fn width(self) -> usize {
        self.game.width()
    }

    /// Rows on the board.
    #[must_use]
    pub const fn rows(self) -> usize {
        self.game.rows()
    }

    /// The number of seeds in play.
    #[must_use]
    pub const fn total_seeds(self) -> u32 {
        self.game.total_seeds()
    }

    /// Every pit of `side`: the front row, then the back row (none on two-row boards), each
    /// from the owner's left.
    pub fn pits(self, side: Side) -> impl Iterator<Item = Pit> {
        let rows: &'static [Row] = if self.rows() == 2 {
            &[Row::Front]
        } else {
            &[Row::Front, Row::Back]
        };
        let width = u8::try_from(self.width()).unwrap_or(u8::MAX);
        rows.iter()
            .flat_map(move |&row| (1..=width).filter_map(move |col| Pit::new(side, row, col)))
    }

    /// What the diagram's stores field ([`crate::Position::store`]) holds in this variant:
    /// Kalah's stores, the seeds captured (Hawalis, the sliding Bao la Kimasai), the reserve (Bao
    /// la Kimasai 4x8) or the seeds to place (Omweso's `free_setup`); `None` where there is no
    /// such field.
    ///
    /// ```
    /// use mancala::{Game, RuleOption, StoresField, Variant};
    ///
    /// assert_eq!(Variant::new(Game::Kalah6x5).stores_field(), Some(StoresField::Store));
    /// assert_eq!(Variant::new(Game::Omweso).stores_field(), None);
    /// let free = Variant::new(Game::Omweso).with_option(RuleOption::FreeSetup)?;
    /// assert_eq!(free.stores_field(), Some(StoresField::ToPlace));
    /// # Ok::<_, mancala::ParseVariantError>(())
    /// ```
    #[must_use]
    pub const fn stores_field(self) -> Option<StoresField> {
        match self.game.family() {
            Family::Kalah => Some(StoresField::Store),
            Family::Hawalis | Family::KimasaiSliding => Some(StoresField::Captured),
            Family::Kimasai => Some(StoresField::Reserve),
            Family::Omweso if self.has(RuleOption::FreeSetup) => Some(StoresField::ToPlace),
            Family::Omweso | Family::Bao | Family::Hus => None,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.game.slug())
    }
}

/// A variant or rule option that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParseVariantError {
    /// No variant has this slug.
    UnknownVariant(String),
    /// No rule option has this name.
    UnknownOption(String),
    /// The option exists but not for this game.
    OptionNotForGame(&'static str, &'static str),
    /// The option excludes one given before it.
    Conflict(&'static str),
}

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownVariant(s) => {
                let slugs: Vec<_> = Game::ALL.iter().map(|g| g.slug()).collect();
                write!(f, "unknown variant `{s}` (known: {})", slugs.join(", "))
            }
            Self::UnknownOption(s) => write!(f, "unknown rule option `{s}`"),
            Self::OptionNotForGame(o, g) => write!(f, "rule option `{o}` does not apply to {g}"),
            Self::Conflict(o) => write!(f, "rule option `{o}` conflicts with an earlier option"),
        }
    }
}

impl core::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Self, ParseVariantError> {
        Game::ALL
            .into_iter()
            .find(|g| g.slug() == s)
            .map(Self::new)
            .ok_or_else(|| ParseVariantError::UnknownVariant(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pits_are_each_sides_own_rows() {
        let bao: Vec<String> = Variant::BAO_LA_KISWAHILI
            .pits(Side::North)
            .map(|p| p.to_string())
            .collect();
        assert_eq!(bao.len(), 16);
        assert_eq!((bao[0].as_str(), bao[7].as_str()), ("a1", "a8"));
        assert_eq!((bao[8].as_str(), bao[15].as_str()), ("b1", "b8"));
        let kalah: Vec<String> = Variant::new(Game::Kalah)
            .pits(Side::South)
            .map(|p| p.to_string())
            .collect();
        assert_eq!(kalah, ["A1", "A2", "A3", "A4", "A5", "A6"]);
        assert_eq!(Variant::new(Game::Hus4x16).pits(Side::South).count(), 32);
    }

    #[test]
    fn capabilities_agree_with_positions() {
        use crate::Position;
        for v in Variant::ALL {
            let game = v.game();
            let pos = Position::new(v);
            for side in Side::ALL {
                assert_eq!(pos.hand(side).is_some(), game.has_hands(), "{v}");
                assert_eq!(pos.nyumba_pit(side).is_some(), game.has_nyumba(), "{v}");
                assert_eq!(pos.store(side).is_some(), v.stores_field().is_some(), "{v}");
            }
            let directed = pos.legal_moves().iter().any(|m| m.dir().is_some());
            assert_eq!(directed, game.chooses_direction(), "{v}");
            assert!(game.family().games().any(|g| g == game));
        }
        let ids: std::collections::HashSet<_> = RuleOption::ALL.iter().map(|o| o.id()).collect();
        assert_eq!(ids.len(), RuleOption::ALL.len());
    }

    #[test]
    fn slugs_round_trip() {
        for v in Variant::ALL {
            let back: Variant = v.to_string().parse().unwrap();
            assert_eq!(back.with_rules(&v.rules_text()).unwrap(), v);
        }
    }

    #[test]
    fn bad_options_are_refused() {
        let v = Variant::BAO_LA_KUJIFUNZA;
        assert!(v.with_rules("takasia:none").is_err());
        assert!(
            Variant::BAO_LA_KISWAHILI
                .with_rules("takasia:none takasia:donkers")
                .is_err()
        );
        assert!(Variant::BAO_LA_KISWAHILI.with_rules("nonsense").is_err());
        assert!("bao".parse::<Variant>().is_err());
    }
}
