//! The server's metrics (docs/operations.md, "Metrics"): counters, gauges and histograms kept
//! in atomics, and written out in the Prometheus text exposition format 0.0.4 by `GET
//! /metrics` on the metrics listener (`mancala serve --metrics-addr`), never on the public
//! one. Each metric's name, help and type are written once, as a [`Family`] below.
//!
//! What is counted as it happens: connections (`conn`), WebSockets by role (`ws`), store
//! calls by operation with their latency, and the moves and games they store
//! ([`MeasuredStore`], a wrapper around the store, so that every backend is measured alike).
//! What is read when scraped: the live games and the computer's queue (the hub).

use std::fmt::{Display, Write as _};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use axum::Router;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use mancala::Side;
use tokio::net::TcpListener;

use crate::hub::{Hub, Role};
use crate::store::{
    Heard, Instance, Note, SearchClaim, Store, StoreError, StoredGame, StoredOffers,
};
use crate::{AppState, Limits};

/// The media type of the text exposition format.
pub(crate) const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";

// ---------------------------------------------------------------- the value types

/// A count that only goes up.
#[derive(Debug, Default)]
pub(crate) struct Counter(AtomicU64);

impl Counter {
    pub(crate) fn inc(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// A value that goes up and down.
#[derive(Debug, Default)]
pub(crate) struct Gauge(AtomicI64);

impl Gauge {
    pub(crate) fn inc(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn dec(&self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }

    pub(crate) fn get(&self) -> i64 {
        self.0.load(Ordering::Relaxed)
    }
}

/// The upper bounds of the store latency buckets, in seconds: from a fast SQLite write (well
/// under a millisecond) to a database in trouble.
const STORE_BUCKETS: [f64; 13] = [
    0.000_25, 0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
];

/// Durations in fixed buckets ([`STORE_BUCKETS`]), with their sum.
#[derive(Debug, Default)]
pub(crate) struct Histogram {
    /// Observations per bucket (not cumulative); the last is over every bound.
    buckets: [AtomicU64; STORE_BUCKETS.len() + 1],
    sum_nanos: AtomicU64,
}

impl Histogram {
    fn observe(&self, d: Duration) {
        let s = d.as_secs_f64();
        let i = STORE_BUCKETS
            .iter()
            .position(|&b| s <= b)
            .unwrap_or(STORE_BUCKETS.len());
        self.buckets[i].fetch_add(1, Ordering::Relaxed);
        let nanos = u64::try_from(d.as_nanos()).unwrap_or(u64::MAX);
        self.sum_nanos.fetch_add(nanos, Ordering::Relaxed);
    }
}

// ---------------------------------------------------------------- the metrics

/// A metric's type, as `# TYPE` says it.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Counter,
    Gauge,
    Histogram,
}

/// One metric: its name, what it means, its type.
#[derive(Debug)]
struct Family {
    name: &'static str,
    help: &'static str,
    kind: Kind,
}

const BUILD_INFO: Family = Family {
    name: "mancala_build_info",
    help: "Always 1; the labels name the running version and its git revision.",
    kind: Kind::Gauge,
};
const LIVE_GAMES: Family = Family {
    name: "mancala_live_games",
    help: "Games held in this instance's memory (an open page, a request or a computer search \
           holds one).",
    kind: Kind::Gauge,
};
const CONNECTIONS: Family = Family {
    name: "mancala_http_connections",
    help: "Open HTTP connections of the public listener, WebSockets included.",
    kind: Kind::Gauge,
};
const REFUSED: Family = Family {
    name: "mancala_http_connections_refused_total",
    help: "Connections refused with a 503 by a cap: the server's (--max-connections) or one \
           address's (--max-connections-per-address).",
    kind: Kind::Counter,
};
const WEBSOCKETS: Family = Family {
    name: "mancala_websockets",
    help: "Open game WebSockets that have said hello, by role: player (one seat or both) or \
           spectator.",
    kind: Kind::Gauge,
};
const MOVES: Family = Family {
    name: "mancala_moves_total",
    help: "Moves stored (the players' and the computer's); moves per second is \
           rate(mancala_moves_total[1m]).",
    kind: Kind::Counter,
};
const GAMES: Family = Family {
    name: "mancala_games_created_total",
    help: "Games created.",
    kind: Kind::Counter,
};
const QUEUE_WAITING: Family = Family {
    name: "mancala_computer_queue_waiting",
    help: "Computer searches waiting for a search slot.",
    kind: Kind::Gauge,
};
const QUEUE_RUNNING: Family = Family {
    name: "mancala_computer_queue_running",
    help: "Computer searches holding a search slot.",
    kind: Kind::Gauge,
};
const QUEUE_SLOTS: Family = Family {
    name: "mancala_computer_search_slots",
    help: "Computer searches that may run at once (--searches).",
    kind: Kind::Gauge,
};
const STORE_SECONDS: Family = Family {
    name: "mancala_store_seconds",
    help: "Time the database took to answer, by store operation; append_move includes the \
           wait for its group commit, so it is the time a player waits for the ack.",
    kind: Kind::Histogram,
};
const STORE_ERRORS: Family = Family {
    name: "mancala_store_errors_total",
    help: "Store calls that failed, by operation and error: conflict (another write came \
           first), not_found, database.",
    kind: Kind::Counter,
};

/// A store operation, as its label names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    CreateGame,
    Game,
    AppendMove,
    TakeBack,
    Join,
    Finish,
    SetRematch,
    SetOffers,
    ExpireUnstarted,
    Tell,
    ClaimSearch,
}

impl Op {
    const ALL: [Self; 11] = [
        Self::CreateGame,
        Self::Game,
        Self::AppendMove,
        Self::TakeBack,
        Self::Join,
        Self::Finish,
        Self::SetRematch,
        Self::SetOffers,
        Self::ExpireUnstarted,
        Self::Tell,
        Self::ClaimSearch,
    ];

