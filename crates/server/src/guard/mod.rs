//! What keeps other sites and busy clients in check: the origin of state-changing requests
//! (`origin`), the client's address behind trusted proxies (`client`) and the rate of new games
//! per address (`rate`). Every limit comes from [`crate::Limits`].

mod client;
mod origin;
mod rate;

pub use client::IpRange;
pub(crate) use client::client_ip;
pub use origin::parse_origin;
pub(crate) use origin::{check_json, check_origin};
pub(crate) use rate::RateLimiter;
