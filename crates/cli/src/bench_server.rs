//! `mancala bench server`: the play site under load, measured (never asserted).
//!
//! For each database and each number of games N, it starts `mancala serve` as a child process
//! on a fresh database, then holds N games on loopback, each with two WebSocket clients (the
//! creator and the friend who joined by the invitation) that play random legal moves from the
//! server's `legal` list after a think time drawn from a range. A finished game is replaced by
//! a new one. After every game is set up it measures for a while and prints, per run:
//! - games held (both sockets open at the end of the window) and games set up;
//! - moves per second (moves received by the opponent during the window);
//! - the move round trip, from the mover sending it to the opponent receiving its `move` event:
//!   p50, p99 and max;
//! - errors: `error` replies, failed requests and sockets closed under a client;
//! - the server's CPU (share of a core over the window) and memory (resident set at the end),
//!   and the load generator's own CPU share, since both share the machine.
//!
//! The clients spread over source addresses of 127.0.0.0/8 (a game's two players on two
//! addresses of their own), so that the server's per-address limits (connections, new games,
//! the computer's queue) treat them as the many visitors they stand for; `--one-address` keeps
//! them all on 127.0.0.1, for which those limits must be raised with `--server-arg`. The table
//! says which. The limits that are not per address are raised for every run (the overall
//! connection cap, to the open-file limit; the WebSocket message rate, which a player with no
//! think time passes), unless `--server-arg` sets them; the table prints them.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::sync::{Mutex, Semaphore};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::{WebSocketStream, client_async};

use crate::cpu;
use crate::rng::Rng;

/// How one benchmark is run.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    /// The numbers of concurrent games, one run each.
    pub(crate) games: Vec<usize>,
    /// Databases: `sqlite` (a fresh file per run) or a `postgres://` URL.
    pub(crate) databases: Vec<String>,
    /// Think time before each move, milliseconds, drawn uniformly from this range.
    pub(crate) think_ms: (u64, u64),
    /// Seconds measured once every game is set up.
    pub(crate) seconds: f64,
    /// The variant played.
    pub(crate) variant: String,
    /// Games set up at once.
    pub(crate) setup_parallel: usize,
    /// Every client on 127.0.0.1 instead of spread over 127.0.0.0/8.
    pub(crate) one_address: bool,
    /// Extra arguments for `mancala serve`.
    pub(crate) server_args: Vec<String>,
    /// Seed of the moves and think times.
    pub(crate) seed: u64,
}

/// One measured run.
#[derive(Clone, Debug, Default)]
struct RunResult {
    games: usize,
    set_up: usize,
    held: usize,
    moves: u64,
    secs: f64,
    rtt_ms: Vec<f64>,
    errors: u64,
    first_error: Option<String>,
    server_cpu: Option<f64>,
    server_rss_mb: Option<f64>,
    client_cpu: Option<f64>,
    finished_games: u64,
}

/// What the games share while a run lasts.
#[derive(Debug, Default)]
struct Shared {
    /// Set once every game is set up (or the set-up gave up): round trips count from then.
    measuring: AtomicBool,
    /// Set at the end of the window: the games stop.
    stop: AtomicBool,
    moves: AtomicU64,
    errors: AtomicU64,
    finished: AtomicU64,
    rtt_us: Mutex<Vec<u32>>,
    first_error: Mutex<Option<String>>,
}

impl Shared {
    async fn error(&self, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut first = self.first_error.lock().await;
        if first.is_none() {
            *first = Some(what);
        }
    }
}

/// Raises this process's open-file limit to its hard limit (the child server inherits it): a
/// run of 4,000 games holds 8,000 sockets on each side.
fn raise_file_limit() -> Option<u64> {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let lim = getrlimit(Resource::Nofile);
    let raised = Rlimit {
        current: lim.maximum,
        maximum: lim.maximum,
    };
    setrlimit(Resource::Nofile, raised).ok()?;
    getrlimit(Resource::Nofile).current
}

