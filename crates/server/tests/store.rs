//! The store contract (design.md: one suite, run on every database): the same story on SQLite
//! in memory, SQLite in a file that is closed and opened again, and PostgreSQL (from
//! `MANCALA_TEST_POSTGRES_URL`, see `common/postgres.rs`), with and without group commit;
//! concurrent moves across many games; and the lock that keeps a second server off an SQLite
//! file.

#![allow(clippy::unwrap_used, reason = "tests")]

mod common;

use std::str::FromStr;
use std::sync::Arc;

use common::postgres::fresh_postgres;
use mancala::Side;
use mancala_server::store::{
    Counts, Heard, Mode, Note, Seat, SeatKind, StoreError, StoredGame, StoredOffers,
};
use mancala_server::{Config, Limits, Server, Store, StoreOptions, connect, connect_with};

fn game(id: &str) -> StoredGame {
    StoredGame {
        id: id.to_owned(),
        variant: "hus".to_owned(),
        rules: "capture_requires_outer".to_owned(),
        mode: Mode::Friend,
        seats: [
            Seat {
                kind: SeatKind::Human,
                secret_hash: Some("aa".repeat(32)),
                joined: true,
            },
            Seat {
                kind: SeatKind::Human,
                secret_hash: None,
                joined: false,
            },
        ],
        invite_hash: Some("T".repeat(22)),
        epoch: 0,
        moves: Vec::new(),
        resigned: None,
        result: None,
        rematch: None,
        offers: StoredOffers::default(),
        created: 1_700_000_000,
    }
}

async fn contract(store: Arc<dyn Store>) {
    let g = game("AAAAAAAA");
    store.create_game(&g).await.unwrap();
    assert!(matches!(
        store.create_game(&g).await,
        Err(StoreError::Conflict(_))
    ));
    assert_eq!(store.game("AAAAAAAA").await.unwrap().unwrap(), g);
    assert_eq!(store.game("BBBBBBBB").await.unwrap(), None);

    // Moves: in order, each ply once, in the current epoch only.
    store.append_move("AAAAAAAA", 0, 1, "A5").await.unwrap();
    for (epoch, ply) in [(0, 1), (0, 3), (1, 2), (0, 0)] {
        let r = store.append_move("AAAAAAAA", epoch, ply, "a5").await;
        assert!(
            matches!(r, Err(StoreError::Conflict(_))),
            "{epoch} {ply}: {r:?}"
        );
    }
    store.append_move("AAAAAAAA", 0, 2, "a5").await.unwrap();
    store.append_move("AAAAAAAA", 0, 3, "B1").await.unwrap();
    assert!(matches!(
        store.append_move("ZZZZZZZZ", 0, 1, "A5").await,
        Err(StoreError::Conflict(_))
    ));

    // Takeback: a new epoch, later plies gone, the old epoch refused.
    store.take_back("AAAAAAAA", 1, 1).await.unwrap();
    assert!(matches!(
        store.take_back("AAAAAAAA", 0, 1).await,
        Err(StoreError::Conflict(_))
    ));
    let s = store.game("AAAAAAAA").await.unwrap().unwrap();
    assert_eq!((s.epoch, s.moves.clone()), (1, vec!["A5".to_owned()]));
    assert!(matches!(
        store.append_move("AAAAAAAA", 0, 2, "a6").await,
        Err(StoreError::Conflict(_))
    ));
    store.append_move("AAAAAAAA", 1, 2, "a6").await.unwrap();

    // The invitation is consumed once, named by its hash.
    let t = "T".repeat(22);
    assert!(matches!(
        store.join("AAAAAAAA", "wrong", Side::North, "bb").await,
        Err(StoreError::Conflict(_))
    ));
    store.join("AAAAAAAA", &t, Side::North, "bb").await.unwrap();
    assert!(matches!(
        store.join("AAAAAAAA", &t, Side::North, "cc").await,
        Err(StoreError::Conflict(_))
    ));
    let s = store.game("AAAAAAAA").await.unwrap().unwrap();
    assert_eq!(s.invite_hash, None);
    assert_eq!(s.seats[1].secret_hash.as_deref(), Some("bb"));
    assert!(s.seats[1].joined);

    // Offers are stored whole, and replaced whole.
    let offers = StoredOffers {
        takeback: Some((Side::North, 1, 2)),
        rematch: Some(Side::South),
    };
    store.set_offers("AAAAAAAA", &offers).await.unwrap();
    assert_eq!(
        store.game("AAAAAAAA").await.unwrap().unwrap().offers,
        offers
    );
    store
        .set_offers("AAAAAAAA", &StoredOffers::default())
        .await
        .unwrap();
    assert_eq!(
        store.game("AAAAAAAA").await.unwrap().unwrap().offers,
        StoredOffers::default()
    );
    assert!(matches!(
        store.set_offers("ZZZZZZZZ", &offers).await,
        Err(StoreError::NotFound(_))
    ));

    // The end, and one rematch.
    store
        .finish("AAAAAAAA", "1-0", Some(Side::North))
        .await
        .unwrap();
    assert!(matches!(
        store.finish("ZZZZZZZZ", "1-0", None).await,
        Err(StoreError::NotFound(_))
    ));
    store.set_rematch("AAAAAAAA", "CCCCCCCC").await.unwrap();
    assert!(matches!(
        store.set_rematch("AAAAAAAA", "DDDDDDDD").await,
        Err(StoreError::Conflict(_))
    ));
    let s = store.game("AAAAAAAA").await.unwrap().unwrap();
    assert_eq!(s.result.as_deref(), Some("1-0"));
    assert_eq!(s.resigned, Some(Side::North));
    assert_eq!(s.rematch.as_deref(), Some("CCCCCCCC"));

    // A computer seat keeps its level.
    let mut c = game("EEEEEEEE");
    c.mode = Mode::Computer;
    c.seats[1] = Seat {
        kind: SeatKind::Computer(7),
        secret_hash: None,
        joined: true,
    };
    store.create_game(&c).await.unwrap();
    assert_eq!(
        store.game("EEEEEEEE").await.unwrap().unwrap().seats[1].kind,
        SeatKind::Computer(7)
    );

    expiry(&*store).await;
}

