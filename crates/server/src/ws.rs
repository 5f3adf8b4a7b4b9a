//! The WebSocket of docs/protocol.md §3: one connection per open game page, kept alive by
//! pings and closed when its client vanishes, idles, floods or sends too much (§3.5).

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, close_code};
use futures_util::stream::SplitStream;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{broadcast, mpsc, watch};
use tokio::time::{Instant, sleep_until};

use crate::Limits;
use crate::hub::{Broadcast, GameHandle, Held, Hub, Role};
use crate::metrics::Metrics;
use crate::protocol::{ClientMessage, ErrorCode, GameError, PROTOCOL, ServerMessage};

/// How long a client may take to say hello.
const HELLO_TIMEOUT: Duration = Duration::from_secs(30);

/// Who is on the other end of a connection, and what it may do.
#[derive(Debug)]
pub(crate) struct Peer {
    pub(crate) hub: Arc<Hub>,
    /// The seat secret of the game's cookie, if the request carried one.
    pub(crate) cookie_secret: Option<String>,
    /// The client's address.
    pub(crate) client: Option<IpAddr>,
    pub(crate) limits: Arc<Limits>,
    pub(crate) shutdown: watch::Receiver<bool>,
    /// Where the open WebSockets are counted.
    pub(crate) metrics: Arc<Metrics>,
}

/// Why the server ends a connection: the close code and reason it sends (§3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// The client closed, or the connection broke: nothing to say.
    Gone,
    /// No pong in time: 1001.
    NoPong,
    /// No client message for the idle timeout: 1000.
    Idle,
    /// The server shuts down: 1001.
    Shutdown,
    /// Over the message rate: 1008.
    TooMany,
    /// No hello, or a refused one: 1008.
    NoHello,
    /// A message over the size limit: 1009.
    TooBig,
}

impl Ending {
    fn frame(self) -> Option<CloseFrame> {
        let (code, reason) = match self {
            Self::Gone => return None,
            Self::NoPong => (close_code::AWAY, "no pong"),
            Self::Idle => (close_code::NORMAL, "idle"),
            Self::Shutdown => (close_code::AWAY, "server shutting down"),
            Self::TooMany => (close_code::POLICY, "too many messages"),
            Self::NoHello => (close_code::POLICY, "hello refused"),
            Self::TooBig => (close_code::SIZE, "message too big"),
        };
        Some(CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        })
    }
}

/// What the reading side of a connection gets next.
enum Incoming {
    Text(Utf8Bytes),
    End(Ending),
}

/// The connection's reading side with its limits: the message rate (a token bucket), the size
/// limit's error, pongs, and the time of the last client message.
struct Reader {
    stream: SplitStream<WebSocket>,
    burst: f64,
    per_second: f64,
    tokens: f64,
    refilled: Instant,
    /// When the last client message came (activity, for the idle timeout).
    active: Instant,
    /// When the outstanding ping's pong is due.
    pong_due: Option<Instant>,
}

impl Reader {
    fn new(stream: SplitStream<WebSocket>, limits: &Limits) -> Self {
        let now = Instant::now();
        let burst = f64::from(limits.ws_message_burst);
        Self {
            stream,
            burst,
            per_second: f64::from(limits.ws_messages_per_second),
            tokens: burst,
            refilled: now,
            active: now,
            pong_due: None,
        }
    }

    /// Takes one message's token; `false` when the bucket is empty.
    fn take_token(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.refilled).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.refilled = now;
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }

    /// The next text message; every frame counts toward the rate and answers a ping.
    async fn next(&mut self) -> Incoming {
        loop {
            let frame = match self.stream.next().await {
                Some(Ok(Message::Close(_))) | None => return Incoming::End(Ending::Gone),
                Some(Err(e)) => return Incoming::End(ending_of(e)),
                Some(Ok(frame)) => frame,
            };
            // Any frame shows the client is there.
            self.pong_due = None;
            if !self.take_token() {
                return Incoming::End(Ending::TooMany);
            }
            if let Message::Text(t) = frame {
                self.active = Instant::now();
                return Incoming::Text(t);
            }
        }
    }
}

