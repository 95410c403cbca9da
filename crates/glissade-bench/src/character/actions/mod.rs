//! The actions benchmark against rapier2d: glissade's [`Platformer`](glissade::Platformer)
//! and rapier2d 0.36's `KinematicCharacterController` with the same actions written over it
//! by hand play the same fixed input script over the same tile level: a run with a dash on
//! the ground, wall jumps up a shaft, a dash up and right, a crouch through a 1-high tunnel.
//!
//! The level ([`level::level`]) is a [`Course`](super::Course) of unit tiles only, so both worlds are the
//! character/walk ones: one [`TileMap`](glissade::TileMap) collider on our side, one cuboid
//! per tile on rapier's. The script ([`Script::standard`]) is one [`PlatformerInput`]
//! (glissade's) per step of 1/60 s, fed to both sides. Recorded per side ([`ActionRun`]):
//!
//! - **Speed**: nanoseconds per step, from the fastest of many timed runs of the whole script,
//!   the two sides alternating which goes first; each run starts from the same start state
//!   (put back untimed).
//! - **The key moves** ([`KeyMoves`], from one untimed run): whether the character got onto
//!   the tower's top at the head of the shaft, got past the tunnel under its ceiling, stood up
//!   after it, and how far each dash went in its time.
//! - **Each phase** (the run, the shaft, the upper floor with its diagonal dash and the flight
//!   after it, the crouch and the end): nanoseconds per step of each part of the script, from
//!   the fastest time of that part, in the notes. rapier's step costs most where tiles touch
//!   the character (each nearby tile is a cuboid its casts and its ground detection test one
//!   by one); in open air, with nothing near, it costs about what ours does.
//!
//! [`PlatformerInput`]: glissade::PlatformerInput

pub mod level;
mod ours;
mod peer;
mod player;
mod script;
#[cfg(test)]
mod tests;

use std::time::Duration;

use glissade::glam::Vec2;
use rapier2d::parry::query::DefaultQueryDispatcher;

pub use player::State;
pub use script::{Marks, PHASES, Script};

use super::RapierCourse;
use level::{CROUCH, STAND, TOWER_LEFT, TUNNEL_CEILING, TUNNEL_SPAN, UPPER_FLOOR};
use ours::Ours;
use peer::Peer;
use player::{time_run, trace};

/// Steps a dash lasts at 60 Hz ([`level::DASH_TIME`] × 60).
pub const DASH_STEPS: usize = 9;

/// Share of [`level::DASH_DISTANCE`] a dash must cover in its [`DASH_STEPS`] for the check
/// (running at top speed covers under 0.7 of it in that time).
pub const DASH_SHARE: f32 = 0.85;

/// Whether, and when, one side did the course's key moves, from its states after each step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct KeyMoves {
    /// The first step after which the character stood on the tower's top (past the shaft).
    pub shaft_top: Option<usize>,
    /// The first step after which the character was past the tunnel's right end, on the
    /// upper floor, having gone under the tunnel's ceiling halfway through it (not over it).
    pub past_tunnel: Option<usize>,
    /// Whether the character ended standing (its standing box's bottom on the upper floor).
    pub stood_up: bool,
    /// How far the character went over the [`DASH_STEPS`] steps of the horizontal dash.
    pub dash: f32,
    /// The same over the diagonal dash (up and right), and the height it gained.
    pub diagonal_dash: (f32, f32),
}

