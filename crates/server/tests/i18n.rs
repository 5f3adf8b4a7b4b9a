//! The site in every language: `/` chooses by the remembered choice and `Accept-Language`, the
//! switcher remembers, links follow the language that asked, and no rendered page shows a raw
//! message id or an English text where a translation is due.

#![allow(clippy::unwrap_used, reason = "tests")]

mod common;

use std::collections::{BTreeMap, BTreeSet};

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use fluent_syntax::ast::{Entry, PatternElement};
use http_body_util::BodyExt;
use mancala_server::AppState;
use mancala_server::i18n::Lang;
use serde_json::json;
use tower::ServiceExt;

async fn app() -> Router {
    let (state, _shutdown) = AppState::new(common::memory_store().await, 1);
    mancala_server::app(state)
}

async fn call(app: &Router, req: Request<Body>) -> (StatusCode, axum::http::HeaderMap, String) {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, headers, String::from_utf8(bytes.to_vec()).unwrap())
}

async fn get(
    app: &Router,
    uri: &str,
    headers: &[(header::HeaderName, &str)],
) -> (StatusCode, axum::http::HeaderMap, String) {
    let mut req = Request::get(uri);
    for (k, v) in headers {
        req = req.header(k, *v);
    }
    call(app, req.body(Body::empty()).unwrap()).await
}

/// The messages of a locale's files: (id, pattern's plain text if it has no placeable).
fn messages(lang: &str) -> Vec<(String, Option<String>)> {
    let dir = format!("{}/locales/{lang}", env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let res = fluent_syntax::parser::parse(text.as_str()).unwrap_or_else(|(r, _)| r);
        for e in &res.body {
            let Entry::Message(m) = e else { continue };
            let plain = m.value.as_ref().and_then(|p| {
                p.elements
                    .iter()
                    .map(|el| match el {
                        PatternElement::TextElement { value } => Some(*value),
                        PatternElement::Placeable { .. } => None,
                    })
                    .collect::<Option<String>>()
            });
            out.push((m.id.name.to_owned(), plain.map(|v| v.trim().to_owned())));
        }
    }
    out
}

/// Every message of a locale without variables: id → text.
fn plain_messages(lang: &str) -> BTreeMap<String, String> {
    messages(lang)
        .into_iter()
        .filter_map(|(id, v)| Some((id, v?)))
        .collect()
}

/// Every English message id, for spotting one printed raw.
fn english_ids() -> BTreeSet<String> {
    messages("en").into_iter().map(|(id, _)| id).collect()
}

/// The text a person reads: tags, scripts and styles removed, entities for quotes decoded.
fn visible_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        out.push_str(&rest[..i]);
        out.push(' ');
        let tail = &rest[i..];
        let skip_to = if tail.starts_with("<script") {
            tail.find("</script>").map(|j| j + 9)
        } else if tail.starts_with("<style") {
            tail.find("</style>").map(|j| j + 8)
        } else {
            tail.find('>').map(|j| j + 1)
        };
        rest = &tail[skip_to.unwrap_or(tail.len())..];
    }
    out.push_str(rest);
    out.replace("&#39;", "'")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// The pages of the site in `lang`: home, family, every rules page, about, a game page and an
