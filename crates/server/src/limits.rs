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
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            allowed_origins: Vec::new(),
            trusted_proxies: Vec::new(),
            create_burst: 30,
            create_per_hour: 600,
            unstarted_expiry: Duration::from_secs(7 * 24 * 3600),
        }
    }
}
