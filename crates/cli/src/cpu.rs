//! The CPU time this process has used, for printing beside a benchmark's figures the share of
//! a core it got: these machines are shared, and a figure read at 30% of a core means nothing
//! without it.

use std::time::Instant;

/// Clock ticks a second of `/proc/self/stat`'s times (`USER_HZ`, 100 on Linux everywhere).
const TICKS_PER_SECOND: f64 = 100.0;

/// User plus system CPU seconds from the text of `/proc/self/stat`: fields 14 and 15, counted
/// after the command name in brackets (which may itself hold spaces or brackets).
fn cpu_seconds_of(stat: &str) -> Option<f64> {
    let rest = &stat[stat.rfind(')')? + 1..];
    let mut fields = rest.split_whitespace().skip(11);
    let user: f64 = fields.next()?.parse().ok()?;
    let system: f64 = fields.next()?.parse().ok()?;
    Some((user + system) / TICKS_PER_SECOND)
}

fn cpu_seconds() -> Option<f64> {
    cpu_seconds_of(&std::fs::read_to_string("/proc/self/stat").ok()?)
}

/// Wall and CPU time from a start.
#[derive(Debug)]
pub(crate) struct CpuClock {
    wall: Instant,
    cpu: Option<f64>,
}

impl CpuClock {
    pub(crate) fn start() -> Self {
        Self {
            wall: Instant::now(),
            cpu: cpu_seconds(),
        }
    }

    /// The share of one core the process used since the start (1.0 a full core; more with
    /// threads), or NaN where the system does not say.
    pub(crate) fn share(&self) -> f64 {
        let wall = self.wall.elapsed().as_secs_f64();
        match (self.cpu, cpu_seconds()) {
            (Some(a), Some(b)) if wall > 0.0 => (b - a) / wall,
            _ => f64::NAN,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_user_and_system_ticks() {
        let stat = "4242 (a (b) c) R 1 2 3 4 5 6 7 8 9 10 250 50 0 0 20 0 1 0 100 0 0";
        assert_eq!(cpu_seconds_of(stat), Some(3.0));
        assert_eq!(cpu_seconds_of("4242 (x) R 1 2"), None);
        assert_eq!(cpu_seconds_of("garbage"), None);
        assert!(cpu_seconds().is_some_and(|s| s >= 0.0));
    }
}