    const fn name(self) -> &'static str {
        match self {
            Self::CreateGame => "create_game",
            Self::Game => "game",
            Self::AppendMove => "append_move",
            Self::TakeBack => "take_back",
            Self::Join => "join",
            Self::Finish => "finish",
            Self::SetRematch => "set_rematch",
            Self::SetOffers => "set_offers",
            Self::ExpireUnstarted => "expire_unstarted",
            Self::Tell => "tell",
            Self::ClaimSearch => "claim_search",
        }
    }
}

/// The kinds of store error, as their label names them.
const ERRORS: [&str; 3] = ["conflict", "not_found", "database"];

fn error_index(e: &StoreError) -> usize {
    match e {
        StoreError::Conflict(_) => 0,
        StoreError::NotFound(_) => 1,
        StoreError::InUse(_) | StoreError::Database(_) => 2,
    }
}

/// One store operation's figures.
#[derive(Debug, Default)]
struct OpFigures {
    latency: Histogram,
    errors: [Counter; ERRORS.len()],
}

/// Everything counted as it happens, for one server.
#[derive(Debug, Default)]
pub(crate) struct Metrics {
    /// Open connections of the public listener.
    pub(crate) connections: Gauge,
    /// Connections refused by the server's cap.
    pub(crate) refused_server: Counter,
    /// Connections refused by one address's cap.
    pub(crate) refused_address: Counter,
    ws_players: Gauge,
    ws_spectators: Gauge,
    moves: Counter,
    games: Counter,
    store: [OpFigures; Op::ALL.len()],
}

/// An open WebSocket, counted while this lives.
#[derive(Debug)]
pub(crate) struct SocketCount {
    metrics: Arc<Metrics>,
    spectator: bool,
}

impl Drop for SocketCount {
    fn drop(&mut self) {
        self.metrics.sockets(self.spectator).dec();
    }
}

impl Metrics {
    fn sockets(&self, spectator: bool) -> &Gauge {
        if spectator {
            &self.ws_spectators
        } else {
            &self.ws_players
        }
    }

    /// Counts a WebSocket of `role` until the returned value is dropped.
    pub(crate) fn websocket(self: &Arc<Self>, role: Role) -> SocketCount {
        let spectator = role == Role::Spectator;
        self.sockets(spectator).inc();
        SocketCount {
            metrics: Arc::clone(self),
            spectator,
        }
    }

    fn stored(&self, op: Op, took: Duration, error: Option<&StoreError>) {
        // `Op::ALL` lists the operations in their declared order.
        let figures = &self.store[op as usize];
        figures.latency.observe(took);
        match error {
            Some(e) => figures.errors[error_index(e)].inc(),
            None if op == Op::AppendMove => self.moves.inc(),
            None if op == Op::CreateGame => self.games.inc(),
            None => {}
        }
    }

