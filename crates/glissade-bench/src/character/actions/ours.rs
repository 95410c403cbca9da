//! glissade's side of the actions course: a [`Platformer`] over the level's world, put back
//! in its start state (world and character) before each run.

use glissade::glam::Vec2;
use glissade::{Handle, Platformer, PlatformerInput, World};

use super::level::{character_config, platformer_config};
use super::player::{Player, State};
use crate::character::{Course, DT};

/// glissade's side: the start state, and the working copies.
pub(super) struct Ours {
    start: (World, Platformer),
    world: World,
    player: Platformer,
    body: Handle,
}

impl Ours {
    pub(super) fn new(level: &Course) -> Self {
        let (world, body) = level.glissade_world();
        let player = Platformer::new(platformer_config(), character_config());
        Ours {
            start: (world.clone(), player.clone()),
            world,
            player,
            body,
        }
    }
}

impl Player for Ours {
    fn reset(&mut self) {
        self.world.clone_from(&self.start.0);
        self.player.clone_from(&self.start.1);
    }

    fn step(&mut self, input: PlatformerInput) -> State {
        let grounded = self
            .player
            .update(&mut self.world, self.body, input, DT)
            .expect("a valid update of a known character")
            .grounded();
        let pos = self
            .world
            .get(self.body)
            .map_or(Vec2::NAN, |c| c.position());
        State { pos, grounded }
    }
}
