//! The `mancala` command: terminal play, engine matches and analysis, replay, perft and
//! benchmarks for every game of the rules library (the Bao games, Hawalis, Hus, Kalah, Bao la
//! Kimasai, Omweso).
//!
//! Output goes through `Write` handles rather than `println!`, so a closed pipe
//! (`mancala perft ... | head`) ends the program quietly instead of panicking. Every error is
//! one line on stderr starting with `error:`, and exit status 2.

mod analyse;
mod arena;
mod bench;
mod bench_server;
mod board;
mod book;
mod cpu;
mod fuzz;
mod games;
mod ladder;
mod learnbench;
mod matchlog;
mod movepath;
mod perft;
mod play;
mod players;
mod replay;
mod rng;
mod serve;
mod smp;
mod solve;
mod storebench;
mod train;

use players::PlayerSpec;
use serve::ServeArgs;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use clap::{Args, Parser, Subcommand, ValueEnum};
use mancala::{
    Game, Notation, Position, PositionError, RuleOption, SeedTotal, Setup, Side, Variant,
};

/// Play and analyse mancala games: the four-row games of East Africa (Bao la Kiswahili, Bao la
/// Kujifunza, Bao la Kete, Hawalis, Hus, Bao la Kimasai, Omweso) and the two-row Kalah.
#[derive(Debug, Parser)]
#[command(name = "mancala", version, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the play site: pages, the WebSocket game protocol and the computer players
    #[command(
        after_help = "Open the printed URL in a browser. The database is created if missing.\n\
                            Examples:\n  mancala serve\n  mancala serve --bind 0.0.0.0:8080 \
                            --database-url sqlite:///var/lib/mancala/mancala.db"
    )]
    Serve(ServeArgs),
    /// List the variants: a slug, the name and the rule options of each, one a line
    #[command(after_help = "The slug is what every other command takes as VARIANT; \
                            scripts read the first word of each line.")]
    Variants,
    /// Count the move sequences of each length up to DEPTH (checks move generation)
    #[command(
        after_help = "The last line is the number of sequences of length DEPTH alone.\n\
                            Example: mancala perft bao-la-kiswahili 6"
    )]
    Perft(PerftArgs),
    /// Play moves from the start and print the position reached
    #[command(
        after_help = "Moves may be given as separate arguments or in one quoted string;\n\
                            move numbers such as `1.` are skipped.\n\
                            Example: mancala replay bao-la-kiswahili 'A6<*' 'a6<' 'A4<'"
    )]
    Replay(ReplayArgs),
    /// Draw a position diagram as a board
    #[command(
        after_help = "A two-row diagram is drawn as a Kalah board with its stores. The \
                            stores field of a\nfour-row diagram is taken for the seeds each side \
                            has captured (Hawalis); give --variant\nbao-la-kimasai to read it as \
                            the reserve.\n\
                            Examples:\n  mancala show \
                            '0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 11 -'\n  \
                            mancala show '4,4,4,4,4,4/4,4,0,5,5,5 S 1,0'"
    )]
    Show {
        /// The diagram (docs/notation.md), quoted or as separate words
        #[arg(required = true, value_name = "DIAGRAM")]
        diagram: Vec<String>,
        /// The variant of the diagram: checks the diagram against it and names its fields
        #[arg(long, value_name = "V")]
        variant: Option<String>,
    },
    /// Play in the terminal, against the computer or pass-and-play
    #[command(
        after_help = "Examples:\n  mancala play bao-la-kiswahili --side north --seed 7\n  \
                            mancala play kalah --level 5"
    )]
    Play(PlayArgs),
    /// Two computer players play a series of games; prints the score and an Elo estimate
    #[command(after_help = MATCH_HELP)]
    Match(MatchArgs),
    /// Search a position and print the best move, its score and the expected line
    #[command(after_help = ANALYSE_HELP)]
    Analyse(AnalyseArgs),
    /// Solve a Kalah position exactly: the final margin under perfect play
    #[command(
        after_help = "Only the Kalah variants can be solved. Prints the margin for the side to \
                      move (seeds at the end,\nown minus the opponent's), the time and the \
                      positions searched. It first builds an endgame\ndatabase of every board \
                      with up to --db-seeds seeds in the pits (C(N+12,12) bytes: 86 MB for \
                      18,\n1.25 GB for 24), then searches above it.\n\
                      Examples:\n  mancala solve kalah\n  mancala solve kalah --rules empty_capture"
    )]
    Solve {
        /// The variant: kalah, kalah-6x5 or kalah-6x6
        variant: String,
        /// Rule options (e.g. `empty_capture`)
        #[arg(long, value_name = "OPTIONS")]
        rules: Option<String>,
        /// Solve this position instead of the start
        #[arg(long, value_name = "DIAGRAM")]
        from: Option<String>,
        /// Transposition table size: 2^BITS entries of 16 bytes
        #[arg(long, default_value_t = 24, value_name = "BITS", value_parser = clap::value_parser!(u32).range(10..=30))]
        table_bits: u32,
        /// Endgame database: every board with up to N seeds in the pits
        #[arg(long, default_value_t = 18, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=28))]
        db_seeds: u32,
    },
    /// Fuzz the parsers: generated and mutated inputs, each target's property checked
    #[command(
        after_help = "Prints inputs tried, accepted and per second for each target, and \
                            saves each failing input\nto --out for --replay. docs/fuzzing.md \
                            has the targets.\n\
                            Examples:\n  mancala fuzz --count 10000000\n  \
                            mancala fuzz diagram movetext --count 1000000 --seed 7\n  \
                            mancala fuzz record --replay fuzz-failures/record-0.input"
    )]
    Fuzz(fuzz::FuzzArgs),
    /// Train the learned evaluation of a game by self-play (resumable; docs/engine.md)
    #[command(
        after_help = "Writes the weights file (also the checkpoint) every --checkpoint seconds \
                      and at the end.\nThe same seed and number of games give the same weights, \
                      however the run is cut.\n\
                      Examples:\n  mancala train hus --out hus.txt --minutes 10\n  \
                      mancala train hus --out hus.txt --resume hus.txt --games 20000"
    )]
    Train(train::TrainArgs),
    /// The perfect-Kalah book: build it ahead of time, or check a book file
    #[command(
        after_help = "The book is what level 8 plays from near the start of kalah (6 pits, 4 \
                      seeds), with and\nwithout empty_capture; the server builds it on first \
                      use if missing (docs/engine.md).\n\
                      Examples:\n  mancala book build kalah --book-dir /var/lib/mancala\n  \
                      mancala book check kalah --rules empty_capture"
    )]
    Book {
        #[command(subcommand)]
        what: BookCommand,
    },
    /// Benchmarks (they measure; they are not tests)
    Bench {
        #[command(subcommand)]
        what: BenchCommand,
    },
}

