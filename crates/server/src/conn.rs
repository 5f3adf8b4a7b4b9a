//! The connections (docs/operations.md, "Limits"): the accept loop, a cap on the open
//! connections per client address and overall (over it, a short 503 and the connection closed,
//! before any of its bytes are read), and the timeouts for a request's headers, its body and
//! an idle keep-alive connection. HTTP/1.1 by hyper; a WebSocket keeps its connection's place
//! under the caps until it closes.

use std::collections::HashMap;
use std::convert::Infallible;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::ConnectInfo;
use axum::http::{HeaderMap, HeaderValue, Request, Response, StatusCode, header};
use http_body::{Frame, SizeHint};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncReadExt as _, AsyncWrite, AsyncWriteExt as _, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, Semaphore, mpsc, watch};
use tokio::time::{Instant, Sleep};
use tower_service::Service as _;

use crate::Limits;
use crate::i18n::Lang;
use crate::metrics::Metrics;

/// Open files kept for what is not a client's connection: the listener, the database and its
/// journal, the runtime, the refusals still being said.
const FILE_RESERVE: usize = 128;

/// Refusals said at once, each for at most [`LINGER`]; more are closed straight after the
/// 503 is handed to the kernel.
const LINGERING: usize = 64;

/// How long a refused connection is read (and its bytes dropped) after the 503, so that the
/// client reads the 503 before the close rather than a reset.
const LINGER: Duration = Duration::from_secs(2);

/// The longest pause of the accept loop when the process is out of open files.
const MAX_BACKOFF: Duration = Duration::from_secs(1);

// ---------------------------------------------------------------- the caps

/// The open connections, overall and per client address.
#[derive(Debug)]
struct Gate {
    max_total: usize,
    max_per_address: usize,
    open: Mutex<Open>,
    /// Where the open connections and the refusals are counted.
    metrics: Arc<Metrics>,
}

#[derive(Debug, Default)]
struct Open {
    total: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// Which cap a refused connection met.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Full {
    Server,
    Address,
}

impl Gate {
    fn open(&self) -> MutexGuard<'_, Open> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A place for a connection from `ip`, or the cap it meets.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Ticket, Full> {
        let mut open = self.open();
        if open.total >= self.max_total {
            self.metrics.refused_server.inc();
            return Err(Full::Server);
        }
        let n = open.by_address.get(&ip).copied().unwrap_or(0);
        if n >= self.max_per_address {
            self.metrics.refused_address.inc();
            return Err(Full::Address);
        }
        open.by_address.insert(ip, n + 1);
        open.total += 1;
        self.metrics.connections.inc();
        Ok(Ticket {
            gate: Arc::clone(self),
            ip,
        })
    }
}

/// An admitted connection's place, given back when the connection (or the WebSocket it
/// became) closes: it lives in the connection's socket.
#[derive(Debug)]
struct Ticket {
    gate: Arc<Gate>,
    ip: IpAddr,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut open = self.gate.open();
        open.total = open.total.saturating_sub(1);
        self.gate.metrics.connections.dec();
        if let Some(n) = open.by_address.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.by_address.remove(&self.ip);
            }
        }
    }
}

/// `max_connections` as the open-file limit allows it: the limit less [`FILE_RESERVE`] (read
/// from `/proc/self/limits`; elsewhere, or unreadable, the configured cap stands).
fn connection_budget(configured: usize) -> usize {
    let soft = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3))
                .and_then(|n| n.parse::<usize>().ok())
        });
    match soft {
        Some(files) if configured.saturating_add(FILE_RESERVE) > files => {
            let budget = files.saturating_sub(FILE_RESERVE).max(1);
            tracing::warn!(
                configured,
                open_files = files,
                "max connections lowered to {budget}: the process may open {files} files \
                 (raise it with `ulimit -n`)"
            );
            budget
        }
        _ => configured,
    }
}

// ---------------------------------------------------------------- the timeouts

/// Where a connection stands, for its timeouts.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// Waiting for a request since then (a new connection, for its first).
    Idle(Instant),
    /// A request's first bytes came then; its headers are not all in.
    Head(Instant),
    /// Requests being answered: their headers in, their responses not all sent.
    Busy(usize),
}

/// A connection's phase, shared by its socket (which sees bytes come), its service (which
/// sees requests begin and end) and its watcher (which cuts it at its deadline).
#[derive(Debug)]
struct Activity {
    phase: Mutex<Phase>,
    changed: Notify,
}

