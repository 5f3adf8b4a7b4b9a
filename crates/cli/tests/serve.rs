//! `mancala serve` as a process: killed with SIGKILL in the middle of games and started again
//! on the same database, on SQLite and on PostgreSQL (`MANCALA_TEST_POSTGRES_URL`); every
//! acknowledged move is still there and both players of every game resync and finish. On
//! SQLite, a second server on the same file is refused while the first runs, and the lock dies
//! with the killed process. Two servers on one PostgreSQL database serve one game together: the
//! players and spectators on different instances see every move, agree on a takeback and a
//! rematch, and finish on one instance when the other is killed; a computer's search on a killed
//! instance is taken over by the other.

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

/// Reads `c` until a `presence` message equal to `want` (skipping everything else).
async fn presence_until(c: &mut Client, want: &Value) {
    loop {
        let v = c.recv().await;
        if v["type"] == "presence" && v == *want {
            return;
        }
    }
}

/// One move by the side to move, as [`play_one`], also seen by each of `watchers`.
async fn play_watched(
    clients: &mut [Client; 2],
    watchers: &mut [Client],
    after: &Value,
    ply: u32,
    pick: usize,
) -> Value {
    let ev = play_one(clients, after, ply, pick).await;
    for w in watchers.iter_mut() {
        assert_eq!(w.recv_main().await, ev, "a spectator sees move {ply}");
    }
    ev
}

