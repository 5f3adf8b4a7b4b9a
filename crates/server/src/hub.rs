//! The game service: live games in memory, every change stored first, then broadcast
//! (docs/protocol.md §3.3).

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use mancala::record::GameRecord;
use mancala::{Move, Notation, Position, Side, Variant};
use mancala_engine::Limits;
use serde_json::{Value, json};
use tokio::sync::{Mutex, Semaphore, broadcast};

use crate::ids::{self, GAME_ID_LEN, SECRET_LEN, now};
use crate::json;
use crate::store::{Mode, Seat, SeatKind, Store, StoreError, StoredGame};

/// The protocol version of docs/protocol.md.
pub const PROTOCOL: u32 = 1;

/// A refused request: a protocol error code (docs/protocol.md §3.4) and a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameError {
    /// The code.
    pub code: &'static str,
    /// For people.
    pub message: String,
}

impl GameError {
    pub(crate) fn new(code: &'static str, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    fn store(e: &StoreError) -> Self {
        tracing::error!(error = %e, "store failed");
        Self::new("store", "the game could not be saved; try again")
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for GameError {}

/// What a connection or request may do in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Watch only.
    Spectator,
    /// Play one side.
    Player(Side),
    /// Play both sides (pass-and-play).
    Both,
}

impl Role {
    /// Whether this role moves for `side`.
    #[must_use]
    pub const fn plays(self, side: Side) -> bool {
        match self {
            Self::Spectator => false,
            Self::Player(s) => matches!(
                (s, side),
                (Side::South, Side::South) | (Side::North, Side::North)
            ),
            Self::Both => true,
        }
    }

    /// The side this role acts for, `both` standing for the pass-and-play holder; a
    /// spectator is refused, with `what` saying what it tried.
    fn side(self, both: Side, what: &str) -> Result<Side, GameError> {
        match self {
            Self::Spectator => Err(GameError::new(
                "not_player",
                format!("spectators cannot {what}"),
            )),
            Self::Player(s) => Ok(s),
            Self::Both => Ok(both),
        }
    }

    /// `you` of the protocol.
    #[must_use]
    pub fn you(self) -> Value {
        match self {
            Self::Spectator => Value::Null,
            Self::Player(s) => json!(json::side(s)),
            Self::Both => json!("both"),
        }
    }
}

/// What the creator of a game asks for.
#[derive(Clone, Copy, Debug)]
pub struct NewGame {
    /// The variant with its rule options.
    pub variant: Variant,
    /// Friend, computer or pass-and-play.
    pub mode: Mode,
    /// The computer's level (1..8), for `Mode::Computer`.
    pub level: u8,
    /// The creator's side; `None` draws it at random.
    pub side: Option<Side>,
}

/// A game just created: what its creator needs to know.
#[derive(Clone, Debug)]
pub struct Created {
    /// The game id.
    pub id: String,
    /// The creator's side (`None` in pass-and-play, where the creator has both).
    pub side: Option<Side>,
    /// The creator's seat secret.
    pub secret: String,
    /// The invitation token of a friend game.
    pub invite: Option<String>,
}

/// What a broadcast carries to every connection of a game.
#[derive(Clone, Debug)]
pub enum Broadcast {
    /// The same message for everyone.
    Message(Arc<str>),
    /// Each connection sends its own full `state`.
    Resync,
}

#[derive(Clone, Copy, Debug, Default)]
struct Offers {
    takeback: Option<Side>,
    rematch: Option<Side>,
}

/// A game in memory.
#[derive(Debug)]
pub struct Live {
    variant: Variant,
    mode: Mode,
    seats: [Seat; 2],
    invite: Option<String>,
    epoch: u32,
    record: GameRecord,
    rematch: Option<String>,
    offers: Offers,
    connected: [u32; 2],
    /// The stop flag of the computer's running search.
    thinking: Option<Arc<AtomicBool>>,
    /// A store failure that stopped the computer from moving (it tries again on the next
    /// connection).
    computer_stalled: bool,
}

/// One live game: its state behind a lock, and its broadcast channel.
#[derive(Debug)]
pub struct GameHandle {
    id: String,
    live: Mutex<Live>,
    tx: broadcast::Sender<Broadcast>,
}

/// A game held in memory for as long as this lives: when the last holder lets go, the game
/// leaves memory ([`Hub::release`]).
#[derive(Debug)]
pub struct Held {
    hub: Arc<Hub>,
    handle: Option<Arc<GameHandle>>,
}

impl std::ops::Deref for Held {
    type Target = Arc<GameHandle>;

