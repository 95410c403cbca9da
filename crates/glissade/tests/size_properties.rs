//! Property tests over sizes: levels whose shapes run from 1e-3 to 1e7 units long, placed up
//! to 1e7 from the origin, with tile maps of cells from 1e-2 to 1e6, crossed by motions up to
//! 1e7 — within the size contract of `glissade::tolerance` (a moving body is larger than the
//! precision at its coordinates: at least 64 times it here, so a body moved up to 1e7 from the
//! origin is at least about 2,400 units across; in a tile map's frame, counted from its origin,
//! too). Every move is checked against every piece of the level on
//! its own, with the free queries:
//! - it never ends overlapping beyond the precision at the contact;
//! - no round of it passes the first contact of its own path (no tunnelling): past a contact's
//!   plane by more than the precision, its straight path comes no deeper into that piece than
//!   the precision (a path grazing a corner passes the plane of the face beyond it);
//! - nothing is NaN or infinite, and a world cloned before the move gives the same bits.
//!
//! `PROPTEST_CASES` cases per property (10,000 when unset).

use glissade::glam::Vec2;
use glissade::tolerance::{LINEAR_ABS, MAX_COORDINATE, linear_tolerance};
use glissade::{
    Aabb, CastResult, Circle, ColliderDesc, ConvexPolygon, MoveConfig, MoveResult, Segment, Shape,
    Tile, TileMap, World, cast, distance, move_and_slide, overlap,
};
use proptest::prelude::*;

mod common;
use common::config;

/// A number between `lo` and `hi`, uniform in its logarithm.
fn log_uniform(lo: f32, hi: f32) -> impl Strategy<Value = f32> {
    (lo.ln()..hi.ln()).prop_map(f32::exp)
}

/// A shape `size` units across (its longest side), of every kind: boxes long in one
/// direction, slanted polygons, circles, capsules and zero-thickness segments.
fn shape(size: impl Strategy<Value = f32>) -> impl Strategy<Value = Shape> {
    (size, 0u8..5, 0.01f32..1.0, 0.0f32..std::f32::consts::TAU).prop_map(|(l, kind, aspect, a)| {
        let h = l * 0.5;
        let dir = Vec2::new(a.cos(), a.sin());
        match kind {
            0 => Aabb::from_half_extents(Vec2::new(h, (h * aspect).max(h * 1e-3)))
                .unwrap()
                .into(),
            1 => Circle::new(h).unwrap().into(),
            2 => glissade::Capsule::new(-dir * h * 0.5, dir * h * 0.5, h * 0.5 * aspect.max(0.05))
                .unwrap()
                .into(),
            3 => {
                // A slanted sliver: a triangle along `dir`, `aspect` as thick as long.
                let side = dir.perp() * (h * aspect.max(0.01));
                ConvexPolygon::new(&[-dir * h, dir * h, side])
                    .unwrap()
                    .into()
            }
            _ => Segment::new(-dir * h, dir * h).unwrap().into(),
        }
    })
}

/// A level around `centre` at scale `scale` (the magnitude of the coordinates), and a body
/// clear of it at `centre`.
#[derive(Debug, Clone)]
struct Case {
    /// Static shapes and their positions.
    shapes: Vec<(Shape, Vec2)>,
    /// A tile map: its rows (top first), cell size and origin.
    tiles: Option<(Vec<String>, f32, Vec2)>,
    body: Shape,
    start: Vec2,
    motions: Vec<Vec2>,
}

/// The precision at coordinates of magnitude `m`, as the size contract states it.
fn precision(m: f32) -> f32 {
    linear_tolerance(m)
}

