//! A game: a level's world and its players stepped one fixed tick at a time by the rules of
//! its mode, driven by plain inputs and read as plain snapshots.

use std::collections::BTreeMap;

use glissade::glam::Vec2;
use glissade::{Aabb, Circle, ColliderDesc, Handle, Shape, World};
use glissade_level::{Built, Level, Mode};
use glissade_rng::SplitMix64;

use crate::arena::{INVULNERABLE_TICKS, KNOCKBACK_FADE_S, Rounds};
use crate::bot::Bot;
use crate::boxes::{MovableBox, movable_boxes, step_sandbox};
use crate::bullets::Bullets;
use crate::course::{Course, Run};
use crate::driver::Driver;
use crate::error::GameError;
use crate::event::{Event, Respawn};
use crate::feel::Feel;
use crate::input::Input;
use crate::player::Player;
use crate::snapshot::{BoxView, BulletView, PlayerView, ScoreView, Snapshot};
use crate::spawn::Spawns;
use crate::tuning::{ARENA_RADIUS, BODY_HALF_EXTENTS, DT, MAX_HEALTH, OUT_OF_BOUNDS};

/// The state of one game.
#[derive(Debug)]
pub struct Game {
    built: Built,
    mode: Mode,
    /// Every player's shape: a circle in arena mode, a box in the others.
    shape: Shape,
    players: BTreeMap<u32, Player>,
    spawns: Spawns,
    tick: u64,
    rng: SplitMix64,
    bounds: (Vec2, Vec2),
    bullets: Bullets,
    boxes: Vec<MovableBox>,
    /// What happened during the last tick.
    events: Vec<Event>,
    /// The platformer settings of players joining.
    feel: Feel,
    /// The coins and the goal (platformer).
    course: Course,
    /// The rounds, kills and feed (arena).
    rounds: Rounds,
}

impl Game {
    /// A game of a built level in `mode`, within `bounds` (the level's, min and max); bots
    /// draw from a generator seeded with `seed`.
    pub fn new(
        built: Built,
        mode: Mode,
        bounds: (Vec2, Vec2),
        seed: u64,
    ) -> Result<Self, GameError> {
        let shape = match mode {
            Mode::Arena => Shape::from(Circle::new(ARENA_RADIUS)?),
            Mode::Platformer | Mode::Sandbox => {
                Shape::from(Aabb::from_half_extents(BODY_HALF_EXTENTS)?)
            }
        };
        let mut built = built;
        let boxes = if mode == Mode::Sandbox {
            movable_boxes(&mut built)?
        } else {
            Vec::new()
        };
        let spawns = Spawns::new(built.spawns.clone(), (bounds.0 + bounds.1) * 0.5);
        Ok(Game {
            built,
            mode,
            shape,
            players: BTreeMap::new(),
            spawns,
            tick: 0,
            rng: SplitMix64::new(seed),
            bounds,
            bullets: Bullets::new()?,
            boxes,
            events: Vec::new(),
            feel: Feel::default(),
            course: Course::default(),
            rounds: Rounds::new(),
        })
    }

    /// The rounds, and the feed of recent kills (arena).
    #[must_use]
    pub fn rounds(&self) -> &Rounds {
        &self.rounds
    }

    /// This game with `course`'s coins and goal to play for (platformer mode; the default is
    /// none: see [`Course::from_entities`]).
    #[must_use]
    pub fn with_course(mut self, course: Course) -> Self {
        self.course = course;
        self
    }

    /// The level's bounds, world units: its lower-left and upper-right corners.
    #[must_use]
    pub fn bounds(&self) -> (Vec2, Vec2) {
        self.bounds
    }

    /// The coins and the goal.
    #[must_use]
    pub fn course(&self) -> &Course {
        &self.course
    }

    /// Player `id`'s run over the course, if it is there.
    #[must_use]
    pub fn run(&self, id: u32) -> Option<Run> {
        self.players.get(&id).map(|p| p.run)
    }

    /// This game with the platformer settings of `feel` for the players who join from now on
    /// (the default is [`Feel::Demo`]).
    #[must_use]
    pub fn with_feel(mut self, feel: Feel) -> Self {
        self.feel = feel;
        self
    }

    /// The platformer settings players join with.
    #[must_use]
    pub fn feel(&self) -> Feel {
        self.feel
    }

    /// A game of `level` in its own mode: built, within its bounds, with the course its
    /// entities place.
    pub fn from_level(level: &Level, seed: u64) -> Result<Self, GameError> {
        let bounds = (Vec2::from(level.bounds.min), Vec2::from(level.bounds.max));
        Ok(Game::new(level.build()?, level.mode, bounds, seed)?
            .with_course(Course::from_entities(&level.entities)))
    }

    /// The mode played.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Ticks run so far.
    #[must_use]
    pub fn tick(&self) -> u64 {
        self.tick
    }

    /// Number of players (bots included).
    #[must_use]
    pub fn players(&self) -> usize {
        self.players.len()
    }

