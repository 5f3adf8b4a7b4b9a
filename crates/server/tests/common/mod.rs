//! Shared test scaffolding: a server on 127.0.0.1:0 and WebSocket clients.

#![allow(dead_code, reason = "each test file uses a part")]

pub(crate) mod postgres;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use mancala_server::{AppState, Store};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream, connect_async};

/// Messages must arrive within this (a guard against hanging, not a timing assertion).
pub(crate) const PATIENCE: Duration = Duration::from_secs(30);

/// An in-memory SQLite store.
pub(crate) async fn memory_store() -> Arc<dyn Store> {
    mancala_server::connect("sqlite::memory:")
        .await
        .expect("in-memory store")
}

/// A store on a new PostgreSQL database (`None`: skipped, see [`postgres::postgres_server`]).
pub(crate) async fn postgres_store(test: &str) -> Option<Arc<dyn Store>> {
    let url = postgres::fresh_postgres(test).await?;
    Some(
        mancala_server::connect(&url)
            .await
            .unwrap_or_else(|e| panic!("{url}: {e}")),
    )
}

/// A running server over `store`; dropped with the test's runtime.
pub(crate) async fn spawn(store: Arc<dyn Store>) -> (SocketAddr, AppState) {
    spawn_with(store, 2, mancala_server::Limits::default()).await
}

/// A running server over `store` with `searches` computer searches at once and `limits`.
pub(crate) async fn spawn_with(
    store: Arc<dyn Store>,
    searches: usize,
    limits: mancala_server::Limits,
) -> (SocketAddr, AppState) {
    let (state, shutdown) = AppState::with_limits(store, searches, limits);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("addr");
    let app =
        mancala_server::app(state.clone()).into_make_service_with_connect_info::<SocketAddr>();
    tokio::spawn(async move {
        let _keep = shutdown;
        axum::serve(listener, app).await.expect("serve");
    });
    (addr, state)
}

/// Creates a game by the JSON API; returns its creation answer.
pub(crate) async fn create(addr: SocketAddr, body: Value) -> Value {
    let (status, v) = http(addr, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, 201, "create: {v}");
    v
}

/// A minimal HTTP/1.1 client for JSON calls (status, body as JSON or a string).
pub(crate) async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let (status, _, payload) = http_raw(addr, method, path, body, &[]).await;
    let v = serde_json::from_str(&payload).unwrap_or(Value::String(payload));
    (status, v)
}

/// A minimal HTTP/1.1 request: status, head, body.
pub(crate) async fn http_raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
    headers: &[(&str, &str)],
) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let extra: String = headers
        .iter()
        .map(|(k, v)| format!("{k}: {v}\r\n"))
        .collect();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n{extra}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.expect("write");
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.expect("read");
    let text = String::from_utf8_lossy(&out).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").expect("http head");
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("status");
    let head = head.to_owned();
    let payload = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(rest)
    } else {
        rest.to_owned()
    };
    (status, head, payload)
}

/// A header's value (the name in lower case).
pub(crate) fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        k.eq_ignore_ascii_case(name).then(|| v.trim())
    })
}

/// Takes the invited seat: returns the new player's secret.
pub(crate) async fn join(addr: SocketAddr, invite_path: &str) -> String {
    let (status, head, _) = http_raw(addr, "GET", invite_path, None, &[]).await;
    assert_eq!(status, 303, "join");
    let location = header(&head, "location").expect("location");
    location.rsplit('/').next().expect("secret").to_owned()
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((len, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(len.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// One WebSocket client.
pub(crate) struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Connects to game `id` without saying hello.
    pub(crate) async fn raw(addr: SocketAddr, id: &str) -> Self {
        let (ws, _) = connect_async(format!("ws://{addr}/api/games/{id}/ws"))
            .await
            .expect("websocket");
        Self { ws }
    }

    /// Connects and says hello with `seat` and `since`; returns the client and the first
    /// message.
    pub(crate) async fn hello(
        addr: SocketAddr,
        id: &str,
        seat: Option<&str>,
        since: Option<(u32, u32)>,
    ) -> (Self, Value) {
        let mut c = Self::raw(addr, id).await;
        let mut hello = json!({"type": "hello", "protocol": 2});
        if let Some(s) = seat {
            hello["seat"] = json!(s);
        }
        if let Some((epoch, ply)) = since {
            hello["since"] = json!({"epoch": epoch, "ply": ply});
        }
        c.send(hello).await;
        let first = c.recv().await;
        (c, first)
    }

    /// Sends a JSON message.
    pub(crate) async fn send(&mut self, v: Value) {
        self.send_text(v.to_string()).await;
    }

    /// Sends a raw text frame.
    pub(crate) async fn send_text(&mut self, t: String) {
        self.ws.send(Message::text(t)).await.expect("send");
    }

    /// The next JSON message (panics after `PATIENCE`).
    pub(crate) async fn recv(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message in time")
                .expect("socket open")
                .expect("frame");
            if let Message::Text(t) = m {
                return serde_json::from_str(t.as_str()).expect("json");
            }
        }
    }

    /// The next text message, or `None` once the server has closed the connection.
    pub(crate) async fn next_or_closed(&mut self) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("a message or the close in time");
            match m {
                Some(Ok(Message::Text(t))) => return serde_json::from_str(t.as_str()).ok(),
                Some(Ok(Message::Close(_)) | Err(_)) | None => return None,
                Some(Ok(_)) => {}
            }
        }
    }

    /// Reads on (answering pings) until the server closes the connection: the text messages
    /// that came first, and the close frame's code and reason (`None` for a close without a
    /// frame, or a connection that just broke).
    pub(crate) async fn closed_with(&mut self) -> (Vec<Value>, Option<(u16, String)>) {
        let mut texts = Vec::new();
        loop {
            let m = tokio::time::timeout(PATIENCE, self.ws.next())
                .await
                .expect("the close in time");
            match m {
                Some(Ok(Message::Text(t))) => {
                    texts.push(serde_json::from_str(t.as_str()).expect("json"));
                }
                Some(Ok(Message::Close(frame))) => {
                    return (
                        texts,
                        frame.map(|f| (u16::from(f.code), f.reason.as_str().to_owned())),
                    );
                }
                Some(Err(_)) | None => return (texts, None),
                Some(Ok(_)) => {}
            }
        }
    }

    /// The next message of `type`, skipping others (presence, offers, ...).
    pub(crate) async fn recv_type(&mut self, ty: &str) -> Value {
        loop {
            let v = self.recv().await;
            if v["type"] == ty {
                return v;
            }
        }
    }

    /// The next message that is not presence or offers.
    pub(crate) async fn recv_main(&mut self) -> Value {
        loop {
            let v = self.recv().await;
            if v["type"] != "presence" && v["type"] != "offers" {
                return v;
            }
        }
    }

    /// Closes the connection.
    pub(crate) async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}