fn case() -> impl Strategy<Value = Case> {
    (log_uniform(1.0, 1e7), -1.0f32..1.0, -1.0f32..1.0).prop_flat_map(|(scale, cx, cy)| {
        let start = Vec2::new(cx, cy) * scale;
        // A body at least 64 times the precision wherever it goes (its motions keep it within
        // about 4 × scale of the origin), and 1e-3 at the least.
        let smallest = (64.0 * precision(scale * 4.0)).max(1e-3);
        let body = shape(log_uniform(smallest, (smallest * 1e4).min(1e7)));
        let piece = (
            shape(log_uniform(1e-3, 1e7)),
            -1.0f32..1.0,
            -1.0f32..1.0,
            log_uniform(1e-2, 1e7),
        );
        let tiles = prop::option::weighted(
            0.5,
            (
                prop::collection::vec(
                    prop::sample::select(vec!['.', '.', '#', '#', '/', '\\', '=']),
                    16,
                ),
                log_uniform(1e-2, 1e6),
                -1.0f32..1.0,
                -1.0f32..1.0,
            ),
        );
        let motion = (
            log_uniform(1e-3, scale),
            0.0f32..std::f32::consts::TAU,
            prop::bool::weighted(0.3),
        )
            .prop_map(|(len, a, axis)| {
                let a = if axis {
                    (a / std::f32::consts::FRAC_PI_2).round() * std::f32::consts::FRAC_PI_2
                } else {
                    a
                };
                Vec2::new(a.cos(), a.sin()) * len
            });
        (
            Just(start),
            body,
            prop::collection::vec(piece, 1..6),
            tiles,
            prop::collection::vec(motion, 1..=3),
        )
            .prop_map(move |(start, body, pieces, tiles, motions)| {
                // Every piece, too, larger than the precision where it is (64 times it).
                let resolved =
                    |size: f32, at: Vec2| size >= 64.0 * precision(at.abs().max_element() + size);
                let shapes = pieces
                    .into_iter()
                    .map(|(s, ox, oy, reach)| (s, start + Vec2::new(ox, oy) * reach))
                    .filter(|(s, p)| {
                        p.abs().max_element() < MAX_COORDINATE * 0.5
                            && resolved(2.0 * extent(s), *p)
                            && overlap(&body, start, s, *p).is_none()
                    })
                    .collect();
                let tiles = tiles
                    .map(|(cells, cell, ox, oy)| {
                        let rows: Vec<String> =
                            cells.chunks(4).map(|r| r.iter().collect()).collect();
                        (rows, cell, start + Vec2::new(ox, oy) * cell * 4.0)
                    })
                    // The map's cells resolved where they are, and the body resolved in the
                    // map's frame: tile queries compute from the map's origin, so a body
                    // a million units from it is placed there only to about a unit.
                    .filter(|(_, cell, origin)| {
                        resolved(*cell, *origin + 4.0 * *cell)
                            && resolved(
                                2.0 * extent(&body),
                                (start - *origin).abs() + Vec2::splat(3.0 * scale),
                            )
                    });
                Case {
                    shapes,
                    tiles,
                    body,
                    start,
                    motions,
                }
            })
            .prop_filter("the body starts clear of the tiles", |c| {
                let (world, _) = c.world();
                world
                    .overlap_shape(&c.body, c.start, &glissade::QueryFilter::default())
                    .is_empty()
            })
    })
}

impl Case {
    /// The world, and its tile map as pieces (shape and world position) for the checks.
    fn world(&self) -> (World, Vec<(Shape, Vec2)>) {
        let mut world = World::new();
        let mut pieces = self.shapes.clone();
        for (s, p) in &self.shapes {
            world.add(ColliderDesc::new(s.clone(), *p)).unwrap();
        }
        if let Some((rows, cell, origin)) = &self.tiles {
            let text: Vec<&str> = rows.iter().map(String::as_str).collect();
            let map = TileMap::from_rows(&text, *cell).unwrap();
            for y in 0..map.height() {
                for x in 0..map.width() {
                    let at = *origin + Vec2::new(x as f32, y as f32) * *cell;
                    let (o, w, h) = (Vec2::ZERO, Vec2::new(*cell, 0.0), Vec2::new(0.0, *cell));
                    let solid: Option<Shape> = match map.get(x, y).unwrap() {
                        Tile::Solid => Some(Aabb::new(o, w + h).unwrap().into()),
                        Tile::SlopeUpRight => {
                            Some(ConvexPolygon::new(&[o, w, w + h]).unwrap().into())
                        }
                        Tile::SlopeUpLeft => Some(ConvexPolygon::new(&[o, w, h]).unwrap().into()),
                        // One-way tiles block only from above: left out of the checks.
                        Tile::OneWay | Tile::Empty => None,
                    };
                    if let Some(s) = solid {
                        pieces.push((s, at));
                    }
                }
            }
            world.add(ColliderDesc::tiles(map, *origin)).unwrap();
        }
        (world, pieces)
    }
}