    /// Whether player `id` is in the game.
    #[must_use]
    pub fn has_player(&self, id: u32) -> bool {
        self.players.contains_key(&id)
    }

    /// The level's world, with every player's, platform's and box's collider.
    #[must_use]
    pub fn world(&self) -> &World {
        &self.built.world
    }

    /// The shape every player has in this mode.
    #[must_use]
    pub fn player_shape(&self) -> Shape {
        self.shape.clone()
    }

    /// The collider of player `id`.
    #[must_use]
    pub fn player_handle(&self, id: u32) -> Option<Handle> {
        self.players.get(&id).map(|p| p.handle)
    }

    /// Adds a player driven by its inputs, at the next spawn point; false when its collider
    /// cannot be placed (it is then not in the game). An id already there is replaced.
    pub fn join(&mut self, id: u32) -> bool {
        self.add_player(id, None)
    }

    /// Adds a bot (a random walk of the keys), as [`Game::join`].
    pub fn join_bot(&mut self, id: u32) -> bool {
        self.add_player(id, Some(Bot::default()))
    }

    fn add_player(&mut self, id: u32, bot: Option<Bot>) -> bool {
        let at = self.spawns.next_point(&self.built.world, &self.shape);
        let Ok(handle) = self
            .built
            .world
            .add(ColliderDesc::new(self.shape.clone(), at).kinematic())
        else {
            return false;
        };
        let driver = Driver::new(self.mode, self.built.gravity, self.feel);
        let player = Player::new(handle, driver, bot, self.tick);
        if let Some(old) = self.players.insert(id, player) {
            let _ = self.built.world.remove(old.handle);
        }
        true
    }

    /// Removes a player and its body (nothing if it is not there).
    pub fn leave(&mut self, id: u32) {
        if let Some(p) = self.players.remove(&id) {
            let _ = self.built.world.remove(p.handle);
        }
    }

    /// Sets a player's input, held until the next (nothing if it is not there).
    pub fn set_input(&mut self, id: u32, input: Input) {
        if let Some(p) = self.players.get_mut(&id) {
            p.set_input(input);
        }
    }

    /// Puts player `id` at `at` as it is (velocity kept); false when it is not there or
    /// cannot be put there.
    pub fn place(&mut self, id: u32, at: Vec2) -> bool {
        self.players
            .get(&id)
            .is_some_and(|p| self.built.world.set_position(p.handle, at).is_ok())
    }

    /// One tick: the platforms, the bots' keys, then the players (by id; in arena the
    /// firing first and the bullets after; in sandbox with the boxes, all in one move), then
    /// every player lost is put back. Returns what happened.
    pub fn step(&mut self) -> &[Event] {
        self.events.clear();
        let t = self.tick as f64 * f64::from(DT);
        self.built.move_platforms(t, DT);
        let ids: Vec<u32> = self.players.keys().copied().collect();
        let platformer = self.mode == Mode::Platformer;
        for p in self.players.values_mut() {
            if let Some(bot) = &mut p.bot {
                let keys = bot.keys(&mut self.rng, platformer);
                p.input.keys = keys;
                p.jump_latch = keys.jump;
            }
        }
        match self.mode {
            Mode::Sandbox => step_sandbox(&mut self.built.world, &mut self.players, &self.boxes),
            Mode::Arena => {
                for p in self.players.values_mut() {
                    p.invulnerable = p.invulnerable.saturating_sub(1);
                }
                self.bullets
                    .fire(&self.built.world, &mut self.players, &mut self.events);
                let starts = self.positions();
                for &id in &ids {
                    self.step_player(id);
                }
                let from = self.events.len();
                self.bullets.step(
                    &self.built.world,
                    &self.players,
                    &self.shape,
                    &starts,
                    &mut self.events,
                );
                let at = self.positions().iter().map(|&(id, _, q)| (id, q)).collect();
                let dead = self.rounds.apply_hits(
                    self.tick,
                    &mut self.players,
                    &at,
                    &mut self.events,
                    from,
                );
                for id in dead {
                    self.respawn(id, Respawn::Killed);
                }
            }
            Mode::Platformer => {
                for &id in &ids {
                    self.step_player(id);
                }
                if !self.course.is_empty() {
                    for &id in &ids {
                        self.run_course(id);
                    }
                }
            }
        }
        for &id in &ids {
            self.check_lost(id);
        }
        self.tick += 1;
        &self.events
    }

    /// Every player's id, collider and position.
    fn positions(&self) -> Vec<(u32, Handle, Vec2)> {
        self.players
            .iter()
            .filter_map(|(&id, p)| {
                let q = self.built.world.get(p.handle)?.position();
                Some((id, p.handle, q))
            })
            .collect()
    }

