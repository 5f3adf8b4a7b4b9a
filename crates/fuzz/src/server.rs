//! Targets of the server's readers: the WebSocket's client messages applied to a live game,
//! the forms and the JSON API's body that create and move, the figure routes' query strings,
//! and the language negotiation. The HTTP targets drive the whole router with
//! `tower::ServiceExt::oneshot`, as crates/server/tests/http.rs does; no socket is opened.

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, Request, StatusCode, header};
use http_body_util::BodyExt;
use mancala::{Position, RuleOption, Variant};
use mancala_server::AppState;
use mancala_server::fuzzing::{LiveGame, read_client_message};
use mancala_server::i18n::Lang;
use serde_json::{Value, json};
use tokio::runtime::Runtime;
use tower::ServiceExt;

use crate::rules::random_position;
use crate::{Rng, Target, Verdict, input_hash, text};

/// After this many inputs a target starts over with an empty store, so that a long run's
/// games do not pile up in memory.
const FRESH_STORE_EVERY: u64 = 20_000;

/// A site over an in-memory store, and the runtime that drives it.
#[derive(Debug)]
struct Site {
    runtime: Runtime,
    app: Router,
    state: AppState,
    inputs: u64,
}

/// An answer, read whole.
#[derive(Debug)]
struct Reply {
    status: StatusCode,
    headers: HeaderMap,
    body: String,
}

impl Reply {
    fn header(&self, name: header::HeaderName) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// No answer may be a server error.
    fn no_server_error(&self, what: &str) -> Result<(), String> {
        if self.status.is_server_error() {
            return Err(format!("{what}: {} {}", self.status, self.body));
        }
        Ok(())
    }
}

impl Site {
    fn new() -> Self {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap_or_else(|e| panic!("a runtime for the site: {e}"));
        let state = Self::state(&runtime);
        Self {
            app: mancala_server::app(state.clone()),
            runtime,
            state,
            inputs: 0,
        }
    }

    fn state(runtime: &Runtime) -> AppState {
        let store = runtime
            .block_on(mancala_server::connect("sqlite::memory:"))
            .unwrap_or_else(|e| panic!("an in-memory store: {e}"));
        // One client (no socket: no address) sends every input: the per-client limits, which
        // the site's own tests cover, would refuse most of them and hide the parsers.
        let mut limits = mancala_server::Limits::default();
        limits.create_burst = 0;
        limits.computer_queue = 1 << 20;
        limits.computer_per_client = 1 << 20;
        AppState::with_limits(store, 1, limits).0
    }

    /// Counts an input; every [`FRESH_STORE_EVERY`] the site starts over.
    fn next_input(&mut self) {
        self.inputs += 1;
        if self.inputs.is_multiple_of(FRESH_STORE_EVERY) {
            self.state = Self::state(&self.runtime);
            self.app = mancala_server::app(self.state.clone());
        }
    }

    fn call(&self, req: Request<Body>) -> Result<Reply, String> {
        self.runtime.block_on(async {
            let res = self
                .app
                .clone()
                .oneshot(req)
                .await
                .map_err(|e| format!("the router failed: {e}"))?;
            let status = res.status();
            let headers = res.headers().clone();
            let bytes = res
                .into_body()
                .collect()
                .await
                .map_err(|e| format!("the body failed: {e}"))?
                .to_bytes();
            Ok(Reply {
                status,
                headers,
                body: String::from_utf8_lossy(&bytes).into_owned(),
            })
        })
    }

    fn post(&self, uri: &str, content_type: &str, body: Vec<u8>) -> Result<Reply, String> {
        let req = Request::post(uri)
            .header(header::CONTENT_TYPE, content_type)
            .body(Body::from(body))
            .map_err(|e| format!("request to {uri}: {e}"))?;
        self.call(req)
    }

