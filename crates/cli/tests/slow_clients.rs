//! `mancala serve` as a child process at the common limit of 1,024 open files, under a slow
//! client: 1,100 half-sent requests from 127.0.0.1 (more than the server could keep open).
//! The server keeps its cap of connections from that address, refuses the rest with a 503 and
//! closes them, answers `/healthz` to another address (127.0.0.2) while they are held, and
//! closes the held ones when their headers do not come. Run with `--nocapture` for the
//! figures. Nothing here measures a duration: the waits are guards against hanging.

#![allow(clippy::print_stdout, reason = "the test reports its figures")]

use std::io::{BufRead as _, BufReader};
use std::net::{Ipv4Addr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::mpsc;

/// Half-sent requests from the slow client.
const SLOW: usize = 1_100;
/// The server's cap per client address in this test.
const PER_ADDRESS: usize = 50;
/// A guard against hanging, far beyond what any step needs.
const GUARD: Duration = Duration::from_secs(60);

/// The child server; killed when dropped.
struct Serve {
    child: Child,
    addr: SocketAddr,
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `mancala serve` under `ulimit -n 1024` (soft and hard), on a free port.
fn serve(dir: &std::path::Path, header_timeout: &str) -> Serve {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -n 1024 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_mancala"))
        .args(["serve", "--bind", "127.0.0.1:0", "--searches", "1"])
        .arg("--database-url")
        .arg(format!("sqlite://{}", dir.join("slow.db").display()))
        .args(["--max-connections-per-address", &PER_ADDRESS.to_string()])
        .args(["--header-timeout", header_timeout])
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("sh starts the server");
    let stdout = child.stdout.take().expect("stdout is piped");
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("the server says where it serves");
    // "mancala v… serving on http://127.0.0.1:PORT/ (database …)"
    let port: u16 = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"));
    Serve {
        child,
        addr: SocketAddr::from(([127, 0, 0, 1], port)),
    }
}

/// The soft and hard open-file limits of process `pid`.
fn open_files(pid: u32) -> String {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).expect("/proc limits");
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .expect("an open-file limit");
    line.split_whitespace()
        .skip(3)
        .take(2)
        .collect::<Vec<_>>()
        .join(" ")
}

async fn connect_from(from: u8, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("a socket");
    socket
        .bind(SocketAddr::from((Ipv4Addr::new(127, 0, 0, from), 0)))
        .expect("a loopback address");
    socket.connect(addr).await.expect("the server accepts")
}

/// What a connection got from the server before it closed.
#[derive(Debug, PartialEq, Eq)]
enum Ending {
    /// A 503 answer, then the close.
    Busy,
    /// Closed without an answer (the end of the stream or a reset).
    Closed,
    /// Anything else (a failure of the test).
    Other(String),
}

/// Everything the server says on `s` until it closes.
async fn ending(mut s: TcpStream) -> Ending {
    let mut out = Vec::new();
    let mut buf = [0_u8; 2048];
    loop {
        match s.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
    let text = String::from_utf8_lossy(&out).into_owned();
    if text.is_empty() {
        Ending::Closed
    } else if text.starts_with("HTTP/1.1 503 ")
        && text
            .to_ascii_lowercase()
            .contains("\r\nconnection: close\r\n")
    {
        Ending::Busy
    } else {
        Ending::Other(text)
    }
}

/// `GET /healthz` from 127.0.0.{from}: the whole answer.
async fn health_from(from: u8, addr: SocketAddr) -> String {
    let mut s = connect_from(from, addr).await;
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        .await
        .expect("the request is sent");
    let mut out = String::new();
    let _ = s.read_to_string(&mut out).await;
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_client_is_cut_off_while_healthz_answers_at_1024_open_files() {
    let dir = std::env::temp_dir().join(format!("mancala-slow-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    // Headers must come within 5 s: long enough that the held connections are still held
    // when the probe asks, short enough for a quick test.
    let server = serve(&dir, "5s");
    assert_eq!(
        open_files(server.child.id()),
        "1024 1024",
        "the server's limit"
    );
    let addr = server.addr;

    // The slow client: 1,100 connections, each with a request line and one header, never
    // finished. Each connection's ending is reported as it comes.
    let (tx, mut rx) = mpsc::unbounded_channel::<Ending>();
    for _ in 0..SLOW {
        let mut s = connect_from(1, addr).await;
        s.write_all(b"GET /healthz HTTP/1.1\r\nHost: slow\r\n")
            .await
            .expect("half a request is sent");
        let tx = tx.clone();
        tokio::spawn(async move {
            let _ = tx.send(ending(s).await);
        });
    }
    drop(tx);

    // Over the cap: a 503 and the close, each.
    let refused = SLOW - PER_ADDRESS;
    let mut busy = 0;
    tokio::time::timeout(GUARD, async {
        while busy < refused {
            match rx.recv().await.expect("more endings to come") {
                Ending::Busy => busy += 1,
                other => panic!(
                    "connection #{} past the cap of {PER_ADDRESS}: {other:?}",
                    busy + 1
                ),
            }
        }
    })
    .await
    .expect("the refusals come");

    // Another client is served while the slow client's connections are held.
    let probe = health_from(2, addr).await;
    assert!(probe.starts_with("HTTP/1.1 200 "), "{probe}");
    assert!(probe.ends_with("\r\n\r\nok"), "{probe}");
    assert!(
        rx.try_recv().is_err(),
        "the {PER_ADDRESS} held connections are still open after the probe"
    );

    // The held connections are closed, unanswered, when their headers do not come.
    let mut closed = 0;
    tokio::time::timeout(GUARD, async {
        while let Some(e) = rx.recv().await {
            assert_eq!(e, Ending::Closed, "a held connection ends closed");
            closed += 1;
        }
    })
    .await
    .expect("the held connections are closed");
    assert_eq!(closed, PER_ADDRESS);

    // Their places are free again: the slow client's own address is served.
    let again = health_from(1, addr).await;
    assert!(again.starts_with("HTTP/1.1 200 "), "{again}");
    println!(
        "slow clients: {SLOW} half-sent requests from 127.0.0.1 to a server at 1024 open \
         files; {busy} refused with 503 and closed, {closed} held then closed unanswered at \
         the header timeout; /healthz from 127.0.0.2 answered 200 while they were held"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
