//! `Position`: a validated position of any variant, and everything done with it.

use core::fmt;

use crate::sow::{CYCLE_CHECK_FROM, NeverEndingCheck, Silent};
use crate::trace::Trace;
use crate::variants::bao::{self, Bao};
use crate::variants::{End, Rules, RunInfo, State, on_state};
use crate::zobrist::{pit_key, pits_key, state_key};
use crate::{LAP_LIMIT, Move, MoveList, Pit, Setup, Side, Variant};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// The loser's front row was emptied (R10.1).
    FrontRowEmpty,
    /// The loser, to move, had no legal move (R10.2, R10.3).
    NoLegalMove,
    /// The same position occurred for the third time (R11).
    Repetition,
    /// A player resigned.
    Resignation,
    /// A Kalah side was emptied and the seeds were counted (each side keeps its own).
    SeedsCounted {
        /// South's store and pits.
        south: u8,
        /// North's store and pits.
        north: u8,
    },
}

impl Outcome {
    /// The result token of a record: `1-0` (South won), `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn result_token(self) -> &'static str {
        match self.winner {
            Some(Side::South) => "1-0",
            Some(Side::North) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(w) => write!(f, "{} {w} wins", self.result_token())?,
            None => write!(f, "{} draw", self.result_token())?,
        }
        let loser = self.winner.map_or("", |w| w.other().name());
        match self.reason {
            EndReason::FrontRowEmpty => write!(f, ", {loser}'s front row is empty"),
            EndReason::NoLegalMove => write!(f, ", {loser} has no legal move"),
            EndReason::Repetition => f.write_str(" by repetition"),
            EndReason::Resignation => write!(f, ", {loser} resigned"),
            EndReason::SeedsCounted { south, north } => write!(f, ", {south}-{north} in seeds"),
        }
    }
}

/// A diagram that does not describe a position of the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PositionError {
    /// The board width is not the variant's.
    Width {
        /// The variant's width.
        expected: usize,
        /// The diagram's.
        found: usize,
    },
    /// The diagram lacks fields the variant needs, or has fields it does not.
    Fields(&'static str),
    /// The seeds do not add up to the variant's total (use a partial position to allow it).
    SeedTotal {
        /// The variant's total.
        expected: u32,
        /// The diagram's.
        found: u32,
    },
    /// A partial position holds more seeds, on the board, in hand and in stores together, than
    /// any position can ([`Position::MAX_SEEDS`]).
    TooManySeeds {
        /// The diagram's.
        found: u32,
    },
    /// The takasia or reserved field names a pit that cannot have that state.
    Takasia(&'static str),
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Width { expected, found } => {
                write!(f, "board is {found} pits wide, the variant's is {expected}")
            }
            Self::Fields(s) => write!(f, "diagram fields do not fit the variant: {s}"),
            Self::SeedTotal { expected, found } => write!(
                f,
                "the diagram holds {found} seeds, the variant {expected} (a partial position must be allowed explicitly)"
            ),
            Self::TooManySeeds { found } => write!(
                f,
                "the diagram holds {found} seeds; a position holds at most {}",
                Position::MAX_SEEDS
            ),
            Self::Takasia(s) => write!(f, "invalid takasia state: {s}"),
        }
    }
}

impl core::error::Error for PositionError {}

/// A move that is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMoveError {
    /// The move.
    pub m: Move,
}

impl fmt::Display for IllegalMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.m)
    }
}

impl core::error::Error for IllegalMoveError {}

/// [`Position::play`] failed; the position comes back unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayError {
    /// The move.
    pub m: Move,
    /// The unchanged position.
    pub position: Position,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.m)
    }
}

impl core::error::Error for PlayError {}

/// Whether [`Position::from_setup`] accepts a seed total other than the variant's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedTotal {
    /// The total must be the variant's.
    Exact,
    /// Any total (test positions from books, finished games).
    AllowPartial,
}

/// A legal position of a variant.
///
/// ```
/// use mancala::{Position, Variant};
/// let pos = Position::new(Variant::BAO_LA_KISWAHILI);
/// let moves = pos.legal_moves();
/// assert_eq!(moves.len(), 4);
/// let next = pos.play(moves[0])?;
/// assert_eq!(next.outcome(), None);
/// # Ok::<_, mancala::PlayError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    state: State,
    hash: u64,
}

