//! `glissade replay`: a level played in its mode by the game's rules at 60 Hz, each body
//! following an input file, one JSON line per frame (see `trace`).

use std::io::Write;
use std::path::{Path, PathBuf};

use glissade::glam::Vec2;
use glissade_game::{Course, Event, Feel, Game, Respawn, TICK_HZ};

use crate::failure::Failure;
use crate::inputs::{self, Script};
use crate::progress::Progress;
use crate::trace::write_frame;

/// Frames when no input file names any.
pub const DEFAULT_FRAMES: u64 = 600;
/// Frames run after the last one an input file names.
pub const TAIL_FRAMES: u64 = 60;

/// The bots that play besides the scripted bodies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bots {
    /// How many; they take the ids after the bodies'.
    pub count: u32,
    /// The seed of the game's generator, which only the bots draw from.
    pub seed: u64,
}

/// Reads and parses the input files, in order.
fn read_scripts(files: &[PathBuf]) -> Result<Vec<Script>, Failure> {
    let mut scripts = Vec::new();
    let mut errors = Vec::new();
    for file in files {
        let name = file.display();
        match std::fs::read_to_string(file) {
            Err(e) => errors.push(format!("{name}: cannot read the input file: {e}")),
            Ok(text) => match inputs::parse(&text) {
                Ok(s) => scripts.push(s),
                Err(e) => errors.push(format!("{name}:{}: {}", e.line, e.reason)),
            },
        }
    }
    if errors.is_empty() {
        Ok(scripts)
    } else {
        Err(Failure {
            lines: errors,
            quiet: false,
        })
    }
}

/// The frames to run when `--frames` is not given.
fn default_frames(scripts: &[Script]) -> u64 {
    scripts
        .iter()
        .filter_map(Script::last_frame)
        .max()
        .map_or(DEFAULT_FRAMES, |last| last.saturating_add(TAIL_FRAMES))
}

/// The game of `level` with one body per spawn point, body `i` being player `i`, then the
/// bots.
fn start(level: &str, bots: Bots, feel: Feel) -> Result<(Game, u32), Failure> {
    let (loaded, built) = crate::load::load_level(level)?;
    let level = &loaded.level;
    let bodies = u32::try_from(built.spawns.len())
        .map_err(|_| Failure::new("too many spawn points".to_string()))?;
    let bounds = (Vec2::from(level.bounds.min), Vec2::from(level.bounds.max));
    let mut game = Game::new(built, level.mode, bounds, bots.seed)
        .map_err(|e| Failure::new(format!("cannot make a body: {e}")))?
        .with_feel(feel)
        .with_course(Course::from_entities(&level.entities));
    for id in 0..bodies {
        if !game.join(id) {
            return Err(Failure::new(format!(
                "spawns[{id}]: cannot place a body there"
            )));
        }
    }
    for k in 0..bots.count {
        let id = bodies.saturating_add(k);
        if !game.join_bot(id) {
            return Err(Failure::new(format!("cannot place bot {id}")));
        }
    }
    Ok((game, bodies))
}

/// Runs `glissade replay`.
pub fn run(
    level: &str,
    input_files: &[PathBuf],
    frames: Option<u64>,
    out: Option<&Path>,
    bots: Bots,
    feel: Feel,
) -> Result<(), Failure> {
    let scripts = read_scripts(input_files)?;
    let (mut game, bodies) = start(level, bots, feel)?;
    for file in input_files.iter().skip(bodies as usize) {
        eprintln!(
            "warning: {}: no body follows it (the level has {bodies} spawn points)",
            file.display(),
        );
    }
    let frames = frames.unwrap_or_else(|| default_frames(&scripts));

    let out_name = out.map_or_else(
        || "standard output".to_string(),
        |p| p.display().to_string(),
    );
    let sink: Box<dyn Write> = match out {
        Some(path) => Box::new(
            std::fs::File::create(path)
                .map_err(|e| Failure::io(&format!("{out_name}: cannot create"), &e))?,
        ),
        None => Box::new(std::io::stdout().lock()),
    };
    let mut sink = std::io::BufWriter::new(sink);

    let mut progress = Progress::new(frames);
    let mut line = String::new();
    let mut snapshot = glissade_game::Snapshot::default();
    let no_script = Script::default();
    let mode = game.mode();
    let result = (|| {
        for frame in 0..frames {
            for (id, script) in (0..bodies).map(|id| (id, scripts.get(id as usize))) {
                let input = script.unwrap_or(&no_script).input_at(frame);
                game.set_input(id, input);
            }
            for e in game.step() {
                match e {
                    Event::Respawned { id, why } => {
                        let why = match why {
                            Respawn::Lost => "it was lost, far outside the level",
                            Respawn::MoveFailed => "its move failed",
                            // Told by the Finished or Killed event just before.
                            Respawn::Finished | Respawn::Killed => continue,
                        };
                        eprintln!(
                            "warning: frame {frame}: body {id} put back at a spawn point: {why}"
                        );
                    }
                    Event::Finished {
                        id,
                        ticks,
                        best,
                        coins,
                    } => eprintln!(
                        "frame {frame}: body {id} reached the goal in {:.2} s with {coins} coins \
                         (best {:.2} s); it starts over from a spawn point",
                        *ticks as f64 / f64::from(TICK_HZ),
                        *best as f64 / f64::from(TICK_HZ)
                    ),
                    _ => {}
                }
            }
            game.snapshot_into(&mut snapshot);
            write_frame(&mut line, frame, mode, &snapshot)
                .map_err(|e| Failure::new(format!("frame {frame}: {e}")))?;
            sink.write_all(line.as_bytes())
                .map_err(|e| Failure::io(&format!("{out_name}: cannot write"), &e))?;
            progress.tick(frame + 1);
        }
        sink.flush()
            .map_err(|e| Failure::io(&format!("{out_name}: cannot write"), &e))
    })();
    progress.finish();
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_frames_follow_the_scripts() {
        assert_eq!(default_frames(&[]), DEFAULT_FRAMES);
        let a = inputs::parse("0-99 right").unwrap();
        let b = inputs::parse("150 jump\n10 left").unwrap();
        assert_eq!(default_frames(&[a.clone(), b]), 210);
        assert_eq!(default_frames(&[a]), 159);
        assert_eq!(default_frames(&[Script::default()]), DEFAULT_FRAMES);
    }
}
