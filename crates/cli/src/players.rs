//! Computer players named on the command line: `random`, `greedy`, `level1`..`level8`, and
//! searches with limits, `alphabeta:depth=6`, `mcts:iters=20000`, written `name:key=value,...`.
//! `alphabeta-learned` searches with the learned evaluation ([`evaluate_learned`]).

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use mancala::Game;
use mancala_engine::{
    AlphaBeta, Greedy, Limits, MAX_THREADS, Mcts, Player, Prom, RandomPlayer, evaluate_learned,
    evaluate_threats, level, level_description,
};

/// What a search player gets when its spec sets no limit and no `--time` is given.
pub(crate) const DEFAULT_TIME: Duration = Duration::from_secs(1);

/// The deepest search a spec may ask for.
const MAX_DEPTH: u32 = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Random,
    Greedy,
    Level(u8),
    AlphaBeta,
    AlphaBetaThreats,
    AlphaBetaLearned,
    Mcts,
    MctsInformed,
    Prom,
}

impl Kind {
    fn name(self) -> String {
        match self {
            Self::Random => "random".to_owned(),
            Self::Greedy => "greedy".to_owned(),
            Self::Level(n) => format!("level{n}"),
            Self::AlphaBeta => "alphabeta".to_owned(),
            Self::AlphaBetaThreats => "alphabeta-threats".to_owned(),
            Self::AlphaBetaLearned => "alphabeta-learned".to_owned(),
            Self::Mcts => "mcts".to_owned(),
            Self::MctsInformed => "mcts-informed".to_owned(),
            Self::Prom => "prom".to_owned(),
        }
    }

    /// The keys the player takes.
    const fn keys(self) -> &'static [&'static str] {
        match self {
            Self::Random | Self::Greedy => &[],
            Self::Level(_) | Self::AlphaBeta | Self::AlphaBetaThreats | Self::AlphaBetaLearned => {
                &["depth", "time", "nodes", "threads"]
            }
            Self::Prom => &["depth", "time", "nodes"],
            Self::Mcts | Self::MctsInformed => &["iters", "time"],
        }
    }

    /// Whether the player searches until a limit stops it (and so needs one).
    const fn needs_limit(self) -> bool {
        matches!(
            self,
            Self::AlphaBeta
                | Self::AlphaBetaThreats
                | Self::AlphaBetaLearned
                | Self::Mcts
                | Self::MctsInformed
                | Self::Prom
        )
    }
}

/// A player as named on the command line, with its limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlayerSpec {
    kind: Kind,
    /// The limits the spec sets (for MCTS, `nodes` holds the iterations).
    limits: Limits,
}

/// The names a spec may start with, for error messages.
const NAMES: &str = "random, greedy, level1 to level8, alphabeta, alphabeta-threats, \
                     alphabeta-learned, mcts, mcts-informed, prom";

/// Why a spec cannot be read: the message, without the spec (the caller names it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SpecError(String);

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::error::Error for SpecError {}

fn err<T>(msg: impl Into<String>) -> Result<T, SpecError> {
    Err(SpecError(msg.into()))
}

fn number(key: &str, value: &str, what: &str, max: u64) -> Result<u64, SpecError> {
    match value.parse::<u64>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => err(format!(
            "{key} must be {what} from 1 to {max}, not `{value}`"
        )),
    }
}

