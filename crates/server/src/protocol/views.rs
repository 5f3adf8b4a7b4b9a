//! The objects of docs/protocol.md §4 (and the small values inside them), built from the rules
//! library's values.

use std::collections::BTreeMap;

use mancala::trace::{Event, StopReason, Trace};
use mancala::{Direction, EndReason, Outcome, Pit, Position, Side};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::store::Mode;

/// `"south"` or `"north"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum SideView {
    South,
    North,
}

impl From<Side> for SideView {
    fn from(s: Side) -> Self {
        match s {
            Side::South => Self::South,
            Side::North => Self::North,
        }
    }
}

/// `you` of the `state` message and `side` of the create answer: a side, or both sides
/// (pass-and-play); a spectator is `null` around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum You {
    South,
    North,
    Both,
}

impl From<Side> for You {
    fn from(s: Side) -> Self {
        match s {
            Side::South => Self::South,
            Side::North => Self::North,
        }
    }
}

/// One value per side, as `{"south": .., "north": ..}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PerSide<T> {
    pub(crate) south: T,
    pub(crate) north: T,
}

impl<T> PerSide<T> {
    /// The values of `f` for South and North.
    pub(crate) fn from_fn(mut f: impl FnMut(Side) -> T) -> Self {
        Self {
            south: f(Side::South),
            north: f(Side::North),
        }
    }

    /// Both values of `f`, or `None` when either side has none.
    pub(crate) fn both(mut f: impl FnMut(Side) -> Option<T>) -> Option<Self> {
        Some(Self {
            south: f(Side::South)?,
            north: f(Side::North)?,
        })
    }
}

/// The game's mode on the wire is its protocol name (`Mode::name`), said once.
impl Serialize for Mode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Mode {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Self::from_name(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown mode {name:?}")))
    }
}

/// `position` (protocol §4.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PositionView {
    pub(crate) diagram: String,
    pub(crate) turn: SideView,
    /// Every pit of the board by name.
    pub(crate) pits: BTreeMap<String, u8>,
    /// Seeds in hand; `None` where the variant has no hands.
    pub(crate) hands: Option<PerSide<u8>>,
    /// The diagram's stores field (`s,n`); `None` where there is none.
    pub(crate) stores: Option<PerSide<u8>>,
    /// What `stores` counts.
    pub(crate) store_label: Option<String>,
    /// Each side's functional nyumba (`None` once destroyed); `None` without a nyumba.
    pub(crate) houses: Option<PerSide<Option<String>>>,
    pub(crate) takasia: Option<String>,
    pub(crate) reserved: Option<String>,
}

impl From<&Position> for PositionView {
    fn from(pos: &Position) -> Self {
        let variant = pos.variant();
        let pit = |p: Pit| p.to_string();
        Self {
            diagram: pos.diagram(),
            turn: pos.turn().into(),
            pits: Side::ALL
                .into_iter()
                .flat_map(|s| variant.pits(s))
                .map(|p| (p.to_string(), pos.seeds(p)))
                .collect(),
            hands: PerSide::both(|s| pos.hand(s)),
            stores: PerSide::both(|s| pos.store(s)),
            store_label: variant
                .stores_field()
                .map(|f| mancala::StoresField::id(f).to_owned()),
            houses: variant.game().has_nyumba().then(|| {
                PerSide::from_fn(|s| pos.nyumba_pit(s).filter(|_| pos.owns_nyumba(s)).map(pit))
            }),
            takasia: pos.takasia().map(pit),
            reserved: pos.reserved().map(pit),
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ReasonView {
    FrontRowEmpty,
    NoLegalMove,
    Repetition,
    Resignation,
    SeedsCounted,
    /// A reason of a newer rules library.
    Other,
}

/// `outcome` (protocol §4.1): the client says it in the viewer's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct OutcomeView {
    pub(crate) result: String,
    pub(crate) winner: Option<SideView>,
    pub(crate) reason: ReasonView,
    /// Each side's seeds when they were counted (`seeds_counted`), else `None`.
    pub(crate) seeds: Option<PerSide<u8>>,
}

impl From<Outcome> for OutcomeView {
    fn from(o: Outcome) -> Self {
        let reason = match o.reason {
            EndReason::FrontRowEmpty => ReasonView::FrontRowEmpty,
            EndReason::NoLegalMove => ReasonView::NoLegalMove,
            EndReason::Repetition => ReasonView::Repetition,
            EndReason::Resignation => ReasonView::Resignation,
            EndReason::SeedsCounted { .. } => ReasonView::SeedsCounted,
            _ => ReasonView::Other,
        };
        let seeds = match o.reason {
            EndReason::SeedsCounted { south, north } => Some(PerSide { south, north }),
            _ => None,
        };
        Self {
            result: o.result_token().to_owned(),
            winner: o.winner.map(SideView::from),
            reason,
            seeds,
        }
    }
}

/// A capture lap's direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum DirectionView {
    Clockwise,
    Anticlockwise,
}

impl From<Direction> for DirectionView {
    fn from(d: Direction) -> Self {
        match d {
            Direction::Clockwise => Self::Clockwise,
            Direction::Anticlockwise => Self::Anticlockwise,
        }
    }
}

/// Why a move stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum StopView {
    EmptyPit,
    Takasia,
    Nyumba,
    Sown,
    /// A reason of a newer rules library.
    Other,
}

impl From<StopReason> for StopView {
    fn from(r: StopReason) -> Self {
        match r {
            StopReason::EmptyPit => Self::EmptyPit,
            StopReason::Takasia => Self::Takasia,
            StopReason::Nyumba => Self::Nyumba,
            StopReason::Sown => Self::Sown,
            _ => Self::Other,
        }
    }
}

