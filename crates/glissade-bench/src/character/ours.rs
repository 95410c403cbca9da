//! glissade's side of the character benchmark: its world of the course and a
//! [`CharacterController`], put back in their settled state before each walk.

use glissade::character::CharacterConfig;
use glissade::glam::Vec2;
use glissade::{CharacterController, Handle, Step, World};

use super::course::{Course, DT, MAX_STEP_HEIGHT, PRESS, SKIN, SNAP};
use super::walker::Walker;

/// glissade's side: the world and controller after the settling step, and the working copies.
pub(super) struct Ours {
    settled: (World, CharacterController),
    world: World,
    controller: CharacterController,
    body: Handle,
}

/// glissade's side of a character line where the benchmark starts timing it: the course's
/// world (see [`Course::glissade_world`]) and a [`CharacterController`] with the settings
/// rapier2d's side copies (skin [`SKIN`], climb [`MAX_STEP_HEIGHT`], snap [`SNAP`], world
/// units), after the settling step (pressed down by [`PRESS`] units over [`DT`] seconds).
/// Returns the world, the character's handle and the controller.
///
/// # Panics
/// If the settling step is refused (it is not, on the benchmark's courses).
#[must_use]
pub fn settled_glissade(course: &Course) -> (World, Handle, CharacterController) {
    let (mut world, body) = course.glissade_world();
    // Spelled out although they are the defaults: the settings rapier2d's side copies.
    let mut controller = CharacterController::new(CharacterConfig {
        skin: SKIN,
        max_step_height: MAX_STEP_HEIGHT,
        snap_distance: SNAP,
        ..CharacterConfig::default()
    });
    controller
        .step(&mut world, body, Step::new(Vec2::new(0.0, -PRESS), DT))
        .expect("the settling step");
    (world, body, controller)
}

impl Ours {
    pub(super) fn new(course: &Course) -> Self {
        let (world, body, controller) = settled_glissade(course);
        Ours {
            settled: (world.clone(), controller.clone()),
            world,
            controller,
            body,
        }
    }

    /// The settled state's grounded flag and position.
    pub(super) fn settled(&self) -> (Vec2, bool) {
        let (world, controller) = &self.settled;
        (
            world.get(self.body).map_or(Vec2::NAN, |c| c.position()),
            controller.state.grounded(),
        )
    }
}

impl Walker for Ours {
    fn reset(&mut self) {
        self.world.clone_from(&self.settled.0);
        self.controller.clone_from(&self.settled.1);
    }

    fn step(&mut self, dir: f32) -> (Vec2, bool) {
        let grounded = self
            .controller
            .step(
                &mut self.world,
                self.body,
                Step::new(Course::motion(dir), DT),
            )
            .expect("a valid step of a known character")
            .grounded();
        let pos = self
            .world
            .get(self.body)
            .map_or(Vec2::NAN, |c| c.position());
        (pos, grounded)
    }
}
