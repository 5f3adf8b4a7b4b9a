//! `mancala serve` as a process: killed with SIGKILL in the middle of games and started again
//! on the same database, on SQLite and on PostgreSQL (`MANCALA_TEST_POSTGRES_URL`); every
//! acknowledged move is still there and both players of every game resync and finish. On
//! SQLite, a second server on the same file is refused while the first runs, and the lock dies
//! with the killed process.

#![allow(clippy::unwrap_used, reason = "tests")]

#[path = "../../server/tests/common/mod.rs"]
mod common;

use std::io::{BufRead, BufReader, Read};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

use common::postgres::fresh_postgres;
use common::{Client, create, http, join};
use serde_json::{Value, json};

/// A running `mancala serve`, killed when dropped.
struct Served {
    child: Child,
    addr: SocketAddr,
}

impl Served {
    /// SIGKILL, and wait for the process to be gone.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `mancala serve` on `url` and a free port: the server once it listens, or what it
/// printed on stderr when it stopped instead.
fn serve(url: &str) -> Result<Served, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["serve", "--bind", "127.0.0.1:0", "--database-url", url])
        // The players answer each other at once, faster than a person: no message rate limit.
        .args(["--ws-message-burst", "100000", "--ws-messages-per-second", "100000"])
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Drained all along, so that logging never blocks the server.
    let mut stderr = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stderr.read_to_string(&mut s);
        s
    });
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    if line.is_empty() {
        child.wait().unwrap();
        return Err(errors.join().unwrap());
    }
    // "mancala VERSION serving on http://127.0.0.1:PORT/ (database URL)"
    let port: u16 = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no port in {line:?}"));
    Ok(Served {
        child,
        addr: SocketAddr::from(([127, 0, 0, 1], port)),
    })
}

/// A friend game's two seats.
#[derive(Clone, Debug)]
struct Seats {
    id: String,
    secrets: [String; 2],
}

/// Where a game stands for its players: the last move event's `after` (legal moves, turn,
/// outcome) and the moves acknowledged so far.
struct Progress {
    seats: Seats,
    after: Value,
    acked: Vec<String>,
    /// The move sent when the server was killed, not acknowledged.
    pending: Option<String>,
}

fn side_index(after: &Value) -> usize {
    usize::from(after["position"]["turn"] != "south")
}

/// One move by the side to move: its event reaches both, its mover gets the ack.
async fn play_one(clients: &mut [Client; 2], after: &Value, ply: u32, pick: usize) -> Value {
    let legal = after["legal"].as_array().unwrap();
    let mv = legal[pick % legal.len()].as_str().unwrap().to_owned();
    let me = side_index(after);
    clients[me]
        .send(json!({"type": "move", "ply": ply, "move": mv}))
        .await;
    let ev = clients[me].recv_main().await;
    assert_eq!(
        (ev["type"].as_str(), &ev["move"]),
        (Some("move"), &json!(mv))
    );
    assert_eq!(
        clients[me].recv_main().await,
        json!({"type": "ack", "ply": ply})
    );
    assert_eq!(clients[1 - me].recv_main().await, ev);
    ev
}

