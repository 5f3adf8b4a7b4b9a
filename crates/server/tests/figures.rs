//! The read-only position routes (docs/protocol.md §2.1): the board picture
//! `GET /{lang}/diagram.svg`, `GET /api/position` and `GET /api/trace`, through `app().oneshot`;
//! the trace body against the WebSocket's move events over a real listener.

#![allow(clippy::unwrap_used, reason = "tests")]

mod common;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use mancala::{Position, Side, StoresField, Variant};
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
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    fn header(&self, name: header::HeaderName) -> &str {
        self.headers
            .get(name)
            .map_or("", |v| v.to_str().unwrap_or(""))
    }
}

async fn get_with(app: &Router, uri: &str, headers: &[(header::HeaderName, &str)]) -> Reply {
    let mut req = Request::get(uri);
    for (k, v) in headers {
        req = req.header(k, *v);
    }
    let res = app
        .clone()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
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
    get_with(app, uri, &[]).await
}

/// `path?k=v&...`, each value percent-encoded.
fn url(path: &str, params: &[(&str, &str)]) -> String {
    let mut q = form_urlencoded::Serializer::new(String::new());
    for (k, v) in params {
        q.append_pair(k, v);
    }
    format!("{path}?{}", q.finish())
}

/// The query naming `pos` (its variant, options and diagram).
fn position_params(pos: &Position) -> Vec<(&'static str, String)> {
    let v = pos.variant();
    vec![
        ("variant", v.to_string()),
        ("rules", v.rules_text().replace(' ', ",")),
        ("d", pos.diagram()),
    ]
}

fn svg_url(pos: &Position, extra: &[(&str, &str)]) -> String {
    let params = position_params(pos);
    let mut all: Vec<(&str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
    all.extend_from_slice(extra);
    url("/en/diagram.svg", &all)
}

fn pits(v: Variant) -> Vec<mancala::Pit> {
    Side::ALL.into_iter().flat_map(|s| v.pits(s)).collect()
}

/// Well-formed enough: every tag closed in order, no stray `&` or `<`, no script.
fn check_xml(svg: &str) -> Result<(), String> {
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        let text = &rest[..open];
        for (i, _) in text.match_indices('&') {
            let entity = &text[i..];
            let ok = ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
                .iter()
                .any(|e| entity.starts_with(e));
            if !ok {
                return Err(format!("a bare & in {text:?}"));
            }
        }
        let close = rest[open..].find('>').ok_or("a tag is not closed")? + open;
        let tag = &rest[open + 1..close];
        if tag.contains('<') {
            return Err(format!("a < inside the tag {tag:?}"));
        }
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(top) if top == name => {}
                top => return Err(format!("</{name}> closes {top:?}")),
            }
        } else if !tag.ends_with('/') {
            let name = tag.split([' ', '\n']).next().unwrap_or("");
            stack.push(name);
        }
        if tag.starts_with("script") {
            return Err("a script".to_owned());
        }
        rest = &rest[close + 1..];
    }
    if stack.is_empty() && rest.trim().is_empty() {
        Ok(())
    } else {
        Err(format!("unclosed {stack:?}"))
    }
}