    /// Moves one player by its keys (platformer and arena); a failed move puts it back.
    fn step_player(&mut self, id: u32) {
        let Some(p) = self.players.get_mut(&id) else {
            return;
        };
        let keys = p.take_keys();
        let knock = p.knock;
        match p
            .driver
            .step(&mut self.built.world, p.handle, keys, knock, DT)
        {
            Ok(moved) => {
                p.grounded = moved.grounded;
                p.velocity = moved.velocity;
                p.pose = moved.pose;
                // A knock fades away (exactly the same every run: a constant factor a tick).
                p.knock = if knock.length_squared() < 1e-4 {
                    Vec2::ZERO
                } else {
                    knock * (-DT / KNOCKBACK_FADE_S).exp()
                };
            }
            Err(_) => self.respawn(id, Respawn::MoveFailed),
        }
    }

    /// Player `id` takes the coins it touches and finishes its run at the goal (then it starts
    /// over from a spawn point).
    fn run_course(&mut self, id: u32) {
        let Some(p) = self.players.get_mut(&id) else {
            return;
        };
        let Some(at) = self.built.world.get(p.handle).map(|c| c.position()) else {
            return;
        };
        let (lo, hi) = (at - BODY_HALF_EXTENTS, at + BODY_HALF_EXTENTS);
        let mut new = self.course.coins_touched(lo, hi) & !p.run.taken;
        p.run.taken |= new;
        while new != 0 {
            let coin = new.trailing_zeros();
            new &= new - 1;
            self.events.push(Event::CoinTaken { id, coin });
        }
        if self.course.at_goal(lo, hi) {
            let coins = p.run.coins();
            // The run ends with this tick.
            let ticks = p.run.finish(self.tick + 1);
            let best = p.run.best.unwrap_or(ticks);
            self.events.push(Event::Finished {
                id,
                ticks,
                best,
                coins,
            });
            self.respawn(id, Respawn::Finished);
        }
    }

    /// Puts a player that left the world, or the level's surroundings, back at a spawn point.
    fn check_lost(&mut self, id: u32) {
        let Some(p) = self.players.get(&id) else {
            return;
        };
        let position = self
            .built
            .world
            .get(p.handle)
            .map(glissade::world::Collider::position);
        let (lo, hi) = self.bounds;
        let lost = match position {
            None => true,
            Some(q) => {
                !q.is_finite()
                    || q.x < lo.x - OUT_OF_BOUNDS
                    || q.y < lo.y - OUT_OF_BOUNDS
                    || q.x > hi.x + OUT_OF_BOUNDS
                    || q.y > hi.y + OUT_OF_BOUNDS
            }
        };
        if lost || !p.velocity.is_finite() {
            self.respawn(id, Respawn::Lost);
        }
    }

    /// Puts a player back at a spawn point, at rest.
    fn respawn(&mut self, id: u32, why: Respawn) {
        let at = self.spawns.next_point(&self.built.world, &self.shape);
        let driver = Driver::new(self.mode, self.built.gravity, self.feel);
        if let Some(p) = self.players.get_mut(&id) {
            if self.built.world.set_position(p.handle, at).is_err()
                && let Ok(h) = self
                    .built
                    .world
                    .add(ColliderDesc::new(self.shape.clone(), at).kinematic())
            {
                p.handle = h;
            }
            p.driver = driver;
            p.velocity = Vec2::ZERO;
            p.grounded = false;
            p.pose = None;
            p.knock = Vec2::ZERO;
            if why == Respawn::Killed {
                p.health = MAX_HEALTH;
                p.invulnerable = INVULNERABLE_TICKS;
            }
            self.events.push(Event::Respawned { id, why });
        }
    }

    /// Fills `out` with the game as it stands (a collider gone reads as the origin).
    pub fn snapshot_into(&self, out: &mut Snapshot) {
        let world = &self.built.world;
        let at = |h: Handle| {
            world
                .get(h)
                .map_or(Vec2::ZERO, glissade::world::Collider::position)
        };
        out.tick = self.tick;
        out.players.clear();
        out.players
            .extend(self.players.iter().map(|(&id, p)| PlayerView {
                id,
                position: at(p.handle),
                velocity: p.velocity,
                grounded: p.grounded,
                pose: p.pose,
            }));
        out.platforms.clear();
        out.platforms
            .extend(self.built.platforms.iter().map(|run| at(run.handle)));
        out.bullets.clear();
        out.bullets
            .extend(self.bullets.list.iter().map(|b| BulletView {
                id: b.id,
                owner: b.owner,
                position: b.position,
                velocity: b.velocity,
            }));
        out.scores.clear();
        if self.mode == Mode::Arena {
            out.scores
                .extend(self.players.iter().map(|(&id, p)| ScoreView {
                    id,
                    score: p.score,
                    health: p.health,
                    invulnerable: p.invulnerable > 0,
                    deaths: p.deaths,
                }));
        }
        out.boxes.clear();
        out.boxes.extend(self.boxes.iter().map(|b| BoxView {
            wall: b.wall,
            position: at(b.handle),
            half: b.half,
        }));
    }

    /// The game as it stands.
    #[must_use]
    pub fn snapshot(&self) -> Snapshot {
        let mut s = Snapshot::default();
        self.snapshot_into(&mut s);
        s
    }
}
