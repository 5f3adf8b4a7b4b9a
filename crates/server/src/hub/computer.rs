//! The computer player: a search behind the engine's permits, off the async threads, whose
//! move is committed like a person's unless the game moved on meanwhile.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use mancala_engine::Limits;

use super::{GameHandle, Hub, Live, moves};

fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    // A failed generator only makes the computer's choices less varied.
    let _ = getrandom::fill(&mut b);
    u64::from_le_bytes(b)
}

impl Hub {
    /// Starts the computer's search if it is to move and not already thinking.
    pub(super) fn start_computer(self: &Arc<Self>, handle: &Arc<GameHandle>, live: &mut Live) {
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
        let held = self.hold_handle(handle.clone());
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
            let committed = match moves::trace(live.position(), m) {
                Ok(trace) => hub.commit(handle, &mut live, &trace).await,
                Err(e) => Err(e),
            };
            if let Err(e) = committed {
                tracing::warn!(game = %handle.id, error = %e, "computer move not stored");
                live.computer_stalled = true;
            }
        });
    }
}