/// The resident set of process `pid` in MB, from `/proc/<pid>/status`.
fn rss_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// The server under test, killed when dropped.
struct ServerChild {
    child: Child,
    addr: SocketAddr,
    _dir: Option<TempDir>,
}

impl Drop for ServerChild {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A folder removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> Result<Self> {
        let mut b = [0u8; 8];
        getrandom::fill(&mut b).map_err(|e| anyhow!("no random source: {e}"))?;
        let path =
            std::env::temp_dir().join(format!("mancala-bench-server-{}", u64::from_le_bytes(b)));
        std::fs::create_dir_all(&path)
            .with_context(|| format!("cannot create {}", path.display()))?;
        Ok(Self(path))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Starts `mancala serve` on a free port over `database`, and reads its address from the line
/// it prints.
fn start_server(database: &str, extra: &[String]) -> Result<ServerChild> {
    let (url, dir) = if database == "sqlite" {
        let dir = TempDir::new()?;
        (
            format!("sqlite://{}", dir.0.join("bench.db").display()),
            Some(dir),
        )
    } else {
        (database.to_owned(), None)
    };
    let exe = std::env::current_exe().context("cannot find the mancala binary")?;
    let mut child = Command::new(exe)
        .args(["serve", "--bind", "127.0.0.1:0", "--database-url", &url])
        .args(raised_limits(extra))
        .args(extra)
        .env("RUST_LOG", "error")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("cannot start mancala serve")?;
    let stdout = child.stdout.take().context("no server stdout")?;
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .context("cannot read the server's address")?;
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|a| a.parse::<SocketAddr>().ok());
    let Some(addr) = addr else {
        let _ = child.kill();
        bail!("the server did not say where it listens: {line:?}");
    };
    Ok(ServerChild {
        child,
        addr,
        _dir: dir,
    })
}

/// The server limits a load run raises, each unless `extra` (the user's `--server-arg`s) sets
/// it: the overall connection cap (to what the open-file limit allows; the server lowers it
/// further if it must) and the WebSocket message rate (a player with no think time sends a move
/// as soon as the last one arrives).
fn raised_limits(extra: &[String]) -> Vec<String> {
    let defaults = [
        ("--max-connections", "1000000"),
        ("--ws-message-burst", "1000000"),
        ("--ws-messages-per-second", "1000000"),
    ];
    defaults
        .iter()
        .filter(|(flag, _)| !extra.iter().any(|a| a.split('=').next() == Some(*flag)))
        .flat_map(|(flag, value)| [(*flag).to_owned(), (*value).to_owned()])
        .collect()
}

/// The client address of game `game`'s player `player` (0 or 1): spread over 127.0.0.0/8
/// (from 127.1.0.0), or 127.0.0.1 for all.
fn client_ip(one_address: bool, game: usize, player: usize) -> IpAddr {
    if one_address {
        return IpAddr::V4(Ipv4Addr::LOCALHOST);
    }
    let n = u32::try_from(game * 2 + player).unwrap_or(0) % (1 << 23);
    let n = (1 << 16) + n;
    IpAddr::V4(Ipv4Addr::new(
        127,
        ((n >> 16) & 0xff) as u8,
        ((n >> 8) & 0xff) as u8,
        (n & 0xff) as u8,
    ))
}

/// A TCP connection to `to` from `from` (port chosen by the system).
async fn connect_from(from: IpAddr, to: SocketAddr) -> Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    Ok(socket.connect(to).await?)
}

/// One HTTP/1.1 request with `Connection: close`: the status, the headers as text, the body.
async fn http(
    from: IpAddr,
    to: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, String, String)> {
    let mut stream = connect_from(from, to).await?;
    let payload = body.map(Value::to_string).unwrap_or_default();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n");
    if body.is_some() {
        let _ = write!(
            req,
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            payload.len()
        );
    }
    req.push_str("\r\n");
    req.push_str(&payload);
    stream.write_all(req.as_bytes()).await?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await?;
    let text = String::from_utf8_lossy(&raw);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| anyhow!("not an HTTP answer: {head:?}"))?;
    Ok((status, head.to_owned(), body.to_owned()))
}

