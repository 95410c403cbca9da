//! The authoritative simulation: a level's world stepped at a fixed 60 Hz.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ws::Utf8Bytes;
use glissade::glam::Vec2;
use glissade::{
    Aabb, BodyMove, CastResult, Circle, ColliderDesc, Handle, MoveConfig, QueryFilter, Shape, cast,
    move_bodies,
};
use glissade_level::play::{BODY_HALF_EXTENTS, Driver};
use glissade_level::{Built, Mode};
use serde::Serialize;
use tokio::sync::{mpsc, watch};
use tokio::time::MissedTickBehavior;

use crate::protocol::{
    BoxState, BulletState, Controls, Keys, PlatformState, PlayerState, ScoreState, Snapshot,
    VERSION,
};

/// Simulation ticks per second.
pub const TICK_HZ: u32 = 60;
/// The fixed step, seconds.
pub const DT: f32 = 1.0 / TICK_HZ as f32;
/// A snapshot is sent every this many ticks (30 Hz).
pub const SNAPSHOT_EVERY: u64 = 2;
/// Radius of an arena player's circle, world units.
pub const ARENA_RADIUS: f32 = 0.45;
/// Radius of a bullet's circle, world units.
pub const BULLET_RADIUS: f32 = 0.1;
/// Speed of a bullet, world units per second.
pub const BULLET_SPEED: f32 = 30.0;
/// Ticks between two shots of one player (0.25 s).
pub const FIRE_EVERY_TICKS: u32 = TICK_HZ / 4;
/// Ticks a bullet lives at most (2 s).
pub const BULLET_LIFE_TICKS: u32 = 2 * TICK_HZ;
/// Top speed of a dragged sandbox box, world units per second.
pub const DRAG_SPEED: f32 = 12.0;
/// Tick durations kept for the percentiles.
pub const TICK_RING: usize = 600;
/// How far outside the level's bounds a player may go before it is put back at a spawn point.
const OUT_OF_BOUNDS: f32 = 10.0;

/// What the connections ask of the simulation.
#[derive(Debug)]
pub enum Command {
    /// A client's player enters; snapshots go to `out`.
    Join {
        /// The player's id.
        id: u32,
        /// The client's outgoing queue.
        out: mpsc::Sender<Utf8Bytes>,
    },
    /// A client's input.
    Input {
        /// The player's id.
        id: u32,
        /// The keys held, aim, fire and drag.
        controls: Controls,
    },
    /// A client's player leaves.
    Leave {
        /// The player's id.
        id: u32,
    },
}

/// A simulated player's random walk.
struct Bot {
    keys: Keys,
    ticks_left: u32,
}

struct Player {
    handle: Handle,
    driver: Driver,
    velocity: Vec2,
    grounded: bool,
    keys: Keys,
    /// Jump was pressed at some input since the last tick (a tap shorter than a tick counts).
    jump_latch: bool,
    out: Option<mpsc::Sender<Utf8Bytes>>,
    bot: Option<Bot>,
    /// Where the player aims (arena), fire held.
    aim: Option<Vec2>,
    fire: bool,
    /// Ticks until the player may fire again.
    cooldown: u32,
    /// Hits scored (arena).
    score: u32,
    /// Where the player drags (sandbox).
    drag: Option<Vec2>,
    /// The drag under way: the box grabbed (an index into the boxes, none when the drag
    /// started off every box) and the grab point's offset from the box's centre.
    grab: Option<(Option<usize>, Vec2)>,
}

/// A bullet in flight (arena).
struct Bullet {
    id: u32,
    owner: u32,
    position: Vec2,
    velocity: Vec2,
    age: u32,
}

/// A movable box (sandbox): a kinematic collider centred on its position.
struct MovableBox {
    /// The index of its wall in the level.
    wall: u32,
    handle: Handle,
    half: Vec2,
}

/// A small seeded random generator (xorshift64*), enough for bots.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (any value).
    pub fn new(seed: u64) -> Self {
        Rng((seed ^ 0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * u64::from(n)) >> 32) as u32
    }

    /// True with probability `p`.
    pub fn chance(&mut self, p: f32) -> bool {
        ((self.next_u64() >> 40) as f32 / (1u64 << 24) as f32) < p
    }
}

/// Tick timings: the last [`TICK_RING`] durations.
#[derive(Debug, Clone)]
pub struct TickTimes {
    ring: Vec<Duration>,
    next: usize,
}