impl FromStr for PlayerSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, SpecError> {
        let (name, options) = match s.split_once(':') {
            Some((n, o)) => (n.trim(), Some(o)),
            None => (s.trim(), None),
        };
        let kind = match name.to_ascii_lowercase().as_str() {
            "random" => Kind::Random,
            "greedy" => Kind::Greedy,
            "alphabeta" | "alpha-beta" | "ab" => Kind::AlphaBeta,
            "alphabeta-threats" => Kind::AlphaBetaThreats,
            "alphabeta-learned" => Kind::AlphaBetaLearned,
            "mcts" => Kind::Mcts,
            "mcts-informed" => Kind::MctsInformed,
            "prom" => Kind::Prom,
            n => match n.strip_prefix("level").map(str::parse::<u8>) {
                Some(Ok(k)) if (1..=8).contains(&k) => Kind::Level(k),
                Some(_) => return err(format!("there are levels 1 to 8, not `{name}`")),
                None if n.is_empty() => return err(format!("no player named (try {NAMES})")),
                None => return err(format!("unknown player `{name}` (try {NAMES})")),
            },
        };
        let mut limits = Limits::default();
        let Some(options) = options else {
            return Ok(Self { kind, limits });
        };
        let keys = kind.keys();
        if keys.is_empty() {
            return err(format!("{} takes no options", kind.name()));
        }
        let allowed = match keys {
            [rest @ .., last] if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => keys.join(", "),
        };
        for option in options.split(',') {
            let option = option.trim();
            let Some((key, value)) = option.split_once('=') else {
                return err(format!(
                    "`{option}` is not key=value ({} takes {allowed})",
                    kind.name()
                ));
            };
            let (key, value) = (key.trim(), value.trim());
            if !keys.contains(&key) {
                return err(format!("{} takes {allowed}, not `{key}`", kind.name()));
            }
            let slot_set = match key {
                "depth" => limits.depth.is_some(),
                "time" => limits.time.is_some(),
                "threads" => limits.threads.is_some(),
                _ => limits.nodes.is_some(),
            };
            if slot_set {
                return err(format!("{key} is given twice"));
            }
            match key {
                "depth" => {
                    let d = number(key, value, "a number of plies", u64::from(MAX_DEPTH))?;
                    limits.depth = Some(u32::try_from(d).unwrap_or(MAX_DEPTH));
                }
                "time" => {
                    let ms = number(key, value, "milliseconds", 86_400_000)?;
                    limits.time = Some(Duration::from_millis(ms));
                }
                "threads" => {
                    let n = number(key, value, "a number of threads", u64::from(MAX_THREADS))?;
                    limits.threads = Some(u32::try_from(n).unwrap_or(MAX_THREADS));
                }
                "iters" => {
                    limits.nodes = Some(number(key, value, "a number of iterations", u64::MAX)?);
                }
                _ => limits.nodes = Some(number(key, value, "a number of nodes", u64::MAX)?),
            }
        }
        Ok(Self { kind, limits })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.kind.name())?;
        let mut parts = Vec::new();
        if let Some(d) = self.limits.depth {
            parts.push(format!("depth={d}"));
        }
        if let Some(t) = self.limits.time {
            parts.push(format!("time={}", t.as_millis()));
        }
        if let Some(n) = self.limits.nodes {
            let key = match self.kind {
                Kind::Mcts | Kind::MctsInformed => "iters",
                _ => "nodes",
            };
            parts.push(format!("{key}={n}"));
        }
        if let Some(n) = self.limits.threads {
            parts.push(format!("threads={n}"));
        }
        if !parts.is_empty() {
            write!(f, ":{}", parts.join(","))?;
        }
        Ok(())
    }
}

fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

impl PlayerSpec {
    /// The spec with a time limit for every move added (the tighter one counts), and a search
    /// that would have no limit at all given [`DEFAULT_TIME`].
    #[must_use]
    pub(crate) fn with_time(mut self, time: Option<Duration>) -> Self {
        self.limits.time = tighter(self.limits.time, time);
        let Limits {
            time, nodes, depth, ..
        } = self.limits;
        if self.kind.needs_limit() && time.is_none() && nodes.is_none() && depth.is_none() {
            self.limits.time = Some(DEFAULT_TIME);
        }
        self
    }

    /// Level `n` (1 to 8) with no limits of its own beyond the level's.
    #[must_use]
    pub(crate) const fn level(n: u8) -> Self {
        Self {
            kind: Kind::Level(n),
            limits: Limits {
                time: None,
                nodes: None,
                depth: None,
                threads: None,
            },
        }
    }

    /// The spec with a thread limit added (the tighter one counts).
    #[must_use]
    pub(crate) fn with_threads(mut self, threads: u32) -> Self {
        self.limits.threads = tighter(self.limits.threads, Some(threads));
        self
    }

    /// The spec with a depth limit added (the tighter one counts).
    #[must_use]
    pub(crate) fn with_depth(mut self, depth: Option<u32>) -> Self {
        self.limits.depth = tighter(self.limits.depth, depth);
        self
    }

    /// The limits to search with (a level adds its own).
    pub(crate) const fn limits(&self) -> Limits {
        self.limits
    }

    /// Whether the player is alpha-beta without a level (searched depth by depth by `analyse`).
    pub(crate) fn is_alphabeta(&self) -> bool {
        self.kind == Kind::AlphaBeta
    }

