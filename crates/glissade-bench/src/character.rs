//! Character-controller benchmark against rapier2d: glissade's [`CharacterController`] and
//! rapier2d 0.36's `KinematicCharacterController` walk the same scripted course back and forth.
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

use std::hint::black_box;
use std::time::{Duration, Instant};

use glissade::glam::Vec2;
use glissade::{
    Aabb, CharacterController, ColliderDesc, ConvexPolygon, Handle, Step, Tile, TileMap, World,
};
use rapier2d::control::{CharacterAutostep, CharacterLength, KinematicCharacterController};
use rapier2d::geometry::{BroadPhaseBvh, ColliderBuilder, ColliderHandle, ColliderSet, Cuboid};
use rapier2d::math::{Pose, Vector as RVec};
use rapier2d::parry::query::DefaultQueryDispatcher;
use rapier2d::pipeline::{QueryFilter as RapierFilter, QueryPipeline};
use rapier2d::prelude::RigidBodySet;

/// Seconds per step (60 Hz).
pub const DT: f32 = 1.0 / 60.0;

/// Sideways motion asked for at every step (6 units/s at 60 Hz).
pub const WALK: f32 = 0.1;

/// Downward motion asked for at every step (pressing on the ground like gravity).
pub const PRESS: f32 = 0.1;

/// Highest ledge either controller climbs (glissade's default `max_step_height`).
pub const MAX_STEP_HEIGHT: f32 = 0.3;

/// Height of a stair step: half of [`MAX_STEP_HEIGHT`].
pub const STAIR_RISE: f32 = 0.15;

/// Width of a stair step.
pub const STAIR_RUN: f32 = 1.0;

/// Distance either side of a stair section within which steps are not counted for flickers.
pub const STAIR_MARGIN: f32 = 1.0;

/// Snap-to-ground distance of both controllers (glissade's default `snap_distance`).
pub const SNAP: f32 = 0.5;

/// Gap kept between the character and the world (glissade's default skin, rapier's offset).
pub const SKIN: f32 = 0.01;

/// The scripted course both controllers walk, as a description of its pieces.
///
/// Tiles are the solid cells of one tile map of unit cells whose bottom-left corner is at
/// `map_origin`: cell `(i, j)` covers `map_origin + [i, i + 1] × [j, j + 1]`. Ramps are
/// triangles (counter-clockwise, world coordinates); boxes are the stair steps and landings.
#[derive(Debug, Clone, PartialEq)]
pub struct Course {
    /// Cells across the tile map.
    pub map_width: u32,
    /// Cells up the tile map.
    pub map_height: u32,
    /// World position of the tile map's bottom-left corner.
    pub map_origin: Vec2,
    /// The solid cells `(column, row)` of the tile map.
    pub tiles: Vec<(u32, u32)>,
    /// The 30° ramps, each a counter-clockwise triangle in world coordinates.
    pub ramps: Vec<[Vec2; 3]>,
    /// The stair steps and landings, each a box `(min, max)` in world coordinates.
    pub boxes: Vec<(Vec2, Vec2)>,
    /// The x extent `(from, to)` of each stair section (steps up, landing, steps down).
    pub stairs: Vec<(f32, f32)>,
    /// A character walking left turns around when its centre reaches this x.
    pub left_end: f32,
    /// A character walking right turns around when its centre reaches this x.
    pub right_end: f32,
    /// Half extents of the character box.
    pub half_extents: Vec2,
    /// Where the character's centre starts (before the settling step).
    pub start: Vec2,
    /// Steps of one walk.
    pub walk_steps: usize,
}

