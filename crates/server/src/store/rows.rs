//! What the SQL backends share: the statements that read alike in SQLite and PostgreSQL
//! (numbered `$n` parameters, which both accept), and a game's columns bound for the insert and
//! read back from a row. Both schemas give the columns the same names and types (text, and
//! 64-bit integers for numbers and flags), so one reader serves both.

use mancala::Side;
use sqlx::query::Query;
use sqlx::{ColumnIndex, Database, Decode, Encode, Row, Type};

use super::{Mode, Seat, SeatKind, StoreError, StoredGame, StoredOffers};

/// Inserts a game: bound by [`bind_game`].
pub(super) const INSERT_GAME: &str = "INSERT INTO games (id, variant, rules, mode, south_kind, \
     south_level, south_secret, south_joined, north_kind, north_level, north_secret, \
     north_joined, invite_hash, epoch, resigned, result, rematch, created) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)";

/// A game's row by its id (`$1`).
pub(super) const SELECT_GAME: &str = "SELECT * FROM games WHERE id = $1";

/// A game's move texts in order (`$1`: the game).
pub(super) const SELECT_MOVES: &str = "SELECT move FROM moves WHERE game_id = $1 ORDER BY ply";

/// A takeback's first half: the game `$1` goes from epoch `$2 - 1` to `$2`, its end undone.
pub(super) const NEXT_EPOCH: &str = "UPDATE games SET epoch = $2, result = NULL, \
     resigned = NULL WHERE id = $1 AND epoch = $2 - 1";

/// A takeback's second half: the moves of game `$1` after ply `$2` go.
pub(super) const DROP_MOVES: &str = "DELETE FROM moves WHERE game_id = $1 AND ply > $2";

/// Joins South's seat of game `$1` with the invitation whose token hashes to `$2`, giving it the
/// secret hash `$3`.
pub(super) const JOIN_SOUTH: &str = "UPDATE games SET invite_hash = NULL, south_secret = $3, \
     south_joined = 1 WHERE id = $1 AND invite_hash = $2";

/// As [`JOIN_SOUTH`], for North's seat.
pub(super) const JOIN_NORTH: &str = "UPDATE games SET invite_hash = NULL, north_secret = $3, \
     north_joined = 1 WHERE id = $1 AND invite_hash = $2";

/// Records the result `$2` of game `$1` and who resigned (`$3`).
pub(super) const FINISH: &str = "UPDATE games SET result = $2, resigned = $3 WHERE id = $1";

/// Deletes the unstarted games created at or before `$1` (see [`super::Store::expire_unstarted`]):
/// no move ever played (epoch 0, no stored move), no result, nobody waited for (not a friend
/// game, or its invitation unused), and not another game's rematch.
pub(super) const EXPIRE_UNSTARTED: &str = "DELETE FROM games WHERE created <= $1 AND epoch = 0 \
     AND result IS NULL AND (mode <> 'friend' OR invite_hash IS NOT NULL) \
     AND NOT EXISTS (SELECT 1 FROM moves WHERE moves.game_id = games.id) \
     AND id NOT IN (SELECT rematch FROM games WHERE rematch IS NOT NULL)";

/// Links game `$1` to its rematch `$2` unless it has one.
pub(super) const SET_REMATCH: &str =
    "UPDATE games SET rematch = $2 WHERE id = $1 AND rematch IS NULL";

/// Replaces the standing offers of game `$1`: a takeback offered by `$2` at epoch `$3` and ply
/// `$4`, a rematch offered by `$5` (each `NULL` when none stands).
pub(super) const SET_OFFERS: &str = "UPDATE games SET takeback_by = $2, takeback_epoch = $3, \
     takeback_ply = $4, rematch_by = $5 WHERE id = $1";

/// The statement that joins `side`'s seat.
pub(super) const fn join_sql(side: Side) -> &'static str {
    match side {
        Side::South => JOIN_SOUTH,
        Side::North => JOIN_NORTH,
    }
}