#[derive(Debug, Subcommand)]
enum BookCommand {
    /// Build the book (a few minutes to an hour) and write it into the book folder
    Build(BookArgs),
    /// Read the book in the book folder and say what it holds, or why it is refused
    Check(BookArgs),
}

#[derive(Debug, Args)]
struct BookArgs {
    /// The variant: kalah
    variant: String,
    /// Rule options (`empty_capture`)
    #[arg(long, value_name = "OPTIONS")]
    rules: Option<String>,
    /// The book folder
    #[arg(
        long,
        env = "MANCALA_BOOK_DIR",
        default_value = ".",
        value_name = "DIR"
    )]
    book_dir: PathBuf,
}

#[derive(Debug, Subcommand)]
enum BenchCommand {
    /// Level 8 of kalah against levels 5 to 7 and MCTS, every move it made checked by the
    /// solver: the count of moves that lose value (target 0), the score, the time a move
    #[command(after_help = PERFECT_HELP)]
    KalahPerfect(PerfectArgs),
    /// Playouts, move generation and never-ending moves of the rules library
    Rules {
        /// Seconds of playouts per variant (each variant takes about 2.75 times that)
        #[arg(
            long,
            default_value_t = 1.5,
            value_name = "S",
            allow_negative_numbers = true
        )]
        seconds: f64,
        /// Measure only this variant (default: every game with its default rules)
        #[arg(long, value_name = "V")]
        variant: Option<String>,
        /// Rule options of --variant, space-separated
        #[arg(long, value_name = "OPTIONS", requires = "variant")]
        rules: Option<String>,
    },
    /// The rules work per move on the play server's path, named and played apart (as before)
    /// and in one pass (as now), side by side
    MovePath {
        /// Seconds per variant, split between the two paths
        #[arg(long, default_value_t = 2.0, value_name = "S")]
        seconds: f64,
        /// Measure only this variant (default: every game with its default rules)
        #[arg(long, value_name = "V")]
        variant: Option<String>,
        /// Rule options of --variant, space-separated
        #[arg(long, value_name = "OPTIONS", requires = "variant")]
        rules: Option<String>,
    },
    /// Moves a second the play site's store takes, with group commit and without
    Store {
        /// The database (default: a new SQLite file per mode in a temporary directory)
        #[arg(long, value_name = "URL")]
        database_url: Option<String>,
        /// Games played at once, each by one player waiting for each move to be stored
        #[arg(long, default_value_t = 200, value_name = "N",
              value_parser = clap::value_parser!(u64).range(1..=100_000))]
        games: u64,
        /// Moves per game
        #[arg(long, default_value_t = 20, value_name = "N",
              value_parser = clap::value_parser!(u32).range(1..=10_000))]
        moves: u32,
        /// Group commit's largest batch
        #[arg(long, default_value_t = mancala_server::StoreOptions::default().max_batch as u64,
              value_name = "N", value_parser = clap::value_parser!(u64).range(2..=100_000))]
        max_batch: u64,
    },
    /// The level ladder: each level of one game against the one below, with a table of scores
    #[command(after_help = LADDER_HELP)]
    Ladder(LadderArgs),
    /// The learned evaluation against `evaluate` at equal time, from balanced openings,
    /// resuming from its log
    #[command(
        after_help = "Example:\n  mancala bench learned hus --log hus-learned.log --games 400 \
                            --time 50 --threads 2 --chunk 100"
    )]
    Learned(learnbench::LearnedArgs),
    /// The play site under load: N concurrent games on loopback, two WebSocket clients each
    #[command(after_help = SERVER_HELP)]
    Server(ServerBenchArgs),
    /// Alpha-beta on two threads against one at equal time: nodes/s and a resumable match
    #[command(after_help = SMP_HELP)]
    Smp(SmpArgs),
    /// Times cycle finding on one never-ending move (`bench rules` runs it in a child process,
    /// which it stops at a deadline)
    #[command(hide = true)]
    CycleCheck {
        variant: String,
        #[arg(long)]
        rules: Option<String>,
        diagram: String,
        #[arg(value_name = "MOVE")]
        text: String,
    },
}

