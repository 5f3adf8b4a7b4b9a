//! HTTP routes of docs/protocol.md §2: pages, the JSON API, assets and the WebSocket upgrade.

use askama::Template;
use axum::body::Bytes;
use std::net::IpAddr;

use axum::extract::{FromRequestParts, Path, Query, State, WebSocketUpgrade};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use include_dir::{Dir, include_dir};
use mancala::{Game, Side, Variant};
use serde::Deserialize;

use crate::AppState;
use crate::client_addr::ClientAddr;
use crate::guard;
use crate::hub::{Held, NewGame, Role};
use crate::i18n::{self, Arg, Lang, s};
use crate::ids;
use crate::pages::{self, Chrome, ErrorPage, GamePage, Home, PageCtx};
use crate::protocol::{
    CreateRequest, CreatedBody, ErrorBody, ErrorCode, GameError, GameView, OptionBody, VariantBody,
    VariantsBody, You,
};
use crate::rules_pages;
use crate::store::Mode;

static WEB: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/web");

/// The seat cookie lasts 30 days.
const COOKIE_MAX_AGE: u32 = 30 * 24 * 3600;

/// The remembered language lasts a year.
const LANG_COOKIE_MAX_AGE: u32 = 365 * 24 * 3600;

/// One error type for every route: a code (which carries the status and the log level) and a
/// message that is safe to show.
#[derive(Debug)]
pub(crate) struct ApiError(pub(crate) GameError);

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

/// An error shown as a page, in the page's language.
pub(crate) struct PageError(ApiError, PageCtx);

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let PageError(e, ctx) = self;
        let tr = ctx.tr();
        let title = tr.t(match e.0.code {
            ErrorCode::NotFound => "error-title-not-found",
            ErrorCode::NotPlayer => "error-title-forbidden",
            _ if e.status().is_server_error() => "error-title-server",
            _ => "error-title-refused",
        });
        let code = e.0.code.to_string().replace('_', "-");
        let page = ErrorPage {
            chrome: Chrome::new(&ctx, title),
            message: tr.t(&format!("error-{code}")),
        };
        e.0.log("page refused");
        match page.render() {
            Ok(html) => (e.status(), Html(html)).into_response(),
            Err(_) => e.into_response(),
        }
    }
}

pub(crate) fn page_err(ctx: &PageCtx) -> impl Fn(ApiError) -> PageError + '_ {
    move |e| PageError(e, ctx.clone())
}

/// The `lang` cookie's language, if it names one of the site's.
fn cookie_lang(headers: &HeaderMap) -> Option<Lang> {
    cookie(headers, "lang").and_then(|v| Lang::from_code(&v))
}

/// A page request: `/{lang}/...` with a language of the site (else a 404 page in English).
impl<S: Send + Sync> FromRequestParts<S> for PageCtx {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let path = parts.uri.path();
        let (code, rest) = path
            .strip_prefix('/')
            .map(|p| p.split_once('/').map_or((p, ""), |(c, r)| (c, r)))
            .unwrap_or(("", ""));
        let query = parts
            .uri
            .query()
            .map(|q| format!("?{q}"))
            .unwrap_or_default();
        let remembered = cookie_lang(&parts.headers);
        let rest = format!("/{rest}{query}");
        match Lang::from_code(code) {
            Some(lang) => Ok(Self {
                lang,
                rest,
                remembered,
            }),
            None => Err(PageError(
                ApiError(GameError::not_found(format!(
                    "no pages in language {code:?}"
                ))),
                Self {
                    lang: Lang::En,
                    rest,
                    remembered,
                },
            )),
        }
    }
}

pub(crate) fn render(t: &impl Template) -> Result<Html<String>, ApiError> {
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
        .route("/language", get(switch_language))
        .route("/{lang}/messages.json", get(messages))
        .route("/{lang}/", get(home))
        .route("/{lang}/rules", get(rules_pages::routes::family_page))
        .route("/{lang}/rules/{page}", get(rules_pages::routes::rules_page))
        .route("/{lang}/about", get(rules_pages::routes::about_page))
        .route("/{lang}", get(lang_root))
        .route("/{lang}/new", post(form_create))
        .route("/{lang}/g/{id}", get(game_page))
        .route("/{lang}/g/{id}/{secret}", get(player_page))
        .route("/{lang}/g/{id}/{secret}/move", post(form_move))
        .route("/{lang}/join/{id}/{token}", get(join))
        .merge(crate::figures::routes())
        .layer(axum::middleware::map_response_with_state(
            state.clone(),
            security_headers,
        ))
        .with_state(state)
}