/// error page.
async fn pages(app: &Router, lang: Lang) -> Vec<(String, String)> {
    let mut uris: Vec<String> = vec![
        format!("/{lang}/"),
        format!("/{lang}/rules"),
        format!("/{lang}/about"),
    ];
    for page in [
        "bao-la-kiswahili",
        "bao-la-kujifunza",
        "bao-la-kete",
        "hawalis",
        "hus",
        "omweso",
        "bao-la-kimasai",
        "bao-la-kimasai-4x12",
        "kalah",
    ] {
        uris.push(format!("/{lang}/rules/{page}"));
    }
    let (status, _, body) = call(
        app,
        Request::post("/api/games")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(
                json!({"variant": "bao-la-kiswahili", "opponent": "friend", "lang": lang.code()})
                    .to_string(),
            ))
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let created: serde_json::Value = serde_json::from_str(&body).unwrap();
    let player = created["player_url"].as_str().unwrap().to_owned();
    assert!(player.starts_with(&format!("/{lang}/g/")), "{player}");
    assert!(
        created["invite_url"]
            .as_str()
            .unwrap()
            .starts_with(&format!("/{lang}/join/"))
    );
    uris.push(player);
    uris.push(created["watch_url"].as_str().unwrap().to_owned());
    let mut out = Vec::new();
    for uri in uris {
        let (status, _, body) = get(app, &uri, &[]).await;
        assert_eq!(status, StatusCode::OK, "{uri}");
        out.push((uri, body));
    }
    let missing = format!("/{lang}/g/nosuchgm");
    let (status, _, body) = get(app, &missing, &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    out.push((missing, body));
    out
}

#[tokio::test]
async fn no_page_in_any_language_shows_a_raw_id_or_an_english_text() {
    let app = app().await;
    let ids = english_ids();
    let english = plain_messages("en");
    for lang in Lang::ALL {
        let own = plain_messages(lang.code());
        // English texts that this language says otherwise: long enough not to be a term kept
        // as it is, and not a game's name (a proper name, which a page may give in its Latin
        // form beside the language's own).
        let foreign: Vec<&String> = english
            .iter()
            .filter(|(id, _)| !id.starts_with("game-"))
            .filter(|(id, v)| v.chars().count() >= 16 && own.get(*id) != Some(*v))
            .map(|(_, v)| v)
            .collect();
        for (uri, html) in pages(&app, lang).await {
            assert!(html.contains(&format!("<html lang=\"{lang}\">")), "{uri}");
            for l in Lang::ALL {
                assert!(
                    html.contains(&format!("hreflang=\"{l}\"")),
                    "{uri}: no alternate in {l}"
                );
            }
            let text = visible_text(&html);
            let words: BTreeSet<&str> = text
                .split(|c: char| {
                    c.is_whitespace() || matches!(c, ',' | '.' | ':' | '(' | ')' | ';')
                })
                .collect();
            let raw: Vec<_> = ids
                .iter()
                .filter(|id| words.contains(id.as_str()))
                .collect();
            assert!(raw.is_empty(), "{uri} shows raw message ids {raw:?}");
            if lang != Lang::En {
                let leaked: Vec<_> = foreign
                    .iter()
                    .filter(|v| text.contains(v.as_str()))
                    .collect();
                assert!(leaked.is_empty(), "{uri} shows English: {leaked:?}");
                assert!(
                    !html.contains("class=\"notice\"") || !uri.contains("/rules"),
                    "{uri} is shown in English for want of a translation"
                );
            }
        }
    }
}

#[tokio::test]
async fn the_root_follows_the_remembered_choice_then_accept_language() {
    let app = app().await;
    let to = |h: &axum::http::HeaderMap| h[header::LOCATION].to_str().unwrap().to_owned();
    let (s, h, _) = get(&app, "/", &[(header::ACCEPT_LANGUAGE, "ru")]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(to(&h), "/ru/");
    let (_, h, _) = get(
        &app,
        "/",
        &[(header::ACCEPT_LANGUAGE, "de-DE, cs;q=0.4, pl;q=0.6")],
    )
    .await;
    assert_eq!(to(&h), "/pl/");
    let (_, h, _) = get(&app, "/", &[(header::ACCEPT_LANGUAGE, "fr")]).await;
    assert_eq!(to(&h), "/en/");
    let (_, h, _) = get(
        &app,
        "/",
        &[(header::ACCEPT_LANGUAGE, "ru"), (header::COOKIE, "lang=ka")],
    )
    .await;
    assert_eq!(to(&h), "/ka/", "the remembered choice wins");
}

#[tokio::test]
async fn the_switcher_remembers_and_keeps_the_page() {
    let app = app().await;
    let (_, _, html) = get(&app, "/en/rules/hus", &[]).await;
    assert!(
        html.contains("href=\"/language?to=%2Fpl%2Frules%2Fhus\""),
        "the switcher keeps the page"
    );
    let (s, h, _) = get(&app, "/language?to=%2Fpl%2Frules%2Fhus", &[]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_eq!(h[header::LOCATION], "/pl/rules/hus");
    let cookie = h[header::SET_COOKIE].to_str().unwrap();
    assert!(cookie.starts_with("lang=pl;"), "{cookie}");
    for bad in [
        "//evil.example/",
        "/xx/",
        "https://evil.example/en/",
        "/%5Cevil",
        "",
    ] {
        let q: String = url_encode(bad);
        let (s, _, _) = get(&app, &format!("/language?to={q}"), &[]).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{bad}");
    }
}

fn url_encode(s: &str) -> String {
    s.bytes().map(|b| format!("%{b:02X}")).collect()
}

#[tokio::test]
async fn a_link_in_another_language_than_the_remembered_one_offers_the_switch() {
    let app = app().await;
    let (s, _, html) = get(&app, "/en/rules/omweso", &[(header::COOKIE, "lang=ru")]).await;
    assert_eq!(s, StatusCode::OK, "not redirected");
    assert!(html.contains("<html lang=\"en\">"));
    assert!(
        html.contains("class=\"lang-offer\" lang=\"ru\""),
        "the offer"
    );
    assert!(html.contains("href=\"/ru/rules/omweso\""));
    let (_, _, html) = get(&app, "/ru/rules/omweso", &[(header::COOKIE, "lang=ru")]).await;
    assert!(
        !html.contains("class=\"lang-offer\""),
        "no offer in the chosen language"
    );
}

#[tokio::test]
async fn the_client_messages_are_served_per_language() {
    let app = app().await;
    for lang in Lang::ALL {
        let (s, h, body) = get(&app, &format!("/{lang}/messages.json"), &[]).await;
        assert_eq!(s, StatusCode::OK);
        assert_eq!(h[header::CONTENT_TYPE], "application/json");
        let v: serde_json::Value = serde_json::from_str(&body).unwrap();
        assert_eq!(v["lang"], lang.code());
        assert!(v["messages"]["side-south"].is_array());
    }
    let (s, _, _) = get(&app, "/xx/messages.json", &[]).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_api_names_games_in_the_language_asked() {
    let app = app().await;
    let (_, _, body) = get(&app, "/api/variants?lang=ru", &[]).await;
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    let en = plain_messages("en");
    let ru = plain_messages("ru");
    let hus = v["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["slug"] == "hus")
        .unwrap();
    assert_eq!(hus["name"], ru["game-hus"].as_str());
    assert!(
        ru["game-hus"] != en["game-hus"],
        "Russian writes Hus in its own script"
    );
    let (s, _, _) = get(&app, "/api/variants?lang=xx", &[]).await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
}
