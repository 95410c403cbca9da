//! Move-and-slide scenarios: each scene drawn in ASCII, each expected number worked out by hand.

use glissade::glam::Vec2;
use glissade::{
    Aabb, BodyMove, Capsule, Circle, ColliderDesc, ConvexPolygon, Handle, MoveConfig, QueryFilter,
    Response, Segment, Shape, Tile, TileMap, World, motion::MoveError, motion::MoveStrategy,
    move_and_slide, move_bodies, overlap,
};

const SKIN: f32 = glissade::motion::DEFAULT_SKIN;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn boxed(hx: f32, hy: f32) -> Shape {
    Aabb::from_half_extents(v(hx, hy)).unwrap().into()
}

fn circle(r: f32) -> Shape {
    Circle::new(r).unwrap().into()
}

fn capsule(half: f32, r: f32) -> Shape {
    Capsule::vertical(half, r).unwrap().into()
}

fn add(world: &mut World, shape: impl Into<Shape>, at: Vec2) -> Handle {
    world.add(ColliderDesc::new(shape, at)).unwrap()
}

/// The movers every snag scenario runs: a box, a circle and a capsule, all 0.8 tall.
fn movers() -> [(&'static str, Shape); 3] {
    [
        ("box", boxed(0.4, 0.4)),
        ("circle", circle(0.4)),
        ("capsule", capsule(0.1, 0.3)),
    ]
}

/// Walks `body` from `start` in steps of `along * step + into * push` (pressing into the
/// surface) and checks every step's travel along `along` equals `step` within 1e-4, and the
/// gap to the surface stays in [0, 2 × skin].
#[allow(clippy::too_many_arguments)]
fn walk(
    world: &World,
    body: &Shape,
    start: Vec2,
    along: Vec2,
    into: Vec2,
    steps: usize,
    step: f32,
    name: &str,
) {
    let mut world = world.clone();
    let mut pos = start;
    let push = 0.05;
    for i in 0..steps {
        let r = move_and_slide(
            &mut world,
            (body.clone(), pos),
            along * step + into * push,
            &MoveConfig::default(),
        )
        .unwrap();
        let travel = (r.position - pos).dot(along);
        assert!(
            (travel - step).abs() <= 1e-4,
            "{name}: step {i} of {step} from {pos} travelled {travel} (contacts {:?})",
            r.contacts
        );
        let overlaps = world.overlap_shape(body, r.position, &QueryFilter::default());
        assert!(
            overlaps.is_empty(),
            "{name}: step {i} ends overlapping {overlaps:?}"
        );
        pos = r.position;
    }
}

/// Steps from 0.05 to 5 units.
const STEPS: [f32; 5] = [0.05, 0.3, 1.0, 2.5, 5.0];

/// Numbers in [0, 1] from a linear congruential generator seeded with `seed` (the same
/// sequence every run).
fn unit_numbers(mut seed: u64) -> impl FnMut() -> f32 {
    move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as f32) / (u32::MAX >> 1) as f32
    }
}

/// The distance from a shape's origin to its support plane along (-1, 1)/√2 (negated), so a
/// body at `p + n * (d + skin)` clears a 45° ramp through `p` by the skin.
trait SupportHint {
    fn support_distance_hint(&self) -> f32;
}

impl SupportHint for Shape {
    fn support_distance_hint(&self) -> f32 {
        // How far the shape reaches toward the ramp (direction (1, -1)/√2).
        let dir = v(1.0, -1.0).normalize();
        let (lo, hi) = self.local_bounds();
        match self {
            Shape::Circle(c) => -c.radius(),
            Shape::Capsule(c) => -(c.a().dot(dir).max(c.b().dot(dir)) + c.radius()),
            _ => -[lo, hi, v(lo.x, hi.y), v(hi.x, lo.y)]
                .iter()
                .map(|p| p.dot(dir))
                .fold(f32::MIN, f32::max),
        }
    }
}

mod bodies;
mod bodies_pinned;
mod contacts;
mod one_way;
mod refusals;
mod regressions;
mod snags;