type Socket = WebSocketStream<TcpStream>;

/// A player's socket, after `hello`, with the `state` it got.
async fn open_socket(
    from: IpAddr,
    to: SocketAddr,
    id: &str,
    secret: &str,
) -> Result<(Socket, Value)> {
    let stream = connect_from(from, to).await?;
    let mut request = format!("ws://{to}/api/games/{id}/ws").into_client_request()?;
    request
        .headers_mut()
        .insert("Origin", format!("http://{to}").parse()?);
    let (mut ws, _) = client_async(request, stream).await?;
    ws.send(Message::text(
        json!({"type": "hello", "protocol": 2, "seat": secret}).to_string(),
    ))
    .await?;
    loop {
        let v = next_json(&mut ws).await?;
        if v["type"] == "state" {
            return Ok((ws, v));
        }
    }
}

/// The next JSON message of `ws` (skipping pings and pongs).
async fn next_json(ws: &mut Socket) -> Result<Value> {
    loop {
        match ws.next().await {
            Some(Ok(Message::Text(t))) => return Ok(serde_json::from_str(&t)?),
            Some(Ok(Message::Close(c))) => bail!("closed by the server: {c:?}"),
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(e.into()),
            None => bail!("the socket ended"),
        }
    }
}

/// A game set up: both players' sockets and what they know of the game.
struct Table {
    sockets: [Socket; 2],
    /// The side of each socket: `south` or `north`.
    sides: [String; 2],
    turn: Option<String>,
    legal: Vec<String>,
    ply: u64,
}

/// Creates a friend game, joins it by the invitation, and opens both sockets.
async fn set_up(plan: &Plan, to: SocketAddr, game: usize) -> Result<Table> {
    let (a, b) = (
        client_ip(plan.one_address, game, 0),
        client_ip(plan.one_address, game, 1),
    );
    let body = json!({"variant": plan.variant, "opponent": "friend", "side": "random"});
    let (status, _, text) = http(a, to, "POST", "/api/games", Some(&body)).await?;
    if status != 201 {
        bail!("creating a game: {status} {text}");
    }
    let created: Value = serde_json::from_str(&text)?;
    let id = created["id"].as_str().context("no id")?.to_owned();
    let secret = created["secret"].as_str().context("no secret")?.to_owned();
    let invite = created["invite_url"]
        .as_str()
        .context("no invitation")?
        .to_owned();
    let (status, head, _) = http(b, to, "GET", &invite, None).await?;
    let location = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("location")
                .then(|| v.trim().to_owned())
        })
        .with_context(|| format!("joining: {status} with no Location"))?;
    let friend = location
        .rsplit('/')
        .next()
        .filter(|s| !s.is_empty())
        .context("joining: no secret in the player URL")?
        .to_owned();
    let (ws_a, state_a) = open_socket(a, to, &id, &secret).await?;
    let (ws_b, state_b) = open_socket(b, to, &id, &friend).await?;
    let side = |s: &Value| s["you"].as_str().unwrap_or_default().to_owned();
    let game = &state_b["game"];
    Ok(Table {
        sides: [side(&state_a), side(&state_b)],
        sockets: [ws_a, ws_b],
        turn: game["position"]["turn"].as_str().map(str::to_owned),
        legal: legal_of(&game["legal"]),
        ply: game["ply"].as_u64().unwrap_or(0),
    })
}

