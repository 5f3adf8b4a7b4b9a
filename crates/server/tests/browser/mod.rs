//! The browser harness of the end-to-end tests: the server in this process on 127.0.0.1:0
//! with a fresh `SQLite` file, Debian's chromedriver on a free port, browser sessions, and the
//! game page's state as a test reads it. Each end-to-end file says `mod browser;`.

#![allow(
    dead_code,
    unreachable_pub,
    reason = "each end-to-end file uses a part"
)]
#![allow(
    clippy::unwrap_used,
    clippy::print_stdout,
    reason = "a test: failing loudly and printing its artifacts is the point"
)]

use std::io::{Read as _, Write as _};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource as _, KeyAction, KeyActions};
use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use mancala_server::{Config, Server};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

/// Debian's paths; `MANCALA_E2E_CHROMIUM` and `MANCALA_E2E_CHROMEDRIVER` override them.
pub(crate) const CHROMIUM: &str = "/usr/bin/chromium";
pub(crate) const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
pub(crate) const DEADLINE: Duration = Duration::from_secs(60);
pub(crate) const POLL: Duration = Duration::from_millis(40);

/// The browser and its driver, or `None` (with a notice) where they are missing outside CI;
/// with `CI=true` a missing one fails the test.
pub(crate) fn tools_or_skip() -> Option<Tools> {
    let ci = std::env::var("CI").is_ok_and(|v| v == "true");
    let tools = Tools {
        chromium: tool("MANCALA_E2E_CHROMIUM", CHROMIUM),
        chromedriver: tool("MANCALA_E2E_CHROMEDRIVER", CHROMEDRIVER),
    };
    let missing: Vec<String> = [&tools.chromium, &tools.chromedriver]
        .into_iter()
        .filter(|p| !p.is_file())
        .map(|p| p.display().to_string())
        .collect();
    if missing.is_empty() {
        return Some(tools);
    }
    assert!(
        !ci,
        "CI=true but {} missing: the end-to-end tests need Debian's chromium and \
         chromium-driver (.ci/run installs them)",
        missing.join(" and ")
    );
    eprintln!(
        "notice: skipping an end-to-end browser test: {} missing \
         (apt-get install chromium chromium-driver)",
        missing.join(" and ")
    );
    None
}

// ---------------------------------------------------------------- the site, through the form

#[derive(Clone, Debug)]
pub(crate) struct Game {
    pub(crate) id: String,
    pub(crate) seat: String,
}

/// Fills in the home page form and lands on the new game's page with `?anim=off`.
pub(crate) async fn create_game(
    origin: &str,
    page: &Page,
    variant: &str,
    opponent: &str,
    level: Option<u8>,
    side: &str,
) -> Game {
    page.goto(&format!("{origin}/en/")).await;
    let form = page.find("form#new-game").await;
    form.find(Locator::Css("select[name=variant]"))
        .await
        .expect("the variant menu")
        .select_by_value(variant)
        .await
        .unwrap_or_else(|e| panic!("no variant {variant} in the menu: {e}"));
    page.click(&format!("input[name=opponent][value={opponent}]"))
        .await;
    if let Some(level) = level {
        form.find(Locator::Css("select[name=level]"))
            .await
            .expect("the level menu")
            .select_by_value(&level.to_string())
            .await
            .unwrap_or_else(|e| panic!("no level {level} in the menu: {e}"));
    }
    page.click(&format!("input[name=side][value={side}]")).await;
    page.click("form#new-game [type=submit]").await;
    let url = wait_for(page, "the new game's page", async || {
        let url = page.url().await;
        if url.contains("/en/g/") {
            Ok(url)
        } else {
            Err(format!("at {url}"))
        }
    })
    .await;
    page.goto(&format!("{url}?anim=off")).await;
    let s = page
        .wait_state("the new game's live board", |s| s.live && s.online)
        .await;
    assert!(
        url.ends_with(&format!("/g/{}/{}", s.id, s.seat)),
        "{url} is not the seat's link"
    );
    let api = api_game(origin, &s.id).await;
    assert_eq!(api["variant"], variant, "{api}");
    assert_eq!(api["mode"], opponent, "{api}");
    assert_eq!(api["ply"], 0, "{api}");
    Game {
        id: s.id,
        seat: s.seat,
    }
}

