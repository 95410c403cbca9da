//! The `glissade` command: serve the game, check, replay and render levels.

mod failure;
mod inputs;
mod load;
mod progress;
mod render;
mod replay;
mod summary;
mod trace;

use std::net::IpAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use glissade_game::Feel;
use glissade_level::Mode;

use failure::Failure;
use load::build;

/// Serve the glissade game; check, replay and render levels.
///
/// With no subcommand (or only the options of `serve`), the game is served.
#[derive(Debug, Parser)]
#[command(
    name = "glissade",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: ServeArgs,
}

/// Options of `glissade serve`.
#[derive(Debug, Clone, Args)]
struct ServeArgs {
    /// The port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    bind: IpAddr,
    /// A built-in level name (platformer, arena, sandbox) or a .json / .tmx file.
    #[arg(long, default_value = "platformer")]
    level: String,
    /// The mode to play the level in: platformer, arena or sandbox [default: the level's].
    #[arg(long, value_parser = parse_mode)]
    mode: Option<Mode>,
    /// Simulated players run by the server (random walks, for load measurements).
    #[arg(long, default_value_t = 0)]
    bots: usize,
    /// The seed of the bots' random walks.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print the simulation's tick timings (p50, p99, max) to stderr once a second.
    #[arg(long)]
    stats: bool,
    /// How the platformer character feels: `demo` (tuned for the demo: top speed 14, stops in
    /// 0.1 s, a double jump, wall jumps and a dash) or `tutorial` (the library's defaults).
    #[arg(long, default_value_t = Feel::Demo)]
    feel: Feel,
}

fn parse_mode(s: &str) -> Result<Mode, String> {
    [Mode::Platformer, Mode::Arena, Mode::Sandbox]
        .into_iter()
        .find(|m| m.as_str() == s)
        .ok_or_else(|| format!("'{s}' is not a mode (platformer, arena or sandbox)"))
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the game: a 60 Hz simulation, WebSocket clients at /ws and the page at /.
    Serve(ServeArgs),
    /// Load and build a level and print what is in it (or its errors).
    Check {
        /// A built-in level name (platformer, arena, sandbox) or a .json / .tmx file.
        #[arg(required_unless_present = "builtin", conflicts_with = "builtin")]
        level: Option<String>,
        /// Check every built-in level instead.
        #[arg(long)]
        builtin: bool,
    },
    /// Play a level in its mode (platformer, arena or sandbox) at 60 Hz with scripted inputs
    /// and write one JSON line per frame (the bodies; the bullets and scores in the arena,
    /// the boxes in the sandbox).
    Replay {
        /// A built-in level name (platformer, arena, sandbox) or a .json / .tmx file.
        level: String,
        /// An input script; the first drives the body at the first spawn point, and so on.
        #[arg(long = "inputs", value_name = "FILE")]
        inputs: Vec<PathBuf>,
        /// Number of frames [default: the last frame the inputs name + 60, or 600].
        #[arg(long, value_name = "N")]
        frames: Option<u64>,
        /// Where to write the trace (JSON lines) [default: standard output].
        #[arg(long, value_name = "FILE")]
        out: Option<PathBuf>,
        /// Bots that play too (the server's random walks), after the scripted bodies.
        #[arg(long, default_value_t = 0, value_name = "N")]
        bots: u32,
        /// The seed of the bots' random walks (the same seed gives the same match).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How the platformer character feels: `demo` or `tutorial` (as for `serve`).
        #[arg(long, default_value_t = Feel::Demo)]
        feel: Feel,
    },
    /// Draw a level (and the trajectories of a trace) to an SVG or PNG file.
    Render {
        /// A built-in level name (platformer, arena, sandbox) or a .json / .tmx file.
        level: String,
        /// A trace written by `glissade replay`, drawn as one line per body.
        #[arg(long, value_name = "FILE")]
        trace: Option<PathBuf>,
        /// The picture: a file ending in .svg or .png.
        #[arg(long, value_name = "FILE", value_parser = picture_path)]
        out: PathBuf,
    },
}

