//! The server's limits and policies that an operator may set (docs/operations.md, "Limits"):
//! one struct, filled from flags and environment variables by `mancala serve`, shared by every
//! route through [`crate::AppState`]. Each limit has a documented default that suits one small
//! site; tests and the load benchmark set their own.

use std::time::Duration;

/// Every configurable limit of the server.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
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

impl Limits {
    /// Whether the site is served over https (its public URL says so).
    #[must_use]
    pub fn https(&self) -> bool {
        self.public_url.as_deref().is_some_and(|u| {
            u.get(..8)
                .is_some_and(|s| s.eq_ignore_ascii_case("https://"))
        })
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(60),
            max_connections: 4096,
            max_connections_per_address: 128,
            public_url: None,
        }
    }
}
