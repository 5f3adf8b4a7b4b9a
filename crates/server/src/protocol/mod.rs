//! The wire protocol of docs/protocol.md, typed once: the client's and the server's WebSocket
//! messages (`#[serde(tag = "type")]` enums), the objects they carry (views built from the rules
//! library's values), the JSON API's bodies and the error codes. `tests.rs` holds
//! docs/protocol.md's examples to these types.

mod error;
mod explore;
mod views;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub(crate) use error::{ErrorCode, GameError};
pub(crate) use explore::TraceBody;
pub(crate) use views::{
    AfterView, CaptureView, EventView, GameView, LastMoveView, OffersView, OutcomeView, PerSide,
    PlayedView, PositionView, PresenceView, SeatView, SideView, You,
};

/// The protocol version of docs/protocol.md.
pub(crate) const PROTOCOL: u32 = 2;

/// `since` of `hello`: the last event the client applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Since {
    pub(crate) epoch: u32,
    pub(crate) ply: u32,
}

/// A message from a client (protocol §3.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum ClientMessage {
    Hello {
        protocol: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        since: Option<Since>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        lang: Option<String>,
    },
    Move {
        ply: u32,
        #[serde(rename = "move")]
        text: String,
    },
    Resign,
    Takeback,
    Decline,
    Rematch,
    Ping,
}

impl ClientMessage {
    /// Reads one text frame; what does not parse is the protocol's `bad_message`.
    ///
    /// # Errors
    /// Not JSON, an unknown `type`, or missing fields.
    pub(crate) fn parse(text: &str) -> Result<Self, GameError> {
        serde_json::from_str(text).map_err(|e| GameError::new(ErrorCode::BadMessage, e.to_string()))
    }
}

/// The `move` event (protocol §4.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct MoveEvent {
    pub(crate) epoch: u32,
    pub(crate) ply: u32,
    pub(crate) side: SideView,
    #[serde(rename = "move")]
    pub(crate) text: String,
    pub(crate) trace: Vec<EventView>,
    /// What the move took, for the client's sentence about it.
    pub(crate) captures: Vec<CaptureView>,
    pub(crate) after: AfterView,
}

/// A message from the server (protocol §3.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub(crate) enum ServerMessage {
    State {
        protocol: u32,
        you: Option<You>,
        game: Box<GameView>,
    },
    Move(Box<MoveEvent>),
    Ack {
        ply: u32,
    },
    Error {
        code: ErrorCode,
        message: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ply: Option<u32>,
    },
    Presence(PresenceView),
    Offers(OffersView),
    End {
        outcome: OutcomeView,
    },
    Rematch {
        id: String,
    },
    Pong,
}

impl ServerMessage {
    /// The `error` message of a refusal (`ply` for a refused move).
    pub(crate) fn error(e: GameError, ply: Option<u32>) -> Self {
        Self::Error {
            code: e.code,
            message: e.message,
            ply,
        }
    }

    /// The text frame.
    #[must_use]
    pub(crate) fn to_text(&self) -> String {
        // These types always serialise (string keys, no fallible `Serialize`).
        serde_json::to_string(self).unwrap_or_else(|e| {
            tracing::error!(error = %e, "a server message did not serialise");
            String::new()
        })
    }
}

/// The body of `POST /api/games` (protocol §2), also what the new-game form is read into.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CreateRequest {
    pub(crate) variant: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub(crate) options: Vec<String>,
    pub(crate) opponent: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) level: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) side: Option<String>,
    /// The language of the links in the answer (`en` when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) lang: Option<String>,
}

/// The answer to `POST /api/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CreatedBody {
    pub(crate) id: String,
    pub(crate) side: You,
    pub(crate) secret: String,
    pub(crate) player_url: String,
    pub(crate) invite_url: Option<String>,
    pub(crate) watch_url: String,
}

/// A rule option in `GET /api/variants`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct OptionBody {
    pub(crate) name: String,
    pub(crate) label: String,
}

/// A variant in `GET /api/variants`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct VariantBody {
    pub(crate) slug: String,
    pub(crate) name: String,
    pub(crate) width: usize,
    pub(crate) rows: usize,
    pub(crate) options: Vec<OptionBody>,
}

/// The answer to `GET /api/variants`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct VariantsBody {
    pub(crate) variants: Vec<VariantBody>,
}

/// The code and message of an HTTP error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ErrorDetail {
    pub(crate) code: ErrorCode,
    pub(crate) message: String,
}

/// The body of every HTTP error: `{"error": {"code", "message"}}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ErrorBody {
    pub(crate) error: ErrorDetail,
}

impl From<GameError> for ErrorBody {
    fn from(e: GameError) -> Self {
        Self {
            error: ErrorDetail {
                code: e.code,
                message: e.message,
            },
        }
    }
}