    /// For people: what the player is, e.g. `level 5 (alpha-beta, 4 plies)`.
    pub(crate) fn describe(&self, game: Game) -> String {
        match self.kind {
            Kind::Level(n) => {
                let about = level_description(game, n).unwrap_or_default();
                format!("{self} ({about})")
            }
            _ => self.to_string(),
        }
    }

    /// A fresh player, seeded.
    pub(crate) fn build(&self, game: Game, seed: u64) -> Box<dyn Player> {
        match self.kind {
            Kind::Random => Box::new(RandomPlayer::new(seed)),
            Kind::Greedy => Box::new(Greedy::new(seed)),
            Kind::Level(n) => level(game, n, seed).unwrap_or_else(|| Box::new(Greedy::new(seed))),
            Kind::AlphaBeta => Box::new(AlphaBeta::new(None)),
            Kind::AlphaBetaThreats => Box::new(AlphaBeta::with_eval(None, evaluate_threats)),
            Kind::AlphaBetaLearned => Box::new(AlphaBeta::with_eval(None, evaluate_learned)),
            Kind::Mcts => Box::new(Mcts::new(seed)),
            Kind::MctsInformed => Box::new(Mcts::informed(seed)),
            Kind::Prom => Box::new(Prom::new()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(s: &str) -> PlayerSpec {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn specs_read_and_print_back() {
        for s in [
            "random",
            "greedy",
            "level1",
            "level8",
            "alphabeta:depth=6",
            "alphabeta:time=200",
            "alphabeta:nodes=100000",
            "alphabeta:depth=4,time=50",
            "alphabeta-learned:time=50",
            "mcts:iters=20000",
            "mcts:time=200",
            "mcts-informed:iters=5000",
            "level5:time=100",
            "alphabeta:time=100,threads=2",
            "level8:threads=1",
        ] {
            assert_eq!(spec(s).to_string(), s);
        }
        assert_eq!(
            spec("AlphaBeta: depth = 3").to_string(),
            "alphabeta:depth=3"
        );
    }

    #[test]
    fn bad_specs_say_why() {
        for (s, why) in [
            ("", "no player named"),
            ("minimax", "unknown player `minimax`"),
            ("level9", "levels 1 to 8"),
            ("level0", "levels 1 to 8"),
            ("levelx", "levels 1 to 8"),
            ("random:depth=3", "random takes no options"),
            (
                "alphabeta:iters=3",
                "alphabeta takes depth, time, nodes or threads, not `iters`",
            ),
            ("mcts:depth=3", "mcts takes iters or time, not `depth`"),
            ("alphabeta:depth", "is not key=value"),
            (
                "alphabeta:depth=x",
                "depth must be a number of plies from 1 to 64",
            ),
            ("alphabeta:depth=0", "from 1 to 64"),
            ("alphabeta:depth=65", "from 1 to 64"),
            ("alphabeta:time=-5", "time must be milliseconds"),
            ("alphabeta:depth=2,depth=3", "depth is given twice"),
            ("alphabeta:", "is not key=value"),
            (
                "alphabeta:threads=0",
                "threads must be a number of threads from 1 to 64",
            ),
            (
                "prom:threads=2",
                "prom takes depth, time or nodes, not `threads`",
            ),
        ] {
            let e = s.parse::<PlayerSpec>().expect_err(s).to_string();
            assert!(e.contains(why), "{s}: {e}");
        }
    }

    #[test]
    fn time_tightens_and_searches_get_a_default() {
        let ms = |n| Some(Duration::from_millis(n));
        assert_eq!(
            spec("alphabeta").with_time(None).limits().time,
            Some(DEFAULT_TIME)
        );
        assert_eq!(spec("alphabeta").with_time(ms(50)).limits().time, ms(50));
        assert_eq!(
            spec("alphabeta:time=20").with_time(ms(50)).limits().time,
            ms(20)
        );
        let d = spec("alphabeta:depth=3").with_time(None).limits();
        assert_eq!((d.depth, d.time), (Some(3), None));
        assert_eq!(spec("level7").with_time(None).limits(), Limits::default());
        let two = spec("alphabeta:threads=2").with_time(None).limits();
        assert_eq!((two.time, two.threads), (Some(DEFAULT_TIME), Some(2)));
        assert_eq!(spec("random").with_time(ms(5)).limits().time, ms(5));
    }
}
