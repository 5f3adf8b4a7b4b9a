//! The SQLite store: one file (WAL, `synchronous=FULL`), created and migrated at start, held
//! by one server at a time through an advisory lock on `FILE.lock`.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use mancala::Side;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection, SqlitePool};

use super::group::{MoveWriter, NewMove, WriteMoves};
use super::rows::{self, one_row, unique_or};
use super::{StoreError, StoreOptions, StoredGame};
use crate::ids::{hash_secret, now};

/// The migrations, in order; each runs once, recorded in `schema_migrations`.
const MIGRATIONS: [(i64, &str); 3] = [
    (1, include_str!("../../migrations/sqlite/0001_games.sql")),
    (
        2,
        include_str!("../../migrations/sqlite/0002_invite_hash.sql"),
    ),
    (3, include_str!("../../migrations/sqlite/0003_offers.sql")),
];

/// Migration 2's second half, which SQL cannot do (SQLite has no SHA-256): the clear invitation
/// tokens the renamed column holds become their hashes.
async fn hash_clear_invites(tx: &mut sqlx::SqliteConnection) -> Result<(), StoreError> {
    let clear: Vec<(String, String)> =
        sqlx::query_as("SELECT id, invite_hash FROM games WHERE invite_hash IS NOT NULL")
            .fetch_all(&mut *tx)
            .await?;
    for (id, token) in clear {
        sqlx::query("UPDATE games SET invite_hash = $1 WHERE id = $2")
            .bind(hash_secret(&token))
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// Applies the migrations not yet recorded in `schema_migrations`, each in a transaction.
async fn migrate(conn: &mut sqlx::SqliteConnection) -> Result<(), StoreError> {
    sqlx::query("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)")
        .execute(&mut *conn)
        .await?;
    for (version, sql) in MIGRATIONS {
        let mut tx = conn.begin().await?;
        let done: Option<i64> =
            sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = $1")
                .bind(version)
                .fetch_optional(&mut *tx)
                .await?;
        if done.is_none() {
            sqlx::raw_sql(sql).execute(&mut *tx).await?;
            if version == 2 {
                hash_clear_invites(&mut tx).await?;
            }
            sqlx::query("INSERT INTO schema_migrations (version) VALUES ($1)")
                .bind(version)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
    }
    Ok(())
}

/// Stores move `$2` (text `$3`, time `$4`) of game `$1` if the game is in epoch `$5` and
/// holds exactly `$2 - 1` moves; the primary key refuses a second writer of the same ply.
const APPEND: &str = "INSERT INTO moves (game_id, ply, move, created) \
     SELECT $1, $2, $3, $4 WHERE \
       (SELECT epoch FROM games WHERE id = $1) = $5 AND \
       (SELECT COALESCE(MAX(ply), 0) FROM moves WHERE game_id = $1) = $2 - 1 \
     ON CONFLICT DO NOTHING";

/// Games in an SQLite database.
#[derive(Debug)]
pub struct SqliteStore {
    db: Arc<Db>,
    writer: MoveWriter,
    /// The advisory lock on the file (none in memory); released when the store is dropped,
    /// and by the system when the process dies.
    _lock: Option<File>,
}

#[derive(Debug)]
struct Db {
    pool: SqlitePool,
}

/// The lock file of the database file `db`: `FILE.lock` beside it (its directory resolved, so
/// that two spellings of one path share the lock).
fn lock_path(db: &Path) -> Result<PathBuf, StoreError> {
    let dir = match db.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let dir = dir.canonicalize().map_err(|e| {
        StoreError::Database(format!(
            "cannot open the directory of {}: {e}",
            db.display()
        ))
    })?;
    let mut name = db.file_name().unwrap_or_default().to_os_string();
    name.push(".lock");
    Ok(dir.join(name))
}

/// Takes the advisory lock of the database file `db`, or says who holds it.
fn lock(db: &Path) -> Result<File, StoreError> {
    let path = lock_path(db)?;
    let file = OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(|e| StoreError::Database(format!("cannot open {}: {e}", path.display())))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => Err(StoreError::InUse(format!(
            "the SQLite database {} is in use by another mancala server (it holds {}): one \
             SQLite file serves one instance; to run several instances, give them one \
             PostgreSQL database (--database-url postgres://USER@HOST/DATABASE)",
            db.display(),
            path.display()
        ))),
        Err(TryLockError::Error(e)) => Err(StoreError::Database(format!(
            "cannot lock {}: {e}",
            path.display()
        ))),
    }
}

impl SqliteStore {
    /// Opens (creating if missing) and migrates the database at `url`, e.g.
    /// `sqlite://mancala.db` or `sqlite::memory:`, with the default options.
    ///
    /// # Errors
    /// The database cannot be opened or migrated, or another server holds the file.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        Self::connect_with(url, StoreOptions::default()).await
    }

    /// As [`SqliteStore::connect`], with `options`.
    ///
    /// # Errors
    /// As [`SqliteStore::connect`].
    pub async fn connect_with(url: &str, options: StoreOptions) -> Result<Self, StoreError> {
        let connect = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // Every commit is synced to the disk before it returns (docs/operations.md,
            // "Durability"); group commit makes that one sync per batch of moves.
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true);
        // An in-memory database exists once per connection: keep exactly one.
        let in_memory = url.contains(":memory:") || url.contains("mode=memory");
        let lock = if in_memory {
            None
        } else {
            Some(lock(connect.get_filename())?)
        };
        if !in_memory {
            // Migrated on a connection of its own, closed before the pool opens: a pooled
            // connection that had read the schema before a migration changed it would still
            // expand `SELECT *` to the old columns.
            let mut conn = connect.connect().await?;
            migrate(&mut conn).await?;
            conn.close().await?;
        }
        let max = if in_memory { 1 } else { 8 };
        let pool = SqlitePoolOptions::new()
            .max_connections(max)
            .min_connections(u32::from(max == 1))
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(connect)
            .await?;
        if in_memory {
            migrate(&mut *pool.acquire().await?).await?;
        }
        let db = Arc::new(Db { pool });
        Ok(Self {
            writer: MoveWriter::start(db.clone(), options),
            db,
            _lock: lock,
        })
    }
}

impl Db {
    /// One instance holds an SQLite file alone: there is nobody to tell.
    #[allow(
        clippy::unused_async,
        reason = "the same call as the PostgreSQL store's, which awaits"
    )]
    async fn changed(
        &self,
        _conn: &mut sqlx::SqliteConnection,
        _id: &str,
    ) -> Result<(), StoreError> {
        Ok(())
    }
}

#[async_trait]
impl WriteMoves for Db {
    async fn write_moves(&self, moves: &[NewMove]) -> Result<Vec<bool>, StoreError> {
        let created = now();
        let mut tx = self.pool.begin().await?;
        let mut stored = Vec::with_capacity(moves.len());
        for m in moves {
            let done = sqlx::query(APPEND)
                .bind(m.id.as_str())
                .bind(i64::from(m.ply))
                .bind(m.text.as_str())
                .bind(created)
                .bind(i64::from(m.epoch))
                .execute(&mut *tx)
                .await?;
            stored.push(done.rows_affected() == 1);
        }
        tx.commit().await?;
        Ok(stored)
    }
}

rows::sql_store!(SqliteStore, "", {});