const PERFECT_HELP: &str = "\
Plays --games games of level 8 against level5, level6, level7 and MCTS in turn (level 8 South
in four games of eight, North in the others; the opponent's first move, and in half the games
its second, at random), checks every position level 8 moved from with the solver (the move
keeps the game value or it is counted), and prints a table. Finished games are appended to
--state and skipped when the command runs again, so a long run goes in chunks
(--max-seconds). The book is read from --book-dir, or built there first.

Example:
  mancala bench kalah-perfect kalah --rules empty_capture --games 200 --max-seconds 1800";

#[derive(Debug, Args)]
struct PerfectArgs {
    /// The variant: kalah
    variant: String,
    /// Rule options (`empty_capture`)
    #[arg(long, value_name = "OPTIONS")]
    rules: Option<String>,
    /// Games in all (a quarter against each opponent)
    #[arg(long, default_value_t = 200, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// The book folder
    #[arg(
        long,
        env = "MANCALA_BOOK_DIR",
        default_value = ".",
        value_name = "DIR"
    )]
    book_dir: PathBuf,
    /// The file of finished games (default: kalah-perfect-RULES.txt in the book folder)
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// Start no game after this many seconds (run again to resume)
    #[arg(long, value_name = "S")]
    max_seconds: Option<f64>,
    /// Level 8's time a move in milliseconds
    #[arg(long, default_value_t = 1000, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    time: u64,
    /// MCTS's time a move in milliseconds
    #[arg(long, default_value_t = 1000, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    mcts_time: u64,
}

const LADDER_HELP: &str = "\
Plays `match` between level N and level N-1 for each N from --top down to --bottom (by default
8 down to 2), all from the same openings, drawn once, and ends with a table of the scores
against the target of 0.65. The options are those of `match`; levels that play by time get
1/--time-divisor of it (levels of fixed depth and the one-ply levels play as on the site),
and every level searches on one thread (--threads games run side by side).
With --log-dir the ladder resumes: the openings are kept in DIR/<game>.openings and each
pairing's games in DIR/<game>-<N>v<N-1>.log as they end; a later run plays only the games
missing (at most --chunk a pairing), and a pairing whose levels changed starts again.
It takes long: a benchmark, not a test (scripts/ladder runs it for every game).

Examples:
  mancala bench ladder bao-la-kiswahili --games 200 --threads 2
  mancala bench ladder hus --games 200 --threads 2 --balanced --balance-window 1000 --openings 6
  mancala bench ladder hawalis --balanced --balance-window 1000 --openings 6 --log-dir ladder";

