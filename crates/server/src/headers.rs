//! The security headers of every response (docs/operations.md, "Security headers"): one
//! function that the router applies to all its answers and the connection layer to its own.

use axum::http::header::{self, HeaderMap, HeaderName, HeaderValue};

/// The policy of the pages and of everything else: scripts, styles, pictures and connections
/// (the WebSocket included) from the site itself only, no inline script or style, no plugin,
/// forms posted to the site only, and no framing by any page.
pub(crate) const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
     img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// An SVG picture's own policy: its inline `<style>`, no script, no framing.
const SVG_CSP: &str = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/// HSTS for a year, when the site is https.
const HSTS: &str = "max-age=31536000";

/// What every response says whatever its kind: no type sniffing, no referrer (a player's URL
/// carries the seat's secret), no framing (for browsers older than `frame-ancestors`).
pub(crate) const ALWAYS: [(&str, &str); 3] = [
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
];

/// Adds the security headers to a response's `headers`; with `https`, HSTS and `Secure` on
/// every cookie it sets.
pub(crate) fn secure(headers: &mut HeaderMap, https: bool) {
    for (name, value) in ALWAYS {
        headers.insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    let svg = headers
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"image/svg+xml"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(if svg { SVG_CSP } else { CSP }),
    );
    if https {
        headers.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(HSTS),
        );
        let cookies: Vec<HeaderValue> = headers
            .get_all(header::SET_COOKIE)
            .iter()
            .cloned()
            .collect();
        if !cookies.is_empty() {
            headers.remove(header::SET_COOKIE);
            for c in cookies {
                headers.append(header::SET_COOKIE, secure_cookie(c));
            }
        }
    }
}

/// A `Set-Cookie` value with the `Secure` attribute.
fn secure_cookie(cookie: HeaderValue) -> HeaderValue {
    let has = cookie.to_str().is_ok_and(|c| {
        c.split(';')
            .skip(1)
            .any(|a| a.trim().eq_ignore_ascii_case("secure"))
    });
    if has {
        return cookie;
    }
    let mut bytes = cookie.as_bytes().to_vec();
    bytes.extend_from_slice(b"; Secure");
    HeaderValue::from_bytes(&bytes).unwrap_or(cookie)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cookies_become_secure_once() {
        let mut h = HeaderMap::new();
        h.append(header::SET_COOKIE, HeaderValue::from_static("a=1; Path=/"));
        h.append(header::SET_COOKIE, HeaderValue::from_static("b=2; Secure"));
        secure(&mut h, true);
        let all: Vec<&str> = h
            .get_all(header::SET_COOKIE)
            .iter()
            .map(|v| v.to_str().unwrap_or_default())
            .collect();
        assert_eq!(all, ["a=1; Path=/; Secure", "b=2; Secure"]);
        assert_eq!(h[header::STRICT_TRANSPORT_SECURITY], HSTS);
    }

    #[test]
    fn plain_http_has_no_hsts_and_plain_cookies() {
        let mut h = HeaderMap::new();
        h.append(header::SET_COOKIE, HeaderValue::from_static("a=1; Path=/"));
        secure(&mut h, false);
        assert_eq!(h[header::SET_COOKIE], "a=1; Path=/");
        assert!(h.get(header::STRICT_TRANSPORT_SECURITY).is_none());
        assert_eq!(h[header::CONTENT_SECURITY_POLICY], CSP);
    }

    #[test]
    fn svg_pictures_keep_their_inline_style() {
        let mut h = HeaderMap::new();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("image/svg+xml"),
        );
        secure(&mut h, false);
        assert_eq!(h[header::CONTENT_SECURITY_POLICY], SVG_CSP);
    }
}