/// A `state` message that every one of `all` gets, all alike but for `you`.
async fn state_everywhere(all: &mut [&mut Client]) -> Value {
    let mut game = None;
    for c in all.iter_mut() {
        let s = c.recv_main().await;
        assert_eq!(s["type"], "state", "{s}");
        match &game {
            None => game = Some(s["game"].clone()),
            Some(g) => assert_eq!(&s["game"]["moves"], &g["moves"]),
        }
    }
    game.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_one_postgres_play_one_game_and_survive_one_being_killed() {
    let Some(url) = fresh_postgres("two_instances").await else {
        return;
    };
    let a = serve(&url).unwrap();
    let b = serve(&url).unwrap();
    let (on_a, on_b) = (a.addr, b.addr);

    // South creates the game on A; North joins through B; a spectator on each.
    let c = create(
        on_a,
        json!({"variant": "kalah", "opponent": "friend", "side": "south"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let south = c["secret"].as_str().unwrap().to_owned();
    let (mut watch_a, _) = Client::hello(on_a, &id, None, None).await;
    let north = join(on_b, c["invite_url"].as_str().unwrap()).await;
    // A hears of the join and resyncs its spectator.
    let resync = watch_a.recv_type("state").await;
    assert_eq!(resync["game"]["seats"]["north"]["joined"], true, "{resync}");
    let (s, first) = Client::hello(on_a, &id, Some(&south), None).await;
    let (n, _) = Client::hello(on_b, &id, Some(&north), None).await;
    let (mut watch_b, _) = Client::hello(on_b, &id, None, None).await;
    let mut players = [s, n];
    // Presence adds up across instances: both players, two spectators, seen from both sides.
    let everyone = json!({"type": "presence", "south": true, "north": true, "spectators": 2});
    presence_until(&mut watch_a, &everyone).await;
    presence_until(&mut watch_b, &everyone).await;
    presence_until(&mut players[0], &everyone).await;
    presence_until(&mut players[1], &everyone).await;

    // Moves cross between instances and reach everyone.
    let mut watchers = [watch_a, watch_b];
    let mut after = first["game"].clone();
    let mut ply = 0;
    for pick in 0..6 {
        ply += 1;
        after = play_watched(&mut players, &mut watchers, &after, ply, pick * 5 + 1).await["after"]
            .clone();
    }

    // A takeback asked on one instance and granted on the other: everyone resyncs to it.
    let to_move = side_index(&after);
    players[1 - to_move].send(json!({"type": "takeback"})).await;
    let offer = players[to_move].recv_type("offers").await;
    assert!(!offer["takeback"].is_null(), "{offer}");
    players[to_move].send(json!({"type": "takeback"})).await;
    let [p0, p1] = &mut players;
    let [w0, w1] = &mut watchers;
    let game = state_everywhere(&mut [p0, p1, w0, w1]).await;
    assert_eq!(game["epoch"], 1);
    assert!(game["ply"].as_u64().unwrap() < u64::from(ply));
    ply = u32::try_from(game["ply"].as_u64().unwrap()).unwrap();
    after =
        json!({"legal": game["legal"], "position": game["position"], "outcome": game["outcome"]});

    // To the end, then a rematch offered on B and accepted on A.
    while after["outcome"].is_null() {
        assert!(ply < 500, "the game does not end");
        ply += 1;
        after =
            play_watched(&mut players, &mut watchers, &after, ply, ply as usize * 3).await["after"]
                .clone();
    }
    players[1].send(json!({"type": "rematch"})).await;
    let offer = players[0].recv_type("offers").await;
    assert_eq!(offer["rematch"], "north", "{offer}");
    players[0].send(json!({"type": "rematch"})).await;
    let mut next = None;
    for c in players.iter_mut().chain(watchers.iter_mut()) {
        let r = c.recv_type("rematch").await;
        match &next {
            None => next = Some(r["id"].as_str().unwrap().to_owned()),
            Some(n) => assert_eq!(r["id"].as_str(), Some(n.as_str())),
        }
    }
    let next = next.unwrap();
    for c in players.into_iter().chain(watchers) {
        c.close().await;
    }

    // The rematch, sides swapped: North's old seat opens on B, South's on A, a spectator each.
    let (s, first) = Client::hello(on_a, &next, Some(&south), None).await;
    let (n, _) = Client::hello(on_b, &next, Some(&north), None).await;
    assert_eq!(first["you"], "north", "the sides are swapped: {first}");
    let mut players = [n, s];
    let (wa, _) = Client::hello(on_a, &next, None, None).await;
    let (wb, _) = Client::hello(on_b, &next, None, None).await;
    let mut watchers = [wa, wb];
    for c in players.iter_mut().chain(watchers.iter_mut()) {
        presence_until(c, &everyone).await;
    }
    let mut after = first["game"].clone();
    let mut ply = 0;
    for pick in 0..4 {
        ply += 1;
        after = play_watched(&mut players, &mut watchers, &after, ply, pick * 7 + 2).await["after"]
            .clone();
    }

    // A dies. The player on B sees its opponent and A's spectator leave once A is silent for
    // long enough (store::SILENCE); they come back through B, asking for what followed, and
    // the game is finished on B.
    a.kill();
    let [on_b_player, on_a_player] = players;
    let [dead_watcher, mut watch_b] = watchers;
    drop(on_a_player);
    drop(dead_watcher);
    let mut on_b_player = on_b_player;
    presence_until(
        &mut on_b_player,
        &json!({"type": "presence", "south": true, "north": false, "spectators": 1}),
    )
    .await;
    let (back, hello) = Client::hello(on_b, &next, Some(&south), Some((0, ply))).await;
    assert_eq!(hello["type"], "presence", "nothing was missed: {hello}");
    let (watch_back, _) = Client::hello(on_b, &next, None, Some((0, ply))).await;
    let mut players = [on_b_player, back];
    presence_until(&mut watch_b, &everyone).await;
    let mut watchers = [watch_b, watch_back];
    while after["outcome"].is_null() {
        assert!(ply < 500, "the rematch does not end");
        ply += 1;
        after =
            play_watched(&mut players, &mut watchers, &after, ply, ply as usize * 5).await["after"]
                .clone();
    }
    let (status, game) = http(on_b, "GET", &format!("/api/games/{next}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(game["ply"], ply);
    assert_eq!(game["outcome"], after["outcome"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_on_a_killed_instance_is_taken_over() {
    let Some(url) = fresh_postgres("search_taken_over").await else {
        return;
    };
    let a = serve(&url).unwrap();
    let b = serve(&url).unwrap();
    // Level 8 of Bao la Kiswahili thinks for seconds: long enough to be killed mid-search.
    let c = create(
        a.addr,
        json!({"variant": "bao-la-kiswahili", "opponent": "computer", "level": 8, "side": "south"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let secret = c["secret"].as_str().unwrap().to_owned();
    let (mut me, first) = Client::hello(a.addr, &id, Some(&secret), None).await;
    let (mut watcher, _) = Client::hello(b.addr, &id, None, None).await;
    let legal = first["game"]["legal"].as_array().unwrap();
    let mv = legal[0].as_str().unwrap().to_owned();
    me.send(json!({"type": "move", "ply": 1, "move": mv})).await;
    let ev = me.recv_main().await;
    assert_eq!(ev["type"], "move");
    assert_eq!(me.recv_main().await, json!({"type": "ack", "ply": 1}));
    assert_eq!(watcher.recv_main().await, ev, "B saw the move");
    // The computer is searching on A: A dies.
    a.kill();
    drop(me);
    // B takes the search over; the player, back through B, gets the computer's move.
    let (mut me, _) = Client::hello(b.addr, &id, Some(&secret), Some((0, 1))).await;
    let reply = me.recv_main().await;
    assert_eq!(reply["type"], "move", "{reply}");
    assert_eq!(reply["ply"], 2);
    assert_eq!(reply["side"], "north");
    assert_eq!(watcher.recv_main().await, reply);
}