const SMP_HELP: &str = "\
Measures the nodes/s of alpha-beta on --search-threads threads (Lazy SMP) and on one, searching
the same positions for --time each in turn, with the CPU share each got; then plays a match of
the two at --time a move from balanced openings, colours swapped, one game at a time. With
--record, each game is appended to the file as it ends and a run plays --chunk more games
after those already there; the score and its 95% interval cover every game in the file.
It takes long: a benchmark, not a test (docs/engine.md, \"Two threads\").

Examples:
  mancala bench smp bao-la-kiswahili --games 400 --time 100 --record smp.games --chunk 50
  mancala bench smp kalah --games 0 --speed-seconds 20";

const SERVER_HELP: &str = "\
Starts `mancala serve` (this binary) on a fresh database for each number of games, holds that
many friend games on loopback (two WebSocket clients a game, random legal moves from the
server's list after a think time), measures for --seconds once every game is set up, and prints
games held, moves/s, the move round trip (sent to the opponent's receipt) p50/p99/max, errors,
and the server's CPU and memory. Clients spread over 127.0.0.0/8 unless --one-address.
It takes long: a benchmark, not a test.

Examples:
  mancala bench server
  mancala bench server --games 2000 --think 0 --seconds 20
  mancala bench server --database sqlite --database postgres://bench@127.0.0.1/bench";

#[derive(Debug, Args)]
struct ServerBenchArgs {
    /// Numbers of concurrent games, one run each, comma-separated
    #[arg(long, value_delimiter = ',', default_values_t = [100, 500, 1000, 2000, 4000])]
    games: Vec<usize>,
    /// Think time before each move in milliseconds: `MIN-MAX` or one figure
    #[arg(long, default_value = "1000-3000", value_name = "MS")]
    think: String,
    /// Seconds measured per run, once every game is set up
    #[arg(long, default_value_t = 20.0)]
    seconds: f64,
    /// Databases: `sqlite` (a fresh temporary file per run) or a `postgres://` URL; repeatable
    #[arg(long = "database", default_values_t = [String::from("sqlite")])]
    databases: Vec<String>,
    /// The variant played
    #[arg(long, default_value = "bao-la-kiswahili")]
    variant: String,
    /// Games set up at once while a run starts
    #[arg(long, default_value_t = 64)]
    setup_parallel: usize,
    /// Every client on 127.0.0.1 (raise the server's per-address limits with --server-arg)
    #[arg(long)]
    one_address: bool,
    /// An argument for `mancala serve`; repeatable (e.g. --server-arg=--searches=1)
    #[arg(long = "server-arg", allow_hyphen_values = true, value_name = "ARG")]
    server_args: Vec<String>,
    /// Seed of the moves and think times
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl ServerBenchArgs {
    fn plan(&self) -> Result<bench_server::Plan> {
        let parse = |s: &str| {
            s.trim()
                .parse::<u64>()
                .map_err(|_| anyhow!("--think: {s:?} is not a number of milliseconds"))
        };
        let think_ms = match self.think.split_once('-') {
            Some((a, b)) => (parse(a)?, parse(b)?),
            None => {
                let t = parse(&self.think)?;
                (t, t)
            }
        };
        if self.games.is_empty() || self.games.contains(&0) {
            return Err(anyhow!("--games: give one or more numbers above 0"));
        }
        if !self.seconds.is_finite() || self.seconds <= 0.0 {
            return Err(anyhow!("--seconds must be above 0"));
        }
        self.variant
            .parse::<Variant>()
            .map_err(|e| anyhow!("--variant: {e}"))?;
        Ok(bench_server::Plan {
            games: self.games.clone(),
            databases: self.databases.clone(),
            think_ms,
            seconds: self.seconds,
            variant: self.variant.clone(),
            setup_parallel: self.setup_parallel,
            one_address: self.one_address,
            server_args: self.server_args.clone(),
            seed: self.seed,
        })
    }
}

#[derive(Debug, Args)]
struct LadderArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The number of games of each pairing
    #[arg(long, value_name = "N", default_value_t = 200,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Levels that play by time get 1/K of it
    #[arg(long, value_name = "K", default_value_t = 6,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    time_divisor: u32,
    /// The lowest pairing, by its higher level (2: level 2 against level 1)
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u8).range(2..=8))]
    bottom: u8,
    /// The highest pairing, by its higher level
    #[arg(long, value_name = "N", default_value_t = 8,
          value_parser = clap::value_parser!(u8).range(2..=8))]
    top: u8,
    /// Keep the openings and each pairing's games in this folder, and resume from it: a run
    /// plays only the games its logs lack
    #[arg(long, value_name = "DIR")]
    log_dir: Option<PathBuf>,
    /// With --log-dir: at most this many new games a pairing in this run
    #[arg(long, value_name = "N", requires = "log_dir",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    chunk: Option<u64>,
    #[command(flatten)]
    series: SeriesArgs,
}

#[derive(Debug, Args)]
struct SmpArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The games of the whole match (0: only the speed comparison)
    #[arg(long, value_name = "N", default_value_t = 400,
          value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    games: u64,
    /// Milliseconds a move, and of each search of the speed comparison
    #[arg(long, value_name = "MS", default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    time: u64,
    /// Threads of the player measured against one thread
    #[arg(long, value_name = "N", default_value_t = 2,
          value_parser = clap::value_parser!(u32).range(2..=i64::from(mancala_engine::MAX_THREADS)))]
    search_threads: u32,
    /// Seconds of the speed comparison (0: none)
    #[arg(long, value_name = "S", default_value_t = 10.0)]
    speed_seconds: f64,
    /// Games to play this run at most (default: every game left)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    chunk: Option<u64>,
    /// The record of the games played: read first, each new game appended
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Seed of the openings
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Random plies before balancing
    #[arg(long, value_name = "K", default_value_t = arena::BENCH_OPENINGS,
          value_parser = clap::value_parser!(u32).range(0..=1000))]
    openings: u32,
    /// The largest |score| a balanced opening may have, 100 a seed
    #[arg(long, value_name = "SCORE", default_value_t = arena::BENCH_BALANCE_WINDOW,
          value_parser = clap::value_parser!(i32).range(0..=100_000))]
    balance_window: i32,
}

impl SmpArgs {
    fn plan(&self) -> Result<smp::Smp> {
        if !(self.speed_seconds.is_finite() && (0.0..=86_400.0).contains(&self.speed_seconds)) {
            return Err(anyhow!(
                "--speed-seconds must be from 0 to 86400 (got {})",
                self.speed_seconds
            ));
        }
        let start = self.game.start()?;
        let time = Duration::from_millis(self.time);
        let spec = |threads: Option<u32>| {
            let t = threads.map_or_else(String::new, |n| format!(",threads={n}"));
            parse_player(&format!("alphabeta:time={}{t}", self.time))
        };
        Ok(smp::Smp {
            cfg: arena::Config {
                start,
                players: [spec(Some(self.search_threads))?, spec(None)?],
                games: usize::try_from(self.games)?,
                threads: 1,
                seed: self.seed,
                openings: self.openings,
                max_plies: 1000,
                balance: Some(arena::Balance {
                    nodes: arena::BALANCE_NODES,
                    window: self.balance_window,
                }),
            },
            threads: self.search_threads,
            time,
            speed_seconds: self.speed_seconds,
            chunk: self.chunk.map(usize::try_from).transpose()?,
            record: self.record.clone(),
        })
    }
}

