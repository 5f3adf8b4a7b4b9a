//! `mancala serve`: the play site.

use std::net::SocketAddr;

use anyhow::{Context, Result};
use clap::Args;
use mancala_server::{Config, Server};

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
    #[command(flatten)]
    limits: LimitArgs,
}

/// The server's limits (docs/operations.md, "Limits"), each a flag with an environment
/// fallback.
#[derive(Debug, Args)]
pub(crate) struct LimitArgs {}

impl LimitArgs {
    fn to_limits(&self) -> mancala_server::Limits {
        mancala_server::Limits::default()
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
            mancala_server::store::redacted_url(&config.database_url)
        )?;
        out.flush()?;
        server.run(shutdown_signal()).await?;
        Ok(())
    })
}
