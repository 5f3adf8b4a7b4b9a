//! Cross-site requests: a form post, a JSON API call or a WebSocket from another site's page is
//! refused, so that no site can make its visitors' browsers create games, move or take a seat
//! with their cookies.

use axum::http::{HeaderMap, header};

use crate::protocol::{ErrorCode, GameError};

/// The normal form of an origin, `scheme://host[:port]` in lower case without a default port,
/// or why `s` is not one (a path, a query or another scheme).
///
/// # Errors
/// `s` is not an `http` or `https` origin.
pub fn parse_origin(s: &str) -> Result<String, String> {
    let bad = || {
        format!("{s:?} is not an origin such as https://mancala.example or http://192.168.1.5:8080")
    };
    let lower = s.trim().trim_end_matches('/').to_ascii_lowercase();
    let (scheme, authority) = lower.split_once("://").ok_or_else(bad)?;
    if !matches!(scheme, "http" | "https")
        || authority.is_empty()
        || authority.contains(['/', '?', '#', '@', ' '])
    {
        return Err(bad());
    }
    Ok(format!(
        "{scheme}://{}",
        without_default_port(scheme, authority)
    ))
}

/// `authority` without the port that `scheme` implies.
fn without_default_port<'a>(scheme: &str, authority: &'a str) -> &'a str {
    let default = if scheme == "https" { ":443" } else { ":80" };
    authority.strip_suffix(default).unwrap_or(authority)
}

fn cross_site(why: &str) -> GameError {
    GameError::new(
        ErrorCode::CrossSite,
        format!(
            "cross-site request refused: {why}; this site takes forms, API calls and game \
             connections only from its own pages"
        ),
    )
}

/// Whether a request that changes something may come from where the browser says it comes
/// from. Allowed: an `Origin` among `allowed`; else what the browser marks
/// `Sec-Fetch-Site: same-origin` or `none` (typed or bookmarked); else a request without
/// `Origin` (not from a browser's page: curl, a script); else an `Origin` naming the request's
/// own host (the `Host` header, so a phone that opens the site by a LAN address works). Any
/// other `Origin` or `Sec-Fetch-Site` is refused.
///
/// # Errors
/// A `cross_site` refusal that names the origin.
pub(crate) fn check_origin(headers: &HeaderMap, allowed: &[String]) -> Result<(), GameError> {
    let text = |name| {
        headers
            .get(name)
            .map(|v| v.to_str().unwrap_or("(unreadable)"))
    };
    let origin = text(header::ORIGIN);
    let normal = origin.map(parse_origin);
    if let Some(Ok(o)) = &normal
        && allowed.iter().any(|a| a == o)
    {
        return Ok(());
    }
    match text(header::HeaderName::from_static("sec-fetch-site")) {
        Some(site)
            if site.eq_ignore_ascii_case("same-origin") || site.eq_ignore_ascii_case("none") =>
        {
            return Ok(());
        }
        Some(site) => {
            return Err(cross_site(&format!(
                "the browser says it comes from a {site} page (origin {})",
                origin.unwrap_or("not given")
            )));
        }
        None => {}
    }
    let (Some(origin), Some(normal)) = (origin, normal) else {
        return Ok(());
    };
    let own = text(header::HOST).map(str::to_ascii_lowercase);
    match (normal, own) {
        (Ok(o), Some(host)) => {
            let (scheme, authority) = o.split_once("://").unwrap_or(("", ""));
            if authority == without_default_port(scheme, &host) {
                Ok(())
            } else {
                Err(cross_site(&format!(
                    "it comes from {origin}, not from {host}"
                )))
            }
        }
        _ => Err(cross_site(&format!("it comes from {origin}"))),
    }
}

/// The JSON API's bodies must be declared JSON: a browser sends `application/json` across sites
/// only after asking (a preflight this server does not answer), so a foreign page cannot post
/// one the way it can post `text/plain`.
///
/// # Errors
/// An `unsupported_media_type` refusal.
pub(crate) fn check_json(headers: &HeaderMap) -> Result<(), GameError> {
    let ty = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let essence = ty.split(';').next().unwrap_or("").trim();
    if essence.eq_ignore_ascii_case("application/json") {
        Ok(())
    } else {
        Err(GameError::new(
            ErrorCode::UnsupportedMediaType,
            format!(
                "the body must be JSON sent as Content-Type: application/json, not {:?}",
                if ty.is_empty() { "nothing" } else { ty }
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, v.parse().unwrap_or_else(|_| unreachable!()));
        }
        h
    }

    #[test]
    fn origins_are_normalised_and_bad_ones_refused() {
        assert_eq!(
            parse_origin("HTTPS://Mancala.Example/").as_deref(),
            Ok("https://mancala.example")
        );
        assert_eq!(
            parse_origin("http://a.example:80").as_deref(),
            Ok("http://a.example")
        );
        assert_eq!(
            parse_origin("http://10.0.0.2:8080").as_deref(),
            Ok("http://10.0.0.2:8080")
        );
        for bad in [
            "mancala.example",
            "ftp://a",
            "https://a/x",
            "https://",
            "null",
        ] {
            assert!(parse_origin(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_own_host_and_browserless_requests_pass_and_foreign_ones_do_not() {
        let allowed = vec!["https://front.example".to_owned()];
        let ok = |pairs: &[(&'static str, &str)]| check_origin(&headers(pairs), &allowed);
        assert!(ok(&[]).is_ok());
        assert!(
            ok(&[
                ("host", "192.168.1.5:8080"),
                ("origin", "http://192.168.1.5:8080")
            ])
            .is_ok()
        );
        assert!(
            ok(&[
                ("host", "site.example"),
                ("origin", "https://site.example:443")
            ])
            .is_ok()
        );
        assert!(
            ok(&[
                ("sec-fetch-site", "same-origin"),
                ("origin", "https://elsewhere")
            ])
            .is_ok()
        );
        assert!(ok(&[("sec-fetch-site", "none")]).is_ok());
        assert!(
            ok(&[
                ("sec-fetch-site", "cross-site"),
                ("origin", "https://front.example")
            ])
            .is_ok()
        );
        for refused in [
            &[("host", "site.example"), ("origin", "https://evil.example")][..],
            &[("host", "site.example"), ("origin", "null")],
            &[("sec-fetch-site", "cross-site")],
            &[
                ("sec-fetch-site", "same-site"),
                ("origin", "https://a.site.example"),
            ],
        ] {
            let e = ok(refused).expect_err("refused");
            assert_eq!(e.code, ErrorCode::CrossSite);
        }
    }

    #[test]
    fn only_json_bodies_are_json() {
        assert!(check_json(&headers(&[("content-type", "application/json")])).is_ok());
        assert!(
            check_json(&headers(&[(
                "content-type",
                "Application/JSON; charset=utf-8"
            )]))
            .is_ok()
        );
        for bad in [
            "text/plain",
            "application/x-www-form-urlencoded",
            "application/jsonx",
        ] {
            let e = check_json(&headers(&[("content-type", bad)])).expect_err(bad);
            assert_eq!(e.code, ErrorCode::UnsupportedMediaType);
        }
        assert!(check_json(&HeaderMap::new()).is_err());
    }
}