impl Activity {
    fn new() -> Self {
        Self {
            phase: Mutex::new(Phase::Idle(Instant::now())),
            changed: Notify::new(),
        }
    }

    fn set(&self, f: impl FnOnce(Phase) -> Option<Phase>) {
        let mut phase = self.phase.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(next) = f(*phase) {
            *phase = next;
            drop(phase);
            self.changed.notify_one();
        }
    }

    fn phase(&self) -> Phase {
        *self.phase.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Bytes came from the client.
    fn read_some(&self) {
        self.set(|p| matches!(p, Phase::Idle(_)).then(|| Phase::Head(Instant::now())));
    }

    /// A request's headers are in.
    fn begin(&self) {
        self.set(|p| match p {
            Phase::Busy(n) => Some(Phase::Busy(n + 1)),
            _ => Some(Phase::Busy(1)),
        });
    }

    /// A response is sent (or given up).
    fn end(&self) {
        self.set(|p| match p {
            Phase::Busy(n) if n > 1 => Some(Phase::Busy(n - 1)),
            _ => Some(Phase::Idle(Instant::now())),
        });
    }
}

/// The connection timeouts.
#[derive(Clone, Copy, Debug)]
struct Timeouts {
    header: Duration,
    idle: Duration,
}

impl Timeouts {
    /// When a connection in `phase` is cut unless something happens first, and why.
    fn deadline(self, phase: Phase) -> Option<(Instant, &'static str)> {
        match phase {
            Phase::Idle(t) => Some((t + self.idle, "idle")),
            Phase::Head(t) => Some((t + self.header, "headers too slow")),
            Phase::Busy(_) => None,
        }
    }
}

/// The client's socket, watched: bytes read move its connection's phase; its place under the
/// caps is given back when it closes (or, closed by the server, as soon as it is shut down, so
/// that a client who has seen the close finds the place free).
#[derive(Debug)]
struct Watched {
    io: TcpStream,
    activity: Arc<Activity>,
    ticket: Option<Ticket>,
}

impl AsyncRead for Watched {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        ready!(Pin::new(&mut this.io).poll_read(cx, buf))?;
        if buf.filled().len() > before {
            this.activity.read_some();
        }
        Poll::Ready(Ok(()))
    }
}

impl AsyncWrite for Watched {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().io).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        this.ticket = None;
        Pin::new(&mut this.io).poll_shutdown(cx)
    }
}

/// A request's body with a deadline for all of it; past it, an error, and `expired` set (the
/// service then answers 408 whatever the route made of the error).
#[derive(Debug)]
struct TimedBody {
    inner: Incoming,
    deadline: Instant,
    sleep: Option<Pin<Box<Sleep>>>,
    expired: Arc<AtomicBool>,
}

impl http_body::Body for TimedBody {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        let this = self.get_mut();
        if !this.expired.load(Ordering::Relaxed)
            && let Poll::Ready(frame) = Pin::new(&mut this.inner).poll_frame(cx)
        {
            return Poll::Ready(frame.map(|f| f.map_err(Into::into)));
        }
        let deadline = this.deadline;
        let sleep = this
            .sleep
            .get_or_insert_with(|| Box::pin(tokio::time::sleep_until(deadline)));
        if sleep.as_mut().poll(cx).is_ready() {
            this.expired.store(true, Ordering::Relaxed);
            return Poll::Ready(Some(Err("the request body took too long".into())));
        }
        Poll::Pending
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// Ends a connection's busy phase when dropped: with the response's body once it is sent.
#[derive(Debug)]
struct Busy(Arc<Activity>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.end();
    }
}

/// A response's body, holding its request's [`Busy`].
#[derive(Debug)]
struct Answer {
    inner: Body,
    _busy: Busy,
}

