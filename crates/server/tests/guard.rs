//! Cross-site requests, the creation rate limit, the expiry of unstarted games and the hashed
//! invitation (docs/operations.md, "Limits"; docs/protocol.md §1).

#![allow(clippy::unwrap_used, reason = "tests")]

mod common;

use std::net::SocketAddr;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode, header};
use futures_util::StreamExt;
use http_body_util::BodyExt;
use mancala_server::{AppState, Limits};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tower::ServiceExt;

struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

async fn state_with(limits: Limits) -> AppState {
    let (state, shutdown) = AppState::with_limits(common::memory_store().await, 1, limits);
    // The WebSockets of these tests live as long as the test.
    std::mem::forget(shutdown);
    state
}

async fn call(app: &Router, req: Request<Body>) -> Reply {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    Reply {
        status,
        headers,
        body: String::from_utf8(bytes.to_vec()).unwrap(),
    }
}

/// A request to `uri` with `headers`, from the peer `peer` if given.
fn request(
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    peer: Option<[u8; 4]>,
    body: String,
) -> Request<Body> {
    let mut b = Request::builder().method(method).uri(uri);
    for (k, v) in headers {
        b = b.header(*k, *v);
    }
    let mut req = b.body(Body::from(body)).unwrap();
    if let Some(ip) = peer {
        req.extensions_mut()
            .insert(ConnectInfo(SocketAddr::from((ip, 40_000))));
    }
    req
}

const GAME: &str = r#"{"variant": "hus", "opponent": "local"}"#;

async fn api_create(app: &Router, headers: &[(&str, &str)], peer: Option<[u8; 4]>) -> Reply {
    let mut all = vec![("content-type", "application/json")];
    all.extend_from_slice(headers);
    call(
        app,
        request("POST", "/api/games", &all, peer, GAME.to_owned()),
    )
    .await
}

async fn form(
    app: &Router,
    uri: &str,
    headers: &[(&str, &str)],
    peer: Option<[u8; 4]>,
    body: &str,
) -> Reply {
    let mut all = vec![("content-type", "application/x-www-form-urlencoded")];
    all.extend_from_slice(headers);
    call(app, request("POST", uri, &all, peer, body.to_owned())).await
}

async fn api_game(app: &Router, id: &str) -> Reply {
    call(
        app,
        request("GET", &format!("/api/games/{id}"), &[], None, String::new()),
    )
    .await
}