/// Unstarted games go once created at or before the cutoff; started, finished, joined, taken
/// back, rematch and younger games stay.
async fn expiry(store: &dyn Store) {
    let old = 1_000;
    let make = |id: &str, mode: Mode, created: i64| {
        let mut g = game(id);
        g.mode = mode;
        g.created = created;
        if mode != Mode::Friend {
            g.invite_hash = None;
            g.seats[1].joined = true;
        }
        g
    };
    let gone = [
        make("Xcomput1", Mode::Computer, old),
        make("Xfriend1", Mode::Friend, old),
        make("Xlocal01", Mode::Local, old),
    ];
    let mut joined = make("Kjoined1", Mode::Friend, old);
    joined.invite_hash = None;
    joined.seats[1].joined = true;
    let mut finished = make("Kresign1", Mode::Local, old);
    finished.result = Some("0-1".to_owned());
    finished.resigned = Some(Side::South);
    let young = make("Kyoung01", Mode::Computer, old + 500);
    // "CCCCCCCC" is the rematch of "AAAAAAAA" (above).
    let rematch = make("CCCCCCCC", Mode::Local, old);
    for g in gone.iter().chain([&joined, &finished, &young, &rematch]) {
        store.create_game(g).await.unwrap();
    }
    let played = make("Kplayed1", Mode::Local, old);
    store.create_game(&played).await.unwrap();
    store.append_move("Kplayed1", 0, 1, "A5").await.unwrap();
    let back = make("Kback001", Mode::Local, old);
    store.create_game(&back).await.unwrap();
    store.append_move("Kback001", 0, 1, "A5").await.unwrap();
    store.take_back("Kback001", 0, 1).await.unwrap();

    assert_eq!(store.expire_unstarted(old + 499).await.unwrap(), 3);
    for g in &gone {
        assert_eq!(store.game(&g.id).await.unwrap(), None, "{} expired", g.id);
    }
    for id in [
        "Kjoined1", "Kresign1", "Kyoung01", "CCCCCCCC", "Kplayed1", "Kback001", "AAAAAAAA",
        "EEEEEEEE",
    ] {
        assert!(store.game(id).await.unwrap().is_some(), "{id} kept");
    }
    assert_eq!(store.expire_unstarted(old + 499).await.unwrap(), 0);
    // The cutoff is inclusive.
    assert_eq!(store.expire_unstarted(old + 500).await.unwrap(), 1);
    assert_eq!(store.game("Kyoung01").await.unwrap(), None);
}

