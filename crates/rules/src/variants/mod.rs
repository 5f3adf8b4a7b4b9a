//! The rule families. Each implements [`Rules`] once; `Position` dispatches over [`State`].
//! What the relay games share (ring steps, lap sowing, the lap limit, cycle finding, the draw of
//! a uniform random move) lives in `crate::sow` and in the generic helpers below.

use core::fmt::Debug;
use core::hash::Hash;

use crate::position::{Outcome, PositionError};
use crate::sow::{CYCLE_CHECK_FROM, Observer, Silent};
use crate::{LAP_LIMIT, Move, MoveList, Pit, Setup, Side, Variant};

pub(crate) mod bao;
pub(crate) mod kalah;
pub(crate) mod omweso;
pub(crate) mod relay;
pub(crate) mod sliding;

/// How a move ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// Normally.
    Done,
    /// The game ended during the move (a Bao front row emptied): the winner.
    GameOver(Side),
    /// The lap limit was reached or a lap-start state repeated (R9); the period if known.
    NeverEnding(Option<u32>),
}

/// What a move did, beyond the position it leaves.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RunInfo {
    pub(crate) end: End,
    pub(crate) laps: u32,
    /// Bao: the move reached the stop/safari decision at a functional nyumba (R3.2d).
    pub(crate) decision: bool,
    /// The move captured (Bao: it is a capture move).
    pub(crate) capture: bool,
    /// Bao: takasia set on the opponent by this move.
    pub(crate) takasia_set: bool,
}

impl RunInfo {
    pub(crate) const fn new() -> Self {
        Self {
            end: End::Done,
            laps: 0,
            decision: false,
            capture: false,
            takasia_set: false,
        }
    }

    pub(crate) const fn is_never_ending(&self) -> bool {
        matches!(self.end, End::NeverEnding(_))
    }
}

/// One rule family's position: small, `Copy`, no heap.
pub(crate) trait Rules: Copy + Eq + Hash + Debug {
    fn start(variant: Variant) -> Self;
    fn from_setup(variant: Variant, setup: &Setup) -> Result<Self, PositionError>;
    fn to_setup(&self) -> Setup;
    fn variant(&self) -> Variant;
    fn turn(&self) -> Side;
    fn seeds(&self, pit: Pit) -> u8;
    /// Board, hands and stores.
    fn total_seeds(&self) -> u32;
    /// Every pit count in a fixed order (for Zobrist keys).
    fn pit_counts(&self) -> &[u8];
    /// Everything else that tells positions apart, packed (for Zobrist keys).
    fn state_word(&self) -> u64;
    /// The diagram's stores field (`s,n`), where the variant has one: Kalah's stores, the seeds each
    /// side has captured (Hawalis, Bao la Kimasai 4x12) or still holds in reserve (Bao la
    /// Kimasai 4x8, Omweso's `free_setup`).
    fn stores(&self) -> Option<crate::BySide<u8>> {
        None
    }
    /// The outcome read off the board alone (a Bao front row empty, a Kalah side empty).
    fn board_outcome(&self) -> Option<Outcome>;
    /// Candidate moves: legal apart from possibly never ending.
    fn candidates(&self, out: &mut MoveList);
    /// Plays a candidate. With `End::NeverEnding` the state is left half-way.
    fn run<O: Observer>(&mut self, m: Move, limit: u32, cycle_from: u32, obs: &mut O) -> RunInfo;

    /// Calls `f` with every legal move, its result and what the move did (for its marks).
    fn legal_with<F: FnMut(Move, &Self, &RunInfo)>(&self, mut f: F) {
        if self.board_outcome().is_some() {
            return;
        }
        let mut cands = MoveList::new();
        self.candidates(&mut cands);
        for m in cands {
            let mut b = *self;
            let info = b.run(m, LAP_LIMIT, CYCLE_CHECK_FROM, &mut Silent);
            if !info.is_never_ending() {
                f(m, &b, &info);
            }
        }
    }

    /// Whether the side to move has a legal move; stops at the first.
    fn has_legal_move(&self) -> bool {
        if self.board_outcome().is_some() {
            return false;
        }
        let mut cands = MoveList::new();
        self.candidates(&mut cands);
        cands.iter().any(|&m| {
            let mut b = *self;
            !b.run(m, LAP_LIMIT, CYCLE_CHECK_FROM, &mut Silent)
                .is_never_ending()
        })
    }

    fn is_candidate(&self, m: Move) -> bool {
        if self.board_outcome().is_some() {
            return false;
        }
        let mut cands = MoveList::new();
        self.candidates(&mut cands);
        cands.contains(&m)
    }