/// A picture's path: it must end in `.svg` or `.png` (a bad argument otherwise, exit 2).
fn picture_path(s: &str) -> Result<PathBuf, String> {
    let p = PathBuf::from(s);
    match p
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
    {
        Some(e) if e == "svg" || e == "png" => Ok(p),
        _ => Err(format!("'{s}' must end in .svg or .png")),
    }
}

fn check_one(name: &str) -> Result<(), Failure> {
    let loaded = match glissade_level::load(name) {
        Ok(loaded) => loaded,
        Err(refused) => {
            for w in &refused.warnings {
                eprintln!("warning: {w}");
            }
            return Err(Failure {
                lines: refused.errors.iter().map(ToString::to_string).collect(),
                quiet: false,
            });
        }
    };
    let built = build(name, &loaded)?;
    write_out(&summary::summary(name, &loaded, &built))
}

/// Writes to standard output; a closed pipe (`| head`) ends the command quietly.
fn write_out(text: &str) -> Result<(), Failure> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                Failure {
                    lines: Vec::new(),
                    quiet: true,
                }
            } else {
                Failure::new(format!("cannot write to standard output: {e}"))
            }
        })
}

fn report(failure: &Failure) {
    if failure.quiet {
        return;
    }
    if failure.lines.is_empty() {
        eprintln!("error: failed");
    }
    for line in &failure.lines {
        eprintln!("error: {line}");
    }
}

/// Serves the game until Ctrl-C.
fn serve(args: ServeArgs) -> Result<(), Failure> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::new(format!("cannot start the server's runtime: {e}")))?;
    let result = runtime.block_on(async {
        let server = glissade_server::start(glissade_server::ServerConfig {
            bind: args.bind,
            port: args.port,
            level: args.level,
            mode: args.mode,
            bots: args.bots,
            seed: args.seed,
            print_stats: args.stats,
            feel: args.feel,
        })
        .await
        .map_err(|e| Failure {
            lines: e.to_string().lines().map(str::to_string).collect(),
            quiet: false,
        })?;
        println!("glissade: serving on {} (Ctrl-C stops)", server.url());
        if let Err(e) = tokio::signal::ctrl_c().await {
            eprintln!("warning: cannot wait for Ctrl-C ({e}); stopping");
        }
        eprintln!("glissade: stopping");
        server.stop().await.map_err(|e| Failure::new(e.to_string()))
    });
    // A connection that does not close in time does not hold the command up.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    result
}

fn run(cli: Cli) -> Result<(), Failure> {
    let Some(command) = cli.command else {
        return serve(cli.serve);
    };
    match command {
        Command::Serve(args) => serve(args),
        Command::Check { level, builtin } => {
            if builtin {
                let mut failed = 0;
                for (i, (name, _)) in glissade_level::BUILTIN.iter().enumerate() {
                    if i > 0 {
                        write_out("\n")?;
                    }
                    if let Err(f) = check_one(name) {
                        report(&f);
                        failed += 1;
                    }
                }
                if failed > 0 {
                    return Err(Failure::new(format!(
                        "{failed} of {} built-in levels failed",
                        glissade_level::BUILTIN.len()
                    )));
                }
                Ok(())
            } else {
                // clap requires the level when --builtin is absent.
                let level = level.unwrap_or_default();
                check_one(&level)
            }
        }
        Command::Replay {
            level,
            inputs,
            frames,
            out,
            bots,
            seed,
            feel,
        } => replay::run(
            &level,
            &inputs,
            frames,
            out.as_deref(),
            replay::Bots { count: bots, seed },
            feel,
        ),
        Command::Render { level, trace, out } => render::run(&level, trace.as_deref(), &out),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            report(&f);
            ExitCode::FAILURE
        }
    }
}