    fn deref(&self) -> &Arc<GameHandle> {
        // Only `drop` takes the handle out.
        self.handle
            .as_ref()
            .unwrap_or_else(|| unreachable!("a held game is held"))
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        if let Some(h) = self.handle.take() {
            self.hub.release(&h);
        }
    }
}

/// Every live game, the store and the engine's permits.
#[derive(Debug)]
pub struct Hub {
    store: Arc<dyn Store>,
    games: std::sync::Mutex<HashMap<String, Arc<GameHandle>>>,
    engine: Arc<Semaphore>,
}

fn random_side() -> Side {
    let mut b = [0u8; 1];
    if getrandom::fill(&mut b).is_ok() && b[0] & 1 == 1 {
        Side::North
    } else {
        Side::South
    }
}

fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    // A failed generator only makes the computer's choices less varied.
    let _ = getrandom::fill(&mut b);
    u64::from_le_bytes(b)
}

fn random(n: usize) -> Result<String, GameError> {
    ids::random_base62(n).map_err(|e| {
        tracing::error!(error = %e, "random generator failed");
        GameError::new("internal", "no randomness available")
    })
}

impl Live {
    fn from_stored(g: &StoredGame) -> Result<Self, String> {
        let variant: Variant = g
            .variant
            .parse::<Variant>()
            .and_then(|v| v.with_rules(&g.rules))
            .map_err(|e| format!("stored variant: {e}"))?;
        let mut record = GameRecord::new(Position::new(variant));
        for (i, text) in g.moves.iter().enumerate() {
            record
                .play_text(Notation::Canonical, text)
                .map_err(|e| format!("stored move {}: {e}", i + 1))?;
        }
        if let Some(side) = g.resigned {
            record.resign(side);
        }
        Ok(Self {
            variant,
            mode: g.mode,
            seats: g.seats.clone(),
            invite: g.invite.clone(),
            epoch: g.epoch,
            record,
            rematch: g.rematch.clone(),
            offers: Offers::default(),
            connected: [0, 0],
            thinking: None,
            computer_stalled: false,
        })
    }

    fn position(&self) -> &Position {
        self.record.position()
    }

    /// The current position.
    #[must_use]
    pub fn position_clone(&self) -> Position {
        *self.record.position()
    }

    fn ply(&self) -> u32 {
        u32::try_from(self.record.moves().len()).unwrap_or(u32::MAX)
    }

    /// The role of a seat secret (or none) in this game.
    #[must_use]
    pub fn role(&self, secret: Option<&str>) -> Role {
        let Some(secret) = secret.filter(|s| ids::is_secret(s)) else {
            return Role::Spectator;
        };
        let hash = ids::hash_secret(secret);
        let holds = |i: usize| self.seats[i].secret_hash.as_deref() == Some(hash.as_str());
        match (holds(0), holds(1)) {
            (true, true) => Role::Both,
            (true, false) => Role::Player(Side::South),
            (false, true) => Role::Player(Side::North),
            (false, false) => Role::Spectator,
        }
    }

    fn computer_level(&self, side: Side) -> Option<u8> {
        match self.seats[side.index()].kind {
            SeatKind::Computer(l) => Some(l),
            SeatKind::Human => None,
        }
    }