impl KeyMoves {
    /// The key moves of the states `states` (`states[i]` after step `i + 1`) of `script`.
    #[must_use]
    pub fn of(states: &[State], marks: &Marks) -> Self {
        let shaft_top = states.iter().position(|s| {
            s.grounded && s.pos.x > TOWER_LEFT && s.pos.y > UPPER_FLOOR && s.pos.y < TUNNEL_CEILING
        });
        // Under the ceiling halfway through the tunnel (only a crouching box fits there), then
        // out at its far end.
        let middle = 0.5 * (TUNNEL_SPAN.0 + TUNNEL_SPAN.1);
        let under = states
            .iter()
            .position(|s| (s.pos.x - middle).abs() < 0.5 && s.pos.y < TUNNEL_CEILING);
        let past_tunnel = under.and_then(|u| {
            let out = states[u..].iter().position(|s| {
                s.pos.x > TUNNEL_SPAN.1 + CROUCH.x
                    && s.pos.y > UPPER_FLOOR
                    && s.pos.y < TUNNEL_CEILING + STAND.y
            })?;
            Some(u + out)
        });
        let stood_up = states
            .last()
            .is_some_and(|s| (s.pos.y - (UPPER_FLOOR + STAND.y)).abs() < 0.05);
        // The state before the press, and the one a dash's steps later.
        let span = |at: usize| -> Vec2 {
            match (
                at.checked_sub(1).and_then(|i| states.get(i)),
                states.get(at + DASH_STEPS - 1),
            ) {
                (Some(a), Some(b)) => b.pos - a.pos,
                _ => Vec2::ZERO,
            }
        };
        let diagonal = span(marks.diagonal_dash);
        KeyMoves {
            shaft_top,
            past_tunnel,
            stood_up,
            dash: span(marks.dash).length(),
            diagonal_dash: (diagonal.length(), diagonal.y),
        }
    }

    /// Whether every key move was done: on the tower's top, past the tunnel, standing at the
    /// end, and both dashes at least [`DASH_SHARE`] of their distance (the diagonal one
    /// gaining height).
    #[must_use]
    pub fn all_done(&self) -> bool {
        let enough = DASH_SHARE * level::DASH_DISTANCE;
        self.shaft_top.is_some()
            && self.past_tunnel.is_some()
            && self.stood_up
            && self.dash >= enough
            && self.diagonal_dash.0 >= enough
            && self.diagonal_dash.1 > 0.5 * enough
    }
}

/// Result of one side playing the script.
#[derive(Debug, Clone, PartialEq)]
pub struct ActionRun {
    /// Nanoseconds per step, from the fastest timed run (0 until timed).
    pub ns_per_step: f64,
    /// Nanoseconds per step of each of the script's [`PHASES`], from the fastest time of each
    /// phase over all the timed runs (0 until timed).
    pub phase_ns_per_step: [f64; 4],
    /// Steps of one run.
    pub steps: usize,
    /// Where the character's centre ended.
    pub final_pos: Vec2,
    /// The key moves of the untimed run.
    pub moves: KeyMoves,
}

/// Both sides playing [`Script::standard`] over [`level::level`]: one untimed run each (the
/// key moves, the end), then `runs` timed runs each, alternating which side goes first; each
/// keeps its fastest. Building the worlds and putting each side back at its start are not
/// timed.
#[must_use]
pub fn play_both(runs: u32) -> (ActionRun, ActionRun) {
    let level = level::level();
    let script = Script::standard();
    let mut ours = Ours::new(&level);
    let rapier = RapierCourse::new(&level);
    let dispatcher = DefaultQueryDispatcher;
    let mut peer = Peer::new(&level, rapier.queries(&dispatcher));
    let summary = |states: &[State]| ActionRun {
        ns_per_step: 0.0,
        phase_ns_per_step: [0.0; 4],
        steps: states.len(),
        final_pos: states.last().map_or(Vec2::NAN, |s| s.pos),
        moves: KeyMoves::of(states, &script.marks),
    };
    let mut ours_run = summary(&trace(&mut ours, &script.inputs));
    let mut peer_run = summary(&trace(&mut peer, &script.inputs));
    let starts = script.marks.phases();
    let (mut ours_best, mut peer_best) = (Best::default(), Best::default());
    for run in 0..runs.max(1) {
        if run % 2 == 0 {
            ours_best.keep(time_run(&mut ours, &script.inputs, starts));
            peer_best.keep(time_run(&mut peer, &script.inputs, starts));
        } else {
            peer_best.keep(time_run(&mut peer, &script.inputs, starts));
            ours_best.keep(time_run(&mut ours, &script.inputs, starts));
        }
    }
    let steps = phase_steps(&starts, script.inputs.len());
    ours_best.fill(&mut ours_run, &steps);
    peer_best.fill(&mut peer_run, &steps);
    (ours_run, peer_run)
}