/// What a game page shows, read in one script through the stable hooks of web/game.js.
#[derive(Debug, Deserialize)]
pub(crate) struct State {
    pub(crate) id: String,
    pub(crate) seat: String,
    pub(crate) live: bool,
    pub(crate) ply: u32,
    pub(crate) busy: bool,
    pub(crate) online: bool,
    pub(crate) playable: Vec<String>,
    pub(crate) choices: Vec<String>,
    pub(crate) turn: String,
    pub(crate) turn_state: String,
    pub(crate) outcome: String,
    pub(crate) status: String,
    pub(crate) invite_shown: bool,
    /// The text of the aria-live announcer.
    pub(crate) announced: String,
    /// The last move of the move list.
    pub(crate) last: String,
}

pub(crate) const STATE_JS: &str = r"
const m = document.querySelector('main#game');
if (!m) return null;
const q = (s) => document.querySelector(s);
const shown = (e) => !!e && e.getClientRects().length > 0;
const inv = q('#invite-url');
return {
  id: m.dataset.id || '',
  seat: m.dataset.seat || '',
  live: m.classList.contains('live') && !!q('[data-pit]'),
  ply: Number(m.dataset.ply || 0),
  busy: m.dataset.busy === 'true',
  online: q('#connection')?.dataset.state === 'online',
  playable: [...document.querySelectorAll('[data-pit].playable')].map((e) => e.dataset.pit),
  choices: [...document.querySelectorAll('.choice-panel [data-choice]')].filter(shown).map((e) => e.dataset.choice),
  turn: q('#turn')?.textContent || '',
  turn_state: q('#turn')?.dataset.state || '',
  outcome: shown(q('#outcome')) ? q('#outcome').textContent : '',
  status: q('#status')?.textContent || '',
  invite_shown: shown(inv),
  announced: q('#announcer')?.textContent || '',
  last: q('#move-list .current')?.textContent || '',
};
";

impl std::fmt::Display for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "ply {} busy {} online {} turn {:?} ({}) playable {:?} choices {:?} outcome {:?} status {:?}",
            self.ply,
            self.busy,
            self.online,
            self.turn,
            self.turn_state,
            self.playable,
            self.choices,
            self.outcome,
            self.status
        )
    }
}

/// chromedriver's command for a log (not in the W3C protocol, so not in fantoccini).
#[derive(Debug)]
struct GetLog;

impl fantoccini::wd::WebDriverCompatibleCommand for GetLog {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/se/log",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (axum::http::Method, Option<String>) {
        (
            axum::http::Method::POST,
            Some(json!({ "type": "browser" }).to_string()),
        )
    }
}

// ---------------------------------------------------------------- browsers

/// Where the browser and its driver are.
#[derive(Debug)]
pub(crate) struct Tools {
    pub(crate) chromium: PathBuf,
    pub(crate) chromedriver: PathBuf,
}

pub(crate) fn tool(var: &str, default: &str) -> PathBuf {
    std::env::var_os(var).map_or_else(|| PathBuf::from(default), PathBuf::from)
}

/// One browser session (cheap to clone: a handle).
#[derive(Clone, Debug)]
pub(crate) struct Page {
    pub(crate) name: &'static str,
    pub(crate) client: Client,
}

impl Page {
    pub(crate) async fn goto(&self, url: &str) {
        self.client
            .goto(url)
            .await
            .unwrap_or_else(|e| panic!("{} cannot open {url}: {e}", self.name));
    }

    pub(crate) async fn url(&self) -> String {
        self.client
            .current_url()
            .await
            .map(|u| u.to_string())
            .unwrap_or_else(|e| panic!("{}: no current URL: {e}", self.name))
    }

    pub(crate) async fn find(&self, css: &str) -> fantoccini::elements::Element {
        wait_for(self, &format!("{css} on the page"), async || {
            self.client
                .find(Locator::Css(css))
                .await
                .map_err(|e| e.to_string())
        })
        .await
    }

    /// Clicks the element of `css` (waiting for it to exist), as a user would.
    pub(crate) async fn click(&self, css: &str) {
        let e = self.find(css).await;
        e.click()
            .await
            .unwrap_or_else(|err| panic!("{} cannot click {css}: {err}", self.name));
    }

    /// Runs `script` in the page (a function body: `return` gives the value).
    pub(crate) async fn js(&self, script: &str) -> Value {
        self.client
            .execute(script, vec![])
            .await
            .unwrap_or_else(|e| panic!("{}: script failed: {e}\n{script}", self.name))
    }

    /// Types `text` on the keyboard, as a person would, to whatever has the focus.
    pub(crate) async fn type_keys(&self, text: &str) {
        let mut keys = KeyActions::new("keyboard".to_owned());
        for c in text.chars() {
            keys = keys
                .then(KeyAction::Down { value: c })
                .then(KeyAction::Up { value: c });
        }
        self.client
            .perform_actions(keys)
            .await
            .unwrap_or_else(|e| panic!("{}: cannot type {text:?}: {e}", self.name));
    }