impl Position {
    /// The most seeds a position holds, on the board, in hand and in stores together: every
    /// count is a byte, and seeds are only moved, never made, so a partial position
    /// ([`SeedTotal::AllowPartial`]) above the variant's total is read up to this many and no
    /// move can overflow a pit, a hand or a store.
    ///
    /// ```
    /// use mancala::{Game, Position, PositionError, SeedTotal, Setup, Variant};
    ///
    /// let kalah = Variant::new(Game::Kalah);
    /// let most: Setup = "4,0,1,0,3,0/1,0,2,1,7,14 N 201,21".parse()?;
    /// assert!(Position::from_setup(kalah, &most, SeedTotal::AllowPartial).is_ok());
    /// let more: Setup = "4,0,1,0,3,0/1,0,2,1,7,14 N 255,21".parse()?;
    /// assert_eq!(
    ///     Position::from_setup(kalah, &more, SeedTotal::AllowPartial),
    ///     Err(PositionError::TooManySeeds { found: 309 })
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub const MAX_SEEDS: u32 = u8::MAX as u32;

    /// The start position of the variant.
    #[must_use]
    pub fn new(variant: Variant) -> Self {
        Self::from_state(State::start(variant))
    }

    fn from_state(state: State) -> Self {
        let mut p = Self { state, hash: 0 };
        p.hash = p.compute_zobrist();
        p
    }

    /// The variant.
    #[must_use]
    pub fn variant(&self) -> Variant {
        on_state!(&self.state, s => s.variant())
    }

    /// The side to move (in a finished game, the side that would move next).
    #[must_use]
    pub fn turn(&self) -> Side {
        on_state!(&self.state, s => s.turn())
    }

    /// The seeds in `pit` (0 for a pit not on the board).
    #[must_use]
    pub fn seeds(&self, pit: Pit) -> u8 {
        on_state!(&self.state, s => s.seeds(pit))
    }

    fn bao(&self) -> Option<&Bao> {
        match &self.state {
            State::Bao(b) => Some(b),
            _ => None,
        }
    }

    /// Seeds still in `side`'s hand, in the games with a namua stage ([`crate::Game::has_hands`]);
    /// `None` in the others, like [`Self::store`].
    ///
    /// ```
    /// use mancala::{Game, Position, Side, Variant};
    ///
    /// let bao = Position::new(Variant::BAO_LA_KISWAHILI);
    /// assert_eq!(bao.hand(Side::South), Some(22));
    /// assert_eq!(Position::new(Variant::new(Game::Hus)).hand(Side::South), None);
    /// ```
    #[must_use]
    pub fn hand(&self, side: Side) -> Option<u8> {
        self.bao()
            .filter(|b| b.variant.game().has_hands())
            .map(|b| b.hand[side.index()])
    }

    /// The diagram's stores field (`s,n`) for `side`, where the variant has one: Kalah's store, the
    /// seeds `side` has captured (Hawalis, Bao la Kimasai 4x12), or still holds in reserve (Bao
    /// la Kimasai 4x8, Omweso's `free_setup`). Cheap: the evaluation calls it at every leaf.
    #[must_use]
    pub fn store(&self, side: Side) -> Option<u8> {
        on_state!(&self.state, s => s.stores()).map(|p| p[side])
    }

    /// Whether `side` still owns its nyumba (Bao).
    #[must_use]
    pub fn owns_nyumba(&self, side: Side) -> bool {
        self.bao().is_some_and(|b| b.nyumba[side.index()])
    }

    /// The nyumba pit of `side`, in the games that have one ([`crate::Game::has_nyumba`]), whether or
    /// not it is still owned ([`Self::owns_nyumba`]).
    #[must_use]
    pub fn nyumba_pit(&self, side: Side) -> Option<Pit> {
        self.bao()
            .filter(|b| b.variant.game().has_nyumba())
            .map(|b| b.pit(side, bao::NYUMBA))
    }

    /// The side to move's takasia'd pit.
    #[must_use]
    pub fn takasia(&self) -> Option<Pit> {
        self.bao()
            .and_then(|b| (b.takasia != bao::NONE).then(|| b.pit(b.turn, b.takasia.into())))
    }

