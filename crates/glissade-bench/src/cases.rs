//! The benchmark cases: input generation in both libraries' representations, the query each
//! side runs, and how answers are compared.
//!
//! Inputs are stored in two separate vectors (one per library), so that each side's timing
//! loop reads only its own data, laid out contiguously.

use std::hint::black_box;

use glissade::glam::Vec2;
use glissade::{
    Aabb, CastResult, Circle, ConvexPolygon, Penetration, RayHit, Shape, cast, overlap, raycast,
};
use parry2d::math::{Pose, Vector as PVec};
use parry2d::query::{
    self, Contact, Ray, RayCast, ShapeCastHit, ShapeCastOptions, ShapeCastStatus, Unsupported,
};
use parry2d::shape::{
    Ball, Capsule as PCapsule, ConvexPolygon as PPolygon, Cuboid, Shape as PShape,
};

use crate::rng::Rng;
use crate::{AGREE_TOL, Config, describe, reference};

/// Half size of the square in which shapes (and ray origins) are placed.
const WORLD_HALF: f32 = 10.0;
/// Longest relative motion of a cast (and longest ray).
const MAX_MOTION: f32 = 18.0;
/// Longest motion of the second shape of a cast (the first shape's motion adds it).
const MAX_MOTION_B: f32 = 2.0;
/// Half size of the square around the target's position that cast motions aim at.
const AIM_HALF: f32 = 1.5;
/// Half size of the square around the shape's position that rays aim at (a ray meets a
/// single shape, smaller than the Minkowski difference a cast meets).
const RAY_AIM_HALF: f32 = 0.8;
/// Half size of the square of offsets between the two shapes of an overlap case.
const OVERLAP_HALF: f32 = 1.5;
/// Smallest and largest half size of a shape (sizes 0.2 to 3 units).
const HALF_SIZE: (f32, f32) = (0.1, 1.5);

/// One side's answer to one input, reduced to what the agreement check compares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Answer {
    /// No contact during the motion / ray, or no overlap.
    Miss,
    /// First contact at this fraction of the motion (of the ray's direction).
    Hit(f32),
    /// Overlapping: at the start of a cast, or the answer of an overlap query. The depth, or
    /// NaN where the library does not report it (parry's penetrating casts).
    Overlapping(f32),
    /// The library refused the pair of shapes (parry's `Unsupported`).
    Unsupported,
}

impl Answer {
    /// When contact starts: the hit's fraction, 0 when overlapping, `None` otherwise.
    fn contact_fraction(self) -> Option<f32> {
        match self {
            Answer::Hit(t) => Some(t),
            Answer::Overlapping(_) => Some(0.0),
            Answer::Miss | Answer::Unsupported => None,
        }
    }

    /// Whether two answers agree: both miss, or both overlap with depths within [`AGREE_TOL`]
    /// (when both are known), or both make contact at fractions within [`AGREE_TOL`] (an
    /// overlap at the start of a cast counts as contact at fraction 0).
    #[must_use]
    pub fn agrees(self, other: Answer) -> bool {
        match (self, other) {
            (Answer::Unsupported, _) | (_, Answer::Unsupported) => false,
            (Answer::Miss, Answer::Miss) => true,
            (Answer::Overlapping(a), Answer::Overlapping(b)) => {
                a.is_nan() || b.is_nan() || (a - b).abs() <= AGREE_TOL
            }
            (a, b) => match (a.contact_fraction(), b.contact_fraction()) {
                (Some(fa), Some(fb)) => (fa - fb).abs() <= AGREE_TOL,
                _ => false,
            },
        }
    }

    /// How far this answer is from `reference`: the difference of fractions (or of depths
    /// when both overlap with a known depth), infinite when they do not even agree on
    /// hit/miss or overlapping/not.
    #[must_use]
    pub fn discrepancy(self, reference: Answer) -> f32 {
        match (self, reference) {
            (Answer::Miss, Answer::Miss) => 0.0,
            (Answer::Overlapping(a), Answer::Overlapping(b)) if !(a.is_nan() || b.is_nan()) => {
                (a - b).abs()
            }
            (a, b) => match (a.contact_fraction(), b.contact_fraction()) {
                (Some(fa), Some(fb)) => (fa - fb).abs(),
                _ => f32::INFINITY,
            },
        }
    }

