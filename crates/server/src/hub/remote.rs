//! Several instances on one database (docs/operations.md, "Several instances"). Each instance
//! holds its own copy of the games its connections use; the database is the truth. What one
//! instance stores reaches the others as a note (`store::Note`): a move is played from its
//! note, anything else is read again from the database and the difference announced. Each
//! instance tells the others how many connections it holds on a game, and presence and
//! spectator counts add them up. The computer's search in a game runs where its claim is
//! (`Store::claim_search`); an instance that sees another hold it tries again every
//! [`CLAIM_RETRY`], so a dead instance's search is taken over.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::live::Offers;
use super::{Broadcast, GameHandle, Held, Hub, Live, moves};
use crate::protocol::{OutcomeView, ServerMessage};
use crate::store::{HEARTBEAT, Heard, Instance, Note, SILENCE};

/// How long an instance waits before it tries again to claim a search another instance holds.
pub(super) const CLAIM_RETRY: Duration = Duration::from_secs(2);

/// Where a change to bring in came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Source {
    /// This instance found its copy behind (a conflict, a client ahead of it): the computer,
    /// if it is to move, searches here.
    Here,
    /// Another instance stored it: the computer, if it is to move, is that instance's to
    /// search first.
    Elsewhere,
}

/// Hears the other instances until the hub or the listener is gone, and says this instance is
/// alive every [`HEARTBEAT`].
async fn run(hub: Weak<Hub>, mut heard: mpsc::Receiver<Heard>) {
    let mut seen: HashMap<Instance, Instant> = HashMap::new();
    let mut tick = tokio::time::interval(HEARTBEAT);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            h = heard.recv() => {
                let (Some(h), Some(hub)) = (h, hub.upgrade()) else { return };
                hub.hear(h, &mut seen).await;
            }
            _ = tick.tick() => {
                let Some(hub) = hub.upgrade() else { return };
                if let Err(e) = hub.store.tell(&Note::Alive).await {
                    tracing::warn!(error = %e, "cannot tell the other instances this one is alive");
                }
                let now = Instant::now();
                let silent: Vec<Instance> = seen
                    .iter()
                    .filter(|(_, at)| now.duration_since(**at) > SILENCE)
                    .map(|(i, _)| *i)
                    .collect();
                for gone in silent {
                    seen.remove(&gone);
                    tracing::warn!(instance = %format_args!("{gone:x}"), "an instance fell silent");
                    hub.forget(gone).await;
                }
            }
        }
    }
}

impl Hub {
    /// Starts hearing the other instances, if the store is shared.
    pub(super) fn listen(self: &Arc<Self>) {
        if let Some(heard) = self.store.listen() {
            tokio::spawn(run(Arc::downgrade(self), heard));
        }
    }

    /// The game `id` if it is in memory here, held while the result lives.
    fn held_game(self: &Arc<Self>, id: &str) -> Option<Held> {
        let handle = self.games().get(id).cloned()?;
        Some(self.hold_handle(handle))
    }

    /// Every game in memory here, held.
    fn held_games(self: &Arc<Self>) -> Vec<Held> {
        let handles: Vec<Arc<GameHandle>> = self.games().values().cloned().collect();
        handles.into_iter().map(|h| self.hold_handle(h)).collect()
    }

    /// Whether `handle` is the copy of its game in memory (not one that left it).
    fn is_live(&self, handle: &Arc<GameHandle>) -> bool {
        self.games()
            .get(&handle.id)
            .is_some_and(|h| Arc::ptr_eq(h, handle))
    }

