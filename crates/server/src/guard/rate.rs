//! The rate of new games per client address: a bucket of `burst` games per address, refilled at
//! `per_hour` games an hour.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Buckets kept before the full ones are forgotten (a full bucket is the same as none).
const PRUNE_AT: usize = 4096;

#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Buckets of new games per client address.
#[derive(Debug)]
pub(crate) struct RateLimiter {
    burst: f64,
    per_second: f64,
    buckets: Mutex<HashMap<Option<IpAddr>, Bucket>>,
}

/// The bucket an address counts in: an IPv6 address by its /64 (one host's share of a
/// network), an IPv4 address by itself; `None` (no socket) in one bucket of its own.
fn key(ip: Option<IpAddr>) -> Option<IpAddr> {
    ip.map(|ip| match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or_else(
            || IpAddr::V6((u128::from(v6) & !u128::from(u64::MAX)).into()),
            IpAddr::V4,
        ),
        v4 @ IpAddr::V4(_) => v4,
    })
}

impl RateLimiter {
    /// `burst` new games at once per address (0: no limit), then `per_hour` more an hour.
    #[must_use]
    pub(crate) fn new(burst: u32, per_hour: u32) -> Self {
        Self {
            burst: f64::from(burst),
            per_second: f64::from(per_hour) / 3600.0,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one new game from `ip`'s bucket.
    ///
    /// # Errors
    /// The bucket is empty: how long until it holds a game again (`None`: never, without a
    /// refill rate).
    pub(crate) fn take(&self, ip: Option<IpAddr>) -> Result<(), Option<Duration>> {
        if self.burst <= 0.0 {
            return Ok(());
        }
        let now = Instant::now();
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= PRUNE_AT {
            buckets.retain(|_, b| self.refilled(*b, now) < self.burst);
        }
        let b = buckets.entry(key(ip)).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let tokens = self.refilled(*b, now);
        if tokens >= 1.0 {
            *b = Bucket {
                tokens: tokens - 1.0,
                at: now,
            };
            Ok(())
        } else if self.per_second > 0.0 {
            Err(Some(Duration::from_secs_f64(
                (1.0 - tokens) / self.per_second,
            )))
        } else {
            Err(None)
        }
    }

    fn refilled(&self, b: Bucket, now: Instant) -> f64 {
        let elapsed = now.saturating_duration_since(b.at).as_secs_f64();
        (b.tokens + elapsed * self.per_second).min(self.burst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> Option<IpAddr> {
        s.parse().ok()
    }

    #[test]
    fn a_burst_then_a_refusal_per_address() {
        let r = RateLimiter::new(2, 1);
        assert!(r.take(ip("192.0.2.1")).is_ok());
        assert!(r.take(ip("192.0.2.1")).is_ok());
        let wait = r.take(ip("192.0.2.1")).expect_err("the third is refused");
        assert!(
            wait.is_some_and(|w| w > Duration::from_secs(3000)),
            "{wait:?}"
        );
        assert!(
            r.take(ip("192.0.2.2")).is_ok(),
            "another address has its own bucket"
        );
        // One IPv6 network /64 shares a bucket.
        assert!(r.take(ip("2001:db8::1")).is_ok());
        assert!(r.take(ip("2001:db8::2")).is_ok());
        assert!(r.take(ip("2001:db8::3")).is_err());
        assert!(r.take(ip("2001:db8:0:1::1")).is_ok());
        let free = RateLimiter::new(0, 0);
        assert!(
            (0..100).all(|_| free.take(None).is_ok()),
            "a burst of 0 is no limit"
        );
        let none = RateLimiter::new(1, 0);
        assert!(none.take(None).is_ok());
        assert_eq!(none.take(None), Err(None));
    }
}