impl http_body::Body for Answer {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        Pin::new(&mut self.get_mut().inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

// ---------------------------------------------------------------- refusals

/// A refusal's text in every language of the site, English first: a connection refused before
/// its request is read has no language yet.
fn in_every_language(id: &str) -> String {
    let mut text = String::new();
    for lang in Lang::ALL {
        text.push_str(&lang.tr().t(id));
        text.push('\n');
    }
    text
}

/// The headers of a plain-text refusal that closes its connection.
fn refusal_headers(https: bool) -> HeaderMap {
    let mut h = HeaderMap::new();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    h.insert(header::CONNECTION, HeaderValue::from_static("close"));
    crate::headers::secure(&mut h, https);
    h
}

/// The whole 503 said to a connection over a cap, as bytes on the wire.
fn busy_reply(https: bool) -> Vec<u8> {
    let body = in_every_language("refused-busy");
    let mut h = refusal_headers(https);
    h.insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    h.insert(header::CONTENT_LENGTH, HeaderValue::from(body.len()));
    let mut out = b"HTTP/1.1 503 Service Unavailable\r\n".to_vec();
    for (name, value) in &h {
        out.extend_from_slice(name.as_str().as_bytes());
        out.extend_from_slice(b": ");
        out.extend_from_slice(value.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b"\r\n");
    out.extend_from_slice(body.as_bytes());
    out
}

/// The 408 of a request whose body came too slowly.
fn too_slow(https: bool) -> Response<Body> {
    let mut res = Response::new(Body::from(in_every_language("refused-slow")));
    *res.status_mut() = StatusCode::REQUEST_TIMEOUT;
    *res.headers_mut() = refusal_headers(https);
    res
}

/// Says the 503 and closes: with a lingering place free, the client's bytes are read (and
/// dropped) for a moment after it, so that it reads the 503 rather than a reset.
fn refuse(mut stream: TcpStream, reply: Arc<[u8]>, lingering: &Arc<Semaphore>) {
    let Ok(permit) = Arc::clone(lingering).try_acquire_owned() else {
        let _ = stream.try_write(&reply);
        return;
    };
    tokio::spawn(async move {
        let _permit = permit;
        let _ = tokio::time::timeout(LINGER, async {
            stream.write_all(&reply).await?;
            stream.shutdown().await?;
            let mut sink = [0_u8; 4096];
            while stream.read(&mut sink).await? > 0 {}
            Ok::<(), io::Error>(())
        })
        .await;
    });
}

// ---------------------------------------------------------------- serving

/// One connection's service: the router, with the client's address (`ConnectInfo`), the body
/// deadline, and the connection's phase kept.
#[derive(Clone, Debug)]
struct Serve {
    router: Router,
    peer: SocketAddr,
    activity: Arc<Activity>,
    body_timeout: Duration,
    https: bool,
}

impl hyper::service::Service<Request<Incoming>> for Serve {
    type Response = Response<Answer>;
    type Error = Infallible;
    type Future =
        Pin<Box<dyn Future<Output = Result<Response<Answer>, Infallible>> + Send + 'static>>;

    fn call(&self, req: Request<Incoming>) -> Self::Future {
        self.activity.begin();
        let busy = Busy(Arc::clone(&self.activity));
        let expired = Arc::new(AtomicBool::new(false));
        let deadline = Instant::now() + self.body_timeout;
        let mut req = req.map(|inner| {
            Body::new(TimedBody {
                inner,
                deadline,
                sleep: None,
                expired: Arc::clone(&expired),
            })
        });
        req.extensions_mut().insert(ConnectInfo(self.peer));
        let mut router = self.router.clone();
        let https = self.https;
        Box::pin(async move {
            let res = match router.call(req).await {
                Ok(res) => res,
                Err(never) => match never {},
            };
            let res = if expired.load(Ordering::Relaxed) {
                too_slow(https)
            } else {
                res
            };
            Ok(res.map(|inner| Answer { inner, _busy: busy }))
        })
    }
}

type Connection = http1::UpgradeableConnection<TokioIo<Watched>, Serve>;

/// Drives one connection: cut at its deadline, asked to finish when the server stops.
async fn drive(
    conn: Connection,
    activity: Arc<Activity>,
    timeouts: Timeouts,
    mut stop: watch::Receiver<bool>,
    _running: mpsc::Sender<()>,
) {
    tokio::pin!(conn);
    let mut stopping = *stop.borrow_and_update();
    if stopping {
        conn.as_mut().graceful_shutdown();
    }
    loop {
        let deadline = timeouts.deadline(activity.phase());
        let changed = activity.changed.notified();
        tokio::select! {
            done = conn.as_mut() => {
                if let Err(e) = done {
                    tracing::debug!("connection ended: {e}");
                }
                return;
            }
            () = until(deadline.map(|(at, _)| at)) => {
                if let Some((at, why)) = timeouts.deadline(activity.phase())
                    && at <= Instant::now()
                {
                    tracing::debug!("connection closed: {why}");
                    return;
                }
            }
            () = changed => {}
            _ = stop.changed(), if !stopping => {
                stopping = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}

async fn until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Whether an accept error concerns only the connection being accepted.
fn connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::Interrupted
    )
}

/// Serves `router` on `listener` under `limits` until `signal` completes (it sets `stop`,
/// which the connections watch), then waits for the connections to finish; the open
/// connections and refusals are counted in `metrics`.
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    metrics: &Arc<Metrics>,
    stop: watch::Receiver<bool>,
    signal: impl Future<Output = ()>,
) {
    let gate = Arc::new(Gate {
        max_total: connection_budget(limits.max_connections),
        max_per_address: limits.max_connections_per_address,
        open: Mutex::new(Open::default()),
        metrics: Arc::clone(metrics),
    });
    let https = limits.https();
    let busy: Arc<[u8]> = busy_reply(https).into();
    let lingering = Arc::new(Semaphore::new(LINGERING));
    let timeouts = Timeouts {
        header: limits.header_timeout,
        idle: limits.idle_timeout,
    };
    let mut http = http1::Builder::new();
    // The header timeout is this module's (hyper's would also cut idle keep-alive).
    http.header_read_timeout(None).keep_alive(true);
    let (running, mut finished) = mpsc::channel::<()>(1);
    let mut backoff = Duration::from_millis(10);
    tokio::pin!(signal);
    loop {
        let accepted = tokio::select! {
            () = &mut signal => break,
            a = listener.accept() => a,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) if connection_error(&e) => continue,
            Err(e) => {
                // Out of open files (EMFILE) or memory: wait for connections to close rather
                // than spin; the clients wait in the kernel's queue meanwhile.
                tracing::warn!("cannot accept a connection, pausing {backoff:?}: {e}");
                tokio::select! {
                    () = &mut signal => break,
                    () = tokio::time::sleep(backoff) => {}
                }
                backoff = (backoff * 2).min(MAX_BACKOFF);
                continue;
            }
        };
        backoff = Duration::from_millis(10);
        let ticket = match gate.admit(peer.ip().to_canonical()) {
            Ok(t) => t,
            Err(full) => {
                tracing::debug!(client = %peer.ip(), "connection refused: {full:?} full");
                refuse(stream, Arc::clone(&busy), &lingering);
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let activity = Arc::new(Activity::new());
        let io = TokioIo::new(Watched {
            io: stream,
            activity: Arc::clone(&activity),
            ticket: Some(ticket),
        });
        let service = Serve {
            router: router.clone(),
            peer,
            activity: Arc::clone(&activity),
            body_timeout: limits.body_timeout,
            https,
        };
        let conn = http.serve_connection(io, service).with_upgrades();
        tokio::spawn(drive(
            conn,
            activity,
            timeouts,
            stop.clone(),
            running.clone(),
        ));
    }
    drop(listener);
    drop(running);
    // Every connection's task holds a sender: this returns once the last has ended.
    let _ = finished.recv().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(total: usize, per: usize) -> Arc<Gate> {
        Arc::new(Gate {
            max_total: total,
            max_per_address: per,
            open: Mutex::new(Open::default()),
            metrics: Arc::default(),
        })
    }

    #[test]
    fn the_caps_count_live_connections_only() {
        let g = gate(3, 2);
        let a: IpAddr = [127, 0, 0, 1].into();
        let b: IpAddr = [127, 0, 0, 2].into();
        let a1 = g.admit(a).unwrap();
        let a2 = g.admit(a).unwrap();
        assert_eq!(g.admit(a).unwrap_err(), Full::Address);
        let b1 = g.admit(b).unwrap();
        assert_eq!(g.admit(b).unwrap_err(), Full::Server);
        drop(a1);
        let a3 = g.admit(a).unwrap();
        assert_eq!(g.metrics.connections.get(), 3);
        drop((a2, a3, b1));
        assert_eq!(g.open().total, 0);
        assert_eq!(
            g.metrics.connections.get(),
            0,
            "the gauge follows the places"
        );
        assert_eq!(
            (
                g.metrics.refused_server.get(),
                g.metrics.refused_address.get()
            ),
            (1, 1)
        );
        assert!(g.open().by_address.is_empty());
    }

    #[test]
    fn the_busy_reply_is_a_whole_http_response() {
        let reply = String::from_utf8(busy_reply(true)).unwrap();
        let (head, body) = reply.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 503 "));
        let length = format!("content-length: {}", body.len());
        assert!(head.lines().any(|l| l == length), "{head}");
        assert!(head.contains("connection: close"));
        assert!(head.contains("x-content-type-options: nosniff"));
        assert!(head.contains("strict-transport-security: "));
        assert_eq!(body.lines().count(), Lang::ALL.len());
    }
}