impl Default for TickTimes {
    fn default() -> Self {
        TickTimes {
            ring: Vec::with_capacity(TICK_RING),
            next: 0,
        }
    }
}

impl TickTimes {
    /// Records one tick's duration.
    pub fn record(&mut self, d: Duration) {
        if self.ring.len() < TICK_RING {
            self.ring.push(d);
        } else {
            self.ring[self.next] = d;
        }
        self.next = (self.next + 1) % TICK_RING;
    }

    /// The `q` quantile (0..=1) of the kept durations (nearest rank), zero when empty.
    pub fn quantile(&self, q: f64) -> Duration {
        if self.ring.is_empty() {
            return Duration::ZERO;
        }
        let mut v = self.ring.clone();
        v.sort_unstable();
        let rank = (q.clamp(0.0, 1.0) * v.len() as f64).ceil() as usize;
        v[rank.clamp(1, v.len()) - 1]
    }

    /// The longest kept duration.
    pub fn max(&self) -> Duration {
        self.ring.iter().copied().max().unwrap_or_default()
    }
}

/// The simulation's figures, refreshed once a second.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Stats {
    /// Ticks run.
    pub ticks: u64,
    /// Players (clients and bots).
    pub players: usize,
    /// Median tick duration over the last [`TICK_RING`] ticks, microseconds.
    pub tick_p50_us: u64,
    /// 99th percentile tick duration, microseconds.
    pub tick_p99_us: u64,
    /// Longest tick duration, microseconds.
    pub tick_max_us: u64,
    /// Snapshots dropped because a client's queue was full.
    pub snapshots_dropped: u64,
}

/// The simulation's state.
pub struct Sim {
    built: Built,
    mode: Mode,
    shape: Shape,
    players: BTreeMap<u32, Player>,
    next_spawn: usize,
    tick: u64,
    rng: Rng,
    bounds: (Vec2, Vec2),
    /// Snapshot buffers, reused.
    player_buf: Vec<PlayerState>,
    platform_buf: Vec<PlatformState>,
    bullet_buf: Vec<BulletState>,
    score_buf: Vec<ScoreState>,
    box_buf: Vec<BoxState>,
    bullets: Vec<Bullet>,
    next_bullet: u32,
    bullet_shape: Shape,
    boxes: Vec<MovableBox>,
    /// Snapshots dropped because a client's queue was full.
    pub dropped: u64,
}

impl Sim {
    /// A simulation of a built level in `mode`; bots draw from a generator seeded with `seed`.
    pub fn new(
        built: Built,
        mode: Mode,
        bounds: (Vec2, Vec2),
        seed: u64,
    ) -> Result<Self, glissade::ShapeError> {
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
        Ok(Sim {
            built,
            mode,
            shape,
            players: BTreeMap::new(),
            next_spawn: 0,
            tick: 0,
            rng: Rng::new(seed),
            bounds,
            player_buf: Vec::new(),
            platform_buf: Vec::new(),
            bullet_buf: Vec::new(),
            score_buf: Vec::new(),
            box_buf: Vec::new(),
            bullets: Vec::new(),
            next_bullet: 1,
            bullet_shape: Shape::from(Circle::new(BULLET_RADIUS)?),
            boxes,
            dropped: 0,
        })
    }

    /// Ticks run so far.
    pub fn tick(&self) -> u64 {
        self.tick
    }

    /// Number of players.
    pub fn players(&self) -> usize {
        self.players.len()
    }

    /// The next spawn point (round-robin), moved aside if a player stands there.
    fn spawn_point(&mut self) -> Vec2 {
        let spawns = &self.built.spawns;
        let base = if spawns.is_empty() {
            (self.bounds.0 + self.bounds.1) * 0.5
        } else {
            spawns[self.next_spawn % spawns.len()]
        };
        self.next_spawn = self.next_spawn.wrapping_add(1);
        let filter = QueryFilter::default();
        let free = |p: Vec2| {
            self.built
                .world
                .overlap_shape(&self.shape, p, &filter)
                .is_empty()
        };
        if free(base) {
            return base;
        }
        let (lo, hi) = self.shape.local_bounds();
        let step = hi - lo + Vec2::splat(0.05);
        for k in 1..=6 {
            let k = k as f32;
            for offset in [
                Vec2::new(step.x * k, 0.0),
                Vec2::new(-step.x * k, 0.0),
                Vec2::new(0.0, step.y * k),
            ] {
                if free(base + offset) {
                    return base + offset;
                }
            }
        }
        base
    }