impl Course {
    /// Four repetitions of: 8.5 units of flat ground, a 30° ramp up 2 units, a plateau
    /// 6 tiles wide, a 30° ramp down, 12.5 units of flat ground, 6 steps up, a 3-wide
    /// landing, 5 steps down; with 4 units of flat ground at each end (200 units in all; the
    /// character turns around 2 units from each end). 20,000 steps (2,000 units asked for,
    /// about five round trips). The character is a 0.8 × 0.8 box starting at x = 2 resting
    /// on the ground (0.005 above it).
    #[must_use]
    pub fn standard() -> Self {
        const PATTERN: u32 = 48;
        const REPEATS: u32 = 4;
        const LEAD: u32 = 4;
        let map_width = LEAD + PATTERN * REPEATS + LEAD;
        let map_height = 3;
        // Ground row 0 (y in [-1, 0]), plateau rows 1 and 2 (up to y = 2).
        let map_origin = Vec2::new(0.0, -1.0);
        let plateau_rise = 2.0f32;
        let ramp_run = plateau_rise / 30f32.to_radians().tan();
        let mut tiles: Vec<(u32, u32)> = (0..map_width).map(|x| (x, 0)).collect();
        let mut ramps = Vec::new();
        let mut boxes = Vec::new();
        let mut stairs = Vec::new();
        for r in 0..REPEATS {
            let o = LEAD + r * PATTERN;
            // Plateau tiles over [o + 12, o + 18), two rows high.
            let (p, q) = (o + 12, o + 18);
            for x in p..q {
                tiles.push((x, 1));
                tiles.push((x, 2));
            }
            let (pf, qf) = (p as f32, q as f32);
            ramps.push([
                Vec2::new(pf - ramp_run, 0.0),
                Vec2::new(pf, 0.0),
                Vec2::new(pf, plateau_rise),
            ]);
            ramps.push([
                Vec2::new(qf, 0.0),
                Vec2::new(qf + ramp_run, 0.0),
                Vec2::new(qf, plateau_rise),
            ]);
            // Stairs: 6 steps up from o + 34, a landing of 3 at 0.9, 5 steps down.
            let s = (o + 34) as f32;
            let up = 6;
            for k in 0..up {
                let x = s + k as f32 * STAIR_RUN;
                boxes.push((
                    Vec2::new(x, 0.0),
                    Vec2::new(x + STAIR_RUN, STAIR_RISE * (k + 1) as f32),
                ));
            }
            let top = STAIR_RISE * up as f32;
            let landing = s + up as f32 * STAIR_RUN;
            boxes.push((Vec2::new(landing, 0.0), Vec2::new(landing + 3.0, top)));
            let down = landing + 3.0;
            for k in 0..up - 1 {
                let x = down + k as f32 * STAIR_RUN;
                boxes.push((
                    Vec2::new(x, 0.0),
                    Vec2::new(x + STAIR_RUN, STAIR_RISE * (up - 1 - k) as f32),
                ));
            }
            stairs.push((s, down + (up - 1) as f32 * STAIR_RUN));
        }
        let half_extents = Vec2::new(0.4, 0.4);
        Course {
            map_width,
            map_height,
            map_origin,
            tiles,
            ramps,
            boxes,
            stairs,
            left_end: 2.0,
            right_end: map_width as f32 - 2.0,
            half_extents,
            start: Vec2::new(2.0, half_extents.y + 0.005),
            walk_steps: 20_000,
        }
    }

    /// The direction of the next step, from the character's centre `x` after this one and the
    /// current direction `dir` (±1): turns left at [`Course::right_end`], right at
    /// [`Course::left_end`].
    #[must_use]
    pub fn next_dir(&self, x: f32, dir: f32) -> f32 {
        if dir > 0.0 && x >= self.right_end {
            -1.0
        } else if dir < 0.0 && x <= self.left_end {
            1.0
        } else {
            dir
        }
    }

    /// The motion asked for at a step walking in direction `dir` (±1).
    #[must_use]
    pub fn motion(dir: f32) -> Vec2 {
        Vec2::new(dir * WALK, -PRESS)
    }

    /// Whether a character centred at `x` is on continuous ground (the flat tiles, the ramps
    /// and the plateaus, with their joints and crests): inside the course and further than
    /// [`STAIR_MARGIN`] from every stair section.
    #[must_use]
    pub fn on_continuous_ground(&self, x: f32) -> bool {
        let end = self.map_origin.x + self.map_width as f32;
        x >= self.map_origin.x
            && x <= end
            && self
                .stairs
                .iter()
                .all(|&(a, b)| x < a - STAIR_MARGIN || x > b + STAIR_MARGIN)
    }

