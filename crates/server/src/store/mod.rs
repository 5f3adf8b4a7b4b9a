//! Storage of games, seats and moves (design.md: a store trait, one implementation per
//! database, chosen by the URL scheme).
//!
//! - `rows`: what both SQL backends share: the statements written alike in both dialects, a
//!   game's columns bound and read back;
//! - `group`: group commit, moves that arrive together written in one transaction;
//! - `notes`: what server instances sharing one database tell each other;
//! - `sqlite`, `postgres`: one backend each, with its own migrations
//!   (`crates/server/migrations/<backend>/`).

mod group;
mod notes;
mod postgres;
mod rows;
mod sqlite;

use async_trait::async_trait;
use mancala::Side;

pub use notes::{Counts, HEARTBEAT, Heard, Instance, Note, SILENCE, StoredOffers};
pub use postgres::PostgresStore;
pub use sqlite::SqliteStore;

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person.
    Human,
    /// The computer at a level 1..8.
    Computer(u8),
}

/// How a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Two people, the second invited by link.
    Friend,
    /// A person against the computer.
    Computer,
    /// Pass-and-play: one person's device holds both seats.
    Local,
}

impl Mode {
    /// The protocol's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Friend => "friend",
            Self::Computer => "computer",
            Self::Local => "local",
        }
    }

    /// The mode named `s`.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Self> {
        match s {
            "friend" => Some(Self::Friend),
            "computer" => Some(Self::Computer),
            "local" => Some(Self::Local),
            _ => None,
        }
    }
}

/// One seat as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// Who sits there.
    pub kind: SeatKind,
    /// The SHA-256 of the seat's secret (`None` for the computer).
    pub secret_hash: Option<String>,
    /// Whether a person has taken the seat (false while a friend's invitation is unused).
    pub joined: bool,
}

/// A game as stored: what it is, who plays it, and its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The public id.
    pub id: String,
    /// The variant slug.
    pub variant: String,
    /// The rule options (`Variant::rules_text`), empty for the defaults.
    pub rules: String,
    /// How it is played.
    pub mode: Mode,
    /// South's seat and North's.
    pub seats: [Seat; 2],
    /// The SHA-256 of the invitation token while it is unused (a friend game's free seat);
    /// the token itself is never stored (docs/protocol.md §1).
    pub invite_hash: Option<String>,
    /// A takeback counter: each takeback starts a new epoch of ply numbers.
    pub epoch: u32,
    /// The move texts in order (ply 1 first).
    pub moves: Vec<String>,
    /// The side that resigned, if one did.
    pub resigned: Option<Side>,
    /// The result token once the game is over (`1-0`, `0-1`, `1/2-1/2`).
    pub result: Option<String>,
    /// The game that was started as this one's rematch.
    pub rematch: Option<String>,
    /// The standing offers (a takeback offer only counts at the epoch and ply it was made at).
    pub offers: StoredOffers,
    /// Creation time, seconds since 1970.
    pub created: i64,
}

/// This instance's claim on the computer's search in one game ([`Store::claim_search`]):
/// while it lives, no other instance searches there. Dropping it gives the claim up; the
/// death of the process does too.
pub struct SearchClaim {
    release: Option<Box<dyn FnOnce() + Send + Sync>>,
}

impl SearchClaim {
    /// A claim nobody else could want: the store serves one instance.
    #[must_use]
    pub fn local() -> Self {
        Self { release: None }
    }

    /// A claim given up by calling `release`.
    #[must_use]
    pub fn new(release: impl FnOnce() + Send + Sync + 'static) -> Self {
        Self {
            release: Some(Box::new(release)),
        }
    }
}

impl Drop for SearchClaim {
    fn drop(&mut self) {
        if let Some(release) = self.release.take() {
            release();
        }
    }
}

impl std::fmt::Debug for SearchClaim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.release.is_some() {
            "SearchClaim"
        } else {
            "SearchClaim(local)"
        })
    }
}

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Another write took that place first (a ply already stored, an invitation used).
    #[error("conflict: {0}")]
    Conflict(String),
    /// No such game.
    #[error("no game {0}")]
    NotFound(String),
    /// The database is held by another server (one SQLite file serves one instance).
    #[error("{0}")]
    InUse(String),
    /// The database failed.
    #[error("database: {0}")]
    Database(String),
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        Self::Database(e.to_string())
    }
}

/// What the server needs from a database. Every write is one statement or one transaction, so
/// that several server instances can share the database; on a database that several instances
/// share, every write of a game's state also sends a [`Note`] to the others, in its transaction.
#[async_trait]
pub trait Store: Send + Sync + std::fmt::Debug {
    /// Stores a new game (with no moves).
    async fn create_game(&self, game: &StoredGame) -> Result<(), StoreError>;

    /// The game `id` with its moves, if it exists.
    async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;

    /// Stores move number `ply` (1-based) of `epoch`. Fails with `Conflict` if that ply is
    /// already stored, or the game is in another epoch.
    async fn append_move(
        &self,
        id: &str,
        epoch: u32,
        ply: u32,
        text: &str,
    ) -> Result<(), StoreError>;

