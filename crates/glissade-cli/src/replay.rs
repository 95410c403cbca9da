//! `glissade replay`: a level run at 60 Hz with scripted inputs, one JSON line per frame.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use glissade::glam::Vec2;
use glissade::{Aabb, ColliderDesc, Handle, World};
use glissade_level::play::{BODY_HALF_EXTENTS, Driver};
use glissade_level::{Built, Mode};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::Failure;
use crate::inputs::{self, Keys, Script};

/// The fixed step, seconds.
pub const DT: f32 = 1.0 / 60.0;
/// Frames when no input file names any.
pub const DEFAULT_FRAMES: u64 = 600;
/// Frames run after the last one an input file names.
pub const TAIL_FRAMES: u64 = 60;

/// One body of the replay.
struct Body {
    handle: Handle,
    driver: Driver,
    velocity: Vec2,
    grounded: bool,
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

/// The bodies, one per spawn point, added to the world.
fn spawn(built: &mut Built, mode: Mode) -> Result<Vec<Body>, Failure> {
    let shape = Aabb::from_half_extents(BODY_HALF_EXTENTS)
        .map_err(|e| Failure::new(format!("cannot make a body: {e}")))?;
    let mut bodies = Vec::new();
    for (i, at) in built.spawns.clone().into_iter().enumerate() {
        let handle = built
            .world
            .add(ColliderDesc::new(shape, at).kinematic())
            .map_err(|e| Failure::new(format!("spawns[{i}]: cannot place a body there: {e}")))?;
        let driver = Driver::new(mode, built.gravity);
        bodies.push(Body {
            handle,
            driver,
            velocity: Vec2::ZERO,
            grounded: false,
        });
    }
    Ok(bodies)
}

/// Steps one body by one frame.
fn step(world: &mut World, body: &mut Body, keys: Keys) -> Result<(), String> {
    let moved = body.driver.step(world, body.handle, keys, DT)?;
    body.velocity = moved.velocity;
    body.grounded = moved.grounded;
    Ok(())
}

/// Appends one frame's line (with its newline) to `line`.
fn write_frame(
    line: &mut String,
    frame: u64,
    world: &World,
    bodies: &[Body],
) -> Result<(), String> {
    line.clear();
    let _ = write!(line, "{{\"frame\":{frame},\"bodies\":[");
    for (id, b) in bodies.iter().enumerate() {
        let p = world
            .get(b.handle)
            .map(glissade::world::Collider::position)
            .ok_or_else(|| format!("body {id} is gone from the world"))?;
        let v = b.velocity;
        if !(p.is_finite() && v.is_finite()) {
            return Err(format!(
                "body {id} left the finite numbers (position {p}, velocity {v})"
            ));
        }
        if id > 0 {
            line.push(',');
        }
        let _ = write!(
            line,
            "{{\"id\":{id},\"x\":{},\"y\":{},\"vx\":{},\"vy\":{},\"grounded\":{}}}",
            p.x, p.y, v.x, v.y, b.grounded
        );
    }
    line.push_str("]}\n");
    Ok(())
}

/// A progress bar that stays hidden for the first second, then shows on a terminal stderr.
struct Progress {
    bar: ProgressBar,
    start: Instant,
    shown: bool,
}

impl Progress {
    fn new(frames: u64) -> Self {
        let bar = ProgressBar::with_draw_target(Some(frames), ProgressDrawTarget::hidden());
        if let Ok(style) =
            ProgressStyle::with_template("replay {wide_bar} {pos}/{len} frames, {eta} left")
        {
            bar.set_style(style);
        }
        Progress {
            bar,
            start: Instant::now(),
            shown: false,
        }
    }

    fn tick(&mut self, done: u64) {
        if !done.is_multiple_of(64) {
            return;
        }
        if !self.shown && self.start.elapsed() >= Duration::from_secs(1) {
            self.shown = true;
            if std::io::stderr().is_terminal() {
                self.bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
        self.bar.set_position(done);
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Runs `glissade replay`.
pub fn run(
    level: &str,
    input_files: &[PathBuf],
    frames: Option<u64>,
    out: Option<&Path>,
) -> Result<(), Failure> {
    let scripts = read_scripts(input_files)?;
    let (loaded, mut built) = crate::load_level(level)?;
    let mode = loaded.level.mode;
    let mut bodies = spawn(&mut built, mode)?;
    for file in input_files.iter().skip(bodies.len()) {
        eprintln!(
            "warning: {}: no body follows it (the level has {} spawn points)",
            file.display(),
            bodies.len()
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
    let no_script = Script::default();
    let result = (|| {
        for frame in 0..frames {
            let t = frame as f64 * f64::from(DT);
            built.move_platforms(t, DT);
            for (id, body) in bodies.iter_mut().enumerate() {
                let keys = scripts.get(id).unwrap_or(&no_script).keys_at(frame);
                step(&mut built.world, body, keys)
                    .map_err(|e| Failure::new(format!("frame {frame}, body {id}: {e}")))?;
            }
            write_frame(&mut line, frame, &built.world, &bodies)
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