/// The variants a benchmark measures for `--seconds`, `--variant` and `--rules`: one, or every
/// game with its default rules.
fn bench_variants(
    seconds: f64,
    variant: Option<String>,
    rules: Option<&str>,
) -> Result<Vec<Variant>> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0) {
        return Err(anyhow!(
            "--seconds must be a number of seconds above 0 (got {seconds})"
        ));
    }
    Ok(match variant {
        Some(v) => vec![parse_variant(&v, rules)?],
        None => Variant::DEFAULTS.to_vec(),
    })
}

/// The variant named by a slug, with rule options.
fn parse_variant(slug: &str, rules: Option<&str>) -> Result<Variant> {
    let v: Variant = slug.parse()?;
    Ok(v.with_rules(rules.unwrap_or_default())?)
}

/// The help of the variant argument: every slug.
fn variant_help() -> String {
    let slugs: Vec<&str> = Game::ALL.iter().map(|g| g.slug()).collect();
    format!("The variant: {}", slugs.join(", "))
}

/// The help of `--rules`: every option with the games that have it.
fn rules_help() -> String {
    let mut groups: Vec<(Vec<&str>, Vec<&str>)> = Vec::new();
    for o in RuleOption::ALL {
        let games: Vec<&str> = Game::ALL
            .iter()
            .filter(|g| g.options().contains(&o))
            .map(|g| g.slug())
            .collect();
        match groups.iter_mut().find(|(g, _)| *g == games) {
            Some((_, opts)) => opts.push(o.name()),
            None => groups.push((games, vec![o.name()])),
        }
    }
    let groups: Vec<String> = groups
        .iter()
        .map(|(games, opts)| format!("{} ({})", opts.join(", "), games.join(", ")))
        .collect();
    format!("Rule options, space-separated: {}", groups.join("; "))
}

/// The game to start from.
#[derive(Debug, Args)]
struct GameArgs {
    #[arg(help = variant_help())]
    variant: String,
    #[arg(long, value_name = "OPTIONS", help = rules_help())]
    rules: Option<String>,
    /// Start from this diagram instead of the start position
    #[arg(long, value_name = "DIAGRAM")]
    from: Option<String>,
    /// Accept a --from diagram with another seed total
    #[arg(long, requires = "from")]
    partial: bool,
}

impl GameArgs {
    fn variant(&self) -> Result<Variant> {
        parse_variant(&self.variant, self.rules.as_deref())
    }

    fn start(&self) -> Result<Position> {
        let variant = self.variant()?;
        let Some(diagram) = &self.from else {
            return Ok(Position::new(variant));
        };
        let setup: Setup = diagram.parse().context("--from")?;
        let total = if self.partial {
            SeedTotal::AllowPartial
        } else {
            SeedTotal::Exact
        };
        Position::from_setup(variant, &setup, total).map_err(|e| match e {
            PositionError::SeedTotal { expected, found } => anyhow!(
                "--from: the diagram holds {found} seeds, {variant} has {expected} \
                 (add --partial to accept it)"
            ),
            e => anyhow!("--from: {e}"),
        })
    }
}

#[derive(Debug, Args)]
struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The number of plies
    #[arg(value_parser = clap::value_parser!(u32).range(0..=64))]
    depth: u32,
    /// First print the count under each first move
    #[arg(long)]
    divide: bool,
}

#[derive(Debug, Args)]
struct ReplayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The notation of the moves given
    #[arg(long, value_enum, default_value_t = NotationArg::Canonical)]
    notation: NotationArg,
    /// Print one JSON object per position, from the start to the end
    #[arg(long, conflicts_with = "record")]
    json: bool,
    /// Also print the game record at the end
    #[arg(long)]
    record: bool,
    /// The moves, in order (move text like A6<; marks optional)
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum NotationArg {
    /// docs/notation.md
    Canonical,
    /// De Voogt / Mancala World owner frame
    Devoogt,
    /// Mancala World puzzle diagrams
    MwDiagram,
}

impl From<NotationArg> for Notation {
    fn from(n: NotationArg) -> Self {
        match n {
            NotationArg::Canonical => Self::Canonical,
            NotationArg::Devoogt => Self::DeVoogt,
            NotationArg::MwDiagram => Self::MwDiagram,
        }
    }
}

#[derive(Debug, Args)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The opponent: the computer (at --level), a random player, or another person at this
    /// terminal
    #[arg(long, value_enum, default_value_t = play::Opponent::Computer)]
    vs: play::Opponent,
    /// The computer's level, 1 (beginner) to 8 (strongest); a middle level when not given
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=8))]
    level: Option<u8>,
    /// Your side against the computer (South moves first)
    #[arg(long, value_enum, default_value_t = SideArg::South)]
    side: SideArg,
    /// Seed of the computer player (default: from the clock)
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
}