    fn moves_json(&self) -> Vec<Value> {
        let positions = self.record.positions();
        self.record
            .moves()
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let before = &positions[i];
                json!({
                    "ply": i + 1,
                    "side": json::side(before.turn()),
                    "move": before.move_text(m).unwrap_or_else(|_| m.to_string()),
                })
            })
            .collect()
    }

    fn legal(&self) -> Vec<String> {
        if self.record.outcome().is_some() {
            Vec::new()
        } else {
            json::legal(self.position())
        }
    }

    /// The `game` object (protocol §4.1) as `role` sees it.
    #[must_use]
    pub fn game_json(&self, id: &str, role: Role, lang: &str) -> Value {
        let seat = |side: Side| {
            let s = &self.seats[side.index()];
            match s.kind {
                SeatKind::Human => json!({
                    "kind": "human",
                    "joined": s.joined,
                    "connected": self.connected[side.index()] > 0,
                }),
                SeatKind::Computer(level) => json!({
                    "kind": "computer", "level": level, "joined": true, "connected": true,
                }),
            }
        };
        let invite_url = match (role, &self.invite) {
            (Role::Player(_) | Role::Both, Some(token)) => {
                json!(format!("/{lang}/join/{id}/{token}"))
            }
            _ => Value::Null,
        };
        json!({
            "id": id,
            "variant": self.variant.game().slug(),
            "name": self.variant.game().name(),
            "rules": GameRecord::rules_tag(self.variant),
            "options": self.variant.options().map(mancala::RuleOption::name).collect::<Vec<_>>(),
            "width": self.variant.width(),
            "rows": self.variant.rows(),
            "mode": self.mode.name(),
            "seats": { "south": seat(Side::South), "north": seat(Side::North) },
            "invite_url": invite_url,
            "epoch": self.epoch,
            "ply": self.ply(),
            "start": self.record.start().diagram(),
            "moves": self.moves_json(),
            "position": json::position(self.position()),
            "legal": self.legal(),
            "outcome": json::outcome(self.record.outcome()),
            "offers": self.offers_json(),
            "rematch": self.rematch,
            "thinking": self.thinking.is_some(),
        })
    }

    fn offers_json(&self) -> Value {
        json!({
            "takeback": self.offers.takeback.map(json::side),
            "rematch": self.offers.rematch.map(json::side),
        })
    }

    /// The `state` message for `role`.
    #[must_use]
    pub fn state_message(&self, id: &str, role: Role, lang: &str) -> String {
        json!({
            "type": "state",
            "protocol": PROTOCOL,
            "you": role.you(),
            "game": self.game_json(id, role, lang),
        })
        .to_string()
    }

    /// The `move` event of ply `ply` (1-based), rebuilt from the record.
    fn move_message(&self, ply: u32) -> Option<String> {
        let i = usize::try_from(ply).ok()?.checked_sub(1)?;
        let m = *self.record.moves().get(i)?;
        let before = self.record.positions().get(i)?;
        let trace = before.trace(m).ok()?;
        let text = before.move_text(m).ok()?;
        let last = i + 1 == self.record.moves().len();
        let after = self.record.positions().get(i + 1)?;
        let (legal, outcome) = if last {
            (self.legal(), json::outcome(self.record.outcome()))
        } else {
            (json::legal(after), Value::Null)
        };
        Some(
            json!({
                "type": "move",
                "epoch": self.epoch,
                "ply": ply,
                "side": json::side(before.turn()),
                "move": text,
                "trace": trace.events().iter().map(json::event).collect::<Vec<_>>(),
                "text": json::describe(before.turn(), &text, trace.events()),
                "after": {
                    "position": json::position(after),
                    "legal": legal,
                    "outcome": outcome,
                },
            })
            .to_string(),
        )
    }

    fn presence_message(&self) -> String {
        let present =
            |side: Side| self.computer_level(side).is_some() || self.connected[side.index()] > 0;
        json!({
            "type": "presence",
            "south": present(Side::South),
            "north": present(Side::North),
        })
        .to_string()
    }

    fn offers_message(&self) -> String {
        let mut v = self.offers_json();
        if let Value::Object(m) = &mut v {
            m.insert("type".into(), json!("offers"));
        }
        v.to_string()
    }

    /// The messages that bring a client from `since` (epoch, ply) to now: the missing move
    /// events, or `None` when only a full state will do.
    #[must_use]
    pub fn catch_up(&self, since: Option<(u32, u32)>) -> Option<Vec<String>> {
        let (epoch, ply) = since?;
        if epoch != self.epoch || ply > self.ply() {
            return None;
        }
        let mut out = Vec::new();
        for p in ply + 1..=self.ply() {
            out.push(self.move_message(p)?);
        }
        if self.record.outcome().is_some() && self.ply() == ply {
            // A resignation after the last move the client saw is not a move event.
            return None;
        }
        out.push(self.presence_message());
        out.push(self.offers_message());
        Some(out)
    }

    /// The record as text, with the players named.
    #[must_use]
    pub fn record_text(&self, id: &str) -> String {
        let mut record = self.record.clone();
        for side in Side::ALL {
            let name = match self.seats[side.index()].kind {
                SeatKind::Human => "Anonymous".to_owned(),
                SeatKind::Computer(l) => format!("Computer level {l}"),
            };
            record.set_tag(
                if side == Side::South {
                    "South"
                } else {
                    "North"
                },
                &name,
            );
        }
        record.set_tag("Site", &format!("mancala game {id}"));
        record.to_text()
    }

    /// How many moves came before `side`'s last move, if it made one.
    fn last_move_of(&self, side: Side) -> Option<usize> {
        let made = self.record.moves().len();
        self.record.positions()[..made]
            .iter()
            .rposition(|p| p.turn() == side)
    }

    /// Records `me`'s standing offer in `slot` and announces it (once).
    fn offer(&mut self, handle: &GameHandle, slot: fn(&mut Offers) -> &mut Option<Side>, me: Side) {
        let standing = slot(&mut self.offers);
        if *standing != Some(me) {
            *standing = Some(me);
            handle.send_text(self.offers_message());
        }
    }

    /// The side to move if the game is on.
    fn to_move(&self) -> Option<Side> {
        self.record
            .outcome()
            .is_none()
            .then(|| self.position().turn())
    }

    fn stop_computer(&mut self) {
        if let Some(stop) = self.thinking.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }
}

