//! The error codes of docs/protocol.md §2 and §3.4, each with its HTTP status and log level,
//! and the one error type that carries them.

use std::fmt;

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use tracing::Level;

/// What went wrong, as the wire names it (`"illegal_move"`, `"stale_ply"`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ErrorCode {
    /// Not JSON, an unknown `type`, or missing fields.
    BadMessage,
    /// Another protocol version, or a message before `hello`.
    Protocol,
    /// The request needs a seat and has none.
    NotPlayer,
    /// A move by the side not to move.
    NotYourTurn,
    /// The game is over.
    GameOver,
    /// Not the next ply.
    StalePly,
    /// The move does not parse or is not legal.
    IllegalMove,
    /// No offer to decline.
    NoOffer,
    /// No own move to take back.
    NothingToTakeBack,
    /// A rematch while the game is on.
    NotOver,
    /// The computer's queue has no place for another search (for this client, or at all).
    ComputerBusy,
    /// The database failed.
    Store,
    /// Something that cannot happen did (the cause is logged, never sent).
    Internal,
    /// A bad HTTP request (the JSON API or a form).
    BadRequest,
    /// No such game, page or asset.
    NotFound,
    /// A form, API call or WebSocket from another site's page.
    CrossSite,
    /// A JSON API body not declared `application/json`.
    UnsupportedMediaType,
    /// Too many new games from one client address.
    RateLimited,
}

impl ErrorCode {
    /// The HTTP status of a request refused with this code.
    #[must_use]
    pub(crate) const fn status(self) -> StatusCode {
        match self {
            Self::NotPlayer | Self::CrossSite => StatusCode::FORBIDDEN,
            Self::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::StalePly | Self::GameOver | Self::NotYourTurn => StatusCode::CONFLICT,
            Self::Store | Self::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            Self::ComputerBusy => StatusCode::SERVICE_UNAVAILABLE,
            Self::BadMessage
            | Self::Protocol
            | Self::IllegalMove
            | Self::NoOffer
            | Self::NothingToTakeBack
            | Self::NotOver
            | Self::BadRequest => StatusCode::BAD_REQUEST,
        }
    }

    /// How loudly a refusal with this code is logged: the server's own failures are errors,
    /// a client's mistakes are only debug.
    #[must_use]
    pub(crate) const fn level(self) -> Level {
        match self {
            Self::Store | Self::Internal => Level::ERROR,
            _ => Level::DEBUG,
        }
    }
}

/// The code as the wire writes it (`illegal_move`), for logs: serde's name, so it is written
/// in one place.
impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(name)) => f.write_str(&name),
            _ => write!(f, "{self:?}"),
        }
    }
}

/// A refused request: a code and a sentence that is safe to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameError {
    /// The code.
    pub(crate) code: ErrorCode,
    /// For people.
    pub(crate) message: String,
}

impl GameError {
    pub(crate) fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    /// A failure of the server itself: `cause` is logged, the client gets `message` only.
    pub(crate) fn internal(cause: &dyn fmt::Display, message: &str) -> Self {
        tracing::error!(error = %cause, "{message}");
        Self::new(ErrorCode::Internal, message)
    }

    /// The database failed: the cause is logged, the client is asked to try again.
    pub(crate) fn store(cause: &dyn fmt::Display) -> Self {
        tracing::error!(error = %cause, "store failed");
        Self::new(ErrorCode::Store, "the game could not be saved; try again")
    }

    pub(crate) fn not_found(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::NotFound, message)
    }

    pub(crate) fn bad_request(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::BadRequest, message)
    }

    /// Logs this refusal at its code's level, saying `what` was refused.
    pub(crate) fn log(&self, what: &str) {
        let (code, message) = (self.code, self.message.as_str());
        match self.code.level() {
            Level::ERROR => tracing::error!(%code, message, "{what}"),
            Level::WARN => tracing::warn!(%code, message, "{what}"),
            Level::INFO => tracing::info!(%code, message, "{what}"),
            Level::DEBUG => tracing::debug!(%code, message, "{what}"),
            _ => tracing::trace!(%code, message, "{what}"),
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for GameError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logs_name_the_code_as_the_wire_does() {
        assert_eq!(ErrorCode::IllegalMove.to_string(), "illegal_move");
        let e = GameError::new(ErrorCode::StalePly, "ply 2 is not the next ply");
        assert_eq!(e.to_string(), "stale_ply: ply 2 is not the next ply");
    }
}
