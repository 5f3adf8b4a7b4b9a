//! The PostgreSQL store: one database shared by any number of server instances. Any instance
//! takes any move: the primary key on (game, ply) decides between two writers of one ply, and
//! the second is told `Conflict`.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use mancala::Side;
use sqlx::PgPool;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};

use super::group::{MoveWriter, NewMove, WriteMoves};
use super::rows::{self, one_row, unique_or};
use super::{StoreError, StoreOptions, StoredGame};
use crate::ids::now;

/// The migrations, in order; each runs once, recorded in `schema_migrations`.
const MIGRATIONS: [(i64, &str); 2] = [
    (1, include_str!("../../migrations/postgres/0001_games.sql")),
    (
        2,
        include_str!("../../migrations/postgres/0002_invite_hash.sql"),
    ),
];

/// The key of the advisory lock that lets one instance at a time migrate ("mancala" in ASCII).
const MIGRATION_LOCK: i64 = 0x006d_616e_6361_6c61;

/// Stores a batch of moves in one statement, given as arrays: games `$1`, plies `$2`, texts
/// `$3`, epochs `$4` (one move per game), all at time `$5`. A move goes in if its game is in
/// its epoch and holds exactly ply - 1 moves. The games' rows are share-locked (in id order),
/// so a takeback committing meanwhile (which updates the row) is either waited for and seen,
/// or waits for the batch; the primary key refuses a second writer of the same ply, whose
/// insert does nothing. It returns the games whose move went in.
const APPEND: &str = "WITH m AS (SELECT * FROM \
       unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[]) AS m(game_id, ply, move, epoch)), \
     g AS (SELECT id, epoch FROM games WHERE id IN (SELECT game_id FROM m) ORDER BY id FOR SHARE) \
     INSERT INTO moves (game_id, ply, move, created) \
     SELECT m.game_id, m.ply, m.move, $5 FROM m JOIN g ON g.id = m.game_id \
     WHERE g.epoch = m.epoch AND \
       (SELECT COALESCE(MAX(x.ply), 0) FROM moves x WHERE x.game_id = m.game_id) = m.ply - 1 \
     ON CONFLICT DO NOTHING \
     RETURNING game_id";

/// Games in a PostgreSQL database.
#[derive(Debug)]
pub struct PostgresStore {
    db: Arc<Db>,
    writer: MoveWriter,
}

#[derive(Debug)]
struct Db {
    pool: PgPool,
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://USER:PASSWORD@HOST:PORT/DATABASE`, which
    /// must exist) and migrates it, with the default options.
    ///
    /// # Errors
    /// The database cannot be reached or migrated.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        Self::connect_with(url, StoreOptions::default()).await
    }

    /// As [`PostgresStore::connect`], with `options`.
    ///
    /// # Errors
    /// As [`PostgresStore::connect`].
    pub async fn connect_with(url: &str, options: StoreOptions) -> Result<Self, StoreError> {
        let connect = PgConnectOptions::from_str(url)?;
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(connect)
            .await?;
        let db = Arc::new(Db { pool });
        db.migrate().await?;
        Ok(Self {
            writer: MoveWriter::start(db.clone(), options),
            db,
        })
    }
}

impl Db {
    /// Every migration not yet applied, in one transaction under an advisory lock, so that
    /// instances starting together migrate once.
    async fn migrate(&self) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(MIGRATION_LOCK)
            .execute(&mut *tx)
            .await?;
        sqlx::query("CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY)")
            .execute(&mut *tx)
            .await?;
        for (version, sql) in MIGRATIONS {
            let done: Option<i64> =
                sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = $1")
                    .bind(version)
                    .fetch_optional(&mut *tx)
                    .await?;
            if done.is_none() {
                sqlx::raw_sql(sql).execute(&mut *tx).await?;
                sqlx::query("INSERT INTO schema_migrations (version) VALUES ($1)")
                    .bind(version)
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        Ok(())
    }
}

#[async_trait]
impl WriteMoves for Db {
    async fn write_moves(&self, moves: &[NewMove]) -> Result<Vec<bool>, StoreError> {
        let ids: Vec<&str> = moves.iter().map(|m| m.id.as_str()).collect();
        let plies: Vec<i64> = moves.iter().map(|m| i64::from(m.ply)).collect();
        let texts: Vec<&str> = moves.iter().map(|m| m.text.as_str()).collect();
        let epochs: Vec<i64> = moves.iter().map(|m| i64::from(m.epoch)).collect();
        // One statement is one transaction: committed (and synced) before it answers.
        let stored: Vec<String> = sqlx::query_scalar(APPEND)
            .bind(&ids)
            .bind(&plies)
            .bind(&texts)
            .bind(&epochs)
            .bind(now())
            .fetch_all(&self.pool)
            .await?;
        let stored: std::collections::HashSet<String> = stored.into_iter().collect();
        Ok(moves.iter().map(|m| stored.contains(&m.id)).collect())
    }
}

rows::sql_store!(
    PostgresStore,
    "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY"
);
