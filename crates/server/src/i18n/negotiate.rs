//! Choosing a language for `/`: the remembered choice (the `lang` cookie), else the best of
//! `Accept-Language` by its q-values, else English.

use super::Lang;

/// The language `accept` (an `Accept-Language` value) prefers most among the site's: tags are
/// ranked by q-value (1 when absent, ties in the header's order, `q=0` never); a tag matches
/// by its primary subtag (`ru-RU` is `ru`). `None` when no tag matches.
#[must_use]
pub(crate) fn from_accept_language(accept: &str) -> Option<Lang> {
    let mut ranked: Vec<(u16, usize, Lang)> = accept
        .split(',')
        .enumerate()
        .filter_map(|(i, item)| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let mut q = 1000u16;
            for p in parts {
                let Some((k, v)) = p.split_once('=') else {
                    continue;
                };
                if k.trim().eq_ignore_ascii_case("q") {
                    q = parse_q(v.trim())?;
                }
            }
            let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
            let lang = Lang::from_code(&primary)?;
            (q > 0).then_some((q, i, lang))
        })
        .collect();
    ranked.sort_by_key(|&(q, i, _)| (std::cmp::Reverse(q), i));
    ranked.first().map(|&(_, _, l)| l)
}

/// A q-value (`0`, `0.5`, `1.000`) in thousandths; `None` when it is not one.
fn parse_q(v: &str) -> Option<u16> {
    let (int, frac) = v.split_once('.').unwrap_or((v, ""));
    if frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: u16 = match int {
        "0" => 0,
        "1" => 1,
        _ => return None,
    };
    let mut thousandths = 0u16;
    for (i, b) in frac.bytes().enumerate() {
        let place = [100, 10, 1][i];
        thousandths += u16::from(b - b'0') * place;
    }
    let q = whole * 1000 + thousandths;
    (q <= 1000).then_some(q)
}

/// The language for a visit of `/`: the cookie's choice, else `Accept-Language`'s, else English.
#[must_use]
pub(crate) fn pick(cookie: Option<&str>, accept: Option<&str>) -> Lang {
    cookie
        .and_then(Lang::from_code)
        .or_else(|| accept.and_then(from_accept_language))
        .unwrap_or(Lang::En)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn q_values_rank_the_tags() {
        assert_eq!(from_accept_language("ru"), Some(Lang::Ru));
        assert_eq!(
            from_accept_language("ru-RU,ru;q=0.9,en;q=0.8"),
            Some(Lang::Ru)
        );
        assert_eq!(from_accept_language("en;q=0.5, cs;q=0.9"), Some(Lang::Cs));
        assert_eq!(
            from_accept_language("de, pl;q=0.3, uk;q=0.7"),
            Some(Lang::Uk)
        );
        assert_eq!(from_accept_language("ka-GE"), Some(Lang::Ka));
        assert_eq!(from_accept_language("SW_tz"), Some(Lang::Sw));
        // Equal q-values keep the header's order.
        assert_eq!(from_accept_language("pl;q=0.8, ru;q=0.8"), Some(Lang::Pl));
        // q=0 means "not this one".
        assert_eq!(from_accept_language("ru;q=0, en;q=0.1"), Some(Lang::En));
        assert_eq!(from_accept_language("ru;q=0"), None);
        assert_eq!(from_accept_language("de, fr"), None);
        assert_eq!(from_accept_language("*"), None);
        assert_eq!(from_accept_language(""), None);
    }

    #[test]
    fn bad_q_values_drop_their_tag() {
        assert_eq!(from_accept_language("ru;q=2, cs"), Some(Lang::Cs));
        assert_eq!(from_accept_language("ru;q=abc, cs;q=0.1"), Some(Lang::Cs));
        assert_eq!(
            from_accept_language("ru;q=0.12345, cs;q=0.1"),
            Some(Lang::Cs)
        );
        assert_eq!(parse_q("1.000"), Some(1000));
        assert_eq!(parse_q("0.25"), Some(250));
        assert_eq!(parse_q("1.5"), None);
    }

    #[test]
    fn the_cookie_wins_then_the_header_then_english() {
        assert_eq!(pick(Some("uk"), Some("ru")), Lang::Uk);
        assert_eq!(pick(Some("xx"), Some("ru")), Lang::Ru);
        assert_eq!(pick(None, Some("de")), Lang::En);
        assert_eq!(pick(None, None), Lang::En);
    }
}