    /// A number folded into the timing loops' accumulator.
    #[inline]
    fn checksum(self) -> f32 {
        match self {
            Answer::Miss => 0.0,
            Answer::Hit(t) => 1.0 + t,
            Answer::Overlapping(_) => 2.0,
            Answer::Unsupported => 3.0,
        }
    }
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Miss => write!(f, "miss"),
            Answer::Hit(t) => write!(f, "hit(fraction={t:?})"),
            Answer::Overlapping(d) if d.is_nan() => write!(f, "overlapping"),
            Answer::Overlapping(d) => write!(f, "overlapping(depth={d:?})"),
            Answer::Unsupported => write!(f, "unsupported"),
        }
    }
}

/// One input of one library: runs the query and reduces its raw result to an [`Answer`].
pub trait Query {
    /// The library's own result type (black-boxed whole in the timing loops).
    type Raw;
    /// Runs the query.
    fn run(&self) -> Self::Raw;
    /// Reduces a result for comparison.
    fn answer(raw: Self::Raw) -> Answer;
}

/// What the disagreement notes need of glissade's side of an input.
pub trait Describe {
    /// Exact, reproducible text of the input.
    fn describe(&self) -> String;
    /// The answer of the slow f64 [reference module](crate::reference) on this input.
    fn reference(&self) -> Answer;
}

/// Counts of each kind of answer of one side.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tally {
    /// [`Answer::Miss`]
    pub miss: usize,
    /// [`Answer::Hit`]
    pub hit: usize,
    /// [`Answer::Overlapping`]
    pub overlapping: usize,
    /// [`Answer::Unsupported`]
    pub unsupported: usize,
}

impl Tally {
    fn add(&mut self, a: Answer) {
        match a {
            Answer::Miss => self.miss += 1,
            Answer::Hit(_) => self.hit += 1,
            Answer::Overlapping(_) => self.overlapping += 1,
            Answer::Unsupported => self.unsupported += 1,
        }
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "hit={} overlapping={} miss={}",
            self.hit, self.overlapping, self.miss
        )?;
        if self.unsupported > 0 {
            write!(f, " unsupported={}", self.unsupported)?;
        }
        Ok(())
    }
}

/// The agreement of both sides over every input of a case.
#[derive(Debug, Clone, Default)]
pub struct Check {
    /// Inputs checked.
    pub total: usize,
    /// Inputs on which both sides agree.
    pub agreeing: usize,
    /// glissade's answers.
    pub ours: Tally,
    /// parry2d's answers.
    pub peer: Tally,
    /// Disagreements on which glissade agrees with the f64 reference (within [`AGREE_TOL`])
    /// and parry2d does not: parry2d is wrong there, and the input counts as agreeing (the
    /// rule of our differential tests). Listed among the examples.
    pub peer_wrong: usize,
    /// Disagreements on which glissade is nearer the f64 reference than parry2d.
    pub ours_nearer: usize,
    /// Disagreements on which parry2d is nearer the f64 reference than glissade.
    pub peer_nearer: usize,
    /// When asked for: on how many inputs each side (glissade, parry2d) agrees with the f64
    /// reference.
    pub reference_agreeing: Option<(usize, usize)>,
    /// The first few disagreeing inputs, with both answers and the reference's: first those
    /// where parry2d is nearer the reference (suspects for glissade), then the others.
    pub examples: Vec<String>,
}

impl Check {
    /// Fraction of inputs on which both sides agree, counting the inputs where the f64
    /// reference shows parry2d wrong and glissade right as agreeing.
    #[must_use]
    pub fn agree(&self) -> f64 {
        (self.agreeing + self.peer_wrong) as f64 / self.total.max(1) as f64
    }

    /// Fraction of inputs on which both sides give the same answer, whoever is right.
    #[must_use]
    pub fn raw_agree(&self) -> f64 {
        self.agreeing as f64 / self.total.max(1) as f64
    }
}

/// How many disagreeing inputs a [`Check`] keeps.
pub const EXAMPLES: usize = 5;

/// A benchmark case, object safe so the cases can be listed together.
pub trait Case {
    /// The case name, e.g. `cast/aabb-aabb`.
    fn name(&self) -> &'static str;
    /// Inputs in one timing sweep.
    fn timing_len(&self) -> usize;
    /// One pass of glissade over the timed inputs; returns an accumulated checksum.
    fn sweep_ours(&self) -> f32;
    /// One pass of the peer over the same inputs; returns an accumulated checksum.
    fn sweep_peer(&self) -> f32;
    /// Compares both sides' answers over every generated input; with `reference`, also each
    /// side's with the f64 [reference module](crate::reference) (slower).
    fn check(&self, reference: bool) -> Check;
}

