//! What an instance does with the other instances' notes (docs/operations.md, "Scaling out"),
//! on a store that plays a shared database: its notes come from the test, what it tells is
//! recorded, and its computer claims are granted or refused at will. The same story on a real
//! PostgreSQL with two server processes is in `crates/cli/tests/serve.rs`.

#![allow(clippy::unwrap_used, reason = "tests")]

mod common;

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use common::{Client, create, http, memory_store, spawn};
use mancala::Side;
use mancala_server::Store;
use mancala_server::store::{
    Counts, Heard, Instance, Note, SearchClaim, StoreError, StoredGame, StoredOffers,
};
use serde_json::{Value, json};
use tokio::sync::{Notify, mpsc};

/// Another instance's name.
const OTHER: Instance = 9;

/// A store shared with imaginary instances.
#[derive(Debug)]
struct Shared {
    inner: Arc<dyn Store>,
    heard: Mutex<Option<mpsc::Receiver<Heard>>>,
    told: Mutex<Vec<Note>>,
    /// Whether claims are granted (else another instance holds them).
    claims: AtomicBool,
    refused: AtomicU32,
    refusal: Notify,
}

impl Shared {
    fn new(inner: Arc<dyn Store>) -> (Arc<Self>, mpsc::Sender<Heard>) {
        let (tx, rx) = mpsc::channel(64);
        let s = Arc::new(Self {
            inner,
            heard: Mutex::new(Some(rx)),
            told: Mutex::new(Vec::new()),
            claims: AtomicBool::new(true),
            refused: AtomicU32::new(0),
            refusal: Notify::new(),
        });
        (s, tx)
    }

    fn told(&self) -> Vec<Note> {
        self.told.lock().unwrap().clone()
    }
}

