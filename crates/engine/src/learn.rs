//! A learned evaluation: a linear model over features of the position, with optional rectified
//! hidden units beside it, trained by self-play with TD-leaf(λ), for the Bao family, Hawalis,
//! Hus and Omweso (docs/engine.md, "Learned evaluation").
//!
//! The model gives a logit of the side to move winning: a bias plus, for each feature, its
//! weight times the feature, plus each hidden unit's output weight times the unit (the
//! rectified weighted sum of the same features). Games with a namua stage (hands) have one
//! such block of weights for the namua stage and one for the mtaji stage. The features are
//! read from the rules crate's description of the board (rows, width, nyumba, hands), never
//! from a list of games:
//! - material: seeds on the board, in hand, in the front row;
//! - shape: occupied front pits, a front row down to one occupied pit, pits of two or more
//!   seeds (the starts of Hus and Omweso, the mtaji moves of Bao), single seeds, empty pits,
//!   loads of ten or more;
//! - the nyumba: owned, owned with six seeds or more, its seeds;
//! - capture threats: the largest capture the side threatens and the seeds of all its
//!   threatened captures together (as [`crate::evaluate_threats`] reads them);
//! - the kichwa and kimbi loads (the front row's two end pits and the two next to them);
//! - per pit, by its place on the owner's ring: its seeds (up to 20), whether it is occupied,
//!   whether it holds two or more.
//!
//! Each of these is the side to move's value less the opponent's. In the relay games three
//! more are the side to move's own, read by playing each of its moves ([`MOVES`]): the most
//! seeds one move takes, the moves that take any, and the moves.
//!
//! Weights are trained by `mancala train` ([`Weights::train_game`]): self-play with a small
//! alpha-beta search over the current weights, a share of random moves, and after each game a
//! TD(λ) update of the value of each searched position's principal-variation leaf towards the
//! next one's and finally the result. Game `k` of a run depends only on the seed, `k` and the
//! weights before it, so a run in chunks gives the same weights as one run.

use core::fmt;
use core::str::FromStr;
use std::sync::OnceLock;

use mancala::{Family, Game, Move, Pit, Position, Side, Variant};

use crate::Rng;
use crate::eval::{SCORE_DECIDED, Score, evaluate, terminal_score};

/// The version of the file format [`Weights`] reads and writes.
pub const WEIGHTS_FORMAT: u32 = 2;

/// The most hidden units a model can have.
pub const MAX_HIDDEN: u32 = 32;

/// The version of the feature set: weights of another one are refused.
pub const FEATURE_SET: u32 = 2;

/// Score units per unit of the model's logit: a seed is worth about a quarter of a logit, so
/// the learned scores are near [`crate::evaluate`]'s 100 a seed.
const SCALE: f32 = 400.0;

/// Plies after which a training game stops and counts as a draw.
const TRAIN_MAX_PLIES: u32 = 300;

/// Features of one side that do not depend on the board's width.
const BASE: [&str; 16] = [
    "board",
    "hand",
    "front",
    "front-pits",
    "lone-front",
    "movable",
    "singles",
    "empty",
    "big",
    "nyumba",
    "nyumba-6",
    "nyumba-seeds",
    "threat",
    "threat-sum",
    "kichwa",
    "kimbi",
];

/// Per pit: seeds, occupied, two or more.
const PER_PIT: [&str; 3] = ["seeds", "occupied", "movable"];

/// The most features of one side (the widest board, 16 columns).
const MAX_SIDE: usize = BASE.len() + PER_PIT.len() * 2 * mancala::MAX_WIDTH;

/// Features of the side to move's own moves, in the games whose sowings relay
/// ([`reads_moves`]): the most seeds one move takes from the opponent, the moves that take any,
/// and the legal moves.
const MOVES: [&str; 3] = ["best-take", "takes", "moves"];

/// The longest feature vector: the bias, one side's features, the move features.
const MAX_FEATURES: usize = 1 + MAX_SIDE + MOVES.len();

/// Whether the learned evaluation has features for `game`: the four-row relay and Bao games.
#[must_use]
pub const fn is_learnable(game: Game) -> bool {
    match game.family() {
        Family::Bao | Family::Hawalis | Family::Hus | Family::Omweso => true,
        Family::Kalah | Family::Kimasai | Family::KimasaiSliding => false,
    }
}

/// Whether the features of `game` include those of the side to move's moves ([`MOVES`]): in
/// the relay games (Hus, Hawalis, Omweso), where a sowing runs on lap after lap and only playing
/// a move shows what it takes. The Bao family's static capture threats read it well enough.
const fn reads_moves(game: Game) -> bool {
    matches!(
        game.family(),
        Family::Hus | Family::Hawalis | Family::Omweso
    )
}

/// How the captures of a family take: the facing front pit (Bao), the facing front and back
/// pits (Hus, Hawalis), or both only when both hold seeds (Omweso).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Take {
    Front,
    FrontAndBack,
    BothOccupied,
}

const fn take(game: Game) -> Take {
    match game.family() {
        Family::Omweso => Take::BothOccupied,
        Family::Hus | Family::Hawalis => Take::FrontAndBack,
        Family::Bao | Family::Kalah | Family::Kimasai | Family::KimasaiSliding => Take::Front,
    }
}

/// The number of weight blocks: two where there is a namua stage.
const fn phases(game: Game) -> usize {
    if game.has_hands() { 2 } else { 1 }
}

/// The features of one side of a board `width` wide.
const fn side_len(width: usize) -> usize {
    BASE.len() + PER_PIT.len() * 2 * width
}

/// Where the move features ([`MOVES`]) of `game` are in its feature vector (after the bias
/// and the side features), if it has them.
fn moves_at(game: Game) -> Option<usize> {
    reads_moves(game).then(|| 1 + side_len(Variant::new(game).width()))
}

/// The features of a block of `game`'s weights, the bias included.
fn block_len(game: Game) -> usize {
    moves_at(game).map_or(1 + side_len(Variant::new(game).width()), |at| {
        at + MOVES.len()
    })
}

/// The hidden units of a model as a count, or the error when there are more than
/// [`MAX_HIDDEN`]: the one place that limit is checked.
const fn check_hidden(hidden: u32) -> Result<usize, WeightsError> {
    if hidden > MAX_HIDDEN {
        Err(WeightsError::Hidden(hidden))
    } else {
        Ok(hidden as usize)
    }
}

/// The weights of one block of a model of `game` with `hidden` hidden units: one a feature
/// ([`block_len`]), then per feature one a hidden unit ([`hidden_at`]), then one a hidden unit
/// for its output ([`outputs_at`]).
fn block_size(game: Game, hidden: usize) -> usize {
    outputs_at(block_len(game), hidden) + hidden
}

/// Where, in a block of `n` features and `h` hidden units, the `h` weights of feature `i` into
/// the hidden units start (after the `n` linear weights).
const fn hidden_at(n: usize, h: usize, i: usize) -> usize {
    n + i * h
}

/// Where, in a block of `n` features and `h` hidden units, the `h` output weights of the
/// hidden units start (after every feature's weights into them).
const fn outputs_at(n: usize, h: usize) -> usize {
    hidden_at(n, h, n)
}