    /// Presses one key (Enter, Tab, an arrow, ...).
    pub(crate) async fn press(&self, key: Key) {
        let c = char::from(key);
        self.type_keys(&c.to_string()).await;
    }

    /// Makes the page's viewport `w` x `h` (the window is larger by what the browser reserves
    /// around the page).
    /// The browser console's entries since the last call (chromedriver's log of type
    /// `browser`): each with its `level` and `message`.
    pub(crate) async fn browser_log(&self) -> Vec<Value> {
        let v = self
            .client
            .issue_cmd(GetLog)
            .await
            .unwrap_or_else(|e| panic!("{}: no browser log: {e}", self.name));
        v.as_array().cloned().unwrap_or_default()
    }

    pub(crate) async fn viewport(&self, w: u32, h: u32) {
        let frame = self
            .js("return [outerWidth - innerWidth, outerHeight - innerHeight];")
            .await;
        let frame = |i: usize| u32::try_from(frame[i].as_u64().unwrap_or(0)).unwrap_or(0);
        self.client
            .set_window_size(w + frame(0), h + frame(1))
            .await
            .unwrap_or_else(|e| panic!("{}: cannot resize: {e}", self.name));
    }

    pub(crate) async fn try_state(&self) -> Result<State, String> {
        let v = self
            .client
            .execute(STATE_JS, vec![])
            .await
            .map_err(|e| format!("script failed: {e}"))?;
        if v.is_null() {
            return Err(format!("no main#game at {}", self.url().await));
        }
        serde_json::from_value(v.clone()).map_err(|e| format!("{e}: {v}"))
    }

    pub(crate) async fn state(&self) -> State {
        self.try_state()
            .await
            .unwrap_or_else(|e| panic!("{}: cannot read the game page: {e}", self.name))
    }

    /// Waits for the page's state to satisfy `ok`, and returns that state.
    pub(crate) async fn wait_state(&self, what: &str, ok: impl Fn(&State) -> bool) -> State {
        wait_for(self, what, async || {
            let s = self.try_state().await?;
            if ok(&s) { Ok(s) } else { Err(s.to_string()) }
        })
        .await
    }
}

/// Polls `check` until it gives `Ok`, for at most [`DEADLINE`]; on timeout fails with what it
/// saw last.
pub(crate) async fn wait_for<T>(
    page: &Page,
    what: &str,
    mut check: impl AsyncFnMut() -> Result<T, String>,
) -> T {
    let start = Instant::now();
    loop {
        match check().await {
            Ok(v) => return v,
            Err(last) => {
                if start.elapsed() > DEADLINE {
                    panic!(
                        "{}: timed out after {DEADLINE:?} waiting for {what}\n  last seen: {last}",
                        page.name
                    );
                }
            }
        }
        tokio::time::sleep(POLL).await;
    }
}

pub(crate) async fn save_screenshot(page: &Page, path: &Path) {
    let png = page
        .client
        .screenshot()
        .await
        .unwrap_or_else(|e| panic!("{}: no screenshot: {e}", page.name));
    assert!(png.starts_with(b"\x89PNG"), "the screenshot is not a PNG");
    std::fs::write(path, &png).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    println!("e2e: screenshot {} ({} bytes)", path.display(), png.len());
}

/// A browser session with its own profile directory.
#[derive(Debug)]
pub(crate) struct Browser {
    pub(crate) page: Page,
    pub(crate) _profile: TempDir,
}

impl Browser {
    pub(crate) async fn open(tools: &Tools, driver: &Chromedriver, name: &'static str) -> Self {
        Self::open_with(tools, driver, name, None, &[]).await
    }