impl GameHandle {
    /// The public id.
    #[must_use]
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The game's state, locked.
    pub async fn lock(&self) -> tokio::sync::MutexGuard<'_, Live> {
        self.live.lock().await
    }

    /// A receiver of this game's broadcasts.
    #[must_use]
    pub fn subscribe(&self) -> broadcast::Receiver<Broadcast> {
        self.tx.subscribe()
    }

    fn send(&self, b: Broadcast) {
        // No receiver is fine: nobody is watching.
        let _ = self.tx.send(b);
    }

    fn send_text(&self, text: String) {
        self.send(Broadcast::Message(text.into()));
    }
}

impl Hub {
    /// A hub over `store`, running at most `searches` computer searches at once.
    #[must_use]
    pub fn new(store: Arc<dyn Store>, searches: usize) -> Self {
        Self {
            store,
            games: std::sync::Mutex::new(HashMap::new()),
            engine: Arc::new(Semaphore::new(searches.max(1))),
        }
    }

    /// Creates a game.
    ///
    /// # Errors
    /// A computer level outside 1..8, or the store failed.
    pub async fn create(self: &Arc<Self>, req: NewGame) -> Result<Created, GameError> {
        self.create_with(req, None).await
    }

    async fn create_with(
        self: &Arc<Self>,
        req: NewGame,
        seats: Option<[Seat; 2]>,
    ) -> Result<Created, GameError> {
        if req.mode == Mode::Computer && !(1..=8).contains(&req.level) {
            return Err(GameError::new(
                "bad_message",
                format!("there is no level {}; levels go from 1 to 8", req.level),
            ));
        }
        let secret = random(SECRET_LEN)?;
        let hash = ids::hash_secret(&secret);
        let side = req.side.unwrap_or_else(random_side);
        let human = |h: Option<String>, joined: bool| Seat {
            kind: SeatKind::Human,
            secret_hash: h,
            joined,
        };
        let mut invite = None;
        let (seats, created_side) = match (seats, req.mode) {
            (Some(seats), _) => (seats, None),
            (None, Mode::Local) => (
                [human(Some(hash.clone()), true), human(Some(hash), true)],
                None,
            ),
            (None, mode) => {
                let other = if mode == Mode::Computer {
                    Seat {
                        kind: SeatKind::Computer(req.level),
                        secret_hash: None,
                        joined: true,
                    }
                } else {
                    invite = Some(random(SECRET_LEN)?);
                    human(None, false)
                };
                let mine = human(Some(hash), true);
                let seats = match side {
                    Side::South => [mine, other],
                    Side::North => [other, mine],
                };
                (seats, Some(side))
            }
        };
        // A fresh id; a collision (one in 2^47 per pair) just draws again.
        for _ in 0..4 {
            let id = random(GAME_ID_LEN)?;
            let g = StoredGame {
                id: id.clone(),
                variant: req.variant.game().slug().to_owned(),
                rules: req.variant.rules_text(),
                mode: req.mode,
                seats: seats.clone(),
                invite: invite.clone(),
                epoch: 0,
                moves: Vec::new(),
                resigned: None,
                result: None,
                rematch: None,
                created: now(),
            };
            match self.store.create_game(&g).await {
                Ok(()) => {
                    let handle = self.insert(&g)?;
                    let mut live = handle.lock().await;
                    self.start_computer(&handle, &mut live);
                    drop(live);
                    self.release(&handle);
                    return Ok(Created {
                        id,
                        side: created_side,
                        secret,
                        invite,
                    });
                }
                Err(StoreError::Conflict(_)) => {}
                Err(e) => return Err(GameError::store(&e)),
            }
        }
        Err(GameError::new("store", "no free game id"))
    }