    /// A local game (one seat plays both sides) of `variant`: its id and seat secret.
    fn local_game(&self, variant: Variant) -> Result<(String, String), String> {
        let options: Vec<&str> = variant.options().map(RuleOption::name).collect();
        let body = json!({
            "variant": variant.game().slug(),
            "options": options,
            "opponent": "local",
        });
        let r = self.post(
            "/api/games",
            "application/json",
            body.to_string().into_bytes(),
        )?;
        if r.status != StatusCode::CREATED {
            return Err(format!("a local game of {variant} was refused: {}", r.body));
        }
        let v: Value = serde_json::from_str(&r.body).map_err(|e| e.to_string())?;
        let field = |k: &str| {
            v[k].as_str()
                .map(str::to_owned)
                .ok_or_else(|| format!("no {k}"))
        };
        Ok((field("id")?, field("secret")?))
    }
}

/// A URI query of any bytes: those a URI cannot hold are percent-encoded, the rest (stray `%`
/// included) kept as they are.
fn query_of(bytes: &[u8]) -> String {
    let mut q = String::new();
    for &b in bytes {
        if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/?%".contains(&b) {
            q.push(char::from(b));
        } else {
            q.push_str(&format!("%{b:02X}"));
        }
    }
    q
}

/// A header value of any bytes: those no header may hold (controls) are left out.
fn header_of(bytes: &[u8]) -> HeaderValue {
    let kept: Vec<u8> = bytes
        .iter()
        .copied()
        .filter(|&b| b == b'\t' || (b >= 0x20 && b != 0x7f))
        .collect();
    HeaderValue::from_bytes(&kept).unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// `key=value` pairs as a form body or query.
fn urlencode(pairs: &[(&str, String)]) -> String {
    let mut out = String::new();
    for (i, (k, v)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push('&');
        }
        out.push_str(k);
        out.push('=');
        for b in v.bytes() {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                out.push(char::from(b));
            } else if b == b' ' {
                out.push('+');
            } else {
                out.push_str(&format!("%{b:02X}"));
            }
        }
    }
    out
}

/// The first line of an input and the rest.
fn head_and_rest(input: &[u8]) -> (&[u8], &[u8]) {
    match input.iter().position(|&b| b == b'\n') {
        Some(i) => (&input[..i], &input[i + 1..]),
        None => (input, &[]),
    }
}

/// A language code: one of the site's, sometimes none of them.
fn any_lang(rng: &mut Rng) -> &'static str {
    if rng.below(8) == 0 {
        ["xx", "EN", "", "en-US"][rng.below(4)]
    } else {
        Lang::ALL[rng.below(Lang::ALL.len())].code()
    }
}

/// A variant with its options.
fn any_variant(rng: &mut Rng) -> Variant {
    Variant::ALL[rng.below(Variant::ALL.len())]
}

/// The WebSocket's client messages (docs/protocol.md §3.1). An input is a session: its first
/// line names the game (`<slug> [options]`, else Bao la Kiswahili), each further line is one
/// text frame, sent by the game's seat (or, for one input in four, by a spectator) to a new
/// local game through the socket's command path. A frame that reads writes back to JSON that
/// reads the same; a reply is an `ack`, `pong` or `error` in JSON, never a server error, and a
/// frame that does not read gets an `error`; at the end, the game loaded afresh from the store
/// is the live one.
#[derive(Debug)]
pub struct Protocol {
    site: Site,
}

impl Protocol {
    /// The target, over a new in-memory site.
    #[must_use]
    pub fn new() -> Self {
        Self { site: Site::new() }
    }
}

impl Default for Protocol {
    fn default() -> Self {
        Self::new()
    }
}

/// The parts of a game view that the store must give back.
fn stored_part(view: &str) -> Value {
    let v: Value = serde_json::from_str(view).unwrap_or(Value::Null);
    json!([
        v["epoch"],
        v["ply"],
        v["moves"],
        v["position"],
        v["legal"],
        v["outcome"],
        v["rematch"]
    ])
}

