//! Read-only routes over any position, nothing stored (docs/protocol.md §2.1): the board
//! picture `GET /{lang}/diagram.svg`, and `GET /api/position` and `GET /api/trace`, which say
//! what a position allows and what a move would do before any seed moves (the rules pages'
//! examples, the play page's mid-move decisions).
//!
//! The query names the position as the command line does: `variant` (a slug), `rules` (option
//! names, space- or comma-separated, as `--rules`), `d` (a diagram, docs/notation.md §3) and
//! `partial=1` to accept another seed total (as `--partial`).

use axum::Json;
use axum::Router;
use axum::extract::{Path, RawQuery};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use mancala::{Pit, Position, PositionError, Row, SeedTotal, Setup, Side, Variant};
use sha2::{Digest, Sha256};

use crate::draw::{self, Drawing};
use crate::http::ApiError;
use crate::i18n::Lang;
use crate::pages;
use crate::protocol::{AfterView, ErrorCode, GameError, TraceBody};

/// How long a picture may be kept: it depends only on the query and the binary (the `ETag`).
const CACHE_CONTROL: &str = "public, max-age=86400";

/// The routes of this module; they need no state.
pub(crate) fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/{lang}/diagram.svg", get(diagram_svg))
        .route("/api/position", get(api_position))
        .route("/api/trace", get(api_trace))
}

/// The `<title>` of a board picture: the variant's name and the diagram. The one place that
/// words it, for the message files to take over (`lang` is the page's language).
#[must_use]
pub(crate) fn diagram_title(lang: Lang, variant: Variant, diagram: &str) -> String {
    format!("{}: {diagram}", lang.tr().game(variant.game()))
}

/// A refused query, said in one line.
#[derive(Debug)]
struct Refusal(String);

impl Refusal {
    fn new(message: impl Into<String>) -> Self {
        let message: String = message.into();
        // One line, whatever the query held; long echoes of the query are cut.
        let mut line: String = message
            .chars()
            .map(|c| if c.is_control() { '\u{fffd}' } else { c })
            .take(400)
            .collect();
        if message.chars().count() > 400 {
            line.push('…');
        }
        Self(line)
    }

    /// The picture route's answer: 400 and the message as plain text.
    fn into_text(self) -> Response {
        GameError::bad_request(self.0.clone()).log("picture refused");
        text(StatusCode::BAD_REQUEST, self.0)
    }

    /// The JSON API's refusal: `bad_request` or, for the move, `illegal_move`.
    fn into_error(self, code: ErrorCode) -> GameError {
        GameError::new(code, self.0)
    }
}

fn text(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        body,
    )
        .into_response()
}

/// The query's parameters, each given at most once and each one the route knows.
#[derive(Debug)]
struct Query(Vec<(String, String)>);

