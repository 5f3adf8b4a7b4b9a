//! HTTP routes of docs/protocol.md §2: pages, the JSON API, assets and the WebSocket upgrade.

use askama::Template;
use axum::body::Bytes;
use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use include_dir::{Dir, include_dir};
use mancala::{Game, Side, Variant};
use serde::Deserialize;

use crate::AppState;
use crate::hub::{Held, NewGame, Role};
use crate::ids;
use crate::pages::{self, ErrorPage, GamePage, Home, LANGS};
use crate::protocol::{
    CreateRequest, CreatedBody, ErrorBody, ErrorCode, GameError, GameView, OptionBody, VariantBody,
    VariantsBody, You,
};
use crate::store::Mode;

static WEB: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/web");

/// The seat cookie lasts 30 days.
const COOKIE_MAX_AGE: u32 = 30 * 24 * 3600;

/// One error type for every route: a code (which carries the status and the log level) and a
/// message that is safe to show.
#[derive(Debug)]
pub(crate) struct ApiError(GameError);

impl ApiError {
    fn not_found() -> Self {
        Self(GameError::not_found("there is no such game"))
    }

    fn bad(message: impl Into<String>) -> Self {
        Self(GameError::bad_request(message))
    }

    fn status(&self) -> StatusCode {
        self.0.code.status()
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> Self {
        Self(e)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        self.0.log("request refused");
        (self.status(), Json(ErrorBody::from(self.0))).into_response()
    }
}

/// An error shown as a page.
struct PageError(ApiError, String);

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let PageError(e, lang) = self;
        let title = match e.status() {
            StatusCode::NOT_FOUND => "Not found",
            StatusCode::FORBIDDEN => "Not your seat",
            s if s.is_server_error() => "Something went wrong",
            _ => "That did not work",
        };
        let page = ErrorPage {
            lang,
            version: pages::version(),
            title: title.to_owned(),
            message: e.0.message.clone(),
        };
        e.0.log("page refused");
        match page.render() {
            Ok(html) => (e.status(), Html(html)).into_response(),
            Err(_) => e.into_response(),
        }
    }
}

fn page_err(lang: &str) -> impl Fn(ApiError) -> PageError + '_ {
    move |e| PageError(e, lang.to_owned())
}

fn render(t: &impl Template) -> Result<Html<String>, ApiError> {
    t.render()
        .map(Html)
        .map_err(|e| ApiError(GameError::internal(&e, "the page could not be rendered")))
}

/// The router of the whole site.
pub(crate) fn router(state: AppState) -> Router {
    Router::new()
        .route("/", get(root))
        .route("/healthz", get(|| async { "ok" }))
        .route(
            "/favicon.ico",
            get(|| async { Redirect::permanent("/assets/favicon.svg") }),
        )
        .route("/assets/{*path}", get(asset))
        .route("/api/variants", get(api_variants))
        .route("/api/games", post(api_create))
        .route("/api/games/{id}", get(api_game))
        .route("/api/games/{id}/record", get(api_record))
        .route("/api/games/{id}/ws", get(api_ws))
        .route("/{lang}/", get(home))
        .route("/{lang}", get(lang_root))
        .route("/{lang}/new", post(form_create))
        .route("/{lang}/g/{id}", get(game_page))
        .route("/{lang}/g/{id}/{secret}", get(player_page))
        .route("/{lang}/g/{id}/{secret}/move", post(form_move))
        .route("/{lang}/join/{id}/{token}", get(join))
        .merge(crate::figures::routes())
        .with_state(state)
}

fn check_lang(lang: &str) -> Result<(), ApiError> {
    if LANGS.contains(&lang) {
        Ok(())
    } else {
        Err(ApiError(GameError::not_found(format!(
            "no pages in language {lang:?}"
        ))))
    }
}

/// The best language of `Accept-Language` (only the primary tags, in the client's order).
fn pick_lang(headers: &HeaderMap) -> &'static str {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    accept
        .split(',')
        .filter_map(|part| part.split(';').next())
        .map(|tag| {
            tag.trim()
                .split('-')
                .next()
                .unwrap_or("")
                .to_ascii_lowercase()
        })
        .find_map(|tag| LANGS.iter().find(|&&l| l == tag))
        .copied()
        .unwrap_or("en")
}