    /// Plays a uniformly drawn legal move: only the drawn candidate is played; one that turns
    /// out never-ending is struck off and another drawn, which keeps the draw uniform.
    fn play_random<P: FnMut(usize) -> usize>(&mut self, mut pick: P) -> Option<Move> {
        if self.board_outcome().is_some() {
            return None;
        }
        let mut cands = MoveList::new();
        self.candidates(&mut cands);
        while !cands.is_empty() {
            let k = draw(&mut pick, cands.len());
            let m = cands[k];
            let backup = *self;
            if self
                .run(m, LAP_LIMIT, CYCLE_CHECK_FROM, &mut Silent)
                .is_never_ending()
            {
                *self = backup;
                cands.swap_remove(k);
                continue;
            }
            return Some(m);
        }
        None
    }

    /// [`Self::play_random`] for a caller that needs no [`Move`] (the playout loop): whether
    /// a move was played. The same draws and the same move as [`Self::play_random`].
    fn play_random_any<P: FnMut(usize) -> usize>(&mut self, pick: P) -> bool {
        self.play_random(pick).is_some()
    }

    /// Plays random moves as [`Self::play_random_any`] does until the side to move has none or
    /// `max_plies` have been played; returns the plies played. The playout loop of
    /// [`crate::Position::random_playout`]; a family may run it as one piece of code.
    fn random_plies<P: FnMut(usize) -> usize>(&mut self, mut pick: P, max_plies: u32) -> u32 {
        let mut plies = 0;
        while plies < max_plies && self.play_random_any(&mut pick) {
            plies += 1;
        }
        plies
    }

    /// Whether a candidate that ended made every decision its text names: a Bao safari flag
    /// only where the move reached the decision at the nyumba (R3.2d). With the run's end, this
    /// is the legality check of one move, as [`Self::legal_with`] lists them.
    fn decided_as_named(&self, _m: Move, _info: &RunInfo) -> bool {
        true
    }

    /// The informational marks of a move's text (Bao: `*`, `**`).
    fn marks(&self, _info: &RunInfo) -> &'static str {
        ""
    }
}

/// A position of any family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum State {
    Bao(bao::Bao),
    Relay(relay::Relay),
    Kalah(kalah::Kalah),
    Omweso(omweso::Omweso),
    Sliding(sliding::Sliding),
}

/// Runs `$e` with `$s` bound to the family state inside `$state`.
macro_rules! on_state {
    ($state:expr, $s:ident => $e:expr) => {
        match $state {
            $crate::variants::State::Bao($s) => $e,
            $crate::variants::State::Relay($s) => $e,
            $crate::variants::State::Kalah($s) => $e,
            $crate::variants::State::Omweso($s) => $e,
            $crate::variants::State::Sliding($s) => $e,
        }
    };
}
pub(crate) use on_state;

/// `From<family state> for State`.
macro_rules! state_from {
    ($($variant:ident($ty:ty)),*) => {$(
        impl From<$ty> for State {
            fn from(b: $ty) -> Self {
                Self::$variant(b)
            }
        }
    )*};
}

state_from!(
    Bao(bao::Bao),
    Relay(relay::Relay),
    Kalah(kalah::Kalah),
    Omweso(omweso::Omweso),
    Sliding(sliding::Sliding)
);

/// The [`Rules`] accessors every family writes the same way: its struct has `variant`, `turn`
/// and `pits` (by side).
macro_rules! family_accessors {
    () => {
        fn variant(&self) -> crate::Variant {
            self.variant
        }

        fn turn(&self) -> crate::Side {
            self.turn
        }

        fn pit_counts(&self) -> &[u8] {
            self.pits.as_flattened()
        }
    };
}
pub(crate) use family_accessors;

/// `pick(len)` for a draw from `len > 0` candidates. `pick` must return a number below `len`;
/// one that does not gets the last candidate (a valid move, never a wrong one), on a cold path
/// so the draw itself costs a compare and a branch that is never taken.
#[inline(always)]
pub(crate) fn draw(pick: &mut impl FnMut(usize) -> usize, len: usize) -> usize {
    #[cold]
    #[inline(never)]
    fn out_of_range(len: usize) -> usize {
        len - 1
    }
    let k = pick(len);
    if k < len { k } else { out_of_range(len) }
}