    async fn hear(self: &Arc<Self>, heard: Heard, seen: &mut HashMap<Instance, Instant>) {
        let (from, note) = match heard {
            Heard::Note { from, note } => (from, note),
            Heard::Reconnected => return self.read_all_again().await,
        };
        seen.insert(from, Instant::now());
        match note {
            Note::Move {
                game,
                epoch,
                ply,
                text,
            } => {
                if let Some(held) = self.held_game(&game) {
                    let mut live = held.lock().await;
                    self.remote_move(&held, &mut live, epoch, ply, &text).await;
                }
            }
            Note::Changed { game } => {
                if let Some(held) = self.held_game(&game) {
                    let mut live = held.lock().await;
                    self.refresh(&held, &mut live, Source::Elsewhere).await;
                }
            }
            Note::Presence { game, counts } => {
                if let Some(held) = self.held_game(&game) {
                    let mut live = held.lock().await;
                    let before = live.presence_message();
                    if counts.is_empty() {
                        live.remote.remove(&from);
                    } else {
                        live.remote.insert(from, counts);
                    }
                    let after = live.presence_message();
                    if before != after {
                        held.announce(&after);
                    }
                }
            }
            Note::Ask { game } => {
                // Answered even with no connection: the asker may hold an older count.
                if let Some(held) = self.held_game(&game) {
                    let live = held.lock().await;
                    self.tell_presence(&held, &live).await;
                }
            }
            Note::Alive => {}
            Note::Gone => {
                seen.remove(&from);
                self.forget(from).await;
            }
        }
    }

    /// The connections of instance `gone` are no longer counted.
    async fn forget(self: &Arc<Self>, gone: Instance) {
        for held in self.held_games() {
            let mut live = held.lock().await;
            let before = live.presence_message();
            if live.remote.remove(&gone).is_some() {
                let after = live.presence_message();
                if before != after {
                    held.announce(&after);
                }
            }
        }
    }

    /// After notes were lost: every game here is read again, and the instances holding it say
    /// their connections again (as this one does).
    async fn read_all_again(self: &Arc<Self>) {
        for held in self.held_games() {
            let mut live = held.lock().await;
            self.refresh(&held, &mut live, Source::Elsewhere).await;
            self.tell_presence(&held, &live).await;
            self.tell(&Note::Ask {
                game: held.id.clone(),
            })
            .await;
        }
    }

    /// This instance is shutting down: the others stop counting its connections at once.
    pub async fn leave(&self) {
        if self.shared {
            self.tell(&Note::Gone).await;
        }
    }

    /// Sends `note` to the other instances (a failure is logged: notes are best effort, the
    /// database stays right).
    pub(super) async fn tell(&self, note: &Note) {
        if let Err(e) = self.store.tell(note).await {
            tracing::warn!(error = %e, "cannot tell the other instances");
        }
    }

    /// Tells the other instances this one's connections to the game, if the store is shared.
    pub(super) async fn tell_presence(&self, handle: &GameHandle, live: &Live) {
        if self.shared {
            self.tell(&Note::Presence {
                game: handle.id.clone(),
                counts: live.local_counts(),
            })
            .await;
        }
    }

    /// Move `ply` of `epoch`, stored by another instance: played here if it is the next one,
    /// else the game is read again.
    async fn remote_move(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        live: &mut Live,
        epoch: u32,
        ply: u32,
        text: &str,
    ) {
        if epoch < live.epoch || (epoch == live.epoch && ply <= live.ply()) {
            return; // Already here (read again since).
        }
        if epoch != live.epoch || ply != live.ply() + 1 {
            return self.refresh(handle, live, Source::Elsewhere).await;
        }
        let Ok(trace) = moves::parse(live.position(), text) else {
            return self.refresh(handle, live, Source::Elsewhere).await;
        };
        if moves::play(&mut live.record, &trace).is_err() {
            return self.refresh(handle, live, Source::Elsewhere).await;
        }
        // A search here for the position before it is of no use now.
        live.stop_computer();
        live.elsewhere = None;
        live.offers = Offers::default();
        let event = live.last_move_event(&trace);
        handle.announce(&ServerMessage::Move(Box::new(event)));
        self.watch_computer(handle, live);
    }

