//! Character-controller benchmark against rapier2d: glissade's
//! [`CharacterController`](glissade::CharacterController) and rapier2d 0.36's
//! `KinematicCharacterController` walk the same scripted course back and forth. (The
//! [`actions`] benchmark, beside it, plays a platformer's actions over a tile level built with
//! the same [`Course`].)
//!
//! The [`Course`] is a description (unit tiles, ramp triangles, stair boxes) built once and
//! fed to both worlds, outside of any timing: flat ground of unit tiles, 30° ramps up to and
//! down from a plateau, and stairs of 0.15-high, 1-wide steps up to a landing and down again,
//! the pattern repeated four times:
//!
//! ```text
//!                  ______                                    ___
//!                 /######\                                 _|###|_
//!                /########\                              _|#######|_
//!               /##########\                           _|###########|_
//! ____________ /############\ _____________________ _|###############|_ ____ ...
//! ##############################################################################  unit tiles
//!             ^  ^      ^   ^                       ^     ^   ^       ^
//!           8.5  12     18  21.5                    34    40  43      48 = next pattern
//! ```
//!
//! (x from the pattern's start; the ramps rise 2 units over 2√3 ≈ 3.46, the plateau is 2 rows
//! of tiles, the stairs are 6 steps of 0.15 up to a 3-wide landing at 0.9 and 5 steps down.)
//!
//! The character (a 0.8 × 0.8 box) starts resting on the ground at the left end and is asked,
//! at every step of 1/60 s, for `(dir × 0.1, −0.1)`: walking at 6 units/s and pressing down
//! like gravity, `dir` turning around by position at both ends of the course (the same rule for
//! both sides). Recorded per side ([`CharacterRun`]):
//!
//! - **Speed**: nanoseconds per step, from the fastest of several whole timed walks, the two
//!   sides alternating which goes first (like [`crate::moves::walk_both`]); each walk starts
//!   from the same settled state.
//! - **Flickers**: changes of the grounded state between consecutive steps on continuous
//!   ground ([`Course::on_continuous_ground`]: the flat ground, the ramps and the plateaus with
//!   their joints and crests, not the stairs, where stepping down a ledge may leave the ground
//!   for a moment), counted on one untimed walk.
//!
//! rapier2d 0.36 does not autostep walking left (toward −x): its 2D `compute_hit_info` takes
//! glam's signed `angle_to` between up and the hit normal, so a step face met walking left is
//! at −90° and never counts as a wall, and autostep only runs on walls. Its character reaches
//! the right end of the course, turns, and stays stuck at the first stair on the way back, for
//! the rest of the walk: its `peer_ns` is then mostly the cost of a step pushing against a
//! stair. The notes report each side's longest stall, and a like-for-like timing of the first
//! leg (both walking right, before either turns). See the tests
//! `rapier_walks_to_the_far_end_then_sticks_at_the_first_stair_back` and
//! `rapier_autosteps_walking_right_but_not_left`.

pub mod actions;
mod course;
mod crowd;
#[cfg(test)]
mod floor_tests;
mod ours;
mod rapier;
mod run;
#[cfg(test)]
mod tests;
mod walker;

use std::time::Duration;

use rapier2d::parry::query::DefaultQueryDispatcher;

pub use course::{
    Course, DT, MAX_STEP_HEIGHT, PRESS, SKIN, SNAP, STAIR_MARGIN, STAIR_RISE, STAIR_RUN, WALK,
};
pub use crowd::{crowd_line, crowd_run_on, crowd_world};
use ours::Ours;
pub use ours::settled_glissade;
use rapier::Peer;
pub use rapier::{RapierCourse, rapier_controller};
use run::summarize;
pub use run::{CharacterRun, Flicker, KEPT_FLICKERS};
use walker::{time_walk, trace};