/// The largest local coordinate of a shape.
fn extent(s: &Shape) -> f32 {
    let (lo, hi) = s.local_bounds();
    lo.abs().max(hi.abs()).max_element()
}

/// How deep `body` at `pos` is in `piece` (0 when clear), and the precision there, as the
/// size contract states it: that of the coordinates of the features in contact (in the
/// piece's frame, both shapes' own coordinates: the ends of a slanted face count) and of the
/// positions themselves.
fn depth(body: &Shape, pos: Vec2, piece: &(Shape, Vec2)) -> (f32, f32) {
    let m = (pos - piece.1).abs().max_element()
        + extent(&piece.0)
        + extent(body)
        + pos.abs().max(piece.1.abs()).max_element();
    let d = overlap(body, pos, &piece.0, piece.1).map_or(0.0, |p| p.depth);
    (d, 4.0 * precision(m) + LINEAR_ABS)
}

/// The least signed distance between `body` and `piece` along the straight path from `from` by
/// `step` (negative: the deepest it goes in). The signed distance between two convex shapes is
/// a convex function of their relative position, so along a straight path it has one least
/// value, which a golden-section search finds.
fn least_distance_on_path(body: &Shape, from: Vec2, step: Vec2, piece: &(Shape, Vec2)) -> f32 {
    let at = |t: f32| distance(body, from + step * t, &piece.0, piece.1);
    let golden = 0.5 * (5f32.sqrt() - 1.0);
    let (mut lo, mut hi) = (0.0f32, 1.0f32);
    let (mut a, mut b) = (hi - golden * (hi - lo), lo + golden * (hi - lo));
    let (mut da, mut db) = (at(a), at(b));
    for _ in 0..64 {
        if da <= db {
            hi = b;
            (b, db) = (a, da);
            a = hi - golden * (hi - lo);
            da = at(a);
        } else {
            lo = a;
            (a, da) = (b, db);
            b = lo + golden * (hi - lo);
            db = at(b);
        }
    }
    da.min(db).min(at(0.0)).min(at(1.0))
}

#[test]
fn least_distance_on_path_finds_the_deepest_point_of_a_crossing() {
    // A unit circle across a segment 2 long: 1 deep when its centre crosses the segment; 0.5
    // clear of it when passing 1.5 above the segment's top end.
    //
    //      o - - - - - - - - >     1.5 above the top end: 0.5 clear
    //            |
    //      o - - + - - - - - >     through the middle: 1 deep
    //            |
    let circle: Shape = Circle::new(1.0).unwrap().into();
    let segment: Shape = Segment::new(Vec2::new(0.0, -1.0), Vec2::new(0.0, 1.0))
        .unwrap()
        .into();
    let piece = (segment, Vec2::new(3.0, 0.0));
    let across = least_distance_on_path(&circle, Vec2::new(-5.0, 0.0), Vec2::X * 20.0, &piece);
    assert!((across + 1.0).abs() < 1e-4, "{across}");
    let above = least_distance_on_path(&circle, Vec2::new(-5.0, 2.5), Vec2::X * 20.0, &piece);
    assert!((above - 0.5).abs() < 1e-4, "{above}");
}

/// A case's tile map: its four rows of four cells (top first), cell size and origin.
fn tiles(rows: [&str; 4], cell: f32, origin: Vec2) -> Option<(Vec<String>, f32, Vec2)> {
    Some((rows.map(String::from).to_vec(), cell, origin))
}

fn finite(r: &MoveResult) -> bool {
    r.position.is_finite()
        && r.remaining.is_finite()
        && r.velocity.is_finite()
        && r.contacts.iter().all(|c| {
            c.normal.is_finite() && c.point.is_finite() && (0.0..=1.0).contains(&c.fraction)
        })
}

