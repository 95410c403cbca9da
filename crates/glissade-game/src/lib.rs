//! # glissade-game
//!
//! The rules of the glissade demo game, with no sockets and no clock: a level's world stepped
//! one fixed tick ([`DT`]) at a time in its mode — platformer (the platformer character),
//! arena (circles that fire swept bullets and score hits) or sandbox (top-down boxes that drag
//! the level's movable boxes) — with spawns and respawns and seeded bots. A [`Game`] takes one
//! [`Input`] per player and gives back [`Event`]s and a [`Snapshot`]; the game server and
//! `glissade replay` both drive it, so a match replays the same everywhere.
//!
//! ```
//! use glissade_game::{Game, Input, Keys};
//!
//! let level = glissade_level::load("arena")?.level;
//! let mut game = Game::from_level(&level, 1)?;
//! assert!(game.join(1));
//! let right = Keys { right: true, ..Keys::default() };
//! game.set_input(1, Input { keys: right, ..Input::default() });
//! game.step();
//! assert!(game.snapshot().players[0].velocity.x > 0.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Layout, bottom up: `tuning` (the numbers), `feel` (the platformer's settings), `course`
//! (the platformer's coins and goal), `keys` and `input`, `error`, `driver` (how a body
//! moves), `steer`, `bot`, `event`, `player`, `arena` (health, kills, rounds), `spawn`,
//! `bullets`, `boxes`, `snapshot`, and `game` on top.
#![warn(missing_docs)]

mod arena;
mod bot;
mod boxes;
mod bullets;
mod course;
mod driver;
mod error;
mod event;
mod feel;
mod game;
mod input;
mod keys;
mod player;
mod snapshot;
mod spawn;
mod steer;
mod tuning;

pub use arena::{
    FEED_MAX, FEED_TICKS, INVULNERABLE_TICKS, KILL_TARGET, KNOCKBACK_FADE_S, KNOCKBACK_SPEED, Kill,
    Rounds,
};
pub use course::{COIN_RADIUS, Course, GOAL_HALF_EXTENTS, MAX_COINS, Run};
pub use driver::{Driver, Moved};
pub use error::{DriveError, GameError};
pub use event::{Event, Respawn};
pub use feel::{DEMO_CLIMB_SPEED, DEMO_MAX_SPEED, DEMO_STOP_TIME, Feel};
pub use game::Game;
pub use input::Input;
pub use keys::Keys;
pub use snapshot::{BoxView, BulletView, PlayerView, ScoreView, Snapshot};
pub use tuning::{
    ARENA_RADIUS, BODY_HALF_EXTENTS, BULLET_LIFE_TICKS, BULLET_RADIUS, BULLET_SPEED, DRAG_SPEED,
    DT, FIRE_EVERY_TICKS, GRID_CELL, MAX_HEALTH, OUT_OF_BOUNDS, TICK_HZ, TOP_DOWN_SPEED, VIEW,
};