/// Both sides of `course`: one untimed walk each (flickers, grounded steps, final x, first
/// turn), then `rounds` rounds in which each side walks the whole course once and the first
/// leg once (see [`CharacterRun::leg_steps`]), timed, alternating which side goes first; each
/// keeps its fastest walk of each. Building both worlds is not timed, nor is putting a side
/// back in its settled start state before each walk.
#[must_use]
pub fn walk_both_characters(course: &Course, rounds: u32) -> (CharacterRun, CharacterRun) {
    let mut ours = Ours::new(course);
    let ours_settled = ours.settled();
    let rapier = RapierCourse::new(course);
    let dispatcher = DefaultQueryDispatcher;
    let mut peer = Peer::new(course, rapier.queries(&dispatcher));
    let peer_settled = peer.settled;

    let ours_trace = trace(course, &mut ours, ours_settled);
    let peer_trace = trace(course, &mut peer, peer_settled);
    let mut ours_run = summarize(course, &ours_trace);
    let mut peer_run = summarize(course, &peer_trace);
    let leg = match (ours_run.first_turn, peer_run.first_turn) {
        (Some(a), Some(b)) => a.min(b),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => course.walk_steps,
    };
    let (ox, px) = (ours_settled.0.x, peer_settled.0.x);
    let (mut best_ours, mut best_peer) = (Duration::MAX, Duration::MAX);
    let (mut leg_ours, mut leg_peer) = (Duration::MAX, Duration::MAX);
    // A walk that never turns is its own first leg: timed once, not twice.
    let time_leg = leg < course.walk_steps;
    for round in 0..rounds.max(1) {
        if round % 2 == 0 {
            best_ours = best_ours.min(time_walk(course, &mut ours, ox, course.walk_steps));
            best_peer = best_peer.min(time_walk(course, &mut peer, px, course.walk_steps));
            if time_leg {
                leg_ours = leg_ours.min(time_walk(course, &mut ours, ox, leg));
                leg_peer = leg_peer.min(time_walk(course, &mut peer, px, leg));
            }
        } else {
            best_peer = best_peer.min(time_walk(course, &mut peer, px, course.walk_steps));
            best_ours = best_ours.min(time_walk(course, &mut ours, ox, course.walk_steps));
            if time_leg {
                leg_peer = leg_peer.min(time_walk(course, &mut peer, px, leg));
                leg_ours = leg_ours.min(time_walk(course, &mut ours, ox, leg));
            }
        }
    }
    if !time_leg {
        (leg_ours, leg_peer) = (best_ours, best_peer);
    }
    let per = |d: Duration, steps: usize| d.as_nanos() as f64 / steps.max(1) as f64;
    ours_run.ns_per_step = per(best_ours, course.walk_steps);
    peer_run.ns_per_step = per(best_peer, course.walk_steps);
    ours_run.leg_ns_per_step = per(leg_ours, leg);
    peer_run.leg_ns_per_step = per(leg_peer, leg);
    ours_run.leg_steps = leg;
    peer_run.leg_steps = leg;
    ours_run.leg_flickers = summarize(course, &ours_trace[..=leg]).flickers;
    peer_run.leg_flickers = summarize(course, &peer_trace[..=leg]).flickers;
    (ours_run, peer_run)
}

/// Formats the exact `compare` line: `compare <name> ours_ns=.. peer=<peer_name> peer_ns=..
/// speedup=.. ours_flickers=.. peer_flickers=..`.
#[must_use]
pub fn compare_character_line(
    name: &str,
    ours: &CharacterRun,
    peer_name: &str,
    peer: &CharacterRun,
) -> String {
    format!(
        "compare {name} ours_ns={:.2} peer={peer_name} peer_ns={:.2} speedup={:.2} \
         ours_flickers={} peer_flickers={}",
        ours.ns_per_step,
        peer.ns_per_step,
        peer.ns_per_step / ours.ns_per_step,
        ours.flickers,
        peer.flickers
    )
}

/// The first leg of a run as a run of its own: its time per step and flickers in place of the
/// whole walk's, for [`compare_character_line`] (`character/walk-first-leg`: both sides walking
/// right over the same ground, before either turns around — like for like, unlike the whole
/// walk, in which rapier2d sticks at a stair on the way back).
#[must_use]
pub fn first_leg(run: &CharacterRun) -> CharacterRun {
    CharacterRun {
        ns_per_step: run.leg_ns_per_step,
        flickers: run.leg_flickers,
        ..run.clone()
    }
}

/// The `#` note lines of a run: final x, grounded, slow and counted steps, turns, and the
/// first flickers of each side (where and after which step).
#[must_use]
pub fn character_notes(
    name: &str,
    course: &Course,
    ours: &CharacterRun,
    peer_name: &str,
    peer: &CharacterRun,
) -> Vec<String> {
    let stall = |r: &CharacterRun| match r.longest_stall {
        0 => "none".to_string(),
        n => format!("{n} steps at ({:.3}, {:.3})", r.stall_at.x, r.stall_at.y),
    };
    let mut notes = vec![
        format!(
            "# {name} steps={} final_x: ours={:.3} {peer_name}={:.3}; grounded_steps: ours={} \
             {peer_name}={}; flicker_counted_steps: ours={} {peer_name}={}; turns: ours={} \
             {peer_name}={}",
            course.walk_steps,
            ours.final_x,
            peer.final_x,
            ours.grounded_steps,
            peer.grounded_steps,
            ours.counted_steps,
            peer.counted_steps,
            ours.turns,
            peer.turns,
        ),
        format!(
            "# {name} slow_steps (under half the asked progress): ours={} {peer_name}={}; \
             longest stall: ours={} {peer_name}={}",
            ours.slow_steps,
            peer.slow_steps,
            stall(ours),
            stall(peer),
        ),
        format!(
            "# {name} first leg (the first {} steps, both walking right, before either turns): \
             ours_ns={:.2} {peer_name}_ns={:.2} speedup={:.2}",
            ours.leg_steps,
            ours.leg_ns_per_step,
            peer.leg_ns_per_step,
            peer.leg_ns_per_step / ours.leg_ns_per_step,
        ),
    ];
    for (side, run) in [("ours", ours), (peer_name, peer)] {
        for f in &run.first_flickers {
            notes.push(format!(
                "#   {name} {side} flicker at step {}: ({:.3}, {:.3}) -> ({:.3}, {:.3}) grounded={}",
                f.step, f.from.x, f.from.y, f.to.x, f.to.y, f.grounded
            ));
        }
    }
    notes
}