    /// A browser whose `Accept-Language` is `accept_language` (Chromium's preference), where
    /// given, with Chromium flags of its own (`--force-dark-mode`: the pages see
    /// `prefers-color-scheme: dark`).
    pub(crate) async fn open_with(
        tools: &Tools,
        driver: &Chromedriver,
        name: &'static str,
        accept_language: Option<&str>,
        extra: &[&str],
    ) -> Self {
        let profile = TempDir::new(&format!("profile-{name}"));
        let mut args = vec![
            "--headless".to_owned(),
            "--no-sandbox".to_owned(),
            "--disable-gpu".to_owned(),
            "--disable-dev-shm-usage".to_owned(),
            "--disable-background-networking".to_owned(),
            "--disable-component-update".to_owned(),
            "--disable-sync".to_owned(),
            "--no-first-run".to_owned(),
            "--window-size=1366,900".to_owned(),
            format!("--user-data-dir={}", profile.path.display()),
        ];
        args.extend(extra.iter().map(|a| (*a).to_owned()));
        let mut options = json!({ "binary": tools.chromium, "args": args });
        if let Some(accept) = accept_language {
            options["prefs"] = json!({ "intl": { "accept_languages": accept } });
        }
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": options,
            // The console, for Page::browser_log (a page's CSP violations are said there).
            "goog:loggingPrefs": { "browser": "ALL" },
        });
        let Value::Object(caps) = caps else {
            unreachable!("an object")
        };
        let client = ClientBuilder::native()
            .capabilities(caps)
            .connect(&driver.url)
            .await
            .unwrap_or_else(|e| {
                panic!(
                    "browser {name}: no session from chromedriver at {}: {e}",
                    driver.url
                )
            });
        Self {
            page: Page { name, client },
            _profile: profile,
        }
    }

    pub(crate) async fn close(self) {
        if let Err(e) = self.page.client.close().await {
            eprintln!("browser {}: close failed: {e}", self.page.name);
        }
    }
}

/// chromedriver on a free port, in its own process group: dropping it ends the group (the
/// driver and the browsers it started).
#[derive(Debug)]
pub(crate) struct Chromedriver {
    pub(crate) child: Child,
    pub(crate) url: String,
}