/// The property's checks of one case: every round of every move, then every whole move.
fn check(case: Case) -> Result<(), TestCaseError> {
    let (mut world, pieces) = case.world();
    let mut pos = case.start;
    for (i, &m) in case.motions.iter().enumerate() {
        // Round by round: each round's own path, from where it starts to where it ends,
        // meets no piece before its end (beyond the precision there).
        let mut from = pos;
        let mut rem = m;
        for k in 1..=glissade::motion::DEFAULT_MAX_ITERATIONS {
            let r = move_and_slide(
                &mut world,
                (case.body.clone(), from),
                rem,
                &MoveConfig::default().with_max_iterations(1),
            )
            .unwrap();
            prop_assert!(finite(&r), "move {i} round {k}: {r:?}");
            let step = r.position - from;
            if step != Vec2::ZERO && overlap_none(&case.body, from, &pieces) {
                for piece in &pieces {
                    // How far past the contact's plane the path goes (a path grazing a
                    // face within the precision meets it anywhere along, harmlessly). Past
                    // it by more than the precision, the path must still come no deeper
                    // than that: a path grazing a corner within the precision passes the
                    // plane of the face beyond it harmlessly too.
                    if let CastResult::Hit(h) =
                        cast(&case.body, from, step, &piece.0, piece.1, Vec2::ZERO)
                    {
                        let past = (1.0 - h.fraction) * -step.dot(h.normal);
                        let (_, tol) = depth(&case.body, r.position, piece);
                        if past > tol {
                            let least = least_distance_on_path(&case.body, from, step, piece);
                            prop_assert!(
                                least >= -tol,
                                "move {i} round {k} from {from} by {step} (rem {rem}) passes {:?} at {} ({past} past its contact, {} deep): {h:?}; body {:?}",
                                piece.0,
                                piece.1,
                                -least,
                                case.body
                            );
                        }
                    }
                }
            }
            from = r.position;
            rem = r.remaining;
            if rem == Vec2::ZERO {
                break;
            }
        }
        // The whole move: clear of everything at its end, and the same bits in a copy.
        let mut copy = world.clone();
        let r = move_and_slide(
            &mut world,
            (case.body.clone(), pos),
            m,
            &MoveConfig::default(),
        )
        .unwrap();
        let again = move_and_slide(
            &mut copy,
            (case.body.clone(), pos),
            m,
            &MoveConfig::default(),
        )
        .unwrap();
        prop_assert!(finite(&r), "move {i}: {r:?}");
        prop_assert_eq!(
            r.position.to_array().map(f32::to_bits),
            again.position.to_array().map(f32::to_bits)
        );
        for piece in &pieces {
            let (d, tol) = depth(&case.body, r.position, piece);
            prop_assert!(
                d <= tol,
                "move {i} from {pos} by {m} ends at {} {d} deep in {:?} at {} (precision {tol})",
                r.position,
                piece.0,
                piece.1
            );
        }
        pos = r.position;
    }
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn at_every_size_a_move_never_sinks_never_tunnels_and_repeats_exactly(case in case()) {
        check(case)?;
    }
}

/// Whether `body` at `pos` overlaps no piece (a round that starts inside one begins with a
/// push, not a cast).
fn overlap_none(body: &Shape, pos: Vec2, pieces: &[(Shape, Vec2)]) -> bool {
    pieces
        .iter()
        .all(|p| overlap(body, pos, &p.0, p.1).is_none())
}