fn legal_of(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Plays games at `slot` until the run stops: a finished game is replaced by a new one.
async fn play_slot(
    plan: Arc<Plan>,
    to: SocketAddr,
    slot: usize,
    shared: Arc<Shared>,
    setup: Arc<Semaphore>,
    ready: Arc<AtomicU64>,
    held: Arc<AtomicU64>,
) {
    let mut rng = Rng::new(plan.seed ^ (slot as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut first = true;
    while !shared.stop.load(Ordering::Relaxed) {
        let table = {
            let _permit = setup.acquire().await;
            set_up(&plan, to, slot).await
        };
        if first {
            ready.fetch_add(1, Ordering::Relaxed);
            first = false;
        }
        let table = match table {
            Ok(t) => t,
            Err(e) => {
                shared.error(format!("set-up: {e:#}")).await;
                tokio::time::sleep(Duration::from_millis(500)).await;
                continue;
            }
        };
        held.fetch_add(1, Ordering::Relaxed);
        let ended = play_game(&plan, table, &shared, &mut rng).await;
        held.fetch_sub(1, Ordering::Relaxed);
        match ended {
            Ok(true) => {
                shared.finished.fetch_add(1, Ordering::Relaxed);
            }
            Ok(false) => return,
            Err(e) => shared.error(format!("game: {e:#}")).await,
        }
    }
}

/// Plays one game to its end (`true`) or until the run stops (`false`).
async fn play_game(plan: &Plan, mut t: Table, shared: &Shared, rng: &mut Rng) -> Result<bool> {
    // The move in flight: its ply and when it was sent.
    let mut in_flight: VecDeque<(u64, Instant)> = VecDeque::new();
    let mut due: Option<tokio::time::Instant> = None;
    let think = |rng: &mut Rng| {
        let (lo, hi) = plan.think_ms;
        Duration::from_millis(lo + rng.below(usize::try_from(hi - lo + 1).unwrap_or(1)) as u64)
    };
    if t.turn.is_some() {
        due = Some(tokio::time::Instant::now() + think(rng));
    }
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            for mut s in t.sockets {
                let _ = s.close(None).await;
            }
            return Ok(false);
        }
        let wake = due.unwrap_or_else(|| tokio::time::Instant::now() + Duration::from_millis(250));
        let [s0, s1] = &mut t.sockets;
        tokio::select! {
            () = tokio::time::sleep_until(wake) => {
                if due.is_none() || !in_flight.is_empty() {
                    continue;
                }
                due = None;
                let Some(turn) = t.turn.clone() else { continue };
                let Some(mover) = t.sides.iter().position(|s| *s == turn) else {
                    bail!("no socket plays {turn}");
                };
                if t.legal.is_empty() {
                    continue;
                }
                let m = t.legal[rng.below(t.legal.len())].clone();
                let ply = t.ply + 1;
                t.sockets[mover]
                    .send(Message::text(json!({"type": "move", "ply": ply, "move": m}).to_string()))
                    .await?;
                in_flight.push_back((ply, Instant::now()));
            }
            v = next_json(s0) => {
                if let Some(over) = receive(0, &v?, &mut t, &mut in_flight, shared).await? {
                    if over { return Ok(true); }
                    due = Some(tokio::time::Instant::now() + think(rng));
                }
            }
            v = next_json(s1) => {
                if let Some(over) = receive(1, &v?, &mut t, &mut in_flight, shared).await? {
                    if over { return Ok(true); }
                    due = Some(tokio::time::Instant::now() + think(rng));
                }
            }
        }
    }
}

/// Handles a message of socket `who`; `Some(over)` when the game moved on (a `move` event seen
/// by the mover's opponent), with whether the game is over.
async fn receive(
    who: usize,
    v: &Value,
    t: &mut Table,
    in_flight: &mut VecDeque<(u64, Instant)>,
    shared: &Shared,
) -> Result<Option<bool>> {
    match v["type"].as_str() {
        Some("move") => {
            let side = v["side"].as_str().unwrap_or_default();
            if t.sides[who] == side {
                return Ok(None); // The mover's own copy.
            }
            let ply = v["ply"].as_u64().unwrap_or(0);
            if let Some(&(p, sent)) = in_flight.front()
                && p == ply
            {
                in_flight.pop_front();
                if shared.measuring.load(Ordering::Relaxed) {
                    let us = u32::try_from(sent.elapsed().as_micros()).unwrap_or(u32::MAX);
                    shared.rtt_us.lock().await.push(us);
                    shared.moves.fetch_add(1, Ordering::Relaxed);
                }
            }
            t.ply = ply;
            let after = &v["after"];
            t.legal = legal_of(&after["legal"]);
            t.turn = after["position"]["turn"].as_str().map(str::to_owned);
            Ok(Some(!after["outcome"].is_null() || t.legal.is_empty()))
        }
        Some("state") => {
            let game = &v["game"];
            t.ply = game["ply"].as_u64().unwrap_or(0);
            t.legal = legal_of(&game["legal"]);
            t.turn = game["position"]["turn"].as_str().map(str::to_owned);
            in_flight.clear();
            Ok(Some(!game["outcome"].is_null() || t.legal.is_empty()))
        }
        Some("error") => {
            shared.error(format!("error reply: {v}")).await;
            in_flight.clear();
            Ok(Some(false))
        }
        _ => Ok(None),
    }
}

/// The `q` quantile of sorted `xs`.
fn quantile(xs: &[f64], q: f64) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    let i = ((xs.len() - 1) as f64 * q).round() as usize;
    xs.get(i).copied()
}