/// Every answer of the router gets the security headers (`crate::headers`).
async fn security_headers(State(state): State<AppState>, mut res: Response) -> Response {
    crate::headers::secure(res.headers_mut(), state.limits.https());
    res
}

async fn root(headers: HeaderMap) -> Redirect {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    let lang = i18n::pick(cookie(&headers, "lang").as_deref(), accept);
    Redirect::to(&format!("/{lang}/"))
}

async fn lang_root(ctx: PageCtx) -> Redirect {
    Redirect::permanent(&format!("/{}/", ctx.lang))
}

#[derive(Debug, Default, Deserialize)]
struct HomeQuery {
    variant: Option<String>,
}

async fn home(ctx: PageCtx, Query(q): Query<HomeQuery>) -> Result<Html<String>, PageError> {
    let selected = q
        .variant
        .and_then(|v| v.parse::<Variant>().ok())
        .map(Variant::game);
    render(&Home::new(&ctx, selected)).map_err(page_err(&ctx))
}

#[derive(Debug, Default, Deserialize)]
struct SwitchQuery {
    to: Option<String>,
}

/// The language switcher: remembers the language of `to` (a page of this site, `/{lang}/...`)
/// in the `lang` cookie and opens it.
async fn switch_language(Query(q): Query<SwitchQuery>) -> Result<Response, ApiError> {
    let to = q.to.unwrap_or_default();
    // Only a path of this site: one leading slash, no backslash (`//host` and `/\host` leave it),
    // and written as a URL is (printable ASCII), so that the `Location` is the path asked for.
    let local = to.starts_with('/')
        && !to.starts_with("//")
        && !to.contains('\\')
        && to.bytes().all(|b| b.is_ascii_graphic());
    let lang = to
        .strip_prefix('/')
        .and_then(|p| p.split('/').next())
        .and_then(Lang::from_code)
        .filter(|_| local)
        .ok_or_else(|| {
            ApiError::bad("the language switch needs a page of this site, /{lang}/...")
        })?;
    let cookie = format!("lang={lang}; Path=/; Max-Age={LANG_COOKIE_MAX_AGE}; SameSite=Lax");
    Ok((
        StatusCode::SEE_OTHER,
        [
            (
                header::LOCATION,
                HeaderValue::from_str(&to).map_err(|_| ApiError::bad("bad target"))?,
            ),
            (
                header::SET_COOKIE,
                HeaderValue::from_str(&cookie).map_err(|_| ApiError::bad("bad target"))?,
            ),
        ],
    )
        .into_response())
}

/// The board client's messages in the page's language (web/i18n.js).
async fn messages(ctx: PageCtx) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "public, max-age=300"),
        ],
        i18n::client_json(ctx.lang),
    )
        .into_response()
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

#[derive(Debug, Default, Deserialize)]
struct LangQuery {
    lang: Option<String>,
}

/// The language an API call asks for (`?lang=` or the body's `lang`), English by default.
fn api_lang(lang: Option<&str>) -> Result<Lang, ApiError> {
    lang.map_or(Ok(Lang::En), |code| {
        Lang::from_code(code).ok_or_else(|| {
            ApiError::bad(format!(
                "no language {code:?}; the site has en, sw, ru, cs, uk, pl, ka"
            ))
        })
    })
}

async fn api_variants(Query(q): Query<LangQuery>) -> Result<Json<VariantsBody>, ApiError> {
    let tr = api_lang(q.lang.as_deref())?.tr();
    let variants = Game::ALL
        .iter()
        .map(|&g| VariantBody {
            slug: g.slug().to_owned(),
            name: tr.game(g),
            width: g.width(),
            rows: g.rows(),
            options: g
                .options()
                .iter()
                .map(|&o| OptionBody {
                    name: o.name().to_owned(),
                    label: tr.t(&format!("option-{}", o.id())),
                })
                .collect(),
        })
        .collect();
    Ok(Json(VariantsBody { variants }))
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

/// The value of the cookie `name`.
fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_owned())
}

fn cookie_secret(headers: &HeaderMap, id: &str) -> Option<String> {
    cookie(headers, &format!("seat_{id}")).filter(|v| ids::is_secret(v))
}