impl Target for Protocol {
    fn name(&self) -> &'static str {
        "protocol"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        [
            "bao-la-kiswahili\n{\"type\":\"ping\"}\n{\"type\":\"move\",\"ply\":1,\"move\":\"A6<*\"}\n{\"type\":\"takeback\"}",
            "kalah\n{\"type\":\"move\",\"ply\":1,\"move\":\"A3\"}\n{\"type\":\"resign\"}\n{\"type\":\"rematch\"}",
            "hus capture_requires_outer\n{\"type\":\"hello\",\"protocol\":2,\"seat\":\"x\",\"since\":{\"epoch\":0,\"ply\":0},\"lang\":\"ru\"}\n{\"type\":\"decline\"}",
            "omweso free_setup\n{\"type\":\"move\",\"ply\":1,\"move\":\"+A3\"}",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect()
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            "{\"type\":\"",
            "\"move\"",
            "\"ping\"}",
            "\"resign\"",
            "\"takeback\"",
            "\"decline\"",
            "\"rematch\"",
            "\"hello\"",
            "\"protocol\":2",
            ",\"ply\":",
            "\"move\":\"",
            "null",
            "[]",
            "{}",
            "-1",
            "1e3",
            "\\u0000",
            "\\ud800",
            "\n",
            "\"}",
            "true",
        ]
    }

    fn generate(&mut self, rng: &mut Rng) -> Vec<u8> {
        let variant = any_variant(rng);
        let mut lines = vec![format!(
            "{} {}",
            variant.game().slug(),
            variant.rules_text()
        )];
        let mut pos = Position::new(variant);
        let mut ply = 1u32;
        for _ in 0..1 + rng.below(12) {
            let msg = match rng.below(10) {
                0..=5 => {
                    let texts = pos.legal_move_texts();
                    let (text, played) = if texts.is_empty() || rng.below(5) == 0 {
                        (
                            ["A6<", "", "a1", "+B2", "A1>+**#"][rng.below(5)].to_owned(),
                            None,
                        )
                    } else {
                        let (m, t) = texts[rng.below(texts.len())].clone();
                        (t, Some(m))
                    };
                    let sent_ply = match rng.below(6) {
                        0 => json!(ply + 1),
                        1 => [json!(0), json!(-1), json!(4_294_967_296_u64), json!(1.5)]
                            [rng.below(4)]
                        .clone(),
                        2 => json!("1"),
                        _ => json!(ply),
                    };
                    if sent_ply == json!(ply)
                        && let Some(m) = played
                        && let Ok(next) = pos.play(m)
                    {
                        pos = next;
                        ply += 1;
                    }
                    json!({"type": "move", "ply": sent_ply, "move": text})
                }
                6 => {
                    let kind = ["ping", "resign", "takeback", "decline", "rematch"][rng.below(5)];
                    json!({ "type": kind })
                }
                7 => json!({
                    "type": "hello",
                    "protocol": ([2, 1, 0][rng.below(3)]),
                    "seat": "abc",
                    "since": {"epoch": rng.below(3), "ply": rng.below(5)},
                    "lang": any_lang(rng),
                }),
                8 => json!({"type": (["Move", "pong", "", "state"][rng.below(4)]), "ply": 1}),
                _ => json!({"type": "move", "move": 3, "ply": "x", "extra": [1, {"a": null}]}),
            };
            lines.push(msg.to_string());
        }
        lines.join("\n").into_bytes()
    }

    fn check(&mut self, input: &[u8]) -> Result<Verdict, String> {
        self.site.next_input();
        let t = text(input);
        let mut lines = t.split('\n');
        let head = lines.next().unwrap_or("");
        let mut words = head.split_whitespace();
        let variant = words
            .next()
            .and_then(|slug| slug.parse::<Variant>().ok())
            .and_then(|v| v.with_rules(&words.collect::<Vec<_>>().join(" ")).ok())
            .unwrap_or(Variant::BAO_LA_KISWAHILI);
        let (id, secret) = self.site.local_game(variant)?;
        let seat = (!input_hash(input).is_multiple_of(4)).then_some(secret.as_str());
        let site = &self.site;
        let mut accepted = false;
        site.runtime.block_on(async {
            let game = LiveGame::open(&site.state, &id)
                .await
                .ok_or_else(|| format!("the new game {id} does not open"))?;
            for line in lines {
                let read = read_client_message(line);
                if let Ok(json) = &read {
                    accepted = true;
                    if read_client_message(json).as_ref() != Ok(json) {
                        return Err(format!(
                            "`{line}` reads, but its JSON `{json}` reads otherwise"
                        ));
                    }
                }
                let Some(reply) = game.send(seat, line).await else {
                    if read.is_err() {
                        return Err(format!("`{line}` does not read, yet has no error reply"));
                    }
                    continue;
                };
                let v: Value = serde_json::from_str(&reply)
                    .map_err(|e| format!("reply `{reply}` to `{line}` is not JSON: {e}"))?;
                let kind = v["type"].as_str().unwrap_or("");
                if !matches!(kind, "ack" | "pong" | "error") {
                    return Err(format!("reply `{reply}` to `{line}` is no reply"));
                }
                if read.is_err() && kind != "error" {
                    return Err(format!("`{line}` does not read, yet got `{reply}`"));
                }
                if kind == "error"
                    && (v["code"] == "internal"
                        || v["code"] == "store"
                        || v["message"].as_str().is_none_or(str::is_empty))
                {
                    return Err(format!("`{line}` got a server error: {reply}"));
                }
            }
            let live = stored_part(&game.view().await);
            drop(game);
            let reloaded = LiveGame::open(&site.state, &id)
                .await
                .ok_or_else(|| format!("game {id} does not open again"))?;
            let stored = stored_part(&reloaded.view().await);
            if live != stored {
                return Err(format!(
                    "the stored game is not the live one: {stored} / {live}"
                ));
            }
            Ok(())
        })?;
        Ok(if accepted {
            Verdict::Accepted
        } else {
            Verdict::Refused
        })
    }
}

