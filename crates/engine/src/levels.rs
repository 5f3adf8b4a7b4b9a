//! Strength levels 1 (beginner) to 8 (strongest), each a player with limits, in a table per
//! game (docs/engine.md, "Levels").
//!
//! Every table starts from the beginner (random moves, but never a missed win in one) and ends
//! with alpha-beta at 1 s a move. The steps in between are set per game so that each level
//! scores at least 65% against the one below (measured by `mancala bench ladder`): in games
//! where deeper search soon stops paying (Bao la Kujifunza, Hus, Omweso), the steps are fixed
//! depths and, at the bottom, novices (greedy players with a share of random moves), since a
//! few plies already separate the levels there and more time hardly does.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use mancala::{Family, Game, Position};

use crate::{
    AlphaBeta, Greedy, Limits, PerfectKalah, Player, SearchResult, evaluate_learned,
    learned_weights,
};

/// How a level chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// The one-ply player with this percent of its moves at random (100: the beginner, 0: the
    /// greedy player); a win in one is always taken ([`Greedy::novice`]).
    Novice(u8),
    /// Alpha-beta ([`AlphaBeta`]) within the level's limits.
    AlphaBeta,
    /// Perfect play in Kalah(6,4) ([`PerfectKalah`]): the book, else the solver within the
    /// level's time, else alpha-beta.
    Perfect,
}

/// A level: what it is and how to build it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1 to 8.
    pub number: u8,
    /// The player.
    pub style: Style,
    /// The limits the level plays with (one ply for the one-ply players).
    pub limits: Limits,
}

impl Level {
    const fn with_threads(self, threads: u32) -> Self {
        Self {
            limits: self.limits.with_threads(threads),
            ..self
        }
    }

    /// The threads the level's search uses when it can have them (at least one).
    #[must_use]
    pub const fn threads(&self) -> u32 {
        match self.limits.threads {
            Some(t) if t > 1 => t,
            _ => 1,
        }
    }
}

impl Level {
    /// What the level's player is, for people: `alpha-beta, 4 plies`, `greedy for 65% of its
    /// moves, random for the rest`.
    #[must_use]
    pub fn description(&self) -> String {
        let mut text = match (self.style, self.limits.depth, self.limits.time) {
            (Style::Novice(100..), ..) => {
                "beginner: random moves, but never misses a win in one".to_owned()
            }
            (Style::Novice(0), ..) => "greedy: the best position one move ahead".to_owned(),
            (Style::Novice(p), ..) => {
                format!("greedy for {}% of its moves, random for the rest", 100 - p)
            }
            (Style::AlphaBeta, Some(d), _) => format!("alpha-beta, {d} plies"),
            (Style::AlphaBeta, None, Some(t)) => {
                format!("alpha-beta, {} s a move", t.as_secs_f64())
            }
            (Style::AlphaBeta, None, None) => "alpha-beta".to_owned(),
            (Style::Perfect, _, Some(t)) => format!(
                "perfect play (book and solver), else alpha-beta, {} s a move",
                t.as_secs_f64()
            ),
            (Style::Perfect, _, None) => {
                "perfect play (book and solver), else alpha-beta".to_owned()
            }
        };
        if self.style == Style::AlphaBeta && self.limits.depth.is_none() && self.threads() > 1 {
            text.push_str(&format!(", {} threads", self.threads()));
        }
        text
    }
}

/// The name of each level for people, the same in every game: index 0 is level 1.
pub const LEVEL_NAMES: [&str; 8] = [
    "beginner",
    "novice",
    "casual",
    "club player",
    "strong",
    "expert",
    "master",
    "strongest",
];

/// Longest a fixed-depth level thinks: a cap for the rare position whose tree is huge.
const DEPTH_LEVEL_CAP: Duration = Duration::from_secs(5);

const fn novice(number: u8, random_percent: u8) -> Level {
    Level {
        number,
        style: Style::Novice(random_percent),
        limits: Limits {
            time: None,
            nodes: None,
            depth: Some(1),
            threads: None,
        },
    }
}

const fn plies(number: u8, depth: u32) -> Level {
    Level {
        number,
        style: Style::AlphaBeta,
        limits: Limits {
            time: Some(DEPTH_LEVEL_CAP),
            nodes: None,
            depth: Some(depth),
            threads: None,
        },
    }
}

const fn millis(number: u8, ms: u64) -> Level {
    Level {
        number,
        style: Style::AlphaBeta,
        limits: Limits {
            time: Some(Duration::from_millis(ms)),
            nodes: None,
            depth: None,
            threads: None,
        },
    }
}

