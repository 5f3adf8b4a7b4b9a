//! The computer player: a search in its place in the computer's queue (`queue`), off the async
//! threads, whose move is committed like a person's unless the game moved on meanwhile.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use mancala::{Position, Variant};
use mancala_engine::Limits;

use super::queue::{Client, Ticket, slots_for};
use super::{GameHandle, Hub, Live, moves};
use crate::protocol::{ErrorCode, GameError, ServerMessage};

fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    // A failed generator only makes the computer's choices less varied.
    let _ = getrandom::fill(&mut b);
    u64::from_le_bytes(b)
}

/// The refusal when the computer's queue has no place.
pub(super) fn busy() -> GameError {
    GameError::new(
        ErrorCode::ComputerBusy,
        "the computer is busy with other games; try again in a moment",
    )
}

/// The limits a level searches with while `waiting` searches wait for `slots` slots: a level
/// that searches for a time (and no fixed depth) gets `slots / (slots + waiting)` of its time,
/// never less than a quarter of it; every other level (novices, fixed depths, exact play) is
/// left as it is.
pub(super) fn under_load(variant: Variant, level: u8, slots: usize, waiting: usize) -> Limits {
    let own = mancala_engine::level_entry(variant.game(), level)
        // Perfect play needs its whole time for the proof (docs/engine.md, "Perfect Kalah").
        .filter(|l| l.style != mancala_engine::Style::Perfect)
        .map(|l| l.limits);
    match own {
        Some(Limits {
            time: Some(t),
            depth: None,
            nodes: None,
            ..
        }) if waiting > 0 => {
            let share = u32::try_from(slots).unwrap_or(u32::MAX);
            let all = u32::try_from(slots.saturating_add(waiting)).unwrap_or(u32::MAX);
            let shrunk: Duration = t * share / all;
            Limits::time(shrunk.max(t / 4))
        }
        _ => Limits::default(),
    }
}

impl Live {
    /// Whether the computer is to move in `pos` (a position of this game).
    pub(super) fn computer_moves_in(&self, pos: &Position) -> bool {
        pos.outcome().is_none() && self.computer_level(pos.turn()).is_some()
    }
}

impl Hub {
    /// A place in the computer's queue for `client`, if the computer is to move in `after` and
    /// is not already thinking: `Ok(None)` when no search will be needed.
    ///
    /// # Errors
    /// `computer_busy`: the queue is full, or `client` has its share of it.
    pub(super) fn place_for(
        &self,
        live: &Live,
        after: &Position,
        client: Client,
    ) -> Result<Option<Ticket>, GameError> {
        self.place_if(
            live.thinking.is_none() && live.computer_moves_in(after),
            client,
        )
    }

    /// A place in the computer's queue for `client` if `needed`.
    ///
    /// # Errors
    /// `computer_busy`: the queue is full, or `client` has its share of it.
    pub(super) fn place_if(
        &self,
        needed: bool,
        client: Client,
    ) -> Result<Option<Ticket>, GameError> {
        if !needed {
            return Ok(None);
        }
        self.queue.reserve(client).map(Some).ok_or_else(busy)
    }

    /// Starts the computer's search if it is to move and not already thinking, in `place` (or
    /// in one taken now, for no client in particular). With no place to be had, the game is
    /// told the computer is busy and waits for the next connection to try again.
    pub(super) fn start_computer(
        self: &Arc<Self>,
        handle: &Arc<GameHandle>,
        live: &mut Live,
        place: Option<Ticket>,
    ) {
        let Some(turn) = live.to_move() else { return };
        let Some(level) = live.computer_level(turn) else {
            return;
        };
        if live.thinking.is_some() {
            return;
        }
        let Some(ticket) = place.or_else(|| self.queue.reserve(None)) else {
            live.computer_stalled = true;
            handle.announce(&ServerMessage::error(busy(), None));
            return;
        };
        let stop = Arc::new(AtomicBool::new(false));
        live.thinking = Some(stop.clone());
        let pos = *live.position();
        let (epoch, ply) = (live.epoch, live.ply());
        // The task holds the game in memory until it has moved.
        let held = self.hold_handle(handle.clone());
        let slots = self.queue.slots();
        let line = ticket.turn(level, slots_for(pos.variant().game(), level));
        tokio::spawn(async move {
            let hub = held.hub.clone();
            let handle: &Arc<GameHandle> = &held;
            // One instance searches a game: where the claim is (remote.rs).
            let claim = match hub.store.claim_search(&handle.id).await {
                Ok(Some(claim)) => Some(claim),
                Ok(None) => {
                    let mut live = handle.lock().await;
                    if live
                        .thinking
                        .as_ref()
                        .is_some_and(|s| Arc::ptr_eq(s, &stop))
                    {
                        live.thinking = None;
                        hub.watch_computer(handle, &mut live);
                    }
                    return;
                }
                Err(e) => {
                    // The database decides between two searchers' moves anyway.
                    tracing::warn!(game = %handle.id, error = %e, "no claim on the search; searching");
                    None
                }
            };
            let (waiting, threads) = line.await;
            let limits = under_load(pos.variant(), level, slots, waiting).with_threads(threads);
            let flag = stop.clone();
            let best = tokio::task::spawn_blocking(move || {
                let mut player = mancala_engine::level(pos.variant().game(), level, random_seed())?;
                player.choose(&pos, &limits, &flag).best
            })
            .await
            .ok()
            .flatten();
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
            // Should the computer move again (an extra turn), it keeps its place.
            let again = Some(ticket.again());
            let committed = match moves::trace(live.position(), m) {
                Ok(trace) => hub.commit(handle, &mut live, &trace, again).await,
                Err(e) => Err(e),
            };
            if let Err(e) = committed {
                tracing::warn!(game = %handle.id, error = %e, "computer move not stored");
                live.computer_stalled = true;
            }
            // The slot, the place and the claim go back once the move is stored.
            drop(live);
            drop(ticket);
            drop(claim);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_timed_levels_shrink_and_never_below_a_quarter() {
        let kalah: Variant = "kalah-6x6".parse().unwrap();
        let full = mancala_engine::levels(kalah.game())[7].limits.time.unwrap();
        assert_eq!(under_load(kalah, 8, 2, 0), Limits::default(), "no load");
        assert_eq!(under_load(kalah, 8, 2, 2).time, Some(full / 2));
        assert_eq!(under_load(kalah, 8, 1, 100).time, Some(full / 4));
        // Level 8 of Kalah(6,4) plays perfectly and keeps its time.
        let perfect: Variant = "kalah".parse().unwrap();
        assert_eq!(under_load(perfect, 8, 1, 100), Limits::default());
        // Novices and fixed depths keep their own limits.
        for level in 1..=5 {
            assert_eq!(under_load(kalah, level, 1, 100), Limits::default());
        }
        let hus: Variant = "hus".parse().unwrap();
        assert_eq!(under_load(hus, 7, 1, 100), Limits::default());
    }
}