/// The names of the weights of `game` with `hidden` hidden units, in file order: per block a
/// bias, the side features and where the game has them the move features; then per feature
/// (`h.NAME.J`) the weight of each hidden unit `J`, then each unit's output weight (`out.J`);
/// blocks prefixed `namua.` and `mtaji.` where there are two.
fn names(game: Game, hidden: usize) -> Vec<String> {
    let v = Variant::new(game);
    let w = v.width();
    let mut side: Vec<String> = vec!["bias".to_owned()];
    side.extend(BASE.iter().map(|&s| s.to_owned()));
    for what in PER_PIT {
        for r in 0..2 * w {
            let pit = Pit::from_ring(Side::South, r, w);
            side.push(format!("{what}.{}{}", pit.letter(), pit.col()));
        }
    }
    if reads_moves(game) {
        side.extend(MOVES.iter().map(|&s| s.to_owned()));
    }
    let linear = side.len();
    for i in 0..linear {
        for j in 0..hidden {
            side.push(format!("h.{}.{j}", side[i]));
        }
    }
    side.extend((0..hidden).map(|j| format!("out.{j}")));
    match phases(game) {
        2 => ["namua", "mtaji"]
            .iter()
            .flat_map(|p| side.iter().map(move |n| format!("{p}.{n}")))
            .collect(),
        _ => side,
    }
}

/// The block of weights that applies to `pos`: the namua block while either side has seeds in
/// hand.
fn phase(pos: &Position) -> usize {
    let in_hand = |s: Side| pos.hand(s).unwrap_or(0) > 0;
    if phases(pos.variant().game()) == 2 && !(in_hand(Side::South) || in_hand(Side::North)) {
        1
    } else {
        0
    }
}

/// Writes the features of side `s` into `out` (at least [`side_len`] long). The pits are read
/// as rings ([`Position::ring`]): index `r` is [`Pit::ring_index`], so the front pit in column
/// `c` is `c - 1` and the back pit in column `c` is `2w - c`.
fn side_features(pos: &Position, s: Side, out: &mut [f32]) {
    let v = pos.variant();
    let game = v.game();
    let w = v.width();
    let own = pos.ring(s);
    let opp = pos.ring(s.other());
    let (mut movable, mut singles, mut empty, mut big) = (0u32, 0u32, 0u32, 0u32);
    let (mut board, mut front, mut front_pits) = (0u32, 0u32, 0u32);
    let base = BASE.len();
    for (r, &n) in own.iter().enumerate().take(2 * w) {
        match n {
            0 => empty += 1,
            1 => singles += 1,
            _ => movable += 1,
        }
        big += u32::from(n >= 10);
        board += u32::from(n);
        if r < w {
            front += u32::from(n);
            front_pits += u32::from(n > 0);
        }
        out[base + r] = f32::from(n.min(20)) / 10.0;
        out[base + 2 * w + r] = f32::from(u8::from(n > 0));
        out[base + 4 * w + r] = f32::from(u8::from(n >= 2));
    }
    // Capture threats, column by column: s's front pit in column c (ring c - 1) faces the
    // opponent's front pit in column w + 1 - c (ring w - c), with its back pit behind (ring
    // w + c - 1).
    let (mut threat, mut threat_sum) = (0u32, 0u32);
    if own.len() >= 2 * w && opp.len() >= 2 * w {
        for c in 1..=w {
            let facing = u32::from(opp[w - c]);
            if own[c - 1] == 0 || facing == 0 {
                continue;
            }
            let behind = u32::from(opp[w + c - 1]);
            let t = match take(game) {
                Take::Front => facing,
                Take::BothOccupied if behind == 0 => 0,
                Take::FrontAndBack | Take::BothOccupied => facing + behind,
            };
            threat_sum += t;
            threat = threat.max(t);
        }
    }
    let at = |r: usize| own.get(r).map_or(0, |&n| u32::from(n));
    let kichwa = at(0) + at(w - 1);
    let kimbi = at(1) + at(w - 2);
    let (nyumba, nyumba6, nyumba_seeds) = match pos.nyumba_pit(s) {
        Some(p) if pos.owns_nyumba(s) => {
            let n = own.get(p.ring_index(w)).copied().unwrap_or(0);
            (1.0, f32::from(u8::from(n >= 6)), f32::from(n) / 10.0)
        }
        _ => (0.0, 0.0, 0.0),
    };
    let tenth = |x: u32| x as f32 / 10.0;
    let eighth = |x: u32| x as f32 / 8.0;
    out[..base].copy_from_slice(&[
        tenth(board),
        tenth(u32::from(pos.hand(s).unwrap_or(0))),
        tenth(front),
        eighth(front_pits),
        f32::from(u8::from(front_pits <= 1)),
        eighth(movable),
        eighth(singles),
        eighth(empty),
        big as f32,
        nyumba,
        nyumba6,
        nyumba_seeds,
        tenth(threat),
        tenth(threat_sum),
        tenth(kichwa),
        tenth(kimbi),
    ]);
}

/// The feature vector of `pos` for its side to move: the block index, and in `out` (at least
/// [`block_len`] long) 1 for the bias, the mover's features less the opponent's, then where the
/// game has them the features of the mover's moves.
fn features(pos: &Position, out: &mut [f32]) -> usize {
    let game = pos.variant().game();
    let n = side_len(pos.variant().width());
    let me = pos.turn();
    let mut mine = [0.0f32; MAX_SIDE];
    let mut theirs = [0.0f32; MAX_SIDE];
    side_features(pos, me, &mut mine);
    side_features(pos, me.other(), &mut theirs);
    out[0] = 1.0;
    for i in 0..n {
        out[1 + i] = mine[i] - theirs[i];
    }
    if let Some(at) = moves_at(game) {
        out[at..][..MOVES.len()].copy_from_slice(&move_features(pos));
    }
    phase(pos)
}

/// The features of the side to move's moves ([`MOVES`]), each move played out.
fn move_features(pos: &Position) -> [f32; MOVES.len()] {
    let them = pos.turn().other();
    let before = pos.side_seeds(them);
    let (mut best, mut takes, mut moves) = (0u32, 0u32, 0u32);
    pos.for_each_legal_unkeyed(|_, child| {
        moves += 1;
        let taken = before.saturating_sub(child.side_seeds(them));
        takes += u32::from(taken > 0);
        best = best.max(taken);
    });
    [best as f32 / 10.0, takes as f32 / 8.0, moves as f32 / 8.0]
}

/// Self-play settings of a training run; kept in the weights file, so a run resumes with them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// The seed of the run: game `k` draws from it and `k` alone.
    pub seed: u64,
    /// The learning rate.
    pub alpha: f32,
    /// TD(λ)'s λ: how far back a difference between successive values reaches.
    pub lambda: f32,
    /// The share of moves played at random (after the search, whose value still counts).
    pub epsilon: f32,
    /// The self-play search depth in plies (at least 1).
    pub depth: u32,
    /// The most random plies a training game starts with (each game draws 0 to this many).
    pub opening: u32,
    /// Hidden units (rectified) beside the linear model, at most [`MAX_HIDDEN`]; 0 for the
    /// linear model alone.
    pub hidden: u32,
}

