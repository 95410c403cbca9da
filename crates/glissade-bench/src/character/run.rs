//! What one side's walk of the course gives: the run's timings, flickers of the grounded state,
//! slow steps, stalls and turns, summed up from the states of an untimed walk.

use glissade::glam::Vec2;

use super::course::{Course, WALK};

/// A change of the grounded state on continuous ground.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Flicker {
    /// The step (1-based: step 1 is the first of the walk) after which the state changed.
    pub step: usize,
    /// The character's centre before that step.
    pub from: Vec2,
    /// The character's centre after it.
    pub to: Vec2,
    /// The grounded state after it.
    pub grounded: bool,
}

/// Result of one side walking the course.
#[derive(Debug, Clone, PartialEq)]
pub struct CharacterRun {
    /// Nanoseconds per step, from the fastest timed walk (0 until timed).
    pub ns_per_step: f64,
    /// Changes of the grounded state on continuous ground (see [`Course::on_continuous_ground`]).
    pub flickers: usize,
    /// The first few flickers (up to [`KEPT_FLICKERS`]).
    pub first_flickers: Vec<Flicker>,
    /// Steps counted for flickers: both ends on continuous ground.
    pub counted_steps: usize,
    /// Steps after which the character was grounded.
    pub grounded_steps: usize,
    /// Steps whose horizontal progress was under half of the asked [`WALK`] (caught on
    /// something, or climbing a slope slower than asked).
    pub slow_steps: usize,
    /// The longest run of consecutive slow steps (the character held up in one place).
    pub longest_stall: usize,
    /// Where the character was at the end of that run.
    pub stall_at: Vec2,
    /// Times the character turned around at an end of the course.
    pub turns: usize,
    /// The step after which the character first turned around (reached the right end).
    pub first_turn: Option<usize>,
    /// Nanoseconds per step over the first leg only: the first
    /// [`CharacterRun::leg_steps`] steps, from the fastest timed walk of that many steps.
    pub leg_ns_per_step: f64,
    /// Flickers over the first leg only (counted like [`CharacterRun::flickers`]).
    pub leg_flickers: usize,
    /// Steps of the first leg: the fewest steps after which either side first turned around
    /// (both sides walked right all along, over the same ground), or the whole walk if
    /// neither did.
    pub leg_steps: usize,
    /// The character's x at the end of the walk.
    pub final_x: f32,
}

/// How many flickers [`CharacterRun::first_flickers`] keeps.
pub const KEPT_FLICKERS: usize = 8;

/// Flickers, grounded steps, slow steps, turns and final x of a [`trace`].
pub(super) fn summarize(course: &Course, states: &[(Vec2, bool)]) -> CharacterRun {
    let mut run = CharacterRun {
        ns_per_step: 0.0,
        flickers: 0,
        first_flickers: Vec::new(),
        counted_steps: 0,
        grounded_steps: 0,
        slow_steps: 0,
        longest_stall: 0,
        stall_at: Vec2::NAN,
        turns: 0,
        first_turn: None,
        leg_ns_per_step: 0.0,
        leg_flickers: 0,
        leg_steps: 0,
        final_x: states.last().map_or(f32::NAN, |s| s.0.x),
    };
    let mut dir = course.next_dir(states.first().map_or(0.0, |s| s.0.x), 1.0);
    let mut stall = 0;
    for (i, w) in states.windows(2).enumerate() {
        let ((from, was), (to, is)) = (w[0], w[1]);
        if is {
            run.grounded_steps += 1;
        }
        if (to.x - from.x) * dir < 0.5 * WALK {
            run.slow_steps += 1;
            stall += 1;
            if stall > run.longest_stall {
                run.longest_stall = stall;
                run.stall_at = to;
            }
        } else {
            stall = 0;
        }
        let next = course.next_dir(to.x, dir);
        if next != dir {
            run.turns += 1;
            run.first_turn.get_or_insert(i + 1);
        }
        dir = next;
        if course.on_continuous_ground(from.x) && course.on_continuous_ground(to.x) {
            run.counted_steps += 1;
            if was != is {
                run.flickers += 1;
                if run.first_flickers.len() < KEPT_FLICKERS {
                    run.first_flickers.push(Flicker {
                        step: i + 1,
                        from,
                        to,
                        grounded: is,
                    });
                }
            }
        }
    }
    run
}