/// The forms and the JSON API's body that create games and play moves: `POST /{lang}/new`
/// (the new-game form), `POST /{lang}/g/{id}/{secret}/move` (the move form, on a new local
/// game) and `POST /api/games` (JSON). An input's first line names the route (`new`, `move`,
/// `api`; else one chosen by the input), the rest is the body. No answer is a server error;
/// each route answers only as documented (a redirect to the new game or to the played move,
/// 201 with the game's links, else a refusal), and a refused move leaves the game as it was.
///
/// The target's one change to its input: a computer level 2 to 8 in a well-formed body is sent
/// as level 1, so that a long run is not a benchmark of the computer's search.
#[derive(Debug)]
pub struct Forms {
    site: Site,
}

impl Forms {
    /// The target, over a new in-memory site.
    #[must_use]
    pub fn new() -> Self {
        Self { site: Site::new() }
    }
}

impl Default for Forms {
    fn default() -> Self {
        Self::new()
    }
}

/// `level=N` and `"level":N` with N from 2 to 8 become level 1 (see [`Forms`]).
fn quick_levels(body: &[u8]) -> Vec<u8> {
    let mut out = body.to_vec();
    for key in [&b"level="[..], &b"\"level\":"[..]] {
        let mut i = 0;
        while let Some(at) = out[i..].windows(key.len()).position(|w| w == key) {
            let d = i + at + key.len();
            if out.get(d).is_some_and(|b| (b'2'..=b'8').contains(b))
                && !out.get(d + 1).is_some_and(u8::is_ascii_digit)
            {
                out[d] = b'1';
            }
            i = d;
        }
    }
    out
}