#[async_trait]
impl Store for Shared {
    async fn create_game(&self, g: &StoredGame) -> Result<(), StoreError> {
        self.inner.create_game(g).await
    }
    async fn game(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        self.inner.game(id).await
    }
    async fn append_move(&self, id: &str, e: u32, ply: u32, t: &str) -> Result<(), StoreError> {
        self.inner.append_move(id, e, ply, t).await
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
    fn shared(&self) -> bool {
        true
    }
    fn instance(&self) -> Instance {
        1
    }
    fn listen(&self) -> Option<mpsc::Receiver<Heard>> {
        self.heard.lock().unwrap().take()
    }
    async fn tell(&self, note: &Note) -> Result<(), StoreError> {
        self.told.lock().unwrap().push(note.clone());
        Ok(())
    }
    async fn claim_search(&self, _game: &str) -> Result<Option<SearchClaim>, StoreError> {
        if self.claims.load(Ordering::SeqCst) {
            return Ok(Some(SearchClaim::local()));
        }
        self.refused.fetch_add(1, Ordering::SeqCst);
        self.refusal.notify_one();
        Ok(None)
    }
}

/// Reads `c` until a message of `ty` that `f` accepts.
async fn until(c: &mut Client, ty: &str, f: impl Fn(&Value) -> bool) -> Value {
    loop {
        let v = c.recv_type(ty).await;
        if f(&v) {
            return v;
        }
    }
}

fn presence(south: bool, north: bool, spectators: u32) -> Value {
    json!({"type": "presence", "south": south, "north": north, "spectators": spectators})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn other_instances_moves_changes_and_connections_reach_this_ones_clients() {
    let inner = memory_store().await;
    let (store, notes) = Shared::new(inner.clone());
    let (addr, _state) = spawn(store.clone()).await;
    let c = create(
        addr,
        json!({"variant": "kalah", "opponent": "friend", "side": "south"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    let (mut south, s) = Client::hello(addr, &id, Some(c["secret"].as_str().unwrap()), None).await;
    let (mut watcher, _) = Client::hello(addr, &id, None, None).await;
    until(&mut south, "presence", |v| *v == presence(true, false, 1)).await;

    // This instance tells its connections to the others.
    assert!(store.told().contains(&Note::Presence {
        game: id.clone(),
        counts: Counts {
            players: [1, 0],
            spectators: 1
        },
    }));

    // Another instance's player and spectators count here.
    let counts = Counts {
        players: [0, 1],
        spectators: 3,
    };
    let heard = |note| Heard::Note { from: OTHER, note };
    notes
        .send(heard(Note::Presence {
            game: id.clone(),
            counts,
        }))
        .await
        .unwrap();
    until(&mut south, "presence", |v| *v == presence(true, true, 4)).await;

    // A move stored there: played here from its note.
    let first = s["game"]["legal"][0].as_str().unwrap().to_owned();
    inner.append_move(&id, 0, 1, &first).await.unwrap();
    notes
        .send(heard(Note::Move {
            game: id.clone(),
            epoch: 0,
            ply: 1,
            text: first.clone(),
        }))
        .await
        .unwrap();
    let ev = south.recv_type("move").await;
    assert_eq!((&ev["ply"], &ev["move"]), (&json!(1), &json!(first)));
    assert_eq!(watcher.recv_type("move").await, ev);

    // A note lost while the listener was away: after it reconnects, the game is read again and
    // the missing move sent as its event.
    let second = ev["after"]["legal"][0].as_str().unwrap().to_owned();
    inner.append_move(&id, 0, 2, &second).await.unwrap();
    notes.send(Heard::Reconnected).await.unwrap();
    let ev = south.recv_type("move").await;
    assert_eq!((&ev["ply"], &ev["move"]), (&json!(2), &json!(second)));
    assert!(
        store.told().contains(&Note::Ask { game: id.clone() }),
        "after a reconnection the others are asked for their counts"
    );

    // Any other change is read again: a takeback there resyncs everyone here.
    inner.take_back(&id, 1, 1).await.unwrap();
    notes
        .send(heard(Note::Changed { game: id.clone() }))
        .await
        .unwrap();
    let state = south.recv_type("state").await;
    assert_eq!(
        (&state["game"]["epoch"], &state["game"]["ply"]),
        (&json!(1), &json!(1))
    );
    assert_eq!(watcher.recv_type("state").await["game"]["ply"], 1);

    // An offer stored there reaches the clients here as the offers message.
    let to_move = state["game"]["position"]["turn"]
        .as_str()
        .unwrap()
        .to_owned();
    let by = if to_move == "south" {
        Side::South
    } else {
        Side::North
    };
    inner
        .set_offers(
            &id,
            &StoredOffers {
                takeback: Some((by.other(), 1, 1)),
                rematch: None,
            },
        )
        .await
        .unwrap();
    notes
        .send(heard(Note::Changed { game: id.clone() }))
        .await
        .unwrap();
    let offers = south.recv_type("offers").await;
    assert_eq!(
        offers["takeback"],
        if by == Side::South { "north" } else { "south" }
    );

    // The other instance is gone: its connections no longer count.
    notes.send(heard(Note::Gone)).await.unwrap();
    until(&mut south, "presence", |v| *v == presence(true, false, 1)).await;

    // A note about a game not held here is nothing to this instance; one it cannot read is
    // ignored (the store reports none).
    notes
        .send(heard(Note::Changed {
            game: "ZZZZZZZZ".to_owned(),
        }))
        .await
        .unwrap();
    let (status, g) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(g["ply"], 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_another_instance_holds_is_watched_and_taken_over() {
    let (store, _notes) = Shared::new(memory_store().await);
    // Another instance holds every claim.
    store.claims.store(false, Ordering::SeqCst);
    let (addr, _state) = spawn(store.clone()).await;
    let c = create(
        addr,
        json!({"variant": "hus", "opponent": "computer", "level": 1, "side": "north"}),
    )
    .await;
    let id = c["id"].as_str().unwrap().to_owned();
    // The computer opens; its claim is refused, so it waits for the other instance.
    store.refusal.notified().await;
    let (mut me, s) = Client::hello(addr, &id, Some(c["secret"].as_str().unwrap()), None).await;
    assert_eq!(
        s["game"]["ply"], 0,
        "nothing was played while the claim was elsewhere"
    );
    assert_eq!(s["game"]["thinking"], true, "the computer thinks elsewhere");
    // The other instance dies: its claim is free, the next try here searches and moves.
    store.claims.store(true, Ordering::SeqCst);
    let ev = me.recv_type("move").await;
    assert_eq!((&ev["ply"], &ev["side"]), (&json!(1), &json!("south")));
    assert!(store.refused.load(Ordering::SeqCst) >= 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_ahead_of_this_instance_makes_it_read_the_game_first() {
    let inner = memory_store().await;
    let (store, _notes) = Shared::new(inner.clone());
    let (addr, _state) = spawn(store.clone()).await;
    let c = create(addr, json!({"variant": "kalah", "opponent": "local"})).await;
    let id = c["id"].as_str().unwrap().to_owned();
    let secret = c["secret"].as_str().unwrap().to_owned();
    // A spectator keeps the game in memory here.
    let (_watcher, s) = Client::hello(addr, &id, None, None).await;
    // Another instance stored a move whose note has not come: the player saw it there.
    let first = s["game"]["legal"][0].as_str().unwrap().to_owned();
    inner.append_move(&id, 0, 1, &first).await.unwrap();
    // Back here, the player says it has seen ply 1: nothing is missing for it (without reading
    // the game first, this instance would send a full state of ply 0).
    let (_me, hello) = Client::hello(addr, &id, Some(&secret), Some((0, 1))).await;
    assert_eq!(hello["type"], "presence", "{hello}");
    let (status, g) = http(addr, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(g["ply"], 1);
}