/// How a read error ends the connection: a message over the size limit is 1009, anything else
/// a broken connection.
fn ending_of(e: axum::Error) -> Ending {
    use tokio_tungstenite::tungstenite::Error;
    match e.into_inner().downcast::<Error>().map(|e| *e) {
        Ok(Error::Capacity(_)) => Ending::TooBig,
        _ => Ending::Gone,
    }
}

/// The `error` message of a refusal, logged at its code's level.
fn refusal(e: GameError, ply: Option<u32>) -> ServerMessage {
    e.log("message refused");
    ServerMessage::error(e, ply)
}

/// The writing side: messages queue for the writer task, which a peer that stops reading
/// blocks; a message that cannot be queued within the pong timeout ends the connection.
struct Writer<'a> {
    out: mpsc::Sender<Message>,
    patience: Duration,
    game: &'a str,
}

impl Writer<'_> {
    async fn message(&self, m: Message) -> bool {
        matches!(
            tokio::time::timeout(self.patience, self.out.send(m)).await,
            Ok(Ok(()))
        )
    }

    async fn text(&self, text: String) -> bool {
        self.message(Message::Text(Utf8Bytes::from(text))).await
    }

    async fn close(&self, ending: Ending) {
        if let Some(frame) = ending.frame() {
            tracing::debug!(game = self.game, code = frame.code, reason = %frame.reason, "closing");
            self.message(Message::Close(Some(frame))).await;
        }
    }
}

/// Serves one connection until it closes or the server shuts down.
pub(crate) async fn connection(socket: WebSocket, handle: Held, peer: Peer) {
    let (mut sink, stream) = socket.split();
    let (out, mut out_rx) = mpsc::channel::<Message>(64);
    let mut writer = tokio::spawn(async move {
        while let Some(m) = out_rx.recv().await {
            let last = matches!(m, Message::Close(_));
            if sink.send(m).await.is_err() || last {
                break;
            }
        }
        let _ = sink.close().await;
    });
    let w = Writer {
        out,
        patience: peer.limits.ws_pong_timeout,
        game: handle.id(),
    };
    let mut reader = Reader::new(stream, &peer.limits);
    let ending = serve(&mut reader, &handle, &peer, &w).await;
    w.close(ending).await;
    drop(w);
    // A peer that reads nothing more cannot hold the task.
    if tokio::time::timeout(peer.limits.ws_pong_timeout, &mut writer)
        .await
        .is_err()
    {
        writer.abort();
    }
}