    fn driver(&self) -> Driver {
        Driver::new(self.mode, self.built.gravity)
    }

    /// Adds a player: a client's (snapshots go to `out`) or, without `out`, a bot.
    pub fn join(&mut self, id: u32, out: Option<mpsc::Sender<Utf8Bytes>>) {
        let at = self.spawn_point();
        let Ok(handle) = self
            .built
            .world
            .add(ColliderDesc::new(self.shape, at).kinematic())
        else {
            return;
        };
        let bot = out.is_none().then_some(Bot {
            keys: Keys::default(),
            ticks_left: 0,
        });
        let driver = self.driver();
        if let Some(old) = self.players.insert(
            id,
            Player {
                handle,
                driver,
                velocity: Vec2::ZERO,
                grounded: false,
                keys: Keys::default(),
                jump_latch: false,
                out,
                bot,
                aim: None,
                fire: false,
                cooldown: 0,
                score: 0,
                drag: None,
                grab: None,
            },
        ) {
            let _ = self.built.world.remove(old.handle);
        }
    }

    /// Removes a player (nothing if it is not there).
    pub fn leave(&mut self, id: u32) {
        if let Some(p) = self.players.remove(&id) {
            let _ = self.built.world.remove(p.handle);
        }
    }

    /// Sets a player's keys.
    pub fn set_keys(&mut self, id: u32, keys: Keys) {
        if let Some(p) = self.players.get_mut(&id) {
            p.keys = keys;
            p.jump_latch |= keys.jump;
        }
    }

    /// Sets a player's keys, aim, fire and drag.
    pub fn set_controls(&mut self, id: u32, c: Controls) {
        self.set_keys(id, c.keys);
        if let Some(p) = self.players.get_mut(&id) {
            p.aim = c.aim.map(Vec2::from);
            p.fire = c.fire;
            p.drag = c.drag.map(Vec2::from);
        }
    }

    /// Applies one command.
    pub fn apply(&mut self, cmd: Command) {
        match cmd {
            Command::Join { id, out } => self.join(id, Some(out)),
            Command::Input { id, controls } => self.set_controls(id, controls),
            Command::Leave { id } => self.leave(id),
        }
    }

