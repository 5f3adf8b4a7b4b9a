//! The SQLite store: one file (WAL), created and migrated at start.

use std::str::FromStr;
use std::time::Duration;

use async_trait::async_trait;
use mancala::Side;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteRow};
use sqlx::{ConnectOptions, Connection, Row, SqlitePool};

use super::{Mode, Seat, SeatKind, Store, StoreError, StoredGame};
use crate::ids::{hash_secret, now};

/// The migrations, in order; each runs once, recorded in `schema_migrations`.
const MIGRATIONS: [(i64, &str); 2] = [
    (1, include_str!("../../migrations/sqlite/0001_games.sql")),
    (
        2,
        include_str!("../../migrations/sqlite/0002_invite_hash.sql"),
    ),
];

/// Migration 2's second half, which SQL cannot do (SQLite has no SHA-256): the clear invitation
/// tokens the renamed column holds become their hashes.
async fn hash_clear_invites(tx: &mut sqlx::SqliteConnection) -> Result<(), StoreError> {
    let clear: Vec<(String, String)> =
        sqlx::query_as("SELECT id, invite_hash FROM games WHERE invite_hash IS NOT NULL")
            .fetch_all(&mut *tx)
            .await?;
    for (id, token) in clear {
        sqlx::query("UPDATE games SET invite_hash = ? WHERE id = ?")
            .bind(hash_secret(&token))
            .bind(id)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// Games in an SQLite database.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    pool: SqlitePool,
}

/// A write that must change exactly one row, or fail with `otherwise`.
fn one_row(
    done: &sqlx::sqlite::SqliteQueryResult,
    otherwise: impl FnOnce() -> StoreError,
) -> Result<(), StoreError> {
    if done.rows_affected() == 1 {
        Ok(())
    } else {
        Err(otherwise())
    }
}

fn side_from_name(s: &str) -> Option<Side> {
    match s {
        "south" => Some(Side::South),
        "north" => Some(Side::North),
        _ => None,
    }
}

fn bad(what: &str) -> StoreError {
    StoreError::Database(format!("unreadable stored {what}"))
}

fn seat_from_row(row: &SqliteRow, prefix: &str) -> Result<Seat, StoreError> {
    let kind: String = row.try_get(format!("{prefix}_kind").as_str())?;
    let level: Option<i64> = row.try_get(format!("{prefix}_level").as_str())?;
    let kind = match (kind.as_str(), level) {
        ("human", _) => SeatKind::Human,
        ("computer", Some(l)) => SeatKind::Computer(u8::try_from(l).map_err(|_| bad("level"))?),
        _ => return Err(bad("seat")),
    };
    Ok(Seat {
        kind,
        secret_hash: row.try_get(format!("{prefix}_secret").as_str())?,
        joined: row.try_get::<i64, _>(format!("{prefix}_joined").as_str())? != 0,
    })
}

fn kind_columns(seat: &Seat) -> (&'static str, Option<i64>) {
    match seat.kind {
        SeatKind::Human => ("human", None),
        SeatKind::Computer(l) => ("computer", Some(i64::from(l))),
    }
}

impl SqliteStore {
    /// Opens (creating if missing) and migrates the database at `url`, e.g.
    /// `sqlite://mancala.db` or `sqlite::memory:`.
    ///
    /// # Errors
    /// The database cannot be opened or migrated.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .busy_timeout(Duration::from_secs(5))
            .foreign_keys(true);
        // An in-memory database exists once per connection: keep exactly one.
        let memory = url.contains(":memory:");
        if !memory {
            // Migrated on a connection of its own, closed before the pool opens: a pooled
            // connection that had read the schema before a migration changed it would still
            // expand `SELECT *` to the old columns.
            let mut conn = options.connect().await?;
            migrate(&mut conn).await?;
            conn.close().await?;
        }
        let max = if memory { 1 } else { 8 };
        let pool = SqlitePoolOptions::new()
            .max_connections(max)
            .min_connections(u32::from(memory))
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(options)
            .await?;
        if memory {
            migrate(&mut *pool.acquire().await?).await?;
        }
        Ok(Self { pool })
    }
}