#[tokio::test]
async fn the_start_of_every_variant_is_drawn_pit_by_pit() {
    let app = app().await;
    for v in Variant::ALL {
        let pos = Position::new(v);
        let r = get(&app, &svg_url(&pos, &[])).await;
        assert_eq!(r.status, StatusCode::OK, "{v}: {}", r.body);
        assert_eq!(r.header(header::CONTENT_TYPE), "image/svg+xml");
        let svg = &r.body;
        assert!(svg.starts_with("<svg "), "{v}");
        assert!(svg.contains("viewBox=\"0 0 "), "{v}");
        check_xml(svg).unwrap_or_else(|e| panic!("{v}: {e}"));
        // The title names the game in the picture's language (here English's message).
        let name = mancala_server::i18n::Lang::En.tr().game(v.game());
        let title = format!("<title>{name}: {}</title>", pos.diagram());
        assert!(svg.contains(&title), "{v}: no {title}");
        let all = pits(v);
        assert_eq!(all.len(), v.rows() * v.width());
        assert_eq!(svg.matches("<g class=\"pit").count(), all.len(), "{v}");
        assert_eq!(svg.matches("data-pit=\"").count(), all.len(), "{v}");
        for p in all {
            let n = pos.seeds(p);
            let shown = format!("data-pit=\"{p}\" data-seeds=\"{n}\">");
            assert!(svg.contains(&shown), "{v}: {p} is not drawn with {n}");
            // Its count is printed inside its own group.
            let group = &svg[svg.find(&shown).unwrap()..];
            let group = &group[..group.find("</g></g>").unwrap()];
            assert!(group.contains(&format!(">{n}</text>")), "{v}: {p}'s count");
        }
        // The side to move is shown; nothing but the picture's own names.
        assert!(svg.contains("data-turn=\"south\""), "{v}");
        assert!(!svg.contains("pit-name\" x"), "{v}: names only when asked");
        for side in Side::ALL {
            let hand = format!(
                "data-count=\"hand\" data-seeds=\"{}\"",
                pos.hand(side).unwrap_or(0)
            );
            assert_eq!(svg.contains(&hand), v.game().has_hands(), "{v}: {hand}");
            match (v.stores_field(), pos.store(side)) {
                (Some(StoresField::Store), Some(n)) => assert!(
                    svg.contains(&format!(
                        "data-store=\"{}\" data-seeds=\"{n}\"",
                        side.name()
                    )),
                    "{v}: the store"
                ),
                (Some(f), Some(n)) => assert!(
                    svg.contains(&format!("data-count=\"{}\" data-seeds=\"{n}\"", f.id())),
                    "{v}: the {} count",
                    f.id()
                ),
                _ => assert!(!svg.contains("data-store"), "{v}"),
            }
        }
        let counts = usize::from(v.game().has_hands())
            + usize::from(v.stores_field().is_some_and(|f| f != StoresField::Store));
        assert_eq!(svg.matches("data-count=\"").count(), 2 * counts, "{v}");
        let houses = svg.matches("class=\"house\"").count();
        assert_eq!(houses, if v.game().has_nyumba() { 2 } else { 0 }, "{v}");
    }
}