    /// Takes back every move after ply `keep` and starts epoch `epoch` (which must be the
    /// stored epoch + 1).
    async fn take_back(&self, id: &str, keep: u32, epoch: u32) -> Result<(), StoreError>;

    /// Gives the invited seat to a visitor: the invitation whose token hashes to `invite_hash`
    /// is consumed and the seat of `side` gets `secret_hash`. Fails with `Conflict` if that
    /// invitation is not the game's unused one.
    async fn join(
        &self,
        id: &str,
        invite_hash: &str,
        side: Side,
        secret_hash: &str,
    ) -> Result<(), StoreError>;

    /// Records the end of a game: its result token and who resigned, if anyone.
    async fn finish(
        &self,
        id: &str,
        result: &str,
        resigned: Option<Side>,
    ) -> Result<(), StoreError>;

    /// Links `id` to its rematch `next`; `Conflict` if it already has one.
    async fn set_rematch(&self, id: &str, next: &str) -> Result<(), StoreError>;

    /// Replaces the standing offers of `id`.
    async fn set_offers(&self, id: &str, offers: &StoredOffers) -> Result<(), StoreError>;

    /// Deletes every unstarted game created at or before `created_by` (seconds since 1970)
    /// and returns how many went. A game is unstarted while no move was ever played in it (no
    /// stored move and epoch 0), it has no result, and no second person has joined it (its
    /// mode is not `friend`, or its invitation is still unused), and it is not another game's
    /// rematch. Finished and started games are kept.
    async fn expire_unstarted(&self, created_by: i64) -> Result<u64, StoreError>;

    /// Whether several server instances may share this database: then they tell each other
    /// what they store ([`Store::listen`], [`Store::tell`]) and claim computer searches
    /// ([`Store::claim_search`]). `false` for a store that one instance holds alone.
    fn shared(&self) -> bool {
        false
    }

    /// This instance's name in its notes.
    fn instance(&self) -> Instance {
        0
    }

    /// What the other instances say, for the one caller that listens (the first to ask);
    /// `None` after that, or on a store that one instance holds alone.
    fn listen(&self) -> Option<tokio::sync::mpsc::Receiver<Heard>> {
        None
    }

    /// Sends `note` to every other instance; nothing on a store one instance holds alone.
    async fn tell(&self, _note: &Note) -> Result<(), StoreError> {
        Ok(())
    }

    /// Claims the computer's search in `game` for this instance: `None` while another instance
    /// holds the claim. A store one instance holds alone always grants it.
    async fn claim_search(&self, _game: &str) -> Result<Option<SearchClaim>, StoreError> {
        Ok(Some(SearchClaim::local()))
    }
}

/// How a store writes moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoreOptions {
    /// Group commit: the moves waiting to be written go in one transaction, up to this many; 1
    /// writes each move in its own transaction as it arrives (no group commit).
    pub max_batch: usize,
}

impl Default for StoreOptions {
    fn default() -> Self {
        Self { max_batch: 256 }
    }
}

/// `url` fit to print: a password in it (`postgres://USER:PASSWORD@HOST/...`) is replaced by
/// `***`.
#[must_use]
pub fn redacted_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

/// Opens the store named by `url` with the default [`StoreOptions`]: `sqlite://path` (created
/// if missing), `sqlite::memory:`, or `postgres://user:password@host:port/database`.
///
/// # Errors
/// An unknown scheme, the database cannot be opened or migrated, or an SQLite file is in use
/// by another server.
pub async fn connect(url: &str) -> Result<std::sync::Arc<dyn Store>, StoreError> {
    connect_with(url, StoreOptions::default()).await
}

/// Opens the store named by `url` (as [`connect`]) with `options`.
///
/// # Errors
/// As [`connect`].
pub async fn connect_with(
    url: &str,
    options: StoreOptions,
) -> Result<std::sync::Arc<dyn Store>, StoreError> {
    if url.starts_with("sqlite:") {
        Ok(std::sync::Arc::new(
            SqliteStore::connect_with(url, options).await?,
        ))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(std::sync::Arc::new(
            PostgresStore::connect_with(url, options).await?,
        ))
    } else {
        Err(StoreError::Database(format!(
            "unsupported database url {url:?}: use sqlite://FILE or postgres://USER@HOST/DATABASE"
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::redacted_url;

    #[test]
    fn passwords_are_not_printed() {
        for (url, shown) in [
            (
                "postgres://mancala:s3cr:et@db.example:5432/site?sslmode=require",
                "postgres://mancala:***@db.example:5432/site?sslmode=require",
            ),
            (
                "postgres://mancala@127.0.0.1/site",
                "postgres://mancala@127.0.0.1/site",
            ),
            ("sqlite://mancala.db", "sqlite://mancala.db"),
            ("sqlite::memory:", "sqlite::memory:"),
        ] {
            assert_eq!(redacted_url(url), shown);
        }
    }
}