const MATCH_HELP: &str = "\
Game i has player A as South when i is even and as North when it is odd; each pair of games
starts from the same random opening (--openings plies), once with each side. Every game's
players are seeded from --seed and the game's number, so --threads does not change the games
(players with a time limit still depend on the machine's speed). A draw by repetition, or a
game stopped at --max-plies, counts as a draw; both are reported apart.

--balanced draws the openings before the games and keeps only those that a fixed reference
search, alpha-beta with --balance-nodes nodes (default 100000; fresh for each opening, so
deterministic), scores within --balance-window of equal (default 100, one seed), each position
once: random opening k is seeded from --seed and k, and pair p gets the p-th one kept,
whatever --threads. Where the side to move decides under strong play, this leaves openings in
which the stronger player can show it. The report says how many openings were tried and
kept; it is an error if fewer than one in 50 is kept. Capture games with large swings (Bao la
Kujifunza, Hus, Omweso) need a wider window (--balance-window 1000) and more plies.

The score is (wins + draws/2) / games for A with its 95% Wilson interval; the Elo difference
and its interval follow from it (a score of 0 or 1 is taken half a game from the end).

Players: random, greedy, level1 to level8 (docs/engine.md), or a search with limits written
name:key=value,...
  alphabeta:depth=6  alphabeta:time=200  alphabeta:nodes=100000  alphabeta:depth=8,time=500
  mcts:iters=20000  mcts:time=200  mcts-informed:iters=5000
  prom:depth=4  alphabeta-threats:depth=4 (capture threats in the evaluation)
  alphabeta-learned:time=50 (the learned evaluation; --weights FILE for other weights)
Times are in milliseconds. A level's own limits can be tightened (level7:time=100). A search
given no limit (alphabeta, mcts) gets 1000 ms a move.

Examples:
  mancala match kalah level5 random --games 20
  mancala match bao-la-kiswahili alphabeta:depth=4 mcts:iters=5000 --games 100 --threads 4";

const ANALYSE_HELP: &str = "\
Alpha-beta is searched to depth 1, 2, 3, ... while the time (1000 ms unless --time or --depth
is given) and the nodes last, and each completed depth is printed with the nodes and time so
far; another player (--player) prints its one result. Scores are for the side to move, 100 a
seed; `win in 7` is a forced win 7 plies away.

Examples:
  mancala analyse kalah '4,4,4,4,4,4/4,4,4,4,4,4 S 0,0' --depth 8
  mancala analyse bao-la-kiswahili --time 3000 \\
    '0,0,0,0,0,0,0,0/0,2,2,6,0,0,0,0/0,0,0,0,6,2,2,0/0,0,0,0,0,0,0,0 S 22,22 11 -'";

#[derive(Debug, Args)]
struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Player A (see below)
    #[arg(value_name = "PLAYER_A")]
    a: String,
    /// Player B
    #[arg(value_name = "PLAYER_B")]
    b: String,
    /// The number of games
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// A time limit for every move of both players, in milliseconds (a level's or spec's own
    /// limit counts when it is tighter)
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    time: Option<u64>,
    /// Weights for alphabeta-learned in place of the built-in ones (from `mancala train`)
    #[arg(long, value_name = "FILE")]
    weights: Vec<PathBuf>,
    #[command(flatten)]
    series: SeriesArgs,
}

/// How a series of games is played: shared by `match` and `bench ladder`.
#[derive(Debug, Args)]
struct SeriesArgs {
    /// Games played at once
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: u64,
    /// Seed of the openings and of the players
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Random plies at the start of each pair of games [default: 4, or as many as give 100
    /// different sequences of moves (Bao la Kimasai 4x12: 7)]
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(0..=1000))]
    openings: Option<u32>,
    /// Plies after which a game is stopped and counted as a draw
    #[arg(long, value_name = "N", default_value_t = 1000,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_plies: u64,
    /// Keep only random openings that a fixed reference search (alpha-beta,
    /// --balance-nodes) scores within --balance-window of equal
    #[arg(long)]
    balanced: bool,
    /// The reference search's budget for --balanced, in nodes
    #[arg(long, value_name = "N", default_value_t = arena::BALANCE_NODES, requires = "balanced",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    balance_nodes: u64,
    /// The largest |score| --balanced keeps, for the side to move, 100 a seed
    #[arg(long, value_name = "SCORE", default_value_t = arena::BALANCE_WINDOW,
          requires = "balanced", value_parser = clap::value_parser!(i32).range(0..=100_000))]
    balance_window: i32,
}

impl SeriesArgs {
    /// The match settings for `games` games of `players` from `start`.
    fn config(
        &self,
        start: Position,
        players: [PlayerSpec; 2],
        games: u64,
    ) -> Result<arena::Config> {
        Ok(arena::Config {
            start,
            players,
            games: usize::try_from(games)?,
            threads: usize::try_from(self.threads)?,
            seed: self.seed,
            openings: self
                .openings
                .unwrap_or_else(|| arena::default_openings(&start)),
            max_plies: usize::try_from(self.max_plies)?,
            balance: self.balanced.then_some(arena::Balance {
                nodes: self.balance_nodes,
                window: self.balance_window,
            }),
        })
    }
}