impl Chromedriver {
    pub(crate) fn start(tools: &Tools, log: &Path) -> Self {
        use std::os::unix::process::CommandExt as _;
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let mut child = Command::new(&tools.chromedriver)
            .arg(format!("--port={port}"))
            .arg(format!("--log-path={}", log.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", tools.chromedriver.display()));
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        let start = Instant::now();
        while TcpStream::connect_timeout(&addr, Duration::from_secs(1)).is_err() {
            if let Ok(Some(status)) = child.try_wait() {
                panic!(
                    "chromedriver exited at start ({status}); see {}",
                    log.display()
                );
            }
            assert!(
                start.elapsed() < DEADLINE,
                "chromedriver did not listen on port {port} within {DEADLINE:?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Self {
            child,
            url: format!("http://127.0.0.1:{port}"),
        }
    }
}

impl Drop for Chromedriver {
    fn drop(&mut self) {
        // The group of the driver: the driver itself and any browser left behind.
        let _ = Command::new("kill")
            .arg("-KILL")
            .arg("--")
            .arg(format!("-{}", self.child.id()))
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ---------------------------------------------------------------- the server

#[derive(Debug)]
pub(crate) struct Site {
    pub(crate) origin: String,
    pub(crate) stop: oneshot::Sender<()>,
    pub(crate) task: JoinHandle<()>,
}

impl Site {
    pub(crate) async fn start(db: &Path) -> Self {
        // The scenarios create many games from 127.0.0.1: no creation limit for them.
        let mut limits = mancala_server::Limits::default();
        limits.create_burst = 0;
        Self::start_with(db, limits).await
    }

    /// A site with the operator's `limits`.
    pub(crate) async fn start_with(db: &Path, limits: mancala_server::Limits) -> Self {
        let config = Config {
            bind: SocketAddr::from(([127, 0, 0, 1], 0)),
            database_url: format!("sqlite://{}", db.display()),
            searches: 1,
            limits,
        };
        let server = Server::bind(&config).await.expect("the server starts");
        let addr = server.local_addr().expect("the server's address");
        let (stop, rx) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            server
                .run(async move {
                    let _ = rx.await;
                })
                .await
                .expect("the server runs");
        });
        Self {
            origin: format!("http://{addr}"),
            stop,
            task,
        }
    }

    /// Stops the server; says what went wrong rather than failing, so that a failure of the
    /// scenarios is the one reported.
    pub(crate) async fn stop(self) -> Result<(), String> {
        let _ = self.stop.send(());
        match tokio::time::timeout(Duration::from_secs(10), self.task).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(format!("the server failed: {e}")),
            Err(_) => Err("the server did not stop within 10 s".to_owned()),
        }
    }
}

/// `GET /api/games/{id}`, straight from the server (not through a browser).
pub(crate) async fn api_game(origin: &str, id: &str) -> Value {
    let host = origin.trim_start_matches("http://").to_owned();
    let path = format!("/api/games/{id}");
    tokio::task::spawn_blocking(move || {
        let mut s = TcpStream::connect(&host).expect("connect to the server");
        s.set_read_timeout(Some(DEADLINE)).expect("timeout");
        write!(
            s,
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .expect("send the request");
        let mut raw = String::new();
        s.read_to_string(&mut raw).expect("read the response");
        let (head, body) = raw.split_once("\r\n\r\n").expect("an HTTP response");
        assert!(
            head.starts_with("HTTP/1.1 200"),
            "GET {path}: {head}\n{body}"
        );
        assert!(
            !head
                .to_ascii_lowercase()
                .contains("transfer-encoding: chunked"),
            "GET {path}: a chunked answer"
        );
        serde_json::from_str(body).unwrap_or_else(|e| panic!("GET {path}: {e}: {body}"))
    })
    .await
    .expect("the request task")
}

/// `POST {path}` with a JSON body, straight to the server: the answer's JSON (a 2xx status).
pub(crate) async fn post_json(origin: &str, path: &str, body: &Value) -> Value {
    let host = origin.trim_start_matches("http://").to_owned();
    let path = path.to_owned();
    let body = body.to_string();
    tokio::task::spawn_blocking(move || {
        let mut s = TcpStream::connect(&host).expect("connect to the server");
        s.set_read_timeout(Some(DEADLINE)).expect("timeout");
        write!(
            s,
            "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .expect("send the request");
        let mut raw = String::new();
        s.read_to_string(&mut raw).expect("read the response");
        let (head, answer) = raw.split_once("\r\n\r\n").expect("an HTTP response");
        assert!(
            head.starts_with("HTTP/1.1 2"),
            "POST {path}: {head}\n{answer}"
        );
        serde_json::from_str(answer).unwrap_or_else(|e| panic!("POST {path}: {e}: {answer}"))
    })
    .await
    .expect("the request task")
}

// ---------------------------------------------------------------- the English the client says

/// The English sentence the client announces for the move of `trace` (client.ftl `move-*`),
/// made here from the rules' own account of the move.
pub(crate) fn move_sentence_en(trace: &mancala::trace::Trace) -> String {
    let tr = mancala_server::i18n::Lang::En.tr();
    let captures: Vec<String> = trace
        .captures()
        .map(|(pit, seeds)| {
            tr.args(
                "move-capture",
                &[
                    ("seeds", mancala_server::i18n::Arg::from(seeds)),
                    ("pit", mancala_server::i18n::s(pit.to_string())),
                ],
            )
        })
        .collect();
    let again = trace.events().contains(&mancala::trace::Event::ExtraTurn);
    let mut args = vec![
        ("side", side_key(trace.before().turn())),
        ("move", mancala_server::i18n::s(trace.text().to_owned())),
    ];
    let id = match (captures.is_empty(), again) {
        (true, false) => "move-played",
        (true, true) => "move-played-again",
        (false, false) => "move-played-captured",
        (false, true) => "move-played-captured-again",
    };
    if !captures.is_empty() {
        args.push(("captures", mancala_server::i18n::s(english_list(&captures))));
    }
    tr.args(id, &args)
}

/// A list as the browser's `Intl.ListFormat("en", {type: "conjunction"})` writes it.
pub(crate) fn english_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [init @ .., last] => format!("{}, and {last}", init.join(", ")),
    }
}

pub(crate) fn side_key(side: mancala::Side) -> mancala_server::i18n::Arg {
    mancala_server::i18n::s(match side {
        mancala::Side::South => "south",
        mancala::Side::North => "north",
    })
}

// ---------------------------------------------------------------- small things

/// xorshift64*: the same seed, the same picks.
#[derive(Debug)]
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn pick<'a, T>(&mut self, from: &'a [T]) -> &'a T {
        assert!(!from.is_empty(), "nothing to pick from");
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        let r = self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 32;
        &from[usize::try_from(r).unwrap() % from.len()]
    }
}

/// A directory removed on drop.
#[derive(Debug)]
pub(crate) struct TempDir {
    pub(crate) path: PathBuf,
}

impl TempDir {
    pub(crate) fn new(what: &str) -> Self {
        static N: AtomicU32 = AtomicU32::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("mancala-e2e-{}-{n}-{what}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", path.display()));
        Self { path }
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// `target/e2e` of the workspace (or of `CARGO_TARGET_DIR`), created.
pub(crate) fn artifact_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"),
        PathBuf::from,
    );
    let dir = target.join("e2e");
    std::fs::create_dir_all(&dir)
        .unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir.canonicalize().unwrap_or(dir)
}