async fn root(headers: HeaderMap) -> Redirect {
    Redirect::to(&format!("/{}/", pick_lang(&headers)))
}

async fn lang_root(Path(lang): Path<String>) -> Result<Redirect, PageError> {
    check_lang(&lang).map_err(page_err("en"))?;
    Ok(Redirect::permanent(&format!("/{lang}/")))
}

async fn home(Path(lang): Path<String>) -> Result<Html<String>, PageError> {
    check_lang(&lang).map_err(page_err("en"))?;
    render(&Home::new(&lang)).map_err(page_err(&lang))
}

async fn asset(Path(path): Path<String>) -> Response {
    // The client's development harness is in the tree, not on the site.
    let Some(file) = WEB.get_file(&path).filter(|_| !path.starts_with("dev/")) else {
        return ApiError(GameError::not_found("no such asset")).into_response();
    };
    let mime = match path.rsplit('.').next() {
        Some("js") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("html") => "text/html; charset=utf-8",
        Some("json") => "application/json",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        _ => "application/octet-stream",
    };
    (
        [
            (header::CONTENT_TYPE, mime),
            // Assets change with the binary: a short cache, revalidated.
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        file.contents(),
    )
        .into_response()
}

async fn api_variants() -> Json<VariantsBody> {
    let variants = Game::ALL
        .iter()
        .map(|&g| VariantBody {
            slug: g.slug().to_owned(),
            name: g.name().to_owned(),
            width: g.width(),
            rows: g.rows(),
            options: g
                .options()
                .iter()
                .map(|&o| OptionBody {
                    name: o.name().to_owned(),
                    label: pages::option_label(o).to_owned(),
                })
                .collect(),
        })
        .collect();
    Json(VariantsBody { variants })
}

/// A new-game request, from the JSON API or the form, read into what the hub needs.
impl CreateRequest {
    fn to_new_game(&self) -> Result<NewGame, ApiError> {
        let variant: Variant = self
            .variant
            .parse()
            .map_err(|e| ApiError::bad(format!("{e}")))?;
        let variant = variant
            .with_rules(&self.options.join(" "))
            .map_err(|e| ApiError::bad(format!("{e}")))?;
        let mode = Mode::from_name(&self.opponent).ok_or_else(|| {
            ApiError::bad(format!(
                "unknown opponent {:?}: friend, computer or local",
                self.opponent
            ))
        })?;
        let side = match self.side.as_deref() {
            None | Some("random" | "") => None,
            Some("south") => Some(Side::South),
            Some("north") => Some(Side::North),
            Some(s) => {
                return Err(ApiError::bad(format!(
                    "unknown side {s:?}: south, north or random"
                )));
            }
        };
        let level = self.level.unwrap_or(3);
        if mode == Mode::Computer && !(1..=8).contains(&level) {
            return Err(ApiError::bad(format!(
                "there is no level {level}; levels go from 1 to 8"
            )));
        }
        Ok(NewGame {
            variant,
            mode,
            level,
            side,
        })
    }
}

fn seat_cookie(id: &str, secret: &str) -> HeaderValue {
    let v = format!("seat_{id}={secret}; Path=/; Max-Age={COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax");
    HeaderValue::from_str(&v).unwrap_or_else(|_| HeaderValue::from_static(""))
}

fn cookie_secret(headers: &HeaderMap, id: &str) -> Option<String> {
    let name = format!("seat_{id}");
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_owned())
        .filter(|v| ids::is_secret(v))
}

async fn api_create(State(state): State<AppState>, body: Bytes) -> Result<Response, ApiError> {
    // Read by hand, so that a bad body gets the API's JSON error like every other refusal.
    let req: CreateRequest = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad(format!("the body is not a game request: {e}")))?;
    let created = state.hub.create(req.to_new_game()?).await?;
    let lang = "en";
    let id = &created.id;
    let body = CreatedBody {
        id: id.clone(),
        side: created.side.map_or(You::Both, You::from),
        secret: created.secret.clone(),
        player_url: format!("/{lang}/g/{id}/{}", created.secret),
        invite_url: created
            .invite
            .as_ref()
            .map(|t| format!("/{lang}/join/{id}/{t}")),
        watch_url: format!("/{lang}/g/{id}"),
    };
    Ok((
        StatusCode::CREATED,
        [(header::SET_COOKIE, seat_cookie(id, &created.secret))],
        Json(body),
    )
        .into_response())
}