#[derive(Debug, Args)]
struct AnalyseArgs {
    #[arg(help = variant_help())]
    variant: String,
    /// The position (docs/notation.md), quoted or as separate words
    #[arg(required = true, value_name = "DIAGRAM")]
    diagram: Vec<String>,
    #[arg(long, value_name = "OPTIONS", help = rules_help())]
    rules: Option<String>,
    /// Accept a diagram with another seed total
    #[arg(long)]
    partial: bool,
    /// Time for the search in milliseconds (default 1000 unless --depth is given)
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    time: Option<u64>,
    /// The deepest search, in plies
    #[arg(long, value_name = "D", value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// The player that searches (as in `mancala match`)
    #[arg(long, value_name = "SPEC", default_value = "alphabeta")]
    player: String,
}

/// A player spec from the command line, or one error line naming it.
fn parse_player(text: &str) -> Result<PlayerSpec> {
    text.parse().map_err(|e| anyhow!("player `{text}`: {e}"))
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SideArg {
    South,
    North,
}

impl From<SideArg> for Side {
    fn from(s: SideArg) -> Self {
        match s {
            SideArg::South => Self::South,
            SideArg::North => Self::North,
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    // Level 8 of Kalah (match, play, analyse) reads and writes its book there, as `serve`
    // does by default beside ./mancala.db; `serve` sets its own.
    let book_dir =
        std::env::var_os("MANCALA_BOOK_DIR").map_or_else(|| PathBuf::from("."), PathBuf::from);
    mancala_engine::perfect::set_book_dir(Some(book_dir));
    match cli.command {
        Command::Serve(a) => serve::run(&a)?,
        Command::Fuzz(a) => {
            if !fuzz::run(&mut out, &a)? {
                out.flush()?;
                return Err(anyhow!("the fuzz targets found failures"));
            }
        }
        Command::Perft(a) => {
            let pos = a.game.start()?;
            perft::run(&mut out, &pos, a.depth, a.divide)?;
        }
        Command::Replay(a) => {
            let start = a.game.start()?;
            let opts = replay::Options {
                notation: a.notation.into(),
                json: a.json,
                record: a.record,
            };
            replay::run(&mut out, start, &a.moves, opts)?;
        }
        Command::Show { diagram, variant } => {
            let text = diagram.join(" ");
            let setup: Setup = text.parse()?;
            let label = match variant {
                Some(v) => {
                    let variant = parse_variant(&v, None)?;
                    Position::from_setup(variant, &setup, SeedTotal::AllowPartial)
                        .map_err(|e| anyhow!("the diagram is not a position of {variant}: {e}"))?;
                    games::stores_label(variant.game())
                }
                None => games::stores_label_of_diagram(&setup),
            };
            out.write_all(board::render(&setup, label).as_bytes())?;
        }
        Command::Play(a) => {
            let start = a.game.start()?;
            if a.level.is_some() && a.vs != play::Opponent::Computer {
                return Err(anyhow!(
                    "--level is the computer's level: it goes with --vs computer"
                ));
            }
            let opts = play::Options {
                opponent: a.vs,
                level: a.level.unwrap_or(play::DEFAULT_LEVEL),
                human: a.side.into(),
                seed: a.seed.unwrap_or_else(rng::clock_seed),
            };
            play::run(&mut io::stdin().lock(), &mut out, start, opts)?;
        }
        Command::Match(a) => {
            train::install(&a.weights)?;
            let start = a.game.start()?;
            let time = a.time.map(Duration::from_millis);
            let players = [
                parse_player(&a.a)?.with_time(time),
                parse_player(&a.b)?.with_time(time),
            ];
            let cfg = a.series.config(start, players, a.games)?;
            arena::run(&mut out, &cfg)?;
        }
        Command::Analyse(a) => {
            let variant = parse_variant(&a.variant, a.rules.as_deref())?;
            let setup: Setup = a.diagram.join(" ").parse()?;
            let total = if a.partial {
                SeedTotal::AllowPartial
            } else {
                SeedTotal::Exact
            };
            let pos = Position::from_setup(variant, &setup, total).map_err(|e| match e {
                PositionError::SeedTotal { expected, found } => anyhow!(
                    "the diagram holds {found} seeds, {variant} has {expected} \
                     (add --partial to accept it)"
                ),
                e => anyhow!("the diagram is not a position of {variant}: {e}"),
            })?;
            let spec = parse_player(&a.player)?
                .with_depth(a.depth)
                .with_time(a.time.map(Duration::from_millis));
            analyse::run(&mut out, &pos, &spec)?;
        }
        Command::Train(a) => train::run(&mut out, &a)?,
        Command::Variants => {
            for game in Game::ALL {
                let options: Vec<&str> = game.options().iter().map(|o| o.name()).collect();
                let options = if options.is_empty() {
                    String::new()
                } else {
                    format!(" (rule options: {})", options.join(", "))
                };
                writeln!(out, "{:<20} {}{options}", game.slug(), game.name())?;
            }
        }
        Command::Solve {
            variant,
            rules,
            from,
            table_bits,
            db_seeds,
        } => {
            let variant = parse_variant(&variant, rules.as_deref())?;
            solve::run(&mut out, variant, from.as_deref(), table_bits, db_seeds)?;
        }
        Command::Book { what } => match what {
            BookCommand::Build(a) => {
                let variant = parse_variant(&a.variant, a.rules.as_deref())?;
                book::build(&mut out, variant, &a.book_dir)?;
            }
            BookCommand::Check(a) => {
                let variant = parse_variant(&a.variant, a.rules.as_deref())?;
                book::check(&mut out, variant, &a.book_dir)?;
            }
        },
        Command::Bench {
            what: BenchCommand::KalahPerfect(a),
        } => {
            let variant = parse_variant(&a.variant, a.rules.as_deref())?;
            let empty_capture = book::perfect_rules(variant)?;
            if a.max_seconds.is_some_and(|s| !(s.is_finite() && s > 0.0)) {
                return Err(anyhow!("--max-seconds must be a number of seconds above 0"));
            }
            let state = a.state.unwrap_or_else(|| {
                a.book_dir.join(format!(
                    "kalah-perfect-{}.txt",
                    if empty_capture {
                        "empty-capture"
                    } else {
                        "standard"
                    }
                ))
            });
            let cfg = book::PerfectBench {
                variant,
                games: a.games,
                book_dir: a.book_dir,
                state,
                max_seconds: a.max_seconds,
                time: Duration::from_millis(a.time),
                mcts_time: Duration::from_millis(a.mcts_time),
            };
            book::bench(&mut out, &cfg)?;
        }
        Command::Bench {
            what:
                BenchCommand::Rules {
                    seconds,
                    variant,
                    rules,
                },
        } => {
            let variants = bench_variants(seconds, variant, rules.as_deref())?;
            bench::rules(&mut out, &variants, seconds)?;
        }
        Command::Bench {
            what:
                BenchCommand::MovePath {
                    seconds,
                    variant,
                    rules,
                },
        } => {
            let variants = bench_variants(seconds, variant, rules.as_deref())?;
            movepath::run(&mut out, &variants, seconds)?;
        }
        Command::Bench {
            what: BenchCommand::Learned(a),
        } => learnbench::run(&mut out, &a)?,
        Command::Bench {
            what: BenchCommand::Server(a),
        } => {
            let plan = a.plan()?;
            bench_server::run(&mut out, plan)?;
        }
        Command::Bench {
            what:
                BenchCommand::Store {
                    database_url,
                    games,
                    moves,
                    max_batch,
                },
        } => {
            let bench = storebench::StoreBench {
                database_url,
                games: usize::try_from(games)?,
                moves,
                max_batch: usize::try_from(max_batch)?,
            };
            storebench::run(&mut out, &bench)?;
        }
        Command::Bench {
            what: BenchCommand::Smp(a),
        } => {
            smp::run(&mut out, &a.plan()?)?;
        }
        Command::Bench {
            what: BenchCommand::Ladder(a),
        } => {
            if a.bottom > a.top {
                return Err(anyhow!("--bottom {} is above --top {}", a.bottom, a.top));
            }
            let start = a.game.start()?;
            let players = [PlayerSpec::level(a.top), PlayerSpec::level(a.bottom - 1)];
            let ladder = ladder::Ladder {
                base: a.series.config(start, players, a.games)?,
                time_divisor: a.time_divisor,
                bottom: a.bottom,
                top: a.top,
                log_dir: a.log_dir,
                chunk: a.chunk.map(usize::try_from).transpose()?,
            };
            ladder::run(&mut out, &ladder)?;
        }
        Command::Bench {
            what:
                BenchCommand::CycleCheck {
                    variant,
                    rules,
                    diagram,
                    text,
                },
        } => {
            let variant = parse_variant(&variant, rules.as_deref())?;
            bench::cycle_check(&mut out, variant, &diagram, &text)?;
        }
    }
    out.flush()?;
    Ok(())
}

/// Whether the error is a closed stdout (the reader went away): not worth a message.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}

/// Clap's error as one line: its message and tips up to the usage, joined.
fn one_line(rendered: &str) -> String {
    let mut line = String::new();
    for part in rendered.lines() {
        let part = part.trim();
        if part.starts_with("Usage:") || part.starts_with("For more information") {
            break;
        }
        if part.is_empty() {
            continue;
        }
        if !line.is_empty() {
            line.push_str(if line.ends_with(':') { " " } else { "; " });
        }
        line.push_str(part);
    }
    if !line.starts_with("error:") {
        line.insert_str(0, "error: ");
    }
    line
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version.
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("{} (see `mancala help`)", one_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::Cli;

    #[test]
    fn the_command_line_is_well_formed() {
        // Clap's own checks: clashing names, bad defaults, and the like.
        Cli::command().debug_assert();
    }
}