impl Query {
    fn read(raw: Option<&str>, known: &[&str]) -> Result<Self, Refusal> {
        let mut fields: Vec<(String, String)> = Vec::new();
        for (k, v) in form_urlencoded::parse(raw.unwrap_or("").as_bytes()) {
            if !known.contains(&k.as_ref()) {
                return Err(Refusal::new(format!(
                    "unknown parameter `{k}` (known: {})",
                    known.join(", ")
                )));
            }
            if fields.iter().any(|(name, _)| *name == k) {
                return Err(Refusal::new(format!("parameter `{k}` is given twice")));
            }
            fields.push((k.into_owned(), v.into_owned()));
        }
        Ok(Self(fields))
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn required(&self, name: &str, what: &str) -> Result<&str, Refusal> {
        self.get(name)
            .ok_or_else(|| Refusal::new(format!("missing parameter `{name}` ({what})")))
    }

    /// A yes/no parameter: `1`/`true` or `0`/`false`, no by default.
    fn flag(&self, name: &str) -> Result<bool, Refusal> {
        match self.get(name) {
            None | Some("" | "0" | "false") => Ok(false),
            Some("1" | "true") => Ok(true),
            Some(v) => Err(Refusal::new(format!(
                "parameter `{name}` is `{v}`; it is 1 or 0"
            ))),
        }
    }

    /// The variant with its rule options.
    fn variant(&self) -> Result<Variant, Refusal> {
        let slug = self.required("variant", "a variant slug such as bao-la-kiswahili")?;
        let variant: Variant = slug.parse().map_err(|e| Refusal::new(format!("{e}")))?;
        let rules = self.get("rules").unwrap_or("").replace(',', " ");
        variant
            .with_rules(&rules)
            .map_err(|e| Refusal::new(format!("{e}")))
    }

    /// The position of `d` in the variant, checked as `mancala replay --from` checks it.
    fn position(&self) -> Result<Position, Refusal> {
        let variant = self.variant()?;
        let diagram = self.required("d", "a diagram, docs/notation.md §3")?;
        let setup: Setup = diagram.parse().map_err(|e| Refusal::new(format!("{e}")))?;
        let total = if self.flag("partial")? {
            SeedTotal::AllowPartial
        } else {
            SeedTotal::Exact
        };
        Position::from_setup(variant, &setup, total).map_err(|e| {
            Refusal::new(match e {
                PositionError::SeedTotal { expected, found } => format!(
                    "the diagram holds {found} seeds, {variant} has {expected} \
                     (add partial=1 to accept it)"
                ),
                e => format!("the diagram is not a position of {variant}: {e}"),
            })
        })
    }

    /// The pits of `marks` (comma- or space-separated), each on `variant`'s board, in order,
    /// each once.
    fn marks(&self, variant: Variant) -> Result<Vec<Pit>, Refusal> {
        let mut marks: Vec<Pit> = Vec::new();
        let text = self.get("marks").unwrap_or("");
        for name in text.split([',', ' ']).filter(|s| !s.is_empty()) {
            let pit = name
                .parse::<Pit>()
                .ok()
                .filter(|&p| on_board(variant, p))
                .ok_or_else(|| {
                    Refusal::new(format!(
                        "invalid mark `{name}`: not a pit of the {variant} board ({})",
                        pit_range(variant)
                    ))
                })?;
            if !marks.contains(&pit) {
                marks.push(pit);
            }
        }
        Ok(marks)
    }
}

fn on_board(variant: Variant, pit: Pit) -> bool {
    variant.pits(pit.side()).any(|p| p == pit)
}

/// The board's pit names, as `A1..A8, B1..B8, a1..a8, b1..b8`.
fn pit_range(variant: Variant) -> String {
    let w = variant.width();
    let rows: &[(Side, Row)] = if variant.rows() == 2 {
        &[(Side::South, Row::Front), (Side::North, Row::Front)]
    } else {
        &[
            (Side::South, Row::Front),
            (Side::South, Row::Back),
            (Side::North, Row::Front),
            (Side::North, Row::Back),
        ]
    };
    rows.iter()
        .filter_map(|&(side, row)| {
            let first = Pit::new(side, row, 1)?;
            Some(format!("{first}..{}{w}", first.letter()))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The `ETag` of a picture: the binary's version and the query in canonical form.
fn etag(canonical: &str) -> String {
    let digest = Sha256::new()
        .chain_update(pages::version())
        .chain_update("\n")
        .chain_update(canonical)
        .finalize();
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// Whether `If-None-Match` names `tag` (weakly, as RFC 9110 compares for a GET) or is `*`.
fn none_match(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == tag)
}

async fn diagram_svg(
    Path(lang): Path<String>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
) -> Response {
    let Some(lang) = Lang::from_code(&lang) else {
        return text(
            StatusCode::NOT_FOUND,
            format!("no pages in language {:?}", Refusal::new(lang).0),
        );
    };
    let read = || -> Result<(Position, Vec<Pit>, bool), Refusal> {
        let q = Query::read(
            query.as_deref(),
            &["variant", "rules", "d", "marks", "names", "partial"],
        )?;
        let pos = q.position()?;
        let marks = q.marks(pos.variant())?;
        Ok((pos, marks, q.flag("names")?))
    };
    let (pos, marks, names) = match read() {
        Ok(x) => x,
        Err(r) => return r.into_text(),
    };
    let variant = pos.variant();
    let diagram = pos.diagram();
    let marks_text: Vec<String> = marks.iter().map(ToString::to_string).collect();
    let canonical = format!(
        "{lang} {variant} rules={} d={diagram} marks={} names={}",
        variant.rules_text().replace(' ', ","),
        marks_text.join(","),
        u8::from(names)
    );
    let tag = etag(&canonical);
    let cache = [
        (
            header::ETAG,
            HeaderValue::from_str(&tag).unwrap_or_else(|_| HeaderValue::from_static("\"\"")),
        ),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static(CACHE_CONTROL),
        ),
    ];
    if none_match(&headers, &tag) {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    let drawing = Drawing {
        marks,
        names,
        title: diagram_title(lang, variant, &diagram),
        ..Drawing::default()
    };
    (
        cache,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("image/svg+xml"),
        )],
        draw::board_svg(&pos, &drawing),
    )
        .into_response()
}

/// The body of `GET /api/position` for `query`.
fn position_body(query: Option<&str>) -> Result<AfterView, GameError> {
    let pos = Query::read(query, &["variant", "rules", "d", "partial"])
        .and_then(|q| q.position())
        .map_err(|r| r.into_error(ErrorCode::BadRequest))?;
    Ok(AfterView::of_position(&pos))
}

/// The body of `GET /api/trace` for `query`: the move read and played in one pass.
fn trace_body(query: Option<&str>) -> Result<TraceBody, GameError> {
    let bad = |r: Refusal| r.into_error(ErrorCode::BadRequest);
    let q = Query::read(query, &["variant", "rules", "d", "move", "partial"]).map_err(bad)?;
    let pos = q.position().map_err(bad)?;
    // Move text has no spaces, so a `+` (safari, a planting) that reached us unencoded, as a
    // space, is read back as the `+` it was.
    let text = q
        .required("move", "a move text, docs/notation.md §4")
        .map_err(bad)?
        .replace(' ', "+");
    let trace = pos
        .trace_move_text(&text)
        .map_err(|e| Refusal::new(format!("{e}")).into_error(ErrorCode::IllegalMove))?;
    Ok(TraceBody::from(&trace))
}

async fn api_position(RawQuery(query): RawQuery) -> Result<Json<AfterView>, ApiError> {
    Ok(Json(position_body(query.as_deref())?))
}

async fn api_trace(RawQuery(query): RawQuery) -> Result<Json<TraceBody>, ApiError> {
    Ok(Json(trace_body(query.as_deref())?))
}

/// What the JSON API answers to `request` (`GET /api/position?...` as docs/protocol.md writes
/// it), as JSON: the body, or the error body. `None` for another route.
#[cfg(test)]
pub(crate) fn answer(request: &str) -> Option<serde_json::Value> {
    use crate::protocol::ErrorBody;
    let (path, query) = request.split_once('?').unwrap_or((request, ""));
    let body = match path {
        "/api/position" => position_body(Some(query)).map(serde_json::to_value),
        "/api/trace" => trace_body(Some(query)).map(serde_json::to_value),
        _ => return None,
    };
    match body {
        Ok(v) => v.ok(),
        Err(e) => serde_json::to_value(ErrorBody::from(e)).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pit_ranges_name_the_board() {
        assert_eq!(
            pit_range(Variant::BAO_LA_KISWAHILI),
            "A1..A8, B1..B8, a1..a8, b1..b8"
        );
        assert_eq!(
            pit_range(Variant::new(mancala::Game::Kalah)),
            "A1..A6, a1..a6"
        );
    }

    #[test]
    fn refusals_are_one_line() {
        let r = Refusal::new(format!("bad `{}`", "x\ny".repeat(300)));
        assert!(!r.0.contains('\n'));
        assert!(r.0.chars().count() <= 401);
    }

    #[test]
    fn titles_name_the_variant_and_diagram() {
        let v = Variant::BAO_LA_KISWAHILI;
        assert_eq!(
            diagram_title(Lang::En, v, "x S"),
            "Bao la Kiswahili: x S".to_owned()
        );
    }
}