    /// The exposition of every metric, with the hub's figures read now.
    pub(crate) fn render(&self, hub: &Hub) -> String {
        let mut t = Text::default();
        let revision = env!("MANCALA_GIT_HASH");
        t.family(&BUILD_INFO);
        t.sample(
            BUILD_INFO.name,
            &[
                ("version", env!("CARGO_PKG_VERSION")),
                ("revision", revision),
            ],
            1,
        );
        t.family(&LIVE_GAMES);
        t.sample(LIVE_GAMES.name, &[], hub.live_games());
        t.family(&CONNECTIONS);
        t.sample(CONNECTIONS.name, &[], self.connections.get());
        t.family(&REFUSED);
        t.sample(
            REFUSED.name,
            &[("cap", "server")],
            self.refused_server.get(),
        );
        t.sample(
            REFUSED.name,
            &[("cap", "address")],
            self.refused_address.get(),
        );
        t.family(&WEBSOCKETS);
        t.sample(
            WEBSOCKETS.name,
            &[("role", "player")],
            self.ws_players.get(),
        );
        t.sample(
            WEBSOCKETS.name,
            &[("role", "spectator")],
            self.ws_spectators.get(),
        );
        t.family(&MOVES);
        t.sample(MOVES.name, &[], self.moves.get());
        t.family(&GAMES);
        t.sample(GAMES.name, &[], self.games.get());
        let queue = hub.queue_figures();
        t.family(&QUEUE_WAITING);
        t.sample(QUEUE_WAITING.name, &[], queue.waiting);
        t.family(&QUEUE_RUNNING);
        t.sample(QUEUE_RUNNING.name, &[], queue.running);
        t.family(&QUEUE_SLOTS);
        t.sample(QUEUE_SLOTS.name, &[], queue.slots);
        t.family(&STORE_SECONDS);
        for (op, f) in Op::ALL.iter().zip(&self.store) {
            t.histogram(STORE_SECONDS.name, ("operation", op.name()), &f.latency);
        }
        t.family(&STORE_ERRORS);
        for (op, f) in Op::ALL.iter().zip(&self.store) {
            for (error, count) in ERRORS.iter().zip(&f.errors) {
                t.sample(
                    STORE_ERRORS.name,
                    &[("operation", op.name()), ("error", error)],
                    count.get(),
                );
            }
        }
        t.0
    }
}

// ---------------------------------------------------------------- the text format

/// The exposition being written.
#[derive(Debug, Default)]
struct Text(String);

impl Text {
    fn family(&mut self, f: &Family) {
        let kind = match f.kind {
            Kind::Counter => "counter",
            Kind::Gauge => "gauge",
            Kind::Histogram => "histogram",
        };
        // Help text escapes `\` and line breaks; ours has neither, but the format is kept.
        let help = f.help.replace('\\', r"\\").replace('\n', r"\n");
        let _ = writeln!(self.0, "# HELP {} {help}", f.name);
        let _ = writeln!(self.0, "# TYPE {} {kind}", f.name);
    }

    fn sample(&mut self, name: &str, labels: &[(&str, &str)], value: impl Display) {
        self.0.push_str(name);
        if !labels.is_empty() {
            self.0.push('{');
            for (i, (k, v)) in labels.iter().enumerate() {
                if i > 0 {
                    self.0.push(',');
                }
                let v = v
                    .replace('\\', r"\\")
                    .replace('"', "\\\"")
                    .replace('\n', r"\n");
                let _ = write!(self.0, "{k}=\"{v}\"");
            }
            self.0.push('}');
        }
        let _ = writeln!(self.0, " {value}");
    }

    /// A histogram's cumulative buckets, sum and count; the count is the `+Inf` bucket's, so
    /// that the two agree even while observations come in.
    fn histogram(&mut self, name: &str, label: (&str, &str), h: &Histogram) {
        let bucket = format!("{name}_bucket");
        let mut total = 0_u64;
        for (i, n) in h.buckets.iter().enumerate() {
            total += n.load(Ordering::Relaxed);
            let le = STORE_BUCKETS
                .get(i)
                .map_or_else(|| "+Inf".to_owned(), ToString::to_string);
            self.sample(&bucket, &[label, ("le", &le)], total);
        }
        #[allow(clippy::cast_precision_loss, reason = "a sum of seconds for a chart")]
        let sum = h.sum_nanos.load(Ordering::Relaxed) as f64 / 1e9;
        self.sample(&format!("{name}_sum"), &[label], sum);
        self.sample(&format!("{name}_count"), &[label], total);
    }
}

// ---------------------------------------------------------------- the listener

/// Scrapes are few and come from one or two Prometheus servers: a small cap on connections.
const SCRAPERS: usize = 16;

/// `GET /metrics` and nothing else.
pub(crate) fn router(state: AppState) -> Router {
    Router::new()
        .route("/metrics", get(exposition))
        .with_state(state)
}

async fn exposition(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, CONTENT_TYPE)],
        state.metrics.render(&state.hub),
    )
}

/// Serves [`router`] on `listener` until the server shuts down, with the site's connection
/// timeouts and a small cap (its connections are not counted with the site's).
pub(crate) async fn serve(listener: TcpListener, state: AppState) {
    let limits = Limits {
        max_connections: SCRAPERS,
        max_connections_per_address: SCRAPERS,
        ..(*state.limits).clone()
    };
    let stop = state.shutdown.clone();
    let mut stopping = stop.clone();
    let stopped = async move {
        // An error: the server is gone, so stop too.
        let _ = stopping.wait_for(|&s| s).await;
    };
    let uncounted = Arc::new(Metrics::default());
    crate::conn::serve(listener, router(state), &limits, &uncounted, stop, stopped).await;
}

