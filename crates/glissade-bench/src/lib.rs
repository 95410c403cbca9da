//! # glissade-bench
//!
//! Side-by-side measurements of glissade against [`parry2d`] on the same random inputs, in the
//! same process.
//!
//! Every [case](cases) pre-generates a seeded, deterministic set of inputs in both libraries'
//! representations (identical geometry: parry's polygons are built from glissade's validated
//! vertices, unmodified). Two things are measured per case:
//!
//! - **Agreement** ([`Case::check`]): over every generated input, whether both libraries give
//!   the same answer — the same hit/miss (or overlapping/not) and fractions (or depths) within
//!   [`AGREE_TOL`]. Where they differ, an exact f64 [reference](mod@reference) decides: an input on which
//!   glissade matches the reference and parry2d does not counts as agreeing (parry2d is wrong
//!   there, the rule of our differential tests) and is counted in the notes as
//!   `parry2d_wrong`, next to the `raw_agree` that ignores the reference.
//! - **Speed** ([`measure`]): mean nanoseconds per query over the first [`Config::timing_len`]
//!   inputs, each side looping over all of them repeatedly, in alternating rounds so that
//!   neither side benefits from running first or second.
//!
//! The [movement cases](moves) walk a box along a floor of 10,000 tiles with glissade's
//! `move_and_slide` and with rapier2d's character controller (and with seed 004's bisection),
//! timed in alternating rounds, counting snags; and time one `move_bodies` step of 1,000 to
//! 100,000 bodies on a large tile map with polygon walls.
//!
//! The binary (`cargo run --release -p glissade-bench -- --quick`) prints one `compare` line
//! per case (and `scale` lines); `benches/queries.rs` gives criterion's detail for the query
//! cases; `examples/walk_profile.rs` and `examples/scale_profile.rs` repeat one movement case
//! for a profiler.
#![warn(missing_docs)]

pub mod cases;
pub mod character;
mod describe;
pub mod moves;
pub mod reference;
pub mod rng;

use std::hint::black_box;
use std::time::{Duration, Instant};

pub use cases::{Answer, Case, CaseSpec, all_cases};

/// Absolute tolerance on fractions (casts, rays) and depths (overlaps) for two answers to agree.
pub const AGREE_TOL: f32 = 1e-4;

/// The name printed as `peer=` on the compare lines.
pub const PEER: &str = "parry2d";

/// How many inputs to generate and how long to time.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// Seed of the input generator (every case derives its own stream from it).
    pub seed: u64,
    /// Inputs generated per case; all of them are checked for agreement.
    pub check_len: usize,
    /// The first `timing_len` inputs are the ones timed: few enough to stay in cache, many
    /// enough that the branch predictor cannot learn them by heart (below about 2048 inputs it
    /// starts to, and the branchier side looks faster than it is).
    pub timing_len: usize,
    /// Timing rounds per side; the order of the sides alternates between rounds.
    pub rounds: u32,
    /// Target duration of one round of one side.
    pub round_time: Duration,
    /// Untimed warm-up per side before the rounds.
    pub warmup: Duration,
}

impl Config {
    /// About 0.3 s of timing per side and case, in 30 short alternating rounds (so that a slow
    /// moment of the machine falls on both sides alike), agreement over 2^18 inputs.
    #[must_use]
    pub fn quick() -> Self {
        Self {
            seed: 0x5eed_9115_5ade,
            check_len: 1 << 18,
            timing_len: 4096,
            rounds: 30,
            round_time: Duration::from_millis(10),
            warmup: Duration::from_millis(40),
        }
    }

    /// Five times the timing of [`Config::quick`], on the same inputs.
    #[must_use]
    pub fn full() -> Self {
        Self {
            rounds: 150,
            warmup: Duration::from_millis(100),
            ..Self::quick()
        }
    }
}