/// One run: N games on one database.
async fn run_one(plan: Arc<Plan>, database: &str, games: usize) -> Result<RunResult> {
    let server = start_server(database, &plan.server_args)?;
    let to = server.addr;
    let pid = server.child.id();
    let shared = Arc::new(Shared::default());
    let setup = Arc::new(Semaphore::new(plan.setup_parallel.max(1)));
    let ready = Arc::new(AtomicU64::new(0));
    let held = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::with_capacity(games);
    for slot in 0..games {
        tasks.push(tokio::spawn(play_slot(
            plan.clone(),
            to,
            slot,
            shared.clone(),
            setup.clone(),
            ready.clone(),
            held.clone(),
        )));
    }
    // Every game's first set-up done (or failed), at most a minute plus a second a game.
    let deadline = Instant::now() + Duration::from_secs(60 + games as u64);
    while ready.load(Ordering::Relaxed) < games as u64 && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let set_up = held.load(Ordering::Relaxed) as usize;
    // The first moves of every game are in flight: let a think time pass before measuring.
    tokio::time::sleep(Duration::from_millis(plan.think_ms.1)).await;
    let server_cpu0 = cpu::cpu_secs_of_pid(pid);
    let watch = cpu::Stopwatch::start();
    shared.measuring.store(true, Ordering::Relaxed);
    tokio::time::sleep(Duration::from_secs_f64(plan.seconds)).await;
    shared.measuring.store(false, Ordering::Relaxed);
    let (secs, client_cpu) = watch.read();
    let server_cpu = cpu::cpu_share(server_cpu0, cpu::cpu_secs_of_pid(pid), secs);
    let server_rss_mb = rss_mb(pid);
    let held_now = held.load(Ordering::Relaxed) as usize;
    shared.stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(10), t).await;
    }
    drop(server);
    let mut rtt: Vec<f64> = shared
        .rtt_us
        .lock()
        .await
        .iter()
        .map(|&us| f64::from(us) / 1000.0)
        .collect();
    rtt.sort_by(f64::total_cmp);
    Ok(RunResult {
        games,
        set_up,
        held: held_now,
        moves: shared.moves.load(Ordering::Relaxed),
        secs,
        rtt_ms: rtt,
        errors: shared.errors.load(Ordering::Relaxed),
        first_error: shared.first_error.lock().await.clone(),
        server_cpu,
        server_rss_mb,
        client_cpu,
        finished_games: shared.finished.load(Ordering::Relaxed),
    })
}

fn ms(x: Option<f64>) -> String {
    x.map_or_else(|| "-".to_owned(), |v| format!("{v:.1}"))
}

