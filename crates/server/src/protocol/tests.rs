//! docs/protocol.md's examples held to the types: every fenced `json` block, and every `C:` and
//! `S:` line of the `text` example sessions, is read into the type its section documents and
//! written back, and must come out as the same JSON value. A `json` block in a section that
//! has no type here fails the test (add the section's types below); a session line may elide
//! with `...`, and is then not JSON and not checked. The values are held to the code too (an
//! example may list only some pits): the `game` example is replayed, and its position, start
//! and legal moves must be what the code sends after its moves; a `position` (alone or in a
//! move event's `after`) must be what the code sends for its diagram in some variant. A `json`
//! block after a `text` block holding a request line (`GET /api/position?...`) must be what
//! the code answers to that request, byte for byte as JSON values.

use mancala::record::GameRecord;
use mancala::{Notation, Position, SeedTotal, Setup, Variant};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::{
    AfterView, ClientMessage, CreateRequest, CreatedBody, ErrorBody, GameView, LastMoveView,
    OutcomeView, PositionView, ServerMessage, TraceBody, VariantsBody,
};

const DOC: &str = include_str!("../../../../docs/protocol.md");

type Check = fn(&Value) -> Result<(), String>;

/// Reads `json` as a `T` and writes it back: the same value, or what went wrong.
fn round_trip<T: Serialize + DeserializeOwned>(json: &Value) -> Result<(), String> {
    let typed: T = serde_json::from_value(json.clone())
        .map_err(|e| format!("{}: {e}", std::any::type_name::<T>()))?;
    let back = serde_json::to_value(&typed).map_err(|e| e.to_string())?;
    if back == *json {
        Ok(())
    } else {
        Err(format!(
            "{} writes it back as {back}",
            std::any::type_name::<T>()
        ))
    }
}

/// A `game` example: it round-trips, and its moves lead to its position and legal moves.
fn game_as_the_code_sends(json: &Value) -> Result<(), String> {
    round_trip::<GameView>(json)?;
    let doc: GameView = serde_json::from_value(json.clone()).map_err(|e| e.to_string())?;
    let variant = doc
        .variant
        .parse::<Variant>()
        .and_then(|v| v.with_rules(&doc.options.join(" ")))
        .map_err(|e| e.to_string())?;
    let mut record = GameRecord::new(Position::new(variant));
    for m in &doc.moves {
        record
            .play_text(Notation::Canonical, &m.text)
            .map_err(|e| format!("ply {}: {e}", m.ply))?;
    }
    let code = PositionView::from(record.position());
    let mut shown = doc.position.clone();
    if let Some((pit, n)) = shown
        .pits
        .iter()
        .find(|(p, n)| code.pits.get(*p) != Some(n))
    {
        return Err(format!(
            "pit {pit} has {n} seeds; the code says {:?}",
            code.pits.get(pit)
        ));
    }
    shown.pits.clone_from(&code.pits);
    let last = LastMoveView::of_record(&record);
    if doc.last_move != last {
        return Err(format!(
            "its last_move is not what the code sends: {}",
            serde_json::to_string(&last).unwrap_or_default()
        ));
    }
    let facts = [
        ("position", shown == code),
        ("start", doc.start == record.start().diagram()),
        ("legal", doc.legal == crate::hub::legal(record.position())),
        (
            "ply",
            usize::try_from(doc.ply).ok() == Some(doc.moves.len()),
        ),
        (
            "board",
            (doc.width, doc.rows) == (variant.width(), variant.rows()),
        ),
    ];
    match facts.iter().find(|(_, holds)| !holds) {
        Some((what, _)) => Err(format!("its {what} is not what the code sends: {code:?}")),
        None => Ok(()),
    }
}

/// Whether the example `shown` is the code's view `code`, but for the pits it leaves out.
fn shows(shown: &PositionView, code: &PositionView) -> bool {
    let mut all = shown.clone();
    all.pits.clone_from(&code.pits);
    all == *code && shown.pits.iter().all(|(p, n)| code.pits.get(p) == Some(n))
}

/// A position example: what the code sends for its diagram in one of the variants.
fn position_of_some_variant(shown: &PositionView) -> Result<(), String> {
    let setup: Setup = shown.diagram.parse().map_err(|e| format!("{e}"))?;
    Variant::ALL
        .into_iter()
        .filter_map(|v| Position::from_setup(v, &setup, SeedTotal::Exact).ok())
        .any(|pos| shows(shown, &PositionView::from(&pos)))
        .then_some(())
        .ok_or_else(|| format!("no variant's position {} is shown so", shown.diagram))
}

fn position_as_the_code_sends(json: &Value) -> Result<(), String> {
    round_trip::<PositionView>(json)?;
    let doc: PositionView = serde_json::from_value(json.clone()).map_err(|e| e.to_string())?;
    position_of_some_variant(&doc)
}

fn message_as_the_code_sends(json: &Value) -> Result<(), String> {
    round_trip::<ServerMessage>(json)?;
    match serde_json::from_value(json.clone()).map_err(|e| e.to_string())? {
        ServerMessage::Move(m) => position_of_some_variant(&m.after.position),
        _ => Ok(()),
    }
}

