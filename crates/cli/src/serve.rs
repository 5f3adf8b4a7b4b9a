//! `mancala serve`: the play site.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, Result};
use clap::Args;
use mancala_server::{Config, IpRange, Limits, Server};

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
/// fallback.
#[derive(Debug, Args)]
pub(crate) struct LimitArgs {
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
}

impl LimitArgs {
    fn to_limits(&self) -> Limits {
        let mut limits = Limits::default();
        limits.allowed_origins.clone_from(&self.allowed_origins);
        limits.trusted_proxies.clone_from(&self.trusted_proxies);
        limits.create_burst = self.create_burst;
        limits.create_per_hour = self.create_per_hour;
        limits.unstarted_expiry =
            Duration::from_secs(self.unstarted_expiry_hours.saturating_mul(3600));
        limits
    }
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
#[allow(clippy::unwrap_used, reason = "tests")]
mod tests {
    use clap::Parser;

    use super::*;

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
}
