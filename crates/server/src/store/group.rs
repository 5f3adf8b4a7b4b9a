//! Group commit. One writer task per store takes every move waiting in its queue (up to
//! [`StoreOptions::max_batch`]), writes them in one transaction, and answers each waiter once
//! that transaction is committed, so a disk that syncs N times a second stores many more than N
//! moves a second. Each move is still checked on its own inside the transaction (the next ply
//! of its game, in its epoch): a move that does not fit is reported as a conflict to its waiter
//! alone, and the others of the batch are stored. A batch holds at most one move per game (a
//! second one waits for the next batch), so each is checked against committed moves.

use std::sync::Arc;

use async_trait::async_trait;
use tokio::sync::{mpsc, oneshot};

use super::{StoreError, StoreOptions};

/// A move to store.
#[derive(Debug)]
pub(super) struct NewMove {
    /// The game.
    pub(super) id: String,
    /// Its takeback epoch.
    pub(super) epoch: u32,
    /// The move's number, 1-based.
    pub(super) ply: u32,
    /// The move text.
    pub(super) text: String,
}

impl NewMove {
    fn conflict(&self) -> StoreError {
        StoreError::Conflict(format!(
            "ply {} of epoch {} is not the next move of game {}",
            self.ply, self.epoch, self.id
        ))
    }
}

/// A backend's half of group commit: writing a batch.
#[async_trait]
pub(super) trait WriteMoves: Send + Sync + 'static {
    /// Stores `moves` (of distinct games, ordered by game) in one transaction, each only if it
    /// is the next ply of its game in its epoch; answers for each whether it went in. `Err`:
    /// the transaction failed and none is stored.
    async fn write_moves(&self, moves: &[NewMove]) -> Result<Vec<bool>, StoreError>;
}

/// A move waiting for its batch.
struct Waiting {
    new: NewMove,
    done: oneshot::Sender<Result<(), StoreError>>,
}

/// The way a store's moves go to its database.
#[derive(Debug)]
pub(super) struct MoveWriter {
    /// The writer task's queue; `None` without group commit.
    queue: Option<mpsc::Sender<Waiting>>,
}

impl std::fmt::Debug for Waiting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.new.fmt(f)
    }
}

impl MoveWriter {
    /// Starts the writer task over `backend` (on the current tokio runtime), unless `options`
    /// turn group commit off. The task ends once the writer is dropped.
    pub(super) fn start<B: WriteMoves>(backend: Arc<B>, options: StoreOptions) -> Self {
        if options.max_batch <= 1 {
            return Self { queue: None };
        }
        let (tx, rx) = mpsc::channel(options.max_batch.saturating_mul(4));
        tokio::spawn(write_batches(backend, rx, options.max_batch));
        Self { queue: Some(tx) }
    }

    /// Stores `new` on `backend` (the one the writer was started with): `Ok` once its
    /// transaction is committed, `Conflict` when it is not the game's next ply.
    pub(super) async fn append<B: WriteMoves>(
        &self,
        backend: &B,
        new: NewMove,
    ) -> Result<(), StoreError> {
        let Some(queue) = &self.queue else {
            let stored = backend.write_moves(std::slice::from_ref(&new)).await?;
            return answer(&new, stored.first().copied());
        };
        let (done, answered) = oneshot::channel();
        queue
            .send(Waiting { new, done })
            .await
            .map_err(|_| closed())?;
        answered.await.map_err(|_| closed())?
    }
}

fn closed() -> StoreError {
    StoreError::Database("the store's writer has stopped".to_owned())
}

fn answer(new: &NewMove, stored: Option<bool>) -> Result<(), StoreError> {
    match stored {
        Some(true) => Ok(()),
        Some(false) => Err(new.conflict()),
        None => Err(StoreError::Database(
            "the batch answered too few moves".to_owned(),
        )),
    }
}

/// The writer task: a batch of what is waiting, one transaction, every waiter answered.
async fn write_batches<B: WriteMoves>(
    backend: Arc<B>,
    mut queue: mpsc::Receiver<Waiting>,
    max_batch: usize,
) {
    let mut batch: Vec<Waiting> = Vec::with_capacity(max_batch);
    // Moves of a game that already has one in the batch: they go in the next (in order).
    let mut later: Vec<Waiting> = Vec::new();
    loop {
        if later.is_empty() {
            if queue.recv_many(&mut batch, max_batch).await == 0 {
                return;
            }
        } else {
            batch.append(&mut later);
            while batch.len() < max_batch {
                match queue.try_recv() {
                    Ok(w) => batch.push(w),
                    Err(_) => break,
                }
            }
        }
        // One move per game: each is checked against what is committed.
        let mut games = std::collections::HashSet::new();
        let (now, next): (Vec<Waiting>, Vec<Waiting>) = batch
            .drain(..)
            .partition(|w| games.insert(w.new.id.clone()));
        later = next;
        let mut now = now;
        // By game, so that transactions of several instances take their row locks in one
        // order and never deadlock.
        now.sort_by(|a, b| a.new.id.cmp(&b.new.id));
        let (moves, waiters): (Vec<NewMove>, Vec<_>) =
            now.into_iter().map(|w| (w.new, w.done)).unzip();
        match backend.write_moves(&moves).await {
            Ok(stored) => {
                for (i, (new, done)) in moves.iter().zip(waiters).enumerate() {
                    // A waiter that has gone (its connection dropped) needs no answer.
                    let _ = done.send(answer(new, stored.get(i).copied()));
                }
            }
            Err(e) => {
                let message = match e {
                    StoreError::Database(m) => m,
                    e => e.to_string(),
                };
                for done in waiters {
                    let _ = done.send(Err(StoreError::Database(message.clone())));
                }
            }
        }
    }
}
