//! `mancala serve`: the play site.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use mancala_server::{Config, Server};

#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// Address to listen on
    #[arg(long, env = "MANCALA_BIND", default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// Database URL, `sqlite://FILE` (the file is created if missing)
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://mancala.db")]
    database_url: String,
    /// Computer searches at once (default: the number of cores)
    #[arg(long, env = "MANCALA_SEARCHES")]
    searches: Option<usize>,
    #[command(flatten)]
    limits: LimitArgs,
}

/// The server's limits (docs/operations.md, "Limits"), each a flag with an environment
/// fallback; a flag left out keeps `Limits::default()`.
#[derive(Debug, Args)]
pub(crate) struct LimitArgs {
    /// Largest WebSocket message in bytes; a bigger one closes with 1009 [default: 16384]
    #[arg(long, env = "MANCALA_WS_MAX_MESSAGE")]
    ws_max_message: Option<usize>,
    /// How often each WebSocket is pinged (e.g. 30s, 500ms, 2m) [default: 30s]
    #[arg(long, env = "MANCALA_WS_PING_INTERVAL", value_parser = duration)]
    ws_ping_interval: Option<Duration>,
    /// How long a ping waits for its pong before the socket is closed [default: 20s]
    #[arg(long, env = "MANCALA_WS_PONG_TIMEOUT", value_parser = duration)]
    ws_pong_timeout: Option<Duration>,
    /// How long a WebSocket may send no message before it is closed as idle [default: 10m]
    #[arg(long, env = "MANCALA_WS_IDLE_TIMEOUT", value_parser = duration)]
    ws_idle_timeout: Option<Duration>,
    /// WebSocket messages a client may send at once [default: 30]
    #[arg(long, env = "MANCALA_WS_MESSAGE_BURST")]
    ws_message_burst: Option<u32>,
    /// WebSocket messages per second over time; more close with 1008 [default: 5]
    #[arg(long, env = "MANCALA_WS_MESSAGES_PER_SECOND")]
    ws_messages_per_second: Option<u32>,
    /// Computer searches that may wait for a slot, over all games [default: 64]
    #[arg(long, env = "MANCALA_COMPUTER_QUEUE")]
    computer_queue: Option<usize>,
    /// Games of one client address that may wait for the computer at once [default: 4]
    #[arg(long, env = "MANCALA_COMPUTER_PER_CLIENT")]
    computer_per_client: Option<usize>,
}

impl LimitArgs {
    fn to_limits(&self) -> mancala_server::Limits {
        let mut l = mancala_server::Limits::default();
        let set = |field: &mut Duration, v: Option<Duration>| {
            if let Some(v) = v {
                *field = v;
            }
        };
        set(&mut l.ws_ping_interval, self.ws_ping_interval);
        set(&mut l.ws_pong_timeout, self.ws_pong_timeout);
        set(&mut l.ws_idle_timeout, self.ws_idle_timeout);
        l.ws_max_message = self.ws_max_message.unwrap_or(l.ws_max_message);
        l.ws_message_burst = self.ws_message_burst.unwrap_or(l.ws_message_burst);
        l.ws_messages_per_second = self
            .ws_messages_per_second
            .unwrap_or(l.ws_messages_per_second);
        l.computer_queue = self.computer_queue.unwrap_or(l.computer_queue);
        l.computer_per_client = self.computer_per_client.unwrap_or(l.computer_per_client);
        l
    }
}

/// A duration as the limits' flags take it: a number with a unit, `ms`, `s`, `m` or `h`
/// (`500ms`, `30s`, `10m`); a bare number is seconds. Zero is refused.
fn duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (n, unit) = t.split_at(split);
    let n: u64 = n
        .parse()
        .map_err(|_| format!("{text:?} is not a duration such as 30s, 500ms or 10m"))?;
    let d = match unit.trim() {
        "ms" => Duration::from_millis(n),
        "" | "s" => Duration::from_secs(n),
        "m" | "min" => Duration::from_secs(n.saturating_mul(60)),
        "h" => Duration::from_secs(n.saturating_mul(3600)),
        u => return Err(format!("{u:?} is not a unit of time: use ms, s, m or h")),
    };
    if d.is_zero() {
        return Err("a duration must be more than zero".to_owned());
    }
    Ok(d)
}

async fn shutdown_signal() {
    let ctrl_c = async {
        // Without a handler there is nothing to wait for; the other signal may still come.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
    tracing::info!("shutting down");
}

pub(crate) fn run(args: &ServeArgs) -> Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let searches = args
        .searches
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    let config = Config {
        bind: args.bind,
        database_url: args.database_url.clone(),
        searches,
        limits: args.limits.to_limits(),
    };
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async {
        let server = Server::bind(&config).await?;
        let addr = server.local_addr()?;
        let host = if addr.ip().is_unspecified() {
            "127.0.0.1".to_owned()
        } else {
            addr.ip().to_string()
        };
        let mut out = std::io::stdout();
        use std::io::Write as _;
        writeln!(
            out,
            "mancala {} serving on http://{host}:{}/ (database {})",
            mancala_server::version(),
            addr.port(),
            config.database_url
        )?;
        out.flush()?;
        server.run(shutdown_signal()).await?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::duration;
    use std::time::Duration;

    #[test]
    fn durations_read_with_their_units() {
        assert_eq!(duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(duration("30s"), Ok(Duration::from_secs(30)));
        assert_eq!(duration("30"), Ok(Duration::from_secs(30)));
        assert_eq!(duration("10m"), Ok(Duration::from_secs(600)));
        assert_eq!(duration("2h"), Ok(Duration::from_secs(7200)));
        for bad in ["", "s", "10 parsecs", "-1s", "0s", "1.5s"] {
            assert!(duration(bad).is_err(), "{bad}");
        }
    }
}