    /// Bao la Kete: the opponent's pit the side to move must capture when it can (L5).
    #[must_use]
    pub fn reserved(&self) -> Option<Pit> {
        self.bao().and_then(|b| {
            (b.reserved != bao::NONE).then(|| b.pit(b.turn.other(), b.reserved.into()))
        })
    }

    /// Seeds in `side`'s pits on the board (not in hand or store).
    #[must_use]
    pub fn side_seeds(&self, side: Side) -> u32 {
        on_state!(&self.state, s => {
            let counts = s.pit_counts();
            let half = counts.len() / 2;
            counts[side.index() * half..][..half].iter().map(|&n| u32::from(n)).sum()
        })
    }

    /// The seeds of each of `side`'s pits in one slice, in ring order ([`Pit::ring_index`]: the
    /// front row from the owner's left, then the back row from its right; Kalah's one row): for
    /// an evaluation that reads every pit, one call instead of one [`Self::seeds`] a pit.
    ///
    /// ```
    /// use mancala::{Game, Pit, Position, Row, Side, Variant};
    ///
    /// let hus = Position::new(Variant::new(Game::Hus));
    /// let ring = hus.ring(Side::North);
    /// assert_eq!(ring.len(), 16);
    /// let b3 = Pit::new(Side::North, Row::Back, 3).expect("a pit");
    /// assert_eq!(ring[b3.ring_index(8)], hus.seeds(b3));
    /// ```
    #[must_use]
    pub fn ring(&self, side: Side) -> &[u8] {
        let v = self.variant();
        let len = v.width() * (v.rows() / 2);
        on_state!(&self.state, s => {
            let counts = s.pit_counts();
            let half = counts.len() / 2;
            &counts[side.index() * half..][..len.min(half)]
        })
    }

    /// Seeds in `side`'s front row (in Kalah, its only row).
    #[must_use]
    pub fn front_seeds(&self, side: Side) -> u32 {
        let w = self.variant().width();
        on_state!(&self.state, s => {
            let counts = s.pit_counts();
            let half = counts.len() / 2;
            counts[side.index() * half..][..w].iter().map(|&n| u32::from(n)).sum()
        })
    }

    /// Seeds on the board, in hand and in stores.
    #[must_use]
    pub fn total_seeds(&self) -> u32 {
        on_state!(&self.state, s => s.total_seeds())
    }