    /// Centre and local vertices of ramp `i` (local = world − centre).
    fn ramp_local(&self, i: usize) -> (Vec2, [Vec2; 3]) {
        let t = self.ramps[i];
        let c = (t[0] + t[1] + t[2]) / 3.0;
        (c, [t[0] - c, t[1] - c, t[2] - c])
    }

    /// glissade's world of the course: the tiles as one [`TileMap`] collider, each ramp a
    /// [`ConvexPolygon`] collider and each stair box an [`Aabb`] collider (both centred on
    /// their collider's position), and the character as a kinematic box at [`Course::start`].
    /// Returns the world and the character's handle.
    ///
    /// # Panics
    /// If the description is invalid (it is not, for [`Course::standard`]).
    #[must_use]
    pub fn glissade_world(&self) -> (World, Handle) {
        let mut map =
            TileMap::new(self.map_width, self.map_height, 1.0).expect("a non-empty unit map");
        for &(x, y) in &self.tiles {
            map.set(x, y, Tile::Solid).expect("inside the map");
        }
        let mut world = World::new();
        world
            .add(ColliderDesc::tiles(map, self.map_origin))
            .expect("a finite origin");
        for i in 0..self.ramps.len() {
            let (c, local) = self.ramp_local(i);
            let poly = ConvexPolygon::new(&local).expect("a valid triangle");
            world
                .add(ColliderDesc::new(poly, c))
                .expect("a finite position");
        }
        for &(min, max) in &self.boxes {
            let c = (min + max) * 0.5;
            let b = Aabb::from_half_extents((max - min) * 0.5).expect("a box of positive size");
            world
                .add(ColliderDesc::new(b, c))
                .expect("a finite position");
        }
        let body = world
            .add(
                ColliderDesc::new(
                    Aabb::from_half_extents(self.half_extents).expect("positive half extents"),
                    self.start,
                )
                .kinematic(),
            )
            .expect("a finite position");
        (world, body)
    }
}

/// rapier2d's world of a course: one cuboid collider per tile, one triangle collider per
/// ramp (a convex polyline, centred like glissade's), one cuboid per stair box, registered in
/// a BVH broad phase that the query pipeline reads.
pub struct RapierCourse {
    bodies: RigidBodySet,
    colliders: ColliderSet,
    broad_phase: BroadPhaseBvh,
}

impl RapierCourse {
    /// Builds the colliders and the broad phase of `course`.
    ///
    /// # Panics
    /// If a ramp is degenerate (not for [`Course::standard`]).
    #[must_use]
    pub fn new(course: &Course) -> Self {
        let bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::new();
        let mut handles: Vec<ColliderHandle> = Vec::new();
        for &(x, y) in &course.tiles {
            let c = course.map_origin + Vec2::new(x as f32 + 0.5, y as f32 + 0.5);
            handles.push(
                colliders
                    .insert(ColliderBuilder::cuboid(0.5, 0.5).translation(RVec::new(c.x, c.y))),
            );
        }
        for i in 0..course.ramps.len() {
            let (c, local) = course.ramp_local(i);
            let points = local.iter().map(|v| RVec::new(v.x, v.y)).collect();
            let builder = ColliderBuilder::convex_polyline(points)
                .expect("a non-degenerate triangle")
                .translation(RVec::new(c.x, c.y));
            handles.push(colliders.insert(builder));
        }
        for &(min, max) in &course.boxes {
            let c = (min + max) * 0.5;
            let h = (max - min) * 0.5;
            handles.push(
                colliders
                    .insert(ColliderBuilder::cuboid(h.x, h.y).translation(RVec::new(c.x, c.y))),
            );
        }
        let broad_phase = crate::moves::rapier_broad_phase(&colliders, &bodies, &handles);
        RapierCourse {
            bodies,
            colliders,
            broad_phase,
        }
    }