// ---------------------------------------------------------------- the store, measured

/// A store whose calls are timed and counted by operation (the moves and games stored among
/// them); everything else is the inner store's.
#[derive(Debug)]
pub(crate) struct MeasuredStore {
    inner: Arc<dyn Store>,
    metrics: Arc<Metrics>,
}

impl MeasuredStore {
    pub(crate) fn new(inner: Arc<dyn Store>, metrics: Arc<Metrics>) -> Self {
        Self { inner, metrics }
    }

    async fn measure<T>(
        &self,
        op: Op,
        call: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        let start = Instant::now();
        let result = call.await;
        self.metrics
            .stored(op, start.elapsed(), result.as_ref().err());
        result
    }
}

#[async_trait]
impl Store for MeasuredStore {
    async fn create_game(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.measure(Op::CreateGame, self.inner.create_game(game))
            .await
    }

    async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.measure(Op::Game, self.inner.game(id)).await
    }

    async fn append_move(
        &self,
        id: &str,
        epoch: u32,
        ply: u32,
        text: &str,
    ) -> Result<(), StoreError> {
        self.measure(Op::AppendMove, self.inner.append_move(id, epoch, ply, text))
            .await
    }

    async fn take_back(&self, id: &str, keep: u32, epoch: u32) -> Result<(), StoreError> {
        self.measure(Op::TakeBack, self.inner.take_back(id, keep, epoch))
            .await
    }

    async fn join(
        &self,
        id: &str,
        invite_hash: &str,
        side: Side,
        secret_hash: &str,
    ) -> Result<(), StoreError> {
        self.measure(
            Op::Join,
            self.inner.join(id, invite_hash, side, secret_hash),
        )
        .await
    }

    async fn finish(
        &self,
        id: &str,
        result: &str,
        resigned: Option<Side>,
    ) -> Result<(), StoreError> {
        self.measure(Op::Finish, self.inner.finish(id, result, resigned))
            .await
    }

    async fn set_rematch(&self, id: &str, next: &str) -> Result<(), StoreError> {
        self.measure(Op::SetRematch, self.inner.set_rematch(id, next))
            .await
    }

    async fn set_offers(&self, id: &str, offers: &StoredOffers) -> Result<(), StoreError> {
        self.measure(Op::SetOffers, self.inner.set_offers(id, offers))
            .await
    }

    async fn expire_unstarted(&self, created_by: i64) -> Result<u64, StoreError> {
        self.measure(Op::ExpireUnstarted, self.inner.expire_unstarted(created_by))
            .await
    }

    fn shared(&self) -> bool {
        self.inner.shared()
    }

    fn instance(&self) -> Instance {
        self.inner.instance()
    }

    fn listen(&self) -> Option<tokio::sync::mpsc::Receiver<Heard>> {
        self.inner.listen()
    }

    async fn tell(&self, note: &Note) -> Result<(), StoreError> {
        self.measure(Op::Tell, self.inner.tell(note)).await
    }

    async fn claim_search(&self, game: &str) -> Result<Option<SearchClaim>, StoreError> {
        self.measure(Op::ClaimSearch, self.inner.claim_search(game))
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_histogram_is_cumulative_and_its_count_is_the_last_bucket() {
        let h = Histogram::default();
        for ms in [0, 3, 3, 20, 10_000] {
            h.observe(Duration::from_millis(ms));
        }
        let mut t = Text::default();
        t.histogram("x", ("operation", "game"), &h);
        let line = |le: &str| {
            let head = format!("x_bucket{{operation=\"game\",le=\"{le}\"}} ");
            t.0.lines()
                .find_map(|l| l.strip_prefix(head.as_str()))
                .map(str::to_owned)
        };
        assert_eq!(line("0.00025").as_deref(), Some("1"));
        assert_eq!(line("0.0025").as_deref(), Some("1"));
        assert_eq!(line("0.005").as_deref(), Some("3"));
        assert_eq!(line("0.025").as_deref(), Some("4"));
        assert_eq!(line("2.5").as_deref(), Some("4"));
        assert_eq!(line("+Inf").as_deref(), Some("5"));
        assert!(t.0.contains("x_count{operation=\"game\"} 5\n"), "{}", t.0);
        assert!(
            t.0.contains("x_sum{operation=\"game\"} 10.026\n"),
            "{}",
            t.0
        );
    }

    #[test]
    fn label_values_are_escaped() {
        let mut t = Text::default();
        t.sample("x", &[("a", "q\"b\\n\nl")], 2);
        assert_eq!(t.0, "x{a=\"q\\\"b\\\\n\\nl\"} 2\n");
    }
}
