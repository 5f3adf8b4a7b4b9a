//! HTTP routes through `app().oneshot`, without sockets (docs/protocol.md §2).

#![allow(clippy::unwrap_used, reason = "tests")]

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use mancala_server::AppState;
use serde_json::{Value, json};
use tower::ServiceExt;

async fn app() -> Router {
    let (state, _shutdown) = AppState::new(common::memory_store().await, 1);
    mancala_server::app(state)
}

struct Reply {
    status: StatusCode,
    headers: axum::http::HeaderMap,
    body: String,
}

impl Reply {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap()
    }
    fn header(&self, name: header::HeaderName) -> &str {
        self.headers.get(name).unwrap().to_str().unwrap()
    }
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

async fn get(app: &Router, uri: &str) -> Reply {
    call(app, Request::get(uri).body(Body::empty()).unwrap()).await
}

async fn get_with_cookie(app: &Router, uri: &str, cookie: &str) -> Reply {
    let req = Request::get(uri)
        .header(header::COOKIE, cookie)
        .body(Body::empty())
        .unwrap();
    call(app, req).await
}

async fn post_json(app: &Router, uri: &str, body: Value) -> Reply {
    let req = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    call(app, req).await
}

async fn post_form(app: &Router, uri: &str, body: &str) -> Reply {
    let req = Request::post(uri)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(body.to_owned()))
        .unwrap();
    call(app, req).await
}

/// `name=value` of a Set-Cookie header.
fn cookie_pair(set_cookie: &str) -> &str {
    set_cookie.split(';').next().unwrap()
}