/// Threads of the strongest level (docs/engine.md, "Two threads"): it searches for a time, so
/// a second thread (Lazy SMP) makes it stronger; the server gives it two of its search slots
/// when it can, and one thread when only one is free.
pub const TOP_THREADS: u32 = 2;

const BEGINNER: Level = novice(1, 100);
const TOP: Level = millis(8, 1000).with_threads(TOP_THREADS);

/// The table of the games where more search keeps paying (Bao la Kiswahili, and the games not
/// measured apart).
pub const LEVELS: [Level; 8] = [
    BEGINNER,
    novice(2, 0),
    plies(3, 2),
    plies(4, 4),
    plies(5, 6),
    millis(6, 30),
    millis(7, 140),
    TOP,
];

/// Kalah(6,4): the default table with level 6 at 9 plies and level 8 playing perfectly
/// (docs/engine.md, "Perfect Kalah"). In the ladder the default level 7 (0.14 s, a sixth of it)
/// scored only 0.625 against level 6 at 30 ms; 9 plies scored 0.688 against 6 plies and level 7
/// 0.677 against 9 plies (8 plies: 0.642 against 6).
pub const KALAH_LEVELS: [Level; 8] = [
    LEVELS[0],
    LEVELS[1],
    LEVELS[2],
    LEVELS[3],
    LEVELS[4],
    plies(6, 9),
    LEVELS[6],
    Level {
        style: Style::Perfect,
        ..TOP
    },
];

/// Hus and Omweso: more search soon stops paying, so the steps are novices and small searches,
/// and level 7 searches 5 plies. In Hus each ply more scores less against the ply below (0.720,
/// 0.675, 0.635, 0.595 from 3 v 2 to 6 v 5 plies) and 12 plies score only 0.52 against 8; in
/// Omweso level 8 scores 0.805 against 4 plies and 0.710 against 5.
pub const CAPTURE_LEVELS: [Level; 8] = [
    BEGINNER,
    novice(2, 70),
    novice(3, 35),
    novice(4, 0),
    plies(5, 2),
    plies(6, 3),
    plies(7, 5),
    TOP,
];

/// Bao la Kujifunza: as the default table up to 2 plies, then 3, 4, 6 and 8 plies. Level 8 at
/// a sixth of its time scores 0.630 against 33 ms (a fifth of level 7's time) but 0.725 against
/// 8 plies, and 8 plies 0.690 against 6.
pub const KUJIFUNZA_LEVELS: [Level; 8] = [
    BEGINNER,
    novice(2, 0),
    plies(3, 2),
    plies(4, 3),
    plies(5, 4),
    plies(6, 6),
    plies(7, 8),
    TOP,
];

/// Hawalis and Bao Kiarabu (4x8): more time pays little, a ply is cheap (7 plies search about
/// 600 nodes a move) and an odd depth pays, so the table is spent below level 7: a novice,
/// greedy, 2, 4 and 7 plies, then 30 ms. With the default table's steps of time (a sixth of
/// it, 200 games, balanced openings, 4x7) 0.14 s scored only 0.620 against 30 ms and 1 s 0.615
/// against 0.14 s, while 30 ms scored 0.840 against 7 plies, 7 plies 0.745 against 4, 4 plies
/// 0.740 against 2 (and 6 plies only 0.642 against 4).
pub const HAWALIS_LEVELS: [Level; 8] = [
    BEGINNER,
    novice(2, 50),
    novice(3, 0),
    plies(4, 2),
    plies(5, 4),
    plies(6, 7),
    millis(7, 30),
    TOP,
];

/// Bao la Kimasai: a novice and greedy, then steps of one ply, 2 to 5, below level 8. A ply
/// costs much here (a fixed 6-ply search took 9,500 nodes a move, 4 plies 800), so the default
/// table's level 6 (30 ms) lost to its level 5 (6 plies) in the ladder, 0.080 with a sixth of
/// its time; and with 2 to 6 plies at levels 3 to 7, level 8 (166 ms in the ladder, 134k nodes
/// a move) scored only 0.585 against 6 plies, while 6 plies scored 0.735 against 5.
pub const KIMASAI_LEVELS: [Level; 8] = [
    BEGINNER,
    novice(2, 50),
    novice(3, 0),
    plies(4, 2),
    plies(5, 3),
    plies(6, 4),
    plies(7, 5),
    TOP,
];