/// The hello, then the game's messages both ways; returns why it ended.
async fn serve(reader: &mut Reader, handle: &Held, peer: &Peer, w: &Writer<'_>) -> Ending {
    let hub = &peer.hub;
    let limits = &peer.limits;
    let hello = match tokio::time::timeout(HELLO_TIMEOUT, reader.next()).await {
        Ok(Incoming::Text(t)) => ClientMessage::parse(t.as_str()),
        Ok(Incoming::End(e)) => return e,
        Err(_) => return Ending::NoHello,
    };
    // A refusal is said before the connection closes.
    let (seat, since, lang) = match hello {
        Ok(ClientMessage::Hello {
            protocol,
            seat,
            since,
            lang,
        }) if protocol == PROTOCOL => (seat.or_else(|| peer.cookie_secret.clone()), since, lang),
        refused => {
            let e = match refused {
                Ok(ClientMessage::Hello { protocol, .. }) => GameError::new(
                    ErrorCode::Protocol,
                    format!("this server speaks protocol {PROTOCOL}, not {protocol}"),
                ),
                Ok(_) => GameError::new(ErrorCode::Protocol, "send hello first"),
                Err(e) => e,
            };
            w.text(refusal(e, None).to_text()).await;
            return Ending::NoHello;
        }
    };
    let lang = lang
        .as_deref()
        .and_then(crate::i18n::Lang::from_code)
        .unwrap_or(crate::i18n::Lang::En);

    // A client ahead of this instance's copy: another instance stored what it knows.
    hub.catch_up_with(handle, since.map(|s| (s.epoch, s.ply)))
        .await;
    // Subscribe under the lock, so that no event falls between the snapshot and the stream.
    let (role, mut rx, first) = {
        let live = handle.lock().await;
        let role = live.role(seat.as_deref());
        let rx = handle.subscribe();
        let first = live
            .catch_up(since.map(|s| (s.epoch, s.ply)))
            .unwrap_or_else(|| vec![live.state_message(handle.id(), seat.as_deref(), lang)]);
        (role, rx, first)
    };
    for m in first {
        if !w.text(m.to_text()).await {
            return Ending::Gone;
        }
    }
    // Counted from the hello to the close.
    let _counted = peer.metrics.websocket(role);
    hub.presence(handle, role, true).await;

    let mut shutdown = peer.shutdown.clone();
    let mut next_ping = Instant::now() + limits.ws_ping_interval;
    let ending = loop {
        let pong_due = reader.pong_due;
        let idle_at = reader.active + limits.ws_idle_timeout;
        tokio::select! {
            incoming = reader.next() => {
                let text = match incoming {
                    Incoming::Text(t) => t,
                    Incoming::End(e) => break e,
                };
                let reply = answer(hub, handle, role, peer.client, text.as_str()).await;
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
                    if let Some(t) = forward(handle, seat.as_deref(), lang, b).await && !w.text(t).await {
                        open = false;
                        break;
                    }
                }
                if !open {
                    break Ending::Gone;
                }
                if let Some(r) = reply && !w.text(r).await {
                    break Ending::Gone;
                }
            }
            b = rx.recv() => {
                if matches!(b, Err(broadcast::error::RecvError::Closed)) {
                    break Ending::Shutdown;
                }
                if let Some(t) = forward(handle, seat.as_deref(), lang, b).await && !w.text(t).await {
                    break Ending::Gone;
                }
            }
            () = sleep_until(next_ping) => {
                let now = Instant::now();
                next_ping = now + limits.ws_ping_interval;
                if reader.pong_due.is_none() {
                    reader.pong_due = Some(now + limits.ws_pong_timeout);
                }
                if !w.message(Message::Ping(axum::body::Bytes::new())).await {
                    break Ending::Gone;
                }
            }
            () = sleep_until(pong_due.unwrap_or(idle_at)), if pong_due.is_some() => {
                // A pong read meanwhile cleared it: `next` reads on past pongs without
                // returning, so this deadline was taken before it came.
                if reader.pong_due.is_some() {
                    break Ending::NoPong;
                }
            }
            () = sleep_until(idle_at) => break Ending::Idle,
            _ = shutdown.changed() => break Ending::Shutdown,
        }
    };
    hub.presence(handle, role, false).await;
    ending
}

/// The text a broadcast becomes for the connection of `seat`.
async fn forward(
    handle: &GameHandle,
    seat: Option<&str>,
    lang: crate::i18n::Lang,
    b: Result<Broadcast, broadcast::error::RecvError>,
) -> Option<String> {
    match b {
        Ok(Broadcast::Message(t)) => Some(t.to_string()),
        Ok(Broadcast::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {
            let live = handle.lock().await;
            Some(live.state_message(handle.id(), seat, lang).to_text())
        }
        Err(broadcast::error::RecvError::Closed) => None,
    }
}

/// The direct reply to one client message, if any (broadcasts go their own way).
pub(crate) async fn answer(
    hub: &Arc<Hub>,
    handle: &Arc<GameHandle>,
    role: Role,
    client: Option<IpAddr>,
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
            let reply = match hub.play(handle, role, ply, &text, client).await {
                Ok(()) => ServerMessage::Ack { ply },
                Err(e) => refusal(e, Some(ply)),
            };
            return Some(reply.to_text());
        }
        ClientMessage::Resign => hub.resign(handle, role).await,
        ClientMessage::Takeback => hub.takeback(handle, role).await,
        ClientMessage::Decline => hub.decline(handle, role).await,
        ClientMessage::Rematch => hub.rematch(handle, role, client).await,
    };
    result.err().map(|e| refusal(e, None).to_text())
}