/// Many games at once, every ply written twice concurrently (two instances racing) plus a
/// move of a past epoch and one of a game that does not exist, all in flight together so
/// that group commit batches them: in each game exactly one of the twins is stored and the
/// other gets `Conflict`, the strays get `Conflict`, and the games hold exactly the winners.
async fn concurrent_appends(store: Arc<dyn Store>) {
    const GAMES: usize = 40;
    const PLIES: u32 = 6;
    let ids: Vec<String> = (0..GAMES).map(|i| format!("G{i:07}")).collect();
    for id in &ids {
        let mut g = game(id);
        g.epoch = 1;
        store.create_game(&g).await.unwrap();
    }
    let mut winners: Vec<Vec<String>> = vec![Vec::new(); GAMES];
    for ply in 1..=PLIES {
        let mut tasks = Vec::new();
        for (i, id) in ids.iter().enumerate() {
            for (twin, epoch, game_id) in [
                ("a", 1, id.clone()),
                ("b", 1, id.clone()),
                ("stale", 0, id.clone()),
                ("nowhere", 1, format!("X{i:07}")),
            ] {
                let store = store.clone();
                let text = format!("{twin}{ply}");
                tasks.push(tokio::spawn(async move {
                    let r = store.append_move(&game_id, epoch, ply, &text).await;
                    (i, twin, text, r)
                }));
            }
        }
        let mut stored = vec![0; GAMES];
        for t in tasks {
            let (i, twin, text, r) = t.await.unwrap();
            match (twin, r) {
                ("a" | "b", Ok(())) => {
                    stored[i] += 1;
                    winners[i].push(text);
                }
                (_, Err(StoreError::Conflict(_))) => {}
                (twin, r) => panic!("game {i} ply {ply} {twin}: {r:?}"),
            }
        }
        assert!(stored.iter().all(|&n| n == 1), "ply {ply}: {stored:?}");
    }
    for (id, moves) in ids.iter().zip(&winners) {
        assert_eq!(&store.game(id).await.unwrap().unwrap().moves, moves);
    }
}

/// The whole contract on the database at `url`, then again after reopening it: everything is
/// still there (and the migrations ran once).
async fn contract_and_reopen(url: &str) {
    {
        let store = connect(url).await.unwrap();
        contract(store.clone()).await;
        concurrent_appends(store).await;
    }
    let store = connect(url).await.unwrap();
    let s = store.game("AAAAAAAA").await.unwrap().unwrap();
    assert_eq!(s.moves, vec!["A5".to_owned(), "a6".to_owned()]);
    assert_eq!(s.epoch, 1);
    assert_eq!(
        store.game("G0000000").await.unwrap().unwrap().moves.len(),
        6
    );
}