/// Cases the property once found, each a motion sliding past a rounded corner almost along its
/// tangent from a start that touches it. The cast from such a start called the motion a hit
/// when the straight line along the start's normal went deeper than the tolerance, though the
/// corner falls away from the motion: the world's move, which did not stop, then seemed to pass
/// its contact (0.2 past at x = 42,000, where 0.16 is allowed; 6.2 past at x = 865,000, where the
/// motion really comes no nearer than 0.34).
#[test]
fn motions_along_a_rounded_corners_tangent_pass_no_contact() {
    let capsule = |a: Vec2, r: f32| -> Shape { glissade::Capsule::new(a, -a, r).unwrap().into() };
    // The rounds where the cast called it: from a start touching the piece, a motion along
    // the corner's tangent that comes no deeper (the first) or never nearer than 0.34 (the
    // second). The cast finds no contact.
    let slope: Shape = ConvexPolygon::new(&[
        Vec2::ZERO,
        Vec2::new(132357.58, 0.0),
        Vec2::splat(132357.58),
    ])
    .unwrap()
    .into();
    let rounds = [
        (
            capsule(Vec2::new(92.85084, 92.76802), 57.893528),
            Vec2::new(41964.53, 4679.0073),
            Vec2::new(204.71484, 225.0122),
            Aabb::new(Vec2::ZERO, Vec2::splat(136.64151))
                .unwrap()
                .into(),
            Vec2::new(42100.23, 4596.202),
        ),
        (
            capsule(Vec2::new(-119.2338, 8453.398), 3897.817),
            Vec2::new(865325.25, -123323.63),
            Vec2::new(85715.375, 62366.594),
            slope,
            Vec2::new(735380.56, -267286.56),
        ),
    ];
    for (body, from, step, piece, at) in rounds {
        let least = least_distance_on_path(&body, from, step, &(piece.clone(), at));
        assert!(least > -1e-3, "the path goes {} deep", -least);
        assert!(
            matches!(
                cast(&body, from, step, &piece, at, Vec2::ZERO),
                CastResult::Miss
            ),
            "{body:?} from {from} by {step} meets {piece:?} at {at}"
        );
    }
    // A capsule past the top-left corner of a block, at x = 42,000.
    check(Case {
        shapes: vec![],
        tiles: tiles(
            [".#..", "#...", "....", "...."],
            136.64151,
            Vec2::new(41963.59, 4186.278),
        ),
        body: capsule(Vec2::new(92.85084, 92.76802), 57.893528),
        start: Vec2::new(41569.438, 4560.8296),
        motions: vec![Vec2::new(943.6693, 0.0)],
    })
    .unwrap();
    // A capsule past the top corner of a slope, at x = 865,000.
    check(Case {
        shapes: vec![],
        tiles: tiles(
            ["....", ".==.", "./..", "...."],
            132357.58,
            Vec2::new(603023.0, -399644.16),
        ),
        body: capsule(Vec2::new(-119.2338, 8453.398), 3897.817),
        start: Vec2::new(571377.25, 3920.952),
        motions: vec![
            Vec2::new(5695.497, -11968.962),
            Vec2::new(473145.28, -189216.48),
        ],
    })
    .unwrap();
}

/// Cases the property once found: a circle touching the middle of a slanted segment 1.7 million
/// units long slides along it. The cast measured the start's distance from the segment's line
/// from its far end, whose rounding (about 0.05) exceeded the start's gap, met a circle at the
/// nearest point instead of the face, and slid along a normal 1.6e-3 rad off: 4.6 and 8.8 units
/// into the segment after slides of 2,900 and 7,600.
#[test]
fn a_circle_sliding_along_the_middle_of_a_long_slanted_segment_stays_out() {
    let segment = |a: Vec2| -> Shape { Segment::new(a, -a).unwrap().into() };
    check(Case {
        shapes: vec![(
            segment(Vec2::new(-608751.44, 624342.8)),
            Vec2::new(3243.4841, -3562.5317),
        )],
        tiles: None,
        body: Circle::new(7.7887287).unwrap().into(),
        start: Vec2::new(3253.983, -3552.8066),
        motions: vec![
            Vec2::new(-1389.6345, -1105.5602),
            Vec2::new(-2625.1245, 1518.8751),
        ],
    })
    .unwrap();
    check(Case {
        shapes: vec![(
            segment(Vec2::new(1316693.6, -985417.7)),
            Vec2::new(-12061.97, -28327.455),
        )],
        tiles: None,
        body: Circle::new(15.626439).unwrap().into(),
        start: Vec2::new(-12061.97, -28188.674),
        motions: vec![
            Vec2::new(833.14734, -2004.2816),
            Vec2::new(-13062.129, -1641.0654),
        ],
    })
    .unwrap();
}

