//! The PostgreSQL store: one database shared by any number of server instances. Any instance
//! takes any move: the primary key on (game, ply) decides between two writers of one ply, and
//! the second is told `Conflict`. Every write of a game's state sends a note to the other
//! instances in its transaction (`NOTIFY`, `super::notes`), which they hear on a connection of
//! their own (`LISTEN`); a computer search is claimed with a session advisory lock, held on
//! another connection of its own, so that it dies with the instance.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use mancala::Side;
use sqlx::postgres::{PgConnectOptions, PgListener, PgPoolOptions};
use sqlx::{ConnectOptions, PgConnection, PgPool};
use tokio::sync::{mpsc, oneshot};

use super::group::{MoveWriter, NewMove, WriteMoves};
use super::notes::{CHANNEL, Heard, Instance, Note};
use super::rows::{self, one_row, unique_or};
use super::{SearchClaim, StoreError, StoreOptions, StoredGame};
use crate::ids::now;

/// The migrations, in order; each runs once, recorded in `schema_migrations`.
const MIGRATIONS: [(i64, &str); 3] = [
    (1, include_str!("../../migrations/postgres/0001_games.sql")),
    (
        2,
        include_str!("../../migrations/postgres/0002_invite_hash.sql"),
    ),
    (3, include_str!("../../migrations/postgres/0003_offers.sql")),
];

/// The key of the advisory lock that lets one instance at a time migrate ("mancala" in ASCII).
const MIGRATION_LOCK: i64 = 0x006d_616e_6361_6c61;

/// Stores a batch of moves in one statement, given as arrays: games `$1`, plies `$2`, texts
/// `$3`, epochs `$4` (one move per game), all at time `$5`. A move goes in if its game is in
/// its epoch and holds exactly ply - 1 moves. The games' rows are share-locked (in id order),
/// so a takeback committing meanwhile (which updates the row) is either waited for and seen,
/// or waits for the batch; the primary key refuses a second writer of the same ply, whose
/// insert does nothing. Each move stored sends its note (`$6`, on channel `$7`) to the other
/// instances, delivered once the statement commits. It returns the games whose move went in.
const APPEND: &str = "WITH m AS (SELECT * FROM \
       unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[], $6::text[]) \
       AS m(game_id, ply, move, epoch, note)), \
     g AS (SELECT id, epoch FROM games WHERE id IN (SELECT game_id FROM m) ORDER BY id FOR SHARE), \
     ins AS (INSERT INTO moves (game_id, ply, move, created) \
       SELECT m.game_id, m.ply, m.move, $5 FROM m JOIN g ON g.id = m.game_id \
       WHERE g.epoch = m.epoch AND \
         (SELECT COALESCE(MAX(x.ply), 0) FROM moves x WHERE x.game_id = m.game_id) = m.ply - 1 \
       ON CONFLICT DO NOTHING \
       RETURNING game_id) \
     SELECT ins.game_id FROM ins JOIN m ON m.game_id = ins.game_id, \
       LATERAL (SELECT pg_notify($7, m.note)) AS sent";

/// How long the listener waits before connecting again after a failure.
const RETRY: Duration = Duration::from_secs(1);

/// Games in a PostgreSQL database.
#[derive(Debug)]
pub struct PostgresStore {
    db: Arc<Db>,
    writer: MoveWriter,
    /// How to open the listener's and the claims' connections.
    connect: PgConnectOptions,
    /// Whether `listen` has been asked for (the first caller gets the notes).
    listening: std::sync::atomic::AtomicBool,
    /// The task holding the computer searches' claims.
    claims: mpsc::UnboundedSender<ClaimOp>,
}

#[derive(Debug)]
struct Db {
    pool: PgPool,
    /// This instance's name in its notes.
    instance: Instance,
}

/// What the claims' task is asked.
#[derive(Debug)]
enum ClaimOp {
    /// Take the lock of a key if free, answering whether it was.
    Claim(i64, oneshot::Sender<Result<bool, StoreError>>),
    /// Give the lock of a key back.
    Release(i64),
}

/// A random instance name.
fn random_instance() -> Instance {
    let mut b = [0u8; 8];
    // Without randomness, the time still tells instances apart.
    if getrandom::fill(&mut b).is_err() {
        return u64::try_from(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        )
        .unwrap_or(u64::MAX);
    }
    u64::from_le_bytes(b)
}

/// The advisory lock key of the computer's search in `game` (FNV-1a of its id: any fixed
/// hash shared by every instance will do).
fn search_key(game: &str) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in b"search:".iter().chain(game.as_bytes()) {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    i64::from_ne_bytes(h.to_ne_bytes())
}

/// The claims' task: one connection holds every advisory lock this instance has, so that they
/// all go when the instance dies (the database ends its session). Should that connection
/// fail, its locks are gone too; the next claim opens another.
async fn keep_claims(connect: PgConnectOptions, mut ops: mpsc::UnboundedReceiver<ClaimOp>) {
    let mut conn: Option<PgConnection> = None;
    while let Some(op) = ops.recv().await {
        match op {
            ClaimOp::Claim(key, reply) => {
                let got = claim(&connect, &mut conn, key).await;
                if got.is_err() {
                    conn = None;
                }
                let _ = reply.send(got);
            }
            ClaimOp::Release(key) => {
                if let Some(c) = conn.as_mut()
                    && sqlx::query("SELECT pg_advisory_unlock($1)")
                        .bind(key)
                        .execute(&mut *c)
                        .await
                        .is_err()
                {
                    conn = None;
                }
            }
        }
    }
}

