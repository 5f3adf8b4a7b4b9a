//! The client's address: the peer's, or behind a trusted proxy the one it forwards.

use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

use axum::http::HeaderMap;

/// An address or a network (`10.0.0.7`, `10.0.0.0/8`, `::1`, `fd00::/8`): a trusted proxy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IpRange {
    net: IpAddr,
    prefix: u8,
}

impl IpRange {
    /// Whether `ip` is in the range (an IPv4 address also as `::ffff:a.b.c.d`).
    #[must_use]
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 @ IpAddr::V4(_) => v4,
        };
        match (self.net, ip) {
            (IpAddr::V4(n), IpAddr::V4(a)) => {
                masked(u128::from(u32::from(n)), 32, self.prefix)
                    == masked(u128::from(u32::from(a)), 32, self.prefix)
            }
            (IpAddr::V6(n), IpAddr::V6(a)) => {
                masked(u128::from(n), 128, self.prefix) == masked(u128::from(a), 128, self.prefix)
            }
            _ => false,
        }
    }
}

/// The first `prefix` of the `bits` low bits of `v`.
fn masked(v: u128, bits: u8, prefix: u8) -> u128 {
    if prefix == 0 {
        0
    } else {
        v >> (bits - prefix.min(bits))
    }
}

impl FromStr for IpRange {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("{s:?} is not an address or a network such as 10.0.0.0/8");
        let (addr, prefix) = s
            .trim()
            .split_once('/')
            .map_or((s.trim(), None), |(a, p)| (a, Some(p)));
        let net: IpAddr = addr.parse().map_err(|_| bad())?;
        let bits = if net.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            None => bits,
            Some(p) => p
                .parse::<u8>()
                .ok()
                .filter(|&p| p <= bits)
                .ok_or_else(bad)?,
        };
        Ok(Self { net, prefix })
    }
}

impl fmt::Display for IpRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.net, self.prefix)
    }
}

/// The address a forwarding header names in one hop: `203.0.113.9`, `203.0.113.9:4711`,
/// `"[2001:db8::1]:4711"`, `2001:db8::1`; `None` for `unknown`, an obfuscated name or garbage.
fn hop_address(text: &str) -> Option<IpAddr> {
    let t = text.trim().trim_matches('"');
    if let Some(rest) = t.strip_prefix('[') {
        return rest.split_once(']')?.0.parse().ok();
    }
    t.parse().ok().or_else(|| {
        t.rsplit_once(':')?
            .0
            .parse::<std::net::Ipv4Addr>()
            .ok()
            .map(IpAddr::V4)
    })
}

/// The hops a request passed, the client first: from `Forwarded` (RFC 7239, its `for=`
/// parameters) if the request has it, else from `X-Forwarded-For`.
fn forwarded_hops(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let values = |name: &str| -> Vec<String> {
        headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::to_owned)
            .collect()
    };
    let forwarded = values("forwarded");
    if forwarded.is_empty() {
        return values("x-forwarded-for")
            .iter()
            .map(|h| hop_address(h))
            .collect();
    }
    forwarded
        .iter()
        .map(|element| {
            element.split(';').find_map(|pair| {
                let (k, v) = pair.split_once('=')?;
                k.trim()
                    .eq_ignore_ascii_case("for")
                    .then(|| hop_address(v))?
            })
        })
        .collect()
}

/// The client's address: the peer's, unless the peer is a trusted proxy; then the hops its
/// forwarding header names are walked from the nearest, each trusted proxy handing over to the
/// hop before it, and the first address that is not a trusted proxy is the client. A hop that
/// names no address stops the walk at the proxy that forwarded it. `None` without a peer (the
/// router called without a socket).
#[must_use]
pub(crate) fn client_ip(
    peer: Option<IpAddr>,
    headers: &HeaderMap,
    trusted: &[IpRange],
) -> Option<IpAddr> {
    let mut addr = peer?;
    let is_trusted = |ip: IpAddr| trusted.iter().any(|r| r.contains(ip));
    if !is_trusted(addr) {
        return Some(addr);
    }
    for hop in forwarded_hops(headers).into_iter().rev() {
        match hop {
            Some(ip) => addr = ip,
            None => break,
        }
        if !is_trusted(addr) {
            break;
        }
    }
    Some(addr)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap_or_else(|_| unreachable!())
    }

    fn range(s: &str) -> IpRange {
        s.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, v.parse().unwrap_or_else(|_| unreachable!()));
        }
        h
    }

    #[test]
    fn ranges_parse_and_contain() {
        assert!(range("10.0.0.0/8").contains(ip("10.200.1.1")));
        assert!(!range("10.0.0.0/8").contains(ip("11.0.0.1")));
        assert!(range("127.0.0.1").contains(ip("::ffff:127.0.0.1")));
        assert!(range("fd00::/8").contains(ip("fd12::1")));
        assert!(!range("fd00::/8").contains(ip("10.0.0.1")));
        assert!(range("0.0.0.0/0").contains(ip("203.0.113.9")));
        for bad in ["10.0.0.0/33", "proxy", "10.0.0.0/", "::/129"] {
            assert!(bad.parse::<IpRange>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_trusted_proxy_forwards_the_client_and_an_untrusted_peer_is_the_client() {
        let trusted = [range("10.0.0.0/8")];
        let xff = headers(&[("x-forwarded-for", "198.51.100.7, 10.0.0.3")]);
        assert_eq!(
            client_ip(Some(ip("10.0.0.2")), &xff, &trusted),
            Some(ip("198.51.100.7"))
        );
        // A client's own X-Forwarded-For counts for nothing.
        assert_eq!(
            client_ip(Some(ip("203.0.113.9")), &xff, &trusted),
            Some(ip("203.0.113.9"))
        );
        // Only the hops the trusted proxies added: what the client wrote before them is not
        // believed.
        let spoof = headers(&[
            ("x-forwarded-for", "1.2.3.4"),
            ("x-forwarded-for", "198.51.100.7"),
        ]);
        assert_eq!(
            client_ip(Some(ip("10.0.0.2")), &spoof, &trusted),
            Some(ip("198.51.100.7"))
        );
        let fwd = headers(&[
            (
                "forwarded",
                r#"for="[2001:db8::1]:4711";proto=https, for=10.0.0.9"#,
            ),
            ("x-forwarded-for", "192.0.2.1"),
        ]);
        assert_eq!(
            client_ip(Some(ip("10.0.0.2")), &fwd, &trusted),
            Some(ip("2001:db8::1"))
        );
        let hidden = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(
            client_ip(Some(ip("10.0.0.2")), &hidden, &trusted),
            Some(ip("10.0.0.2"))
        );
        assert_eq!(
            client_ip(Some(ip("10.0.0.2")), &HeaderMap::new(), &trusted),
            Some(ip("10.0.0.2"))
        );
        let port = headers(&[("x-forwarded-for", "198.51.100.7:5555")]);
        assert_eq!(
            client_ip(Some(ip("10.0.0.2")), &port, &trusted),
            Some(ip("198.51.100.7"))
        );
        assert_eq!(client_ip(None, &xff, &trusted), None);
    }
}
