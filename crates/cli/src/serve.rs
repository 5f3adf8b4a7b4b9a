//! `mancala serve`: the play site.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use mancala_server::{Config, Limits, Server};

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
/// fallback; the defaults are `Limits::default()`'s.
#[derive(Debug, Args)]
pub(crate) struct LimitArgs {
    /// Time a client has to send a request's headers, from its first byte (`500ms`, `10s`,
    /// `2m`; a bare number is seconds)
    #[arg(long, env = "MANCALA_HEADER_TIMEOUT", default_value_t = Timeout(Limits::default().header_timeout))]
    header_timeout: Timeout,
    /// Time a client has to send a request's body once its headers are in (then a 408)
    #[arg(long, env = "MANCALA_BODY_TIMEOUT", default_value_t = Timeout(Limits::default().body_timeout))]
    body_timeout: Timeout,
    /// Time a connection may wait for its next request before it is closed
    #[arg(long, env = "MANCALA_IDLE_TIMEOUT", default_value_t = Timeout(Limits::default().idle_timeout))]
    idle_timeout: Timeout,
    /// Open connections at once, WebSockets included (never more than the open-file limit
    /// allows); over it, a 503
    #[arg(long, env = "MANCALA_MAX_CONNECTIONS", default_value_t = Limits::default().max_connections,
          value_parser = at_least_one)]
    max_connections: usize,
    /// Open connections at once from one client address; over it, a 503 (behind a reverse
    /// proxy, set it to --max-connections)
    #[arg(long, env = "MANCALA_MAX_CONNECTIONS_PER_ADDRESS",
          default_value_t = Limits::default().max_connections_per_address,
          value_parser = at_least_one)]
    max_connections_per_address: usize,
    /// The site's public URL, e.g. `https://mancala.example`; when https, HSTS and `Secure`
    /// cookies
    #[arg(long, env = "MANCALA_PUBLIC_URL", value_parser = public_url)]
    public_url: Option<String>,
}

impl LimitArgs {
    fn to_limits(&self) -> Limits {
        let mut limits = Limits::default();
        limits.header_timeout = self.header_timeout.0;
        limits.body_timeout = self.body_timeout.0;
        limits.idle_timeout = self.idle_timeout.0;
        limits.max_connections = self.max_connections;
        limits.max_connections_per_address = self.max_connections_per_address;
        limits.public_url.clone_from(&self.public_url);
        limits
    }
}

/// A timeout as an operator writes it: a number with `ms`, `s` or `m`, or a bare number of
/// seconds; more than zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Timeout(Duration);

impl std::str::FromStr for Timeout {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        let split = text
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len());
        let (number, unit) = text.split_at(split);
        let n: u64 = number
            .parse()
            .map_err(|_| format!("{text:?} is not a duration: write e.g. 500ms, 10s or 2m"))?;
        let d = match unit.trim() {
            "ms" => Duration::from_millis(n),
            "" | "s" => Duration::from_secs(n),
            "m" => Duration::from_secs(n.saturating_mul(60)),
            u => return Err(format!("unknown unit {u:?}: use ms, s or m")),
        };
        if d.is_zero() {
            return Err("a timeout must be more than zero".to_owned());
        }
        Ok(Self(d))
    }
}

impl std::fmt::Display for Timeout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0.subsec_millis() == 0 {
            write!(f, "{}s", self.0.as_secs())
        } else {
            write!(f, "{}ms", self.0.as_millis())
        }
    }
}

/// A cap: a whole number, at least 1.
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("{text:?} is not a whole number of at least 1")),
    }
}

/// A public URL: `http://` or `https://` and a host.
fn public_url(text: &str) -> Result<String, String> {
    let text = text.trim().trim_end_matches('/');
    let host = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
        .ok_or_else(|| format!("{text:?} is not a URL: write e.g. https://mancala.example"))?;
    if host.is_empty() || host.contains(char::is_whitespace) {
        return Err(format!("{text:?} has no host"));
    }
    Ok(text.to_owned())
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
    use super::*;

    fn timeout(text: &str) -> Result<Duration, String> {
        text.parse::<Timeout>().map(|t| t.0)
    }

    #[test]
    fn timeouts_read_as_an_operator_writes_them_and_show_so() {
        assert_eq!(timeout("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(timeout("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(timeout("7"), Ok(Duration::from_secs(7)));
        assert_eq!(timeout("2m"), Ok(Duration::from_secs(120)));
        assert!(timeout("0s").is_err());
        assert!(timeout("ten").is_err());
        assert!(timeout("5h").is_err());
        for t in ["500ms", "10s", "1500ms"] {
            assert_eq!(t.parse::<Timeout>().unwrap().to_string(), t);
        }
        assert!(at_least_one("0").is_err());
        assert_eq!(at_least_one("64"), Ok(64));
    }

    #[test]
    fn public_urls_need_a_scheme_and_a_host() {
        assert_eq!(
            public_url("https://mancala.example/"),
            Ok("https://mancala.example".to_owned())
        );
        assert!(public_url("mancala.example").is_err());
        assert!(public_url("https://").is_err());
    }
}