const NO_GROUP_COMMIT: StoreOptions = StoreOptions { max_batch: 1 };

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_in_memory_keeps_the_contract() {
    let store = connect("sqlite::memory:").await.unwrap();
    contract(store.clone()).await;
    concurrent_appends(store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_without_group_commit_keeps_the_contract() {
    let store = connect_with("sqlite::memory:", NO_GROUP_COMMIT)
        .await
        .unwrap();
    contract(store.clone()).await;
    concurrent_appends(store).await;
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("mancala-store-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_file_keeps_the_contract_and_survives_a_restart() {
    let dir = temp_dir("file");
    contract_and_reopen(&format!("sqlite://{}", dir.join("test.db").display())).await;
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_keeps_the_contract_and_survives_a_restart() {
    let Some(url) = fresh_postgres("postgres_keeps_the_contract").await else {
        return;
    };
    contract_and_reopen(&url).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_without_group_commit_keeps_the_contract() {
    let Some(url) = fresh_postgres("postgres_without_group_commit").await else {
        return;
    };
    let store = connect_with(&url, NO_GROUP_COMMIT).await.unwrap();
    contract(store.clone()).await;
    concurrent_appends(store).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_postgres_stores_on_one_database_race_for_each_ply() {
    let Some(url) = fresh_postgres("two_postgres_stores").await else {
        return;
    };
    // Two instances: each twin of a ply goes through a different store (its own pool and
    // writer), so the database's key decides, not one process's queue.
    let a = connect(&url).await.unwrap();
    let b = connect(&url).await.unwrap();
    a.create_game(&game("AAAAAAAA")).await.unwrap();
    for ply in 1..=20 {
        let (ra, rb) = tokio::join!(
            a.append_move("AAAAAAAA", 0, ply, "a"),
            b.append_move("AAAAAAAA", 0, ply, "b")
        );
        assert!(
            matches!(
                (&ra, &rb),
                (Ok(()), Err(StoreError::Conflict(_))) | (Err(StoreError::Conflict(_)), Ok(()))
            ),
            "ply {ply}: {ra:?} {rb:?}"
        );
    }
    assert_eq!(a.game("AAAAAAAA").await.unwrap().unwrap().moves.len(), 20);
}

/// The next note `rx` hears, within a generous bound (a lost note fails, a slow machine does
/// not).
async fn next_note(rx: &mut tokio::sync::mpsc::Receiver<Heard>) -> (u64, Note) {
    match tokio::time::timeout(std::time::Duration::from_secs(30), rx.recv()).await {
        Ok(Some(Heard::Note { from, note })) => (from, note),
        other => panic!("no note: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_stores_tell_each_other_what_they_store_and_share_claims() {
    let Some(url) = fresh_postgres("postgres_notes").await else {
        return;
    };
    let a = connect(&url).await.unwrap();
    let b = connect(&url).await.unwrap();
    assert!(a.shared() && b.shared());
    assert_ne!(a.instance(), b.instance());
    let mut heard = b.listen().unwrap();
    assert!(b.listen().is_none(), "one listener a store");
    let mut own = a.listen().unwrap();
    // B listens before anything is stored (the listener connects in the background).
    let wait_listening = async {
        loop {
            b.tell(&Note::Alive).await.unwrap();
            a.tell(&Note::Alive).await.unwrap();
            if let Ok(Some(h)) =
                tokio::time::timeout(std::time::Duration::from_millis(200), heard.recv()).await
            {
                break h;
            }
        }
    };
    let first = tokio::time::timeout(std::time::Duration::from_secs(30), wait_listening)
        .await
        .unwrap();
    assert_eq!(
        first,
        Heard::Note {
            from: a.instance(),
            note: Note::Alive
        }
    );
    // Drain the other heartbeats of the wait.
    while let Ok(Some(_)) =
        tokio::time::timeout(std::time::Duration::from_millis(300), heard.recv()).await
    {}

    // Every write of A reaches B, in order, as A stored it; a refused write says nothing.
    let g = "AAAAAAAA";
    a.create_game(&game(g)).await.unwrap();
    a.append_move(g, 0, 1, "A5").await.unwrap();
    assert!(a.append_move(g, 0, 1, "A6").await.is_err());
    a.join(g, &"T".repeat(22), Side::North, "bb").await.unwrap();
    a.take_back(g, 0, 1).await.unwrap();
    a.set_offers(g, &StoredOffers::default()).await.unwrap();
    a.finish(g, "1-0", Some(Side::North)).await.unwrap();
    a.set_rematch(g, "CCCCCCCC").await.unwrap();
    let changed = || Note::Changed { game: g.to_owned() };
    let mut expected = vec![Note::Move {
        game: g.to_owned(),
        epoch: 0,
        ply: 1,
        text: "A5".to_owned(),
    }];
    expected.extend(std::iter::repeat_with(changed).take(5));
    for want in expected {
        assert_eq!(next_note(&mut heard).await, (a.instance(), want));
    }
    // Told notes too; and nobody hears its own.
    let p = Note::Presence {
        game: g.to_owned(),
        counts: Counts {
            players: [1, 0],
            spectators: 3,
        },
    };
    a.tell(&p).await.unwrap();
    assert_eq!(next_note(&mut heard).await, (a.instance(), p));
    b.tell(&Note::Gone).await.unwrap();
    loop {
        let (from, note) = next_note(&mut own).await;
        assert_ne!(from, a.instance(), "A heard itself: {note:?}");
        if note == Note::Gone {
            break;
        }
    }

    // One search claim per game across instances; given back on drop, and with its store.
    let claim = a.claim_search(g).await.unwrap().expect("free");
    assert!(b.claim_search(g).await.unwrap().is_none());
    let other = b
        .claim_search("BBBBBBBB")
        .await
        .unwrap()
        .expect("another game");
    drop(claim);
    let mut got = None;
    for _ in 0..100 {
        got = b.claim_search(g).await.unwrap();
        if got.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(got.is_some(), "the claim was given back");
    drop(other);
    drop(got);
    let c = connect(&url).await.unwrap();
    let held = c.claim_search("DDDDDDDD").await.unwrap().expect("free");
    assert!(a.claim_search("DDDDDDDD").await.unwrap().is_none());
    drop(c);
    let mut freed = false;
    for _ in 0..100 {
        if a.claim_search("DDDDDDDD").await.unwrap().is_some() {
            freed = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(freed, "a store's claims die with it");
    drop(held);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_on_one_sqlite_file_is_refused_until_the_first_is_gone() {
    let dir = temp_dir("lock");
    let url = format!("sqlite://{}", dir.join("one.db").display());
    let first = connect(&url).await.unwrap();
    // Another spelling of the same file is the same file.
    let other = format!(
        "sqlite://{}/../{}/one.db",
        dir.display(),
        dir.file_name().unwrap().display()
    );
    for u in [&url, &other] {
        let e = connect(u).await.unwrap_err();
        assert!(matches!(e, StoreError::InUse(_)), "{e:?}");
        let m = e.to_string();
        assert!(m.contains("in use by another mancala server"), "{m}");
        assert!(m.contains("PostgreSQL"), "{m}");
        assert!(m.contains("postgres://"), "{m}");
    }
    // A server starting on it says the same.
    let config = Config {
        bind: "127.0.0.1:0".parse().unwrap(),
        database_url: url.clone(),
        searches: 1,
        limits: Limits::default(),
    };
    let e = Server::bind(&config).await.unwrap_err().to_string();
    assert!(e.contains("in use by another mancala server"), "{e}");
    // Once the first store is gone, the file is free.
    drop(first);
    let again = Server::bind(&config).await.unwrap();
    drop(again);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A database of the first schema, whose invitation tokens were stored in clear: migrating
/// keeps only their hashes, and the old link still takes the seat.
#[tokio::test]
async fn migrating_hashes_the_clear_invitation_tokens() {
    let dir = std::env::temp_dir().join(format!("mancala-migrate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("old.db");
    let _ = std::fs::remove_file(&path);
    let url = format!("sqlite://{}", path.display());
    let token = "Tok3nT0kenT0kenT0kenT0";
    {
        let options = sqlx::sqlite::SqliteConnectOptions::from_str(&url)
            .unwrap()
            .create_if_missing(true);
        let pool = sqlx::SqlitePool::connect_with(options).await.unwrap();
        sqlx::raw_sql(include_str!("../migrations/sqlite/0001_games.sql"))
            .execute(&pool)
            .await
            .unwrap();
        sqlx::raw_sql(
            "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY); \
             INSERT INTO schema_migrations (version) VALUES (1);",
        )
        .execute(&pool)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO games (id, variant, rules, mode, south_kind, south_secret, south_joined, \
             north_kind, north_joined, invite, created) \
             VALUES ('OLDgame1', 'hus', '', 'friend', 'human', ?, 1, 'human', 0, ?, 1)",
        )
        .bind("aa".repeat(32))
        .bind(token)
        .execute(&pool)
        .await
        .unwrap();
        pool.close().await;
    }
    let hash = hex_sha256(token);
    for _ in 0..2 {
        // Opened twice: the migration runs once, so nothing is hashed twice.
        let store = connect(&url).await.unwrap();
        let g = store.game("OLDgame1").await.unwrap().unwrap();
        assert_eq!(g.invite_hash.as_deref(), Some(hash.as_str()));
    }
    let store = connect(&url).await.unwrap();
    store
        .join("OLDgame1", &hash, Side::North, "bb")
        .await
        .unwrap();
    assert!(store.game("OLDgame1").await.unwrap().unwrap().seats[1].joined);
    let _ = std::fs::remove_dir_all(&dir);
}

fn hex_sha256(s: &str) -> String {
    use sha2::Digest as _;
    sha2::Sha256::digest(s.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[tokio::test]
async fn unknown_database_urls_are_refused_clearly() {
    let e = connect("mysql://x").await.unwrap_err();
    assert!(e.to_string().contains("sqlite://"), "{e}");
    assert!(e.to_string().contains("postgres://"), "{e}");
}
