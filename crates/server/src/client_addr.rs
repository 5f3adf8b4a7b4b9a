//! The address of the client behind a request: the peer of its connection (when the server
//! runs with connection info: `Server::run` does; a router driven without sockets has none), or
//! behind a trusted proxy the address it forwards (`guard::client_ip`). Every per-client limit
//! (new games, the computer's queue) counts by it.

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use crate::AppState;
use crate::guard;

/// The client's address, if known.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ClientAddr(pub(crate) Option<IpAddr>);

impl FromRequestParts<AppState> for ClientAddr {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Infallible> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Ok(Self(guard::client_ip(
            peer,
            &parts.headers,
            &state.limits.trusted_proxies,
        )))
    }
}