/// Plays `acked` acknowledged moves of a new game, then sends one more and leaves it
/// unanswered; returns the clients (still connected) and the progress.
async fn play_then_hang(addr: SocketAddr, acked: u32, seed: usize) -> ([Client; 2], Progress) {
    let c = create(
        addr,
        json!({"variant": "kalah", "opponent": "friend", "side": "south"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let south = c["secret"].as_str().unwrap().to_owned();
    let north = join(addr, c["invite_url"].as_str().unwrap()).await;
    let (s, s0) = Client::hello(addr, &id, Some(&south), None).await;
    let (n, _) = Client::hello(addr, &id, Some(&north), None).await;
    let mut clients = [s, n];
    let mut after = s0["game"].clone();
    let mut moves = Vec::new();
    for ply in 1..=acked {
        let ev = play_one(&mut clients, &after, ply, seed + ply as usize).await;
        moves.push(ev["move"].as_str().unwrap().to_owned());
        after = ev["after"].clone();
    }
    let legal = after["legal"].as_array().unwrap();
    let pending = legal[seed % legal.len()].as_str().unwrap().to_owned();
    clients[side_index(&after)]
        .send(json!({"type": "move", "ply": acked + 1, "move": pending}))
        .await;
    let progress = Progress {
        seats: Seats {
            id,
            secrets: [south, north],
        },
        after,
        acked: moves,
        pending: Some(pending),
    };
    (clients, progress)
}

/// After the restart: South comes back asking for what followed its last acknowledged move,
/// North for a full state; both agree with what was acknowledged, and play to the end.
async fn resync_and_finish(addr: SocketAddr, mut p: Progress, seed: usize) {
    let id = p.seats.id.clone();
    let ply = u32::try_from(p.acked.len()).unwrap();
    let (south, first) = Client::hello(addr, &id, Some(&p.seats.secrets[0]), Some((0, ply))).await;
    let (north, state) = Client::hello(addr, &id, Some(&p.seats.secrets[1]), None).await;
    assert_eq!(state["type"], "state", "{state}");
    let stored: Vec<String> = state["game"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_owned())
        .collect();
    // Every acknowledged move is there; the one in flight may be.
    assert_eq!(&stored[..p.acked.len()], &p.acked[..], "game {id}");
    let pending = p.pending.take();
    match stored.len() - p.acked.len() {
        0 => assert_eq!(first["type"], "presence", "{first}"),
        1 => {
            assert_eq!(Some(&stored[p.acked.len()]), pending.as_ref());
            assert_eq!(first["type"], "move", "the missing move: {first}");
            assert_eq!(first["move"].as_str(), pending.as_deref());
            p.after = first["after"].clone();
        }
        n => panic!("game {id}: {n} moves more than were sent"),
    }
    assert_eq!(
        state["game"]["legal"], p.after["legal"],
        "both see one position"
    );
    let mut clients = [south, north];
    let mut ply = u32::try_from(stored.len()).unwrap();
    while p.after["outcome"].is_null() {
        assert!(ply < 500, "game {id} does not end");
        ply += 1;
        let ev = play_one(&mut clients, &p.after, ply, seed + ply as usize).await;
        p.after = ev["after"].clone();
    }
    let (status, game) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(game["ply"], ply);
    assert_eq!(game["outcome"], p.after["outcome"]);
}

/// Games on a server killed mid-game, a restart on the same database, every game finished.
async fn kill_mid_games_and_restart(url: &str) {
    const GAMES: usize = 8;
    const ACKED: u32 = 6;
    let first = serve(url).unwrap();
    if url.starts_with("sqlite:") {
        let refused = serve(url)
            .err()
            .expect("a second server on one SQLite file is refused");
        assert!(
            refused.contains("in use by another mancala server"),
            "{refused}"
        );
        assert!(refused.contains("PostgreSQL"), "{refused}");
    }
    let addr = first.addr;
    let games: Vec<_> = (0..GAMES)
        .map(|i| tokio::spawn(play_then_hang(addr, ACKED, i * 7)))
        .collect();
    let mut held = Vec::new();
    let mut progress = Vec::new();
    for g in games {
        let (clients, p) = g.await.unwrap();
        held.push(clients);
        progress.push(p);
    }
    // Mid-game, moves in flight: SIGKILL.
    first.kill();
    drop(held);
    // The lock died with the process: the restart is not refused.
    let second = serve(url).unwrap_or_else(|e| panic!("restart after SIGKILL refused: {e}"));
    let addr = second.addr;
    let finish: Vec<_> = progress
        .into_iter()
        .enumerate()
        .map(|(i, p)| tokio::spawn(resync_and_finish(addr, p, i * 13)))
        .collect();
    for f in finish {
        f.await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_sigkill_mid_games_loses_no_acknowledged_move() {
    let dir = std::env::temp_dir().join(format!("mancala-sigkill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    kill_mid_games_and_restart(&format!("sqlite://{}", dir.join("site.db").display())).await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_sigkill_mid_games_loses_no_acknowledged_move() {
    let Some(url) = fresh_postgres("postgres_sigkill_mid_games").await else {
        return;
    };
    kill_mid_games_and_restart(&url).await;
}