/// A request from another site's page is refused (see `guard::check_origin`).
fn same_site(state: &AppState, headers: &HeaderMap) -> Result<(), ApiError> {
    guard::check_origin(headers, &state.limits.allowed_origins).map_err(ApiError)
}

/// Takes one new game from the client's allowance; `None` if granted, else the refusal to
/// send, made by `refuse` (the API's JSON or the form's page), with `Retry-After` when the
/// allowance refills.
fn take_creation(
    state: &AppState,
    client: Option<IpAddr>,
    refuse: impl FnOnce(ApiError) -> Response,
) -> Option<Response> {
    state.creations.take(client).err().map(|wait| {
        // Whole seconds, rounded up.
        let secs = wait.map(|w| w.as_secs() + u64::from(w.subsec_nanos() > 0));
        let message = match secs {
            Some(s) => format!("too many new games from your address; try again in {s} s"),
            None => "too many new games from your address".to_owned(),
        };
        let mut r = refuse(ApiError(GameError::new(ErrorCode::RateLimited, message)));
        if let Some(s) = secs {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        r
    })
}

async fn api_create(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    same_site(&state, &headers)?;
    guard::check_json(&headers)?;
    // Read by hand, so that a bad body gets the API's JSON error like every other refusal.
    let req: CreateRequest = serde_json::from_slice(&body)
        .map_err(|e| ApiError::bad(format!("the body is not a game request: {e}")))?;
    let lang = api_lang(req.lang.as_deref())?;
    let new = req.to_new_game()?;
    if let Some(refused) = take_creation(&state, client, IntoResponse::into_response) {
        return Ok(refused);
    }
    let created = state.hub.create(new, client).await?;
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
    ClientAddr(client): ClientAddr,
    ctx: PageCtx,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, PageError> {
    let lang = ctx.lang;
    same_site(&state, &headers).map_err(page_err(&ctx))?;
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
                    .map_err(page_err(&ctx))?,
            ),
            None => None,
        },
        side: get("side"),
        lang: None,
    };
    let new = req.to_new_game().map_err(page_err(&ctx))?;
    if let Some(refused) = take_creation(&state, client, |e| page_err(&ctx)(e).into_response()) {
        return Ok(refused);
    }
    let created = state
        .hub
        .create(new, client)
        .await
        .map_err(|e| page_err(&ctx)(e.into()))?;
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
    Ok(Json(live.game_view(&id, None, Lang::En)))
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
    ClientAddr(client): ClientAddr,
    Path(id): Path<String>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    // The cookie gives the seat: only this site's pages may use it.
    same_site(&state, &headers)?;
    let h = handle(&state, &id).await?;
    let peer = crate::ws::Peer {
        hub: state.hub.clone(),
        cookie_secret: cookie_secret(&headers, &id),
        client,
        limits: state.limits.clone(),
        shutdown: state.shutdown.clone(),
        metrics: state.metrics.clone(),
    };
    // Client messages are a few dozen bytes: a small cap keeps a hostile client cheap (a
    // bigger message closes the connection with 1009).
    let max = state.limits.ws_max_message;
    Ok(ws
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| crate::ws::connection(socket, h, peer)))
}

#[derive(Debug, Default, Deserialize)]
struct GameQuery {
    invite: Option<String>,
}

async fn render_game(
    state: &AppState,
    ctx: &PageCtx,
    id: &str,
    secret: Option<String>,
    notice: &str,
) -> Result<Html<String>, PageError> {
    let tr = ctx.tr();
    let h = handle(state, id).await.map_err(page_err(ctx))?;
    let live = h.lock().await;
    let role = live.role(secret.as_deref());
    let game = live.game_view(id, secret.as_deref(), ctx.lang);
    let turn = live.position().turn();
    let title = tr.game(live.position().variant().game());
    let rows = pages::board_rows(live.position());
    let outcome = live.outcome_value();
    drop(live);
    let moves: Vec<String> = game.moves.into_iter().map(|m| m.text).collect();
    let ply = u32::try_from(moves.len()).unwrap_or(0);
    let status = match outcome {
        None if role.plays(turn) => tr.t1("game-status-your-move", "ply", ply + 1),
        None => tr.args(
            "game-status-to-move",
            &[("side", pages::side_key(turn)), ("ply", Arg::from(ply + 1))],
        ),
        Some(o) => pages::outcome_text(tr, o),
    };
    let legal = if role.plays(turn) && game.outcome.is_none() {
        game.legal
    } else {
        Vec::new()
    };
    let pos = &game.position;
    let mut extras = Vec::new();
    if let Some(h) = pos.hands {
        extras.push(tr.args(
            "game-extras-hands",
            &[("south", Arg::from(h.south)), ("north", Arg::from(h.north))],
        ));
    }
    if let (Some(st), Some(label)) = (pos.stores, &pos.store_label) {
        extras.push(tr.args(
            "game-extras-stores",
            &[
                ("field", s(tr.t(&format!("stores-{label}")))),
                ("south", Arg::from(st.south)),
                ("north", Arg::from(st.north)),
            ],
        ));
    }
    let page = GamePage {
        chrome: Chrome::new(ctx, title),
        id: id.to_owned(),
        seat: if role == Role::Spectator {
            String::new()
        } else {
            secret.unwrap_or_default()
        },
        ply,
        status,
        notice: notice.to_owned(),
        rows,
        extras,
        moves,
        legal,
        invite: game.invite_url.unwrap_or_default(),
        keepalive_ms: state.limits.keepalive().as_millis(),
    };
    render(&page).map_err(page_err(ctx))
}