impl Default for TrainConfig {
    fn default() -> Self {
        Self {
            seed: 1,
            alpha: 0.05,
            lambda: 0.7,
            epsilon: 0.05,
            depth: 2,
            opening: 8,
            hidden: 0,
        }
    }
}

/// What a training game did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainGame {
    /// Plies played, the random opening included.
    pub plies: u32,
    /// The winner; `None` for a draw or a game stopped at the ply cap.
    pub winner: Option<Side>,
    /// The mean squared difference between successive values of South's winning chance (the
    /// last one against the result): how far the weights were from predicting the game.
    pub td_error: f32,
}

/// The weights of the learned evaluation of one game, with how they were made: a small text
/// file (see [`Weights::to_text`]) that is also a training checkpoint.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    game: Game,
    config: TrainConfig,
    games: u64,
    values: Vec<f32>,
}

impl Weights {
    /// Starting weights for `game` before any training: the terms of [`crate::evaluate`]
    /// (seeds; in the Bao family front-row seeds and a front row down to one pit; in Hus and
    /// Omweso pits of two or more) and in the relay games half the best take now, in logits,
    /// the other linear weights zero; hidden units small and at random (from the seed), their
    /// output weights zero, so that the model starts as the linear one.
    ///
    /// # Errors
    /// [`WeightsError::Unsupported`] for a game without features ([`is_learnable`]),
    /// [`WeightsError::Hidden`] for more than [`MAX_HIDDEN`] hidden units.
    pub fn initial(game: Game, config: TrainConfig) -> Result<Self, WeightsError> {
        if !is_learnable(game) {
            return Err(WeightsError::Unsupported(game));
        }
        let n = block_len(game);
        let hidden = check_hidden(config.hidden)?;
        let block = block_size(game, hidden);
        let mut values = vec![0.0; block * phases(game)];
        // Hidden units start small and at random (from the seed), their outputs at zero: the
        // model starts as the linear one.
        let mut rng = Rng::new(config.seed ^ 0x5EED_0F41_DDE4);
        let scale = 1.0 / (n as f32).sqrt();
        // A seed is a quarter of a logit (SCALE); features count tenths of seeds, pits in eighths.
        for b in 0..phases(game) {
            let w = &mut values[b * block..][..block];
            w[1] = 2.5;
            w[2] = 2.5;
            match game.family() {
                Family::Bao => {
                    w[3] = 0.5;
                    w[5] = -0.75;
                }
                Family::Hus | Family::Omweso => w[6] = 0.8,
                Family::Hawalis | Family::Kalah | Family::Kimasai | Family::KimasaiSliding => {}
            }
            // The best take now: half a seed per seed, since the opponent answers it.
            if let Some(at) = moves_at(game) {
                w[at] = 1.25;
            }
            for x in &mut w[hidden_at(n, hidden, 0)..outputs_at(n, hidden)] {
                *x = (2.0 * rng.unit_f32() - 1.0) * scale;
            }
        }
        Ok(Self {
            game,
            config,
            games: 0,
            values,
        })
    }

    /// The game the weights are for.
    #[must_use]
    pub const fn game(&self) -> Game {
        self.game
    }

    /// The training settings.
    #[must_use]
    pub const fn config(&self) -> TrainConfig {
        self.config
    }

    /// The training games played so far.
    #[must_use]
    pub const fn games(&self) -> u64 {
        self.games
    }

    /// The weights, in the order of their names in the file.
    #[must_use]
    pub fn values(&self) -> &[f32] {
        &self.values
    }

    /// The command that makes these weights from nothing (a run in chunks gives the same).
    #[must_use]
    pub fn command(&self) -> String {
        let c = self.config;
        let hidden = if c.hidden > 0 {
            format!(" --hidden {}", c.hidden)
        } else {
            String::new()
        };
        format!(
            "mancala train {} --seed {} --games {} --alpha {} --lambda {} --epsilon {} --depth {} \
             --opening {}{hidden}",
            self.game.slug(),
            c.seed,
            self.games,
            c.alpha,
            c.lambda,
            c.epsilon,
            c.depth,
            c.opening
        )
    }

    fn block(&self, phase: usize) -> &[f32] {
        let n = self.values.len() / phases(self.game);
        &self.values[phase * n..][..n]
    }

    /// The hidden units: how many, and their sums (before the rectifier) for the features `x`
    /// under the block `w`.
    fn hidden_sums(&self, w: &[f32], x: &[f32]) -> (usize, [f32; MAX_HIDDEN as usize]) {
        let n = block_len(self.game);
        let h = self.config.hidden as usize;
        let mut sums = [0.0f32; MAX_HIDDEN as usize];
        if h > 0 {
            // Feature by feature, so the units' sums are independent lanes.
            for (i, &xi) in x[..n].iter().enumerate() {
                if xi != 0.0 {
                    for (u, wi) in sums[..h].iter_mut().zip(&w[hidden_at(n, h, i)..][..h]) {
                        *u += wi * xi;
                    }
                }
            }
        }
        (h, sums)
    }

    /// The model's logit for the features `x` of block `phase`: the linear part plus the
    /// rectified hidden units times their output weights.
    fn value(&self, phase: usize, x: &[f32]) -> f32 {
        self.value_and_sums(phase, x).0
    }

    /// [`Self::value`] with the hidden units' sums it was made of (see [`Self::hidden_sums`]),
    /// for [`Self::gradient`].
    fn value_and_sums(&self, phase: usize, x: &[f32]) -> (f32, [f32; MAX_HIDDEN as usize]) {
        let n = block_len(self.game);
        let w = self.block(phase);
        let linear = dot(&w[..n], &x[..n]);
        let (h, sums) = self.hidden_sums(w, x);
        let out = &w[outputs_at(n, h)..][..h];
        let hidden: f32 = out
            .iter()
            .zip(&sums[..h])
            .map(|(o, u)| o * u.max(0.0))
            .sum();
        (linear + hidden, sums)
    }

    /// `k` times the gradient of [`Self::value`] over the weights of block `phase`, given the
    /// hidden units' sums for `x` ([`Self::value_and_sums`]).
    fn gradient(&self, phase: usize, x: &[f32], sums: &[f32], k: f32) -> Vec<f32> {
        let n = block_len(self.game);
        let h = self.config.hidden as usize;
        let w = self.block(phase);
        let mut g = vec![0.0f32; w.len()];
        for (gi, xi) in g[..n].iter_mut().zip(&x[..n]) {
            *gi = k * xi;
        }
        if h > 0 {
            let out = &w[outputs_at(n, h)..][..h];
            for (i, &xi) in x[..n].iter().enumerate() {
                for j in 0..h {
                    if sums[j] > 0.0 {
                        g[hidden_at(n, h, i) + j] = k * out[j] * xi;
                    }
                }
            }
            for (gj, u) in g[outputs_at(n, h)..].iter_mut().zip(&sums[..h]) {
                *gj = k * u.max(0.0);
            }
        }
        g
    }

    /// The model's logit of the side to move winning `pos` (a position of [`Self::game`]).
    #[must_use]
    pub fn logit(&self, pos: &Position) -> f32 {
        let mut x = [0.0f32; MAX_FEATURES];
        let phase = features(pos, &mut x);
        self.value(phase, &x)
    }