#[tokio::test]
async fn marks_and_names_are_drawn() {
    let app = app().await;
    let pos = Position::new(Variant::BAO_LA_KISWAHILI);
    let r = get(
        &app,
        &svg_url(&pos, &[("marks", "A5,a5, b8 A5"), ("names", "1")]),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    check_xml(&r.body).unwrap();
    assert_eq!(r.body.matches("class=\"mark\"").count(), 3, "A5 once");
    for p in ["A5", "a5", "b8"] {
        let at = r.body.find(&format!("data-pit=\"{p}\"")).unwrap();
        let head = &r.body[..at];
        let class = &head[head.rfind("class=\"").unwrap()..];
        assert!(class.contains("marked"), "{p}: {class}");
    }
    for p in pits(Variant::BAO_LA_KISWAHILI) {
        assert!(r.body.contains(&format!("\">{p}</text>")), "the name {p}");
    }
    // Kalah's board has no back rows.
    let kalah = Position::new(Variant::new(mancala::Game::Kalah));
    let r = get(&app, &svg_url(&kalah, &[("marks", "A6 a1")])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.body.matches("class=\"mark\"").count(), 2);
}

#[tokio::test]
async fn every_kind_of_bad_input_gets_a_400_naming_it() {
    let app = app().await;
    let bao = "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 11 -";
    let cases: &[(&[(&str, &str)], &str)] = &[
        (&[("variant", "bao"), ("d", bao)], "unknown variant `bao`"),
        (&[("d", bao)], "missing parameter `variant`"),
        (&[("variant", "bao-la-kiswahili")], "missing parameter `d`"),
        (
            &[
                ("variant", "bao-la-kiswahili"),
                ("rules", "nonsense"),
                ("d", bao),
            ],
            "unknown rule option `nonsense`",
        ),
        (
            &[
                ("variant", "bao-la-kiswahili"),
                ("rules", "empty_capture"),
                ("d", bao),
            ],
            "rule option `empty_capture` does not apply to bao-la-kiswahili",
        ),
        (
            &[
                ("variant", "bao-la-kiswahili"),
                ("rules", "takasia:none,takasia:donkers"),
                ("d", bao),
            ],
            "conflicts",
        ),
        (
            &[("variant", "bao-la-kiswahili"), ("d", "1,2,3")],
            "invalid diagram",
        ),
        (
            &[("variant", "kalah"), ("d", bao)],
            "the diagram is not a position of kalah",
        ),
        (
            &[
                ("variant", "bao-la-kiswahili"),
                (
                    "d",
                    "0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 2,2 11 -",
                ),
            ],
            "add partial=1",
        ),
        (
            &[("variant", "bao-la-kiswahili"), ("d", bao), ("marks", "A9")],
            "invalid mark `A9`: not a pit of the bao-la-kiswahili board (A1..A8, B1..B8, a1..a8, b1..b8)",
        ),
        (
            &[
                ("variant", "kalah"),
                ("d", "4,4,4,4,4,4/4,4,4,4,4,4 S 0,0"),
                ("marks", "B1"),
            ],
            "invalid mark `B1`",
        ),
        (
            &[
                ("variant", "bao-la-kiswahili"),
                ("d", bao),
                ("marks", "<x>"),
            ],
            "invalid mark `<x>`",
        ),
        (
            &[
                ("variant", "bao-la-kiswahili"),
                ("d", bao),
                ("names", "yes"),
            ],
            "parameter `names`",
        ),
        (
            &[
                ("variant", "bao-la-kiswahili"),
                ("d", bao),
                ("diagram", bao),
            ],
            "unknown parameter `diagram`",
        ),
        (
            &[("variant", "hus"), ("variant", "hus"), ("d", bao)],
            "parameter `variant` is given twice",
        ),
    ];
    for (params, says) in cases {
        let r = get(&app, &url("/en/diagram.svg", params)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{params:?}: {}", r.body);
        assert_eq!(r.header(header::CONTENT_TYPE), "text/plain; charset=utf-8");
        assert!(r.body.contains(says), "{params:?}: {:?}", r.body);
        assert!(!r.body.contains('\n'), "one line: {:?}", r.body);
        // The JSON API refuses the same position with the same words.
        let api: Vec<(&str, &str)> = params
            .iter()
            .copied()
            .filter(|(k, _)| !matches!(*k, "marks" | "names"))
            .collect();
        if api.len() == params.len() {
            let r = get(&app, &url("/api/position", &api)).await;
            assert_eq!(r.status, StatusCode::BAD_REQUEST, "{api:?}");
            assert_eq!(r.json()["error"]["code"], "bad_request");
            let message = r.json()["error"]["message"].as_str().unwrap().to_owned();
            assert!(message.contains(says), "{api:?}: {message}");
        }
    }
    let r = get(&app, &url("/xx/diagram.svg", &[("variant", "hus")])).await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(r.body.contains("no pages in language"), "{}", r.body);
}

#[tokio::test]
async fn a_matching_etag_is_answered_304() {
    let app = app().await;
    let pos = Position::new(Variant::BAO_LA_KISWAHILI);
    let uri = svg_url(&pos, &[("marks", "A5")]);
    let first = get(&app, &uri).await;
    assert_eq!(first.status, StatusCode::OK);
    assert_eq!(first.header(header::CACHE_CONTROL), "public, max-age=86400");
    let tag = first.header(header::ETAG).to_owned();
    assert!(
        tag.starts_with('"') && tag.ends_with('"') && tag.len() > 10,
        "{tag}"
    );

    let again = get_with(&app, &uri, &[(header::IF_NONE_MATCH, &tag)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    assert_eq!(again.header(header::ETAG), tag);
    let weak = format!("\"other\", W/{tag}");
    let again = get_with(&app, &uri, &[(header::IF_NONE_MATCH, &weak)]).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    let other = get_with(&app, &uri, &[(header::IF_NONE_MATCH, "\"other\"")]).await;
    assert_eq!(other.status, StatusCode::OK);

    // The tag is of the canonical query: the same picture asked otherwise has it too ...
    let same = url(
        "/en/diagram.svg",
        &[
            ("d", &pos.diagram()),
            ("marks", "A5,A5"),
            ("variant", "bao-la-kiswahili"),
            ("names", "0"),
        ],
    );
    assert_eq!(get(&app, &same).await.header(header::ETAG), tag);
    // ... and another picture has another.
    for extra in [[("marks", "A6")], [("names", "1")]] {
        let r = get(&app, &svg_url(&pos, &extra)).await;
        assert_ne!(r.header(header::ETAG), tag, "{extra:?}");
    }
    let donkers = url(
        "/en/diagram.svg",
        &[
            ("variant", "bao-la-kiswahili"),
            ("rules", "takasia:donkers"),
            ("d", &pos.diagram()),
            ("marks", "A5"),
        ],
    );
    assert_ne!(get(&app, &donkers).await.header(header::ETAG), tag);
}

#[tokio::test]
async fn a_position_answers_its_legal_moves_and_outcome() {
    let app = app().await;
    for v in Variant::ALL {
        let pos = Position::new(v);
        let params = position_params(&pos);
        let params: Vec<(&str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let r = get(&app, &url("/api/position", &params)).await;
        assert_eq!(r.status, StatusCode::OK, "{v}: {}", r.body);
        let body = r.json();
        assert_eq!(body["position"]["diagram"], pos.diagram(), "{v}");
        assert_eq!(body["position"], mancala_server::position_json(&pos));
        let legal: Vec<String> = pos.legal_move_texts().into_iter().map(|(_, t)| t).collect();
        assert_eq!(body["legal"], json!(legal), "{v}");
        assert_eq!(body["outcome"], Value::Null);
    }
    // A finished Kalah game (docs/notation.md §8.1), and a partial position.
    let r = get(
        &app,
        &url(
            "/api/position",
            &[
                ("variant", "kalah"),
                ("d", "3,0,0,0,1,1/0,0,0,0,0,0 N 21,22"),
            ],
        ),
    )
    .await;
    let body = r.json();
    assert_eq!(body["legal"], json!([]));
    assert_eq!(body["outcome"]["result"], "0-1");
    assert_eq!(body["outcome"]["reason"], "seeds_counted");
    let partial = "0,0,0,0,0,0,0/0,3,0,0,0,0,0/0,0,1,1,0,0,0/0,0,0,0,0,0,0 S 0,0";
    let q = [("variant", "hawalis"), ("d", partial)];
    let r = get(&app, &url("/api/position", &q)).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("partial=1")
    );
    let q = [("variant", "hawalis"), ("d", partial), ("partial", "1")];
    let r = get(&app, &url("/api/position", &q)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["legal"], json!(["A3#"]));
}

/// A deterministic choice among `n`.
fn pick(seed: &mut u64, n: usize) -> usize {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    usize::try_from(*seed % n as u64).unwrap()
}

#[tokio::test]
async fn a_trace_ends_where_play_does() {
    let app = app().await;
    let mut seed = 0x5eed_u64;
    for v in Variant::ALL {
        let mut pos = Position::new(v);
        for _ in 0..12 {
            let moves = pos.legal_move_texts();
            if moves.is_empty() {
                break;
            }
            let (m, text) = moves[pick(&mut seed, moves.len())].clone();
            let params = position_params(&pos);
            let mut q: Vec<(&str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
            q.push(("move", &text));
            let r = get(&app, &url("/api/trace", &q)).await;
            assert_eq!(r.status, StatusCode::OK, "{v} {text}: {}", r.body);
            let body = r.json();
            let next = pos.play(m).unwrap();
            assert_eq!(body["move"], text.as_str());
            assert_eq!(body["side"], pos.turn().name());
            assert_eq!(
                body["after"]["position"]["diagram"],
                next.diagram(),
                "{v} {text}"
            );
            assert!(!body["trace"].as_array().unwrap().is_empty());
            pos = next;
        }
    }
}

#[tokio::test]
async fn a_bad_move_is_an_illegal_move() {
    let app = app().await;
    let start = Position::new(Variant::BAO_LA_KISWAHILI).diagram();
    let bao = |m: &'static str| {
        url(
            "/api/trace",
            &[("variant", "bao-la-kiswahili"), ("d", &start), ("move", m)],
        )
    };
    for (m, says) in [
        ("A1<", "illegal move `A1<` (legal: "),
        ("A6<**", "move `A6<**` has wrong marks: it is `A6<*`"),
        ("xyz", "invalid move text `xyz`"),
        ("", "invalid move text"),
    ] {
        let r = get(&app, &bao(m)).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{m}");
        let body = r.json();
        assert_eq!(body["error"]["code"], "illegal_move", "{m}");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(message.contains(says), "{m}: {message}");
    }
    let r = get(&app, &bao("A6<")).await;
    assert_eq!(r.json()["move"], "A6<*", "the marks are the server's");

    // A finished game has no moves.
    let q = [
        ("variant", "kalah"),
        ("d", "3,0,0,0,1,1/0,0,0,0,0,0 N 21,22"),
        ("move", "a1"),
    ];
    let r = get(&app, &url("/api/trace", &q)).await;
    assert_eq!(r.json()["error"]["code"], "illegal_move");
    assert!(r.body.contains("the game is over"), "{}", r.body);

    // Without a move, or with a bad position, the request itself is bad.
    let r = get(
        &app,
        &url("/api/trace", &[("variant", "kalah"), ("d", "x")]),
    )
    .await;
    assert_eq!(r.json()["error"]["code"], "bad_request");
    let q = [("variant", "kalah"), ("d", "4,4,4,4,4,4/4,4,4,4,4,4 S 0,0")];
    let r = get(&app, &url("/api/trace", &q)).await;
    assert_eq!(r.json()["error"]["code"], "bad_request");
    assert!(r.body.contains("missing parameter `move`"), "{}", r.body);

    // A planting's `+` sent unencoded reads as a space, and is taken back as `+`.
    let kimasai = Position::new(Variant::new(mancala::Game::BaoLaKimasai));
    let after = kimasai.play(kimasai.parse_move("A1").unwrap()).unwrap();
    let d = url(
        "",
        &[("variant", "bao-la-kimasai"), ("d", &after.diagram())],
    );
    let r = get(&app, &format!("/api/trace{d}&move=+a1")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["move"], "+a1");
}

/// Printable garbage, with the characters the routes' grammars use.
fn garbage(seed: &mut u64) -> String {
    const PIECES: [&str; 24] = [
        "A", "a", "B", "b", "1", "8", "16", "99", "0", ",", "/", " ", "S", "N", "<", ">", "+", "*",
        "#", "-", "%", "é", "\u{0}", "bao-la-",
    ];
    let len = pick(seed, 30);
    (0..len).map(|_| PIECES[pick(seed, PIECES.len())]).collect()
}

#[tokio::test]
async fn garbage_never_gets_a_server_error() {
    let app = app().await;
    let start = Position::new(Variant::BAO_LA_KISWAHILI);
    let diagram = start.diagram();
    let mut seed = 0x9a4b_a9e5_u64;
    for i in 0..360 {
        let junk = garbage(&mut seed);
        // Garbage in one parameter, the others sensible.
        let (variant, d, marks, mv): (&str, &str, &str, &str) = match i % 4 {
            0 => (&junk, &diagram, "A5", "A6<"),
            1 => ("bao-la-kiswahili", &junk, "A5", "A6<"),
            2 => ("bao-la-kiswahili", &diagram, &junk, "A6<"),
            _ => ("bao-la-kiswahili", &diagram, "A5", &junk),
        };
        let rules = if i % 7 == 0 { junk.as_str() } else { "" };
        let base = [("variant", variant), ("rules", rules), ("d", d)];
        let svg = url(
            "/en/diagram.svg",
            &[&base[..], &[("marks", marks), ("partial", "1")]].concat(),
        );
        let r = get(&app, &svg).await;
        assert!(
            r.status == StatusCode::OK || r.status == StatusCode::BAD_REQUEST,
            "{svg}: {}",
            r.status
        );
        if r.status == StatusCode::OK {
            check_xml(&r.body).unwrap_or_else(|e| panic!("{svg}: {e}"));
        } else {
            assert!(!r.body.contains('\n') && !r.body.is_empty(), "{svg}");
        }
        for path in [
            url("/api/position", &base),
            url("/api/trace", &[&base[..], &[("move", mv)]].concat()),
        ] {
            let r = get(&app, &path).await;
            assert!(
                r.status == StatusCode::OK || r.status == StatusCode::BAD_REQUEST,
                "{path}: {}",
                r.status
            );
            if r.status == StatusCode::BAD_REQUEST {
                let code = r.json()["error"]["code"].clone();
                assert!(code == "bad_request" || code == "illegal_move", "{path}");
            }
        }
    }
    // Broken escapes and raw bytes in the query itself.
    for raw in [
        "variant=%ZZ&d=%",
        "variant=%FF%FE&d=%C3",
        "d=%00%0A&variant=hus",
        "&&&==&",
        "variant",
    ] {
        for path in ["/en/diagram.svg", "/api/position", "/api/trace"] {
            let r = get(&app, &format!("{path}?{raw}")).await;
            assert_eq!(r.status, StatusCode::BAD_REQUEST, "{path}?{raw}");
        }
    }
}

/// The trace body of a move is the WebSocket's `move` event for it: same text, side, events
/// and what follows (a pass-and-play game of Bao la Kiswahili, through its namua stage).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trace_is_the_move_event_of_the_same_move() {
    let (addr, _state) = common::spawn(common::memory_store().await).await;
    let created = common::create(
        addr,
        json!({"variant": "bao-la-kiswahili", "opponent": "local"}),
    )
    .await;
    let id = created["id"].as_str().unwrap();
    let secret = created["secret"].as_str().unwrap();
    let (mut c, state) = common::Client::hello(addr, id, Some(secret), None).await;
    let mut game = state["game"]["position"].clone();
    let mut legal = state["game"]["legal"].clone();
    let mut seed = 0xba0_u64;
    for ply in 1..=30u32 {
        let moves = legal.as_array().unwrap();
        if moves.is_empty() {
            break;
        }
        let mv = moves[pick(&mut seed, moves.len())]
            .as_str()
            .unwrap()
            .to_owned();
        let diagram = game["diagram"].as_str().unwrap();
        let path = url(
            "/api/trace",
            &[
                ("variant", "bao-la-kiswahili"),
                ("d", diagram),
                ("move", &mv),
            ],
        );
        let (status, body) = common::http(addr, "GET", &path, None).await;
        assert_eq!(status, 200, "{body}");
        c.send(json!({"type": "move", "ply": ply, "move": mv}))
            .await;
        let ev = c.recv_type("move").await;
        for field in ["move", "side", "trace", "after"] {
            assert_eq!(body[field], ev[field], "ply {ply} {mv}: {field}");
        }
        game = ev["after"]["position"].clone();
        legal = ev["after"]["legal"].clone();
    }
    let ply = common::http(addr, "GET", &format!("/api/games/{id}"), None)
        .await
        .1["ply"]
        .clone();
    assert!(ply.as_u64().unwrap() >= 10, "the game went on: {ply}");
    c.close().await;
}