/// The steps in each phase of a script of `len` steps whose phases start at `starts`.
fn phase_steps(starts: &[usize; 4], len: usize) -> [usize; 4] {
    std::array::from_fn(|k| starts.get(k + 1).copied().unwrap_or(len) - starts[k])
}

/// The fastest whole run, and the fastest time of each phase over all runs.
struct Best {
    total: Duration,
    phases: [Duration; 4],
}

impl Default for Best {
    fn default() -> Self {
        Best {
            total: Duration::MAX,
            phases: [Duration::MAX; 4],
        }
    }
}

impl Best {
    fn keep(&mut self, parts: [Duration; 4]) {
        self.total = self.total.min(parts.iter().sum());
        for (best, part) in self.phases.iter_mut().zip(parts) {
            *best = (*best).min(part);
        }
    }

    /// Writes the times, per step, into `run`.
    fn fill(&self, run: &mut ActionRun, steps: &[usize; 4]) {
        let per = |d: Duration, n: usize| d.as_nanos() as f64 / n.max(1) as f64;
        run.ns_per_step = per(self.total, run.steps);
        run.phase_ns_per_step = std::array::from_fn(|k| per(self.phases[k], steps[k]));
    }
}

/// Formats the exact `compare` line: `compare <name> ours_ns=.. peer=<peer_name> peer_ns=..
/// speedup=..`.
#[must_use]
pub fn compare_actions_line(
    name: &str,
    ours: &ActionRun,
    peer_name: &str,
    peer: &ActionRun,
) -> String {
    format!(
        "compare {name} ours_ns={:.2} peer={peer_name} peer_ns={:.2} speedup={:.2}",
        ours.ns_per_step,
        peer.ns_per_step,
        peer.ns_per_step / ours.ns_per_step,
    )
}

/// The `#` note lines of a run: steps, where each side ended, and its key moves.
#[must_use]
pub fn actions_notes(
    name: &str,
    ours: &ActionRun,
    peer_name: &str,
    peer: &ActionRun,
) -> Vec<String> {
    let step = |s: Option<usize>| s.map_or_else(|| "never".to_string(), |i| (i + 1).to_string());
    let mut notes = vec![format!(
        "# {name} steps={} ended at: ours=({:.3}, {:.3}) {peer_name}=({:.3}, {:.3})",
        ours.steps, ours.final_pos.x, ours.final_pos.y, peer.final_pos.x, peer.final_pos.y
    )];
    let phases: Vec<String> = PHASES
        .iter()
        .enumerate()
        .map(|(k, phase)| {
            let (o, p) = (ours.phase_ns_per_step[k], peer.phase_ns_per_step[k]);
            format!(
                "{phase} ours={o:.2} {peer_name}={p:.2} speedup={:.2}",
                p / o
            )
        })
        .collect();
    notes.push(format!(
        "# {name} ns per step by phase (fastest of each): {}",
        phases.join("; ")
    ));
    for (side, run) in [("ours", ours), (peer_name, peer)] {
        let m = &run.moves;
        notes.push(format!(
            "# {name} {side}: on the tower's top after step {}, past the tunnel after step {}, \
             standing at the end: {}; dash {:.3}, diagonal dash {:.3} (up {:.3}) of {:.3}; \
             key moves done: {}",
            step(m.shaft_top),
            step(m.past_tunnel),
            m.stood_up,
            m.dash,
            m.diagonal_dash.0,
            m.diagonal_dash.1,
            level::DASH_DISTANCE,
            if m.all_done() { "all" } else { "NOT ALL" },
        ));
    }
    notes
}