    /// The value of `pos` in [`Score`] units for the side to move, short of a decided score.
    #[must_use]
    pub fn score(&self, pos: &Position) -> Score {
        let s = (self.logit(pos) * SCALE).round();
        let cap = (SCORE_DECIDED - 1) as f32;
        s.clamp(-cap, cap) as Score
    }

    /// Plays training game number [`Self::games`] and updates the weights from it.
    pub fn train_game(&mut self) -> TrainGame {
        let c = self.config;
        let mut rng = Rng::new(game_seed(c.seed, self.games));
        let mut pos = Position::new(Variant::new(self.game));
        let mut plies = 0;
        for _ in 0..rng.below(c.opening as usize + 1) {
            if pos.is_game_over() || pos.play_random(|n| rng.below(n)).is_none() {
                break;
            }
            plies += 1;
        }
        let block = self.values.len() / phases(self.game);
        // Per searched position: South's winning chance at its leaf, and the leaf's block and
        // the gradient of that chance (none at a decided leaf).
        let mut steps: Vec<Step> = Vec::new();
        let winner = loop {
            if let Some(o) = pos.outcome() {
                break o.winner;
            }
            if plies >= TRAIN_MAX_PLIES {
                break None;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break Some(pos.turn().other());
            }
            let (best, leaf) = self.root(&pos, c.depth.max(1));
            steps.push(self.south_chance(&leaf));
            let m = if rng.unit_f32() < c.epsilon {
                moves[rng.below(moves.len())]
            } else {
                best.unwrap_or(moves[0])
            };
            pos.play_unchecked(m);
            plies += 1;
        };
        let last = match winner {
            Some(Side::South) => 1.0,
            Some(Side::North) => 0.0,
            None => 0.5,
        };
        // Offline TD(λ): each step moves by alpha times the λ-discounted sum of the differences
        // that follow it, all from the weights the game was played with.
        let mut delta_sum = 0.0f32;
        let mut squares = 0.0f32;
        let mut next = last;
        let mut update = vec![0.0f32; self.values.len()];
        for (z, grad) in steps.iter().rev() {
            squares += (next - z) * (next - z);
            delta_sum = (next - z) + c.lambda * delta_sum;
            next = *z;
            if let Some((phase, g)) = grad {
                for (u, gi) in update[phase * block..][..block].iter_mut().zip(g) {
                    *u += c.alpha * delta_sum * gi;
                }
            }
        }
        for (w, u) in self.values.iter_mut().zip(&update) {
            *w += u;
        }
        self.games += 1;
        TrainGame {
            plies,
            winner,
            td_error: squares / steps.len().max(1) as f32,
        }
    }

    /// South's winning chance at a search leaf, with the block and gradient where the model
    /// gave it.
    fn south_chance(&self, leaf: &Position) -> Step {
        let decided = leaf.outcome().map(|o| o.winner).or_else(|| {
            leaf.legal_moves()
                .is_empty()
                .then_some(Some(leaf.turn().other()))
        });
        if let Some(winner) = decided {
            let z = match winner {
                Some(Side::South) => 1.0,
                Some(Side::North) => 0.0,
                None => 0.5,
            };
            return (z, None);
        }
        let mut x = [0.0f32; MAX_FEATURES];
        let phase = features(leaf, &mut x);
        let sign = if leaf.turn() == Side::South {
            1.0
        } else {
            -1.0
        };
        let (v, sums) = self.value_and_sums(phase, &x);
        let z = sigmoid(sign * v);
        (
            z,
            Some((phase, self.gradient(phase, &x, &sums, sign * z * (1.0 - z)))),
        )
    }

    /// The best move at the root and the leaf of its principal variation.
    fn root(&self, pos: &Position, depth: u32) -> (Option<Move>, Position) {
        let mut best: Option<(f32, Move, Position)> = None;
        let mut alpha = f32::NEG_INFINITY;
        pos.for_each_legal(|m, child| {
            let (v, leaf) = if child.turn() == pos.turn() {
                self.search(&child, depth - 1, alpha, f32::INFINITY, 1)
            } else {
                let (v, leaf) = self.search(&child, depth - 1, f32::NEG_INFINITY, -alpha, 1);
                (-v, leaf)
            };
            if best.as_ref().is_none_or(|b| v > b.0) {
                best = Some((v, m, leaf));
                alpha = alpha.max(v);
            }
        });
        match best {
            Some((_, m, leaf)) => (Some(m), leaf),
            None => (None, *pos),
        }
    }

    /// Alpha-beta over the logits (decided positions at ±1000, sooner wins preferred), for the
    /// side to move, with the leaf of the principal variation.
    fn search(
        &self,
        pos: &Position,
        depth: u32,
        alpha: f32,
        beta: f32,
        ply: u32,
    ) -> (f32, Position) {
        if let Some(o) = pos.outcome() {
            return (terminal_score(o, pos.turn(), ply) as f32 / 1000.0, *pos);
        }
        if depth == 0 {
            return (self.logit(pos), *pos);
        }
        let mut best: Option<(f32, Position)> = None;
        let mut alpha = alpha;
        pos.for_each_legal(|_, child| {
            if alpha >= beta {
                return;
            }
            let same = child.turn() == pos.turn();
            let (v, leaf) = if same {
                self.search(&child, depth - 1, alpha, beta, ply + 1)
            } else {
                let (v, leaf) = self.search(&child, depth - 1, -beta, -alpha, ply + 1);
                (-v, leaf)
            };
            if best.as_ref().is_none_or(|b| v > b.0) {
                best = Some((v, leaf));
                alpha = alpha.max(v);
            }
        });
        best.unwrap_or_else(|| (-(crate::SCORE_WIN - ply as Score) as f32 / 1000.0, *pos))
    }

    /// The weights file: a header of `key value` lines (the format and feature-set versions,
    /// the game, the command that makes the weights, the training settings and games played),
    /// one `w NAME VALUE` line per weight, and a last line `checksum` with the FNV-1a 64-bit
    /// hash of everything before it. Values are written so that they read back exactly.
    #[must_use]
    pub fn to_text(&self) -> String {
        let c = self.config;
        let mut s = format!(
            "mancala-weights {WEIGHTS_FORMAT}\nfeatures {FEATURE_SET}\ngame {}\ncommand {}\n\
             seed {}\ngames {}\nalpha {}\nlambda {}\nepsilon {}\ndepth {}\nopening {}\nhidden {}\n\
             count {}\n",
            self.game.slug(),
            self.command(),
            c.seed,
            self.games,
            c.alpha,
            c.lambda,
            c.epsilon,
            c.depth,
            c.opening,
            c.hidden,
            self.values.len()
        );
        for (name, v) in names(self.game, c.hidden as usize).iter().zip(&self.values) {
            s.push_str(&format!("w {name} {v}\n"));
        }
        s.push_str(&format!("checksum {:016x}\n", fnv1a(s.as_bytes())));
        s
    }
}

/// A searched position of a training game: South's winning chance at its leaf, and where the
/// model gave it, the leaf's block and the gradient of that chance.
type Step = (f32, Option<(usize, Vec<f32>)>);

