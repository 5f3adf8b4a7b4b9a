//! `mancala bench store`: moves a second the store takes with group commit and without, side by
//! side in one process on the same database (measured, never asserted).
//!
//! `--games` players append `--moves` moves each, every player waiting for its move to be
//! stored before sending the next, as a player waits for the acknowledgement: the moves that
//! arrive together are those of different games. Each mode gets its own games (and, on
//! SQLite, its own new file in a temporary directory, removed afterwards).

use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use mancala_server::store::{Mode, Seat, SeatKind, StoredGame, StoredOffers};
use mancala_server::{Store, StoreOptions, connect_with};

/// What to measure.
#[derive(Debug)]
pub(crate) struct StoreBench {
    /// `None`: a new SQLite file per mode.
    pub(crate) database_url: Option<String>,
    pub(crate) games: usize,
    pub(crate) moves: u32,
    pub(crate) max_batch: usize,
}

fn new_game(id: String) -> StoredGame {
    let seat = Seat {
        kind: SeatKind::Human,
        secret_hash: None,
        joined: true,
    };
    StoredGame {
        id,
        variant: "kalah".to_owned(),
        rules: String::new(),
        mode: Mode::Local,
        seats: [seat.clone(), seat],
        invite_hash: None,
        epoch: 0,
        moves: Vec::new(),
        resigned: None,
        result: None,
        rematch: None,
        offers: StoredOffers::default(),
        created: 0,
    }
}

/// Appends `b.moves` moves to each of `b.games` new games at once; the time it took.
async fn measure(store: Arc<dyn Store>, b: &StoreBench, tag: &str) -> Result<Duration> {
    let ids: Vec<String> = (0..b.games).map(|i| format!("{tag}{i:06}")).collect();
    for id in &ids {
        store.create_game(&new_game(id.clone())).await?;
    }
    let start = Instant::now();
    let players: Vec<_> = ids
        .into_iter()
        .map(|id| {
            let store = store.clone();
            let moves = b.moves;
            tokio::spawn(async move {
                for ply in 1..=moves {
                    store.append_move(&id, 0, ply, "A1").await?;
                }
                Ok::<_, mancala_server::StoreError>(())
            })
        })
        .collect();
    for p in players {
        p.await.context("a player task failed")??;
    }
    Ok(start.elapsed())
}

pub(crate) fn run(out: &mut impl Write, b: &StoreBench) -> Result<()> {
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    let dir = std::env::temp_dir().join(format!("mancala-bench-store-{}", std::process::id()));
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() % 100_000);
    let total = b.games as f64 * f64::from(b.moves);
    writeln!(
        out,
        "{} games x {} moves, each player waiting for its move to be stored",
        b.games, b.moves
    )?;
    let mut rates = Vec::new();
    for (name, max_batch) in [("group commit", b.max_batch), ("one move a transaction", 1)] {
        let url = match &b.database_url {
            Some(u) => u.clone(),
            None => {
                std::fs::create_dir_all(&dir)?;
                format!(
                    "sqlite://{}",
                    dir.join(format!("b{max_batch}.db")).display()
                )
            }
        };
        let took = runtime.block_on(async {
            let store = connect_with(&url, StoreOptions { max_batch }).await?;
            measure(store, b, &format!("b{stamp}m{max_batch}g")).await
        });
        if b.database_url.is_none() {
            let _ = std::fs::remove_dir_all(&dir);
        }
        let took = took?;
        let rate = total / took.as_secs_f64();
        rates.push(rate);
        writeln!(
            out,
            "{name:<24} (max batch {max_batch:>4}): {total:.0} moves in {:.2} s = {rate:.0} moves/s",
            took.as_secs_f64()
        )?;
    }
    writeln!(
        out,
        "group commit / one move a transaction: {:.1}x",
        rates[0] / rates[1]
    )?;
    Ok(())
}
