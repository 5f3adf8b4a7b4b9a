//! The server's limits and policies that an operator may set (docs/operations.md, "Limits"):
//! one struct, filled from flags and environment variables by `mancala serve`, shared by every
//! route through [`crate::AppState`]. Each limit has a documented default that suits one small
//! site; tests and the load benchmark set their own.

use std::time::Duration;

use crate::guard::IpRange;

/// Every configurable limit of the server.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// The largest WebSocket message a client may send, in bytes; a bigger one closes the
    /// connection with 1009. Default 16 KiB (client messages are a few dozen bytes).
    pub ws_max_message: usize,
    /// How often the server pings each WebSocket (a ping frame). Default 30 s.
    pub ws_ping_interval: Duration,
    /// How long a ping may wait for its pong (or any frame) before the connection is closed as
    /// vanished. Default 20 s.
    pub ws_pong_timeout: Duration,
    /// How long a WebSocket may go without a client message (any text message, the protocol's
    /// `ping` included; pong frames do not count) before it is closed as idle. Default 10 min;
    /// the play page pings every 25 s at most (a third of this when shorter).
    pub ws_idle_timeout: Duration,
    /// Client messages a WebSocket may send at once before the rate applies (a token
    /// bucket's size). Default 30.
    pub ws_message_burst: u32,
    /// Client messages per second a WebSocket may send over time (the bucket's refill); more
    /// close the connection with 1008. Default 5.
    pub ws_messages_per_second: u32,
    /// Computer searches that may wait for a search slot, over all games; past it the player
    /// is told the computer is busy. Default 64.
    pub computer_queue: usize,
    /// Games of one client address that may wait for (or be in) a computer search at once.
    /// Default 4.
    pub computer_per_client: usize,
    /// Origins (`https://host[:port]`, as [`crate::parse_origin`] writes them) whose pages may
    /// post the forms, call the JSON API and open game connections, besides the request's own
    /// host. Default: none.
    pub allowed_origins: Vec<String>,
    /// Peers whose `Forwarded` / `X-Forwarded-For` names the client's address (a reverse proxy
    /// in front of the server). Default: none, so the peer is the client.
    pub trusted_proxies: Vec<IpRange>,
    /// New games one client address may create at once (the JSON API and the form together);
    /// 0 turns the limit off. Default: 30.
    pub create_burst: u32,
    /// New games an hour that refill an address's burst; 0 never refills. Default: 600.
    pub create_per_hour: u32,
    /// How long an unstarted game is kept (see [`crate::Store::expire_unstarted`]); the server
    /// sweeps them every hour, or every `unstarted_expiry` if that is shorter. Default: 7 days.
    pub unstarted_expiry: Duration,
    /// How long a client may take to send a request's headers, from its first byte (default
    /// 10 s); then the connection is closed.
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body, once its headers are in (default
    /// 30 s); then it gets a 408 and the connection is closed.
    pub body_timeout: Duration,
    /// How long a connection may wait for its next request (a new connection for its first)
    /// before it is closed (default 60 s).
    pub idle_timeout: Duration,
    /// Open connections at once, WebSockets included (default 4,096, and never more than the
    /// process's open-file limit allows, less a reserve); over it, a 503.
    pub max_connections: usize,
    /// Open connections at once from one client address (default 128: a school behind one
    /// NAT address has a WebSocket a game page and a few idle connections a browser); over
    /// it, a 503. Behind a reverse proxy every client has the proxy's address: raise it to
    /// `max_connections`.
    pub max_connections_per_address: usize,
    /// The site's public URL, e.g. `https://mancala.example` (default none). When it is https,
    /// every response carries HSTS and every cookie is `Secure`.
    pub public_url: Option<String>,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            ws_max_message: 16 * 1024,
            ws_ping_interval: Duration::from_secs(30),
            ws_pong_timeout: Duration::from_secs(20),
            ws_idle_timeout: Duration::from_secs(600),
            ws_message_burst: 30,
            ws_messages_per_second: 5,
            computer_queue: 64,
            computer_per_client: 4,
            allowed_origins: Vec::new(),
            trusted_proxies: Vec::new(),
            create_burst: 30,
            create_per_hour: 600,
            unstarted_expiry: Duration::from_secs(7 * 24 * 3600),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(60),
            max_connections: 4096,
            max_connections_per_address: 128,
            public_url: None,
        }
    }
}

impl Limits {
    /// How often the play page should send its `ping` so that an open page is never idle:
    /// 25 s, or a third of the idle timeout when that is shorter.
    #[must_use]
    pub fn keepalive(&self) -> Duration {
        (self.ws_idle_timeout / 3).min(Duration::from_secs(25))
    }

    /// Whether the site is served over https (its public URL says so).
    #[must_use]
    pub fn https(&self) -> bool {
        self.public_url.as_deref().is_some_and(|u| {
            u.get(..8)
                .is_some_and(|s| s.eq_ignore_ascii_case("https://"))
        })
    }
}
