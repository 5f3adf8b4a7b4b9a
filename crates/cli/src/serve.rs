//! `mancala serve`: the play site.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use mancala_server::{Config, IpRange, Limits, Server};

#[derive(Debug, Args)]
pub(crate) struct ServeArgs {
    /// Address to listen on
    #[arg(long, env = "MANCALA_BIND", default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// Database URL: `sqlite://FILE` (created if missing; one server per file) or
    /// `postgres://USER:PASSWORD@HOST:PORT/DATABASE` (shared by any number of servers)
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://mancala.db")]
    database_url: String,
    /// Computer searches at once (default: the number of cores)
    #[arg(long, env = "MANCALA_SEARCHES")]
    searches: Option<usize>,
    /// Address of a second listener that serves `GET /metrics` (Prometheus text format) and
    /// nothing else; it has no password, so bind a loopback or private address (default: no
    /// metrics)
    #[arg(long, env = "MANCALA_METRICS_ADDR")]
    metrics_addr: Option<SocketAddr>,
    /// Folder of level 8's Kalah books, read or built on first use (default: the SQLite
    /// file's folder; the working directory with PostgreSQL; none, memory only, with
    /// `sqlite::memory:`)
    #[arg(long, env = "MANCALA_BOOK_DIR", value_name = "DIR")]
    book_dir: Option<PathBuf>,
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
    /// An origin (`https://host[:port]`) whose pages may post the forms, call the JSON API and
    /// open game connections, besides the site's own host; repeatable, or comma-separated
    #[arg(long = "allowed-origin", env = "MANCALA_ALLOWED_ORIGINS", value_delimiter = ',',
          value_parser = mancala_server::parse_origin)]
    allowed_origins: Vec<String>,
    /// A reverse proxy in front of the server (an address or a network such as 10.0.0.0/8):
    /// its `Forwarded` or `X-Forwarded-For` names the client; repeatable, or comma-separated
    #[arg(
        long = "trusted-proxy",
        env = "MANCALA_TRUSTED_PROXIES",
        value_delimiter = ','
    )]
    trusted_proxies: Vec<IpRange>,
    /// New games one client address may create at once (0: no limit)
    #[arg(long, env = "MANCALA_CREATE_BURST", default_value_t = Limits::default().create_burst)]
    create_burst: u32,
    /// New games an hour that refill a client address's burst
    #[arg(long, env = "MANCALA_CREATE_PER_HOUR",
          default_value_t = Limits::default().create_per_hour)]
    create_per_hour: u32,
    /// Hours an unstarted game is kept before it is deleted
    #[arg(long, env = "MANCALA_UNSTARTED_EXPIRY_HOURS",
          default_value_t = Limits::default().unstarted_expiry.as_secs() / 3600)]
    unstarted_expiry_hours: u64,
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
        let mut l = Limits::default();
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
        l.allowed_origins.clone_from(&self.allowed_origins);
        l.trusted_proxies.clone_from(&self.trusted_proxies);
        l.create_burst = self.create_burst;
        l.create_per_hour = self.create_per_hour;
        l.unstarted_expiry = Duration::from_secs(self.unstarted_expiry_hours.saturating_mul(3600));
        l.header_timeout = self.header_timeout.0;
        l.body_timeout = self.body_timeout.0;
        l.idle_timeout = self.idle_timeout.0;
        l.max_connections = self.max_connections;
        l.max_connections_per_address = self.max_connections_per_address;
        l.public_url.clone_from(&self.public_url);
        l
    }
}

/// A duration as the limits' flags take it (see [`Timeout`]).
fn duration(text: &str) -> Result<Duration, String> {
    text.parse::<Timeout>().map(|t| t.0)
}

/// A duration as an operator writes it: a number with `ms`, `s`, `m` or `h`, or a bare number
/// of seconds; more than zero.
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
            "m" | "min" => Duration::from_secs(n.saturating_mul(60)),
            "h" => Duration::from_secs(n.saturating_mul(3600)),
            u => return Err(format!("unknown unit {u:?}: use ms, s, m or h")),
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

/// Where the Kalah books go when `--book-dir` is not given: beside a SQLite file, in the
/// working directory with PostgreSQL, nowhere (memory only) with an in-memory SQLite.
fn default_book_dir(database_url: &str) -> Option<PathBuf> {
    let Some(rest) = database_url.strip_prefix("sqlite:") else {
        return Some(PathBuf::from("."));
    };
    let path = rest.strip_prefix("//").unwrap_or(rest);
    let path = path.split('?').next().unwrap_or_default();
    if path.is_empty() || path.contains(":memory:") || database_url.contains("mode=memory") {
        return None;
    }
    match Path::new(path).parent() {
        Some(p) if !p.as_os_str().is_empty() => Some(p.to_path_buf()),
        _ => Some(PathBuf::from(".")),
    }
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
    let book_dir = args
        .book_dir
        .clone()
        .or_else(|| default_book_dir(&config.database_url));
    match &book_dir {
        Some(d) => tracing::info!(book_dir = %d.display(), "kalah books"),
        None => tracing::info!("kalah books in memory only (an in-memory database)"),
    }
    mancala_engine::perfect::set_book_dir(book_dir);
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async {
        let mut server = Server::bind(&config).await?;
        let metrics = match args.metrics_addr {
            Some(a) => Some(server.bind_metrics(a).await?),
            None => None,
        };
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
            mancala_server::store::redacted_url(&config.database_url)
        )?;
        if let Some(m) = metrics {
            writeln!(out, "metrics on http://{m}/metrics")?;
        }
        out.flush()?;
        server.run(shutdown_signal()).await?;
        Ok(())
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used, reason = "tests")]
mod tests {
    use clap::Parser;