/// A line of `lang`'s site.ftl: the message `id` as the page shows it.
fn message(lang: &str, id: &str) -> String {
    let path = format!("{}/locales/{lang}/site.ftl", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{id} = ")))
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn a_foreign_origin_is_refused_on_the_api_and_the_forms_and_the_own_host_is_not() {
    let mut limits = Limits::default();
    limits.allowed_origins = vec![mancala_server::parse_origin("https://Front.example/").unwrap()];
    let app = mancala_server::app(state_with(limits).await);
    let site = [("host", "mancala.example")];

    // The JSON API.
    for foreign in [
        &[
            ("host", "mancala.example"),
            ("origin", "https://evil.example"),
        ][..],
        &[("host", "mancala.example"), ("origin", "null")],
        &[
            ("host", "mancala.example"),
            ("sec-fetch-site", "cross-site"),
        ],
        &[
            ("origin", "https://evil.example"),
            ("sec-fetch-site", "cross-site"),
        ],
    ] {
        let r = api_create(&app, foreign, None).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{foreign:?}: {}", r.body);
        assert_eq!(r.json()["error"]["code"], "cross_site");
        assert!(
            r.json()["error"]["message"]
                .as_str()
                .unwrap()
                .contains("cross-site request refused")
        );
        assert!(
            r.headers.get(header::SET_COOKIE).is_none(),
            "no game, no seat"
        );
    }
    for own in [
        &site[..],
        // curl and scripts send no Origin.
        &[],
        &[
            ("host", "mancala.example"),
            ("origin", "https://mancala.example"),
        ],
        &[
            ("host", "mancala.example"),
            ("origin", "http://mancala.example:80"),
        ],
        // A phone joining by the LAN address of the machine.
        &[
            ("host", "192.168.1.5:8080"),
            ("origin", "http://192.168.1.5:8080"),
        ],
        &[
            ("host", "10.0.0.2:8080"),
            ("origin", "http://192.168.1.5:8080"),
            ("sec-fetch-site", "same-origin"),
        ],
        &[("sec-fetch-site", "none")],
        // A configured origin.
        &[
            ("host", "mancala.example"),
            ("origin", "https://front.example"),
            ("sec-fetch-site", "cross-site"),
        ],
    ] {
        let r = api_create(&app, own, None).await;
        assert_eq!(r.status, StatusCode::CREATED, "{own:?}: {}", r.body);
    }

    // The new-game form: refused with a page in the page's language.
    let body = "variant=hus&opponent=local";
    let r = form(
        &app,
        "/ru/new",
        &[
            ("host", "mancala.example"),
            ("origin", "https://evil.example"),
        ],
        None,
        body,
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(
        r.body.contains(&message("ru", "error-cross-site")),
        "{}",
        r.body
    );
    assert!(r.body.contains(&message("ru", "error-title-refused")));
    assert!(r.headers.get(header::SET_COOKIE).is_none());
    let r = form(
        &app,
        "/en/new",
        &[
            ("host", "192.168.1.5:8080"),
            ("origin", "http://192.168.1.5:8080"),
        ],
        None,
        body,
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let player = r.headers[header::LOCATION].to_str().unwrap().to_owned();
    let id = player.split('/').nth(3).unwrap().to_owned();

    // The move form: a foreign page cannot move with the player's link.
    let legal = api_game(&app, &id).await.json()["legal"][0]
        .as_str()
        .unwrap()
        .to_owned();
    let move_body = format!(
        "ply=1&move={}",
        legal.replace('+', "%2B").replace('#', "%23")
    );
    let move_uri = format!("{player}/move");
    let r = form(
        &app,
        &move_uri,
        &[
            ("host", "mancala.example"),
            ("sec-fetch-site", "cross-site"),
        ],
        None,
        &move_body,
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(r.body.contains(&message("en", "error-cross-site")));
    assert_eq!(
        api_game(&app, &id).await.json()["ply"],
        0,
        "no move was played"
    );
    let r = form(
        &app,
        &move_uri,
        &[
            ("host", "mancala.example"),
            ("sec-fetch-site", "same-origin"),
        ],
        None,
        &move_body,
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(api_game(&app, &id).await.json()["ply"], 1);
}

#[tokio::test]
async fn the_api_takes_only_bodies_declared_json() {
    let app = mancala_server::app(state_with(Limits::default()).await);
    // What a foreign page can post without asking first: text/plain, or a form's type.
    for ty in [
        "text/plain",
        "text/plain;charset=UTF-8",
        "application/x-www-form-urlencoded",
    ] {
        let r = call(
            &app,
            request(
                "POST",
                "/api/games",
                &[("content-type", ty)],
                None,
                GAME.to_owned(),
            ),
        )
        .await;
        assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{ty}");
        assert_eq!(r.json()["error"]["code"], "unsupported_media_type");
        assert!(
            r.json()["error"]["message"]
                .as_str()
                .unwrap()
                .contains("application/json")
        );
    }
    let r = call(
        &app,
        request("POST", "/api/games", &[], None, GAME.to_owned()),
    )
    .await;
    assert_eq!(r.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let r = api_create(
        &app,
        &[("content-type", "application/json; charset=utf-8")],
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
}

#[tokio::test]
async fn the_websocket_refuses_a_foreign_origin() {
    let (addr, _state) = common::spawn(common::memory_store().await).await;
    let c = common::create(addr, json!({"variant": "hus", "opponent": "local"})).await;
    let id = c["id"].as_str().unwrap();
    let secret = c["secret"].as_str().unwrap();
    let open = |origin: Option<String>| {
        let mut req = format!("ws://{addr}/api/games/{id}/ws")
            .into_client_request()
            .unwrap();
        // The seat cookie the browser would send along.
        req.headers_mut()
            .insert("cookie", format!("seat_{id}={secret}").parse().unwrap());
        if let Some(o) = origin {
            req.headers_mut().insert("origin", o.parse().unwrap());
        }
        tokio_tungstenite::connect_async(req)
    };
    match open(Some("https://evil.example".to_owned())).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(res)) => {
            assert_eq!(res.status(), 403);
            let body = String::from_utf8(res.body().clone().unwrap_or_default()).unwrap();
            assert!(body.contains("cross_site"), "{body}");
        }
        other => panic!(
            "a foreign origin opened the socket: {:?}",
            other.map(|_| ())
        ),
    }
    // The own host (the Host header is the address) and no Origin at all: the seat is given.
    for origin in [Some(format!("http://{addr}")), None] {
        let (mut ws, _) = open(origin).await.unwrap();
        use futures_util::SinkExt as _;
        ws.send(tokio_tungstenite::tungstenite::Message::text(
            json!({"type": "hello", "protocol": 2}).to_string(),
        ))
        .await
        .unwrap();
        let first = tokio::time::timeout(common::PATIENCE, ws.next())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        let state: Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
        assert_eq!(state["you"], "both", "{state}");
    }
}

#[tokio::test]
async fn creating_games_is_limited_per_client_address_and_a_trusted_proxy_forwards_it() {
    let mut limits = Limits::default();
    limits.create_burst = 3;
    // One more game an hour: nothing refills while the test runs.
    limits.create_per_hour = 1;
    limits.trusted_proxies = vec!["10.0.0.0/8".parse().unwrap()];
    let app = mancala_server::app(state_with(limits).await);
    let client = Some([203, 0, 113, 5]);

    for _ in 0..3 {
        assert_eq!(
            api_create(&app, &[], client).await.status,
            StatusCode::CREATED
        );
    }
    let r = api_create(&app, &[], client).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.body);
    assert_eq!(r.json()["error"]["code"], "rate_limited");
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("too many new games")
    );
    let wait: u64 = r.headers[header::RETRY_AFTER]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(wait > 60, "{wait}");
    // The form counts in the same allowance, refused with a page in its language.
    let r = form(&app, "/pl/new", &[], client, "variant=hus&opponent=local").await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        r.body.contains(&message("pl", "error-rate-limited")),
        "{}",
        r.body
    );
    assert!(r.headers.get(header::RETRY_AFTER).is_some());
    // Another address has its own.
    assert_eq!(
        api_create(&app, &[], Some([203, 0, 113, 6])).await.status,
        StatusCode::CREATED
    );

    // Behind the trusted proxy, the forwarded address is the client.
    let proxy = Some([10, 0, 0, 2]);
    for _ in 0..3 {
        let r = api_create(&app, &[("x-forwarded-for", "198.51.100.1")], proxy).await;
        assert_eq!(r.status, StatusCode::CREATED);
    }
    let r = api_create(&app, &[("x-forwarded-for", "198.51.100.1")], proxy).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    for fwd in [
        ("x-forwarded-for", "198.51.100.2"),
        ("forwarded", "for=198.51.100.3;proto=https"),
    ] {
        assert_eq!(
            api_create(&app, &[fwd], proxy).await.status,
            StatusCode::CREATED,
            "{fwd:?}"
        );
    }
    // An untrusted peer's forwarding header is ignored: the peer is counted.
    let peer = Some([203, 0, 113, 7]);
    let mut statuses = Vec::new();
    for i in 0..4 {
        let fwd = format!("198.51.100.{}", 50 + i);
        statuses.push(
            api_create(&app, &[("x-forwarded-for", &fwd)], peer)
                .await
                .status,
        );
    }
    assert_eq!(
        statuses,
        [
            StatusCode::CREATED,
            StatusCode::CREATED,
            StatusCode::CREATED,
            StatusCode::TOO_MANY_REQUESTS
        ]
    );
}

#[tokio::test]
async fn unstarted_games_expire_and_started_and_finished_ones_stay() {
    // Kept for the default week: nothing goes.
    let state = state_with(Limits::default()).await;
    let app = mancala_server::app(state.clone());
    assert_eq!(
        api_create(&app, &[], None).await.status,
        StatusCode::CREATED
    );
    assert_eq!(state.expire_unstarted().await.unwrap(), 0);

    let mut limits = Limits::default();
    limits.unstarted_expiry = std::time::Duration::ZERO;
    let state = state_with(limits).await;
    let app = mancala_server::app(state.clone());
    let create = |body: Value| {
        let app = app.clone();
        async move {
            let req = request(
                "POST",
                "/api/games",
                &[("content-type", "application/json")],
                None,
                body.to_string(),
            );
            let r = call(&app, req).await;
            assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
            r.json()
        }
    };
    let computer =
        create(json!({"variant": "hus", "opponent": "computer", "level": 1, "side": "south"}))
            .await;
    let friend = create(json!({"variant": "hus", "opponent": "friend"})).await;
    let joined = create(json!({"variant": "hus", "opponent": "friend"})).await;
    let played = create(json!({"variant": "hus", "opponent": "local"})).await;
    let resigned = create(json!({"variant": "hus", "opponent": "local"})).await;

    let r = call(
        &app,
        request(
            "GET",
            joined["invite_url"].as_str().unwrap(),
            &[],
            None,
            String::new(),
        ),
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let pid = played["id"].as_str().unwrap();
    let legal = api_game(&app, pid).await.json()["legal"][0]
        .as_str()
        .unwrap()
        .to_owned();
    let body = format!(
        "ply=1&move={}",
        legal.replace('+', "%2B").replace('#', "%23")
    );
    let uri = format!("{}/move", played["player_url"].as_str().unwrap());
    assert_eq!(
        form(&app, &uri, &[], None, &body).await.status,
        StatusCode::SEE_OTHER
    );
    // Resigned before any move: finished, so kept.
    let (addr, _) = {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let app = app.clone();
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        (addr, ())
    };
    let rid = resigned["id"].as_str().unwrap();
    let (mut c, _) = common::Client::hello(addr, rid, resigned["secret"].as_str(), None).await;
    c.send(json!({"type": "resign"})).await;
    assert_eq!(c.recv_type("end").await["outcome"]["result"], "0-1");
    c.close().await;

    assert_eq!(state.expire_unstarted().await.unwrap(), 2);
    for gone in [&computer, &friend] {
        let id = gone["id"].as_str().unwrap();
        assert_eq!(api_game(&app, id).await.status, StatusCode::NOT_FOUND);
        let page = call(
            &app,
            request(
                "GET",
                gone["player_url"].as_str().unwrap(),
                &[],
                None,
                String::new(),
            ),
        )
        .await;
        assert_eq!(page.status, StatusCode::NOT_FOUND);
        assert!(page.body.contains(&message("en", "error-not-found")));
    }
    let invite = call(
        &app,
        request(
            "GET",
            friend["invite_url"].as_str().unwrap(),
            &[],
            None,
            String::new(),
        ),
    )
    .await;
    assert_eq!(invite.status, StatusCode::NOT_FOUND);
    for kept in [&joined, &played, &resigned] {
        let id = kept["id"].as_str().unwrap();
        assert_eq!(api_game(&app, id).await.status, StatusCode::OK, "{id}");
    }
}

fn hex_sha256(s: &str) -> String {
    use sha2::Digest as _;
    sha2::Sha256::digest(s.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[tokio::test]
async fn the_invitation_is_stored_hashed_and_its_creator_still_sees_it_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("mancala-invite-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("site.db");
    let _ = std::fs::remove_file(&path);
    let url = format!("sqlite://{}", path.display());
    let server = |url: String| async move {
        let store = mancala_server::connect(&url).await.unwrap();
        let (state, shutdown) = AppState::with_limits(store, 1, Limits::default());
        std::mem::forget(shutdown);
        mancala_server::app(state)
    };

    let app = server(url.clone()).await;
    let req = request(
        "POST",
        "/api/games",
        &[("content-type", "application/json")],
        None,
        json!({"variant": "hus", "opponent": "friend"}).to_string(),
    );
    let created = call(&app, req).await.json();
    let id = created["id"].as_str().unwrap().to_owned();
    let secret = created["secret"].as_str().unwrap().to_owned();
    let invite = created["invite_url"].as_str().unwrap().to_owned();
    let token = invite.rsplit('/').next().unwrap().to_owned();
    drop(app);

    // The row holds the token's hash, and the token nowhere.
    {
        let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
        let stored: Option<String> =
            sqlx::query_scalar("SELECT invite_hash FROM games WHERE id = ?")
                .bind(&id)
                .fetch_one(&pool)
                .await
                .unwrap();
        assert_eq!(stored, Some(hex_sha256(&token)));
        let clear: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE instr(id || variant || rules || mode || \
             coalesce(south_secret, '') || coalesce(north_secret, '') || \
             coalesce(invite_hash, ''), ?) > 0",
        )
        .bind(&token)
        .fetch_one(&pool)
        .await
        .unwrap();
        assert_eq!(clear, 0);
        pool.close().await;
    }

    // A new server over the same file: the creator's page shows the same invitation, by the
    // link and by the cookie; a spectator's does not.
    let app = server(url.clone()).await;
    let page = call(
        &app,
        request(
            "GET",
            &format!("/en/g/{id}/{secret}"),
            &[],
            None,
            String::new(),
        ),
    )
    .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(&invite), "the creator sees {invite}");
    let cookie = format!("seat_{id}={secret}");
    let page = call(
        &app,
        request(
            "GET",
            &format!("/en/g/{id}"),
            &[("cookie", &cookie)],
            None,
            String::new(),
        ),
    )
    .await;
    assert!(page.body.contains(&invite));
    let page = call(
        &app,
        request("GET", &format!("/en/g/{id}"), &[], None, String::new()),
    )
    .await;
    assert!(
        !page.body.contains("/join/"),
        "a spectator sees no invitation"
    );
    // The creator opening it sees it to pass on; the friend takes the seat with it.
    let own = call(
        &app,
        request("GET", &invite, &[("cookie", &cookie)], None, String::new()),
    )
    .await;
    assert_eq!(own.status, StatusCode::OK);
    assert!(own.body.contains(&invite));
    let wrong = format!("/en/join/{id}/{}", "x".repeat(22));
    let r = call(&app, request("GET", &wrong, &[], None, String::new())).await;
    assert_eq!(
        r.headers[header::LOCATION],
        format!("/en/g/{id}?invite=used")
    );
    let r = call(&app, request("GET", &invite, &[], None, String::new())).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_ne!(
        r.headers[header::LOCATION],
        format!("/en/g/{id}?invite=used")
    );
    let page = call(
        &app,
        request(
            "GET",
            &format!("/en/g/{id}/{secret}"),
            &[],
            None,
            String::new(),
        ),
    )
    .await;
    assert!(!page.body.contains("/join/"), "a used invitation is gone");
    let _ = std::fs::remove_dir_all(&dir);
}
