//! WebSocket games over a real listener (docs/protocol.md §3).

#![allow(clippy::unwrap_used, reason = "tests")]

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

use async_trait::async_trait;
use common::{Client, create, http, join, memory_store, postgres_store, spawn, spawn_with};
use mancala::Side;
use mancala::record::GameRecord;
use mancala_server::Store;
use mancala_server::store::{StoreError, StoredGame, StoredOffers};
use serde_json::{Value, json};
use tokio::sync::{Notify, Semaphore};

fn legal(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_owned())
        .collect()
}

/// A deterministic choice among `n` moves.
fn pick(seed: &mut u64, n: usize) -> usize {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    usize::try_from(*seed % n as u64).unwrap()
}

/// The captures a move event lists: those of its trace's `capture`, `remove` and `take` events.
fn captures_of_trace(ev: &Value) -> Value {
    ev["trace"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| matches!(e["e"].as_str(), Some("capture" | "remove" | "take")))
        .map(|e| json!({"from": e["from"], "seeds": e["seeds"]}))
        .collect()
}

/// Two people play `variant` to its end by moving at random; a spectator watches. Checks that
/// every client sees every move once and in order, that each mover gets its ack, that every
/// move event carries data rather than sentences (its captures, no `text`), and that the stored
/// record replays to the same end. Returns the outcome.
async fn play_whole_game(store: Arc<dyn Store>, variant: &str, seed: u64) -> Value {
    let (addr, _state) = spawn(store).await;
    let created = create(
        addr,
        json!({"variant": variant, "opponent": "friend", "side": "south"}),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_owned();
    let south_secret = created["secret"].as_str().unwrap().to_owned();
    let north_secret = join(addr, created["invite_url"].as_str().unwrap()).await;
    assert_ne!(south_secret, north_secret);

    let (mut south, s0) = Client::hello(addr, &id, Some(&south_secret), None).await;
    let (mut north, n0) = Client::hello(addr, &id, Some(&north_secret), None).await;
    let (mut watcher, w0) = Client::hello(addr, &id, None, None).await;
    assert_eq!(s0["you"], "south");
    assert_eq!(n0["you"], "north");
    assert_eq!(w0["you"], Value::Null);
    assert_eq!(s0["protocol"], 2);
    assert_eq!(s0["game"]["variant"], variant);
    assert!(
        s0["game"].get("name").is_none(),
        "protocol 2 sends no game name: {s0}"
    );
    assert_eq!(
        s0["game"]["invite_url"],
        Value::Null,
        "the invitation is used"
    );
    assert_eq!(w0["game"]["seats"]["north"]["joined"], true);

    let mut legal_now = legal(&s0["game"]["legal"]);
    let mut turn = Side::South;
    let mut ply = 0u32;
    let mut seed = seed;
    let mut outcome = Value::Null;
    let mut seen_moves = Vec::new();
    while outcome.is_null() {
        assert!(ply < 3000, "{variant}: the game did not end");
        let mv = legal_now[pick(&mut seed, legal_now.len())].clone();
        ply += 1;
        let mover = if turn == Side::South {
            &mut south
        } else {
            &mut north
        };
        mover
            .send(json!({"type": "move", "ply": ply, "move": mv}))
            .await;
        let ev = mover.recv_main().await;
        assert_eq!(ev["type"], "move", "{ev}");
        assert_eq!(ev["ply"], ply);
        assert_eq!(ev["move"], mv);
        let ack = mover.recv_main().await;
        assert_eq!(ack, json!({"type": "ack", "ply": ply}));
        let other = if turn == Side::South {
            &mut north
        } else {
            &mut south
        };
        let ev2 = other.recv_main().await;
        assert_eq!(ev2, ev, "both players see the same event");
        let ev3 = watcher.recv_main().await;
        assert_eq!(ev3, ev, "the spectator sees every move");
        assert!(!ev["trace"].as_array().unwrap().is_empty());
        assert_eq!(ev["captures"], captures_of_trace(&ev), "{ev}");
        assert!(
            ev.get("text").is_none(),
            "protocol 2 sends no sentence: {ev}"
        );
        seen_moves.push(mv);
        legal_now = legal(&ev["after"]["legal"]);
        outcome = ev["after"]["outcome"].clone();
        turn = if ev["after"]["position"]["turn"] == "south" {
            Side::South
        } else {
            Side::North
        };
    }
    assert!(legal_now.is_empty(), "no legal moves once the game is over");

    let (status, game) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(game["ply"], ply);
    assert_eq!(game["outcome"], outcome);
    let (status, record) = http(addr, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200);
    let record = GameRecord::parse(record.as_str().unwrap()).unwrap();
    assert_eq!(record.moves().len(), seen_moves.len());
    assert_eq!(
        record.position().diagram(),
        game["position"]["diagram"].as_str().unwrap()
    );
    assert_eq!(
        record.result_token(),
        outcome["result"].as_str().unwrap(),
        "the record's result"
    );
    assert!(outcome.get("text").is_none(), "{outcome}");
    let counted = outcome["reason"] == "seeds_counted";
    assert_eq!(outcome["seeds"].is_object(), counted, "{outcome}");
    outcome
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_a_whole_bao_la_kiswahili_game_watched() {
    play_whole_game(
        memory_store().await,
        "bao-la-kiswahili",
        0x9e37_79b9_7f4a_7c15,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_a_whole_hus_game_watched() {
    play_whole_game(memory_store().await, "hus", 0x1234_5678_9abc_def1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_two_players_play_a_whole_hus_game_watched() {
    let Some(store) = postgres_store("on_postgres_two_players_play_a_whole_hus_game").await else {
        return;
    };
    play_whole_game(store, "hus", 0x1234_5678_9abc_def1).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kalah_game_ends_with_the_seeds_counted() {
    let outcome = play_whole_game(memory_store().await, "kalah", 0x0bad_5eed_1234_5678).await;
    assert_eq!(outcome["reason"], "seeds_counted", "{outcome}");
    let (south, north) = (
        outcome["seeds"]["south"].as_u64().unwrap(),
        outcome["seeds"]["north"].as_u64().unwrap(),
    );
    assert_eq!(south + north, 48, "every seed is counted: {outcome}");
    let winner = match south.cmp(&north) {
        std::cmp::Ordering::Greater => json!("south"),
        std::cmp::Ordering::Less => json!("north"),
        std::cmp::Ordering::Equal => Value::Null,
    };
    assert_eq!(outcome["winner"], winner, "{outcome}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_player_reconnects_and_resyncs() {
    a_dropped_player_reconnects_and_resyncs_on(memory_store().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_a_dropped_player_reconnects_and_resyncs() {
    let Some(store) = postgres_store("on_postgres_a_dropped_player_reconnects_and_resyncs").await
    else {
        return;
    };
    a_dropped_player_reconnects_and_resyncs_on(store).await;
}

async fn a_dropped_player_reconnects_and_resyncs_on(store: Arc<dyn Store>) {
    let (addr, _state) = spawn(store).await;
    let c = create(
        addr,
        json!({"variant": "bao-la-kujifunza", "opponent": "friend", "side": "south"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let s_secret = c["secret"].as_str().unwrap().to_owned();
    let n_secret = join(addr, c["invite_url"].as_str().unwrap()).await;
    let (mut south, s0) = Client::hello(addr, &id, Some(&s_secret), None).await;
    let (mut north, _) = Client::hello(addr, &id, Some(&n_secret), None).await;

    let m1 = s0["game"]["legal"][0].as_str().unwrap().to_owned();
    south
        .send(json!({"type": "move", "ply": 1, "move": m1}))
        .await;
    let ev1 = south.recv_main().await;
    assert_eq!(south.recv_main().await["type"], "ack");
    assert_eq!(north.recv_main().await, ev1);
    let epoch = u32::try_from(ev1["epoch"].as_u64().unwrap()).unwrap();

    // South drops; North sees it and moves meanwhile.
    south.close().await;
    let p = north.recv_type("presence").await;
    assert_eq!(
        p,
        json!({"type": "presence", "south": false, "north": true, "spectators": 0})
    );
    let m2 = ev1["after"]["legal"][0].as_str().unwrap().to_owned();
    north
        .send(json!({"type": "move", "ply": 2, "move": m2}))
        .await;
    let ev2 = north.recv_main().await;
    assert_eq!(ev2["ply"], 2);

    // South comes back with the last ply it saw and gets exactly the missing event.
    let (mut south, first) = Client::hello(addr, &id, Some(&s_secret), Some((epoch, 1))).await;
    assert_eq!(first, ev2, "the missing move, not a full state");
    let rest = [south.recv().await, south.recv().await];
    assert_eq!(rest[0]["type"], "presence");
    assert_eq!(
        rest[1],
        json!({"type": "offers", "takeback": null, "rematch": null})
    );
    assert_eq!(
        north.recv_type("presence").await,
        json!({"type": "presence", "south": true, "north": true, "spectators": 0})
    );
    // It can go on playing from there.
    let m3 = ev2["after"]["legal"][0].as_str().unwrap().to_owned();
    south
        .send(json!({"type": "move", "ply": 3, "move": m3}))
        .await;
    assert_eq!(south.recv_main().await["ply"], 3);
    assert_eq!(south.recv_main().await, json!({"type": "ack", "ply": 3}));

    // A client from another epoch, or from the future, gets a full state.
    let (_, s) = Client::hello(addr, &id, Some(&s_secret), Some((epoch + 1, 1))).await;
    assert_eq!(s["type"], "state");
    assert_eq!(s["game"]["ply"], 3);
    let (_, s) = Client::hello(addr, &id, Some(&s_secret), Some((epoch, 9))).await;
    assert_eq!(s["type"], "state");
    // And a cookie-less reconnect without `since` resyncs fully as the same seat.
    let (_, s) = Client::hello(addr, &id, Some(&s_secret), None).await;
    assert_eq!(s["you"], "south");
    assert_eq!(s["game"]["moves"].as_array().unwrap().len(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_are_counted_in_presence_and_state() {
    let (addr, _state) = spawn(memory_store().await).await;
    let c = create(
        addr,
        json!({"variant": "bao-la-kiswahili", "opponent": "friend", "side": "south"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let s_secret = c["secret"].as_str().unwrap().to_owned();
    let n_secret = join(addr, c["invite_url"].as_str().unwrap()).await;
    let (mut south, s0) = Client::hello(addr, &id, Some(&s_secret), None).await;
    assert_eq!(s0["game"]["spectators"], 0, "nobody watches yet: {s0}");
    let (mut north, _) = Client::hello(addr, &id, Some(&n_secret), None).await;
    let presence = |spectators: u32| json!({"type": "presence", "south": true, "north": true, "spectators": spectators});
    // South heard itself come first, then North.
    while south.recv_type("presence").await != presence(0) {}

    // A first spectator: everyone, the spectator too, hears the count go up.
    let (mut w1, first) = Client::hello(addr, &id, None, None).await;
    assert_eq!(first["you"], Value::Null);
    assert_eq!(w1.recv_type("presence").await, presence(1));
    assert_eq!(south.recv_type("presence").await, presence(1));
    // A second one; a wrong secret watches too.
    let (mut w2, s2) = Client::hello(addr, &id, Some("AAAAAAAAAAAAAAAAAAAAAA"), None).await;
    assert_eq!(s2["you"], Value::Null);
    assert_eq!(
        s2["game"]["spectators"], 1,
        "the state counts those already there"
    );
    assert_eq!(w2.recv_type("presence").await, presence(2));
    assert_eq!(south.recv_type("presence").await, presence(2));
    assert_eq!(w1.recv_type("presence").await, presence(2));
    // A second tab of a player is no spectator.
    let (_again, s3) = Client::hello(addr, &id, Some(&n_secret), None).await;
    assert_eq!(s3["you"], "north");
    assert_eq!(s3["game"]["spectators"], 2);
    let (status, api) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(api["spectators"], 2, "{api}");

    // One leaves: the count goes down; a reconnecting player's catch-up carries it.
    w1.close().await;
    while north.recv_type("presence").await != presence(2) {}
    assert_eq!(north.recv_type("presence").await, presence(1));
    assert_eq!(w2.recv_type("presence").await, presence(1));
    let epoch = u32::try_from(s0["game"]["epoch"].as_u64().unwrap()).unwrap();
    let (_, caught) = Client::hello(addr, &id, Some(&s_secret), Some((epoch, 0))).await;
    assert_eq!(caught, presence(1), "the catch-up's presence");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_state_carries_the_last_move_with_its_trace() {
    let (addr, _state) = spawn(memory_store().await).await;
    let c = create(
        addr,
        json!({"variant": "bao-la-kiswahili", "opponent": "local"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let secret = c["secret"].as_str().unwrap().to_owned();
    let (mut me, s0) = Client::hello(addr, &id, Some(&secret), None).await;
    assert_eq!(s0["game"]["last_move"], Value::Null, "no move yet: {s0}");
    let mut last = Value::Null;
    for ply in 1..=3 {
        let legal_now = if last.is_null() {
            legal(&s0["game"]["legal"])
        } else {
            legal(&last["after"]["legal"])
        };
        me.send(json!({"type": "move", "ply": ply, "move": legal_now[0]}))
            .await;
        last = me.recv_type("move").await;
    }
    // A new connection's state says the last move as its move event did.
    let (_, s) = Client::hello(addr, &id, Some(&secret), None).await;
    let lm = &s["game"]["last_move"];
    for field in ["ply", "side", "move", "trace", "captures"] {
        assert_eq!(lm[field], last[field], "last_move.{field}: {s}");
    }
}

async fn error_of(c: &mut Client, msg: Value) -> Value {
    c.send(msg).await;
    let e = c.recv_main().await;
    assert_eq!(e["type"], "error", "{e}");
    e
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_seats_and_bad_moves_get_clear_errors_and_change_nothing() {
    let (addr, _state) = spawn(memory_store().await).await;
    let c = create(
        addr,
        json!({"variant": "bao-la-kiswahili", "opponent": "friend", "side": "south"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let s_secret = c["secret"].as_str().unwrap().to_owned();
    let n_secret = join(addr, c["invite_url"].as_str().unwrap()).await;

    // A wrong secret is a spectator, who cannot move.
    let (mut intruder, s) = Client::hello(addr, &id, Some("AAAAAAAAAAAAAAAAAAAAAA"), None).await;
    assert_eq!(s["you"], Value::Null);
    let e = error_of(
        &mut intruder,
        json!({"type": "move", "ply": 1, "move": "A5>"}),
    )
    .await;
    assert_eq!(e["code"], "not_player");
    for msg in ["resign", "decline", "takeback", "rematch"] {
        assert_eq!(
            error_of(&mut intruder, json!({"type": msg})).await["code"],
            "not_player",
            "a spectator's {msg}"
        );
    }

    let (mut south, s0) = Client::hello(addr, &id, Some(&s_secret), None).await;
    let (mut north, _) = Client::hello(addr, &id, Some(&n_secret), None).await;
    let legal0 = legal(&s0["game"]["legal"]);
    for (msg, code) in [
        (
            json!({"type": "move", "ply": 1, "move": "Z9"}),
            "illegal_move",
        ),
        (
            json!({"type": "move", "ply": 1, "move": "A1<<"}),
            "illegal_move",
        ),
        (
            json!({"type": "move", "ply": 1, "move": "B3>"}),
            "illegal_move",
        ),
        (
            json!({"type": "move", "ply": 1, "move": ""}),
            "illegal_move",
        ),
        (
            json!({"type": "move", "ply": 2, "move": legal0[0]}),
            "stale_ply",
        ),
        (
            json!({"type": "move", "ply": 0, "move": legal0[0]}),
            "stale_ply",
        ),
        (json!({"type": "move", "ply": 1}), "bad_message"),
        (json!({"type": "fly"}), "bad_message"),
        (json!({"type": "hello", "protocol": 2}), "protocol"),
        (json!({"type": "decline"}), "no_offer"),
        (json!({"type": "takeback"}), "nothing_to_take_back"),
        (json!({"type": "rematch"}), "not_over"),
    ] {
        let e = error_of(&mut south, msg.clone()).await;
        assert_eq!(e["code"], code, "{msg} -> {e}");
        assert!(!e["message"].as_str().unwrap().is_empty());
    }
    // The illegal move says why, and lists nothing secret.
    let e = error_of(&mut south, json!({"type": "move", "ply": 1, "move": "B3>"})).await;
    assert_eq!(e["ply"], 1);
    south.send_text("{not json".to_owned()).await;
    assert_eq!(south.recv_main().await["code"], "bad_message");
    // North may not move for South.
    let e = error_of(
        &mut north,
        json!({"type": "move", "ply": 1, "move": legal0[0]}),
    )
    .await;
    assert_eq!(e["code"], "not_your_turn");

    // Nothing changed: still ply 0, and the first legal move still works.
    let (_, game) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(game["ply"], 0);
    assert_eq!(game["moves"], json!([]));
    south
        .send(json!({"type": "move", "ply": 1, "move": legal0[0]}))
        .await;
    assert_eq!(south.recv_main().await["type"], "move");
    assert_eq!(south.recv_main().await, json!({"type": "ack", "ply": 1}));
    // Sending one's own last move again is late, not out of turn.
    let e = error_of(
        &mut south,
        json!({"type": "move", "ply": 1, "move": legal0[0]}),
    )
    .await;
    assert_eq!(e["code"], "stale_ply", "{e}");
    assert_eq!(e["ply"], 1);

    // Protocol: a message before hello, and another version, are refused.
    let mut raw = Client::raw(addr, &id).await;
    raw.send(json!({"type": "ping"})).await;
    assert_eq!(raw.recv().await["code"], "protocol");
    let mut raw = Client::raw(addr, &id).await;
    raw.send(json!({"type": "hello", "protocol": 1})).await;
    assert_eq!(raw.recv().await["code"], "protocol");
    // An unknown game has no socket.
    let (status, body) = http(addr, "GET", "/api/games/ZZZZZZZZ", None).await;
    assert_eq!(status, 404);
    assert_eq!(body["error"]["code"], "not_found");
}

/// A store that can be made to fail, or to wait, before it stores a move.
#[derive(Debug)]
struct Controlled {
    inner: Arc<dyn Store>,
    fail: AtomicBool,
    gate: Semaphore,
    gated: AtomicBool,
    reached: Notify,
    stored: AtomicU32,
}

#[async_trait]
impl Store for Controlled {
    async fn create_game(&self, g: &StoredGame) -> Result<(), StoreError> {
        self.inner.create_game(g).await
    }
    async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.inner.game(id).await
    }
    async fn append_move(
        &self,
        id: &str,
        epoch: u32,
        ply: u32,
        text: &str,
    ) -> Result<(), StoreError> {
        if self.fail.load(Ordering::SeqCst) {
            return Err(StoreError::Database("disk on fire".into()));
        }
        if self.gated.load(Ordering::SeqCst) {
            self.reached.notify_one();
            self.gate.acquire().await.unwrap().forget();
        }
        self.inner.append_move(id, epoch, ply, text).await?;
        self.stored.store(ply, Ordering::SeqCst);
        Ok(())
    }
    async fn take_back(&self, id: &str, keep: u32, epoch: u32) -> Result<(), StoreError> {
        self.inner.take_back(id, keep, epoch).await
    }
    async fn join(&self, id: &str, invite: &str, side: Side, hash: &str) -> Result<(), StoreError> {
        self.inner.join(id, invite, side, hash).await
    }
    async fn finish(&self, id: &str, r: &str, resigned: Option<Side>) -> Result<(), StoreError> {
        self.inner.finish(id, r, resigned).await
    }
    async fn set_rematch(&self, id: &str, next: &str) -> Result<(), StoreError> {
        self.inner.set_rematch(id, next).await
    }
    async fn set_offers(&self, id: &str, offers: &StoredOffers) -> Result<(), StoreError> {
        self.inner.set_offers(id, offers).await
    }
    async fn expire_unstarted(&self, created_by: i64) -> Result<u64, StoreError> {
        self.inner.expire_unstarted(created_by).await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_is_acknowledged_only_once_stored() {
    let store = Arc::new(Controlled {
        inner: memory_store().await,
        fail: AtomicBool::new(false),
        gate: Semaphore::new(0),
        gated: AtomicBool::new(false),
        reached: Notify::new(),
        stored: AtomicU32::new(0),
    });
    let (addr, _state) = spawn(store.clone()).await;
    let c = create(addr, json!({"variant": "hus", "opponent": "local"})).await;
    let id = c["id"].as_str().unwrap().to_owned();
    let secret = c["secret"].as_str().unwrap().to_owned();
    let (mut me, s) = Client::hello(addr, &id, Some(&secret), None).await;
    assert_eq!(s["you"], "both");
    let (mut watcher, _) = Client::hello(addr, &id, None, None).await;
    let m = s["game"]["legal"][0].as_str().unwrap().to_owned();

    // The database fails: an error, no ack, no event, and the game is unchanged.
    store.fail.store(true, Ordering::SeqCst);
    let e = error_of(&mut me, json!({"type": "move", "ply": 1, "move": m})).await;
    assert_eq!(e["code"], "store");
    assert!(
        !e["message"].as_str().unwrap().contains("fire"),
        "causes are not sent"
    );
    store.fail.store(false, Ordering::SeqCst);
    let (_, game) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(game["ply"], 0);

    // The database is slow: nothing is announced until it has answered.
    store.gated.store(true, Ordering::SeqCst);
    me.send(json!({"type": "move", "ply": 1, "move": m})).await;
    store.reached.notified().await;
    assert_eq!(store.stored.load(Ordering::SeqCst), 0);
    store.gate.add_permits(1);
    let ev = me.recv_main().await;
    assert_eq!(ev["type"], "move");
    assert_eq!(
        store.stored.load(Ordering::SeqCst),
        1,
        "announced after storing"
    );
    assert_eq!(me.recv_main().await, json!({"type": "ack", "ply": 1}));
    assert_eq!(
        watcher.recv_main().await,
        ev,
        "the failed attempt sent nothing"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_replies_takes_back_resigns_and_rematches() {
    the_computer_replies_takes_back_resigns_and_rematches_on(memory_store().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_the_computer_replies_takes_back_resigns_and_rematches() {
    let Some(store) =
        postgres_store("on_postgres_the_computer_replies_takes_back_resigns_and_rematches").await
    else {
        return;
    };
    the_computer_replies_takes_back_resigns_and_rematches_on(store).await;
}

async fn the_computer_replies_takes_back_resigns_and_rematches_on(store: Arc<dyn Store>) {
    let (addr, _state) = spawn(store).await;
    // The computer is South and opens.
    let c = create(
        addr,
        json!({"variant": "kalah", "opponent": "computer", "level": 2, "side": "north"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let secret = c["secret"].as_str().unwrap().to_owned();
    let (mut me, s) = Client::hello(addr, &id, Some(&secret), None).await;
    assert_eq!(s["you"], "north");
    assert_eq!(s["game"]["seats"]["south"]["kind"], "computer");
    // Wait until it is North's turn (Kalah: the computer may move twice).
    let game = s["game"].clone();
    let mut turn = game["position"]["turn"].clone();
    let mut ply = game["ply"].as_u64().unwrap();
    let mut legal_now = game["legal"].clone();
    while turn != "north" {
        let ev = me.recv_type("move").await;
        assert_eq!(ev["side"], "south");
        ply = ev["ply"].as_u64().unwrap();
        turn = ev["after"]["position"]["turn"].clone();
        legal_now = ev["after"]["legal"].clone();
    }
    assert!(ply >= 1);
    // My move; then the computer's reply, which may come before the ack (it is quick).
    let my_ply = ply + 1;
    me.send(json!({"type": "move", "ply": my_ply, "move": legal_now[0]}))
        .await;
    let mut events = Vec::new();
    let mut acked = false;
    while !acked
        || !events
            .iter()
            .any(|e: &Value| e["side"] == "south" && e["ply"].as_u64().unwrap() > my_ply)
    {
        let v = me.recv_main().await;
        match v["type"].as_str().unwrap() {
            "ack" => {
                assert!(v["ply"].as_u64().unwrap() >= my_ply);
                assert!(!events.is_empty(), "the move event comes before its ack");
                acked = true;
            }
            "move" => {
                let last = v.clone();
                events.push(v);
                // Kalah: my extra turns are mine to play.
                if last["after"]["position"]["turn"] == "north" && last["side"] == "north" {
                    let next = last["ply"].as_u64().unwrap() + 1;
                    me.send(
                        json!({"type": "move", "ply": next, "move": last["after"]["legal"][0]}),
                    )
                    .await;
                }
            }
            other => panic!("unexpected {other}: {v}"),
        }
    }
    assert_eq!(events[0]["side"], "north");
    assert_eq!(events[0]["ply"], my_ply);

    // Takeback: back to before my last move, in a new epoch, announced as a full state.
    me.send(json!({"type": "takeback"})).await;
    let st = me.recv_type("state").await;
    assert_eq!(st["game"]["epoch"], 1);
    assert_eq!(st["game"]["ply"], ply);
    assert_eq!(st["game"]["position"]["turn"], "north");
    let (_, g) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(g["ply"], ply, "stored too");

    // Resign: South wins.
    me.send(json!({"type": "resign"})).await;
    let end = me.recv_type("end").await;
    assert_eq!(end["outcome"]["winner"], "south");
    assert_eq!(end["outcome"]["reason"], "resignation");
    let e = error_of(
        &mut me,
        json!({"type": "move", "ply": ply + 1, "move": "a1"}),
    )
    .await;
    assert_eq!(e["code"], "game_over");
    let (_, g) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(g["outcome"]["result"], "1-0");

    // Rematch at once, sides swapped: the same secret now plays South.
    me.send(json!({"type": "rematch"})).await;
    let r = me.recv_type("rematch").await;
    let next = r["id"].as_str().unwrap().to_owned();
    assert_ne!(next, id);
    let (_, s) = Client::hello(addr, &next, Some(&secret), None).await;
    assert_eq!(s["you"], "south");
    assert_eq!(s["game"]["seats"]["north"]["kind"], "computer");
    assert_eq!(s["game"]["seats"]["north"]["level"], 2);
    let (_, g) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(g["rematch"], next.as_str());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn friends_agree_on_takebacks_and_rematches() {
    friends_agree_on_takebacks_and_rematches_on(memory_store().await).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_friends_agree_on_takebacks_and_rematches() {
    let Some(store) = postgres_store("on_postgres_friends_agree_on_takebacks_and_rematches").await
    else {
        return;
    };
    friends_agree_on_takebacks_and_rematches_on(store).await;
}

async fn friends_agree_on_takebacks_and_rematches_on(store: Arc<dyn Store>) {
    let (addr, _state) = spawn(store).await;
    let c = create(
        addr,
        json!({"variant": "hawalis", "opponent": "friend", "side": "north"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let n_secret = c["secret"].as_str().unwrap().to_owned();
    let s_secret = join(addr, c["invite_url"].as_str().unwrap()).await;
    // The invitation works once.
    let (status, head, _) =
        common::http_raw(addr, "GET", c["invite_url"].as_str().unwrap(), None, &[]).await;
    assert_eq!(status, 303);
    assert!(
        common::header(&head, "location")
            .unwrap()
            .ends_with("?invite=used")
    );

    let (mut south, s0) = Client::hello(addr, &id, Some(&s_secret), None).await;
    let (mut north, _) = Client::hello(addr, &id, Some(&n_secret), None).await;
    south
        .send(json!({"type": "move", "ply": 1, "move": s0["game"]["legal"][0]}))
        .await;
    let ev = south.recv_type("move").await;
    let _ = north.recv_type("move").await;

    // South asks to take back; North declines; South asks again; North accepts.
    south.send(json!({"type": "takeback"})).await;
    let o = north.recv_type("offers").await;
    assert_eq!(o["takeback"], "south");
    assert_eq!(south.recv_type("offers").await["takeback"], "south");
    north.send(json!({"type": "decline"})).await;
    assert_eq!(south.recv_type("offers").await["takeback"], Value::Null);
    assert_eq!(north.recv_type("offers").await["takeback"], Value::Null);
    south.send(json!({"type": "takeback"})).await;
    assert_eq!(north.recv_type("offers").await["takeback"], "south");
    north.send(json!({"type": "takeback"})).await;
    let st = south.recv_type("state").await;
    assert_eq!(st["game"]["ply"], 0);
    assert_eq!(st["game"]["epoch"], 1);
    assert_eq!(st["you"], "south");
    assert_eq!(north.recv_type("state").await["you"], "north");

    // Play on in the new epoch; then South resigns and they agree on a rematch.
    south
        .send(json!({"type": "move", "ply": 1, "move": ev["move"]}))
        .await;
    assert_eq!(south.recv_type("move").await["epoch"], 1);
    south.send(json!({"type": "resign"})).await;
    assert_eq!(north.recv_type("end").await["outcome"]["winner"], "north");
    north.send(json!({"type": "rematch"})).await;
    assert_eq!(south.recv_type("offers").await["rematch"], "north");
    south.send(json!({"type": "rematch"})).await;
    let r = north.recv_type("rematch").await;
    assert_eq!(south.recv_type("rematch").await, r);
    let next = r["id"].as_str().unwrap();
    let (_, s) = Client::hello(addr, next, Some(&n_secret), None).await;
    assert_eq!(s["you"], "south", "sides swapped");
    let (_, s) = Client::hello(addr, next, Some(&s_secret), None).await;
    assert_eq!(s["you"], "north");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_servers_on_one_database_never_store_two_moves_for_one_ply() {
    // Several instances share PostgreSQL (one SQLite file serves one instance).
    let Some(url) = common::postgres::fresh_postgres("two_servers_on_one_database").await else {
        return;
    };
    let (a, _) = spawn(mancala_server::connect(&url).await.unwrap()).await;
    let (b, _) = spawn(mancala_server::connect(&url).await.unwrap()).await;
    let c = create(a, json!({"variant": "kalah", "opponent": "local"})).await;
    let id = c["id"].as_str().unwrap().to_owned();
    let secret = c["secret"].as_str().unwrap().to_owned();

    // Both servers load the game; the player moves on A, then (stale) on B.
    let (mut on_a, sa) = Client::hello(a, &id, Some(&secret), None).await;
    let (mut on_b, sb) = Client::hello(b, &id, Some(&secret), None).await;
    assert_eq!(sa["game"]["ply"], 0);
    assert_eq!(sb["game"]["ply"], 0);
    on_a.send(json!({"type": "move", "ply": 1, "move": "A1"}))
        .await;
    assert_eq!(on_a.recv_main().await["type"], "move");
    assert_eq!(on_a.recv_main().await["type"], "ack");
    on_b.send(json!({"type": "move", "ply": 1, "move": "A2"}))
        .await;
    // B hears of A's move (from A's note, or from the database once its own write is refused),
    // passes it on, and refuses the stale move.
    let ev = on_b.recv_main().await;
    assert_eq!(
        (&ev["type"], &ev["ply"], &ev["move"]),
        (&json!("move"), &json!(1), &json!("A1")),
        "{ev}"
    );
    let e = on_b.recv_main().await;
    assert_eq!(e["code"], "stale_ply");
    let (_, g) = http(b, "GET", &format!("/api/games/{id}/record"), None).await;
    assert!(g.as_str().unwrap().contains("1. A1"));
    assert!(!g.as_str().unwrap().contains("A2"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_nobody_has_open_leaves_memory_and_comes_back_intact() {
    let (addr, state) = spawn(memory_store().await).await;
    let c = create(addr, json!({"variant": "hus", "opponent": "local"})).await;
    let id = c["id"].as_str().unwrap().to_owned();
    let secret = c["secret"].as_str().unwrap().to_owned();
    let (mut me, s) = Client::hello(addr, &id, Some(&secret), None).await;
    let m = s["game"]["legal"][0].as_str().unwrap().to_owned();
    me.send(json!({"type": "move", "ply": 1, "move": m})).await;
    let ev = me.recv_main().await;
    assert_eq!(me.recv_main().await["type"], "ack");
    assert_eq!(state.hub.live_games(), 1);
    me.close().await;
    // The server notices the close; wait for it (bounded).
    let mut waited = 0;
    while state.hub.live_games() != 0 {
        assert!(waited < 300, "the game stayed in memory");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        waited += 1;
    }
    // Pages and API calls load it for themselves only.
    let (status, _) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(state.hub.live_games(), 0);
    // Kept open (bound, not `_`) so the game stays in memory for the last check.
    let (_open, s) = Client::hello(addr, &id, Some(&secret), None).await;
    assert_eq!(s["game"]["ply"], 1);
    assert_eq!(s["game"]["position"], ev["after"]["position"]);
    assert_eq!(s["you"], "both");
    assert_eq!(state.hub.live_games(), 1);
}

/// Random text: printable ASCII and some multi-byte characters, up to 40 characters.
fn garbage(seed: &mut u64) -> String {
    let len = pick(seed, 40);
    (0..len)
        .map(|_| {
            let k = pick(seed, 100);
            match k {
                0..=89 => char::from(u8::try_from(32 + pick(seed, 95)).unwrap()),
                90..=94 => ['ü', 'ж', '字', '\u{0}', '\u{202e}'][pick(seed, 5)],
                _ => ['<', '>', '+', '*', '#'][pick(seed, 5)],
            }
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn random_messages_get_errors_and_never_change_the_game() {
    // Garbage as fast as the server answers: no rate limit here (another test has it).
    let l = limits(|l| l.ws_message_burst = 1_000_000);
    let (addr, _state) = spawn_with(memory_store().await, 2, l).await;
    let c = create(addr, json!({"variant": "omweso", "opponent": "local"})).await;
    let id = c["id"].as_str().unwrap().to_owned();
    let secret = c["secret"].as_str().unwrap().to_owned();
    let (mut me, s) = Client::hello(addr, &id, Some(&secret), None).await;
    let legal0 = legal(&s["game"]["legal"]);
    let mut seed = 0x5eed_u64;
    let mut refused = 0;
    for i in 0..1500 {
        let text = garbage(&mut seed);
        let msg = match i % 3 {
            0 => json!({"type": "move", "ply": 1, "move": text}).to_string(),
            1 => json!({"type": text, "ply": pick(&mut seed, 3)}).to_string(),
            _ => text.clone(),
        };
        if i % 3 == 0
            && legal0
                .iter()
                .any(|m| m.trim_end_matches('#') == text.trim())
        {
            continue; // a random legal move is not garbage
        }
        me.send_text(msg.clone()).await;
        let r = me.recv_main().await;
        assert!(
            r["type"] == "error" || r["type"] == "pong",
            "{msg:?} -> {r}"
        );
        refused += 1;
    }
    assert!(refused > 1400);
    let (_, g) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(g["ply"], 0);
    me.send(json!({"type": "move", "ply": 1, "move": legal0[0]}))
        .await;
    assert_eq!(me.recv_main().await["type"], "move", "still playable");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_destroyed_nyumba_is_no_longer_shown_as_a_house() {
    let (addr, _state) = spawn(memory_store().await).await;
    let c = create(
        addr,
        json!({"variant": "bao-la-kiswahili", "opponent": "local"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let secret = c["secret"].as_str().unwrap().to_owned();
    let (mut me, s) = Client::hello(addr, &id, Some(&secret), None).await;
    assert_eq!(
        s["game"]["position"]["houses"],
        json!({"south": "A5", "north": "a5"})
    );
    let mut last = Value::Null;
    for (i, m) in ["A7>*", "a6<*", "A6>", "a4>", "A8<", "a3>"]
        .iter()
        .enumerate()
    {
        me.send(json!({"type": "move", "ply": i + 1, "move": m}))
            .await;
        last = me.recv_main().await;
        assert_eq!(last["type"], "move", "{m}: {last}");
        assert_eq!(me.recv_main().await["type"], "ack");
    }
    let pos = &last["after"]["position"];
    assert!(pos["diagram"].as_str().unwrap().contains(" 01 "), "{pos}");
    assert_eq!(pos["houses"], json!({"south": null, "north": "a5"}));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_message_closes_only_that_connection() {
    let (addr, _state) = spawn(memory_store().await).await;
    let c = create(addr, json!({"variant": "hus", "opponent": "local"})).await;
    let id = c["id"].as_str().unwrap().to_owned();
    let secret = c["secret"].as_str().unwrap().to_owned();
    let (mut big, _) = Client::hello(addr, &id, Some(&secret), None).await;
    big.send_text(format!(
        "{{\"type\":\"move\",\"ply\":1,\"move\":\"{}\"}}",
        "A".repeat(100_000)
    ))
    .await;
    // Whatever was already on its way (presence) may come; then the close, 1009, and no move.
    let (before, close) = big.closed_with().await;
    for v in before {
        assert_eq!(v["type"], "presence", "{v}");
    }
    assert_eq!(close, Some((1009, "message too big".to_owned())));
    // Others go on.
    let (mut me, s) = Client::hello(addr, &id, Some(&secret), None).await;
    assert_eq!(s["game"]["ply"], 0);
    me.send(json!({"type": "move", "ply": 1, "move": s["game"]["legal"][0]}))
        .await;
    assert_eq!(me.recv_main().await["type"], "move");
}

/// Limits for the WebSocket tests: everything as by default but what the test sets.
fn limits(set: impl FnOnce(&mut mancala_server::Limits)) -> mancala_server::Limits {
    let mut l = mancala_server::Limits::default();
    set(&mut l);
    l
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_stops_answering_pings_is_closed_and_no_longer_present() {
    let l = limits(|l| {
        l.ws_ping_interval = std::time::Duration::from_millis(20);
        l.ws_pong_timeout = std::time::Duration::from_millis(60);
        l.ws_idle_timeout = std::time::Duration::from_secs(3600);
    });
    let (addr, _state) = spawn_with(memory_store().await, 1, l).await;
    let c = create(
        addr,
        json!({"variant": "hus", "opponent": "friend", "side": "south"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let south_secret = c["secret"].as_str().unwrap().to_owned();
    let north_secret = join(addr, c["invite_url"].as_str().unwrap()).await;
    let (mut north, _) = Client::hello(addr, &id, Some(&north_secret), None).await;
    // South says hello, then reads nothing more: its pongs never go out.
    let (mut south, _) = Client::hello(addr, &id, Some(&south_secret), None).await;
    loop {
        let p = north.recv_type("presence").await;
        if p["south"] == true {
            break;
        }
    }
    // North keeps answering (it reads); South is closed and is no longer there.
    loop {
        let p = north.recv_type("presence").await;
        if p["south"] == false {
            assert_eq!(p["north"], true, "{p}");
            break;
        }
    }
    // Its socket is closed: reading now, it finds the close (1001, "no pong") or, its pongs
    // going out to a closed socket first, a broken connection.
    let (_, close) = south.closed_with().await;
    assert!(matches!(&close, None | Some((1001, _))), "{close:?}");
    let (_, game) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(game["seats"]["south"]["connected"], false, "{game}");
    assert_eq!(game["seats"]["north"]["connected"], true, "{game}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_socket_is_closed_while_pongs_alone_do_not_keep_it() {
    let l = limits(|l| {
        l.ws_ping_interval = std::time::Duration::from_millis(20);
        l.ws_pong_timeout = std::time::Duration::from_secs(3600);
        l.ws_idle_timeout = std::time::Duration::from_millis(200);
    });
    let (addr, _state) = spawn_with(memory_store().await, 1, l).await;
    let c = create(addr, json!({"variant": "hus", "opponent": "local"})).await;
    let id = c["id"].as_str().unwrap().to_owned();
    // It reads (so it answers every ping) but sends nothing after its hello.
    let (mut quiet, _) = Client::hello(addr, &id, None, None).await;
    let (texts, close) = quiet.closed_with().await;
    assert_eq!(close, Some((1000, "idle".to_owned())), "after {texts:?}");
    // A closed idle socket is only a client to reconnect: the game goes on.
    let secret = c["secret"].as_str().unwrap();
    let (mut back, s) = Client::hello(addr, &id, Some(secret), None).await;
    back.send(json!({"type": "move", "ply": 1, "move": s["game"]["legal"][0]}))
        .await;
    assert_eq!(back.recv_main().await["type"], "move");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_quiet_socket_that_answers_pings_is_not_closed_for_want_of_a_pong() {
    // Pings, each answered at once, and no text after the hello (a spectator behind a
    // proxy): it lasts until the idle timeout, however many pong deadlines pass meanwhile
    // (each shorter than the time to the next ping, as by default: 20 s and 30 s).
    let l = limits(|l| {
        l.ws_ping_interval = std::time::Duration::from_millis(1000);
        l.ws_pong_timeout = std::time::Duration::from_millis(500);
        l.ws_idle_timeout = std::time::Duration::from_millis(3500);
    });
    let (addr, _state) = spawn_with(memory_store().await, 1, l).await;
    let c = create(addr, json!({"variant": "hus", "opponent": "local"})).await;
    let id = c["id"].as_str().unwrap().to_owned();
    let (mut quiet, _) = Client::hello(addr, &id, None, None).await;
    let (texts, close) = quiet.closed_with().await;
    assert_eq!(close, Some((1000, "idle".to_owned())), "after {texts:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn messages_over_the_rate_close_the_socket_with_1008() {
    // Four messages at once and no refill: the hello and three pings pass, the fourth ping
    // closes the connection.
    let l = limits(|l| {
        l.ws_message_burst = 4;
        l.ws_messages_per_second = 0;
    });
    let (addr, _state) = spawn_with(memory_store().await, 1, l).await;
    let c = create(addr, json!({"variant": "hus", "opponent": "local"})).await;
    let id = c["id"].as_str().unwrap().to_owned();
    let (mut flood, _) = Client::hello(addr, &id, None, None).await;
    for _ in 0..4 {
        flood.send(json!({"type": "ping"})).await;
    }
    let (texts, close) = flood.closed_with().await;
    let pongs = texts.iter().filter(|v| v["type"] == "pong").count();
    assert_eq!(pongs, 3, "{texts:?}");
    assert_eq!(close, Some((1008, "too many messages".to_owned())));
    // Another connection has its own allowance.
    let (mut next, _) = Client::hello(addr, &id, None, None).await;
    next.send(json!({"type": "ping"})).await;
    assert_eq!(next.recv_main().await["type"], "pong");
}

/// Creates a computer game of `variant` at `level` in which the computer opens (it is South);
/// returns its id and the player's secret.
async fn computer_opens(addr: std::net::SocketAddr, variant: &str, level: u8) -> (String, String) {
    let c = create(
        addr,
        json!({"variant": variant, "opponent": "computer", "level": level, "side": "north"}),
    )
    .await;
    (
        c["id"].as_str().unwrap().to_owned(),
        c["secret"].as_str().unwrap().to_owned(),
    )
}

async fn ply_of(addr: std::net::SocketAddr, id: &str) -> u64 {
    let (_, g) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    g["ply"].as_u64().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_level_1_reply_goes_before_level_8_searches_that_queued_first() {
    // One search slot; the queue held while four level-8 games and then one level-1 game
    // queue their opening searches.
    let l = limits(|l| l.computer_per_client = 16);
    let (addr, state) = spawn_with(memory_store().await, 1, l).await;
    let hold = state.hub.hold_computer();
    let mut strong = Vec::new();
    for _ in 0..4 {
        strong.push(computer_opens(addr, "kalah", 8).await);
    }
    let (quick, quick_secret) = computer_opens(addr, "kalah", 1).await;
    let (mut me, s) = Client::hello(addr, &quick, Some(&quick_secret), None).await;
    assert_eq!(s["game"]["ply"], 0);
    for (id, _) in &strong {
        assert_eq!(ply_of(addr, id).await, 0, "held");
    }
    drop(hold);
    let ev = me.recv_type("move").await;
    assert_eq!(ev["side"], "south", "the computer's opening: {ev}");
    // First in line although it came last: at most the level-8 search that took the slot
    // after it can have moved (a whole search; first-come order would have run all four).
    let mut moved = 0;
    for (id, _) in &strong {
        moved += usize::from(ply_of(addr, id).await > 0);
    }
    assert!(
        moved <= 1,
        "{moved} level-8 games moved before the level-1 reply"
    );
    // And the level-8 games are not lost: each moves in its turn.
    for (id, secret) in &strong {
        let (mut c, s) = Client::hello(addr, id, Some(secret), None).await;
        if s["game"]["ply"] == 0 {
            assert_eq!(c.recv_type("move").await["side"], "south");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_queue_says_the_computer_is_busy_and_the_game_waits_for_a_retry() {
    let l = limits(|l| {
        l.computer_per_client = 1;
        l.computer_queue = 8;
    });
    let (addr, state) = spawn_with(memory_store().await, 1, l).await;
    let hold = state.hub.hold_computer();
    // The client's one place: a level-8 game whose opening search waits.
    let (first, first_secret) = computer_opens(addr, "hus", 8).await;
    // A second game the computer would open: refused, and not created.
    let (status, body) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({"variant": "hus", "opponent": "computer", "level": 1, "side": "north"})),
    )
    .await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["error"]["code"], "computer_busy");
    // A game the player opens is created; the move that would need the computer is refused
    // with nothing changed.
    let c = create(
        addr,
        json!({"variant": "hus", "opponent": "computer", "level": 1, "side": "south"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let (mut me, s) = Client::hello(addr, &id, Some(c["secret"].as_str().unwrap()), None).await;
    let mv = s["game"]["legal"][0].clone();
    let e = error_of(&mut me, json!({"type": "move", "ply": 1, "move": mv})).await;
    assert_eq!(e["code"], "computer_busy", "{e}");
    assert_eq!(e["ply"], 1);
    assert_eq!(ply_of(addr, &id).await, 0, "nothing was played");
    // The queue moves on: the first game's computer moves, and gives the place back.
    let (mut watcher, _) = Client::hello(addr, &first, Some(&first_secret), None).await;
    drop(hold);
    assert_eq!(watcher.recv_type("move").await["side"], "south");
    // The same move again: accepted once the place is back (a retry, as the player would).
    let mut tries = 0;
    loop {
        me.send(json!({"type": "move", "ply": 1, "move": mv})).await;
        let v = me.recv_main().await;
        if v["type"] == "move" {
            break;
        }
        assert_eq!(v["code"], "computer_busy", "{v}");
        tries += 1;
        assert!(tries < 1000, "the place never came back");
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    // The ack, and the computer's reply: a level-1 reply may be broadcast before the ack has
    // gone out, and then comes first.
    let mut reply = None;
    loop {
        let v = me.recv_main().await;
        if v == json!({"type": "ack", "ply": 1}) {
            break;
        }
        assert_eq!((&v["type"], &v["ply"]), (&json!("move"), &json!(2)), "{v}");
        reply = Some(v);
    }
    let reply = match reply {
        Some(r) => r,
        None => me.recv_type("move").await,
    };
    assert_eq!(reply["side"], "north", "the computer replies: {reply}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_queue_is_bounded_over_all_clients() {
    // One slot and no waiting place: one search in all.
    let l = limits(|l| {
        l.computer_queue = 0;
        l.computer_per_client = 8;
    });
    let (addr, state) = spawn_with(memory_store().await, 1, l).await;
    let hold = state.hub.hold_computer();
    computer_opens(addr, "hus", 3).await;
    let (status, body) = http(
        addr,
        "POST",
        "/api/games",
        Some(json!({"variant": "hus", "opponent": "computer", "level": 3, "side": "north"})),
    )
    .await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["error"]["code"], "computer_busy");
    drop(hold);
}