async fn claim(
    connect: &PgConnectOptions,
    conn: &mut Option<PgConnection>,
    key: i64,
) -> Result<bool, StoreError> {
    let c = match conn {
        Some(c) => c,
        None => conn.insert(connect.connect().await?),
    };
    Ok(sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
        .bind(key)
        .fetch_one(&mut *c)
        .await?)
}

/// The listener's task: every note of another instance goes to `out`; after a lost
/// connection, `Heard::Reconnected` once listening again. It ends when `out` is dropped.
async fn hear(connect: PgConnectOptions, instance: Instance, out: mpsc::Sender<Heard>) {
    let mut first = true;
    loop {
        let pool = PgPoolOptions::new()
            .max_connections(1)
            .max_lifetime(None)
            .idle_timeout(None)
            .connect_lazy_with(connect.clone());
        let mut listener = match PgListener::connect_with(&pool).await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for other instances; retrying");
                tokio::time::sleep(RETRY).await;
                continue;
            }
        };
        if let Err(e) = listener.listen(CHANNEL).await {
            tracing::warn!(error = %e, "cannot listen for other instances; retrying");
            tokio::time::sleep(RETRY).await;
            continue;
        }
        if !first && out.send(Heard::Reconnected).await.is_err() {
            return;
        }
        first = false;
        loop {
            let heard = match listener.try_recv().await {
                Ok(Some(n)) => match Note::parse(n.payload()) {
                    Some((from, note)) if from != instance => Heard::Note { from, note },
                    Some(_) => continue,
                    None => {
                        tracing::warn!(payload = n.payload(), "an unreadable note");
                        continue;
                    }
                },
                // Connected again at once (and listening): what was sent meanwhile is lost.
                Ok(None) => {
                    tracing::warn!("the listener lost its connection; reading every game again");
                    Heard::Reconnected
                }
                Err(e) => {
                    tracing::warn!(error = %e, "the listener failed; connecting again");
                    tokio::time::sleep(RETRY).await;
                    break;
                }
            };
            if out.send(heard).await.is_err() {
                return;
            }
        }
    }
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
            .connect_with(connect.clone())
            .await?;
        let db = Arc::new(Db {
            pool,
            instance: random_instance(),
        });
        db.migrate().await?;
        let (claims, ops) = mpsc::unbounded_channel();
        tokio::spawn(keep_claims(connect.clone(), ops));
        Ok(Self {
            writer: MoveWriter::start(db.clone(), options),
            db,
            connect,
            listening: std::sync::atomic::AtomicBool::new(false),
            claims,
        })
    }
}

impl Db {
    /// Sends `note` to the other instances on `conn`: in a transaction, once it commits.
    async fn notify(&self, conn: &mut PgConnection, note: &Note) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(note.to_payload(self.instance))
            .execute(conn)
            .await?;
        Ok(())
    }

    /// Tells the other instances, in the transaction on `conn`, that game `id` changed.
    async fn changed(&self, conn: &mut PgConnection, id: &str) -> Result<(), StoreError> {
        self.notify(
            conn,
            &Note::Changed {
                game: id.to_owned(),
            },
        )
        .await
    }

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
        let notes: Vec<String> = moves
            .iter()
            .map(|m| {
                Note::Move {
                    game: m.id.clone(),
                    epoch: m.epoch,
                    ply: m.ply,
                    text: m.text.clone(),
                }
                .to_payload(self.instance)
            })
            .collect();
        // One statement is one transaction: committed (and synced) before it answers.
        let stored: Vec<String> = sqlx::query_scalar(APPEND)
            .bind(&ids)
            .bind(&plies)
            .bind(&texts)
            .bind(&epochs)
            .bind(now())
            .bind(&notes)
            .bind(CHANNEL)
            .fetch_all(&self.pool)
            .await?;
        let stored: std::collections::HashSet<String> = stored.into_iter().collect();
        Ok(moves.iter().map(|m| stored.contains(&m.id)).collect())
    }
}

rows::sql_store!(
    PostgresStore,
    "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY",
    {
        fn shared(&self) -> bool {
            true
        }

        fn instance(&self) -> Instance {
            self.db.instance
        }

        fn listen(&self) -> Option<mpsc::Receiver<Heard>> {
            if self
                .listening
                .swap(true, std::sync::atomic::Ordering::SeqCst)
            {
                return None;
            }
            let (tx, rx) = mpsc::channel(4096);
            tokio::spawn(hear(self.connect.clone(), self.db.instance, tx));
            Some(rx)
        }

        async fn tell(&self, note: &Note) -> Result<(), StoreError> {
            let mut conn = self.db.pool.acquire().await?;
            self.db.notify(&mut conn, note).await
        }

        async fn claim_search(&self, game: &str) -> Result<Option<SearchClaim>, StoreError> {
            let key = search_key(game);
            let (reply, answer) = oneshot::channel();
            let closed = || StoreError::Database("the claims' task has stopped".to_owned());
            self.claims
                .send(ClaimOp::Claim(key, reply))
                .map_err(|_| closed())?;
            if !answer.await.map_err(|_| closed())?? {
                return Ok(None);
            }
            // A claim does not keep the claims' task alive: with the store go its connection
            // and every lock on it.
            let claims = self.claims.downgrade();
            Ok(Some(SearchClaim::new(move || {
                if let Some(claims) = claims.upgrade() {
                    let _ = claims.send(ClaimOp::Release(key));
                }
            })))
        }
    }
);