/// Reads a urlencoded form with repeated fields.
fn form_fields(body: &[u8]) -> Vec<(String, String)> {
    form_urlencoded::parse(body).into_owned().collect()
}

async fn form_create(
    State(state): State<AppState>,
    Path(lang): Path<String>,
    body: Bytes,
) -> Result<Response, PageError> {
    check_lang(&lang).map_err(page_err("en"))?;
    let fields = form_fields(&body);
    let get = |k: &str| fields.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let game: Option<Game> = get("variant")
        .and_then(|v| v.parse::<Variant>().ok())
        .map(Variant::game);
    // The form offers every option; keep those of the chosen game.
    let options = fields
        .iter()
        .filter(|(k, _)| k == "option")
        .map(|(_, v)| v.clone())
        .filter(|o| game.is_some_and(|g| g.options().iter().any(|x| x.name() == o)))
        .collect();
    let req = CreateRequest {
        variant: get("variant").unwrap_or_default(),
        options,
        opponent: get("opponent").unwrap_or_else(|| "friend".to_owned()),
        level: match get("level") {
            Some(l) => Some(
                l.parse()
                    .map_err(|_| ApiError::bad(format!("level {l:?} is not a number")))
                    .map_err(page_err(&lang))?,
            ),
            None => None,
        },
        side: get("side"),
    };
    let new = req.to_new_game().map_err(page_err(&lang))?;
    let created = state
        .hub
        .create(new)
        .await
        .map_err(|e| page_err(&lang)(e.into()))?;
    let to = format!("/{lang}/g/{}/{}", created.id, created.secret);
    Ok((
        StatusCode::SEE_OTHER,
        [
            (
                header::LOCATION,
                HeaderValue::from_str(&to).unwrap_or_else(|_| HeaderValue::from_static("/")),
            ),
            (
                header::SET_COOKIE,
                seat_cookie(&created.id, &created.secret),
            ),
        ],
    )
        .into_response())
}

async fn handle(state: &AppState, id: &str) -> Result<Held, ApiError> {
    state.hub.hold(id).await?.ok_or_else(ApiError::not_found)
}

async fn api_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let h = handle(&state, &id).await?;
    let live = h.lock().await;
    Ok(Json(live.game_view(&id, Role::Spectator, "en")))
}

async fn api_record(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let h = handle(&state, &id).await?;
    let text = h.lock().await.record_text(&id);
    let disposition = format!("attachment; filename=\"mancala-{id}.txt\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&disposition)
                    .unwrap_or_else(|_| HeaderValue::from_static("attachment")),
            ),
        ],
        text,
    )
        .into_response())
}

async fn api_ws(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let h = handle(&state, &id).await?;
    let cookie = cookie_secret(&headers, &id);
    let hub = state.hub.clone();
    let shutdown = state.shutdown.clone();
    // Client messages are a few dozen bytes: a small cap keeps a hostile client cheap.
    Ok(ws
        .max_message_size(16 * 1024)
        .max_frame_size(16 * 1024)
        .on_upgrade(move |socket| crate::ws::connection(socket, hub, h, cookie, shutdown)))
}

#[derive(Debug, Default, Deserialize)]
struct GameQuery {
    invite: Option<String>,
}

