//! The WebSocket of docs/protocol.md §3: one connection per open game page.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{broadcast, mpsc};

use crate::hub::{Broadcast, GameHandle, Held, Hub, Role};
use crate::protocol::{ClientMessage, ErrorCode, GameError, PROTOCOL, ServerMessage};

/// How long a client may take to say hello.
const HELLO_TIMEOUT: Duration = Duration::from_secs(30);

/// The `error` message of a refusal, logged at its code's level.
fn refusal(e: GameError, ply: Option<u32>) -> ServerMessage {
    e.log("message refused");
    ServerMessage::error(e, ply)
}

/// Serves one connection until it closes or the server shuts down.
pub(crate) async fn connection(
    socket: WebSocket,
    hub: Arc<Hub>,
    handle: Held,
    cookie_secret: Option<String>,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
) {
    let (mut sink, mut stream) = socket.split();
    let (out, mut out_rx) = mpsc::channel::<String>(64);
    let writer = tokio::spawn(async move {
        while let Some(text) = out_rx.recv().await {
            if sink
                .send(Message::Text(Utf8Bytes::from(text)))
                .await
                .is_err()
            {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let send = |text: String| {
        let out = out.clone();
        async move { out.send(text).await.is_ok() }
    };

    // Hello first.
    let hello = tokio::time::timeout(HELLO_TIMEOUT, async {
        loop {
            match stream.next().await {
                Some(Ok(Message::Text(t))) => return Some(ClientMessage::parse(t.as_str())),
                Some(Ok(Message::Close(_)) | Err(_)) | None => return None,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    // A refusal is said (when there is something to say) before the connection closes.
    let hello = match hello {
        Ok(Some(Ok(ClientMessage::Hello {
            protocol,
            seat,
            since,
            lang,
        }))) if protocol == PROTOCOL => Ok((seat.or(cookie_secret), since, lang)),
        Ok(Some(Ok(ClientMessage::Hello { protocol, .. }))) => Err(Some(GameError::new(
            ErrorCode::Protocol,
            format!("this server speaks protocol {PROTOCOL}, not {protocol}"),
        ))),
        Ok(Some(Ok(_))) => Err(Some(GameError::new(
            ErrorCode::Protocol,
            "send hello first",
        ))),
        Ok(Some(Err(e))) => Err(Some(e)),
        Ok(None) | Err(_) => Err(None),
    };
    let (seat, since, lang) = match hello {
        Ok(h) => h,
        Err(refused) => {
            if let Some(e) = refused {
                send(refusal(e, None).to_text()).await;
            }
            drop(out);
            let _ = writer.await;
            return;
        }
    };
    let lang = lang
        .as_deref()
        .and_then(crate::i18n::Lang::from_code)
        .unwrap_or(crate::i18n::Lang::En);

    // Subscribe under the lock, so that no event falls between the snapshot and the stream.
    let (role, mut rx, first) = {
        let live = handle.lock().await;
        let role = live.role(seat.as_deref());
        let rx = handle.subscribe();
        let first = live
            .catch_up(since.map(|s| (s.epoch, s.ply)))
            .unwrap_or_else(|| vec![live.state_message(handle.id(), role, lang)]);
        (role, rx, first)
    };
    for m in first {
        send(m.to_text()).await;
    }
    hub.presence(&handle, role, true).await;

    loop {
        tokio::select! {
            incoming = stream.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let reply = answer(&hub, &handle, role, text.as_str()).await;
                // What the request caused (its move event) goes out before its reply (the
                // ack), as docs/protocol.md §3.3 orders them.
                let mut open = true;
                loop {
                    let b = match rx.try_recv() {
                        Ok(b) => Ok(b),
                        Err(broadcast::error::TryRecvError::Lagged(n)) => {
                            Err(broadcast::error::RecvError::Lagged(n))
                        }
                        Err(_) => break,
                    };
                    if let Some(t) = forward(&handle, role, lang, b).await && !send(t).await {
                        open = false;
                        break;
                    }
                }
                if !open {
                    break;
                }
                if let Some(r) = reply && !send(r).await {
                    break;
                }
            }
            b = rx.recv() => {
                if matches!(b, Err(broadcast::error::RecvError::Closed)) {
                    break;
                }
                if let Some(t) = forward(&handle, role, lang, b).await && !send(t).await {
                    break;
                }
            }
            _ = shutdown.changed() => break,
        }
    }
    hub.presence(&handle, role, false).await;
    drop(out);
    let _ = writer.await;
}

/// The text a broadcast becomes for this connection.
async fn forward(
    handle: &GameHandle,
    role: Role,
    lang: crate::i18n::Lang,
    b: Result<Broadcast, broadcast::error::RecvError>,
) -> Option<String> {
    match b {
        Ok(Broadcast::Message(t)) => Some(t.to_string()),
        Ok(Broadcast::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
            let live = handle.lock().await;
            Some(live.state_message(handle.id(), role, lang).to_text())
        }
        Err(broadcast::error::RecvError::Closed) => None,
    }
}

/// The direct reply to one client message, if any (broadcasts go their own way).
pub(crate) async fn answer(
    hub: &Arc<Hub>,
    handle: &Arc<GameHandle>,
    role: Role,
    text: &str,
) -> Option<String> {
    let msg = match ClientMessage::parse(text) {
        Ok(m) => m,
        Err(e) => return Some(refusal(e, None).to_text()),
    };
    let result = match msg {
        ClientMessage::Hello { .. } => Err(GameError::new(
            ErrorCode::Protocol,
            "hello was already said",
        )),
        ClientMessage::Ping => return Some(ServerMessage::Pong.to_text()),
        ClientMessage::Move { ply, text } => {
            let reply = match hub.play(handle, role, ply, &text).await {
                Ok(()) => ServerMessage::Ack { ply },
                Err(e) => refusal(e, Some(ply)),
            };
            return Some(reply.to_text());
        }
        ClientMessage::Resign => hub.resign(handle, role).await,
        ClientMessage::Takeback => hub.takeback(handle, role).await,
        ClientMessage::Decline => hub.decline(handle, role).await,
        ClientMessage::Rematch => hub.rematch(handle, role).await,
    };
    result.err().map(|e| refusal(e, None).to_text())
}