/// [`family_accessors`] and `seeds` for the four-row families, whose `pits` are rings by side
/// (index as `Pit::ring_index`) on a board `w()` wide.
macro_rules! four_row_accessors {
    () => {
        $crate::variants::family_accessors!();

        fn seeds(&self, pit: crate::Pit) -> u8 {
            if usize::from(pit.col()) > self.w() {
                return 0;
            }
            self.pits[pit.side().index()][pit.ring_index(self.w())]
        }
    };
}
pub(crate) use four_row_accessors;

/// Every family's `total_seeds`: the board and two per-side counts kept off it (hands, stores,
/// captures or reserves).
pub(crate) fn seeds_with<const N: usize>(pits: &[[u8; N]; 2], off: [u8; 2]) -> u32 {
    let board: u32 = pits.iter().flatten().map(|&n| u32::from(n)).sum();
    board + u32::from(off[0]) + u32::from(off[1])
}

/// How every family's `state_word` starts: the side to move and two per-side counts.
pub(crate) fn turn_word(turn: Side, counts: [u8; 2]) -> u64 {
    turn.index() as u64 | u64::from(counts[0]) << 8 | u64::from(counts[1]) << 16
}

impl State {
    pub(crate) fn start(variant: Variant) -> Self {
        use crate::variant::Family;
        match variant.game().family() {
            Family::Bao => bao::Bao::start(variant).into(),
            Family::Hawalis | Family::Hus | Family::Kimasai => relay::Relay::start(variant).into(),
            Family::KimasaiSliding => sliding::Sliding::start(variant).into(),
            Family::Kalah => kalah::Kalah::start(variant).into(),
            Family::Omweso => omweso::Omweso::start(variant).into(),
        }
    }

    pub(crate) fn from_setup(variant: Variant, setup: &Setup) -> Result<Self, PositionError> {
        use crate::variant::Family;
        Ok(match variant.game().family() {
            Family::Bao => bao::Bao::from_setup(variant, setup)?.into(),
            Family::Hawalis | Family::Hus | Family::Kimasai => {
                relay::Relay::from_setup(variant, setup)?.into()
            }
            Family::KimasaiSliding => sliding::Sliding::from_setup(variant, setup)?.into(),
            Family::Kalah => kalah::Kalah::from_setup(variant, setup)?.into(),
            Family::Omweso => omweso::Omweso::from_setup(variant, setup)?.into(),
        })
    }
}

/// Checks the board shape of a setup against the variant.
pub(crate) fn check_shape(variant: Variant, setup: &Setup) -> Result<(), PositionError> {
    if usize::from(setup.width) != variant.width() || usize::from(setup.rows) != variant.rows() {
        return Err(PositionError::Width {
            expected: variant.width(),
            found: setup.width.into(),
        });
    }
    Ok(())
}

/// The pits of a four-row board as rings (index as `Pit::ring_index`) read from a setup.
pub(crate) fn rings_from_setup<const N: usize>(setup: &Setup, width: usize) -> [[u8; N]; 2] {
    let mut pits = [[0u8; N]; 2];
    for side in Side::ALL {
        for (r, n) in pits[side.index()].iter_mut().enumerate().take(2 * width) {
            *n = setup.seeds(Pit::from_ring(side, r, width));
        }
    }
    pits
}

/// The rings of a four-row setup without Bao fields (the relay and sliding games), its shape
/// checked; the `s,n` field is the caller's.
pub(crate) fn plain_rings_from_setup<const N: usize>(
    variant: Variant,
    setup: &Setup,
) -> Result<[[u8; N]; 2], PositionError> {
    check_shape(variant, setup)?;
    if setup.bao.is_some() {
        return Err(PositionError::Fields(
            "this variant's diagrams have no Bao fields",
        ));
    }
    Ok(rings_from_setup(setup, variant.width()))
}

/// A four-row setup from rings of pits.
pub(crate) fn setup_from_rings<const N: usize>(
    pits: &[[u8; N]; 2],
    width: usize,
    turn: Side,
) -> Setup {
    let mut rows = crate::BySide::new([[0u8; crate::MAX_WIDTH]; 2], [[0u8; crate::MAX_WIDTH]; 2]);
    for side in Side::ALL {
        for (r, &n) in pits[side.index()].iter().enumerate().take(2 * width) {
            let pit = Pit::from_ring(side, r, width);
            let row = usize::from(pit.row() == crate::Row::Back);
            rows[side][row][usize::from(pit.col()) - 1] = n;
        }
    }
    Setup {
        width: width as u8,
        rows: 4,
        pits: rows,
        turn,
        stores: None,
        bao: None,
    }
}