async fn render_game(
    state: &AppState,
    lang: &str,
    id: &str,
    secret: Option<String>,
    notice: &str,
) -> Result<Html<String>, PageError> {
    check_lang(lang).map_err(page_err("en"))?;
    let h = handle(state, id).await.map_err(page_err(lang))?;
    let live = h.lock().await;
    let role = live.role(secret.as_deref());
    let game = live.game_view(id, role, lang);
    let turn = live.position().turn();
    let rows = pages::board_rows(live.position());
    drop(live);
    let moves: Vec<String> = game.moves.into_iter().map(|m| m.text).collect();
    let status = match &game.outcome {
        None => {
            let who = match role {
                Role::Player(s) if s == turn => "your move".to_owned(),
                _ => format!("{} to move", turn.name()),
            };
            format!("{who} (ply {})", moves.len() + 1)
        }
        Some(o) => o.text.clone(),
    };
    let legal = if role.plays(turn) && game.outcome.is_none() {
        game.legal
    } else {
        Vec::new()
    };
    let pos = &game.position;
    let mut extras = Vec::new();
    if let Some(h) = pos.hands {
        extras.push(format!("in hand: South {}, North {}", h.south, h.north));
    }
    if let (Some(s), Some(label)) = (pos.stores, &pos.store_label) {
        extras.push(format!("{label}: South {}, North {}", s.south, s.north));
    }
    let page = GamePage {
        lang: lang.to_owned(),
        version: pages::version(),
        id: id.to_owned(),
        name: game.name,
        seat: if role == Role::Spectator {
            String::new()
        } else {
            secret.unwrap_or_default()
        },
        ply: u32::try_from(moves.len()).unwrap_or(0),
        status,
        notice: notice.to_owned(),
        rows,
        extras: extras.join("; "),
        moves,
        legal,
        invite: game.invite_url.unwrap_or_default(),
    };
    render(&page).map_err(page_err(lang))
}

async fn game_page(
    State(state): State<AppState>,
    Path((lang, id)): Path<(String, String)>,
    axum::extract::Query(q): axum::extract::Query<GameQuery>,
    headers: HeaderMap,
) -> Result<Html<String>, PageError> {
    let notice = if q.invite.as_deref() == Some("used") {
        "This invitation has already been used: you are watching the game."
    } else {
        ""
    };
    render_game(&state, &lang, &id, cookie_secret(&headers, &id), notice).await
}

async fn player_page(
    State(state): State<AppState>,
    Path((lang, id, secret)): Path<(String, String, String)>,
) -> Result<Response, PageError> {
    check_lang(&lang).map_err(page_err("en"))?;
    let h = handle(&state, &id).await.map_err(page_err(&lang))?;
    if h.lock().await.role(Some(&secret)) == Role::Spectator {
        return Err(PageError(
            ApiError(GameError::new(
                ErrorCode::NotPlayer,
                "this link does not hold a seat of the game; the game link without it lets you watch",
            )),
            lang,
        ));
    }
    let html = render_game(&state, &lang, &id, Some(secret.clone()), "").await?;
    Ok(([(header::SET_COOKIE, seat_cookie(&id, &secret))], html).into_response())
}

async fn form_move(
    State(state): State<AppState>,
    Path((lang, id, secret)): Path<(String, String, String)>,
    body: Bytes,
) -> Result<Response, PageError> {
    check_lang(&lang).map_err(page_err("en"))?;
    let fields = form_fields(&body);
    let get = |k: &str| fields.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let h = handle(&state, &id).await.map_err(page_err(&lang))?;
    let role = h.lock().await.role(Some(&secret));
    let ply = get("ply")
        .and_then(|p| p.parse().ok())
        .ok_or_else(|| ApiError::bad("the form has no ply"))
        .map_err(page_err(&lang))?;
    let text = get("move").unwrap_or_default();
    state
        .hub
        .play(&h, role, ply, &text)
        .await
        .map_err(|e| page_err(&lang)(e.into()))?;
    Ok(Redirect::to(&format!("/{lang}/g/{id}/{secret}")).into_response())
}

async fn join(
    State(state): State<AppState>,
    Path((lang, id, token)): Path<(String, String, String)>,
) -> Result<Response, PageError> {
    check_lang(&lang).map_err(page_err("en"))?;
    let h = handle(&state, &id).await.map_err(page_err(&lang))?;
    if !ids::is_secret(&token) {
        return Err(PageError(ApiError::not_found(), lang));
    }
    match state
        .hub
        .join(&h, &token)
        .await
        .map_err(|e| page_err(&lang)(e.into()))?
    {
        Some(secret) => Ok((
            StatusCode::SEE_OTHER,
            [
                (
                    header::LOCATION,
                    HeaderValue::from_str(&format!("/{lang}/g/{id}/{secret}"))
                        .unwrap_or_else(|_| HeaderValue::from_static("/")),
                ),
                (header::SET_COOKIE, seat_cookie(&id, &secret)),
            ],
        )
            .into_response()),
        None => Ok(Redirect::to(&format!("/{lang}/g/{id}?invite=used")).into_response()),
    }
}