/// A case built from paired inputs: `ours[i]` and `peer[i]` are the same geometry.
struct Suite<O, P> {
    name: &'static str,
    ours: Vec<O>,
    peer: Vec<P>,
    timing_len: usize,
}

#[inline]
fn sweep<Q: Query>(inputs: &[Q]) -> f32 {
    let mut acc = 0.0f32;
    for q in inputs {
        let raw = black_box(black_box(q).run());
        acc += Q::answer(raw).checksum();
    }
    acc
}

impl<O: Query + Describe, P: Query> Case for Suite<O, P> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn timing_len(&self) -> usize {
        self.timing_len
    }

    fn sweep_ours(&self) -> f32 {
        sweep(&self.ours[..self.timing_len])
    }

    fn sweep_peer(&self) -> f32 {
        sweep(&self.peer[..self.timing_len])
    }

    fn check(&self, reference: bool) -> Check {
        let mut check = Check {
            total: self.ours.len(),
            ..Check::default()
        };
        let (mut suspects, mut others) = (Vec::new(), Vec::new());
        let mut with_ref = (0, 0);
        for (o, p) in self.ours.iter().zip(&self.peer) {
            let (a, b) = (O::answer(o.run()), P::answer(p.run()));
            check.ours.add(a);
            check.peer.add(b);
            if reference {
                let r = o.reference();
                with_ref.0 += usize::from(a.agrees(r));
                with_ref.1 += usize::from(b.agrees(r));
            }
            if a.agrees(b) {
                check.agreeing += 1;
                continue;
            }
            let r = o.reference();
            if a.agrees(r) && !b.agrees(r) {
                check.peer_wrong += 1;
            }
            let (ea, eb) = (a.discrepancy(r), b.discrepancy(r));
            let list = if ea < eb {
                check.ours_nearer += 1;
                &mut others
            } else {
                if eb < ea {
                    check.peer_nearer += 1;
                }
                &mut suspects
            };
            if list.len() < EXAMPLES {
                list.push(format!(
                    "{} glissade={a} parry={b} f64_reference={r}",
                    o.describe()
                ));
            }
        }
        check.reference_agreeing = reference.then_some(with_ref);
        check.examples = suspects;
        check.examples.extend(others);
        check.examples.truncate(EXAMPLES);
        check
    }
}

#[inline]
fn pv(p: Vec2) -> PVec {
    PVec::new(p.x, p.y)
}

#[inline]
fn pose(p: Vec2) -> Pose {
    Pose::from_translation(pv(p))
}

// ---------------------------------------------------------------------------------------------
// Shapes

/// Makes one random shape in both representations (same local geometry).
trait ShapeGen {
    /// parry's shape type.
    type P: PShape;
    fn make(rng: &mut Rng) -> (Shape, Self::P);
}

struct AabbGen;
impl ShapeGen for AabbGen {
    type P = Cuboid;
    fn make(rng: &mut Rng) -> (Shape, Cuboid) {
        let h = Vec2::new(
            rng.range(HALF_SIZE.0, HALF_SIZE.1),
            rng.range(HALF_SIZE.0, HALF_SIZE.1),
        );
        let b = Aabb::from_half_extents(h).expect("valid box");
        (b.into(), Cuboid::new(pv(h)))
    }
}

struct CircleGen;
impl ShapeGen for CircleGen {
    type P = Ball;
    fn make(rng: &mut Rng) -> (Shape, Ball) {
        let r = rng.range(HALF_SIZE.0, HALF_SIZE.1);
        (Circle::new(r).expect("valid circle").into(), Ball::new(r))
    }
}

/// A capsule around a random segment through the local origin.
struct CapsuleGen;
impl ShapeGen for CapsuleGen {
    type P = PCapsule;
    fn make(rng: &mut Rng) -> (Shape, PCapsule) {
        let half = rng.direction() * rng.range(0.1, 1.2);
        let r = rng.range(HALF_SIZE.0, 0.8);
        let c = glissade::Capsule::new(-half, half, r).expect("valid capsule");
        (c.into(), PCapsule::new(pv(-half), pv(half), r))
    }
}