impl Target for Forms {
    fn name(&self) -> &'static str {
        "forms"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        [
            "new\nvariant=bao-la-kiswahili&opponent=friend&side=south",
            "new\nvariant=kalah&option=empty_capture&opponent=computer&level=1&side=north",
            "new\nvariant=hus&option=capture_requires_outer&option=takasia_none&opponent=local",
            "move\nply=1&move=A6%3C",
            "move\nply=1&move=A6<*",
            "api\n{\"variant\":\"omweso\",\"options\":[\"free_setup\"],\"opponent\":\"local\",\"lang\":\"ka\"}",
            "api\n{\"variant\":\"kalah\",\"opponent\":\"computer\",\"level\":1,\"side\":\"random\"}",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect()
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            "variant=",
            "&option=",
            "&opponent=",
            "friend",
            "computer",
            "local",
            "&level=",
            "&side=",
            "south",
            "north",
            "random",
            "ply=",
            "&move=",
            "%3C",
            "%3E",
            "%2B",
            "%",
            "%FF",
            "+",
            "&&",
            "==",
            "\"options\":[",
            "\"lang\":",
            "null",
            "kalah",
            "bao-la-kete",
            "takasia_donkers",
        ]
    }

    fn generate(&mut self, rng: &mut Rng) -> Vec<u8> {
        let variant = any_variant(rng);
        let options: Vec<String> = variant.options().map(|o| o.name().to_owned()).collect();
        let opponent = ["friend", "computer", "local", "robot", ""][rng.below(5)].to_owned();
        let level = ["1", "0", "9", "-1", "256", "x", "1"][rng.below(7)].to_owned();
        let side = ["south", "north", "random", "", "east"][rng.below(5)].to_owned();
        match rng.below(3) {
            0 => {
                let mut pairs = vec![("variant", variant.game().slug().to_owned())];
                pairs.extend(options.iter().map(|o| ("option", o.clone())));
                if rng.below(4) == 0 {
                    let o = RuleOption::ALL[rng.below(RuleOption::ALL.len())];
                    pairs.push(("option", o.name().to_owned()));
                }
                pairs.extend([("opponent", opponent), ("level", level), ("side", side)]);
                pairs.truncate(rng.below(pairs.len() + 1).max(1));
                format!("new\n{}", urlencode(&pairs)).into_bytes()
            }
            1 => {
                let mv = ["A6<", "A6<*", "a4>", "A3", "+A3", "A6<**", "A1>+"][rng.below(7)];
                let ply = ["1", "1", "2", "0", "", "99999999999"][rng.below(6)].to_owned();
                format!(
                    "move\n{}",
                    urlencode(&[("ply", ply), ("move", mv.to_owned())])
                )
                .into_bytes()
            }
            _ => {
                let level: Value = level.parse::<i64>().map_or(json!(level), Value::from);
                let body = json!({
                    "variant": variant.game().slug(),
                    "options": options,
                    "opponent": opponent,
                    "level": level,
                    "side": side,
                    "lang": any_lang(rng),
                });
                format!("api\n{body}").into_bytes()
            }
        }
    }

    fn check(&mut self, input: &[u8]) -> Result<Verdict, String> {
        self.site.next_input();
        let (head, body) = head_and_rest(input);
        let route = match head {
            b"new" | b"move" | b"api" => head,
            _ => [&b"new"[..], b"move", b"api"][(input_hash(input) % 3) as usize],
        };
        let lang = Lang::ALL[(input_hash(body) % Lang::ALL.len() as u64) as usize];
        let body = quick_levels(body);
        let site = &self.site;
        let form = "application/x-www-form-urlencoded";
        match route {
            b"new" => {
                let r = site.post(&format!("/{lang}/new"), form, body)?;
                r.no_server_error("the new-game form")?;
                match r.status {
                    StatusCode::SEE_OTHER => {
                        let to = r.header(header::LOCATION);
                        if !to.starts_with(&format!("/{lang}/g/"))
                            || !r.header(header::SET_COOKIE).starts_with("seat_")
                        {
                            return Err(format!("the new game's redirect is to `{to}`"));
                        }
                        Ok(Verdict::Accepted)
                    }
                    StatusCode::BAD_REQUEST => Ok(Verdict::Refused),
                    s => Err(format!("the new-game form answered {s}")),
                }
            }
            b"move" => {
                // Bao la Kiswahili, or by the input any variant.
                let n = Variant::ALL.len() as u64;
                let variant =
                    Variant::ALL[(input_hash(&body) % (2 * n)).saturating_sub(n) as usize];
                let (id, secret) = site.local_game(variant)?;
                let r = site.post(&format!("/{lang}/g/{id}/{secret}/move"), form, body)?;
                r.no_server_error("the move form")?;
                let ply = site
                    .runtime
                    .block_on(async {
                        let game = LiveGame::open(&site.state, &id).await?;
                        let view: Value = serde_json::from_str(&game.view().await).ok()?;
                        view["ply"].as_u64()
                    })
                    .ok_or("the game is gone")?;
                match (r.status, ply) {
                    (StatusCode::SEE_OTHER, 1) => Ok(Verdict::Accepted),
                    (s, 0) if s.is_client_error() => Ok(Verdict::Refused),
                    (s, ply) => Err(format!(
                        "the move form answered {s} and the game is at ply {ply}"
                    )),
                }
            }
            _ => {
                let r = site.post("/api/games", "application/json", body)?;
                r.no_server_error("POST /api/games")?;
                let v: Value = serde_json::from_str(&r.body)
                    .map_err(|e| format!("POST /api/games answered no JSON: {e}: {}", r.body))?;
                match r.status {
                    StatusCode::CREATED if v["id"].is_string() && v["player_url"].is_string() => {
                        Ok(Verdict::Accepted)
                    }
                    StatusCode::BAD_REQUEST if v["error"]["message"].is_string() => {
                        Ok(Verdict::Refused)
                    }
                    s => Err(format!("POST /api/games answered {s}: {}", r.body)),
                }
            }
        }
    }
}

