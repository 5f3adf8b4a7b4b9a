//! Entry points for the fuzzer (crates/fuzz, docs/fuzzing.md), which cannot reach the
//! WebSocket's types from outside: a client message read as the socket reads it, and applied to
//! a live game through the socket's own command path (`answer` in ws.rs), without a
//! socket. Not an API of the server.

use crate::AppState;
use crate::hub::Held;
use crate::protocol::ClientMessage;

/// Reads one text frame as the WebSocket does; a message that reads is written back as the
/// JSON the protocol's types make of it.
///
/// # Errors
/// The `bad_message` refusal's text.
pub fn read_client_message(text: &str) -> Result<String, String> {
    let msg = ClientMessage::parse(text).map_err(|e| e.message)?;
    serde_json::to_string(&msg).map_err(|e| e.to_string())
}

/// A game held in memory, to send client messages to as a connection would.
#[derive(Debug)]
pub struct LiveGame {
    state: AppState,
    held: Held,
}

impl LiveGame {
    /// The stored game `id`, held until this is dropped; `None` when there is no such game or
    /// the store failed.
    pub async fn open(state: &AppState, id: &str) -> Option<Self> {
        let held = state.hub.hold(id).await.ok()??;
        Some(Self {
            state: state.clone(),
            held,
        })
    }

    /// The reply of the connection of `seat` (a seat secret, or `None` to watch) to one text
    /// frame: the `ack`, `error` or `pong` it would send, as JSON, or `None` when the message
    /// has no direct reply.
    pub async fn send(&self, seat: Option<&str>, text: &str) -> Option<String> {
        let role = self.held.lock().await.role(seat);
        crate::ws::answer(&self.state.hub, &self.held, role, None, text).await
    }

    /// The game as the JSON API shows it to a spectator (`GET /api/games/{id}`).
    pub async fn view(&self) -> String {
        let live = self.held.lock().await;
        let view = live.game_view(self.held.id(), None, crate::i18n::Lang::En);
        serde_json::to_string(&view).unwrap_or_default()
    }
}
