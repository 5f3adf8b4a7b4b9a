//! The mancala play site: server-rendered pages, a JSON API and a WebSocket game protocol
//! (docs/protocol.md) over one store (SQLite by default).

pub mod store;

mod client_addr;
mod conn;
mod draw;
mod figures;
#[doc(hidden)]
pub mod fuzzing;
mod guard;
mod headers;
mod http;
mod hub;
pub mod i18n;
mod ids;
mod limits;
mod metrics;
mod pages;
mod protocol;
mod rules_pages;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::watch;

pub use guard::{IpRange, parse_origin};
pub use hub::{Hub, QueueHold};
pub use limits::Limits;
pub use pages::version;
pub use store::{Store, StoreError, StoreOptions, connect, connect_with};

/// The `position` object of docs/protocol.md §4.3 for `pos`, as the server sends it.
#[must_use]
pub fn position_json(pos: &mancala::Position) -> serde_json::Value {
    serde_json::to_value(protocol::PositionView::from(pos)).unwrap_or_default()
}

/// What every route shares.
#[derive(Clone, Debug)]
pub struct AppState {
    /// The games.
    pub hub: Arc<Hub>,
    /// Set to `true` when the server shuts down: open WebSockets close.
    pub shutdown: watch::Receiver<bool>,
    /// The operator's limits.
    pub limits: Arc<Limits>,
    /// New games per client address (`limits.create_burst`, `create_per_hour`).
    creations: Arc<guard::RateLimiter>,
    /// What `/metrics` reports (its store figures come from the hub's store, measured).
    metrics: Arc<metrics::Metrics>,
}

impl AppState {
    /// A state over `store`, with at most `searches` computer searches at once; the returned
    /// sender shuts the WebSockets down.
    #[must_use]
    pub fn new(store: Arc<dyn Store>, searches: usize) -> (Self, watch::Sender<bool>) {
        Self::with_limits(store, searches, Limits::default())
    }

    /// A state over `store` as [`AppState::new`], with the operator's `limits`.
    #[must_use]
    pub fn with_limits(
        store: Arc<dyn Store>,
        searches: usize,
        limits: Limits,
    ) -> (Self, watch::Sender<bool>) {
        let (tx, rx) = watch::channel(false);
        let metrics = Arc::new(metrics::Metrics::default());
        let store = Arc::new(metrics::MeasuredStore::new(store, Arc::clone(&metrics)));
        (
            Self {
                hub: Hub::start(store, searches, &limits),
                metrics,
                shutdown: rx,
                creations: Arc::new(guard::RateLimiter::new(
                    limits.create_burst,
                    limits.create_per_hour,
                )),
                limits: Arc::new(limits),
            },
            tx,
        )
    }

    /// Deletes the unstarted games older than `limits.unstarted_expiry` (the server does this
    /// every hour by itself); returns how many went.
    ///
    /// # Errors
    /// The store failed.
    pub async fn expire_unstarted(&self) -> Result<u64, StoreError> {
        let age = i64::try_from(self.limits.unstarted_expiry.as_secs()).unwrap_or(i64::MAX);
        self.hub
            .expire_unstarted(ids::now().saturating_sub(age))
            .await
    }

    /// Sweeps the unstarted games every hour, or every `limits.unstarted_expiry` if that is
    /// shorter, until the server shuts down.
    async fn sweep_unstarted(self) {
        let every = self
            .limits
            .unstarted_expiry
            .clamp(Duration::from_secs(1), Duration::from_secs(3600));
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut shutdown = self.shutdown.clone();
        loop {
            tokio::select! {
                _ = tick.tick() => match self.expire_unstarted().await {
                    Ok(0) => {}
                    Ok(n) => tracing::info!(games = n, "unstarted games expired"),
                    Err(e) => tracing::error!(error = %e, "expiring unstarted games failed"),
                },
                _ = shutdown.changed() => return,
            }
        }
    }
}

/// The whole site as a router (tested without sockets via `oneshot`).
pub fn app(state: AppState) -> Router {
    http::router(state)
}

/// The metrics listener's site: `GET /metrics` in the Prometheus text format
/// (docs/operations.md, "Metrics"), and nothing else. The public site ([`app`]) does not
/// serve it.
pub fn metrics_app(state: AppState) -> Router {
    metrics::router(state)
}

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub bind: SocketAddr,
    /// The database, e.g. `sqlite://mancala.db`.
    pub database_url: String,
    /// Computer searches at once (each takes one core for up to a second).
    pub searches: usize,
    /// The operator's limits.
    pub limits: Limits,
}

/// A server bound to its address, ready to run.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    /// The metrics listener, if one was bound.
    metrics: Option<TcpListener>,
    state: AppState,
    shutdown: watch::Sender<bool>,
}

/// A failure to start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database.
    #[error("database: {0}")]
    Store(#[from] StoreError),
    /// The socket.
    #[error("cannot listen on {0}: {1}")]
    Bind(SocketAddr, std::io::Error),
    /// Serving.
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
}

impl Server {
    /// Opens the database (migrating it) and binds the address.
    ///
    /// # Errors
    /// The database cannot be opened, or the address cannot be bound.
    pub async fn bind(config: &Config) -> Result<Self, ServeError> {
        let store = connect(&config.database_url).await?;
        let listener = TcpListener::bind(config.bind)
            .await
            .map_err(|e| ServeError::Bind(config.bind, e))?;
        let (state, shutdown) =
            AppState::with_limits(store, config.searches, config.limits.clone());
        Ok(Self {
            listener,
            metrics: None,
            state,
            shutdown,
        })
    }

    /// The address actually bound (port 0 picks a free one).
    ///
    /// # Errors
    /// The socket has no address.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Binds `addr` for the metrics (served by [`Server::run`] beside the site, until it
    /// stops); returns the address actually bound. Whoever reaches it reads the metrics: bind
    /// it to a loopback or private address.
    ///
    /// # Errors
    /// The address cannot be bound.
    pub async fn bind_metrics(&mut self, addr: SocketAddr) -> Result<SocketAddr, ServeError> {
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|e| ServeError::Bind(addr, e))?;
        let bound = listener.local_addr()?;
        self.metrics = Some(listener);
        Ok(bound)
    }

    /// Serves until `signal` completes, then closes the WebSockets and finishes the requests
    /// in flight. Connections are capped and timed by the limits (docs/operations.md,
    /// "Limits"); each request carries its client's address as `ConnectInfo<SocketAddr>`.
    ///
    /// # Errors
    /// None today: a failure to accept a connection pauses the accept loop and is logged.
    pub async fn run(
        self,
        signal: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        let shutdown = self.shutdown;
        tokio::spawn(self.state.clone().sweep_unstarted());
        let limits = Arc::clone(&self.state.limits);
        let stop = self.state.shutdown.clone();
        let hub = Arc::clone(&self.state.hub);
        if let Some(listener) = self.metrics {
            tokio::spawn(metrics::serve(listener, self.state.clone()));
        }
        let counted = Arc::clone(&self.state.metrics);
        conn::serve(
            self.listener,
            app(self.state),
            &limits,
            &counted,
            stop,
            async move {
                signal.await;
                let _ = shutdown.send(true);
            },
        )
        .await;
        hub.leave().await;
        Ok(())
    }
}