/// The query strings of the figure routes: `/api/position`, `/api/trace` and
/// `/{lang}/diagram.svg`. An input's first line names the route (`position`, `trace`, or
/// `svg/<lang>`; else one chosen by the input), the second is the query, the third (if any) an
/// `If-None-Match` header. Answers are 200, 304, 400 or 404 only; a picture is SVG, and asked
/// again with its `ETag` it is not sent again (304); the API answers JSON; a refused picture
/// says why in one line.
#[derive(Debug)]
pub struct Figures {
    site: Site,
}

impl Figures {
    /// The target, over a new in-memory site.
    #[must_use]
    pub fn new() -> Self {
        Self { site: Site::new() }
    }
}

impl Default for Figures {
    fn default() -> Self {
        Self::new()
    }
}

impl Target for Figures {
    fn name(&self) -> &'static str {
        "figures"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let start = urlencode(&[("d", Position::new(Variant::BAO_LA_KISWAHILI).diagram())]);
        vec![
            format!("position\nvariant=bao-la-kiswahili&{start}").into_bytes(),
            format!("trace\nvariant=bao-la-kiswahili&{start}&move=A6%3C").into_bytes(),
            format!("svg/en\nvariant=bao-la-kiswahili&{start}&marks=A6,a5&names=1").into_bytes(),
            b"svg/ru\nvariant=kalah&rules=empty_capture&d=4,4,4,4,4,4/4,4,4,4,4,4+S+0,0\n\"x\", *"
                .to_vec(),
            b"position\nvariant=hus&d=0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,2/0,0,0,0,0,3,0,0/0,0,0,0,0,0,0,3+N&partial=1"
                .to_vec(),
        ]
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            "variant=",
            "&rules=",
            "&d=",
            "&move=",
            "&marks=",
            "&names=1",
            "&partial=1",
            "+S",
            "+N",
            "%2C",
            "%2F",
            "%20",
            "%3C",
            "%3E",
            "%",
            "&",
            "=",
            "W/",
            "*",
            "kalah",
            "hus",
            "bao-la-kete",
            "omweso",
            "free_setup",
            "takasia_none",
        ]
    }

    fn generate(&mut self, rng: &mut Rng) -> Vec<u8> {
        let pos = random_position(rng);
        let variant = pos.variant();
        let mut pairs = vec![
            ("variant", variant.game().slug().to_owned()),
            ("rules", variant.rules_text().replace(' ', ",")),
            ("d", pos.diagram()),
        ];
        if rng.below(4) == 0 {
            pairs.push((
                "partial",
                ["1", "0", "true", "yes"][rng.below(4)].to_owned(),
            ));
        }
        if rng.below(5) == 0 {
            pairs.swap(0, 2);
        }
        let texts = pos.legal_move_texts();
        let route = match rng.below(3) {
            0 => "position".to_owned(),
            1 => {
                let mv = if texts.is_empty() || rng.below(4) == 0 {
                    "A1>".to_owned()
                } else {
                    texts[rng.below(texts.len())].1.clone()
                };
                pairs.push(("move", mv));
                "trace".to_owned()
            }
            _ => {
                let marks: Vec<String> = (0..rng.below(4))
                    .map(|_| format!("{}{}", ['A', 'B', 'a', 'b'][rng.below(4)], rng.below(18)))
                    .collect();
                pairs.push(("marks", marks.join(",")));
                pairs.push(("names", ["1", "0", "2"][rng.below(3)].to_owned()));
                format!("svg/{}", any_lang(rng))
            }
        };
        let mut out = format!("{route}\n{}", urlencode(&pairs));
        if rng.below(4) == 0 {
            out.push_str(["\n*", "\n\"abc\", W/\"d\"", "\n"][rng.below(3)]);
        }
        out.into_bytes()
    }

    fn check(&mut self, input: &[u8]) -> Result<Verdict, String> {
        self.site.next_input();
        let (head, rest) = head_and_rest(input);
        let (query, none_match) = head_and_rest(rest);
        let head = String::from_utf8_lossy(head);
        let path = match head.as_ref() {
            "position" => "/api/position".to_owned(),
            "trace" => "/api/trace".to_owned(),
            h => match h.strip_prefix("svg/") {
                Some(lang) => format!(
                    "/{}/diagram.svg",
                    query_of(lang.as_bytes()).replace(['/', '?'], "_")
                ),
                None => ["/api/position", "/api/trace", "/en/diagram.svg"]
                    [(input_hash(input) % 3) as usize]
                    .to_owned(),
            },
        };
        let uri = format!("{path}?{}", query_of(query));
        let request = |etag: Option<HeaderValue>| {
            let mut req = Request::get(&uri);
            if !none_match.is_empty() || etag.is_some() {
                req = req.header(
                    header::IF_NONE_MATCH,
                    etag.unwrap_or_else(|| header_of(none_match)),
                );
            }
            req.body(Body::empty())
                .map_err(|e| format!("request {uri}: {e}"))
        };
        let r = self.site.call(request(None)?)?;
        r.no_server_error(&uri)?;
        let svg = path.ends_with(".svg");
        match r.status {
            StatusCode::OK if svg => {
                if !r.body.starts_with("<svg") {
                    return Err(format!("{uri} answered 200 with no SVG"));
                }
                let etag = r
                    .headers
                    .get(header::ETAG)
                    .cloned()
                    .ok_or_else(|| format!("{uri}: a picture without an ETag"))?;
                let again = self.site.call(request(Some(etag))?)?;
                if again.status != StatusCode::NOT_MODIFIED {
                    return Err(format!(
                        "{uri} asked with its ETag answered {}",
                        again.status
                    ));
                }
                Ok(Verdict::Accepted)
            }
            StatusCode::OK => {
                serde_json::from_str::<Value>(&r.body)
                    .map_err(|e| format!("{uri} answered 200 with no JSON: {e}"))?;
                Ok(Verdict::Accepted)
            }
            StatusCode::NOT_MODIFIED if svg => Ok(Verdict::Accepted),
            StatusCode::BAD_REQUEST | StatusCode::NOT_FOUND if !r.body.is_empty() => {
                if svg && r.body.contains('\n') {
                    return Err(format!("{uri}: the refusal is not one line: {}", r.body));
                }
                Ok(Verdict::Refused)
            }
            s => Err(format!("{uri} answered {s}: {}", r.body)),
        }
    }
}