/// One trace event (protocol §4.2), tagged by `e`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "snake_case")]
pub(crate) enum EventView {
    Place {
        pit: String,
    },
    Lift {
        pit: String,
        seeds: u8,
    },
    Tax {
        pit: String,
        seeds: u8,
    },
    Sow {
        pit: String,
    },
    Capture {
        from: String,
        seeds: u8,
        kichwa: String,
        dir: DirectionView,
    },
    Remove {
        from: String,
        seeds: u8,
    },
    Take {
        from: String,
        seeds: u8,
    },
    Store {
        side: SideView,
    },
    ExtraTurn,
    HouseDestroyed {
        side: SideView,
    },
    Safari,
    Stop {
        reason: StopView,
    },
    GameOver {
        winner: SideView,
        travelling: u8,
    },
    Takasia {
        pit: String,
    },
    /// An event of a newer rules library, as its text.
    Other {
        text: String,
    },
}

impl From<&Event> for EventView {
    fn from(e: &Event) -> Self {
        let pit = |p: Pit| p.to_string();
        match *e {
            Event::Place { pit: p } => Self::Place { pit: pit(p) },
            Event::Lift { pit: p, seeds } => Self::Lift { pit: pit(p), seeds },
            Event::Tax { pit: p, seeds } => Self::Tax { pit: pit(p), seeds },
            Event::Sow { pit: p } => Self::Sow { pit: pit(p) },
            Event::Capture {
                from,
                seeds,
                kichwa,
                dir,
            } => Self::Capture {
                from: pit(from),
                seeds,
                kichwa: pit(kichwa),
                dir: dir.into(),
            },
            Event::Remove { from, seeds } => Self::Remove {
                from: pit(from),
                seeds,
            },
            Event::Take { from, seeds } => Self::Take {
                from: pit(from),
                seeds,
            },
            Event::Store { side } => Self::Store { side: side.into() },
            Event::ExtraTurn => Self::ExtraTurn,
            Event::NyumbaDestroyed { side } => Self::HouseDestroyed { side: side.into() },
            Event::Safari => Self::Safari,
            Event::Stop { reason } => Self::Stop {
                reason: reason.into(),
            },
            Event::GameOver { winner, travelling } => Self::GameOver {
                winner: winner.into(),
                travelling,
            },
            Event::Takasia { pit: p } => Self::Takasia { pit: pit(p) },
            _ => Self::Other {
                text: e.to_string(),
            },
        }
    }
}

/// One capture of a move (protocol §4.2): the seeds taken from the pit `from`, so that the
/// client can say the move in the viewer's language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CaptureView {
    pub(crate) from: String,
    pub(crate) seeds: u8,
}

impl CaptureView {
    /// The captures of `trace`, in order.
    pub(crate) fn of(trace: &Trace) -> Vec<Self> {
        trace
            .captures()
            .map(|(from, seeds)| Self {
                from: from.to_string(),
                seeds,
            })
            .collect()
    }
}

/// A seat of `game.seats` (protocol §4.1), tagged by `kind`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub(crate) enum SeatView {
    Human {
        joined: bool,
        connected: bool,
    },
    Computer {
        level: u8,
        joined: bool,
        connected: bool,
    },
}

impl SeatView {
    /// A computer at `level`: always there.
    pub(crate) const fn computer(level: u8) -> Self {
        Self::Computer {
            level,
            joined: true,
            connected: true,
        }
    }
}

/// The standing offers: the side offering each, or `None`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct OffersView {
    pub(crate) takeback: Option<SideView>,
    pub(crate) rematch: Option<SideView>,
}

/// One played move of `game.moves`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PlayedView {
    pub(crate) ply: u32,
    pub(crate) side: SideView,
    #[serde(rename = "move")]
    pub(crate) text: String,
}

/// The `presence` message's fields (protocol §3.2): whether a player of each seat has the game
/// open, and how many connections watch it without a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PresenceView {
    pub(crate) south: bool,
    pub(crate) north: bool,
    pub(crate) spectators: u32,
}

/// `game.last_move` (protocol §4.1): the last move with its trace and captures, as its `move`
/// event carried them, so that a client that starts from a `state` can show what it did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct LastMoveView {
    pub(crate) ply: u32,
    pub(crate) side: SideView,
    #[serde(rename = "move")]
    pub(crate) text: String,
    pub(crate) trace: Vec<EventView>,
    pub(crate) captures: Vec<CaptureView>,
}

/// The position after a move, as the move event's `after` carries it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct AfterView {
    pub(crate) position: PositionView,
    pub(crate) legal: Vec<String>,
    pub(crate) outcome: Option<OutcomeView>,
}

/// `game` (protocol §4.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct GameView {
    pub(crate) id: String,
    pub(crate) variant: String,
    pub(crate) rules: String,
    pub(crate) options: Vec<String>,
    pub(crate) width: usize,
    pub(crate) rows: usize,
    pub(crate) mode: Mode,
    pub(crate) seats: PerSide<SeatView>,
    pub(crate) invite_url: Option<String>,
    pub(crate) epoch: u32,
    pub(crate) ply: u32,
    pub(crate) start: String,
    pub(crate) moves: Vec<PlayedView>,
    /// The last move with its trace, `None` before the first move.
    pub(crate) last_move: Option<LastMoveView>,
    pub(crate) position: PositionView,
    pub(crate) legal: Vec<String>,
    pub(crate) outcome: Option<OutcomeView>,
    pub(crate) offers: OffersView,
    pub(crate) rematch: Option<String>,
    pub(crate) thinking: bool,
    /// How many connections watch the game without a seat.
    pub(crate) spectators: u32,
}
