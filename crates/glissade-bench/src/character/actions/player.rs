//! What both sides of the actions course are to it: a player put back in its start state and
//! stepped with one input; one untimed run of the script, and one timed run.

use std::hint::black_box;
use std::time::{Duration, Instant};

use glissade::PlatformerInput;
use glissade::glam::Vec2;

/// A side's state after a step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct State {
    /// The character's centre (of the crouching shape while crouching).
    pub pos: Vec2,
    /// Whether it is on the ground.
    pub grounded: bool,
}

/// One side of the benchmark.
pub(super) trait Player {
    /// Back to the start state (outside any timing).
    fn reset(&mut self);
    /// One step of 1/60 s with these buttons held.
    fn step(&mut self, input: PlatformerInput) -> State;
}

/// The state after each step of one untimed run of `inputs` from the start state.
pub(super) fn trace(player: &mut impl Player, inputs: &[PlatformerInput]) -> Vec<State> {
    player.reset();
    inputs.iter().map(|&input| player.step(input)).collect()
}

/// Times one run of `inputs` from the start state (the reset is not timed): the time of each
/// part, parts starting at the step indices `starts` (increasing, the first 0).
pub(super) fn time_run<const N: usize>(
    player: &mut impl Player,
    inputs: &[PlatformerInput],
    starts: [usize; N],
) -> [Duration; N] {
    player.reset();
    let mut parts = [Duration::ZERO; N];
    for (k, part) in parts.iter_mut().enumerate() {
        let end = starts.get(k + 1).copied().unwrap_or(inputs.len());
        let started = Instant::now();
        for &input in &inputs[starts[k]..end] {
            black_box(player.step(black_box(input)));
        }
        *part = started.elapsed();
    }
    parts
}