/// The dot product of two equally long slices, in eight lanes summed at the end (a sum in one
/// lane is a chain of dependent additions that the compiler may not reorder).
fn dot(a: &[f32], b: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (a8, b8) = (a.chunks_exact(8), b.chunks_exact(8));
    let rest: f32 = a8
        .remainder()
        .iter()
        .zip(b8.remainder())
        .map(|(x, y)| x * y)
        .sum();
    for (ca, cb) in a8.zip(b8) {
        for k in 0..8 {
            lanes[k] += ca[k] * cb[k];
        }
    }
    lanes.iter().sum::<f32>() + rest
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The seed of training game `k` of a run seeded `seed`.
fn game_seed(seed: u64, k: u64) -> u64 {
    Rng::new(seed ^ k.wrapping_mul(0xA24B_AED4_963E_E407)).next_u64()
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Why a weights file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WeightsError {
    /// The first line is not `mancala-weights N`.
    NotWeights,
    /// A format version this build does not read.
    Format(u32),
    /// Weights for another feature set.
    FeatureSet(u32),
    /// The file has no `checksum` line at its end.
    NoChecksum,
    /// The checksum does not match the text before it.
    Checksum {
        /// The checksum the file states.
        stated: u64,
        /// The checksum of its text.
        actual: u64,
    },
    /// A header line is missing or not in its place.
    Missing(&'static str),
    /// A line cannot be read.
    Line {
        /// The line number (1-based).
        line: usize,
        /// What was expected there.
        expected: String,
    },
    /// A game slug that names no game.
    UnknownGame(String),
    /// A game the learned evaluation has no features for.
    Unsupported(Game),
    /// More hidden units than [`MAX_HIDDEN`].
    Hidden(u32),
    /// The number of weights is not the game's.
    Count {
        /// The game's number of weights.
        expected: usize,
        /// The file's.
        found: usize,
    },
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotWeights => f.write_str("not a weights file (no `mancala-weights` line)"),
            Self::Format(v) => write!(
                f,
                "weights file format {v} is not read by this build (it reads {WEIGHTS_FORMAT})"
            ),
            Self::FeatureSet(v) => write!(
                f,
                "the weights are for feature set {v}, this build has feature set {FEATURE_SET}"
            ),
            Self::NoChecksum => f.write_str("the weights file has no checksum line at its end"),
            Self::Checksum { stated, actual } => write!(
                f,
                "the weights file is damaged: its checksum is {stated:016x}, its text gives \
                 {actual:016x}"
            ),
            Self::Missing(key) => write!(f, "the weights file has no `{key}` line in its place"),
            Self::Line { line, expected } => {
                write!(f, "line {line} of the weights file: expected {expected}")
            }
            Self::UnknownGame(s) => write!(f, "the weights file names an unknown game `{s}`"),
            Self::Unsupported(g) => write!(f, "there is no learned evaluation for {}", g.slug()),
            Self::Hidden(h) => write!(f, "{h} hidden units: a model has at most {MAX_HIDDEN}"),
            Self::Count { expected, found } => write!(
                f,
                "the weights file has {found} weights, the game has {expected}"
            ),
        }
    }
}

impl core::error::Error for WeightsError {}

/// The header lines of a weights file, in their order ([`Weights::to_text`]); the weights
/// follow them.
const HEADER: [&str; 13] = [
    "mancala-weights",
    "features",
    "game",
    "command",
    "seed",
    "games",
    "alpha",
    "lambda",
    "epsilon",
    "depth",
    "opening",
    "hidden",
    "count",
];

/// The line index of header line `key`.
fn header_line(key: &str) -> usize {
    HEADER
        .iter()
        .position(|&k| k == key)
        .unwrap_or(HEADER.len())
}

/// Reads the header line `key VALUE` in its place.
fn header<'a>(lines: &[&'a str], key: &'static str) -> Result<&'a str, WeightsError> {
    lines
        .get(header_line(key))
        .and_then(|l| l.strip_prefix(key))
        .and_then(|rest| rest.strip_prefix(' '))
        .ok_or(WeightsError::Missing(key))
}

/// Reads the header line `key NUMBER` in its place.
fn number<T: FromStr>(lines: &[&str], key: &'static str) -> Result<T, WeightsError> {
    header(lines, key)?
        .trim()
        .parse()
        .map_err(|_| WeightsError::Line {
            line: header_line(key) + 1,
            expected: format!("`{key}` and a number"),
        })
}

impl FromStr for Weights {
    type Err = WeightsError;

    fn from_str(text: &str) -> Result<Self, WeightsError> {
        let first = text.lines().next().unwrap_or("");
        let format: u32 = first
            .strip_prefix("mancala-weights ")
            .and_then(|v| v.trim().parse().ok())
            .ok_or(WeightsError::NotWeights)?;
        if format != WEIGHTS_FORMAT {
            return Err(WeightsError::Format(format));
        }
        let body = text.trim_end_matches('\n');
        let cut = body.rfind('\n').ok_or(WeightsError::NoChecksum)?;
        let stated = body[cut + 1..]
            .strip_prefix("checksum ")
            .and_then(|h| u64::from_str_radix(h.trim(), 16).ok())
            .ok_or(WeightsError::NoChecksum)?;
        let actual = fnv1a(&body.as_bytes()[..=cut]);
        if stated != actual {
            return Err(WeightsError::Checksum { stated, actual });
        }
        let lines: Vec<&str> = body[..cut].lines().collect();
        let features: u32 = number(&lines, "features")?;
        if features != FEATURE_SET {
            return Err(WeightsError::FeatureSet(features));
        }
        let slug = header(&lines, "game")?.trim();
        let game = slug
            .parse::<Variant>()
            .map_err(|_| WeightsError::UnknownGame(slug.to_owned()))?
            .game();
        if !is_learnable(game) {
            return Err(WeightsError::Unsupported(game));
        }
        header(&lines, "command")?;
        let config = TrainConfig {
            seed: number(&lines, "seed")?,
            alpha: number(&lines, "alpha")?,
            lambda: number(&lines, "lambda")?,
            epsilon: number(&lines, "epsilon")?,
            depth: number(&lines, "depth")?,
            opening: number(&lines, "opening")?,
            hidden: number(&lines, "hidden")?,
        };
        check_hidden(config.hidden)?;
        let games = number(&lines, "games")?;
        let count: usize = number(&lines, "count")?;
        let names = names(game, config.hidden as usize);
        let found = lines.len().saturating_sub(HEADER.len());
        if count != names.len() || found != count {
            return Err(WeightsError::Count {
                expected: names.len(),
                found: if count == names.len() { found } else { count },
            });
        }
        let mut values = Vec::with_capacity(count);
        for (k, name) in names.iter().enumerate() {
            let i = HEADER.len() + k;
            let value = lines[i]
                .strip_prefix("w ")
                .and_then(|r| r.strip_prefix(name.as_str()))
                .and_then(|r| r.strip_prefix(' '))
                .and_then(|v| v.trim().parse::<f32>().ok())
                .filter(|v| v.is_finite())
                .ok_or_else(|| WeightsError::Line {
                    line: i + 1,
                    expected: format!("`w {name}` and a finite number"),
                })?;
            values.push(value);
        }
        Ok(Self {
            game,
            config,
            games,
            values,
        })
    }
}