    /// The legal moves. Never-ending moves are left out (R9).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut out = MoveList::new();
        on_state!(&self.state, s => s.legal_with(|m, _, _| out.push(m)));
        out
    }

    /// Every legal move with its move text and marks (as [`Self::move_text`] gives them), from
    /// one generation: each move is played once, and the marks come from that play. This is
    /// what a user interface lists; [`Self::legal_moves`] is the cheaper list for a search.
    ///
    /// ```
    /// use mancala::{Position, Variant};
    ///
    /// let pos = Position::new(Variant::BAO_LA_KISWAHILI);
    /// let named = pos.legal_move_texts();
    /// assert_eq!(named.len(), pos.legal_moves().len());
    /// for (m, text) in &named {
    ///     assert_eq!(pos.move_text(*m)?, *text);
    ///     assert_eq!(pos.parse_move(text)?, *m);
    /// }
    /// assert!(named.iter().any(|(_, t)| t == "A6<*")); // `*`: a takasa (no capture)
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn legal_move_texts(&self) -> Vec<(Move, String)> {
        let mut out = Vec::new();
        on_state!(&self.state, s => s.legal_with(|m, b, info| {
            out.push((m, self.text_of(m, info, &Self::from_state_unhashed((*b).into()))));
        }));
        out
    }

    /// A position for reading only (its outcome, seeds, move texts): the key is left unset.
    const fn from_state_unhashed(state: State) -> Self {
        Self { state, hash: 0 }
    }

    /// The text of `m`, played from here with `info` and leaving `next`: the move, its family's
    /// marks (Bao `*`, `**`) and `#` when it wins.
    fn text_of(&self, m: Move, info: &RunInfo, next: &Self) -> String {
        let mut text = m.to_string();
        text.push_str(on_state!(&self.state, s => s.marks(info)));
        if next
            .outcome()
            .is_some_and(|o| o.winner == Some(self.turn()))
        {
            text.push('#');
        }
        text
    }

    /// Plays a candidate move silently on a copy: the result and what the move did, or `None`
    /// when `m` is not legal here (not a candidate, or never-ending). One play checks it.
    fn run_checked(&self, m: Move) -> Option<(Self, RunInfo)> {
        if !on_state!(&self.state, s => s.is_candidate(m)) {
            return None;
        }
        let mut next = *self;
        let info =
            on_state!(&mut next.state, s => s.run(m, LAP_LIMIT, CYCLE_CHECK_FROM, &mut Silent));
        if !self.ended_as_named(m, &info) {
            return None;
        }
        next.update_zobrist(self);
        Some((next, info))
    }

    /// Whether a candidate's play made it a legal move: it ended, with the decisions it names.
    fn ended_as_named(&self, m: Move, info: &RunInfo) -> bool {
        !info.is_never_ending() && on_state!(&self.state, s => s.decided_as_named(m, info))
    }

    /// Calls `f` with every legal move and the position it leads to: cheaper than
    /// [`Self::legal_moves`] followed by [`Self::play_unchecked`], since legality needs the
    /// moves played anyway.
    pub fn for_each_legal(&self, mut f: impl FnMut(Move, Position)) {
        on_state!(&self.state, s => s.legal_with(|m, b, _| {
            let mut next = Self { state: (*b).into(), hash: self.hash };
            next.update_zobrist(self);
            f(m, next);
        }));
    }

    /// Calls `f` with every legal move and a view of the position it leads to: the moves and
    /// boards of [`Self::for_each_legal`], without working out the positions' Zobrist keys
    /// ([`Self::zobrist`] reads 0 on them). For reading what the moves do (seeds, outcome), as
    /// an evaluation's features do. Since the key is part of a position's equality and hash,
    /// these views must not be compared, hashed, kept or played on: use
    /// [`Self::for_each_legal`] for positions to search.
    ///
    /// ```
    /// use mancala::{Game, Position, Side, Variant};
    ///
    /// let pos = Position::new(Variant::new(Game::Hus));
    /// let before = pos.side_seeds(Side::North);
    /// let mut most = 0;
    /// pos.for_each_legal_unkeyed(|_, next| {
    ///     most = most.max(before - next.side_seeds(Side::North));
    /// });
    /// assert_eq!(most, 0); // no opening move of Hus takes a seed
    /// # let mut n = 0;
    /// # pos.for_each_legal_unkeyed(|_, next| { n += 1; assert_eq!(next.zobrist(), 0) });
    /// # assert_eq!(n, pos.legal_moves().len());
    /// ```
    pub fn for_each_legal_unkeyed(&self, mut f: impl FnMut(Move, &Self)) {
        on_state!(&self.state, s => s.legal_with(|m, b, _| {
            f(m, &Self::from_state_unhashed((*b).into()));
        }));
    }

    /// Plays a legal move drawn uniformly at random and returns it, or `None` (the position
    /// unchanged) when the side to move has no legal move. `pick(n)` must return a number in
    /// `0..n`; with a uniform `pick` every legal move is equally likely. This is the fast path
    /// for random playouts: only the drawn move is played in full.
    pub fn play_random(&mut self, pick: impl FnMut(usize) -> usize) -> Option<Move> {
        let before = *self;
        let m = on_state!(&mut self.state, s => s.play_random(pick))?;
        self.update_zobrist(&before);
        Some(m)
    }

    /// Plays random legal moves (as [`Self::play_random`]) until the side to move has none
    /// or `max_plies` have been played; returns the final position and the plies played. The
    /// Zobrist key is computed once at the end instead of move by move: this is the playout
    /// loop of Monte Carlo search and of `mancala bench rules`.
    #[must_use]
    pub fn random_playout(
        &self,
        mut pick: impl FnMut(usize) -> usize,
        max_plies: u32,
    ) -> (Self, u32) {
        let mut end = *self;
        let plies = on_state!(&mut end.state, s => s.random_plies(&mut pick, max_plies));
        end.hash = end.compute_zobrist();
        (end, plies)
    }

    /// Whether `m` is legal here: a candidate that ends (one play of `m`, not a listing).
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.run_checked(m).is_some()
    }

    /// Plays a legal move: the check is the play itself.
    ///
    /// # Errors
    /// An illegal move, with the position unchanged.
    pub fn play(self, m: Move) -> Result<Self, PlayError> {
        match self.run_checked(m) {
            Some((next, _)) => Ok(next),
            None => Err(PlayError { m, position: self }),
        }
    }

    /// Plays a move known to be legal (the search path). A never-ending move leaves the
    /// position as it was; no move ever panics.
    pub fn play_unchecked(&mut self, m: Move) {
        let before = *self;
        let info =
            on_state!(&mut self.state, s => s.run(m, LAP_LIMIT, CYCLE_CHECK_FROM, &mut Silent));
        if info.is_never_ending() {
            *self = before;
            return;
        }
        self.update_zobrist(&before);
    }

    /// Names a legal move and plays it: its events, its move text with marks and the position
    /// it leaves, from one check (a silent play) and one recorded play, with nothing worked out
    /// again by the caller.
    ///
    /// ```
    /// use mancala::trace::Event;
    /// use mancala::{Position, Variant};
    ///
    /// let pos = Position::new(Variant::BAO_LA_KISWAHILI);
    /// let trace = pos.trace(pos.parse_move("A6<")?)?;
    /// assert_eq!(trace.text(), "A6<*"); // the marks are found by playing it
    /// assert_eq!(trace.before(), &pos);
    /// assert_eq!(trace.result(), &pos.play(trace.played())?);
    /// assert!(matches!(trace.events()[0], Event::Place { .. })); // a namua move places first
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// An illegal move.
    pub fn trace(&self, m: Move) -> Result<Trace, IllegalMoveError> {
        // Checked by a silent play first: a never-ending candidate may run to the lap limit,
        // and recording its events would hold millions of them.
        let (result, _) = self.run_checked(m).ok_or(IllegalMoveError { m })?;
        let mut events = Vec::new();
        let mut replay = self.state;
        let info = on_state!(&mut replay, s => s.run(m, LAP_LIMIT, CYCLE_CHECK_FROM, &mut events));
        Ok(Trace {
            played: m,
            text: self.text_of(m, &info, &result),
            events,
            laps: info.laps,
            capture: info.capture,
            before: *self,
            result,
        })
    }

    /// Checks whether a move (legal apart from possibly never ending) is never-ending. Returns
    /// `None` when the move ends; `Some(period)` when it does not, with the period in laps of
    /// the repeating lap-start states when cycle finding found it (`Some(0)` when only the lap
    /// limit did).
    ///
    /// ```
    /// use mancala::{Direction, Move, NeverEndingCheck, Pit, Position, SeedTotal, Setup, Variant};
    ///
    /// // Problem 3 of the Bao research note (docs/rules/bao-la-kiswahili.md, R9): `A3<` never
    /// // ends, so it is not among the legal moves; `A2<` ends after three laps.
    /// let setup: Setup =
    ///     "0,0,0,0,0,0,0,0/0,0,0,0,9,0,0,1/1,6,3,1,0,5,4,0/2,1,0,5,0,3,0,1 S 11,11 00 -".parse()?;
    /// let pos = Position::from_setup(Variant::BAO_LA_KISWAHILI, &setup, SeedTotal::Exact)?;
    /// let a3: Pit = "A3".parse()?;
    /// let a3_left = Move::new(a3, Direction::from_sign('<', a3).unwrap());
    /// assert!(!pos.is_legal(a3_left));
    /// assert!(pos.never_ending(a3_left, NeverEndingCheck::CycleFinding)?.is_some());
    /// let a2_left = pos.parse_move("A2<")?;
    /// assert_eq!(pos.never_ending(a2_left, NeverEndingCheck::LapLimit(3))?, None);
    /// assert!(pos.never_ending(a2_left, NeverEndingCheck::LapLimit(2))?.is_some());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A move that is not even a candidate in this position. In Omweso a move's form (its lap
    /// choices) is only known by playing it, so a form that never ends is not a candidate and
    /// gives this error too.
    pub fn never_ending(
        &self,
        m: Move,
        check: NeverEndingCheck,
    ) -> Result<Option<u32>, IllegalMoveError> {
        if !on_state!(&self.state, s => s.is_candidate(m)) {
            return Err(IllegalMoveError { m });
        }
        let mut state = self.state;
        let info = on_state!(&mut state, s => match check {
            NeverEndingCheck::LapLimit(limit) => s.run(m, limit, u32::MAX, &mut Silent),
            NeverEndingCheck::CycleFinding => s.run(m, u32::MAX, 1, &mut Silent),
        });
        Ok(match info.end {
            End::NeverEnding(p) => Some(p.unwrap_or(0)),
            _ => None,
        })
    }

    /// The outcome, if the game is over by the rules of the position alone (a front row
    /// empty, a Kalah side empty, or no legal move). Repetition is judged by
    /// [`crate::record::GameRecord`]'s history.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        on_state!(&self.state, s => s.board_outcome().or_else(|| {
            (!s.has_legal_move()).then_some(Outcome {
                winner: Some(s.turn().other()),
                reason: EndReason::NoLegalMove,
            })
        }))
    }

    /// Whether the game is over.
    #[must_use]
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The Zobrist key, kept up to date move by move.
    #[must_use]
    pub const fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The Zobrist key computed from scratch (equal to [`Self::zobrist`]).
    #[must_use]
    pub fn compute_zobrist(&self) -> u64 {
        on_state!(&self.state, s => {
            state_key(s.state_word()) ^ pits_key(s.pit_counts())
        })
    }

    /// Updates the key from the position before a move: only pits that changed are touched.
    fn update_zobrist(&mut self, before: &Self) {
        let h = match (&before.state, &self.state) {
            (State::Bao(a), State::Bao(b)) => diff_key(before.hash, a, b),
            (State::Relay(a), State::Relay(b)) => diff_key(before.hash, a, b),
            (State::Kalah(a), State::Kalah(b)) => diff_key(before.hash, a, b),
            (State::Omweso(a), State::Omweso(b)) => diff_key(before.hash, a, b),
            (State::Sliding(a), State::Sliding(b)) => diff_key(before.hash, a, b),
            _ => self.compute_zobrist(),
        };
        self.hash = h;
    }

    /// The position as an unchecked [`Setup`].
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        on_state!(&self.state, s => s.to_setup())
    }

    /// The diagram (docs/notation.md).
    #[must_use]
    pub fn diagram(&self) -> String {
        self.to_setup().to_string()
    }

    /// Checks a setup against the variant's rules.
    ///
    /// # Errors
    /// A width, field set, seed total or takasia state the variant cannot have, or more seeds
    /// than [`Self::MAX_SEEDS`].
    pub fn from_setup(
        variant: Variant,
        setup: &Setup,
        total: SeedTotal,
    ) -> Result<Self, PositionError> {
        let pos = Self::from_state(State::from_setup(variant, setup)?);
        let expected = variant.total_seeds();
        let found = pos.total_seeds();
        if found > Self::MAX_SEEDS {
            return Err(PositionError::TooManySeeds { found });
        }
        if total == SeedTotal::Exact && found != expected {
            return Err(PositionError::SeedTotal { expected, found });
        }
        Ok(pos)
    }

    /// The move text of a legal move with its informational marks: in the Bao family `*` a
    /// takasa, `**` a takasa that sets takasia; everywhere `#` a move that wins.
    ///
    /// # Errors
    /// An illegal move.
    pub fn move_text(&self, m: Move) -> Result<String, IllegalMoveError> {
        let (next, info) = self.run_checked(m).ok_or(IllegalMoveError { m })?;
        Ok(self.text_of(m, &info, &next))
    }
}

/// The key after a move from the key before it: only pits whose count changed are touched.
fn diff_key<R: Rules>(hash: u64, a: &R, b: &R) -> u64 {
    let mut h = hash ^ state_key(a.state_word()) ^ state_key(b.state_word());
    let (pa, pb) = (a.pit_counts(), b.pit_counts());
    for (chunk, (ca, cb)) in pa.chunks(8).zip(pb.chunks(8)).enumerate() {
        if ca == cb {
            continue;
        }
        for (i, (&x, &y)) in ca.iter().zip(cb).enumerate() {
            if x != y {
                h ^= pit_key(chunk * 8 + i, x) ^ pit_key(chunk * 8 + i, y);
            }
        }
    }
    h
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagram())
    }
}
