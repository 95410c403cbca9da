//! The replay's progress bar: hidden for the first second, then shown on a terminal stderr.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A progress bar over a known number of frames.
pub struct Progress {
    bar: ProgressBar,
    start: Instant,
    shown: bool,
}

impl Progress {
    /// A hidden bar over `frames` frames.
    pub fn new(frames: u64) -> Self {
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

    /// `done` frames are done (looked at every 64 frames).
    pub fn tick(&mut self, done: u64) {
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

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}
