//! `mancala fuzz`: the long run of the parsers' fuzz targets (docs/fuzzing.md), with the
//! command line's own reader of player specs beside those of the rules and the server.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow};
use clap::Args;
use mancala_fuzz::{Report, Rng, Target, Verdict};

use crate::players::PlayerSpec;

#[derive(Debug, Args)]
pub(crate) struct FuzzArgs {
    /// The targets to run (default: all); `--list` names them
    #[arg(value_name = "TARGET")]
    targets: Vec<String>,
    /// Inputs per target
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    count: u64,
    /// The seed: the same seed tries the same inputs
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// Where a failing input is saved, as `<target>-<n>.input`
    #[arg(long, value_name = "DIR", default_value = "fuzz-failures")]
    out: PathBuf,
    /// Run one saved input through the (single) target given, and say what it makes of it
    #[arg(long, value_name = "FILE")]
    replay: Option<PathBuf>,
    /// List the targets and stop
    #[arg(long)]
    list: bool,
}

/// Every target: the library's, then the command line's.
fn all_targets() -> Vec<Box<dyn Target>> {
    let mut targets = mancala_fuzz::targets();
    targets.push(Box::new(PlayerSpecs));
    targets
}

pub(crate) fn run(out: &mut impl Write, args: &FuzzArgs) -> Result<bool> {
    let names: Vec<&str> = all_targets().iter().map(|t| t.name()).collect::<Vec<_>>();
    if args.list {
        for n in &names {
            writeln!(out, "{n}")?;
        }
        return Ok(true);
    }
    for t in &args.targets {
        if !names.contains(&t.as_str()) {
            return Err(anyhow!(
                "no fuzz target `{t}` (targets: {})",
                names.join(", ")
            ));
        }
    }
    let chosen = |name: &str| args.targets.is_empty() || args.targets.iter().any(|t| t == name);
    if let Some(file) = &args.replay {
        let [name] = args.targets.as_slice() else {
            return Err(anyhow!("--replay needs exactly one target"));
        };
        let input = fs::read(file).with_context(|| format!("reading {}", file.display()))?;
        let mut target = all_targets()
            .into_iter()
            .find(|t| t.name() == name)
            .ok_or_else(|| anyhow!("no target {name}"))?;
        return match mancala_fuzz::check(target.as_mut(), &input) {
            Ok(v) => {
                writeln!(out, "{name}: {v:?}")?;
                Ok(true)
            }
            Err(e) => {
                writeln!(out, "{name}: FAILED: {e}")?;
                Ok(false)
            }
        };
    }
    writeln!(
        out,
        "{:<10} {:>12} {:>10} {:>9} {:>8}  failures",
        "target", "inputs", "accepted", "inputs/s", "seconds"
    )?;
    let mut clean = true;
    for mut target in all_targets().into_iter().filter(|t| chosen(t.name())) {
        let name = target.name();
        // Failures are saved as soon as they are found, so that a run stopped early keeps them.
        let mut saved = 0;
        let mut progress = |r: &Report| {
            for (i, f) in r.failures.iter().enumerate().skip(saved) {
                match save(&args.out, name, i, &f.input) {
                    Ok(path) => eprintln!(
                        "\n{name}: FAILED: {}\n  input saved to {}",
                        f.message,
                        path.display()
                    ),
                    Err(e) => eprintln!("\n{name}: FAILED: {}\n  input not saved: {e}", f.message),
                }
            }
            saved = r.failures.len();
            eprint!("\r{name}: {} inputs, {:.0}/s   ", r.tried, r.rate());
        };
        let report = mancala_fuzz::run_with(target.as_mut(), args.count, args.seed, &mut progress);
        eprint!("\r{:60}\r", "");
        writeln!(
            out,
            "{name:<10} {:>12} {:>10} {:>9.0} {:>8.1}  {}",
            report.tried,
            report.accepted,
            report.rate(),
            report.elapsed.as_secs_f64(),
            report.failures.len()
        )?;
        for (i, f) in report.failures.iter().enumerate() {
            clean = false;
            let path = save(&args.out, name, i, &f.input)?;
            writeln!(
                out,
                "  FAILED: {}\n    input saved to {}",
                f.message,
                path.display()
            )?;
        }
        out.flush()?;
    }
    Ok(clean)
}

fn save(dir: &Path, name: &str, i: usize, input: &[u8]) -> Result<PathBuf> {
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join(format!("{name}-{i}.input"));
    fs::write(&path, input).with_context(|| format!("writing {}", path.display()))?;
    Ok(path)
}

/// The player specs of `mancala match` and `analyse --player` (`alphabeta:depth=6,time=500`):
/// a spec that reads prints as a spec that reads back to the same player.
#[derive(Debug)]
pub(crate) struct PlayerSpecs;

impl Target for PlayerSpecs {
    fn name(&self) -> &'static str {
        "players"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        [
            "alphabeta:depth=6,time=500",
            "mcts:nodes=10000",
            "level8",
            "greedy",
            "prom:time=100",
            "random",
            "alphabeta-threats:depth=3",
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect()
    }

    fn dictionary(&self) -> &'static [&'static str] {
        &[
            ":", ",", "=", "depth", "time", "nodes", "level", "mcts", "ab", " ", "0", "64",
        ]
    }

    fn generate(&mut self, rng: &mut Rng) -> Vec<u8> {
        let names = [
            "random",
            "greedy",
            "alphabeta",
            "ab",
            "alpha-beta",
            "mcts",
            "mcts-informed",
            "prom",
            "level",
            "level0",
            "level3",
            "level9",
            "LEVEL8",
            "",
        ];
        let mut s = names[rng.below(names.len())].to_owned();
        if rng.below(2) == 0 {
            let options: Vec<String> = (0..rng.below(4))
                .map(|_| {
                    let key = ["depth", "time", "nodes", "x", ""][rng.below(5)];
                    let value =
                        ["1", "0", "64", "65", "500", "18446744073709551616", ""][rng.below(7)];
                    format!("{key}={value}")
                })
                .collect();
            s.push(':');
            s.push_str(&options.join(","));
        }
        s.into_bytes()
    }

    fn check(&mut self, input: &[u8]) -> Result<Verdict, String> {
        let text = mancala_fuzz::text(input);
        let Ok(spec) = text.parse::<PlayerSpec>() else {
            return Ok(Verdict::Refused);
        };
        let printed = spec.to_string();
        match printed.parse::<PlayerSpec>() {
            Ok(back) if back == spec => Ok(Verdict::Accepted),
            other => Err(format!(
                "player `{text}` prints as `{printed}`, which reads as {other:?}"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs_fuzz_clean() {
        let report = mancala_fuzz::run(&mut PlayerSpecs, 20_000, 1);
        assert!(report.failures.is_empty(), "{:?}", report.failures);
        assert!(report.accepted > 1_000, "{}", report.accepted);
    }
}