/// The weights kept in the repository (crates/engine/weights), each made by the command in its
/// header.
const EMBEDDED: &[&str] = &[
    include_str!("../weights/bao-la-kiswahili.txt"),
    include_str!("../weights/bao-la-kujifunza.txt"),
    include_str!("../weights/bao-la-kete.txt"),
    include_str!("../weights/hawalis.txt"),
    include_str!("../weights/hawalis-4x8.txt"),
    include_str!("../weights/hus.txt"),
    include_str!("../weights/hus-4x12.txt"),
    include_str!("../weights/hus-4x16.txt"),
    include_str!("../weights/omweso.txt"),
];

static MODELS: OnceLock<Vec<Weights>> = OnceLock::new();

/// Uses `weights` for the learned evaluation of their games in this process, in place of the
/// embedded ones. Must come before the first learned evaluation.
///
/// # Errors
/// Returns the weights (with the embedded ones) when the learned evaluation is already in use.
pub fn install_weights(weights: Vec<Weights>) -> Result<(), Vec<Weights>> {
    let mut all = weights;
    for w in embedded() {
        if all.iter().all(|x| x.game != w.game) {
            all.push(w);
        }
    }
    MODELS.set(all)
}

fn embedded() -> Vec<Weights> {
    EMBEDDED.iter().filter_map(|t| t.parse().ok()).collect()
}

fn models() -> &'static [Weights] {
    MODELS.get_or_init(embedded)
}

/// The weights the learned evaluation uses for `game`, if it has any.
#[must_use]
pub fn learned_weights(game: Game) -> Option<&'static Weights> {
    models().iter().find(|w| w.game == game)
}

/// The learned evaluation: the weights of the position's game ([`learned_weights`]), or
/// [`crate::evaluate`] for a game without them.
#[must_use]
pub fn evaluate_learned(pos: &Position) -> Score {
    match learned_weights(pos.variant().game()) {
        Some(w) => w.score(pos),
        None => evaluate(pos),
    }
}

