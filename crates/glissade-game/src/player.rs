//! One player of the game: its collider, how it moves, what it holds, its score.

use glissade::Handle;
use glissade::character::{Animation, Facing};
use glissade::glam::Vec2;

use crate::bot::Bot;
use crate::course::Run;
use crate::driver::Driver;
use crate::input::Input;
use crate::keys::Keys;

/// A player's state between ticks.
#[derive(Debug, Clone)]
pub struct Player {
    /// Its collider in the level's world.
    pub handle: Handle,
    /// How its body moves.
    pub driver: Driver,
    /// Velocity after the last tick, world units per second.
    pub velocity: Vec2,
    /// Standing on ground after the last tick (platformer mode).
    pub grounded: bool,
    /// What it was doing and which way it faced after the last tick (platformer mode).
    pub pose: Option<(Animation, Facing)>,
    /// The last input received.
    pub input: Input,
    /// Jump was pressed at some input since the last tick (a tap shorter than a tick counts).
    pub jump_latch: bool,
    /// Dash was pressed at some input since the last tick (as `jump_latch`).
    pub dash_latch: bool,
    /// Its run over the course (platformer).
    pub run: Run,
    /// The random walk that drives it, for a bot.
    pub bot: Option<Bot>,
    /// Ticks until the player may fire again (arena).
    pub cooldown: u32,
    /// Kills scored this round (arena).
    pub score: u32,
    /// Hits left before dying (arena).
    pub health: u32,
    /// Ticks of invulnerability left (arena, after a respawn).
    pub invulnerable: u32,
    /// Deaths (arena).
    pub deaths: u32,
    /// The velocity of a knock taken, fading (arena), world units per second.
    pub knock: Vec2,
    /// The drag under way (sandbox): the box grabbed (an index into the boxes, none when
    /// the drag started off every box) and the grab point's offset from the box's centre.
    pub grab: Option<(Option<usize>, Vec2)>,
}

impl Player {
    /// A player at rest with nothing held, its run starting at tick `tick`.
    #[must_use]
    pub fn new(handle: Handle, driver: Driver, bot: Option<Bot>, tick: u64) -> Self {
        Player {
            handle,
            driver,
            velocity: Vec2::ZERO,
            grounded: false,
            pose: None,
            input: Input::default(),
            jump_latch: false,
            dash_latch: false,
            run: Run::new(tick),
            bot,
            cooldown: 0,
            score: 0,
            health: crate::tuning::MAX_HEALTH,
            invulnerable: 0,
            deaths: 0,
            knock: Vec2::ZERO,
            grab: None,
        }
    }

    /// Takes a new input: it holds until the next, and a jump in it counts at the next tick
    /// even if released before.
    pub fn set_input(&mut self, input: Input) {
        self.input = input;
        self.jump_latch |= input.keys.jump;
        self.dash_latch |= input.keys.dash;
    }

    /// The keys this tick moves by (jump held or pressed since the last tick); forgets the
    /// press.
    pub fn take_keys(&mut self) -> Keys {
        let keys = Keys {
            jump: self.input.keys.jump || self.jump_latch,
            dash: self.input.keys.dash || self.dash_latch,
            ..self.input.keys
        };
        self.jump_latch = false;
        self.dash_latch = false;
        keys
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_jump_counts_once() {
        let mut world = glissade::World::new();
        let shape = glissade::Aabb::from_half_extents(Vec2::ONE).unwrap();
        let h = world
            .add(glissade::ColliderDesc::new(shape, Vec2::ZERO))
            .unwrap();
        let mut p = Player::new(h, Driver::TopDown, None, 0);
        let jump = Keys {
            jump: true,
            ..Keys::default()
        };
        p.set_input(Input {
            keys: jump,
            ..Input::default()
        });
        p.set_input(Input::default());
        assert!(p.take_keys().jump);
        assert!(!p.take_keys().jump);
    }
}