    /// The query pipeline over the course (no filter).
    #[must_use]
    pub fn queries<'a>(&'a self, dispatcher: &'a DefaultQueryDispatcher) -> QueryPipeline<'a> {
        self.broad_phase.as_query_pipeline(
            dispatcher,
            &self.bodies,
            &self.colliders,
            RapierFilter::default(),
        )
    }
}

/// rapier2d's controller configured like glissade's default one: up +y, an absolute offset of
/// [`SKIN`], sliding, autostep up to [`MAX_STEP_HEIGHT`] (min width 0.05, not over dynamic
/// bodies), slopes climbable and not slid down up to 45°, snap to ground within [`SNAP`];
/// rapier's default normal nudge factor (1e-4).
#[must_use]
pub fn rapier_controller() -> KinematicCharacterController {
    KinematicCharacterController {
        up: RVec::Y,
        offset: CharacterLength::Absolute(SKIN),
        slide: true,
        autostep: Some(CharacterAutostep {
            max_height: CharacterLength::Absolute(MAX_STEP_HEIGHT),
            min_width: CharacterLength::Absolute(0.05),
            include_dynamic_bodies: false,
        }),
        max_slope_climb_angle: 45f32.to_radians(),
        min_slope_slide_angle: 45f32.to_radians(),
        snap_to_ground: Some(CharacterLength::Absolute(SNAP)),
        ..KinematicCharacterController::default()
    }
}

/// One side of the benchmark: a character that can be put back in its settled start state
/// and stepped.
trait Walker {
    /// Back to the state right after the settling step (outside any timing).
    fn reset(&mut self);
    /// One step walking in direction `dir` (±1): the character's centre after it, and
    /// whether it is grounded.
    fn step(&mut self, dir: f32) -> (Vec2, bool);
}

/// glissade's side: the world and controller after the settling step, and the working copies.
struct Ours {
    settled: (World, CharacterController),
    world: World,
    controller: CharacterController,
    body: Handle,
}

impl Ours {
    fn new(course: &Course) -> Self {
        let (mut world, body) = course.glissade_world();
        let mut controller = CharacterController::default();
        controller
            .step(&mut world, body, Step::new(Vec2::new(0.0, -PRESS), DT))
            .expect("the settling step");
        Ours {
            settled: (world.clone(), controller.clone()),
            world,
            controller,
            body,
        }
    }

    /// The settled state's grounded flag and position.
    fn settled(&self) -> (Vec2, bool) {
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

/// rapier2d's side: `move_shape` over the course's query pipeline, the returned translation
/// applied to the position.
struct Peer<'a> {
    queries: QueryPipeline<'a>,
    controller: KinematicCharacterController,
    shape: Cuboid,
    settled: (Vec2, bool),
    pos: Vec2,
}

impl<'a> Peer<'a> {
    fn new(course: &Course, queries: QueryPipeline<'a>) -> Self {
        let mut peer = Peer {
            queries,
            controller: rapier_controller(),
            shape: Cuboid::new(RVec::new(course.half_extents.x, course.half_extents.y)),
            settled: (course.start, false),
            pos: course.start,
        };
        let grounded = peer.move_by(Vec2::new(0.0, -PRESS));
        peer.settled = (peer.pos, grounded);
        peer
    }

    fn move_by(&mut self, desired: Vec2) -> bool {
        let pose = Pose::from_translation(RVec::new(self.pos.x, self.pos.y));
        let mv = self.controller.move_shape(
            DT,
            &self.queries,
            &self.shape,
            &pose,
            RVec::new(desired.x, desired.y),
            |_| {},
        );
        self.pos += Vec2::new(mv.translation.x, mv.translation.y);
        mv.grounded
    }
}

impl Walker for Peer<'_> {
    fn reset(&mut self) {
        self.pos = self.settled.0;
    }

