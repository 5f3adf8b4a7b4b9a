//! `Position`: a validated position of any variant, and everything done with it.

use core::fmt;

use crate::sow::{CYCLE_CHECK_FROM, NeverEndingCheck, Silent};
use crate::trace::Trace;
use crate::variants::bao::{self, Bao, End, HOUSE, NONE, RING, WIDTH};
use crate::zobrist::{pit_key, state_key};
use crate::{BaoFields, BySide, Game, MAX_WIDTH, Move, MoveList, Pit, Row, Setup, Side, Variant};

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
    /// A pit holds more seeds than the variant has.
    PitOverflow(Pit),
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
            Self::PitOverflow(p) => write!(f, "pit {p} holds more seeds than the game has"),
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
    bao: Bao,
    hash: u64,
}

impl Position {
    /// The start position of the variant.
    #[must_use]
    pub fn new(variant: Variant) -> Self {
        Self::from_bao(Bao::start(variant))
    }

    fn from_bao(bao: Bao) -> Self {
        let mut p = Self { bao, hash: 0 };
        p.hash = p.compute_zobrist();
        p
    }

    /// The variant.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        self.bao.variant
    }

    /// The side to move (in a finished game, the side that would move next).
    #[must_use]
    pub const fn turn(&self) -> Side {
        self.bao.turn
    }

    /// The seeds in `pit` (0 for a pit not on the board).
    #[must_use]
    pub fn seeds(&self, pit: Pit) -> u8 {
        if usize::from(pit.col()) > WIDTH {
            return 0;
        }
        self.bao.pits[pit.side().index()][pit.ring_index(WIDTH)]
    }

    /// Seeds still in `side`'s hand.
    #[must_use]
    pub const fn hand(&self, side: Side) -> u8 {
        self.bao.hand[side.index()]
    }

    /// Whether `side` still owns its nyumba.
    #[must_use]
    pub const fn owns_house(&self, side: Side) -> bool {
        self.bao.house[side.index()]
    }

    /// The nyumba pit of `side`, in variants that have one.
    #[must_use]
    pub fn house_pit(&self, side: Side) -> Option<Pit> {
        (self.bao.variant.game() != Game::BaoLaKujifunza).then(|| self.bao.pit(side, HOUSE))
    }

    /// The side to move's takasia'd pit.
    #[must_use]
    pub fn takasia(&self) -> Option<Pit> {
        (self.bao.takasia != NONE).then(|| self.bao.pit(self.bao.turn, self.bao.takasia.into()))
    }

    /// Bao la Kete: the opponent's pit the side to move must capture when it can (L5).
    #[must_use]
    pub fn reserved(&self) -> Option<Pit> {
        (self.bao.reserved != NONE).then(|| {
            self.bao
                .pit(self.bao.turn.other(), self.bao.reserved.into())
        })
    }

    /// Seeds on the board plus seeds in hand.
    #[must_use]
    pub fn total_seeds(&self) -> u32 {
        let board: u32 = self.bao.pits.iter().flatten().map(|&n| u32::from(n)).sum();
        board + u32::from(self.bao.hand[0]) + u32::from(self.bao.hand[1])
    }

    /// The legal moves. Never-ending moves are left out (R9).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        self.bao.legal_moves()
    }

    /// Calls `f` with every legal move and the position it leads to: cheaper than
    /// [`Self::legal_moves`] followed by [`Self::play_unchecked`], since legality needs the
    /// moves played anyway.
    pub fn for_each_legal(&self, mut f: impl FnMut(Move, Position)) {
        self.bao.legal_with(|m, b| {
            let mut next = Self {
                bao: *b,
                hash: self.hash,
            };
            next.update_zobrist(&self.bao);
            f(m, next);
        });
    }

    /// Plays a legal move drawn uniformly at random and returns it, or `None` (the position
    /// unchanged) when the side to move has no legal move. `pick(n)` must return a number in
    /// `0..n`; with a uniform `pick` every legal move is equally likely. This is the fast path
    /// for random playouts: only the drawn move is played in full.
    pub fn play_random(&mut self, pick: impl FnMut(usize) -> usize) -> Option<Move> {
        let before = self.bao;
        let m = self.bao.play_random(pick)?;
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
        let mut bao = self.bao;
        let mut plies = 0;
        while plies < max_plies && bao.play_random(&mut pick).is_some() {
            plies += 1;
        }
        (Self::from_bao(bao), plies)
    }

    /// Whether `m` is legal here.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        self.bao.is_candidate(m) && self.legal_moves().contains(&m)
    }

    /// Plays a legal move.
    ///
    /// # Errors
    /// An illegal move, with the position unchanged.
    pub fn play(self, m: Move) -> Result<Self, PlayError> {
        if self.is_legal(m) {
            let mut next = self;
            next.play_unchecked(m);
            Ok(next)
        } else {
            Err(PlayError { m, position: self })
        }
    }

    /// Plays a move known to be legal (the search path). An illegal move leaves an unspecified
    /// but valid-looking position; it never panics.
    pub fn play_unchecked(&mut self, m: Move) {
        let before = self.bao;
        let info = self
            .bao
            .run(m, crate::LAP_LIMIT, CYCLE_CHECK_FROM, &mut Silent);
        if matches!(info.end, End::NeverEnding(_)) {
            // Not legal; keep the position as it was.
            self.bao = before;
            return;
        }
        self.update_zobrist(&before);
    }

    /// The events of a legal move and its result.
    ///
    /// # Errors
    /// An illegal move.
    pub fn trace(&self, m: Move) -> Result<Trace, IllegalMoveError> {
        if !self.is_legal(m) {
            return Err(IllegalMoveError { m });
        }
        let mut events = Vec::new();
        let mut bao = self.bao;
        let info = bao.run(m, crate::LAP_LIMIT, CYCLE_CHECK_FROM, &mut events);
        let mut result = Self {
            bao,
            hash: self.hash,
        };
        result.update_zobrist(&self.bao);
        Ok(Trace {
            events,
            laps: info.laps,
            capture: info.capture,
            result,
        })
    }

    /// Checks whether a move (legal apart from possibly never ending) is never-ending. Returns
    /// `None` when the move ends; `Some(period)` when it does not, with the period in laps of
    /// the repeating lap-start states when cycle finding found it (`Some(0)` when only the lap
    /// limit did).
    ///
    /// # Errors
    /// A move that is not even a candidate in this position.
    pub fn never_ending(
        &self,
        m: Move,
        check: NeverEndingCheck,
    ) -> Result<Option<u32>, IllegalMoveError> {
        if !self.bao.is_candidate(m) {
            return Err(IllegalMoveError { m });
        }
        let mut b = self.bao;
        let info = match check {
            NeverEndingCheck::LapLimit(limit) => b.run(m, limit, u32::MAX, &mut Silent),
            NeverEndingCheck::CycleFinding => b.run(m, u32::MAX, 1, &mut Silent),
        };
        Ok(match info.end {
            End::NeverEnding(p) => Some(p.unwrap_or(0)),
            _ => None,
        })
    }

    /// The outcome, if the game is over by the rules of the position alone (a front row
    /// empty, or no legal move). Repetition is judged by [`crate::Game`]'s history.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.bao.emptied_front() {
            return Some(Outcome {
                winner: Some(loser.other()),
                reason: EndReason::FrontRowEmpty,
            });
        }
        (!self.bao.has_legal_move()).then_some(Outcome {
            winner: Some(self.bao.turn.other()),
            reason: EndReason::NoLegalMove,
        })
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
        let mut h = self.state_key();
        for (s, side) in self.bao.pits.iter().enumerate() {
            for (r, &n) in side.iter().enumerate() {
                h ^= pit_key(s * RING + r, n);
            }
        }
        h
    }

    fn state_key(&self) -> u64 {
        let b = &self.bao;
        state_key(
            b.turn.index() as u64
                | u64::from(b.hand[0]) << 8
                | u64::from(b.hand[1]) << 16
                | u64::from(b.house[0]) << 24
                | u64::from(b.house[1]) << 25
                | u64::from(b.takasia) << 32
                | u64::from(b.reserved) << 40,
        )
    }

    /// Updates the key from the position before a move: only pits that changed are touched.
    fn update_zobrist(&mut self, before: &Bao) {
        let old = Self {
            bao: *before,
            hash: 0,
        };
        let mut h = self.hash ^ old.state_key() ^ self.state_key();
        for s in 0..2 {
            for chunk in 0..RING / 8 {
                let range = chunk * 8..chunk * 8 + 8;
                if before.pits[s][range.clone()] == self.bao.pits[s][range.clone()] {
                    continue;
                }
                for r in range {
                    let (a, b) = (before.pits[s][r], self.bao.pits[s][r]);
                    if a != b {
                        h ^= pit_key(s * RING + r, a) ^ pit_key(s * RING + r, b);
                    }
                }
            }
        }
        self.hash = h;
    }

    /// The position as an unchecked [`Setup`].
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        let b = &self.bao;
        let mut pits = BySide::new([[0u8; MAX_WIDTH]; 2], [[0u8; MAX_WIDTH]; 2]);
        for side in Side::ALL {
            for r in 0..RING {
                let pit = b.pit(side, r);
                let row = usize::from(pit.row() == Row::Back);
                pits[side][row][usize::from(pit.col()) - 1] = b.pits[side.index()][r];
            }
        }
        let bao = match b.variant.game() {
            Game::BaoLaKujifunza => None,
            game => Some(BaoFields {
                hands: BySide::new(b.hand[0], b.hand[1]),
                houses: BySide::new(b.house[0], b.house[1]),
                takasia: self.takasia(),
                reserved: (game == Game::BaoLaKete).then(|| self.reserved()),
            }),
        };
        Setup {
            width: WIDTH as u8,
            pits,
            turn: b.turn,
            bao,
        }
    }

    /// The diagram (docs/notation.md).
    #[must_use]
    pub fn diagram(&self) -> String {
        self.to_setup().to_string()
    }

    /// Checks a setup against the variant's rules.
    ///
    /// # Errors
    /// A width, field set, seed total or takasia state the variant cannot have.
    pub fn from_setup(
        variant: Variant,
        setup: &Setup,
        total: SeedTotal,
    ) -> Result<Self, PositionError> {
        if usize::from(setup.width) != WIDTH {
            return Err(PositionError::Width {
                expected: WIDTH,
                found: setup.width.into(),
            });
        }
        let game = variant.game();
        let mut b = Bao::start(variant);
        b.turn = setup.turn;
        for side in Side::ALL {
            for r in 0..RING {
                let pit = b.pit(side, r);
                b.pits[side.index()][r] = setup.seeds(pit);
            }
        }
        match (game, setup.bao) {
            (Game::BaoLaKujifunza, None) => {}
            (Game::BaoLaKujifunza, Some(_)) => {
                return Err(PositionError::Fields(
                    "bao-la-kujifunza diagrams have no extra fields",
                ));
            }
            (_, None) => {
                return Err(PositionError::Fields(
                    "expected hands, houses and takasia fields",
                ));
            }
            (_, Some(f)) => {
                if game == Game::BaoLaKete && f.reserved.is_none() {
                    return Err(PositionError::Fields(
                        "bao-la-kete diagrams have a fourth field",
                    ));
                }
                if game == Game::BaoLaKiswahili && f.reserved.is_some() {
                    return Err(PositionError::Fields(
                        "bao-la-kiswahili diagrams have three fields",
                    ));
                }
                b.hand = [f.hands.south, f.hands.north];
                b.house = [f.houses.south, f.houses.north];
                if let Some(t) = f.takasia {
                    let r = t.ring_index(WIDTH);
                    if b.hand != [0, 0] {
                        return Err(PositionError::Takasia(
                            "takasia exists only in the mtaji stage",
                        ));
                    }
                    if r == HOUSE && b.house[b.turn.index()] {
                        return Err(PositionError::Takasia(
                            "an owned nyumba cannot be takasia'd",
                        ));
                    }
                    if b.takasia_rule() == bao::TakasiaRule::Off {
                        return Err(PositionError::Takasia("takasia is off in this variant"));
                    }
                    b.takasia = r as u8;
                }
                if let Some(Some(p)) = f.reserved {
                    b.reserved = p.ring_index(WIDTH) as u8;
                }
            }
        }
        let pos = Self::from_bao(b);
        let found = pos.total_seeds();
        let expected = variant.total_seeds();
        if let Some(p) = Side::ALL
            .into_iter()
            .flat_map(|s| (0..RING).map(move |r| (s, r)))
            .find(|&(s, r)| u32::from(b.pits[s.index()][r]) > expected)
        {
            return Err(PositionError::PitOverflow(b.pit(p.0, p.1)));
        }
        if total == SeedTotal::Exact && found != expected {
            return Err(PositionError::SeedTotal { expected, found });
        }
        Ok(pos)
    }

    /// The move text of a legal move with its informational marks: `*` a takasa, `**` a takasa
    /// that sets takasia, `#` a move that wins.
    ///
    /// # Errors
    /// An illegal move.
    pub fn move_text(&self, m: Move) -> Result<String, IllegalMoveError> {
        if !self.is_legal(m) {
            return Err(IllegalMoveError { m });
        }
        let mut b = self.bao;
        let info = b.run(m, crate::LAP_LIMIT, CYCLE_CHECK_FROM, &mut Silent);
        let mut s = m.to_string();
        if !info.capture {
            s.push('*');
            if info.takasia_set {
                s.push('*');
            }
        }
        let next = Self::from_bao(b);
        if next
            .outcome()
            .is_some_and(|o| o.winner == Some(self.turn()))
        {
            s.push('#');
        }
        Ok(s)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diagram())
    }
}