    /// One tick: platforms, then the players (by id; in sandbox, with the boxes, all in one
    /// move), then the bullets (arena).
    pub fn step(&mut self) {
        let t = self.tick as f64 * f64::from(DT);
        self.built.move_platforms(t, DT);
        let ids: Vec<u32> = self.players.keys().copied().collect();
        for &id in &ids {
            self.drive_bot(id);
        }
        match self.mode {
            Mode::Sandbox => self.step_sandbox(),
            Mode::Arena => {
                self.fire();
                let starts = self.positions();
                for &id in &ids {
                    self.step_player(id);
                }
                self.step_bullets(&starts);
            }
            Mode::Platformer => {
                for &id in &ids {
                    self.step_player(id);
                }
            }
        }
        for &id in &ids {
            self.check_lost(id);
        }
        self.tick += 1;
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

    /// A bot's random walk: new keys now and then.
    fn drive_bot(&mut self, id: u32) {
        let platformer = self.mode == Mode::Platformer;
        let rng = &mut self.rng;
        let Some(p) = self.players.get_mut(&id) else {
            return;
        };
        if let Some(bot) = &mut p.bot {
            if bot.ticks_left == 0 {
                let dir = rng.below(3);
                let vertical = rng.below(3);
                bot.keys = Keys {
                    left: dir == 1,
                    right: dir == 2,
                    up: !platformer && vertical == 1,
                    down: !platformer && vertical == 2,
                    jump: platformer && rng.chance(0.4),
                };
                bot.ticks_left = 15 + rng.below(75);
            }
            bot.ticks_left -= 1;
            p.keys = bot.keys;
            p.jump_latch = bot.keys.jump;
        }
    }

    /// Moves one player by its keys (platformer and arena).
    fn step_player(&mut self, id: u32) {
        let Some(p) = self.players.get_mut(&id) else {
            return;
        };
        let keys = Keys {
            jump: p.keys.jump || p.jump_latch,
            ..p.keys
        };
        p.jump_latch = false;
        let world = &mut self.built.world;
        let ok = match p.driver.step(world, p.handle, keys, DT) {
            Ok(moved) => {
                p.grounded = moved.grounded;
                p.velocity = moved.velocity;
                true
            }
            Err(_) => false,
        };
        if !ok {
            self.respawn(id);
        }
    }

    /// Arena: every player holding fire with an aim, and not cooling down, fires a bullet
    /// from its centre toward the aim.
    fn fire(&mut self) {
        for (&id, p) in &mut self.players {
            p.cooldown = p.cooldown.saturating_sub(1);
            let Some(aim) = p.aim else { continue };
            if !p.fire || p.cooldown > 0 {
                continue;
            }
            let Some(from) = self
                .built
                .world
                .get(p.handle)
                .map(glissade::world::Collider::position)
            else {
                continue;
            };
            let dir = direction(from, aim);
            if dir == Vec2::ZERO || !dir.is_finite() {
                continue;
            }
            p.cooldown = FIRE_EVERY_TICKS;
            self.bullets.push(Bullet {
                id: self.next_bullet,
                owner: id,
                position: from,
                velocity: dir * BULLET_SPEED,
                age: 0,
            });
            self.next_bullet = self.next_bullet.wrapping_add(1).max(1);
        }
    }

    /// Arena: every bullet swept over the tick against the walls (the level's colliders)
    /// and against the players (by the relative motion of bullet and player, from `starts`
    /// to where they are now; never the shooter). The first thing hit removes the bullet; a
    /// player hit scores a point for the shooter.
    fn step_bullets(&mut self, starts: &[(u32, Handle, Vec2)]) {
        if self.bullets.is_empty() {
            return;
        }
        let world = &self.built.world;
        let movers: Vec<(u32, Vec2, Vec2)> = starts
            .iter()
            .filter_map(|&(id, h, from)| {
                let to = world.get(h)?.position();
                Some((id, from, to - from))
            })
            .collect();
        let players: Vec<Handle> = self.players.values().map(|p| p.handle).collect();
        let filter = QueryFilter::default().excluding(&players);
        let mut scored: Vec<u32> = Vec::new();
        self.bullets.retain_mut(|b| {
            let motion = b.velocity * DT;
            let wall = world
                .cast_shape(&self.bullet_shape, b.position, motion, &filter)
                .map_or(f32::INFINITY, |h| h.fraction);
            let mut hit: Option<(f32, u32)> = None;
            for &(id, from, moved) in &movers {
                if id == b.owner {
                    continue;
                }
                let t = match cast(
                    &self.bullet_shape,
                    b.position,
                    motion,
                    &self.shape,
                    from,
                    moved,
                ) {
                    CastResult::Hit(h) => h.fraction,
                    CastResult::Overlapping(_) => 0.0,
                    CastResult::Miss => continue,
                };
                if hit.is_none_or(|(best, _)| t < best) {
                    hit = Some((t, id));
                }
            }
            if let Some((t, _)) = hit
                && t <= wall
            {
                scored.push(b.owner);
                return false;
            }
            if wall.is_finite() {
                return false;
            }
            b.position += motion;
            b.age += 1;
            b.age < BULLET_LIFE_TICKS && b.position.is_finite()
        });
        for owner in scored {
            if let Some(p) = self.players.get_mut(&owner) {
                p.score += 1;
            }
        }
    }

    /// Sandbox: every player by its keys and every dragged box toward its drag point, all in
    /// one move (by relative motion, whatever the order).
    fn step_sandbox(&mut self) {
        let world = &self.built.world;
        let centre = |b: &MovableBox| world.get(b.handle).map(glissade::world::Collider::position);
        // Drags: a new one grabs the box under its point (or nothing); a released one lets go.
        let mut wanted: Vec<Option<Vec2>> = vec![None; self.boxes.len()];
        for p in self.players.values_mut() {
            let Some(at) = p.drag else {
                p.grab = None;
                continue;
            };
            if p.grab.is_none() {
                let under = self.boxes.iter().position(|b| {
                    centre(b).is_some_and(|c| {
                        let d = (at - c).abs();
                        d.x <= b.half.x && d.y <= b.half.y
                    })
                });
                let offset = under
                    .and_then(|i| centre(&self.boxes[i]))
                    .map_or(Vec2::ZERO, |c| at - c);
                p.grab = Some((under, offset));
            }
            if let Some((Some(i), offset)) = p.grab
                && wanted[i].is_none()
            {
                wanted[i] = Some(at - offset);
            }
        }
        let mut moves: Vec<BodyMove> = Vec::with_capacity(self.players.len() + self.boxes.len());
        let mut ids: Vec<u32> = Vec::with_capacity(self.players.len());
        for (&id, p) in &self.players {
            let v = p.keys.top_down_velocity();
            moves.push(BodyMove {
                handle: p.handle,
                motion: v * DT,
            });
            ids.push(id);
        }
        for (b, target) in self.boxes.iter().zip(&wanted) {
            let motion = match (target, centre(b)) {
                (Some(t), Some(c)) => step_toward(c, *t, DRAG_SPEED * DT),
                _ => Vec2::ZERO,
            };
            let motion = if motion.is_finite() {
                motion
            } else {
                Vec2::ZERO
            };
            moves.push(BodyMove {
                handle: b.handle,
                motion,
            });
        }
        let results = move_bodies(&mut self.built.world, &moves, &MoveConfig::default());
        for (k, id) in ids.iter().enumerate() {
            if let Some(p) = self.players.get_mut(id) {
                p.grounded = false;
                p.velocity = match &results {
                    Ok(r) => r[k].velocity / DT,
                    Err(_) => Vec2::ZERO,
                };
            }
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
            self.respawn(id);
        }
    }

    /// Puts a player back at a spawn point, at rest.
    fn respawn(&mut self, id: u32) {
        let at = self.spawn_point();
        let driver = self.driver();
        if let Some(p) = self.players.get_mut(&id) {
            if self.built.world.set_position(p.handle, at).is_err()
                && let Ok(h) = self
                    .built
                    .world
                    .add(ColliderDesc::new(self.shape, at).kinematic())
            {
                p.handle = h;
            }
            p.driver = driver;
            p.velocity = Vec2::ZERO;
            p.grounded = false;
        }
    }

    /// The snapshot of the current tick as JSON text.
    pub fn snapshot_json(&mut self) -> String {
        self.player_buf.clear();
        for (&id, p) in &self.players {
            let q = self
                .built
                .world
                .get(p.handle)
                .map_or(Vec2::ZERO, glissade::world::Collider::position);
            self.player_buf.push(PlayerState {
                id,
                x: q.x,
                y: q.y,
                vx: p.velocity.x,
                vy: p.velocity.y,
                grounded: p.grounded,
            });
        }
        self.platform_buf.clear();
        for run in &self.built.platforms {
            let q = self
                .built
                .world
                .get(run.handle)
                .map_or(Vec2::ZERO, glissade::world::Collider::position);
            self.platform_buf.push(PlatformState { x: q.x, y: q.y });
        }
        self.bullet_buf.clear();
        self.bullet_buf
            .extend(self.bullets.iter().map(|b| BulletState {
                id: b.id,
                x: b.position.x,
                y: b.position.y,
                vx: b.velocity.x,
                vy: b.velocity.y,
                owner: b.owner,
            }));
        self.score_buf.clear();
        if self.mode == Mode::Arena {
            self.score_buf.extend(
                self.players
                    .iter()
                    .map(|(&id, p)| ScoreState { id, score: p.score }),
            );
        }
        self.box_buf.clear();
        for b in &self.boxes {
            let q = self
                .built
                .world
                .get(b.handle)
                .map_or(Vec2::ZERO, glissade::world::Collider::position);
            self.box_buf.push(BoxState {
                id: b.wall,
                x: q.x,
                y: q.y,
                hw: b.half.x,
                hh: b.half.y,
            });
        }
        serde_json::to_string(&Snapshot {
            v: VERSION,
            kind: "snapshot",
            tick: self.tick,
            players: &self.player_buf,
            platforms: &self.platform_buf,
            bullets: &self.bullet_buf,
            scores: &self.score_buf,
            boxes: &self.box_buf,
        })
        .unwrap_or_default()
    }

    /// Sends the current snapshot to every client; a full queue drops it for that client.
    pub fn broadcast(&mut self) {
        let text = Utf8Bytes::from(self.snapshot_json());
        for p in self.players.values() {
            if let Some(out) = &p.out
                && let Err(mpsc::error::TrySendError::Full(_)) = out.try_send(text.clone())
            {
                self.dropped += 1;
            }
        }
    }
}

/// The direction from `from` toward `to` (unit long), zero where they meet. Worked out in
/// f64, where the square of any f32 distance fits: in f32 the squared length of a distance
/// over about 1.8e19 overflows, and a far aim point fired nothing.
fn direction(from: Vec2, to: Vec2) -> Vec2 {
    (to.as_dvec2() - from.as_dvec2())
        .normalize_or_zero()
        .as_vec2()
}

/// The motion from `from` toward `to`, at most `max` long (in f64, as [`direction`]: a far
/// drag point moves a box at full speed, not at all).
fn step_toward(from: Vec2, to: Vec2, max: f32) -> Vec2 {
    (to.as_dvec2() - from.as_dvec2())
        .clamp_length_max(f64::from(max))
        .as_vec2()
}

/// Turns every box wall of a built level (one axis-aligned box collider) into a kinematic
/// collider centred on its position, so that it can be moved.
fn movable_boxes(built: &mut Built) -> Result<Vec<MovableBox>, glissade::ShapeError> {
    let mut boxes = Vec::new();
    for (i, handles) in built.walls.iter_mut().enumerate() {
        let [h] = handles.as_mut_slice() else {
            continue;
        };
        let Some(c) = built.world.get(*h) else {
            continue;
        };
        if !matches!(c.shape(), Some(Shape::Aabb(_))) {
            continue;
        }
        let (lo, hi) = c.bounds();
        let half = (hi - lo) * 0.5;
        let desc = ColliderDesc::new(Aabb::from_half_extents(half)?, (lo + hi) * 0.5).kinematic();
        let _ = built.world.remove(*h);
        let Ok(handle) = built.world.add(desc) else {
            continue;
        };
        *h = handle;
        boxes.push(MovableBox {
            wall: i as u32,
            handle,
            half,
        });
    }
    Ok(boxes)
}

/// Runs the simulation at [`TICK_HZ`] until `stop` turns true (or its sender is gone).
pub async fn run(
    mut sim: Sim,
    mut commands: mpsc::UnboundedReceiver<Command>,
    stats: Arc<Mutex<Stats>>,
    mut stop: watch::Receiver<bool>,
    print_stats: bool,
) {
    let mut interval = tokio::time::interval(Duration::from_secs_f64(1.0 / f64::from(TICK_HZ)));
    interval.set_missed_tick_behavior(MissedTickBehavior::Skip);
    let mut times = TickTimes::default();
    loop {
        if *stop.borrow() {
            break;
        }
        tokio::select! {
            _ = interval.tick() => {}
            r = stop.changed() => {
                if r.is_err() {
                    break;
                }
                continue;
            }
        }
        let start = Instant::now();
        while let Ok(cmd) = commands.try_recv() {
            sim.apply(cmd);
        }
        sim.step();
        if sim.tick().is_multiple_of(SNAPSHOT_EVERY) {
            sim.broadcast();
        }
        times.record(start.elapsed());
        if sim.tick().is_multiple_of(u64::from(TICK_HZ)) {
            let s = Stats {
                ticks: sim.tick(),
                players: sim.players(),
                tick_p50_us: micros(times.quantile(0.5)),
                tick_p99_us: micros(times.quantile(0.99)),
                tick_max_us: micros(times.max()),
                snapshots_dropped: sim.dropped,
            };
            if let Ok(mut shared) = stats.lock() {
                *shared = s;
            }
            if print_stats {
                eprintln!(
                    "tick {}: {} players, tick p50 {} µs, p99 {} µs, max {} µs, {} snapshots dropped",
                    s.ticks,
                    s.players,
                    s.tick_p50_us,
                    s.tick_p99_us,
                    s.tick_max_us,
                    s.snapshots_dropped
                );
            }
        }
    }
}

fn micros(d: Duration) -> u64 {
    u64::try_from(d.as_micros()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_of_the_ring() {
        let mut t = TickTimes::default();
        assert_eq!(t.quantile(0.99), Duration::ZERO);
        for i in 1..=100 {
            t.record(Duration::from_micros(i));
        }
        assert_eq!(t.quantile(0.99), Duration::from_micros(99));
        assert_eq!(t.quantile(0.5), Duration::from_micros(50));
        for _ in 0..TICK_RING {
            t.record(Duration::from_micros(7));
        }
        assert_eq!(t.quantile(0.99), Duration::from_micros(7));
        assert_eq!(t.max(), Duration::from_micros(7));
    }

    fn arena() -> Sim {
        let level = glissade_level::load("arena").unwrap().level;
        let bounds = (Vec2::from(level.bounds.min), Vec2::from(level.bounds.max));
        Sim::new(level.build().unwrap(), level.mode, bounds, 1).unwrap()
    }

    #[test]
    fn bullets_stop_at_a_thin_segment_and_at_players() {
        let mut sim = arena();
        let (tx, _rx) = mpsc::channel(64);
        sim.join(1, Some(tx.clone()));
        sim.join(2, Some(tx));
        let h1 = sim.players[&1].handle;
        let h2 = sim.players[&2].handle;
        // The arena's segment wall runs from (14, 12) to (18, 13): y = 12.5 at x = 16.
        sim.built
            .world
            .set_position(h1, Vec2::new(16.0, 10.0))
            .unwrap();
        sim.built
            .world
            .set_position(h2, Vec2::new(16.0, 16.0))
            .unwrap();
        let fire_at = |sim: &mut Sim, aim: [f32; 2]| {
            sim.set_controls(
                1,
                Controls {
                    aim: Some(aim),
                    fire: true,
                    ..Controls::default()
                },
            );
        };
        fire_at(&mut sim, [16.0, 20.0]);
        for _ in 0..90 {
            sim.step();
            for b in &sim.bullets {
                assert!(b.position.y < 12.5, "through the segment: {:?}", b.position);
            }
        }
        assert_eq!(sim.players[&1].score, 0);
        // Beside the segment, at the other player: every shot scores, none flies past.
        sim.built
            .world
            .set_position(h2, Vec2::new(20.0, 10.5))
            .unwrap();
        fire_at(&mut sim, [20.0, 10.5]);
        for _ in 0..60 {
            sim.step();
            for b in &sim.bullets {
                assert!(b.position.x < 20.0, "through the player: {:?}", b.position);
            }
        }
        assert!(sim.players[&1].score >= 3, "{}", sim.players[&1].score);
        assert_eq!(sim.players[&2].score, 0);
    }

    #[test]
    fn a_far_aim_fires_toward_it() {
        for (aim, want) in [
            ([1e30, 0.0], Vec2::X),
            ([f32::MAX, f32::MAX], Vec2::ONE.normalize()),
            ([-f32::MAX, 0.0], -Vec2::X),
        ] {
            let mut sim = arena();
            let (tx, _rx) = mpsc::channel(64);
            sim.join(1, Some(tx));
            sim.set_controls(
                1,
                Controls {
                    aim: Some(aim),
                    fire: true,
                    ..Controls::default()
                },
            );
            sim.step();
            let b = sim
                .bullets
                .first()
                .unwrap_or_else(|| panic!("no bullet toward {aim:?}"));
            let v = b.velocity / BULLET_SPEED;
            assert!((v - want).length() < 1e-6, "{aim:?}: {:?}", b.velocity);
        }
    }

    #[test]
    fn a_far_drag_moves_the_box_at_full_speed() {
        let level = glissade_level::load("sandbox").unwrap().level;
        let bounds = (Vec2::from(level.bounds.min), Vec2::from(level.bounds.max));
        let mut sim = Sim::new(level.build().unwrap(), level.mode, bounds, 1).unwrap();
        let (tx, _rx) = mpsc::channel(64);
        sim.join(1, Some(tx));
        let centre = |sim: &Sim| sim.built.world.get(sim.boxes[0].handle).unwrap().position();
        let drag = |sim: &mut Sim, at: [f32; 2]| {
            let c = Controls {
                drag: Some(at),
                ..Controls::default()
            };
            sim.set_controls(1, c);
            sim.step();
        };
        // Grab the first box at its centre, then drag it toward a point very far up and right.
        let start = centre(&sim);
        drag(&mut sim, start.into());
        assert_eq!(centre(&sim), start);
        drag(&mut sim, [1e30, 1e30]);
        let moved = centre(&sim) - start;
        assert!(moved.x > 0.0 && moved.y > 0.0, "{moved:?}");
        assert!(
            (moved.length() - DRAG_SPEED * DT).abs() < 1e-4,
            "{} a tick",
            moved.length()
        );
    }

    #[test]
    fn rng_is_seeded() {
        let mut a = Rng::new(5);
        let mut b = Rng::new(5);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
            assert!(a.below(7) < 7);
            b.below(7);
        }
    }
}
