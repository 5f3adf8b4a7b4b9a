//! The CPU time this process has used, for printing beside a benchmark's figures the share of
//! a core it got: these machines are shared, and a figure read at 30% of a core means nothing
//! without it.

use std::time::{Duration, Instant};

/// Linux's `USER_HZ`, the unit of the times in `/proc/<pid>/stat`: 100 on every architecture
/// Linux runs on today (std cannot ask `sysconf`). A tick is 10 ms, which bounds the error of a
/// share over the shortest loop (a quarter of the time).
const TICKS_PER_SEC: f64 = 100.0;

/// The CPU time (user + system) in seconds of a `/proc/<pid>/stat` line: fields 14 and 15,
/// counted after the command name, which is in parentheses and may hold spaces and `)`.
fn cpu_secs_of_stat(line: &str) -> Option<f64> {
    let rest = &line[line.rfind(')')? + 1..];
    // `rest` starts at field 3 (the state).
    let mut fields = rest.split_whitespace().skip(14 - 3);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / TICKS_PER_SEC)
}

/// This process's CPU time so far, where `/proc` tells it.
fn cpu_secs() -> Option<f64> {
    cpu_secs_of_stat(&std::fs::read_to_string("/proc/self/stat").ok()?)
}

/// The CPU time so far of process `pid` (the server a benchmark started), where `/proc` tells.
pub(crate) fn cpu_secs_of_pid(pid: u32) -> Option<f64> {
    cpu_secs_of_stat(&std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?)
}

/// CPU seconds used over wall seconds passed: 1.0 is one core all the time.
pub(crate) fn cpu_share(cpu_before: Option<f64>, cpu_after: Option<f64>, wall: f64) -> Option<f64> {
    let used = cpu_after? - cpu_before?;
    (wall > 0.0 && used >= 0.0).then(|| used / wall)
}

/// A share as `97%`, or `-` when unknown.
pub(crate) fn share_text(share: Option<f64>) -> String {
    share.map_or_else(|| "-".to_owned(), |s| format!("{:.0}%", s * 100.0))
}

/// Wall time and this process's CPU time from the same start.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stopwatch {
    wall: Instant,
    cpu: Option<f64>,
}

impl Stopwatch {
    pub(crate) fn start() -> Self {
        Self {
            cpu: cpu_secs(),
            wall: Instant::now(),
        }
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.wall.elapsed()
    }

    /// The wall seconds since the start, and the CPU share over them.
    pub(crate) fn read(&self) -> (f64, Option<f64>) {
        let secs = self.wall.elapsed().as_secs_f64();
        (secs, cpu_share(self.cpu, cpu_secs(), secs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_from_proc_stat() {
        // The command name may hold spaces and parentheses; utime 250 and stime 30 ticks.
        let line = "27689 (a b) c)) R 27684 27684 24495 0 -1 4194304 101 0 0 0 250 30 4 1 20 \
                    0 1 0 109324 3133440 387";
        assert_eq!(cpu_secs_of_stat(line), Some(2.8));
        assert_eq!(cpu_secs_of_stat("27689 (cat) R 1 2"), None);
        assert_eq!(cpu_secs_of_stat("no parenthesis 1 2 3"), None);
        assert_eq!(cpu_share(Some(1.0), Some(1.5), 2.0), Some(0.25));
        assert_eq!(cpu_share(None, Some(1.5), 2.0), None);
        assert_eq!(cpu_share(Some(1.0), Some(1.5), 0.0), None);
        assert_eq!(share_text(Some(0.974)), "97%");
        assert_eq!(share_text(None), "-");
    }
}