/// The failures of the writes that must change exactly one row.
pub(super) fn conflict_epoch(id: &str, epoch: u32) -> StoreError {
    StoreError::Conflict(format!(
        "game {id} is not in epoch {}",
        epoch.saturating_sub(1)
    ))
}

/// The invitation was used (or never was this one).
pub(super) fn conflict_invite(id: &str) -> StoreError {
    StoreError::Conflict(format!("the invitation to game {id} is used"))
}

/// The game has its rematch already.
pub(super) fn conflict_rematch(id: &str) -> StoreError {
    StoreError::Conflict(format!("game {id} already has a rematch"))
}

/// A second game with the same id.
pub(super) fn conflict_game(id: &str) -> StoreError {
    StoreError::Conflict(format!("game {id} exists"))
}

/// `Ok` when a write changed exactly one row, else `otherwise`.
pub(super) fn one_row(
    rows_affected: u64,
    otherwise: impl FnOnce() -> StoreError,
) -> Result<(), StoreError> {
    if rows_affected == 1 {
        Ok(())
    } else {
        Err(otherwise())
    }
}

/// A unique key refused the write: `conflict`; any other failure is the database's.
pub(super) fn unique_or(e: sqlx::Error, conflict: impl FnOnce() -> StoreError) -> StoreError {
    match e {
        sqlx::Error::Database(d) if d.is_unique_violation() => conflict(),
        e => e.into(),
    }
}

fn kind_columns(seat: &Seat) -> (&'static str, Option<i64>) {
    match seat.kind {
        SeatKind::Human => ("human", None),
        SeatKind::Computer(l) => ("computer", Some(i64::from(l))),
    }
}

/// [`INSERT_GAME`]'s parameters, in its column order.
pub(super) fn bind_game<'q, DB: Database>(
    q: Query<'q, DB, <DB as Database>::Arguments<'q>>,
    g: &'q StoredGame,
) -> Query<'q, DB, <DB as Database>::Arguments<'q>>
where
    &'q str: Encode<'q, DB> + Type<DB>,
    Option<&'q str>: Encode<'q, DB> + Type<DB>,
    i64: Encode<'q, DB> + Type<DB>,
    Option<i64>: Encode<'q, DB> + Type<DB>,
{
    let (sk, sl) = kind_columns(&g.seats[0]);
    let (nk, nl) = kind_columns(&g.seats[1]);
    q.bind(g.id.as_str())
        .bind(g.variant.as_str())
        .bind(g.rules.as_str())
        .bind(g.mode.name())
        .bind(sk)
        .bind(sl)
        .bind(g.seats[0].secret_hash.as_deref())
        .bind(i64::from(g.seats[0].joined))
        .bind(nk)
        .bind(nl)
        .bind(g.seats[1].secret_hash.as_deref())
        .bind(i64::from(g.seats[1].joined))
        .bind(g.invite_hash.as_deref())
        .bind(i64::from(g.epoch))
        .bind(g.resigned.map(Side::name))
        .bind(g.result.as_deref())
        .bind(g.rematch.as_deref())
        .bind(g.created)
}

fn side_from_name(s: &str) -> Option<Side> {
    match s {
        "south" => Some(Side::South),
        "north" => Some(Side::North),
        _ => None,
    }
}

/// [`SET_OFFERS`]'s parameters after the game's id: a takeback's side, epoch and ply, and a
/// rematch's side.
pub(super) fn offer_columns(
    o: &StoredOffers,
) -> (Option<String>, Option<i64>, Option<i64>, Option<String>) {
    let (by, epoch, ply) = match o.takeback {
        Some((side, epoch, ply)) => (
            Some(StoredOffers::side_text(side)),
            Some(i64::from(epoch)),
            Some(i64::from(ply)),
        ),
        None => (None, None, None),
    };
    (by, epoch, ply, o.rematch.map(StoredOffers::side_text))
}