/// The language negotiation: `GET /` with an input's `Accept-Language` (first line) and
/// `Cookie` (second line) goes to one of the site's languages: the cookie's when the cookie is
/// `lang=<code>` alone, else the header's when the cookie names none and the header is one code
/// alone. And the language switch `GET /language?<third line>` either goes to a page of this
/// site and remembers its language, or is refused.
#[derive(Debug)]
pub struct Negotiate {
    site: Site,
}

impl Negotiate {
    /// The target, over a new in-memory site.
    #[must_use]
    pub fn new() -> Self {
        Self { site: Site::new() }
    }
}

impl Default for Negotiate {
    fn default() -> Self {
        Self::new()
    }
}

impl Target for Negotiate {
    fn name(&self) -> &'static str {
        "negotiate"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        [
            "ru-RU,ru;q=0.9,en;q=0.8\nlang=uk\nto=/cs/about",
            "de, pl;q=0.3, uk;q=0.7\n\nto=/ka/",
            "*;q=0.5\nseat_abc=def; lang=xx; lang=sw\nto=//evil.example/",
            "SW_tz\nlang=\nto=/en/g/abc?invite=used",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect()
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            ";q=", "0.5", "1.000", "0.", ",", "-", "_", "*", "lang=", "; ", "=", "to=/", "%2F",
            "%5C", "//", "\\", "en", "sw", "ru", "cs", "uk", "pl", "ka",
        ]
    }

    fn generate(&mut self, rng: &mut Rng) -> Vec<u8> {
        let tags: Vec<String> = (0..rng.below(5))
            .map(|_| {
                let mut t = any_lang(rng).to_owned();
                if rng.below(3) == 0 {
                    t.push_str(["-RU", "_tz", "-Latn-GE", ""][rng.below(4)]);
                }
                if rng.below(2) == 0 {
                    let q = ["0", "0.5", "1", "1.000", "0.1234", "2", "x"][rng.below(7)];
                    t.push_str(&format!(";q={q}"));
                }
                t
            })
            .collect();
        let cookie = match rng.below(4) {
            0 => String::new(),
            1 => format!("lang={}", any_lang(rng)),
            2 => format!("seat_x=y; lang={}; other=1", any_lang(rng)),
            _ => "lang".to_owned(),
        };
        let to = match rng.below(4) {
            0 => format!("/{}/", any_lang(rng)),
            1 => format!("/{}/rules/kalah?x=1", any_lang(rng)),
            2 => {
                ["//evil.example/", "/\\evil", "https://evil.example/", ""][rng.below(4)].to_owned()
            }
            _ => format!("/{}", any_lang(rng)),
        };
        format!(
            "{}\n{cookie}\n{}",
            tags.join(", "),
            urlencode(&[("to", to)])
        )
        .into_bytes()
    }

    fn check(&mut self, input: &[u8]) -> Result<Verdict, String> {
        self.site.next_input();
        let (accept, rest) = head_and_rest(input);
        let (cookie, rest) = head_and_rest(rest);
        let (switch, _) = head_and_rest(rest);
        // What is said of the headers is said of what is sent: no control bytes.
        let (accept, cookie) = (header_of(accept), header_of(cookie));
        let req = Request::get("/")
            .header(header::ACCEPT_LANGUAGE, accept.clone())
            .header(header::COOKIE, cookie.clone())
            .body(Body::empty())
            .map_err(|e| e.to_string())?;
        let r = self.site.call(req)?;
        r.no_server_error("GET /")?;
        let to = r.header(header::LOCATION);
        let lang = to
            .strip_prefix('/')
            .and_then(|p| p.strip_suffix('/'))
            .and_then(Lang::from_code)
            .ok_or_else(|| format!("GET / went to `{to}`"))?;
        let only = |bytes: &[u8], prefix: &str| {
            std::str::from_utf8(bytes)
                .ok()
                .and_then(|s| s.strip_prefix(prefix))
                .and_then(Lang::from_code)
        };
        let (accept, cookie) = (accept.as_bytes(), cookie.as_bytes());
        let cookie_says = only(cookie, "lang=");
        let expected = cookie_says.or_else(|| {
            let names_none = !cookie.windows(5).any(|w| w == b"lang=");
            if names_none { only(accept, "") } else { None }
        });
        if let Some(want) = expected
            && want != lang
        {
            return Err(format!("GET / went to {lang}, not {want}"));
        }
        let uri = format!("/language?{}", query_of(switch));
        let req = Request::get(&uri)
            .body(Body::empty())
            .map_err(|e| e.to_string())?;
        let r = self.site.call(req)?;
        r.no_server_error(&uri)?;
        match r.status {
            StatusCode::SEE_OTHER => {
                let to = r.header(header::LOCATION);
                let lang = to
                    .strip_prefix('/')
                    .and_then(|p| p.split('/').next())
                    .and_then(Lang::from_code)
                    .filter(|_| !to.starts_with("//") && !to.contains('\\'))
                    .ok_or_else(|| format!("{uri} went to `{to}`, not a page of the site"))?;
                if !r
                    .header(header::SET_COOKIE)
                    .starts_with(&format!("lang={lang};"))
                {
                    return Err(format!("{uri} went to `{to}` without remembering {lang}"));
                }
                Ok(Verdict::Accepted)
            }
            StatusCode::BAD_REQUEST => Ok(Verdict::Refused),
            s => Err(format!("{uri} answered {s}")),
        }
    }
}