/// A read-only position body (section 2.1): `{position, legal, outcome}` of a real position.
fn position_body_as_the_code_sends(json: &Value) -> Result<(), String> {
    round_trip::<AfterView>(json)?;
    let doc: AfterView = serde_json::from_value(json.clone()).map_err(|e| e.to_string())?;
    position_of_some_variant(&doc.position)
}

/// A trace body (section 2.1): its `after` is a real position.
fn trace_body_as_the_code_sends(json: &Value) -> Result<(), String> {
    round_trip::<TraceBody>(json)?;
    let doc: TraceBody = serde_json::from_value(json.clone()).map_err(|e| e.to_string())?;
    position_of_some_variant(&doc.after.position)
}

/// The example answer `json` to the documented `request`: what the code answers.
fn answer_as_the_code_sends(request: &str, json: &Value) -> Result<(), String> {
    match crate::figures::answer(request) {
        Some(code) if code == *json => Ok(()),
        Some(code) => Err(format!("the code answers {request} with {code}")),
        None => Err(format!("{request} is not a route the test can ask")),
    }
}

/// The types an example of the section whose heading is `heading` may be.
fn types_of(heading: &str) -> &'static [Check] {
    let number = heading
        .trim_start_matches('#')
        .split_whitespace()
        .next()
        .unwrap_or("");
    match number {
        "2." => &[
            round_trip::<CreateRequest>,
            round_trip::<CreatedBody>,
            round_trip::<ErrorBody>,
            round_trip::<VariantsBody>,
        ],
        "2.1" => &[
            position_body_as_the_code_sends,
            trace_body_as_the_code_sends,
            round_trip::<ErrorBody>,
        ],
        "4.1" => &[game_as_the_code_sends, round_trip::<OutcomeView>],
        "4.2" => &[message_as_the_code_sends],
        "4.3" => &[position_as_the_code_sends],
        _ => &[],
    }
}

fn check(types: &[Check], json: &Value) -> Result<(), String> {
    let mut why = Vec::new();
    for t in types {
        match t(json) {
            Ok(()) => return Ok(()),
            Err(e) => why.push(e),
        }
    }
    if why.is_empty() {
        why.push("no type is listed for this section".to_owned());
    }
    Err(why.join("; "))
}

/// Every example: (line number, what it is checked as, the result).
fn examples() -> Vec<(usize, Result<(), String>)> {
    let mut out = Vec::new();
    let mut heading = "";
    let mut fence: Option<(usize, &str, String)> = None;
    // The request line of the last `text` block, which the next `json` block answers.
    let mut request: Option<&str> = None;
    for (i, line) in DOC.lines().enumerate() {
        let n = i + 1;
        if let Some((start, lang, body)) = &mut fence {
            if line.trim_start().starts_with("```") {
                if *lang == "json" {
                    let asked = request.take();
                    let result = serde_json::from_str::<Value>(body)
                        .map_err(|e| format!("not JSON: {e}"))
                        .and_then(|v| {
                            check(types_of(heading), &v)?;
                            asked.map_or(Ok(()), |r| answer_as_the_code_sends(r, &v))
                        });
                    out.push((*start, result));
                }
                fence = None;
            } else if let Some(r) = line
                .trim_start()
                .strip_prefix("GET ")
                .filter(|r| r.starts_with("/api/"))
            {
                request = Some(r.trim());
            } else if *lang == "json" {
                body.push_str(line);
                body.push('\n');
            } else if let Some(rest) = line.trim_start().strip_prefix("C: ") {
                out.push((n, session_line::<ClientMessage>(rest)));
            } else if let Some(rest) = line.trim_start().strip_prefix("S: ") {
                out.push((n, session_line::<ServerMessage>(rest)));
            }
        } else if let Some(lang) = line.trim_start().strip_prefix("```") {
            fence = Some((n, lang.trim(), String::new()));
        } else if line.starts_with('#') {
            heading = line;
        }
    }
    out
}

/// A message of an example session: checked unless it elides with `...`.
fn session_line<T: Serialize + DeserializeOwned>(text: &str) -> Result<(), String> {
    match serde_json::from_str::<Value>(text) {
        Ok(v) => round_trip::<T>(&v),
        Err(_) if text.contains("...") => Ok(()),
        Err(e) => Err(format!("not JSON and not elided: {e}")),
    }
}

#[test]
fn every_protocol_example_round_trips_through_the_types() {
    let all = examples();
    let failed: Vec<String> = all
        .iter()
        .filter_map(|(n, r)| {
            r.as_ref()
                .err()
                .map(|e| format!("docs/protocol.md:{n}: {e}"))
        })
        .collect();
    assert!(all.len() >= 10, "only {} examples found", all.len());
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn garbage_is_refused_as_a_bad_message() {
    for text in [
        "",
        "null",
        "[]",
        "{}",
        r#"{"type":"dance"}"#,
        r#"{"type":"move","ply":-1,"move":"A1"}"#,
        r#"{"type":"move","ply":1}"#,
        r#"{"type":"hello"}"#,
        r#"{"type":"hello","protocol":1,"since":{"epoch":"x"}}"#,
        "\u{0}\u{ffff}",
    ] {
        let e = ClientMessage::parse(text).expect_err(text);
        assert_eq!(e.code, super::ErrorCode::BadMessage, "{text}");
    }
}