/// Mean time per query of both sides of a case.
#[derive(Debug, Clone, Copy)]
pub struct Timing {
    /// glissade, mean nanoseconds per query.
    pub ours_ns: f64,
    /// The peer (parry2d), mean nanoseconds per query.
    pub peer_ns: f64,
}

impl Timing {
    /// `peer_ns / ours_ns`: how many times faster glissade is.
    #[must_use]
    pub fn speedup(&self) -> f64 {
        self.peer_ns / self.ours_ns
    }
}

/// Pins the calling thread to the core it runs on, so that the timings are not disturbed by
/// the scheduler moving it between cores (measured here: the same run spread from 50 to
/// 107 ns per query unpinned, 64 ns ± 1 pinned). Both sides run pinned alike. Returns the
/// core, or `None` where pinning is unavailable (the timings then just vary more).
pub fn pin_to_current_core() -> Option<usize> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sched_getcpu has no preconditions; the cpu_set_t is zeroed then filled
        // through the libc macros, and sched_setaffinity(0, ..) only affects this thread.
        unsafe {
            let cpu = libc::sched_getcpu();
            if cpu < 0 {
                return None;
            }
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            libc::CPU_SET(cpu as usize, &mut set);
            if libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) == 0 {
                return Some(cpu as usize);
            }
        }
        None
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// Times `sweeps` passes of `sweep` and returns the elapsed time.
fn time_sweeps(sweep: &dyn Fn() -> f32, sweeps: u64) -> Duration {
    let mut acc = 0.0f32;
    let start = Instant::now();
    for _ in 0..sweeps {
        acc += sweep();
    }
    let elapsed = start.elapsed();
    black_box(acc);
    elapsed
}

/// Runs `sweep` untimed for about `dur`.
fn warm_up(sweep: &dyn Fn() -> f32, dur: Duration) {
    let start = Instant::now();
    let mut acc = 0.0f32;
    while start.elapsed() < dur {
        acc += sweep();
    }
    black_box(acc);
}

/// How many sweeps of `sweep` fill about `target`.
fn calibrate(sweep: &dyn Fn() -> f32, target: Duration) -> u64 {
    let one = time_sweeps(sweep, 1).max(Duration::from_nanos(100));
    (target.as_secs_f64() / one.as_secs_f64()).ceil().max(1.0) as u64
}

/// Measures both sides of `case`: a warm-up of each side, then `cfg.rounds` rounds in which
/// each side loops over all timed inputs for about `cfg.round_time`; the side that goes first
/// alternates from round to round. The mean is the total time over the total query count.
pub fn measure(case: &dyn Case, cfg: &Config) -> Timing {
    let ours = || case.sweep_ours();
    let peer = || case.sweep_peer();
    warm_up(&ours, cfg.warmup);
    warm_up(&peer, cfg.warmup);
    let sweeps_ours = calibrate(&ours, cfg.round_time);
    let sweeps_peer = calibrate(&peer, cfg.round_time);
    let (mut t_ours, mut t_peer) = (Duration::ZERO, Duration::ZERO);
    for round in 0..cfg.rounds {
        if round % 2 == 0 {
            t_ours += time_sweeps(&ours, sweeps_ours);
            t_peer += time_sweeps(&peer, sweeps_peer);
        } else {
            t_peer += time_sweeps(&peer, sweeps_peer);
            t_ours += time_sweeps(&ours, sweeps_ours);
        }
    }
    let n = case.timing_len() as f64 * f64::from(cfg.rounds);
    Timing {
        ours_ns: t_ours.as_nanos() as f64 / (n * sweeps_ours as f64),
        peer_ns: t_peer.as_nanos() as f64 / (n * sweeps_peer as f64),
    }
}

/// Formats the exact `compare` line for a case.
#[must_use]
pub fn compare_line(name: &str, timing: &Timing, agree: f64) -> String {
    format!(
        "compare {name} ours_ns={:.2} peer={PEER} peer_ns={:.2} speedup={:.2} agree={:.6}",
        timing.ours_ns,
        timing.peer_ns,
        timing.speedup(),
        agree
    )
}