fn offers_from_row<R>(row: &R) -> Result<StoredOffers, StoreError>
where
    R: Row,
    for<'a> &'a str: ColumnIndex<R>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
{
    let side = |column: &str| -> Result<Option<Side>, StoreError> {
        match row.try_get::<Option<String>, _>(column)? {
            Some(s) => StoredOffers::side_of(&s)
                .map(Some)
                .ok_or_else(|| bad("offer")),
            None => Ok(None),
        }
    };
    let number = |column: &str| -> Result<Option<u32>, StoreError> {
        row.try_get::<Option<i64>, _>(column)?
            .map(|n| u32::try_from(n).map_err(|_| bad("offer")))
            .transpose()
    };
    let takeback = match (
        side("takeback_by")?,
        number("takeback_epoch")?,
        number("takeback_ply")?,
    ) {
        (Some(s), Some(e), Some(p)) => Some((s, e, p)),
        _ => None,
    };
    Ok(StoredOffers {
        takeback,
        rematch: side("rematch_by")?,
    })
}

fn bad(what: &str) -> StoreError {
    StoreError::Database(format!("unreadable stored {what}"))
}

fn seat_from_row<R>(row: &R, prefix: &str) -> Result<Seat, StoreError>
where
    R: Row,
    for<'a> &'a str: ColumnIndex<R>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
{
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

/// The game in `row` ([`SELECT_GAME`]) with its `moves`.
pub(super) fn game_from_row<R>(row: &R, moves: Vec<String>) -> Result<StoredGame, StoreError>
where
    R: Row,
    for<'a> &'a str: ColumnIndex<R>,
    for<'r> String: Decode<'r, R::Database> + Type<R::Database>,
    for<'r> i64: Decode<'r, R::Database> + Type<R::Database>,
{
    let mode: String = row.try_get("mode")?;
    let resigned: Option<String> = row.try_get("resigned")?;
    let epoch: i64 = row.try_get("epoch")?;
    Ok(StoredGame {
        id: row.try_get("id")?,
        variant: row.try_get("variant")?,
        rules: row.try_get("rules")?,
        mode: Mode::from_name(&mode).ok_or_else(|| bad("mode"))?,
        seats: [seat_from_row(row, "south")?, seat_from_row(row, "north")?],
        invite_hash: row.try_get("invite_hash")?,
        epoch: u32::try_from(epoch).map_err(|_| bad("epoch"))?,
        moves,
        resigned: match resigned {
            Some(s) => Some(side_from_name(&s).ok_or_else(|| bad("resignation"))?),
            None => None,
        },
        result: row.try_get("result")?,
        rematch: row.try_get("rematch")?,
        offers: offers_from_row(row)?,
        created: row.try_get("created")?,
    })
}

/// The [`super::Store`] of an SQL backend `$store` (a struct whose `db.pool` is its sqlx pool,
/// whose `db.changed(conn, id)` tells the other instances in a transaction that a game changed,
/// and whose `writer` takes the moves): every method is the same SQL of this file over the
/// backend's pool, written once for both; `$shared` is the rest of the trait (notes and
/// claims). `$snapshot` is the statement that makes a read
/// transaction one snapshot, or `""` where a transaction already is one (SQLite).
macro_rules! sql_store {
    ($store:ty, $snapshot:expr, { $($shared:tt)* }) => {
        #[async_trait::async_trait]
        impl super::Store for $store {
            async fn create_game(&self, g: &StoredGame) -> Result<(), StoreError> {
                rows::bind_game(sqlx::query(rows::INSERT_GAME), g)
                    .execute(&self.db.pool)
                    .await
                    .map_err(|e| unique_or(e, || rows::conflict_game(&g.id)))?;
                Ok(())
            }

            async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
                // One snapshot for the game and its moves (a takeback may commit in between).
                let mut tx = self.db.pool.begin().await?;
                if !$snapshot.is_empty() {
                    sqlx::query($snapshot).execute(&mut *tx).await?;
                }
                let Some(row) = sqlx::query(rows::SELECT_GAME)
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await?
                else {
                    return Ok(None);
                };
                let moves: Vec<String> = sqlx::query_scalar(rows::SELECT_MOVES)
                    .bind(id)
                    .fetch_all(&mut *tx)
                    .await?;
                tx.commit().await?;
                rows::game_from_row(&row, moves).map(Some)
            }

            async fn append_move(
                &self,
                id: &str,
                epoch: u32,
                ply: u32,
                text: &str,
            ) -> Result<(), StoreError> {
                let new = NewMove {
                    id: id.to_owned(),
                    epoch,
                    ply,
                    text: text.to_owned(),
                };
                self.writer.append(&*self.db, new).await
            }

            async fn take_back(&self, id: &str, keep: u32, epoch: u32) -> Result<(), StoreError> {
                let mut tx = self.db.pool.begin().await?;
                let r = sqlx::query(rows::NEXT_EPOCH)
                    .bind(id)
                    .bind(i64::from(epoch))
                    .execute(&mut *tx)
                    .await?;
                one_row(r.rows_affected(), || rows::conflict_epoch(id, epoch))?;
                sqlx::query(rows::DROP_MOVES)
                    .bind(id)
                    .bind(i64::from(keep))
                    .execute(&mut *tx)
                    .await?;
                self.db.changed(&mut *tx, id).await?;
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
                let mut tx = self.db.pool.begin().await?;
                let r = sqlx::query(rows::join_sql(side))
                    .bind(id)
                    .bind(invite_hash)
                    .bind(secret_hash)
                    .execute(&mut *tx)
                    .await?;
                one_row(r.rows_affected(), || rows::conflict_invite(id))?;
                self.db.changed(&mut *tx, id).await?;
                tx.commit().await?;
                Ok(())
            }

            async fn finish(
                &self,
                id: &str,
                result: &str,
                resigned: Option<Side>,
            ) -> Result<(), StoreError> {
                let mut tx = self.db.pool.begin().await?;
                let r = sqlx::query(rows::FINISH)
                    .bind(id)
                    .bind(result)
                    .bind(resigned.map(Side::name))
                    .execute(&mut *tx)
                    .await?;
                one_row(r.rows_affected(), || StoreError::NotFound(id.to_owned()))?;
                self.db.changed(&mut *tx, id).await?;
                tx.commit().await?;
                Ok(())
            }

            async fn set_rematch(&self, id: &str, next: &str) -> Result<(), StoreError> {
                let mut tx = self.db.pool.begin().await?;
                let r = sqlx::query(rows::SET_REMATCH)
                    .bind(id)
                    .bind(next)
                    .execute(&mut *tx)
                    .await?;
                one_row(r.rows_affected(), || rows::conflict_rematch(id))?;
                self.db.changed(&mut *tx, id).await?;
                tx.commit().await?;
                Ok(())
            }

            async fn set_offers(
                &self,
                id: &str,
                offers: &super::StoredOffers,
            ) -> Result<(), StoreError> {
                let (by, epoch, ply, rematch) = rows::offer_columns(offers);
                let mut tx = self.db.pool.begin().await?;
                let r = sqlx::query(rows::SET_OFFERS)
                    .bind(id)
                    .bind(by)
                    .bind(epoch)
                    .bind(ply)
                    .bind(rematch)
                    .execute(&mut *tx)
                    .await?;
                one_row(r.rows_affected(), || StoreError::NotFound(id.to_owned()))?;
                self.db.changed(&mut *tx, id).await?;
                tx.commit().await?;
                Ok(())
            }

            async fn expire_unstarted(&self, created_by: i64) -> Result<u64, StoreError> {
                let r = sqlx::query(rows::EXPIRE_UNSTARTED)
                    .bind(created_by)
                    .execute(&self.db.pool)
                    .await?;
                Ok(r.rows_affected())
            }

            $($shared)*
        }
    };
}
pub(super) use sql_store;