    /// Reads the game again from the store and brings this instance's copy and connections to
    /// it: the moves it lacks as move events when it only lacks moves, else a full resync; an
    /// end, new offers and a rematch as their messages.
    pub(super) async fn refresh(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        live: &mut Live,
        source: Source,
    ) {
        let stored = match self.store.game(&handle.id).await {
            Ok(Some(g)) => g,
            Ok(None) => {
                return tracing::error!(game = %handle.id, "reading again: the game is gone");
            }
            Err(e) => return tracing::error!(game = %handle.id, error = %e, "reading again failed"),
        };
        let mut fresh = match Live::from_stored(&stored) {
            Ok(f) => f,
            Err(e) => return tracing::error!(game = %handle.id, error = %e, "reading again failed"),
        };
        // What only this instance knows: its connections, the others' counts.
        fresh.connected = live.connected;
        fresh.spectators = live.spectators;
        fresh.remote = std::mem::take(&mut live.remote);
        let had = live.record.moves().len();
        let more_moves = fresh.epoch == live.epoch
            && fresh.seats == live.seats
            && fresh.invite_hash == live.invite_hash
            && fresh.record.moves().len() >= had
            && fresh.record.moves()[..had] == live.record.moves()[..];
        let same_position = more_moves && fresh.record.moves().len() == had;
        if same_position && fresh.outcome_value().is_none() {
            // A search under way here is still for this position.
            fresh.thinking = live.thinking.take();
            fresh.elsewhere = live.elsewhere;
        } else {
            live.stop_computer();
        }
        let mut messages = Vec::new();
        if more_moves {
            for p in live.ply() + 1..=fresh.ply() {
                if let Some(event) = fresh.move_event(p) {
                    messages.push(ServerMessage::Move(Box::new(event)));
                }
            }
            if let Some(outcome) = fresh.outcome_value()
                && live.outcome_value().is_none()
                && same_position
            {
                messages.push(ServerMessage::End {
                    outcome: OutcomeView::from(outcome),
                });
            }
            if fresh.offers != live.offers {
                messages.push(fresh.offers_message());
            }
            if let Some(next) = fresh
                .rematch
                .as_ref()
                .filter(|_| fresh.rematch != live.rematch)
            {
                messages.push(ServerMessage::Rematch { id: next.clone() });
            }
        }
        *live = fresh;
        if more_moves {
            for m in &messages {
                handle.announce(m);
            }
        } else {
            handle.send(Broadcast::Resync);
        }
        match source {
            Source::Here => self.start_computer(handle, live, None),
            Source::Elsewhere => self.watch_computer(handle, live),
        }
    }

    /// A client knows more of the game than this instance's copy (another instance stored it,
    /// and its note is not here yet): the copy is read again first.
    pub(crate) async fn catch_up_with(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        since: Option<(u32, u32)>,
    ) {
        if !self.shared {
            return;
        }
        let Some((epoch, ply)) = since else { return };
        let mut live = handle.lock().await;
        if epoch > live.epoch || (epoch == live.epoch && ply > live.ply()) {
            self.refresh(handle, &mut live, Source::Here).await;
        }
    }

    /// The computer is to move and its search is another instance's: try to claim it after
    /// [`CLAIM_RETRY`] (the other instance has then claimed it, or is gone), and again after
    /// every refusal, until a move comes or the game leaves memory.
    pub(super) fn watch_computer(self: &Arc<Self>, handle: &Arc<GameHandle>, live: &mut Live) {
        let to_move = live
            .to_move()
            .is_some_and(|s| live.computer_level(s).is_some());
        if !to_move || live.thinking.is_some() || live.elsewhere.is_some() {
            return;
        }
        let watch = self.watches.fetch_add(1, Ordering::Relaxed);
        live.elsewhere = Some(watch);
        let hub = Arc::downgrade(self);
        let game = Arc::downgrade(handle);
        tokio::spawn(async move {
            tokio::time::sleep(CLAIM_RETRY).await;
            let (Some(hub), Some(game)) = (hub.upgrade(), game.upgrade()) else {
                return;
            };
            if !hub.is_live(&game) {
                return;
            }
            let held = hub.hold_handle(game);
            let mut live = held.lock().await;
            if live.elsewhere != Some(watch) {
                return;
            }
            live.elsewhere = None;
            hub.start_computer(&held, &mut live, None);
        });
    }
}
