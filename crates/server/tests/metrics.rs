//! `/metrics` (docs/operations.md, "Metrics"): served on the metrics listener only, never by
//! the public site; every line of it is a comment or a sample of a declared metric; and the
//! figures follow what happens (a move played, a socket opened and closed, a search queued).
//! The waits are guards against hanging, not timings.

#![allow(clippy::unwrap_used, reason = "tests")]

mod common;

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use mancala_server::{AppState, Config, Limits, Server};
use serde_json::json;
use tokio::sync::oneshot;
use tower::ServiceExt;

use common::{Client, PATIENCE, create, http_raw, memory_store, spawn};

/// One sample: its name, labels and value.
#[derive(Debug)]
struct Sample {
    name: String,
    labels: BTreeMap<String, String>,
    value: f64,
}

/// Whether `s` is a metric or label name of the format.
fn is_name(s: &str, colons: bool) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || (colons && c == ':'))
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || (colons && c == ':'))
}

/// A label set `a="x",b="y"` with the format's escapes, or why not.
fn labels(mut s: &str) -> Result<BTreeMap<String, String>, String> {
    let mut out = BTreeMap::new();
    while !s.is_empty() {
        let (name, rest) = s.split_once("=\"").ok_or("a label without =\"")?;
        if !is_name(name, false) {
            return Err(format!("bad label name {name:?}"));
        }
        let mut value = String::new();
        let mut chars = rest.char_indices();
        let end = loop {
            match chars.next() {
                Some((_, '\\')) => match chars.next() {
                    Some((_, '\\')) => value.push('\\'),
                    Some((_, '"')) => value.push('"'),
                    Some((_, 'n')) => value.push('\n'),
                    other => return Err(format!("bad escape {other:?}")),
                },
                Some((i, '"')) => break i,
                Some((_, c)) => value.push(c),
                None => return Err("an unclosed label value".to_owned()),
            }
        };
        if out.insert(name.to_owned(), value).is_some() {
            return Err(format!("label {name} twice"));
        }
        s = &rest[end + 1..];
        s = s.strip_prefix(',').unwrap_or(s);
    }
    Ok(out)
}

/// Reads an exposition in the text format 0.0.4, failing on any line that is not a `# HELP`,
/// a `# TYPE` or a sample `name{labels} value` of a metric whose type was declared above it.
fn parse(text: &str) -> Vec<Sample> {
    let mut types: HashMap<String, String> = HashMap::new();
    let mut helped = Vec::new();
    let mut samples = Vec::new();
    assert!(text.ends_with('\n'), "the last line ends too");
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# HELP ") {
            let (name, help) = rest.split_once(' ').unwrap();
            assert!(is_name(name, true) && !help.is_empty(), "{line}");
            helped.push(name.to_owned());
            continue;
        }
        if let Some(rest) = line.strip_prefix("# TYPE ") {
            let (name, kind) = rest.split_once(' ').unwrap();
            assert!(
                ["counter", "gauge", "histogram", "summary", "untyped"].contains(&kind),
                "{line}"
            );
            assert!(
                helped.last().is_some_and(|h| h == name),
                "HELP before TYPE: {line}"
            );
            assert!(
                types.insert(name.to_owned(), kind.to_owned()).is_none(),
                "one TYPE a metric: {line}"
            );
            continue;
        }
        assert!(!line.starts_with('#') && !line.is_empty(), "{line:?}");
        let (head, value) = line.rsplit_once(' ').unwrap();
        let value: f64 = match value {
            "+Inf" => f64::INFINITY,
            "-Inf" => f64::NEG_INFINITY,
            v => v.parse().unwrap_or_else(|_| panic!("bad value: {line}")),
        };
        let (name, labels) = match head.split_once('{') {
            Some((name, rest)) => (
                name,
                labels(rest.strip_suffix('}').unwrap()).unwrap_or_else(|e| panic!("{e}: {line}")),
            ),
            None => (head, BTreeMap::new()),
        };
        assert!(is_name(name, true), "{line}");
        let family = ["_bucket", "_sum", "_count"]
            .iter()
            .find_map(|s| {
                name.strip_suffix(s)
                    .filter(|f| types.get(*f).is_some_and(|k| k == "histogram"))
            })
            .unwrap_or(name);
        let kind = types
            .get(family)
            .unwrap_or_else(|| panic!("no TYPE above: {line}"));
        if kind == "counter" {
            assert!(
                name.ends_with("_total"),
                "a counter's name ends in _total: {line}"
            );
        }
        samples.push(Sample {
            name: name.to_owned(),
            labels,
            value,
        });
    }
    samples
}

