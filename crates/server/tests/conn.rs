//! The connection limits of docs/operations.md ("Limits") on a real socket: the caps per
//! client address and overall (a 503, then the close; the place given back when a connection
//! closes), the timeouts for headers, bodies and idle keep-alive (the connection closed, a
//! 408), and a WebSocket keeping its place until it closes (and closing on shutdown). Each
//! test sets tiny limits; no test measures a duration (the waits are guards against hanging).

#![allow(clippy::unwrap_used, reason = "tests")]

mod common;

use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;

use mancala_server::{Config, Limits, Server};
use serde_json::json;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use common::PATIENCE;

/// A server with `limits` on 127.0.0.1; the sender stops it, the task ends when it has.
async fn start(limits: Limits) -> (SocketAddr, oneshot::Sender<()>, JoinHandle<()>) {
    let config = Config {
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        database_url: "sqlite::memory:".to_owned(),
        searches: 1,
        limits,
    };
    let server = Server::bind(&config).await.unwrap();
    let addr = server.local_addr().unwrap();
    let (stop, rx) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        server
            .run(async move {
                let _ = rx.await;
            })
            .await
            .unwrap();
    });
    (addr, stop, task)
}

/// A connection to `addr` from the loopback address `127.0.0.{from}`.
async fn connect_from(from: u8, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::from((Ipv4Addr::new(127, 0, 0, from), 0)))
        .unwrap();
    socket.connect(addr).await.unwrap()
}

/// Everything the server says until it closes (a reset ends it too).
async fn rest(stream: &mut TcpStream) -> String {
    let mut out = Vec::new();
    let mut buf = [0_u8; 4096];
    loop {
        match tokio::time::timeout(PATIENCE, stream.read(&mut buf))
            .await
            .expect("the server answers or closes in time")
        {
            Ok(0) | Err(_) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `GET /healthz` from `127.0.0.{from}`: the whole answer.
async fn health_from(from: u8, addr: SocketAddr) -> String {
    let mut s = connect_from(from, addr).await;
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    rest(&mut s).await
}

fn limits(f: impl FnOnce(&mut Limits)) -> Limits {
    let mut l = Limits::default();
    f(&mut l);
    l
}

fn assert_busy(reply: &str) {
    assert!(reply.starts_with("HTTP/1.1 503 "), "{reply}");
    let lower = reply.to_ascii_lowercase();
    assert!(lower.contains("\r\nconnection: close\r\n"), "{reply}");
    assert!(
        lower.contains("\r\nx-content-type-options: nosniff\r\n"),
        "{reply}"
    );
    assert!(reply.contains("too many open connections"), "{reply}");
}

/// Asks `/healthz` from 127.0.0.1 until it is answered (a place freed by a close comes back
/// once the server has seen the close).
async fn served_again(addr: SocketAddr) {
    tokio::time::timeout(PATIENCE, async {
        loop {
            let reply = health_from(1, addr).await;
            if reply.starts_with("HTTP/1.1 200 ") {
                return;
            }
            assert_busy(&reply);
            tokio::task::yield_now().await;
        }
    })
    .await
    .expect("a closed connection gives its place back");
}

#[tokio::test]
async fn over_the_per_address_cap_a_client_gets_a_503_and_others_are_served() {
    let (addr, stop, task) = start(limits(|l| l.max_connections_per_address = 2)).await;
    let held = [connect_from(1, addr).await, connect_from(1, addr).await];
    let mut third = connect_from(1, addr).await;
    assert_busy(&rest(&mut third).await);
    let probe = health_from(2, addr).await;
    assert!(probe.starts_with("HTTP/1.1 200 "), "{probe}");
    assert!(probe.ends_with("\r\n\r\nok"), "{probe}");
    // Only live connections count: one closed, the client is served again.
    let [first, _second] = held;
    drop(first);
    served_again(addr).await;
    stop.send(()).unwrap();
    task.await.unwrap();
}

#[tokio::test]
async fn over_the_overall_cap_every_client_gets_a_503() {
    let (addr, stop, task) = start(limits(|l| l.max_connections = 2)).await;
    let held = [connect_from(1, addr).await, connect_from(1, addr).await];
    assert_busy(&health_from(2, addr).await);
    drop(held);
    served_again(addr).await;
    stop.send(()).unwrap();
    task.await.unwrap();
}

#[tokio::test]
async fn headers_sent_too_slowly_close_the_connection_unanswered() {
    let (addr, stop, task) = start(limits(|l| {
        l.header_timeout = Duration::from_millis(100);
    }))
    .await;
    let mut slow = connect_from(1, addr).await;
    slow.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\n")
        .await
        .unwrap();
    assert_eq!(rest(&mut slow).await, "", "closed without an answer");
    // A whole request is answered.
    assert!(health_from(1, addr).await.starts_with("HTTP/1.1 200 "));
    stop.send(()).unwrap();
    task.await.unwrap();
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed() {
    let (addr, stop, task) = start(limits(|l| {
        l.idle_timeout = Duration::from_millis(100);
    }))
    .await;
    let mut s = connect_from(1, addr).await;
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        .await
        .unwrap();
    // The answer (kept alive), then the close once the connection has waited long enough.
    let all = rest(&mut s).await;
    assert!(all.starts_with("HTTP/1.1 200 "), "{all}");
    assert!(
        !all.to_ascii_lowercase().contains("connection: close"),
        "{all}"
    );
    assert!(
        all.ends_with("\r\n\r\nok"),
        "one answer, then the close: {all}"
    );
    // A connection that never sends a request is closed as well.
    let mut silent = connect_from(1, addr).await;
    assert_eq!(rest(&mut silent).await, "");
    stop.send(()).unwrap();
    task.await.unwrap();
}

#[tokio::test]
async fn a_body_sent_too_slowly_gets_a_408_and_the_close() {
    let (addr, stop, task) = start(limits(|l| {
        l.body_timeout = Duration::from_millis(100);
    }))
    .await;
    let mut s = connect_from(1, addr).await;
    s.write_all(
        b"POST /api/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"variant\":",
    )
    .await
    .unwrap();
    let reply = rest(&mut s).await;
    assert!(reply.starts_with("HTTP/1.1 408 "), "{reply}");
    assert!(
        reply
            .to_ascii_lowercase()
            .contains("\r\nconnection: close\r\n"),
        "{reply}"
    );
    assert!(reply.contains("too slowly"), "{reply}");
    stop.send(()).unwrap();
    task.await.unwrap();
}

#[tokio::test]
async fn a_websocket_keeps_its_place_until_it_closes_and_closes_on_shutdown() {
    let (addr, stop, task) = start(limits(|l| l.max_connections_per_address = 2)).await;
    let created = common::create(addr, json!({"variant": "kalah", "opponent": "friend"})).await;
    let id = created["id"].as_str().unwrap();
    let (mut ws, first) = common::Client::hello(addr, id, None, None).await;
    assert_eq!(first["type"], "state", "{first}");
    // The WebSocket holds one place, an idle connection the other: a third is refused.
    let _idle = connect_from(1, addr).await;
    assert_busy(&health_from(1, addr).await);
    // The server stops: the WebSocket is closed and the server's task ends.
    stop.send(()).unwrap();
    while ws.next_or_closed().await.is_some() {}
    tokio::time::timeout(PATIENCE, task)
        .await
        .expect("the server stops")
        .unwrap();
}