    use super::*;

    #[test]
    fn books_go_beside_the_database() {
        let dir = |u: &str| default_book_dir(u).map(|p| p.display().to_string());
        assert_eq!(dir("sqlite://mancala.db").as_deref(), Some("."));
        assert_eq!(
            dir("sqlite:///var/lib/mancala/mancala.db?mode=rwc").as_deref(),
            Some("/var/lib/mancala")
        );
        assert_eq!(dir("sqlite://data/m.db").as_deref(), Some("data"));
        assert_eq!(dir("sqlite::memory:"), None);
        assert_eq!(dir("sqlite://x.db?mode=memory"), None);
        assert_eq!(dir("postgres://u:p@h/db").as_deref(), Some("."));
    }

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

    #[derive(Debug, Parser)]
    struct Flags {
        #[command(flatten)]
        limits: LimitArgs,
    }

    fn limits(args: &[&str]) -> Result<Limits, clap::Error> {
        Flags::try_parse_from(std::iter::once("serve").chain(args.iter().copied()))
            .map(|f| f.limits.to_limits())
    }

    #[test]
    fn the_limit_flags_fill_the_limits_and_default_to_them() {
        assert_eq!(limits(&[]).unwrap(), Limits::default());
        let l = limits(&[
            "--allowed-origin",
            "https://Front.example/",
            "--allowed-origin",
            "http://192.168.1.5:8080",
            "--trusted-proxy",
            "10.0.0.0/8,::1",
            "--create-burst",
            "5",
            "--create-per-hour",
            "60",
            "--unstarted-expiry-hours",
            "2",
        ])
        .unwrap();
        assert_eq!(
            l.allowed_origins,
            ["https://front.example", "http://192.168.1.5:8080"]
        );
        assert_eq!(l.trusted_proxies.len(), 2);
        assert!(l.trusted_proxies[0].contains("10.1.2.3".parse().unwrap()));
        assert_eq!((l.create_burst, l.create_per_hour), (5, 60));
        assert_eq!(l.unstarted_expiry, Duration::from_secs(7200));
        for bad in [
            &["--allowed-origin", "front.example"][..],
            &["--trusted-proxy", "proxy.example"],
            &["--create-burst", "-1"],
        ] {
            assert!(limits(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn timeouts_read_as_an_operator_writes_them_and_show_so() {
        assert_eq!(duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(duration("7"), Ok(Duration::from_secs(7)));
        assert_eq!(duration("2m"), Ok(Duration::from_secs(120)));
        assert!(duration("0s").is_err());
        assert!(duration("ten").is_err());
        assert_eq!(duration("5h"), Ok(Duration::from_secs(18_000)));
        for t in ["500ms", "10s", "1500ms"] {
            assert_eq!(t.parse::<Timeout>().unwrap().to_string(), t);
        }
        assert!(at_least_one("0").is_err());
        assert_eq!(at_least_one("64"), Ok(64));
    }

    #[derive(Debug, Parser)]
    struct Serve {
        #[command(flatten)]
        serve: ServeArgs,
    }

    /// docs/operations.md's configuration table has a row for every option of `mancala serve`,
    /// with its environment variable, and no row for an option that does not exist.
    #[test]
    fn the_operations_guide_lists_every_serve_option() {
        use clap::CommandFactory as _;
        let doc = include_str!("../../../docs/operations.md");
        let mut options = Vec::new();
        for arg in Serve::command().get_arguments() {
            let Some(long) = arg.get_long() else {
                continue;
            };
            let env = arg.get_env().unwrap().to_string_lossy().into_owned();
            let row = format!("| `--{long}` | `{env}`");
            assert!(doc.contains(&row), "docs/operations.md has no row {row}");
            options.push(format!("--{long}"));
        }
        assert!(options.len() > 20, "{options:?}");
        for line in doc.lines() {
            if let Some(rest) = line.strip_prefix("| `--") {
                let name = rest.split('`').next().unwrap();
                assert!(
                    options.contains(&format!("--{name}")),
                    "docs/operations.md has a row for --{name}, which mancala serve does not take"
                );
            }
        }
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