/// Runs the plan and prints a table per database.
pub(crate) fn run(out: &mut impl Write, plan: Plan) -> Result<()> {
    if plan.think_ms.0 > plan.think_ms.1 {
        bail!("the think time range is empty");
    }
    let files = raise_file_limit();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let plan = Arc::new(plan);
    writeln!(
        out,
        "mancala bench server: {} on loopback, think {}..{} ms a move, {} s measured a run, \
         clients {}, open files {}",
        plan.variant,
        plan.think_ms.0,
        plan.think_ms.1,
        plan.seconds,
        if plan.one_address {
            "all on 127.0.0.1 (server limits as given)"
        } else {
            "spread over 127.0.0.0/8, two addresses a game"
        },
        files.map_or_else(|| "unchanged".to_owned(), |n| n.to_string()),
    )?;
    let mut args = raised_limits(&plan.server_args);
    args.extend(plan.server_args.iter().cloned());
    writeln!(out, "server limits and arguments: {}", args.join(" "))?;
    for database in &plan.databases {
        writeln!(out, "\ndatabase: {database}")?;
        writeln!(
            out,
            "{:>6} {:>6} {:>6} {:>8} {:>8} {:>8} {:>8} {:>6} {:>8} {:>8} {:>7} {:>7}",
            "games",
            "set up",
            "held",
            "moves/s",
            "p50 ms",
            "p99 ms",
            "max ms",
            "errors",
            "finished",
            "srv CPU",
            "srv MB",
            "gen CPU"
        )?;
        for &n in &plan.games {
            let r = runtime.block_on(run_one(plan.clone(), database, n))?;
            writeln!(
                out,
                "{:>6} {:>6} {:>6} {:>8.0} {:>8} {:>8} {:>8} {:>6} {:>8} {:>8} {:>7} {:>7}",
                r.games,
                r.set_up,
                r.held,
                r.moves as f64 / r.secs,
                ms(quantile(&r.rtt_ms, 0.5)),
                ms(quantile(&r.rtt_ms, 0.99)),
                ms(r.rtt_ms.last().copied()),
                r.errors,
                r.finished_games,
                cpu::share_text(r.server_cpu),
                r.server_rss_mb
                    .map_or_else(|| "-".to_owned(), |m| format!("{m:.0}")),
                cpu::share_text(r.client_cpu),
            )?;
            if let Some(e) = &r.first_error {
                writeln!(out, "       first error: {e}")?;
            }
            out.flush()?;
        }
    }
    writeln!(
        out,
        "\nmoves/s counts moves received by the opponent in the window; the round trip is from \
         the mover's send to the opponent's receipt; CPU is the share of one core (the machine's \
         cores are shared by the server and this load generator)."
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_addresses_spread_and_stay_distinct() {
        let a = client_ip(false, 0, 0);
        let b = client_ip(false, 0, 1);
        let c = client_ip(false, 3999, 1);
        assert_eq!(a, IpAddr::V4(Ipv4Addr::new(127, 1, 0, 0)));
        assert_ne!(a, b);
        assert_eq!(c, IpAddr::V4(Ipv4Addr::new(127, 1, 31, 63)));
        assert_eq!(client_ip(true, 17, 1), IpAddr::V4(Ipv4Addr::LOCALHOST));
    }

    #[test]
    fn limits_are_raised_unless_given() {
        assert_eq!(raised_limits(&[]).len(), 6);
        let given = ["--max-connections=500".to_owned()];
        let raised = raised_limits(&given);
        assert_eq!(raised.len(), 4);
        assert!(!raised.contains(&"--max-connections".to_owned()));
    }

    #[test]
    fn quantiles_of_sorted_figures() {
        let xs: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(quantile(&xs, 0.5), Some(51.0));
        assert_eq!(quantile(&xs, 0.99), Some(99.0));
        assert_eq!(quantile(&[], 0.5), None);
    }
}
