//! The fixed input script of the actions course: the buttons held at each step of 1/60 s, the
//! same for both sides. It runs right with a dash on the ground, jumps against the tower and
//! wall-jumps up the shaft to the upper floor, dashes up and right, crouches through the
//! tunnel and stands up past it.

use glissade::PlatformerInput;

/// Right held, nothing else.
const RIGHT: PlatformerInput = PlatformerInput {
    right: true,
    ..PlatformerInput::NONE
};
/// Left held, nothing else.
const LEFT: PlatformerInput = PlatformerInput {
    left: true,
    ..PlatformerInput::NONE
};

/// Steps of running before the horizontal dash is pressed.
const RUN_BEFORE_DASH: usize = 30;
/// Steps of running after it, up against the tower (long enough for both sides to get there).
const RUN_TO_TOWER: usize = 90;
/// Steps from the jump off the ground to the first wall jump (near the top of the jump).
const FIRST_WALL_JUMP: usize = 16;
/// Steps from one wall jump to the next: crossing the shaft and meeting the other wall.
const CYCLE: usize = 11;
/// Wall jumps after the first, alternating walls; the last one is off the hanging wall and
/// carries the character over the tower's top.
const WALL_JUMPS: usize = 5;
/// Steps of running on the upper floor before the diagonal dash.
const RUN_BEFORE_DIAGONAL: usize = 40;
/// Steps of running after it before crouching.
const RUN_BEFORE_CROUCH: usize = 50;
/// Steps crouching (holding right): the approach, the tunnel and its way out.
const CROUCHING: usize = 80;
/// Steps of running after standing up, then of standing still.
const RUN_AT_THE_END: (usize, usize) = (30, 20);

/// Where the script presses what, by step index (0-based: the input of step `i + 1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marks {
    /// The step the horizontal dash is pressed at.
    pub dash: usize,
    /// The step the jump off the ground, at the foot of the shaft, is pressed at.
    pub shaft_jump: usize,
    /// The step the last wall jump is pressed at.
    pub last_wall_jump: usize,
    /// The step the diagonal dash (up and right) is pressed at.
    pub diagonal_dash: usize,
    /// The steps crouch is held over: `from..to`.
    pub crouch: (usize, usize),
}

/// Names of the script's parts, in order, as [`Marks::phases`] cuts it.
pub const PHASES: [&str; 4] = ["run+dash", "shaft", "upper+diagonal", "crouch+end"];

impl Marks {
    /// Where each of the [`PHASES`] starts, by step index: the run and its dash from the
    /// start, the shaft from the jump at its foot, the upper floor and its diagonal dash from
    /// the last wall jump, the crouch and the end from the crouch.
    #[must_use]
    pub fn phases(&self) -> [usize; 4] {
        [0, self.shaft_jump, self.last_wall_jump, self.crouch.0]
    }
}

/// The script: one input per step, and where its actions are.
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    /// The buttons of each step.
    pub inputs: Vec<PlatformerInput>,
    /// Where the actions are pressed.
    pub marks: Marks,
}

/// Appends `n` steps of `input`.
fn hold(inputs: &mut Vec<PlatformerInput>, n: usize, input: PlatformerInput) {
    inputs.extend(std::iter::repeat_n(input, n));
}

impl Script {
    /// The standard script (about 460 steps).
    #[must_use]
    pub fn standard() -> Self {
        let mut inputs = Vec::new();
        hold(&mut inputs, RUN_BEFORE_DASH, RIGHT);
        let dash = inputs.len();
        inputs.push(PlatformerInput {
            dash: true,
            ..RIGHT
        });
        hold(&mut inputs, RUN_TO_TOWER, RIGHT);
        // Up the shaft: a jump off the ground against the tower, held into it; then wall
        // jumps, each pressed while holding into the wall it leaves, then holding toward the
        // other wall.
        let shaft_jump = inputs.len();
        inputs.push(PlatformerInput {
            jump: true,
            ..RIGHT
        });
        hold(&mut inputs, FIRST_WALL_JUMP - 1, RIGHT);
        let mut into = RIGHT;
        let mut last_wall_jump = inputs.len();
        for _ in 0..=WALL_JUMPS {
            last_wall_jump = inputs.len();
            inputs.push(PlatformerInput { jump: true, ..into });
            into = if into == RIGHT { LEFT } else { RIGHT };
            hold(&mut inputs, CYCLE - 1, into);
        }
        // The last wall jump was off the hanging wall: right, onto the tower and the upper
        // floor.
        hold(&mut inputs, RUN_BEFORE_DIAGONAL, RIGHT);
        let diagonal_dash = inputs.len();
        inputs.push(PlatformerInput {
            up: true,
            dash: true,
            ..RIGHT
        });
        hold(&mut inputs, RUN_BEFORE_CROUCH, RIGHT);
        let crouch_from = inputs.len();
        hold(
            &mut inputs,
            CROUCHING,
            PlatformerInput {
                crouch: true,
                ..RIGHT
            },
        );
        let crouch = (crouch_from, inputs.len());
        hold(&mut inputs, RUN_AT_THE_END.0, RIGHT);
        hold(&mut inputs, RUN_AT_THE_END.1, PlatformerInput::NONE);
        Script {
            inputs,
            marks: Marks {
                dash,
                shaft_jump,
                last_wall_jump,
                diagonal_dash,
                crouch,
            },
        }
    }
}