/// The features of `pos` that the learned evaluation weighs, by name (the bias first, then the
/// side to move's less the opponent's, then in the relay games those of the side to move's
/// moves), for the block that applies; `None` for a game without them.
#[must_use]
pub fn learned_features(pos: &Position) -> Option<Vec<(String, f32)>> {
    let game = pos.variant().game();
    if !is_learnable(game) {
        return None;
    }
    let mut x = [0.0f32; MAX_FEATURES];
    let phase = features(pos, &mut x);
    let names = names(game, 0);
    let block = block_len(game);
    Some(
        names[phase * block..][..block]
            .iter()
            .zip(x)
            .map(|(n, v)| {
                (
                    n.split_once('.')
                        .filter(|_| phases(game) == 2)
                        .map_or(n.as_str(), |(_, rest)| rest)
                        .to_owned(),
                    v,
                )
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use mancala::{Row, SeedTotal, Setup};

    use super::*;

    fn hus(diagram: &str) -> Position {
        let setup: Setup = diagram.parse().expect("a diagram");
        Position::from_setup(Variant::new(Game::Hus), &setup, SeedTotal::AllowPartial)
            .expect("a position")
    }

    fn feature(pos: &Position, name: &str) -> f32 {
        learned_features(pos)
            .expect("features")
            .into_iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no feature {name}"))
            .1
    }

    #[test]
    fn features_of_a_known_position() {
        // South: A1 1 seed, B1 2. North: a8 3 seeds facing A1, b8 2 behind it.
        let pos = hus("2,0,0,0,0,0,0,0/3,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0 S");
        let close = |name: &str, want: f32| {
            let got = feature(&pos, name);
            assert!((got - want).abs() < 1e-6, "{name}: {got}, not {want}");
        };
        close("bias", 1.0);
        close("board", 0.3 - 0.5);
        close("front", 0.1 - 0.3);
        close("front-pits", 0.0);
        close("lone-front", 0.0);
        close("movable", 1.0 / 8.0 - 2.0 / 8.0);
        close("singles", 1.0 / 8.0);
        // South threatens a8 + b8 = 5 seeds; North threatens A1 + B1 = 3.
        close("threat", 0.5 - 0.3);
        close("threat-sum", 0.5 - 0.3);
        // Kichwa: the front row's end pits (South's A1; North's a8).
        close("kichwa", 0.1 - 0.3);
        close("seeds.A1", 0.1 - 0.0);
        close("seeds.B1", 0.2);
        close("seeds.A8", -0.3);
        close("occupied.A8", -1.0);
        close("movable.B8", -1.0);
        close("nyumba", 0.0);
        // South's one move (B1) ends in an empty pit and takes nothing.
        close("best-take", 0.0);
        close("takes", 0.0);
        close("moves", 1.0 / 8.0);
        // The same position with North to move: every difference changes sign (the move
        // features are the mover's own).
        let north = hus("2,0,0,0,0,0,0,0/3,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0/2,0,0,0,0,0,0,0 N");
        for ((n, a), (_, b)) in learned_features(&pos)
            .expect("features")
            .into_iter()
            .zip(learned_features(&north).expect("features"))
            .skip(1)
            .filter(|((n, _), _)| !MOVES.contains(&n.as_str()))
        {
            assert!((a + b).abs() < 1e-6, "{n}: {a} and {b}");
        }
        assert!(learned_features(&Position::new(Variant::new(Game::Kalah))).is_none());
    }

    /// The features read pit by pit with [`Position::seeds`], as the first version did: the
    /// reference for the ring reading.
    fn reference_features(pos: &Position, s: Side) -> Vec<f32> {
        let v = pos.variant();
        let (w, wu, o) = (v.width(), v.width() as u8, s.other());
        let seeds = |side: Side, row: Row, c: u8| {
            Pit::new(side, row, c).map_or(0, |p| u32::from(pos.seeds(p)))
        };
        let ring: Vec<u8> = (0..2 * w)
            .map(|r| pos.seeds(Pit::from_ring(s, r, w)))
            .collect();
        let count = |f: &dyn Fn(u8) -> bool| ring.iter().filter(|&&n| f(n)).count() as f32;
        let front_pits = (1..=wu).filter(|&c| seeds(s, Row::Front, c) > 0).count() as f32;
        let (mut threat, mut sum) = (0, 0);
        for c in 1..=wu {
            let facing = seeds(o, Row::Front, wu + 1 - c);
            let behind = seeds(o, Row::Back, wu + 1 - c);
            if seeds(s, Row::Front, c) == 0 || facing == 0 {
                continue;
            }
            let t = match take(v.game()) {
                Take::Front => facing,
                Take::BothOccupied if behind == 0 => 0,
                _ => facing + behind,
            };
            sum += t;
            threat = threat.max(t);
        }
        let nyumba = pos
            .nyumba_pit(s)
            .filter(|_| pos.owns_nyumba(s))
            .map(|p| pos.seeds(p));
        let mut out = vec![
            pos.side_seeds(s) as f32 / 10.0,
            f32::from(pos.hand(s).unwrap_or(0)) / 10.0,
            pos.front_seeds(s) as f32 / 10.0,
            front_pits / 8.0,
            f32::from(u8::from(front_pits <= 1.0)),
            count(&|n| n >= 2) / 8.0,
            count(&|n| n == 1) / 8.0,
            count(&|n| n == 0) / 8.0,
            count(&|n| n >= 10),
            f32::from(u8::from(nyumba.is_some())),
            f32::from(u8::from(nyumba.is_some_and(|n| n >= 6))),
            f32::from(nyumba.unwrap_or(0)) / 10.0,
            threat as f32 / 10.0,
            sum as f32 / 10.0,
            (seeds(s, Row::Front, 1) + seeds(s, Row::Front, wu)) as f32 / 10.0,
            (seeds(s, Row::Front, 2) + seeds(s, Row::Front, wu - 1)) as f32 / 10.0,
        ];
        out.extend(ring.iter().map(|&n| f32::from(n.min(20)) / 10.0));
        out.extend(ring.iter().map(|&n| f32::from(u8::from(n > 0))));
        out.extend(ring.iter().map(|&n| f32::from(u8::from(n >= 2))));
        out
    }

    #[test]
    fn ring_features_are_the_pit_by_pit_ones() {
        let mut rng = Rng::new(3);
        for game in Game::ALL.into_iter().filter(|&g| is_learnable(g)) {
            let mut pos = Position::new(Variant::new(game));
            let mut checked = 0;
            while checked < 300 {
                if pos.is_game_over() || pos.play_random(|n| rng.below(n)).is_none() {
                    pos = Position::new(Variant::new(game));
                    continue;
                }
                for s in [Side::South, Side::North] {
                    let mut fast = [0.0f32; MAX_SIDE];
                    side_features(&pos, s, &mut fast);
                    let want = reference_features(&pos, s);
                    assert_eq!(&fast[..want.len()], &want[..], "{game:?} {}", pos.diagram());
                }
                checked += 1;
            }
        }
    }

    #[test]
    fn bao_has_a_namua_and_a_mtaji_block() {
        let start = Position::new(Variant::BAO_LA_KISWAHILI);
        assert_eq!(phase(&start), 0);
        let f = learned_features(&start).expect("features");
        // The start is symmetric: every difference is zero.
        assert!(f.iter().skip(1).all(|(_, v)| *v == 0.0), "{f:?}");
        let w = Weights::initial(Game::BaoLaKiswahili, TrainConfig::default()).expect("weights");
        assert_eq!(w.values().len(), 2 * f.len());
        assert_eq!(
            names(Game::BaoLaKiswahili, 0)[f.len()],
            "mtaji.bias",
            "the second block"
        );
        // The starting weights value material as evaluate does, near 100 a seed.
        let pos = hus("0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,1/2,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 S");
        let w = Weights::initial(Game::Hus, TrainConfig::default()).expect("weights");
        assert_eq!(w.score(&pos), 100 + 40);
    }

    fn resign(text: &str) -> String {
        let body = &text[..text.rfind("checksum ").expect("a checksum")];
        format!("{body}checksum {:016x}\n", fnv1a(body.as_bytes()))
    }

    #[test]
    fn weights_round_trip_and_refuse_damage() {
        let cfg = TrainConfig {
            depth: 1,
            ..TrainConfig::default()
        };
        let mut w = Weights::initial(Game::Hus, cfg).expect("weights");
        w.train_game();
        let text = w.to_text();
        let back: Weights = text.parse().expect("reads back");
        assert_eq!(back, w);
        assert!(
            text.contains("\ncommand mancala train hus --seed 1 --games 1 "),
            "{text}"
        );
        assert!(text.len() < 10_000);

        let err = |t: &str| t.parse::<Weights>().expect_err("refused");
        // One weight changed without the checksum: damaged.
        let damaged = text.replacen("w board ", "w board 1", 1);
        assert!(matches!(err(&damaged), WeightsError::Checksum { .. }));
        assert!(err(&damaged).to_string().contains("damaged"));
        assert_eq!(err("hello\n"), WeightsError::NotWeights);
        assert_eq!(err(""), WeightsError::NotWeights);
        let unsigned = &text[..text.rfind("checksum ").expect("checksum")];
        assert_eq!(err(unsigned), WeightsError::NoChecksum);
        assert_eq!(
            err(&resign(&text.replacen(
                &format!("mancala-weights {WEIGHTS_FORMAT}"),
                "mancala-weights 9",
                1
            ))),
            WeightsError::Format(9)
        );
        assert_eq!(
            err(&resign(&text.replacen(
                &format!("features {FEATURE_SET}"),
                "features 7",
                1
            ))),
            WeightsError::FeatureSet(7)
        );
        assert_eq!(
            err(&resign(&text.replacen("game hus", "game chess", 1))),
            WeightsError::UnknownGame("chess".to_owned())
        );
        assert_eq!(
            err(&resign(&text.replacen("game hus", "game kalah", 1))),
            WeightsError::Unsupported(Game::Kalah)
        );
        let short = text.replacen("w bias ", "x bias ", 1);
        let short: String = short
            .lines()
            .filter(|l| !l.starts_with("x "))
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(matches!(
            err(&resign(&short)),
            WeightsError::Count { found, expected } if found + 1 == expected
        ));
        let nan = resign(&text.replacen("w board ", "w board NaN", 1));
        let e = err(&nan);
        assert!(matches!(e, WeightsError::Line { .. }), "{e}");
        assert!(
            e.to_string().contains("`w board` and a finite number"),
            "{e}"
        );
        let no_alpha = resign(&text.replacen("\nalpha ", "\nalfa ", 1));
        assert_eq!(err(&no_alpha), WeightsError::Missing("alpha"));
    }

    #[test]
    fn training_is_reproducible_in_chunks() {
        let cfg = TrainConfig {
            depth: 1,
            seed: 7,
            ..TrainConfig::default()
        };
        let start = Weights::initial(Game::Hus, cfg).expect("weights");
        let mut one = start.clone();
        for _ in 0..4 {
            one.train_game();
        }
        let mut two = start.clone();
        for _ in 0..2 {
            two.train_game();
        }
        let mut two: Weights = two.to_text().parse().expect("a checkpoint");
        for _ in 0..2 {
            two.train_game();
        }
        assert_eq!(one.games(), 4);
        assert_eq!(one.to_text(), two.to_text());
        assert_ne!(one.values(), start.values(), "the games taught something");
        let mut other = Weights::initial(Game::Hus, TrainConfig { seed: 8, ..cfg }).expect("w");
        for _ in 0..4 {
            other.train_game();
        }
        assert_ne!(other.values(), one.values());
    }

    #[test]
    fn move_features_play_the_moves() {
        // South's one move, A3, lands in the occupied A1 facing a8 (3) with b8 (4) behind: it
        // takes 7 seeds (and sows them on with A1's own).
        let pos = hus("4,0,0,0,0,0,0,2/3,0,0,0,0,0,0,0/1,0,2,0,0,0,0,0/0,0,0,0,0,0,0,0 S");
        let f: Vec<(String, f32)> = learned_features(&pos).expect("features");
        let get = |name: &str| f.iter().find(|(n, _)| n == name).expect(name).1;
        assert!(
            (get("best-take") - 0.7).abs() < 1e-6,
            "{}",
            get("best-take")
        );
        assert!((get("takes") - 1.0 / 8.0).abs() < 1e-6);
        assert!((get("moves") - 1.0 / 8.0).abs() < 1e-6);
        // Over random positions of each relay game, as the legal moves played one by one say.
        for game in [Game::Hus, Game::Omweso, Game::Hawalis] {
            assert!(reads_moves(game));
            let mut rng = Rng::new(5);
            for _ in 0..40 {
                let mut pos = Position::new(Variant::new(game));
                for _ in 0..rng.below(30) {
                    if pos.play_random(|n| rng.below(n)).is_none() {
                        break;
                    }
                }
                let them = pos.turn().other();
                let moves = pos.legal_moves();
                let taken: Vec<u32> = moves
                    .iter()
                    .map(|&m| {
                        let next = pos.play(m).expect("legal");
                        pos.side_seeds(them) - next.side_seeds(them)
                    })
                    .collect();
                let best = taken.iter().copied().max().unwrap_or(0);
                let takes = taken.iter().filter(|&&t| t > 0).count();
                let read = move_features(&pos);
                assert_eq!(
                    read,
                    [
                        best as f32 / 10.0,
                        takes as f32 / 8.0,
                        moves.len() as f32 / 8.0
                    ],
                    "{}",
                    pos.diagram()
                );
                // In the feature vector, under their names, at the end of the block.
                let named = learned_features(&pos).expect("features");
                assert_eq!(named.len(), block_len(game));
                let tail: Vec<(String, f32)> = MOVES
                    .iter()
                    .zip(read)
                    .map(|(n, v)| ((*n).to_owned(), v))
                    .collect();
                assert_eq!(named[named.len() - MOVES.len()..], tail[..]);
            }
        }
        assert!(!reads_moves(Game::BaoLaKiswahili));
    }

    #[test]
    fn hidden_units_start_linear_train_and_read_back() {
        let cfg = TrainConfig {
            depth: 1,
            hidden: 4,
            ..TrainConfig::default()
        };
        let linear = Weights::initial(Game::Omweso, TrainConfig { hidden: 0, ..cfg }).expect("w");
        let mut w = Weights::initial(Game::Omweso, cfg).expect("weights");
        let n = block_len(Game::Omweso);
        assert_eq!(w.values().len(), n + 4 * n + 4);
        assert_eq!(names(Game::Omweso, 4).len(), w.values().len());
        assert!(names(Game::Omweso, 4).contains(&"h.best-take.3".to_owned()));
        let mut rng = Rng::new(3);
        let mut positions = Vec::new();
        let mut pos = Position::new(Variant::new(Game::Omweso));
        for _ in 0..12 {
            positions.push(pos);
            if pos.play_random(|k| rng.below(k)).is_none() {
                break;
            }
        }
        // The outputs start at zero: the model is the linear one.
        for p in &positions {
            assert!((w.logit(p) - linear.logit(p)).abs() < 1e-6);
        }
        // The gradient is the change of the value weight by weight (away from the kinks).
        w.values[n + 4 * n..].copy_from_slice(&[0.5, -0.25, 0.75, 1.0]);
        for p in &positions {
            let mut x = [0.0f32; MAX_FEATURES];
            let phase = features(p, &mut x);
            let (_, sums) = w.value_and_sums(phase, &x);
            let g = w.gradient(phase, &x, &sums, 1.0);
            let near_kink = |i: usize| {
                (n..n + 4 * n).contains(&i) && sums[(i - n) % 4].abs() < 0.1 * x[(i - n) / 4].abs()
            };
            for i in (0..g.len()).step_by(7).filter(|&i| !near_kink(i)) {
                let mut up = w.clone();
                up.values[i] += 0.01;
                let mut down = w.clone();
                down.values[i] -= 0.01;
                let numeric = (up.value(phase, &x) - down.value(phase, &x)) / 0.02;
                assert!(
                    (numeric - g[i]).abs() < 2e-3,
                    "weight {i}: {numeric} and {}",
                    g[i]
                );
            }
        }
        for _ in 0..2 {
            w.train_game();
        }
        let text = w.to_text();
        assert!(
            text.contains("\nhidden 4\n") && text.contains(" --hidden 4\n"),
            "{text}"
        );
        assert_eq!(text.parse::<Weights>().expect("reads back"), w);
        let too_many = resign(&text.replacen("\nhidden 4\n", "\nhidden 99\n", 1));
        assert_eq!(too_many.parse::<Weights>(), Err(WeightsError::Hidden(99)));
        let other_count = resign(&text.replacen("\nhidden 4\n", "\nhidden 3\n", 1));
        assert!(matches!(
            other_count.parse::<Weights>(),
            Err(WeightsError::Count { .. })
        ));
        let no_hidden = resign(&text.replacen("\nhidden 4\n", "\nhiden 4\n", 1));
        assert_eq!(
            no_hidden.parse::<Weights>(),
            Err(WeightsError::Missing("hidden"))
        );
        let over = TrainConfig {
            hidden: MAX_HIDDEN + 1,
            ..cfg
        };
        assert_eq!(
            Weights::initial(Game::Hus, over),
            Err(WeightsError::Hidden(MAX_HIDDEN + 1))
        );
        assert!(
            Weights::initial(
                Game::Hus,
                TrainConfig {
                    hidden: MAX_HIDDEN,
                    ..cfg
                }
            )
            .is_ok()
        );
        // A game with two blocks: each has its hidden units, and reads back.
        let bao_cfg = TrainConfig { hidden: 2, ..cfg };
        let mut bao = Weights::initial(Game::BaoLaKiswahili, bao_cfg).expect("weights");
        let nb = block_len(Game::BaoLaKiswahili);
        assert_eq!(bao.values().len(), 2 * (nb + 2 * nb + 2));
        let bao_names = names(Game::BaoLaKiswahili, 2);
        assert_eq!(bao_names.len(), bao.values().len());
        assert!(bao_names.contains(&"mtaji.h.board.1".to_owned()));
        assert!(bao_names.contains(&"namua.out.0".to_owned()));
        bao.train_game();
        assert_eq!(bao.to_text().parse::<Weights>().expect("reads back"), bao);
    }

    #[test]
    fn the_embedded_weights_read() {
        for text in EMBEDDED {
            let w: Weights = text.parse().expect("embedded weights");
            assert!(w.games() > 0, "{}", w.game().slug());
            assert!(text.len() < 100_000);
        }
        assert_eq!(embedded().len(), EMBEDDED.len());
        // Every game the learned evaluation can read has weights, and only those.
        for game in Game::ALL {
            assert_eq!(
                learned_weights(game).is_some(),
                is_learnable(game),
                "{}",
                game.slug()
            );
        }
    }

    #[test]
    fn without_weights_the_learned_evaluation_is_evaluate() {
        let kalah = Position::new(Variant::new(Game::Kalah));
        assert_eq!(evaluate_learned(&kalah), evaluate(&kalah));
        assert!(Weights::initial(Game::Kalah, TrainConfig::default()).is_err());
    }
}
