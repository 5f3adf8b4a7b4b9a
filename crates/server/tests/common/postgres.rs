//! PostgreSQL for the tests, from `MANCALA_TEST_POSTGRES_URL` (a server the tests may create
//! databases on; `.ci/postgres start DIR` starts one). Without it a PostgreSQL test is skipped
//! with a note, except under `CI=true`, where it fails: CI never skips. Shared by the server's
//! tests and the command's (`crates/cli/tests`, through `#[path]`).

#![allow(dead_code, reason = "each test file uses a part")]

use std::sync::atomic::{AtomicU32, Ordering};

use sqlx::Connection as _;

/// The variable that names the test server.
pub(crate) const POSTGRES_ENV: &str = "MANCALA_TEST_POSTGRES_URL";

/// The test server's URL; `None` (with a note) when it is not named, outside CI.
///
/// # Panics
/// Under `CI=true` when it is not named.
pub(crate) fn postgres_server(test: &str) -> Option<String> {
    match std::env::var(POSTGRES_ENV) {
        Ok(url) if !url.trim().is_empty() => Some(url),
        _ => {
            let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
            assert!(
                !ci,
                "{test}: CI=true and {POSTGRES_ENV} is not set: the PostgreSQL tests must run \
                 in CI (.ci/run starts a server)"
            );
            eprintln!(
                "note: {test} skipped on PostgreSQL: set {POSTGRES_ENV}=postgres://USER@HOST:PORT/DB \
                 to run it (.ci/postgres start DIR starts a throwaway server)"
            );
            None
        }
    }
}

/// A new empty database on the test server, as a URL (`None` as [`postgres_server`]).
///
/// # Panics
/// The server cannot be reached, or refuses to create a database.
pub(crate) async fn fresh_postgres(test: &str) -> Option<String> {
    static COUNT: AtomicU32 = AtomicU32::new(0);
    let server = postgres_server(test)?;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    let name = format!(
        "mancala_test_{}_{}_{nanos}",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    );
    let mut c = sqlx::PgConnection::connect(&server)
        .await
        .unwrap_or_else(|e| panic!("{POSTGRES_ENV}={server}: {e}"));
    sqlx::raw_sql(&format!("CREATE DATABASE {name}"))
        .execute(&mut c)
        .await
        .unwrap_or_else(|e| panic!("CREATE DATABASE {name}: {e}"));
    let _ = c.close().await;
    let mut url = url::Url::parse(&server).unwrap_or_else(|e| panic!("{POSTGRES_ENV}: {e}"));
    url.set_path(&name);
    Some(url.to_string())
}