    fn step(&mut self, dir: f32) -> (Vec2, bool) {
        let grounded = self.move_by(Course::motion(dir));
        (self.pos, grounded)
    }
}

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
    /// Steps of the first leg: the fewest steps after which either side first turned around
    /// (both sides walked right all along, over the same ground), or the whole walk if
    /// neither did.
    pub leg_steps: usize,
    /// The character's x at the end of the walk.
    pub final_x: f32,
}

/// How many flickers [`CharacterRun::first_flickers`] keeps.
pub const KEPT_FLICKERS: usize = 8;

/// The states of a walk: the character's centre and whether it is grounded.
type Trace = Vec<(Vec2, bool)>;

/// Every state of one untimed walk from the settled start: element 0 is the settled state,
/// element `i` the state after step `i`.
fn trace(course: &Course, walker: &mut impl Walker, settled: (Vec2, bool)) -> Trace {
    walker.reset();
    let mut states = Vec::with_capacity(course.walk_steps + 1);
    states.push(settled);
    let mut dir = course.next_dir(settled.0.x, 1.0);
    for _ in 0..course.walk_steps {
        let (pos, grounded) = walker.step(dir);
        states.push((pos, grounded));
        dir = course.next_dir(pos.x, dir);
    }
    states
}

/// Flickers, grounded steps, slow steps, turns and final x of a [`trace`].
fn summarize(course: &Course, states: &[(Vec2, bool)]) -> CharacterRun {
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

/// Times a walk of `steps` steps of `walker` from its settled state (the reset is not timed).
fn time_walk(course: &Course, walker: &mut impl Walker, start_x: f32, steps: usize) -> Duration {
    walker.reset();
    let mut dir = course.next_dir(start_x, 1.0);
    let started = Instant::now();
    for _ in 0..steps {
        let (pos, grounded) = walker.step(black_box(dir));
        black_box(grounded);
        dir = course.next_dir(pos.x, dir);
    }
    let elapsed = started.elapsed();
    black_box(dir);
    elapsed
}

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

    let mut ours_run = summarize(course, &trace(course, &mut ours, ours_settled));
    let mut peer_run = summarize(course, &trace(course, &mut peer, peer_settled));
    let leg = match (ours_run.first_turn, peer_run.first_turn) {
        (Some(a), Some(b)) => a.min(b),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => course.walk_steps,
    };
    let (ox, px) = (ours_settled.0.x, peer_settled.0.x);
    let (mut best_ours, mut best_peer) = (Duration::MAX, Duration::MAX);
    let (mut leg_ours, mut leg_peer) = (Duration::MAX, Duration::MAX);
    for round in 0..rounds.max(1) {
        if round % 2 == 0 {
            best_ours = best_ours.min(time_walk(course, &mut ours, ox, course.walk_steps));
            best_peer = best_peer.min(time_walk(course, &mut peer, px, course.walk_steps));
            leg_ours = leg_ours.min(time_walk(course, &mut ours, ox, leg));
            leg_peer = leg_peer.min(time_walk(course, &mut peer, px, leg));
        } else {
            best_peer = best_peer.min(time_walk(course, &mut peer, px, course.walk_steps));
            best_ours = best_ours.min(time_walk(course, &mut ours, ox, course.walk_steps));
            leg_peer = leg_peer.min(time_walk(course, &mut peer, px, leg));
            leg_ours = leg_ours.min(time_walk(course, &mut ours, ox, leg));
        }
    }
    let per = |d: Duration, steps: usize| d.as_nanos() as f64 / steps.max(1) as f64;
    ours_run.ns_per_step = per(best_ours, course.walk_steps);
    peer_run.ns_per_step = per(best_peer, course.walk_steps);
    ours_run.leg_ns_per_step = per(leg_ours, leg);
    peer_run.leg_ns_per_step = per(leg_peer, leg);
    ours_run.leg_steps = leg;
    peer_run.leg_steps = leg;
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

#[cfg(test)]
mod tests {
    use super::*;
    use glissade::QueryFilter;
    use rapier2d::parry::query::{Ray, ShapeCastOptions};

    /// The course with as many steps as one round trip and a bit (the right end is 196 units
    /// from the left one; climbing slows rapier on the ramps).
    fn round_trip() -> Course {
        Course {
            walk_steps: 4_400,
            ..Course::standard()
        }
    }

    fn both_traces(course: &Course) -> (Trace, Trace) {
        let mut ours = Ours::new(course);
        let settled = ours.settled();
        let ours_trace = trace(course, &mut ours, settled);
        let rapier = RapierCourse::new(course);
        let dispatcher = DefaultQueryDispatcher;
        let mut peer = Peer::new(course, rapier.queries(&dispatcher));
        let settled = peer.settled;
        (ours_trace, trace(course, &mut peer, settled))
    }

    /// The step at which a trace first reaches the right end, and the first after that at
    /// which it is back at the left end.
    fn there_and_back(course: &Course, states: &[(Vec2, bool)]) -> Option<(usize, usize)> {
        let there = states.iter().position(|s| s.0.x >= course.right_end)?;
        let back = states[there..]
            .iter()
            .position(|s| s.0.x <= course.left_end)?;
        Some((there, there + back))
    }

    /// Never below the ground or through the course, never above the plateaus.
    fn assert_above_ground(course: &Course, side: &str, states: &[(Vec2, bool)]) {
        for (i, s) in states.iter().enumerate() {
            assert!(
                s.0.y > course.half_extents.y - 0.01,
                "{side}: step {i} at {}",
                s.0
            );
            assert!(
                s.0.y < 2.0 + course.half_extents.y + 0.1,
                "{side}: step {i} at {}",
                s.0
            );
        }
    }

    #[test]
    fn ours_walks_to_the_far_end_and_back() {
        let course = round_trip();
        let (ours, _) = both_traces(&course);
        let (there, back) = there_and_back(&course, &ours)
            .unwrap_or_else(|| panic!("no round trip, ended at {}", ours.last().unwrap().0));
        assert!(there < back && back <= course.walk_steps);
        let end = ours[back].0;
        assert!((end.x - course.start.x).abs() < 2.0 * WALK, "back at {end}");
        // Back on the ground at the start height, on the flat.
        assert!((end.y - course.start.y).abs() < 0.05, "back at {end}");
        assert_above_ground(&course, "ours", &ours);
    }

    /// rapier2d 0.36 walks to the far end, but walking back (left) it does not step up the
    /// first stair it meets and stays stuck in front of it. This is rapier's 2D
    /// `compute_hit_info`: `up.angle_to(normal)` is glam's *signed* angle in 2D, so a wall
    /// whose normal points right (+x, met walking left) is at −90° and never counts as a wall
    /// (`angle >= max_slope_climb_angle` fails), and autostep only runs on walls. When this
    /// test fails, rapier has changed: the peer may now walk the whole course, and this test
    /// should become a round-trip test like ours.
    #[test]
    fn rapier_walks_to_the_far_end_then_sticks_at_the_first_stair_back() {
        let course = round_trip();
        let (_, peer) = both_traces(&course);
        let there = peer
            .iter()
            .position(|s| s.0.x >= course.right_end)
            .unwrap_or_else(|| panic!("never reached the far end: {}", peer.last().unwrap().0));
        assert_above_ground(&course, "rapier2d", &peer);
        // The last stair section ends at x = 196 with a step of 0.15 over [195, 196]: walking
        // left, rapier stops with the box's left side a skin off the step's right face.
        let stuck = peer[there..].iter().map(|s| s.0.x).fold(f32::MAX, f32::min);
        let (_, stairs_end) = *course.stairs.last().unwrap();
        assert!(
            (stuck - (stairs_end + course.half_extents.x + SKIN)).abs() < 0.01,
            "got back to x = {stuck}"
        );
    }

    /// The cause of the above, in isolation: the same 0.15 step, met walking right (climbed)
    /// and walking left (not climbed).
    #[test]
    fn rapier_autosteps_walking_right_but_not_left() {
        let course = Course::standard();
        let rapier = RapierCourse::new(&course);
        let dispatcher = DefaultQueryDispatcher;
        let queries = rapier.queries(&dispatcher);
        let controller = rapier_controller();
        let shape = Cuboid::new(RVec::new(course.half_extents.x, course.half_extents.y));
        let rise = |x: f32, dir: f32| {
            let pose = Pose::from_translation(RVec::new(x, course.half_extents.y + SKIN));
            let mv = controller.move_shape(
                DT,
                &queries,
                &shape,
                &pose,
                RVec::new(dir * WALK, -PRESS),
                |_| {},
            );
            mv.translation.y
        };
        let (first_step, _) = course.stairs[0];
        let (_, last_step) = *course.stairs.last().unwrap();
        let gap = course.half_extents.x + 2.0 * SKIN;
        // Walking right into the first step up (0.15 high at x = 38): climbed.
        assert!((rise(first_step - gap, 1.0) - STAIR_RISE).abs() < 0.01);
        // Walking left into the last step (0.15 high, right face at x = 196): not climbed.
        assert!(rise(last_step + gap, -1.0).abs() < 0.01);
    }

    #[test]
    fn both_climb_the_plateau_and_the_landing() {
        let course = round_trip();
        let (ours, peer) = both_traces(&course);
        for (side, states) in [("ours", &ours), ("rapier2d", &peer)] {
            // On the first plateau (x in [16, 22], top at y = 2).
            let plateau = states
                .iter()
                .find(|s| (18.0..20.0).contains(&s.0.x))
                .unwrap();
            assert!((plateau.0.y - 2.4).abs() < 0.05, "{side}: {}", plateau.0);
            // On the first landing (x in [44, 47], top at y = 0.9).
            let landing = states
                .iter()
                .find(|s| (45.0..46.0).contains(&s.0.x))
                .unwrap();
            assert!((landing.0.y - 1.3).abs() < 0.05, "{side}: {}", landing.0);
        }
    }

    #[test]
    fn both_worlds_hold_the_same_geometry() {
        let course = Course::standard();
        let (world, body) = course.glissade_world();
        let rapier = RapierCourse::new(&course);
        let dispatcher = DefaultQueryDispatcher;
        let queries = rapier.queries(&dispatcher);
        let own = [body];
        let filter = QueryFilter::default().excluding(&own);
        let top = 5.0;
        let mut x = 0.13;
        let mut checked = 0;
        while x < course.map_width as f32 {
            // Straight down from above: the height of the ground.
            let ours = world
                .raycast(Vec2::new(x, top), Vec2::new(0.0, -10.0), &filter)
                .map(|h| h.fraction);
            let ray = Ray::new(RVec::new(x, top), RVec::new(0.0, -10.0));
            let peer = queries.cast_ray(&ray, 1.0, true).map(|(_, t)| t);
            let (o, p) = (
                ours.expect("ground everywhere"),
                peer.expect("ground everywhere"),
            );
            assert!(
                (o - p).abs() * 10.0 < 1e-4,
                "x = {x}: ours {o}, rapier2d {p}"
            );
            // The character's box dropped from above lands at the same height.
            let shape = Aabb::from_half_extents(course.half_extents).unwrap().into();
            let ours = world
                .cast_shape(&shape, Vec2::new(x, top), Vec2::new(0.0, -10.0), &filter)
                .map(|h| h.fraction);
            let cuboid = Cuboid::new(RVec::new(course.half_extents.x, course.half_extents.y));
            let peer = queries
                .cast_shape(
                    &Pose::from_translation(RVec::new(x, top)),
                    RVec::new(0.0, -10.0),
                    &cuboid,
                    ShapeCastOptions::with_max_time_of_impact(1.0),
                )
                .map(|(_, h)| h.time_of_impact);
            let (o, p) = (
                ours.expect("ground everywhere"),
                peer.expect("ground everywhere"),
            );
            assert!(
                (o - p).abs() * 10.0 < 1e-3,
                "box at x = {x}: ours {o}, rapier2d {p}"
            );
            checked += 1;
            x += 0.25;
        }
        assert!(checked > 700);
        // Sideways at knee height: both meet the foot of the first ramp at the same x
        // (4 + 12 − 2·√3 + 0.05·√3 … the ramp's face at y = 0.05).
        let from = Vec2::new(1.0, 0.05);
        let ours = world
            .raycast(from, Vec2::new(100.0, 0.0), &filter)
            .map(|h| h.point.x)
            .unwrap();
        let ray = Ray::new(RVec::new(from.x, from.y), RVec::new(100.0, 0.0));
        let peer = queries
            .cast_ray(&ray, 1.0, true)
            .map(|(_, t)| from.x + t * 100.0)
            .unwrap();
        let face = 16.0 - 2.0 * 3f32.sqrt() + 0.05 * 3f32.sqrt();
        assert!(
            (ours - face).abs() < 1e-3 && (peer - face).abs() < 1e-3,
            "{ours} {peer} {face}"
        );
    }

    #[test]
    fn continuous_ground_leaves_out_the_stairs() {
        let course = Course::standard();
        assert!(course.on_continuous_ground(2.0));
        assert!(course.on_continuous_ground(19.0)); // the first plateau
        assert!(course.on_continuous_ground(36.9)); // flat, more than 1 before the stairs
        assert!(!course.on_continuous_ground(37.1)); // within 1 of the first step at 38
        assert!(!course.on_continuous_ground(45.0)); // the landing
        assert!(!course.on_continuous_ground(52.9)); // within 1 after the last step at 52
        assert!(course.on_continuous_ground(53.1));
        assert_eq!(course.stairs.len(), 4);
        assert_eq!(course.stairs[0], (38.0, 52.0));
    }

    #[test]
    fn turns_around_at_both_ends() {
        let course = Course::standard();
        assert_eq!(course.next_dir(100.0, 1.0), 1.0);
        assert_eq!(course.next_dir(course.right_end, 1.0), -1.0);
        assert_eq!(course.next_dir(course.right_end, -1.0), -1.0);
        assert_eq!(course.next_dir(course.left_end, -1.0), 1.0);
        assert_eq!(course.next_dir(course.left_end, 1.0), 1.0);
    }

    #[test]
    fn summarize_counts_flickers_on_continuous_ground_only() {
        let course = Course::standard();
        let s = |x: f32, g: bool| (Vec2::new(x, 0.4), g);
        let states = [
            s(2.0, true),
            s(2.1, false), // flicker (step 1)
            s(2.2, true),  // flicker (step 2)
            s(37.0, true),
            s(37.1, false), // on the stairs' margin: not counted
            s(37.2, true),
        ];
        let run = summarize(&course, &states);
        assert_eq!(run.flickers, 2);
        assert_eq!(run.counted_steps, 2);
        assert_eq!(run.grounded_steps, 3);
        assert_eq!(run.first_flickers[0].step, 1);
        assert!(!run.first_flickers[0].grounded);
        assert_eq!(run.final_x, 37.2);
    }

    #[test]
    fn compare_character_lines() {
        let run = |ns: f64, flickers: usize| CharacterRun {
            ns_per_step: ns,
            flickers,
            first_flickers: Vec::new(),
            counted_steps: 0,
            grounded_steps: 0,
            slow_steps: 0,
            longest_stall: 0,
            stall_at: Vec2::ZERO,
            turns: 0,
            first_turn: None,
            leg_ns_per_step: 0.0,
            leg_steps: 0,
            final_x: 0.0,
        };
        assert_eq!(
            compare_character_line(
                "character/walk",
                &run(250.0, 0),
                "rapier2d",
                &run(5000.0, 12)
            ),
            "compare character/walk ours_ns=250.00 peer=rapier2d peer_ns=5000.00 speedup=20.00 \
             ours_flickers=0 peer_flickers=12"
        );
    }
}
