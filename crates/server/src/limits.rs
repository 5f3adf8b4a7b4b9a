//! The server's limits and policies that an operator may set (docs/operations.md, "Limits"):
//! one struct, filled from flags and environment variables by `mancala serve`, shared by every
//! route through [`crate::AppState`]. Each limit has a documented default that suits one small
//! site; tests and the load benchmark set their own.

/// Every configurable limit of the server.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {}

#[allow(
    clippy::derivable_impls,
    reason = "each limit's default is written here beside its field's documentation"
)]
impl Default for Limits {
    fn default() -> Self {
        Self {}
    }
}