/// A case the property once found: a sliver sliding along its long face past the corner of a
/// block, within the precision of it (1.6e-5 off, in cells 0.18 across), down into a V of two
/// slopes. The world's move took it as a graze and went on, as it is; the free cast, in the
/// block's own frame, met the corner with the block's side normal, past whose plane the path
/// went 0.086 while never coming deeper into the block than the precision.
///
/// ```text
///     . . # .      # block, = one-way, \ and / slopes
///     . # = .      the sliver slides down-left along its face, grazing the
///     . \ / .      lower right corner of the middle row's block
///     . . . .
/// ```
#[test]
fn a_body_grazing_a_blocks_corner_within_the_precision_passes_it() {
    check(Case {
        shapes: vec![],
        tiles: tiles(
            ["..#.", ".#=.", ".\\/.", "...."],
            0.18047273,
            Vec2::new(-79.822075, 15.942346),
        ),
        body: ConvexPolygon::new(&[
            Vec2::new(0.09414528, 0.08703515),
            Vec2::new(-0.09414528, -0.08703515),
            Vec2::new(0.00087035145, -0.0009414528),
        ])
        .unwrap()
        .into(),
        start: Vec2::new(-79.15172, 16.507256),
        motions: vec![Vec2::new(-4.032722, 3.1553304)],
    })
    .unwrap();
}

/// A case the property once found: a segment wedged in a concave corner of tiles, moving up and
/// left into it. Its end passes 0.16 below the corner (within the precision there, about 0.5),
/// grazing the lower tile (no contact), and meets the face the corner hides, 0.59 from the
/// corner: farther than the precision, so the contact was dropped as one on a hidden face,
/// and the segment went 9.7 into the tiles. The path passes the corner within the precision:
/// a contact at the corner, as one met exactly there.
///
/// ```text
///     . . . .
///     . . . .
///     . # # .      the segment's left end sits in the corner under the upper
///     . # . .      right block, right of the lower one, and moves up and left
/// ```
#[test]
fn a_segment_moving_into_a_concave_corner_of_tiles_stops_there() {
    check(Case {
        shapes: vec![],
        tiles: tiles(
            ["....", "....", ".##.", ".#.."],
            51410.324,
            Vec2::new(365170.7, 433436.88),
        ),
        body: Segment::new(
            Vec2::new(-73.957596, 19.559944),
            Vec2::new(73.957596, -19.559944),
        )
        .unwrap()
        .into(),
        start: Vec2::new(506877.78, 433436.88),
        motions: vec![
            Vec2::new(-335093.1, 54651.598),
            Vec2::new(-36.220192, 9.867896),
        ],
    })
    .unwrap();
}

/// The same corner near the map's origin, with a segment 1,000 long sliding along its own
/// line, which passes 1e-4 below the corner. The cast against the lower tile calls that a
/// graze (no contact): its tolerance counts the body's coordinates, about 2.5e-4 for a body
/// reaching 970 from the map's origin. The hidden face beyond the corner is met 3.8e-4 from
/// it, and the path passes the corner 9.7e-5 from the contact: a contact at the corner only
/// if the seams' tolerance counts the body's coordinates as the cast's does (without them,
/// about 1.3e-5, the contact was dropped and the segment went 0.21 into the tiles).
///
/// ```text
///     . . . .
///     . . . .
///     . # # .      the segment's left end comes in from the right under the upper
///     . # . .      right block, along its own line, up and left into the corner
/// ```
#[test]
fn a_long_segment_sliding_into_a_concave_corner_near_the_maps_origin_stops_there() {
    let half = Vec2::new(483.3802, -127.84204);
    check(Case {
        shapes: vec![],
        tiles: tiles(["....", "....", ".##.", ".#.."], 1.0, Vec2::ZERO),
        body: Segment::new(-half, half).unwrap().into(),
        start: Vec2::new(485.8802, -126.97438),
        motions: vec![Vec2::new(-1.3, 0.34381765)],
    })
    .unwrap();
}
