//! The game service: live games in memory, every change stored first, then broadcast
//! (docs/protocol.md §3.3). This file is the registry and the lifetime of live games; `live`
//! is one game's state and views, `commands` what players do, `computer` the computer player,
//! `moves` the rules library's move path and `remote` what other instances on the same
//! database do.

mod commands;
mod computer;
mod live;
mod moves;
mod queue;
mod remote;

#[cfg(test)]
mod dev_data;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;

use tokio::sync::{Mutex, broadcast};

use crate::ids;
use crate::protocol::{GameError, ServerMessage};
use crate::store::{Note, Store, StoreError, StoredGame};

pub(crate) use commands::NewGame;
pub(crate) use live::{Live, Role};
pub(crate) use moves::legal;
pub use queue::QueueHold;

/// What a broadcast carries to every connection of a game.
#[derive(Clone, Debug)]
pub(crate) enum Broadcast {
    /// The same message for everyone, as its text.
    Message(Arc<str>),
    /// Each connection sends its own full `state`.
    Resync,
}

/// One live game: its state behind a lock, and its broadcast channel.
#[derive(Debug)]
pub(crate) struct GameHandle {
    id: String,
    live: Mutex<Live>,
    tx: broadcast::Sender<Broadcast>,
}

impl GameHandle {
    /// The public id.
    #[must_use]
    pub(crate) fn id(&self) -> &str {
        &self.id
    }

    /// The game's state, locked.
    pub(crate) async fn lock(&self) -> tokio::sync::MutexGuard<'_, Live> {
        self.live.lock().await
    }

    /// A receiver of this game's broadcasts.
    #[must_use]
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Broadcast> {
        self.tx.subscribe()
    }

    fn send(&self, b: Broadcast) {
        // No receiver is fine: nobody is watching.
        let _ = self.tx.send(b);
    }

    /// Sends `m` to every connection of the game.
    fn announce(&self, m: &ServerMessage) {
        self.send(Broadcast::Message(m.to_text().into()));
    }
}

/// A game held in memory for as long as this lives: when the last holder lets go, the game
/// leaves memory ([`Hub::release`]).
#[derive(Debug)]
pub(crate) struct Held {
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

/// Every live game, the store and the computer's queue.
#[derive(Debug)]
pub struct Hub {
    store: Arc<dyn Store>,
    /// Whether other instances share the store (`remote`).
    shared: bool,
    games: std::sync::Mutex<HashMap<String, Arc<GameHandle>>>,
    queue: Arc<queue::Queue>,
    /// Numbers the watches on searches of other instances (`remote`).
    watches: AtomicU64,
}

impl Hub {
    /// A hub over `store`, running at most `searches` computer searches at once, with the
    /// computer's queue bounded by `limits`.
    #[must_use]
    pub(crate) fn new(store: Arc<dyn Store>, searches: usize, limits: &crate::Limits) -> Self {
        Self {
            shared: store.shared(),
            store,
            games: std::sync::Mutex::new(HashMap::new()),
            queue: Arc::new(queue::Queue::new(
                searches,
                limits.computer_queue,
                limits.computer_per_client,
            )),
            watches: AtomicU64::new(0),
        }
    }

    /// A hub as [`Hub::new`], hearing the other instances that share its store (a task on the
    /// current tokio runtime, when they may).
    #[must_use]
    pub(crate) fn start(
        store: Arc<dyn Store>,
        searches: usize,
        limits: &crate::Limits,
    ) -> Arc<Self> {
        let hub = Arc::new(Self::new(store, searches, limits));
        hub.listen();
        hub
    }

    /// Holds every computer search back (those queued wait, new ones queue) until the returned
    /// value is dropped: for tests that need to see the queue's order.
    #[doc(hidden)]
    #[must_use]
    pub fn hold_computer(&self) -> QueueHold {
        self.queue.hold()
    }

    fn games(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<GameHandle>>> {
        self.games
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Puts the stored game `g` in memory (or finds the copy already there).
    fn insert(&self, g: &StoredGame) -> Result<Arc<GameHandle>, GameError> {
        let live = Live::from_stored(g).map_err(|e| {
            GameError::internal(
                &format_args!("game {}: {e}", g.id),
                "the stored game cannot be read",
            )
        })?;
        let (tx, _) = broadcast::channel(256);
        let handle = Arc::new(GameHandle {
            id: g.id.clone(),
            live: Mutex::new(live),
            tx,
        });
        Ok(self.games().entry(g.id.clone()).or_insert(handle).clone())
    }

    /// The live game `id`, loaded from the store if needed; `None` if there is no such game.
    ///
    /// # Errors
    /// The store failed, or the stored game does not replay.
    pub(crate) async fn get(
        self: &Arc<Self>,
        id: &str,
    ) -> Result<Option<Arc<GameHandle>>, GameError> {
        if !ids::is_game_id(id) {
            return Ok(None);
        }
        if let Some(h) = self.games().get(id) {
            return Ok(Some(h.clone()));
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
        self.start_computer(&handle, &mut live, None);
        drop(live);
        if self.shared {
            // The instances holding it say how many connections they have.
            self.tell(&Note::Ask { game: g.id }).await;
        }
        Ok(Some(handle))
    }

    /// `handle`, held in memory until the returned value is dropped.
    fn hold_handle(self: &Arc<Self>, handle: Arc<GameHandle>) -> Held {
        Held {
            hub: self.clone(),
            handle: Some(handle),
        }
    }

    /// The game `id`, held in memory until the returned value is dropped.
    ///
    /// # Errors
    /// As [`Self::get`].
    pub(crate) async fn hold(self: &Arc<Self>, id: &str) -> Result<Option<Held>, GameError> {
        Ok(self.get(id).await?.map(|h| self.hold_handle(h)))
    }

    /// A connection is done with `handle`: if nothing else holds the game (no connection, no
    /// request, no computer search), it leaves memory; the store has it all. Holders are
    /// counted under the map's lock, where `get` also hands them out, so a game cannot be
    /// dropped while someone is about to use it (and then loaded a second time beside it).
    pub(crate) fn release(&self, handle: &Arc<GameHandle>) {
        let mut games = self.games();
        let in_map = games
            .get(&handle.id)
            .is_some_and(|h| Arc::ptr_eq(h, handle));
        // Two holders: the map and this caller.
        if in_map && Arc::strong_count(handle) == 2 {
            games.remove(&handle.id);
        }
    }

    /// Deletes the unstarted games created at or before `created_by` from the store
    /// ([`Store::expire_unstarted`]). A copy in memory (a page still open on it) lives on
    /// until its last holder lets go; its link then finds no game.
    ///
    /// # Errors
    /// The store failed.
    pub(crate) async fn expire_unstarted(&self, created_by: i64) -> Result<u64, StoreError> {
        self.store.expire_unstarted(created_by).await
    }

    /// The computer's queue now (for the metrics).
    pub(crate) fn queue_figures(&self) -> queue::Figures {
        self.queue.figures()
    }

    /// How many games are in memory.
    #[must_use]
    pub fn live_games(&self) -> usize {
        self.games().len()
    }
}