/// The value of the sample `name` whose labels include `with`.
fn value(samples: &[Sample], name: &str, with: &[(&str, &str)]) -> f64 {
    let found: Vec<f64> = samples
        .iter()
        .filter(|s| {
            s.name == name
                && with
                    .iter()
                    .all(|(k, v)| s.labels.get(*k).map(String::as_str) == Some(*v))
        })
        .map(|s| s.value)
        .collect();
    assert_eq!(found.len(), 1, "one sample {name} {with:?}");
    found[0]
}

/// Scrapes `state`'s metrics through the metrics router (no socket).
async fn scrape(state: &AppState) -> Vec<Sample> {
    let res = mancala_server::metrics_app(state.clone())
        .oneshot(Request::get("/metrics").body(Body::empty()).unwrap())
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()[header::CONTENT_TYPE],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    let body = res.into_body().collect().await.unwrap().to_bytes();
    parse(std::str::from_utf8(&body).unwrap())
}

/// Scrapes until `done` holds of the metrics (a guard stops a test that would hang).
async fn until(state: &AppState, done: impl Fn(&[Sample]) -> bool) -> Vec<Sample> {
    tokio::time::timeout(PATIENCE, async {
        loop {
            let s = scrape(state).await;
            if done(&s) {
                return s;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the metrics came to the expected figures")
}

#[test]
fn the_parser_refuses_what_is_not_the_format() {
    let ok = "# HELP a_total A.\n# TYPE a_total counter\na_total{x=\"q\\\"\"} 3\n";
    assert_eq!(parse(ok)[0].labels["x"], "q\"");
    for bad in [
        "a_total 3\n",
        "# HELP a A.\n# TYPE a gauge\na{x=\"1} 3\n",
        "# HELP a A.\n# TYPE a gauge\na three\n",
        "# HELP a A.\n# TYPE a counter\na 3\n",
        "# HELP a A.\n# TYPE a gauge\n\n",
    ] {
        assert!(std::panic::catch_unwind(|| parse(bad)).is_err(), "{bad:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_and_the_sockets_show_in_the_metrics() {
    let (addr, state) = spawn(memory_store().await).await;
    let s = scrape(&state).await;
    for (name, with) in [
        ("mancala_moves_total", &[][..]),
        ("mancala_live_games", &[]),
        ("mancala_websockets", &[("role", "player")]),
        ("mancala_websockets", &[("role", "spectator")]),
        (
            "mancala_store_seconds_count",
            &[("operation", "append_move")],
        ),
    ] {
        assert_eq!(value(&s, name, with), 0.0, "{name} {with:?} at the start");
    }
    assert_eq!(
        value(
            &s,
            "mancala_build_info",
            &[("version", env!("CARGO_PKG_VERSION"))]
        ),
        1.0
    );

    let c = create(addr, json!({"variant": "hus", "opponent": "local"})).await;
    let id = c["id"].as_str().unwrap().to_owned();
    let (mut me, first) = Client::hello(addr, &id, c["secret"].as_str(), None).await;
    let (watcher, _) = Client::hello(addr, &id, None, None).await;
    let m = first["game"]["legal"][0].clone();
    me.send(json!({"type": "move", "ply": 1, "move": m})).await;
    me.recv_type("ack").await;

    // The socket counts come with the hello, which the spectator's state answered.
    let s = until(&state, |s| {
        value(s, "mancala_websockets", &[("role", "spectator")]) == 1.0
    })
    .await;
    assert_eq!(value(&s, "mancala_moves_total", &[]), 1.0);
    assert_eq!(value(&s, "mancala_games_created_total", &[]), 1.0);
    assert_eq!(value(&s, "mancala_live_games", &[]), 1.0);
    assert_eq!(value(&s, "mancala_websockets", &[("role", "player")]), 1.0);
    let stored = [("operation", "append_move")];
    assert_eq!(value(&s, "mancala_store_seconds_count", &stored), 1.0);
    assert_eq!(
        value(
            &s,
            "mancala_store_seconds_bucket",
            &[("operation", "append_move"), ("le", "+Inf")]
        ),
        1.0
    );
    assert!(value(&s, "mancala_store_seconds_sum", &stored) > 0.0);

    // A stale move is a refusal before the store; the sockets go when they close.
    me.send(json!({"type": "move", "ply": 1, "move": m})).await;
    me.recv_type("error").await;
    me.close().await;
    watcher.close().await;
    let s = until(&state, |s| {
        value(s, "mancala_websockets", &[("role", "player")]) == 0.0
            && value(s, "mancala_websockets", &[("role", "spectator")]) == 0.0
    })
    .await;
    assert_eq!(
        value(&s, "mancala_moves_total", &[]),
        1.0,
        "one move stored"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_held_search_shows_as_waiting_then_its_move_is_counted() {
    let (addr, state) = spawn(memory_store().await).await;
    let hold = state.hub.hold_computer();
    // The computer has South and opens.
    create(
        addr,
        json!({"variant": "hus", "opponent": "computer", "level": 1, "side": "north"}),
    )
    .await;
    let s = until(&state, |s| {
        value(s, "mancala_computer_queue_waiting", &[]) == 1.0
    })
    .await;
    assert_eq!(value(&s, "mancala_computer_queue_running", &[]), 0.0);
    assert_eq!(value(&s, "mancala_computer_search_slots", &[]), 2.0);
    assert_eq!(value(&s, "mancala_moves_total", &[]), 0.0);
    drop(hold);
    let s = until(&state, |s| value(s, "mancala_moves_total", &[]) == 1.0).await;
    assert_eq!(value(&s, "mancala_computer_queue_waiting", &[]), 0.0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_metrics_listener_serves_the_metrics() {
    let config = Config {
        bind: SocketAddr::from(([127, 0, 0, 1], 0)),
        database_url: "sqlite::memory:".to_owned(),
        searches: 1,
        limits: Limits::default(),
    };
    let mut server = Server::bind(&config).await.unwrap();
    let site = server.local_addr().unwrap();
    let metrics = server
        .bind_metrics(SocketAddr::from(([127, 0, 0, 1], 0)))
        .await
        .unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(server.run(async move {
        let _ = stopped.await;
    }));

    // The site: no metrics, whoever asks and whatever a proxy would say.
    for headers in [
        &[][..],
        &[("X-Forwarded-For", "127.0.0.1")],
        &[("Forwarded", "for=127.0.0.1")],
    ] {
        let (status, _, body) = http_raw(site, "GET", "/metrics", None, headers).await;
        assert_eq!(status, 404, "{headers:?}");
        assert!(!body.contains("mancala_"), "{body}");
    }
    // The metrics listener: the metrics, and nothing of the site.
    let (status, head, body) = http_raw(metrics, "GET", "/metrics", None, &[]).await;
    assert_eq!(status, 200);
    assert_eq!(
        common::header(&head, "content-type"),
        Some("text/plain; version=0.0.4; charset=utf-8")
    );
    let s = parse(&body);
    // Its own connections are not the site's.
    assert_eq!(value(&s, "mancala_http_connections", &[]), 0.0);
    for path in ["/", "/healthz", "/api/variants", "/en/"] {
        let (status, _, _) = http_raw(metrics, "GET", path, None, &[]).await;
        assert_eq!(status, 404, "{path}");
    }

    // A site connection shows while it is open.
    let held = tokio::net::TcpStream::connect(site).await.unwrap();
    tokio::time::timeout(PATIENCE, async {
        loop {
            let (_, _, body) = http_raw(metrics, "GET", "/metrics", None, &[]).await;
            if value(&parse(&body), "mancala_http_connections", &[]) == 1.0 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the connection is counted");
    drop(held);

    // Both listeners stop with the server.
    stop.send(()).unwrap();
    tokio::time::timeout(PATIENCE, task)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    tokio::time::timeout(PATIENCE, async {
        while tokio::net::TcpStream::connect(metrics).await.is_ok() {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the metrics listener closes");
}