/// Bao la Kimasai 4x12 (sliding): a move has few choices (2 plies search about 13 nodes, 6
/// plies 350) and search soon stops paying, while one ply of sense is worth much (greedy
/// scored 0.985 against the beginner), so the table is spent on novices: greedy for a quarter,
/// half and three quarters of its moves, greedy, then 2 and 4 plies. With the default table
/// 6 plies scored 0.595 against 4 and 0.14 s 0.555 against 30 ms (a sixth of each), while
/// 2 plies scored 0.880 against greedy and 4 plies 0.680 against 2.
pub const KIMASAI_SLIDING_LEVELS: [Level; 8] = [
    BEGINNER,
    novice(2, 75),
    novice(3, 50),
    novice(4, 25),
    novice(5, 0),
    plies(6, 2),
    plies(7, 4),
    TOP,
];

/// The level table of a game.
#[must_use]
pub const fn levels(game: Game) -> &'static [Level; 8] {
    match game.family() {
        Family::Hus | Family::Omweso => &CAPTURE_LEVELS,
        // Measured apart (docs/engine.md, "Levels").
        Family::Bao if matches!(game, Game::BaoLaKujifunza) => &KUJIFUNZA_LEVELS,
        Family::Kalah if matches!(game, Game::Kalah) => &KALAH_LEVELS,
        Family::Hawalis => &HAWALIS_LEVELS,
        Family::Kimasai => &KIMASAI_LEVELS,
        Family::KimasaiSliding => &KIMASAI_SLIDING_LEVELS,
        Family::Bao | Family::Kalah => &LEVELS,
    }
}

/// Whether the alpha-beta levels of `game` search with the learned evaluation
/// ([`crate::evaluate_learned`]): only where it measured stronger than [`crate::evaluate`] at
/// equal time (docs/engine.md, "Learned evaluation"), and where the game has weights.
#[must_use]
pub fn uses_learned(game: Game) -> bool {
    // Against evaluate at 50 ms a move, 400 games from balanced openings, the 95% interval
    // above 0.5: Bao la Kiswahili 0.713, Bao la Kete 0.755, Hawalis 0.578, Bao Kiarabu 4x8
    // 0.560, Hus 4x16 0.637. Even (the interval about 0.5): Bao la Kujifunza, Hus, Hus 4x12,
    // Omweso.
    matches!(
        game,
        Game::BaoLaKiswahili | Game::BaoLaKete | Game::Hawalis | Game::Hawalis4x8 | Game::Hus4x16
    ) && learned_weights(game).is_some()
}

/// Whether `level` of `game` searches with the learned evaluation: an alpha-beta level of a
/// game that [`uses_learned`]. The player ([`level`]) and its description
/// ([`level_description`]) both ask this.
fn searches_learned(game: Game, level: &Level) -> bool {
    level.style == Style::AlphaBeta && uses_learned(game)
}

/// What level `n` (1 to 8) of `game` is, for people: the level's [`Level::description`], and
/// for an alpha-beta level of a game whose levels search with the learned evaluation
/// ([`uses_learned`]), `, learned evaluation`. `None` for another number.
///
/// ```
/// use mancala_engine::level_description;
/// use mancala::Game;
///
/// assert_eq!(level_description(Game::Hus, 5).unwrap(), "alpha-beta, 2 plies");
/// assert_eq!(
///     level_description(Game::BaoLaKiswahili, 4).unwrap(),
///     "alpha-beta, 4 plies, learned evaluation"
/// );
/// assert!(level_description(Game::Hus, 9).is_none());
/// ```
#[must_use]
pub fn level_description(game: Game, n: u8) -> Option<String> {
    let level = level_entry(game, n)?;
    let mut text = level.description();
    if searches_learned(game, &level) {
        text.push_str(", learned evaluation");
    }
    Some(text)
}

/// A level's player: its own limits, cut further by any the caller sets.
struct LevelPlayer {
    level: Level,
    inner: Box<dyn Player>,
}

fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

impl Player for LevelPlayer {
    fn choose(&mut self, pos: &Position, limits: &Limits, stop: &AtomicBool) -> SearchResult {
        let own = self.level.limits;
        let merged = Limits {
            time: tighter(own.time, limits.time),
            nodes: tighter(own.nodes, limits.nodes),
            depth: tighter(own.depth, limits.depth),
            threads: tighter(own.threads, limits.threads),
        };
        self.inner.choose(pos, &merged, stop)
    }

    fn name(&self) -> String {
        format!("level{}", self.level.number)
    }
}