/// A convex polygon of `MIN..=MAX` vertices: points of a random ellipse (semi-axes 0.1 to 1.5,
/// aspect up to about 3, random rotation, centre within 0.3 of the local origin) at jittered,
/// well separated angles. Always strictly convex; never a sliver.
struct PolyGen<const MIN: usize, const MAX: usize>;
impl<const MIN: usize, const MAX: usize> ShapeGen for PolyGen<MIN, MAX> {
    type P = PPolygon;
    fn make(rng: &mut Rng) -> (Shape, PPolygon) {
        loop {
            let n = rng.int(MIN, MAX);
            let ax = rng.range(HALF_SIZE.0, HALF_SIZE.1);
            let ay = ax * rng.range(0.35, 1.0);
            let rot = rng.direction();
            let center = rng.in_square(0.3);
            let phase = rng.range(0.0, core::f32::consts::TAU);
            let step = core::f32::consts::TAU / n as f32;
            let pts: Vec<Vec2> = (0..n)
                .map(|k| {
                    let a = phase + (k as f32 + rng.range(-0.35, 0.35)) * step;
                    center + rot.rotate(Vec2::new(ax * a.cos(), ay * a.sin()))
                })
                .collect();
            if let Ok(p) = ConvexPolygon::new(&pts) {
                let peer = PPolygon::from_convex_polyline_unmodified(
                    p.vertices().iter().copied().map(pv).collect(),
                )
                .expect("a polygon parry accepts");
                return (p.into(), peer);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Casts

/// glissade's side of a cast input.
pub struct OursCast {
    a: Shape,
    start_a: Vec2,
    motion_a: Vec2,
    b: Shape,
    start_b: Vec2,
    motion_b: Vec2,
}

/// parry's side of a cast input.
pub struct PeerCast<A, B> {
    a: A,
    pose_a: Pose,
    vel_a: PVec,
    b: B,
    pose_b: Pose,
    vel_b: PVec,
}

impl Query for OursCast {
    type Raw = CastResult;
    #[inline]
    fn run(&self) -> CastResult {
        cast(
            &self.a,
            self.start_a,
            self.motion_a,
            &self.b,
            self.start_b,
            self.motion_b,
        )
    }
    #[inline]
    fn answer(raw: CastResult) -> Answer {
        match raw {
            CastResult::Miss => Answer::Miss,
            CastResult::Hit(h) => Answer::Hit(h.fraction),
            CastResult::Overlapping(p) => Answer::Overlapping(p.depth),
        }
    }
}

/// parry's options: the motion is the velocity over one unit of time; stop at a starting
/// overlap (reported with time of impact 0).
fn cast_options() -> ShapeCastOptions {
    ShapeCastOptions {
        max_time_of_impact: 1.0,
        stop_at_penetration: true,
        ..ShapeCastOptions::default()
    }
}

impl<A: PShape, B: PShape> Query for PeerCast<A, B> {
    type Raw = Result<Option<ShapeCastHit>, Unsupported>;
    #[inline]
    fn run(&self) -> Self::Raw {
        query::cast_shapes(
            &self.pose_a,
            self.vel_a,
            &self.a,
            &self.pose_b,
            self.vel_b,
            &self.b,
            cast_options(),
        )
    }
    #[inline]
    fn answer(raw: Self::Raw) -> Answer {
        match raw {
            Ok(None) => Answer::Miss,
            Ok(Some(h)) if h.status == ShapeCastStatus::PenetratingOrWithinTargetDist => {
                Answer::Overlapping(f32::NAN)
            }
            Ok(Some(h)) => Answer::Hit(h.time_of_impact),
            Err(Unsupported) => Answer::Unsupported,
        }
    }
}

impl Describe for OursCast {
    fn describe(&self) -> String {
        format!(
            "a={} start_a={} motion_a={} b={} start_b={} motion_b={}",
            describe::shape(&self.a),
            describe::v(self.start_a),
            describe::v(self.motion_a),
            describe::shape(&self.b),
            describe::v(self.start_b),
            describe::v(self.motion_b),
        )
    }

    fn reference(&self) -> Answer {
        reference::cast(
            &self.a,
            self.start_a,
            self.motion_a,
            &self.b,
            self.start_b,
            self.motion_b,
        )
    }
}

/// Both shapes anywhere in the world square; `b` drifts a little, and the relative motion aims
/// at a point near `b`, with a length from 0 to [`MAX_MOTION`].
fn cast_suite<GA: ShapeGen, GB: ShapeGen>(
    name: &'static str,
    salt: u64,
    cfg: &Config,
) -> Box<dyn Case> {
    let mut rng = Rng::new(cfg.seed).fork(salt);
    let (mut ours, mut peer) = (Vec::new(), Vec::new());
    for _ in 0..cfg.check_len {
        let (a, pa) = GA::make(&mut rng);
        let (b, pb) = GB::make(&mut rng);
        let start_a = rng.in_square(WORLD_HALF);
        let start_b = rng.in_square(WORLD_HALF);
        let aim = start_b + rng.in_square(AIM_HALF);
        let rel = (aim - start_a).normalize_or(Vec2::X) * rng.range(0.0, MAX_MOTION);
        let motion_b = rng.direction() * rng.range(0.0, MAX_MOTION_B);
        let motion_a = rel + motion_b;
        ours.push(OursCast {
            a,
            start_a,
            motion_a,
            b,
            start_b,
            motion_b,
        });
        peer.push(PeerCast {
            a: pa,
            pose_a: pose(start_a),
            vel_a: pv(motion_a),
            b: pb,
            pose_b: pose(start_b),
            vel_b: pv(motion_b),
        });
    }
    suite(name, ours, peer, cfg)
}

fn suite<O: Query + Describe + 'static, P: Query + 'static>(
    name: &'static str,
    ours: Vec<O>,
    peer: Vec<P>,
    cfg: &Config,
) -> Box<dyn Case> {
    let timing_len = cfg.timing_len.min(ours.len());
    Box::new(Suite {
        name,
        ours,
        peer,
        timing_len,
    })
}

// ---------------------------------------------------------------------------------------------
// Rays

/// glissade's side of a ray input.
pub struct OursRay {
    shape: Shape,
    pos: Vec2,
    origin: Vec2,
    dir: Vec2,
}

/// parry's side of a ray input.
pub struct PeerRay<P> {
    shape: P,
    pose: Pose,
    ray: Ray,
}

/// Rays are cast up to one length of their direction.
const RAY_MAX: f32 = 1.0;

impl Query for OursRay {
    type Raw = Option<RayHit>;
    #[inline]
    fn run(&self) -> Option<RayHit> {
        raycast(&self.shape, self.pos, self.origin, self.dir, RAY_MAX)
    }
    #[inline]
    fn answer(raw: Option<RayHit>) -> Answer {
        raw.map_or(Answer::Miss, |h| Answer::Hit(h.fraction))
    }
}

impl<P: RayCast> Query for PeerRay<P> {
    type Raw = Option<f32>;
    #[inline]
    fn run(&self) -> Option<f32> {
        self.shape.cast_ray(&self.pose, &self.ray, RAY_MAX, true)
    }
    #[inline]
    fn answer(raw: Option<f32>) -> Answer {
        raw.map_or(Answer::Miss, Answer::Hit)
    }
}

impl Describe for OursRay {
    fn describe(&self) -> String {
        format!(
            "shape={} pos={} origin={} direction={} max_fraction={RAY_MAX:?}",
            describe::shape(&self.shape),
            describe::v(self.pos),
            describe::v(self.origin),
            describe::v(self.dir),
        )
    }

    fn reference(&self) -> Answer {
        reference::ray(&self.shape, self.pos, self.origin, self.dir, RAY_MAX)
    }
}

/// The shape anywhere in the world square, the origin too; the ray aims near the shape with a
/// length from 0 to [`MAX_MOTION`].
fn ray_suite<G: ShapeGen>(name: &'static str, salt: u64, cfg: &Config) -> Box<dyn Case>
where
    G::P: RayCast,
{
    let mut rng = Rng::new(cfg.seed).fork(salt);
    let (mut ours, mut peer) = (Vec::new(), Vec::new());
    for _ in 0..cfg.check_len {
        let (shape, p) = G::make(&mut rng);
        let pos = rng.in_square(WORLD_HALF);
        let origin = rng.in_square(WORLD_HALF);
        let aim = pos + rng.in_square(RAY_AIM_HALF);
        let dir = (aim - origin).normalize_or(Vec2::X) * rng.range(0.0, MAX_MOTION);
        ours.push(OursRay {
            shape,
            pos,
            origin,
            dir,
        });
        peer.push(PeerRay {
            shape: p,
            pose: pose(pos),
            ray: Ray::new(pv(origin), pv(dir)),
        });
    }
    suite(name, ours, peer, cfg)
}

// ---------------------------------------------------------------------------------------------
// Overlaps

/// glissade's side of an overlap input.
pub struct OursOverlap {
    a: Shape,
    pos_a: Vec2,
    b: Shape,
    pos_b: Vec2,
}

/// parry's side of an overlap input.
pub struct PeerOverlap<A, B> {
    a: A,
    pose_a: Pose,
    b: B,
    pose_b: Pose,
}

impl Query for OursOverlap {
    type Raw = Option<Penetration>;
    #[inline]
    fn run(&self) -> Option<Penetration> {
        overlap(&self.a, self.pos_a, &self.b, self.pos_b)
    }
    #[inline]
    fn answer(raw: Option<Penetration>) -> Answer {
        raw.map_or(Answer::Miss, |p| Answer::Overlapping(p.depth))
    }
}

impl<A: PShape, B: PShape> Query for PeerOverlap<A, B> {
    type Raw = Result<Option<Contact>, Unsupported>;
    #[inline]
    fn run(&self) -> Self::Raw {
        query::contact(&self.pose_a, &self.a, &self.pose_b, &self.b, 0.0)
    }
    #[inline]
    fn answer(raw: Self::Raw) -> Answer {
        match raw {
            Ok(Some(c)) if c.dist < 0.0 => Answer::Overlapping(-c.dist),
            Ok(_) => Answer::Miss,
            Err(Unsupported) => Answer::Unsupported,
        }
    }
}

impl Describe for OursOverlap {
    fn describe(&self) -> String {
        format!(
            "a={} pos_a={} b={} pos_b={}",
            describe::shape(&self.a),
            describe::v(self.pos_a),
            describe::shape(&self.b),
            describe::v(self.pos_b),
        )
    }

    fn reference(&self) -> Answer {
        reference::overlap(&self.a, self.pos_a, &self.b, self.pos_b)
    }
}

/// `a` anywhere in the world square, `b` within [`OVERLAP_HALF`] of it on each axis.
fn overlap_suite<GA: ShapeGen, GB: ShapeGen>(
    name: &'static str,
    salt: u64,
    cfg: &Config,
) -> Box<dyn Case> {
    let mut rng = Rng::new(cfg.seed).fork(salt);
    let (mut ours, mut peer) = (Vec::new(), Vec::new());
    for _ in 0..cfg.check_len {
        let (a, pa) = GA::make(&mut rng);
        let (b, pb) = GB::make(&mut rng);
        let pos_a = rng.in_square(WORLD_HALF);
        let pos_b = pos_a + rng.in_square(OVERLAP_HALF);
        ours.push(OursOverlap { a, pos_a, b, pos_b });
        peer.push(PeerOverlap {
            a: pa,
            pose_a: pose(pos_a),
            b: pb,
            pose_b: pose(pos_b),
        });
    }
    suite(name, ours, peer, cfg)
}

// ---------------------------------------------------------------------------------------------

/// A case by name, with the generator of its inputs. Cases are built one at a time (the
/// inputs of one case take up to a few hundred megabytes).
#[derive(Clone, Copy)]
pub struct CaseSpec {
    /// The case name, e.g. `cast/aabb-aabb`.
    pub name: &'static str,
    salt: u64,
    build: fn(&'static str, u64, &Config) -> Box<dyn Case>,
}

impl CaseSpec {
    /// Generates the case's inputs. Each case draws from its own stream of `cfg.seed`, so its
    /// inputs do not depend on which other cases run.
    #[must_use]
    pub fn build(&self, cfg: &Config) -> Box<dyn Case> {
        (self.build)(self.name, self.salt, cfg)
    }
}

/// Every case, in the order of the report.
#[must_use]
pub fn all_cases() -> Vec<CaseSpec> {
    type Hexagon = PolyGen<6, 6>;
    type Polygon = PolyGen<3, 8>;
    let spec = |name, salt, build| CaseSpec { name, salt, build };
    vec![
        spec("cast/aabb-aabb", 1, cast_suite::<AabbGen, AabbGen>),
        spec("cast/circle-aabb", 2, cast_suite::<CircleGen, AabbGen>),
        spec("cast/circle-polygon", 3, cast_suite::<CircleGen, Hexagon>),
        spec("cast/polygon-polygon", 4, cast_suite::<Polygon, Polygon>),
        spec("cast/capsule-polygon", 5, cast_suite::<CapsuleGen, Polygon>),
        spec("ray/polygon", 6, ray_suite::<Polygon>),
        spec(
            "overlap/polygon-polygon",
            7,
            overlap_suite::<Polygon, Polygon>,
        ),
        spec(
            "overlap/circle-polygon",
            8,
            overlap_suite::<CircleGen, Polygon>,
        ),
    ]
}
