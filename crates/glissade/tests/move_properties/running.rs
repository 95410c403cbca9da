//! Running moves: one move, its rounds one by one, the depth of what it ends in, and the
//! numbers a deterministic run is compared by.

use super::*;

pub(super) fn run(
    world: &mut World,
    body: &Shape,
    from: Vec2,
    motion: Vec2,
    iterations: u32,
) -> MoveResult {
    move_and_slide(
        world,
        (body.clone(), from),
        motion,
        &MoveConfig::default().with_max_iterations(iterations),
    )
    .expect("finite input and a valid config")
}

/// The deepest overlap found pair by pair (0 when none).
pub(super) fn true_depth(level: &Level, body: &Shape, pos: Vec2) -> f32 {
    level
        .overlaps(body, pos)
        .iter()
        .fold(0.0, |m, (_, d)| m.max(*d))
}

pub(super) fn overlaps_nothing(world: &World, body: &Shape, pos: Vec2) -> bool {
    world
        .overlap_shape(body, pos, &QueryFilter::default())
        .is_empty()
}

/// One round of a move, seen from outside: the move stopped after `k` rounds
/// (`max_iterations = k`) is the move stopped after `k - 1` rounds, then one cast along what
/// was left (`remaining`) and the response.
#[derive(Debug)]
pub(super) struct Leg {
    /// Where the round starts, and the motion it is given.
    pub(super) from: Vec2,
    pub(super) motion: Vec2,
    /// The world's first contact along that motion (what the round meets).
    pub(super) hit: Option<WorldCastHit>,
    /// The move stopped after this round.
    pub(super) after: MoveResult,
}

/// The rounds of a move from a clear start, up to the default number of rounds. Stops when
/// the move is over (nothing remains), or before a round that would start overlapping (it
/// begins with a push-out, which is not a cast, and the pushes a move may still do then
/// depend on `max_iterations`; `never_ends_overlapping` is the property about those).
pub(super) fn legs(world: &mut World, body: &Shape, start: Vec2, motion: Vec2) -> Vec<Leg> {
    let mut out: Vec<Leg> = Vec::new();
    let (mut from, mut rem) = (start, motion);
    for k in 1..=DEFAULT_MAX_ITERATIONS {
        if !overlaps_nothing(world, body, from) {
            break;
        }
        let hit = world.cast_shape(body, from, rem, &QueryFilter::default());
        let after = run(world, body, start, motion, k);
        let (next, next_rem) = (after.position, after.remaining);
        out.push(Leg {
            from,
            motion: rem,
            hit,
            after,
        });
        if next_rem == Vec2::ZERO {
            break;
        }
        (from, rem) = (next, next_rem);
    }
    out
}

/// Distance from `body` at `pos` to what `hit` met: the collider's shape, or its one tile cell.
pub(super) fn distance_to_hit(world: &World, body: &Shape, pos: Vec2, hit: &WorldCastHit) -> f32 {
    let c = world.get(hit.handle).unwrap();
    match c.geometry() {
        Geometry::Shape(s) => distance(body, pos, s, c.position()),
        Geometry::Tiles(map) => {
            let cell = hit.cell.expect("a tile map hit names its cell");
            let tile = map.get(cell.x as u32, cell.y as u32).unwrap();
            let s = tile_shape(tile).expect("a hit cell is not empty");
            distance(body, pos, &s, c.position() + cell.as_vec2())
        }
    }
}

pub(super) fn check_finite(r: &MoveResult) -> Result<(), TestCaseError> {
    prop_assert!(
        r.position.is_finite() && r.remaining.is_finite() && r.velocity.is_finite(),
        "{r:?}"
    );
    for c in &r.contacts {
        prop_assert!(
            c.normal.is_finite() && c.point.is_finite() && c.fraction.is_finite(),
            "{c:?}"
        );
        prop_assert!((0.0..=1.0).contains(&c.fraction), "fraction of {c:?}");
        prop_assert!(
            (c.normal.length() - 1.0).abs() <= 1e-4,
            "normal of {c:?} has length {}",
            c.normal.length()
        );
    }
    Ok(())
}

/// Everything a result says, as bits, handles left out.
pub(super) fn result_bits(r: &MoveResult) -> Vec<u32> {
    let mut out: Vec<u32> = [r.position, r.remaining, r.velocity]
        .iter()
        .flat_map(|v| v.to_array())
        .map(f32::to_bits)
        .collect();
    let mut contacts: Vec<[u32; 3]> = r
        .contacts
        .iter()
        .map(|c| [c.normal.x, c.normal.y, c.fraction].map(f32::to_bits))
        .collect();
    // The overlaps met in one round are reported in handle order: compare them as a set.
    contacts.sort_unstable();
    out.extend(contacts.into_iter().flatten());
    out
}

/// Angle to spare for `one_way_out`: 10°.
pub(super) const MARGIN: f32 = 10.0 * PI / 180.0;

/// Whether one push can leave every overlap at once: the push normals all point into one
/// open half-plane, with `MARGIN` to spare. Otherwise the body is squeezed from opposite
/// sides: no offset meets every push (the move falls back to their sum), or only one many
/// times longer than the overlaps (1 / sin of the angle to spare; see
/// `a_push_out_between_nearly_opposed_surfaces_meets_both`).
pub(super) fn one_way_out(normals: &[Vec2]) -> bool {
    let mut angles: Vec<f32> = normals.iter().map(|n| n.y.atan2(n.x)).collect();
    angles.sort_by(f32::total_cmp);
    let (Some(first), Some(last)) = (angles.first(), angles.last()) else {
        return false;
    };
    let widest = angles
        .windows(2)
        .map(|w| w[1] - w[0])
        .fold(first + TAU - last, f32::max);
    widest > PI + MARGIN
}