async fn game_page(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path((_, id)): Path<(String, String)>,
    Query(q): Query<GameQuery>,
    headers: HeaderMap,
) -> Result<Html<String>, PageError> {
    let notice = if q.invite.as_deref() == Some("used") {
        ctx.tr().t("game-invite-used")
    } else {
        String::new()
    };
    render_game(&state, &ctx, &id, cookie_secret(&headers, &id), &notice).await
}

async fn player_page(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path((_, id, secret)): Path<(String, String, String)>,
) -> Result<Response, PageError> {
    let h = handle(&state, &id).await.map_err(page_err(&ctx))?;
    if h.lock().await.role(Some(&secret)) == Role::Spectator {
        return Err(PageError(
            ApiError(GameError::new(
                ErrorCode::NotPlayer,
                "this link does not hold a seat of the game; the game link without it lets you watch",
            )),
            ctx,
        ));
    }
    let html = render_game(&state, &ctx, &id, Some(secret.clone()), "").await?;
    Ok(([(header::SET_COOKIE, seat_cookie(&id, &secret))], html).into_response())
}

async fn form_move(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    ctx: PageCtx,
    Path((_, id, secret)): Path<(String, String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, PageError> {
    let lang = ctx.lang;
    same_site(&state, &headers).map_err(page_err(&ctx))?;
    let fields = form_fields(&body);
    let get = |k: &str| fields.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone());
    let h = handle(&state, &id).await.map_err(page_err(&ctx))?;
    let role = h.lock().await.role(Some(&secret));
    let ply = get("ply")
        .and_then(|p| p.parse().ok())
        .ok_or_else(|| ApiError::bad("the form has no ply"))
        .map_err(page_err(&ctx))?;
    let text = get("move").unwrap_or_default();
    state
        .hub
        .play(&h, role, ply, &text, client)
        .await
        .map_err(|e| page_err(&ctx)(e.into()))?;
    Ok(Redirect::to(&format!("/{lang}/g/{id}/{secret}")).into_response())
}

async fn join(
    State(state): State<AppState>,
    ctx: PageCtx,
    Path((_, id, token)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> Result<Response, PageError> {
    let lang = ctx.lang;
    let h = handle(&state, &id).await.map_err(page_err(&ctx))?;
    if !ids::is_secret(&token) {
        return Err(PageError(ApiError::not_found(), ctx));
    }
    // A browser that holds a seat of this game already (its cookie) is the creator's, or the
    // friend's: it must not take the other seat. The creator sees the invitation to pass on.
    let own = cookie_secret(&headers, &id);
    let (role, open) = {
        let live = h.lock().await;
        (live.role(own.as_deref()), live.invite_open(&token))
    };
    if role != Role::Spectator {
        let game = format!("/{lang}/g/{id}");
        if !open {
            // Used (by this browser's friend, or by this browser): back to one's own seat.
            return Ok(Redirect::to(&game).into_response());
        }
        let page = pages::InvitePage {
            chrome: Chrome::new(&ctx, ctx.tr().t("invite-own-title")),
            invite: format!("/{lang}/join/{id}/{token}"),
            game,
        };
        return Ok(render(&page).map_err(page_err(&ctx))?.into_response());
    }
    match state
        .hub
        .join(&h, &token)
        .await
        .map_err(|e| page_err(&ctx)(e.into()))?
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