/// Applies the migrations not yet recorded in `schema_migrations`, each in a transaction.
async fn migrate(conn: &mut sqlx::SqliteConnection) -> Result<(), StoreError> {
    sqlx::query("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY)")
        .execute(&mut *conn)
        .await?;
    for (version, sql) in MIGRATIONS {
        let mut tx = conn.begin().await?;
        let done: Option<i64> =
            sqlx::query_scalar("SELECT version FROM schema_migrations WHERE version = ?")
                .bind(version)
                .fetch_optional(&mut *tx)
                .await?;
        if done.is_none() {
            sqlx::raw_sql(sql).execute(&mut *tx).await?;
            if version == 2 {
                hash_clear_invites(&mut tx).await?;
            }
            sqlx::query("INSERT INTO schema_migrations (version) VALUES (?)")
                .bind(version)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
    }
    Ok(())
}

#[async_trait]
impl Store for SqliteStore {
    async fn create_game(&self, g: &StoredGame) -> Result<(), StoreError> {
        let (sk, sl) = kind_columns(&g.seats[0]);
        let (nk, nl) = kind_columns(&g.seats[1]);
        let r = sqlx::query(
            "INSERT INTO games (id, variant, rules, mode, south_kind, south_level, south_secret, \
             south_joined, north_kind, north_level, north_secret, north_joined, invite_hash, epoch, \
             resigned, result, rematch, created) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(&g.id)
        .bind(&g.variant)
        .bind(&g.rules)
        .bind(g.mode.name())
        .bind(sk)
        .bind(sl)
        .bind(&g.seats[0].secret_hash)
        .bind(i64::from(g.seats[0].joined))
        .bind(nk)
        .bind(nl)
        .bind(&g.seats[1].secret_hash)
        .bind(i64::from(g.seats[1].joined))
        .bind(&g.invite_hash)
        .bind(i64::from(g.epoch))
        .bind(g.resigned.map(Side::name))
        .bind(&g.result)
        .bind(&g.rematch)
        .bind(g.created)
        .execute(&self.pool)
        .await;
        match r {
            Ok(_) => Ok(()),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                Err(StoreError::Conflict(format!("game {} exists", g.id)))
            }
            Err(e) => Err(e.into()),
        }
    }

    async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let Some(row) = sqlx::query("SELECT * FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?
        else {
            return Ok(None);
        };
        let moves: Vec<String> =
            sqlx::query_scalar("SELECT move FROM moves WHERE game_id = ? ORDER BY ply")
                .bind(id)
                .fetch_all(&self.pool)
                .await?;
        let mode: String = row.try_get("mode")?;
        let resigned: Option<String> = row.try_get("resigned")?;
        let epoch: i64 = row.try_get("epoch")?;
        Ok(Some(StoredGame {
            id: row.try_get("id")?,
            variant: row.try_get("variant")?,
            rules: row.try_get("rules")?,
            mode: Mode::from_name(&mode).ok_or_else(|| bad("mode"))?,
            seats: [seat_from_row(&row, "south")?, seat_from_row(&row, "north")?],
            invite_hash: row.try_get("invite_hash")?,
            epoch: u32::try_from(epoch).map_err(|_| bad("epoch"))?,
            moves,
            resigned: match resigned {
                Some(s) => Some(side_from_name(&s).ok_or_else(|| bad("resignation"))?),
                None => None,
            },
            result: row.try_get("result")?,
            rematch: row.try_get("rematch")?,
            created: row.try_get("created")?,
        }))
    }

    async fn append_move(
        &self,
        id: &str,
        epoch: u32,
        ply: u32,
        text: &str,
    ) -> Result<(), StoreError> {
        // One statement: the move goes in only if the game is in `epoch` and holds exactly
        // ply - 1 moves; the primary key refuses a second writer of the same ply.
        let r = sqlx::query(
            "INSERT INTO moves (game_id, ply, move, created) \
             SELECT ?1, ?2, ?3, ?4 WHERE \
               (SELECT epoch FROM games WHERE id = ?1) = ?5 AND \
               (SELECT COUNT(*) FROM moves WHERE game_id = ?1) = ?2 - 1",
        )
        .bind(id)
        .bind(i64::from(ply))
        .bind(text)
        .bind(now())
        .bind(i64::from(epoch))
        .execute(&self.pool)
        .await;
        match r {
            Ok(done) if done.rows_affected() == 1 => Ok(()),
            Ok(_) => Err(StoreError::Conflict(format!(
                "ply {ply} of epoch {epoch} is not the next move of game {id}"
            ))),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Err(StoreError::Conflict(
                format!("ply {ply} of game {id} is already stored"),
            )),
            Err(e) => Err(e.into()),
        }
    }

    async fn take_back(&self, id: &str, keep: u32, epoch: u32) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let r = sqlx::query(
            "UPDATE games SET epoch = ?2, result = NULL, resigned = NULL \
             WHERE id = ?1 AND epoch = ?2 - 1",
        )
        .bind(id)
        .bind(i64::from(epoch))
        .execute(&mut *tx)
        .await?;
        one_row(&r, || {
            StoreError::Conflict(format!(
                "game {id} is not in epoch {}",
                epoch.saturating_sub(1)
            ))
        })?;
        sqlx::query("DELETE FROM moves WHERE game_id = ? AND ply > ?")
            .bind(id)
            .bind(i64::from(keep))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    async fn join(
        &self,
        id: &str,
        invite_hash: &str,
        side: Side,
        secret_hash: &str,
    ) -> Result<(), StoreError> {
        let sql = match side {
            Side::South => {
                "UPDATE games SET invite_hash = NULL, south_secret = ?3, south_joined = 1 \
                 WHERE id = ?1 AND invite_hash = ?2"
            }
            Side::North => {
                "UPDATE games SET invite_hash = NULL, north_secret = ?3, north_joined = 1 \
                 WHERE id = ?1 AND invite_hash = ?2"
            }
        };
        let r = sqlx::query(sql)
            .bind(id)
            .bind(invite_hash)
            .bind(secret_hash)
            .execute(&self.pool)
            .await?;
        one_row(&r, || {
            StoreError::Conflict(format!("the invitation to game {id} is used"))
        })
    }

    async fn finish(
        &self,
        id: &str,
        result: &str,
        resigned: Option<Side>,
    ) -> Result<(), StoreError> {
        let r = sqlx::query("UPDATE games SET result = ?, resigned = ? WHERE id = ?")
            .bind(result)
            .bind(resigned.map(Side::name))
            .bind(id)
            .execute(&self.pool)
            .await?;
        one_row(&r, || StoreError::NotFound(id.to_owned()))
    }

    async fn set_rematch(&self, id: &str, next: &str) -> Result<(), StoreError> {
        let r = sqlx::query("UPDATE games SET rematch = ? WHERE id = ? AND rematch IS NULL")
            .bind(next)
            .bind(id)
            .execute(&self.pool)
            .await?;
        one_row(&r, || {
            StoreError::Conflict(format!("game {id} already has a rematch"))
        })
    }

    async fn expire_unstarted(&self, created_by: i64) -> Result<u64, StoreError> {
        let r = sqlx::query(
            "DELETE FROM games WHERE created <= ?1 AND epoch = 0 AND result IS NULL \
               AND (mode <> 'friend' OR invite_hash IS NOT NULL) \
               AND NOT EXISTS (SELECT 1 FROM moves WHERE moves.game_id = games.id) \
               AND id NOT IN (SELECT rematch FROM games WHERE rematch IS NOT NULL)",
        )
        .bind(created_by)
        .execute(&self.pool)
        .await?;
        Ok(r.rows_affected())
    }
}