/// Level `n` (1 to 8) of `game`'s table; `None` for another number.
#[must_use]
pub fn level_entry(game: Game, n: u8) -> Option<Level> {
    levels(game).get(usize::from(n).checked_sub(1)?).copied()
}

/// The player of level `n` (1 to 8) of `game`, seeded; `None` for another number.
#[must_use]
pub fn level(game: Game, n: u8, seed: u64) -> Option<Box<dyn Player>> {
    let level = level_entry(game, n)?;
    let inner: Box<dyn Player> = match level.style {
        Style::Novice(p) => Box::new(Greedy::novice(seed, p)),
        Style::AlphaBeta if searches_learned(game, &level) => {
            Box::new(AlphaBeta::with_eval(None, evaluate_learned))
        }
        Style::AlphaBeta => Box::new(AlphaBeta::new(None)),
        Style::Perfect => Box::new(PerfectKalah::new()),
    };
    Some(Box::new(LevelPlayer { level, inner }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_follow_the_players() {
        let texts: Vec<String> = CAPTURE_LEVELS.iter().map(Level::description).collect();
        assert_eq!(
            texts,
            [
                "beginner: random moves, but never misses a win in one",
                "greedy for 30% of its moves, random for the rest",
                "greedy for 65% of its moves, random for the rest",
                "greedy: the best position one move ahead",
                "alpha-beta, 2 plies",
                "alpha-beta, 3 plies",
                "alpha-beta, 5 plies",
                "alpha-beta, 1 s a move, 2 threads",
            ]
        );
        assert_eq!(LEVELS[5].description(), "alpha-beta, 0.03 s a move");
        assert_eq!(LEVELS[6].description(), "alpha-beta, 0.14 s a move");
        assert_eq!(
            KALAH_LEVELS[7].description(),
            "perfect play (book and solver), else alpha-beta, 1 s a move"
        );
        // A share above 100 is the beginner, as Greedy::novice takes it.
        let odd = Level {
            style: Style::Novice(150),
            ..BEGINNER
        };
        assert_eq!(odd.description(), BEGINNER.description());
    }

    #[test]
    fn only_measured_games_use_the_learned_evaluation() {
        for game in [
            Game::BaoLaKiswahili,
            Game::BaoLaKete,
            Game::Hawalis,
            Game::Hawalis4x8,
            Game::Hus4x16,
        ] {
            assert!(uses_learned(game), "{game:?}");
        }
        for game in [
            Game::Hus,
            Game::Hus4x12,
            Game::Omweso,
            Game::Kalah,
            Game::BaoLaKujifunza,
        ] {
            assert!(!uses_learned(game), "{game:?}");
        }
    }

    #[test]
    fn descriptions_say_which_levels_search_with_the_learned_evaluation() {
        // The alpha-beta levels: 3 to 8 in the Bao games, 4 to 8 in Hawalis, 5 to 8 in Hus.
        let learned = |game: Game| {
            (1..=8)
                .filter(|&n| {
                    let text = level_description(game, n).expect("a level");
                    text.ends_with(", learned evaluation")
                })
                .count()
        };
        for (game, count) in [
            (Game::BaoLaKiswahili, 6),
            (Game::BaoLaKete, 6),
            (Game::Hawalis, 5),
            (Game::Hawalis4x8, 5),
            (Game::Hus4x16, 4),
            (Game::Hus, 0),
            (Game::BaoLaKujifunza, 0),
            (Game::Omweso, 0),
            (Game::Kalah, 0),
        ] {
            assert_eq!(learned(game), count, "{game:?}");
        }
        assert_eq!(
            level_description(Game::BaoLaKete, 8).expect("level 8"),
            "alpha-beta, 1 s a move, 2 threads, learned evaluation"
        );
        assert_eq!(
            level_description(Game::Hawalis, 3).expect("level 3"),
            "greedy: the best position one move ahead"
        );
        assert_eq!(level_description(Game::Omweso, 0), None);
    }

    #[test]
    fn every_table_is_numbered_and_ends_alike() {
        for game in Game::ALL {
            let table = levels(game);
            for (i, l) in table.iter().enumerate() {
                assert_eq!(usize::from(l.number), i + 1, "{game:?}");
            }
            assert_eq!(table[0], BEGINNER, "{game:?}");
            assert_eq!(table[7].limits, TOP.limits, "{game:?}");
            let perfect = table[7].style == Style::Perfect;
            assert_eq!(perfect, game == Game::Kalah, "{game:?}");
        }
    }
}