#[tokio::test]
async fn root_redirects_by_language_and_pages_render_with_the_version() {
    let app = app().await;
    let r = get(&app, "/").await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    assert_eq!(r.header(header::LOCATION), "/en/");
    let req = Request::get("/")
        .header(header::ACCEPT_LANGUAGE, "xx-YY, en;q=0.5")
        .body(Body::empty())
        .unwrap();
    assert_eq!(call(&app, req).await.header(header::LOCATION), "/en/");

    let home = get(&app, "/en/").await;
    assert_eq!(home.status, StatusCode::OK);
    assert!(
        home.body
            .contains(r#"<form id="new-game" method="post" action="/en/new">"#)
    );
    assert!(home.body.contains(r#"value="bao-la-kiswahili""#));
    assert!(home.body.contains(r#"value="omweso""#));
    // The level menu names the levels, the same in every game.
    assert!(home.body.contains(">Level 1: beginner</option>"));
    assert!(home.body.contains(">Level 8: strongest</option>"));
    let version = mancala_server::version();
    assert!(version.starts_with(&format!("v{} · ", env!("CARGO_PKG_VERSION"))));
    assert!(home.body.contains(&version), "the footer shows {version}");
    let hash = version.rsplit(' ').next().unwrap();
    assert!(hash == "unknown" || (hash.len() == 7 && hash.bytes().all(|b| b.is_ascii_hexdigit())));

    assert_eq!(get(&app, "/xx/").await.status, StatusCode::NOT_FOUND);
    assert_eq!(get(&app, "/healthz").await.body, "ok");
}

#[tokio::test]
async fn assets_are_served_with_their_types() {
    let app = app().await;
    let js = get(&app, "/assets/connection.js").await;
    assert_eq!(js.status, StatusCode::OK);
    assert!(
        js.header(header::CONTENT_TYPE)
            .starts_with("text/javascript")
    );
    assert!(js.body.contains("hello"));
    let css = get(&app, "/assets/style.css").await;
    assert!(css.header(header::CONTENT_TYPE).starts_with("text/css"));
    assert_eq!(
        get(&app, "/assets/nope.js").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        get(&app, "/assets/dev/harness.html").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        get(&app, "/assets/../Cargo.toml").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_api_creates_games_and_refuses_bad_requests_clearly() {
    let app = app().await;
    let v = get(&app, "/api/variants").await.json();
    assert_eq!(v["variants"].as_array().unwrap().len(), 14);

    let r = post_json(
        &app,
        "/api/games",
        json!({"variant": "omweso", "options": ["free_setup"], "opponent": "local"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let c = r.json();
    let id = c["id"].as_str().unwrap();
    assert_eq!(id.len(), 8);
    assert_eq!(c["side"], "both");
    assert_eq!(c["secret"].as_str().unwrap().len(), 22);
    assert_eq!(c["invite_url"], Value::Null);
    assert!(
        r.header(header::SET_COOKIE)
            .starts_with(&format!("seat_{id}="))
    );
    assert!(r.header(header::SET_COOKIE).contains("HttpOnly"));
    let g = get(&app, &format!("/api/games/{id}")).await.json();
    assert_eq!(g["options"], json!(["free_setup"]));
    assert_eq!(g["position"]["store_label"], "to_place");
    assert_eq!(
        g["legal"].as_array().unwrap().len(),
        16,
        "placements on South's 16 pits"
    );

    for (body, needle) in [
        (json!({"variant": "chess", "opponent": "friend"}), "chess"),
        (
            json!({"variant": "hus", "options": ["free_setup"], "opponent": "friend"}),
            "free_setup",
        ),
        (json!({"variant": "hus", "opponent": "robot"}), "robot"),
        (
            json!({"variant": "hus", "opponent": "computer", "level": 9}),
            "level 9",
        ),
        (
            json!({"variant": "hus", "opponent": "friend", "side": "east"}),
            "east",
        ),
    ] {
        let r = post_json(&app, "/api/games", body.clone()).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}");
        let e = r.json();
        assert_eq!(e["error"]["code"], "bad_request");
        assert!(
            e["error"]["message"].as_str().unwrap().contains(needle),
            "{e}"
        );
    }
    let r = post_json(&app, "/api/games", json!({"opponent": "friend"})).await;
    assert!(r.status.is_client_error());
    // A body that is not JSON at all gets the same JSON error.
    let req = Request::post("/api/games")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(r#"{"variant": "hus""#))
        .unwrap();
    let r = call(&app, req).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.json()["error"]["code"], "bad_request");
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("not a game request")
    );
    let r = get(&app, "/api/games/NOSUCHID").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.json()["error"]["code"], "not_found");
    assert_eq!(
        get(&app, "/api/games/..%2Fetc").await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_friend_game_from_the_form_without_javascript() {
    let app = app().await;
    let r = post_form(
        &app,
        "/en/new",
        "variant=bao-la-kiswahili&option=takasia%3Anone&option=free_setup&opponent=friend&level=3&side=south",
    )
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let player_url = r.header(header::LOCATION).to_owned();
    let cookie = cookie_pair(r.header(header::SET_COOKIE)).to_owned();
    let parts: Vec<&str> = player_url.split('/').collect();
    let (id, secret) = (parts[3].to_owned(), parts[4].to_owned());
    assert_eq!(cookie, format!("seat_{id}={secret}"));

    // The options of other games are dropped; this one's is kept.
    let g = get(&app, &format!("/api/games/{id}")).await.json();
    assert_eq!(g["options"], json!(["takasia:none"]));

    // The player page: seat, invitation, a move form with the legal moves.
    let page = get(&app, &player_url).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains(&format!(r#"data-seat="{secret}""#)));
    assert!(page.body.contains(&format!("/en/join/{id}/")));
    assert!(page.body.contains(r#"<select name="move">"#));
    assert!(
        page.body.contains("<option>A6&#62;*</option>"),
        "{}",
        page.body
    );

    // The plain game URL: a spectator without the cookie, the player with it.
    let watch = get(&app, &format!("/en/g/{id}")).await;
    assert!(watch.body.contains(r#"data-seat="""#));
    assert!(!watch.body.contains(r#"<select name="move">"#));
    let mine = get_with_cookie(&app, &format!("/en/g/{id}"), &cookie).await;
    assert!(mine.body.contains(&format!(r#"data-seat="{secret}""#)));

    // A wrong secret is refused; an unknown game is not found.
    let r = get(&app, &format!("/en/g/{id}/AAAAAAAAAAAAAAAAAAAAAA")).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    assert!(r.body.contains("does not hold a seat"));
    assert_eq!(
        get(&app, "/en/g/ZZZZZZZZ").await.status,
        StatusCode::NOT_FOUND
    );

    // A move by form.
    let g = get(&app, &format!("/api/games/{id}")).await.json();
    let mv = g["legal"][0].as_str().unwrap().to_owned();
    let body = format!(
        "ply=1&move={}",
        mv.replace('>', "%3E")
            .replace('<', "%3C")
            .replace('*', "%2A")
    );
    let r = post_form(&app, &format!("{player_url}/move"), &body).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let g = get(&app, &format!("/api/games/{id}")).await.json();
    assert_eq!(g["ply"], 1);
    // An illegal one shows an error page and changes nothing.
    let r = post_form(&app, &format!("{player_url}/move"), "ply=2&move=A1%3E").await;
    assert!(r.status.is_client_error());
    assert!(
        r.body.contains("not your") || r.body.contains("turn"),
        "{}",
        r.body
    );
    assert_eq!(
        get(&app, &format!("/api/games/{id}")).await.json()["ply"],
        1
    );

    // The invitation: the first visitor gets the seat and a cookie, the next watches.
    let invite = g["invite_url"].clone();
    assert_eq!(
        invite,
        Value::Null,
        "the public state never shows the invitation"
    );
    let link_start = page.body.find(&format!("/en/join/{id}/")).unwrap();
    let link: String = page.body[link_start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '/')
        .collect();
    let first = get(&app, &link).await;
    assert_eq!(first.status, StatusCode::SEE_OTHER);
    let north_url = first.header(header::LOCATION).to_owned();
    assert!(north_url.starts_with(&format!("/en/g/{id}/")));
    assert_ne!(north_url, player_url);
    assert!(
        first
            .header(header::SET_COOKIE)
            .starts_with(&format!("seat_{id}="))
    );
    let second = get(&app, &link).await;
    assert_eq!(
        second.header(header::LOCATION),
        format!("/en/g/{id}?invite=used")
    );
    let used = get(&app, &format!("/en/g/{id}?invite=used")).await;
    assert!(used.body.contains("already been used"));

    // The record downloads.
    let rec = get(&app, &format!("/api/games/{id}/record")).await;
    assert_eq!(rec.status, StatusCode::OK);
    assert!(
        rec.header(header::CONTENT_DISPOSITION)
            .contains(&format!("mancala-{id}.txt"))
    );
    assert!(rec.body.contains(r#"[Variant "bao-la-kiswahili"]"#));
    assert!(rec.body.contains(r#"[Rules "takasia:none; rev 1"]"#));
    assert!(rec.body.contains(&format!("1. {mv}")));
}

/// Issue 12, item 1: the creator who opens their own invitation sees it to pass on, and it stays
/// unused for the friend; a seat holder who opens a used invitation goes back to the game.
#[tokio::test]
async fn the_creator_opening_the_invitation_does_not_use_it() {
    let app = app().await;
    let r = post_json(
        &app,
        "/api/games",
        json!({"variant": "hus", "opponent": "friend", "side": "south"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::CREATED);
    let created = r.json();
    let id = created["id"].as_str().unwrap().to_owned();
    let creator = cookie_pair(r.header(header::SET_COOKIE)).to_owned();
    let invite = created["invite_url"].as_str().unwrap().to_owned();

    // The creator's browser (its seat cookie): the invitation page, nothing consumed.
    let own = get_with_cookie(&app, &invite, &creator).await;
    assert_eq!(own.status, StatusCode::OK);
    assert!(own.body.contains("This is your invitation"), "{}", own.body);
    assert!(own.body.contains(&format!("value=\"{invite}\"")));
    assert!(
        own.headers.get(header::SET_COOKIE).is_none(),
        "no seat is given"
    );
    let g = get(&app, &format!("/api/games/{id}")).await.json();
    assert_eq!(
        g["seats"]["north"]["joined"], false,
        "the invitation is unused"
    );

    // A browser with some other game's cookie is a visitor like any other: the friend joins.
    let friend = get_with_cookie(&app, &invite, "seat_zzzzzzzz=abc").await;
    assert_eq!(friend.status, StatusCode::SEE_OTHER);
    let friend_url = friend.header(header::LOCATION).to_owned();
    assert!(friend_url.starts_with(&format!("/en/g/{id}/")));
    let friend_cookie = cookie_pair(friend.header(header::SET_COOKIE)).to_owned();
    let g = get(&app, &format!("/api/games/{id}")).await.json();
    assert_eq!(g["seats"]["north"]["joined"], true);

    // Now used: either player back to the game, a stranger to watching with a notice.
    for cookie in [&creator, &friend_cookie] {
        let again = get_with_cookie(&app, &invite, cookie).await;
        assert_eq!(again.status, StatusCode::SEE_OTHER);
        assert_eq!(again.header(header::LOCATION), format!("/en/g/{id}"));
    }
    let stranger = get(&app, &invite).await;
    assert_eq!(
        stranger.header(header::LOCATION),
        format!("/en/g/{id}?invite=used")
    );
}

/// The security headers of every response (docs/operations.md, "Security headers").
fn assert_secure(r: &Reply, what: &str) {
    let csp = r.header(header::CONTENT_SECURITY_POLICY);
    assert!(csp.contains("frame-ancestors 'none'"), "{what}: {csp}");
    assert!(!csp.contains("unsafe-eval"), "{what}: {csp}");
    let svg = r
        .headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"image/svg+xml"));
    if !svg {
        assert!(csp.contains("script-src 'self';"), "{what}: {csp}");
        assert!(!csp.contains("unsafe-inline"), "{what}: {csp}");
    } else {
        // A picture runs no script at all.
        assert!(csp.starts_with("default-src 'none';"), "{what}: {csp}");
        assert!(!csp.contains("script-src"), "{what}: {csp}");
    }
    assert_eq!(r.header(header::REFERRER_POLICY), "no-referrer", "{what}");
    assert_eq!(
        r.header(header::X_CONTENT_TYPE_OPTIONS),
        "nosniff",
        "{what}"
    );
    assert_eq!(r.header(header::X_FRAME_OPTIONS), "DENY", "{what}");
}

#[tokio::test]
async fn every_kind_of_answer_carries_the_security_headers() {
    let app = app().await;
    let rules = get(&app, "/en/rules/kalah").await;
    assert_eq!(rules.status, StatusCode::OK);
    let picture = rules
        .body
        .split("src=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .find(|s| s.contains("/diagram.svg?"))
        .expect("a rules page shows a board picture")
        .replace("&amp;", "&");
    let created = post_json(
        &app,
        "/api/games",
        json!({"variant": "kalah", "opponent": "friend"}),
    )
    .await;
    assert_eq!(created.status, StatusCode::CREATED);
    for (what, r) in [
        ("home page", get(&app, "/en/").await),
        ("rules page", rules),
        ("picture", get(&app, &picture).await),
        ("redirect", get(&app, "/").await),
        ("API", get(&app, "/api/variants").await),
        ("API creation", created),
        ("script", get(&app, "/assets/game.js").await),
        ("style sheet", get(&app, "/assets/style.css").await),
        ("client messages", get(&app, "/en/messages.json").await),
        ("health", get(&app, "/healthz").await),
        ("missing page", get(&app, "/xx/").await),
        ("missing game page", get(&app, "/en/g/nope").await),
        ("missing asset", get(&app, "/assets/nope.js").await),
        ("API error", get(&app, "/api/games/nope").await),
        ("unknown route", get(&app, "/no/such/route/at/all").await),
        ("bad form", post_form(&app, "/en/new", "variant=nope").await),
    ] {
        assert_secure(&r, what);
        assert!(
            r.headers.get(header::STRICT_TRANSPORT_SECURITY).is_none(),
            "{what}: no HSTS without an https public URL"
        );
    }
}

/// A site whose public URL is `url`.
async fn app_at(url: &str) -> Router {
    let mut limits = mancala_server::Limits::default();
    limits.public_url = Some(url.to_owned());
    let (state, _shutdown) = AppState::with_limits(common::memory_store().await, 1, limits);
    mancala_server::app(state)
}

/// Every `Set-Cookie` of a reply.
fn set_cookies(r: &Reply) -> Vec<String> {
    r.headers
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect()
}

fn is_secure(cookie: &str) -> bool {
    cookie
        .split(';')
        .skip(1)
        .any(|a| a.trim().eq_ignore_ascii_case("secure"))
}

#[tokio::test]
async fn cookies_are_secure_and_hsts_sent_only_with_an_https_public_url() {
    let game = json!({"variant": "kalah", "opponent": "friend"});
    for (url, https) in [
        (None, false),
        (Some("http://192.168.1.5:8080"), false),
        (Some("https://mancala.example"), true),
    ] {
        let app = match url {
            Some(u) => app_at(u).await,
            None => app().await,
        };
        let created = post_json(&app, "/api/games", game.clone()).await;
        let form = post_form(&app, "/en/new", "variant=kalah&opponent=friend").await;
        let lang = get(&app, "/language?to=/sw/").await;
        for (what, r) in [("API", created), ("form", form), ("language", lang)] {
            let cookies = set_cookies(&r);
            assert_eq!(cookies.len(), 1, "{what}: {cookies:?}");
            assert_eq!(is_secure(&cookies[0]), https, "{url:?} {what}: {cookies:?}");
            assert_secure(&r, what);
            let hsts = r.headers.get(header::STRICT_TRANSPORT_SECURITY);
            assert_eq!(hsts.is_some(), https, "{url:?} {what}");
            if let Some(h) = hsts {
                assert!(h.to_str().unwrap().starts_with("max-age="), "{h:?}");
            }
        }
        // Pages and errors say HSTS too.
        let missing = get(&app, "/en/g/nope").await;
        assert_eq!(
            missing
                .headers
                .get(header::STRICT_TRANSPORT_SECURITY)
                .is_some(),
            https
        );
    }
}
