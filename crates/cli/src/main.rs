//! The `mancala` command: terminal play, replay, perft and benchmarks for every game of the
//! rules library (the Bao games, Hawalis, Hus, Kalah, Bao la Kimasai, Omweso).
//!
//! Output goes through `Write` handles rather than `println!`, so a closed pipe
//! (`mancala perft ... | head`) ends the program quietly instead of panicking. Every error is
//! one line on stderr starting with `error:`, and exit status 2.

mod bench;
mod board;
mod games;
mod perft;
mod play;
mod replay;
mod rng;

use std::io::{self, Write};
use std::process::ExitCode;

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
    /// Play in the terminal, against a random player or pass-and-play
    #[command(after_help = "Example: mancala play bao-la-kiswahili --side north --seed 7")]
    Play(PlayArgs),
    /// Benchmarks (they measure; they are not tests)
    Bench {
        #[command(subcommand)]
        what: BenchCommand,
    },
}

#[derive(Debug, Subcommand)]
enum BenchCommand {
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
    /// The opponent: a random player, or another person at this terminal
    #[arg(long, value_enum, default_value_t = play::Opponent::Random)]
    vs: play::Opponent,
    /// Your side against the random player (South moves first)
    #[arg(long, value_enum, default_value_t = SideArg::South)]
    side: SideArg,
    /// Seed of the random player (default: from the clock)
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
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
    match cli.command {
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
            let opts = play::Options {
                opponent: a.vs,
                human: a.side.into(),
                seed: a.seed.unwrap_or_else(rng::clock_seed),
            };
            play::run(&mut io::stdin().lock(), &mut out, start, opts)?;
        }
        Command::Bench {
            what:
                BenchCommand::Rules {
                    seconds,
                    variant,
                    rules,
                },
        } => {
            if !(seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0) {
                return Err(anyhow!(
                    "--seconds must be a number of seconds above 0 (got {seconds})"
                ));
            }
            let variants = match variant {
                Some(v) => vec![parse_variant(&v, rules.as_deref())?],
                None => Variant::DEFAULTS.to_vec(),
            };
            bench::rules(&mut out, &variants, seconds)?;
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