    fn insert(&self, g: &StoredGame) -> Result<Arc<GameHandle>, GameError> {
        let live = Live::from_stored(g).map_err(|e| {
            tracing::error!(game = %g.id, error = %e, "stored game does not replay");
            GameError::new("internal", "the stored game cannot be read")
        })?;
        let (tx, _) = broadcast::channel(256);
        let handle = Arc::new(GameHandle {
            id: g.id.clone(),
            live: Mutex::new(live),
            tx,
        });
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        Ok(games.entry(g.id.clone()).or_insert(handle).clone())
    }

    /// The live game `id`, loaded from the store if needed; `None` if there is no such game.
    ///
    /// # Errors
    /// The store failed, or the stored game does not replay.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<Option<Arc<GameHandle>>, GameError> {
        if !ids::is_game_id(id) {
            return Ok(None);
        }
        {
            let games = self
                .games
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(h) = games.get(id) {
                return Ok(Some(h.clone()));
            }
        }
        let Some(g) = self
            .store
            .game(id)
            .await
            .map_err(|e| GameError::store(&e))?
        else {
            return Ok(None);
        };
        let handle = self.insert(&g)?;
        let mut live = handle.lock().await;
        self.start_computer(&handle, &mut live);
        drop(live);
        Ok(Some(handle))
    }

    /// The game `id`, held in memory until the returned value is dropped.
    ///
    /// # Errors
    /// As [`Self::get`].
    pub async fn hold(self: &Arc<Self>, id: &str) -> Result<Option<Held>, GameError> {
        Ok(self.get(id).await?.map(|h| Held {
            hub: self.clone(),
            handle: Some(h),
        }))
    }

    /// The invited seat for a visitor: its new secret, or `None` if the invitation is used
    /// (or wrong).
    ///
    /// # Errors
    /// The store failed.
    pub async fn join(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        token: &str,
    ) -> Result<Option<String>, GameError> {
        let mut live = handle.lock().await;
        if live.invite.as_deref() != Some(token) {
            return Ok(None);
        }
        let Some(side) = Side::ALL
            .into_iter()
            .find(|&s| !live.seats[s.index()].joined)
        else {
            return Ok(None);
        };
        let secret = random(SECRET_LEN)?;
        let hash = ids::hash_secret(&secret);
        match self.store.join(&handle.id, token, side, &hash).await {
            Ok(()) => {}
            Err(StoreError::Conflict(_)) => return Ok(None),
            Err(e) => return Err(GameError::store(&e)),
        }
        live.invite = None;
        let seat = &mut live.seats[side.index()];
        seat.secret_hash = Some(hash);
        seat.joined = true;
        drop(live);
        handle.send(Broadcast::Resync);
        Ok(Some(secret))
    }

    /// A player connects (`true`) or leaves (`false`): presence is announced on change.
    pub async fn presence(self: &Arc<Self>, handle: &Arc<GameHandle>, role: Role, on: bool) {
        let mut live = handle.lock().await;
        let before = live.presence_message();
        for side in Side::ALL {
            if role.plays(side) {
                let c = &mut live.connected[side.index()];
                *c = if on { *c + 1 } else { c.saturating_sub(1) };
            }
        }
        if on && live.computer_stalled {
            live.computer_stalled = false;
            self.start_computer(handle, &mut live);
        }
        let after = live.presence_message();
        if before != after {
            handle.send_text(after);
        }
    }

    /// A connection is done with `handle`: if nothing else holds the game (no connection, no
    /// request, no computer search), it leaves memory; the store has it all. Holders are
    /// counted under the map's lock, where `get` also hands them out, so a game cannot be
    /// dropped while someone is about to use it (and then loaded a second time beside it).
    pub fn release(&self, handle: &Arc<GameHandle>) {
        let mut games = self
            .games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let in_map = games
            .get(&handle.id)
            .is_some_and(|h| Arc::ptr_eq(h, handle));
        // Two holders: the map and this caller.
        if in_map && Arc::strong_count(handle) == 2 {
            games.remove(&handle.id);
        }
    }

    /// How many games are in memory.
    #[must_use]
    pub fn live_games(&self) -> usize {
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .len()
    }

    /// Plays `text` as ply `ply` for `role`. The move is stored before it is applied and
    /// broadcast; on `Ok` the caller acknowledges it.
    ///
    /// # Errors
    /// Every refusal of docs/protocol.md §3.4; nothing changes.
    pub async fn play(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        role: Role,
        ply: u32,
        text: &str,
    ) -> Result<(), GameError> {
        let mut live = handle.lock().await;
        if role == Role::Spectator {
            return Err(GameError::new("not_player", "spectators cannot move"));
        }
        let Some(turn) = live.to_move() else {
            return Err(GameError::new("game_over", "the game is over"));
        };
        if !role.plays(turn) {
            return Err(GameError::new(
                "not_your_turn",
                format!("it is {}'s turn", turn.name()),
            ));
        }
        if live.computer_level(turn).is_some() {
            return Err(GameError::new("not_your_turn", "the computer is to move"));
        }
        let next = live.ply() + 1;
        if ply != next {
            return Err(GameError::new(
                "stale_ply",
                format!("ply {ply} is not the next ply; the next ply is {next}"),
            ));
        }
        let m = live
            .position()
            .parse_move(text.trim())
            .map_err(|e| GameError::new("illegal_move", e.to_string()))?;
        self.commit(handle, &mut live, m).await
    }

    /// Stores, applies and broadcasts a legal move of the side to move.
    async fn commit(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        live: &mut Live,
        m: Move,
    ) -> Result<(), GameError> {
        let ply = live.ply() + 1;
        let text = live
            .position()
            .move_text(m)
            .map_err(|e| GameError::new("illegal_move", e.to_string()))?;
        match self
            .store
            .append_move(&handle.id, live.epoch, ply, &text)
            .await
        {
            Ok(()) => {}
            Err(StoreError::Conflict(msg)) => {
                // Another writer (another instance, or an older copy of this game) got there
                // first: the database is right, so reload it and resync everyone.
                tracing::warn!(game = %handle.id, %msg, "move conflict; reloading");
                self.reload(handle, live).await;
                return Err(GameError::new(
                    "stale_ply",
                    format!("ply {ply} was taken by another move"),
                ));
            }
            Err(e) => return Err(GameError::store(&e)),
        }
        if let Err(e) = live.record.play(m) {
            // Checked before storing; cannot happen.
            tracing::error!(game = %handle.id, error = %e, "stored move does not apply");
            return Err(GameError::new("internal", "the move could not be applied"));
        }
        live.offers = Offers::default();
        if let Some(msg) = live.move_message(ply) {
            handle.send_text(msg);
        }
        if let Some(outcome) = live.record.outcome()
            && let Err(e) = self
                .store
                .finish(&handle.id, outcome.result_token(), None)
                .await
        {
            // The moves are stored, so the result can always be recomputed.
            tracing::warn!(game = %handle.id, error = %e, "result not stored");
        }
        self.start_computer(handle, live);
        Ok(())
    }

    /// Replaces the live state by the stored one and resyncs every connection.
    async fn reload(self: &Arc<Self>, handle: &Arc<GameHandle>, live: &mut Live) {
        match self.store.game(&handle.id).await {
            Ok(Some(g)) => match Live::from_stored(&g) {
                Ok(mut fresh) => {
                    live.stop_computer();
                    fresh.connected = live.connected;
                    *live = fresh;
                    handle.send(Broadcast::Resync);
                    self.start_computer(handle, live);
                }
                Err(e) => tracing::error!(game = %handle.id, error = %e, "reload failed"),
            },
            Ok(None) => tracing::error!(game = %handle.id, "reload: the game is gone"),
            Err(e) => tracing::error!(game = %handle.id, error = %e, "reload failed"),
        }
    }

    /// Starts the computer's search if it is to move and not already thinking.
    fn start_computer(self: &Arc<Self>, handle: &Arc<GameHandle>, live: &mut Live) {
        let Some(turn) = live.to_move() else { return };
        let Some(level) = live.computer_level(turn) else {
            return;
        };
        if live.thinking.is_some() {
            return;
        }
        let stop = Arc::new(AtomicBool::new(false));
        live.thinking = Some(stop.clone());
        let pos = *live.position();
        let (epoch, ply) = (live.epoch, live.ply());
        // The task holds the game in memory until it has moved.
        let held = Held {
            hub: self.clone(),
            handle: Some(handle.clone()),
        };
        tokio::spawn(async move {
            let hub = held.hub.clone();
            let handle: &Arc<GameHandle> = &held;
            let permit = hub.engine.clone().acquire_owned().await;
            let flag = stop.clone();
            let best = tokio::task::spawn_blocking(move || {
                let mut player = mancala_engine::level(pos.variant().game(), level, random_seed())?;
                player.choose(&pos, &Limits::default(), &flag).best
            })
            .await
            .ok()
            .flatten();
            drop(permit);
            let mut live = handle.lock().await;
            if !live
                .thinking
                .as_ref()
                .is_some_and(|s| Arc::ptr_eq(s, &stop))
            {
                return; // Stopped: a takeback or resignation came first.
            }
            live.thinking = None;
            if live.epoch != epoch || live.ply() != ply || live.to_move() != Some(turn) {
                return;
            }
            let Some(m) = best else {
                tracing::error!(game = %handle.id, "the computer found no move");
                return;
            };
            if let Err(e) = hub.commit(handle, &mut live, m).await {
                tracing::warn!(game = %handle.id, error = %e, "computer move not stored");
                live.computer_stalled = true;
            }
        });
    }

    /// `role` resigns.
    ///
    /// # Errors
    /// A spectator, a finished game, or the store failed.
    pub async fn resign(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        role: Role,
    ) -> Result<(), GameError> {
        let mut live = handle.lock().await;
        let Some(turn) = live.to_move() else {
            return Err(GameError::new("game_over", "the game is over"));
        };
        let side = role.side(turn, "resign")?;
        let result = if side == Side::South { "0-1" } else { "1-0" };
        self.store
            .finish(&handle.id, result, Some(side))
            .await
            .map_err(|e| GameError::store(&e))?;
        live.stop_computer();
        live.record.resign(side);
        live.offers = Offers::default();
        handle.send_text(
            json!({"type": "end", "outcome": json::outcome(live.record.outcome())}).to_string(),
        );
        Ok(())
    }

    /// A takeback request or acceptance (protocol §3.1).
    ///
    /// # Errors
    /// A spectator, a finished game, nothing to take back, or the store failed.
    pub async fn takeback(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        role: Role,
    ) -> Result<(), GameError> {
        let mut live = handle.lock().await;
        // In pass-and-play (`Both`) the last move is taken back, whoever made it (below).
        let me = role.side(live.position().turn().other(), "take back")?;
        if live.record.outcome().is_some() {
            return Err(GameError::new("game_over", "the game is over"));
        }
        if live.mode == Mode::Local {
            // Pass-and-play: the last move, whoever made it.
            let Some(keep) = live.record.moves().len().checked_sub(1) else {
                return Err(GameError::new(
                    "nothing_to_take_back",
                    "there is no move to take back",
                ));
            };
            return self.undo_to(handle, &mut live, keep).await;
        }
        let accepting = live.mode == Mode::Friend && live.offers.takeback == Some(me.other());
        // Accepting takes back the offerer's last move; otherwise it is one's own.
        let undone = if accepting { me.other() } else { me };
        let Some(keep) = live.last_move_of(undone) else {
            return Err(GameError::new(
                "nothing_to_take_back",
                "there is no move of yours to take back",
            ));
        };
        if live.mode == Mode::Friend && !accepting {
            live.offer(handle, |o| &mut o.takeback, me);
            return Ok(());
        }
        self.undo_to(handle, &mut live, keep).await
    }

    /// Takes back every move after the first `keep`, in a new epoch.
    async fn undo_to(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        live: &mut Live,
        keep: usize,
    ) -> Result<(), GameError> {
        let keep_u32 = u32::try_from(keep).unwrap_or(0);
        self.store
            .take_back(&handle.id, keep_u32, live.epoch + 1)
            .await
            .map_err(|e| GameError::store(&e))?;
        live.stop_computer();
        while live.record.moves().len() > keep {
            live.record.undo();
        }
        live.epoch += 1;
        live.offers = Offers::default();
        handle.send(Broadcast::Resync);
        self.start_computer(handle, live);
        Ok(())
    }

    /// Declines the opponent's standing offer.
    ///
    /// # Errors
    /// No offer by the opponent stands.
    pub async fn decline(&self, handle: &Arc<GameHandle>, role: Role) -> Result<(), GameError> {
        let mut live = handle.lock().await;
        let by_other = |o: Option<Side>| o.is_some_and(|s| !role.plays(s));
        let mut changed = false;
        if role != Role::Spectator && by_other(live.offers.takeback) {
            live.offers.takeback = None;
            changed = true;
        }
        if role != Role::Spectator && by_other(live.offers.rematch) {
            live.offers.rematch = None;
            changed = true;
        }
        if !changed {
            return Err(GameError::new("no_offer", "there is no offer to decline"));
        }
        handle.send_text(live.offers_message());
        Ok(())
    }

    /// A rematch offer or acceptance: the new game has the same seats, sides swapped.
    ///
    /// # Errors
    /// A spectator, a game still on, or the store failed.
    pub async fn rematch(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        role: Role,
    ) -> Result<(), GameError> {
        let mut live = handle.lock().await;
        let me = role.side(Side::South, "ask for a rematch")?;
        if live.record.outcome().is_none() {
            return Err(GameError::new(
                "not_over",
                "a rematch can be asked for once the game is over",
            ));
        }
        if let Some(next) = &live.rematch {
            handle.send_text(json!({"type": "rematch", "id": next}).to_string());
            return Ok(());
        }
        let at_once = live.mode != Mode::Friend || live.offers.rematch == Some(me.other());
        if !at_once {
            live.offer(handle, |o| &mut o.rematch, me);
            return Ok(());
        }
        let seats = [live.seats[1].clone(), live.seats[0].clone()];
        let req = NewGame {
            variant: live.variant,
            mode: live.mode,
            level: 1,
            side: None,
        };
        let created = self.create_with(req, Some(seats)).await?;
        self.store
            .set_rematch(&handle.id, &created.id)
            .await
            .map_err(|e| GameError::store(&e))?;
        live.rematch = Some(created.id.clone());
        live.offers = Offers::default();
        handle.send_text(json!({"type": "rematch", "id": created.id}).to_string());
        Ok(())
    }
}
