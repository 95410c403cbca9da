//! Strategies for the random levels, bodies, tiles and motions.

use super::*;

pub(super) fn v2(r: f32) -> impl Strategy<Value = Vec2> {
    (-r..r, -r..r).prop_map(|(x, y)| Vec2::new(x, y))
}

pub(super) fn unit(angle: f32) -> Vec2 {
    Vec2::new(angle.cos(), angle.sin())
}

pub(super) fn triangle(r: f32) -> impl Strategy<Value = Spec> {
    (v2(r), v2(r), v2(r)).prop_filter_map("degenerate triangle", |(a, b, c)| {
        ConvexPolygon::new(&[a, b, c])
            .ok()
            .map(|_| Spec::Triangle { p: [a, b, c] })
    })
}

/// Shapes of the level: boxes (some very thin), polygons, segments, circles, capsules.
pub(super) fn level_shape() -> impl Strategy<Value = Spec> {
    prop_oneof![
        4 => (0.02f32..3.0, 0.02f32..3.0).prop_map(|(x, y)| Spec::Box { half: Vec2::new(x, y) }),
        2 => (3usize..=8, 0.1f32..3.0, 0.0f32..TAU)
            .prop_map(|(sides, r, phase)| Spec::Regular { sides, r, phase }),
        2 => triangle(2.5),
        2 => (0.1f32..4.0, 0.0f32..TAU).prop_map(|(l, a)| {
            let h = unit(a) * l;
            Spec::Segment { a: -h, b: h }
        }),
        1 => (0.1f32..2.0).prop_map(|r| Spec::Circle { r }),
        1 => (0.0f32..2.0, 0.0f32..TAU, 0.1f32..1.0).prop_map(|(l, a, r)| {
            let h = unit(a) * l;
            Spec::Capsule { a: -h, b: h, r }
        }),
    ]
}

/// Bodies of sizes 0.1 to 2: boxes (often on a 1/8 grid, to meet tiles flush), circles,
/// capsules, polygons.
pub(super) fn body() -> impl Strategy<Value = Spec> {
    prop_oneof![
        2 => (0.05f32..1.0, 0.05f32..1.0).prop_map(|(x, y)| Spec::Box { half: Vec2::new(x, y) }),
        1 => (1u8..=8, 1u8..=8).prop_map(|(x, y)| Spec::Box {
            half: Vec2::new(f32::from(x), f32::from(y)) / 8.0
        }),
        2 => (0.05f32..1.0).prop_map(|r| Spec::Circle { r }),
        1 => (0.0f32..0.5, 0.05f32..0.5).prop_map(|(h, r)| Spec::Capsule {
            a: Vec2::new(0.0, -h),
            b: Vec2::new(0.0, h),
            r
        }),
        1 => (0.0f32..0.5, 0.0f32..TAU, 0.05f32..0.5).prop_map(|(l, a, r)| {
            let h = unit(a) * l;
            Spec::Capsule { a: -h, b: h, r }
        }),
        1 => (3usize..=8, 0.05f32..1.0, 0.0f32..TAU)
            .prop_map(|(sides, r, phase)| Spec::Regular { sides, r, phase }),
        1 => triangle(1.0),
    ]
}

pub(super) fn tile() -> impl Strategy<Value = char> {
    prop_oneof![
        6 => Just('.'),
        4 => Just('#'),
        1 => Just('='),
        1 => Just('/'),
        1 => Just('\\'),
    ]
}

/// Where a piece goes: anywhere in the level, or near where the body starts (so that moves
/// meet it, or start inside it). Resolved against the start, so that shrinking a failing case
/// by dropping pieces leaves the others in place.
#[derive(Debug, Clone)]
pub(super) enum Place {
    Anywhere(Vec2),
    NearStart(Vec2),
}

impl Place {
    pub(super) fn at(&self, start: Vec2) -> Vec2 {
        match *self {
            Place::Anywhere(p) => p,
            Place::NearStart(o) => start + o,
        }
    }
}

pub(super) fn place(near: f32) -> impl Strategy<Value = Place> {
    prop_oneof![
        v2(20.0).prop_map(Place::Anywhere),
        v2(near).prop_map(Place::NearStart),
    ]
}

/// A map of up to 16 × 16 unit cells (a 16 × 16 draw cropped to its size, so that shrinking
/// it keeps the cells in place), on whole units half of the time.
pub(super) fn tiles() -> impl Strategy<Value = (usize, usize, Vec<char>, Place, bool)> {
    (
        1usize..=16,
        1usize..=16,
        prop::collection::vec(tile(), 256),
        prop_oneof![
            (-20.0f32..4.0, -20.0f32..4.0).prop_map(|(x, y)| Place::Anywhere(Vec2::new(x, y))),
            v2(10.0).prop_map(Place::NearStart),
        ],
        any::<bool>(),
    )
}

pub(super) fn build_tiles(
    (w, h, cells, place, whole): (usize, usize, Vec<char>, Place, bool),
    start: Vec2,
) -> Tiles {
    let mut origin = match place {
        Place::Anywhere(p) => p,
        // The start somewhere over the map.
        Place::NearStart(o) => start + o - Vec2::new(w as f32, h as f32) * 0.5,
    };
    if whole {
        origin = origin.round();
    }
    Tiles {
        origin,
        rows: (0..h)
            .rev()
            .map(|y| cells[y * 16..y * 16 + w].iter().collect())
            .collect(),
    }
}

/// How long a motion is: zero sometimes, else log-uniform from 1e-5 to 1e5.
pub(super) fn length() -> impl Strategy<Value = f32> {
    prop_oneof![
        1 => Just(0.0f32),
        12 => (-5.0f32..5.0).prop_map(|e| 10f32.powf(e)),
    ]
}

/// Which way a motion goes: any angle, along an axis (floors, walls), at 45° (slopes).
pub(super) fn direction() -> impl Strategy<Value = Vec2> {
    prop_oneof![
        3 => (0.0f32..TAU).prop_map(unit),
        2 => prop::sample::select(vec![Vec2::X, Vec2::Y, Vec2::NEG_X, Vec2::NEG_Y]),
        1 => (0u8..4).prop_map(|k| unit(TAU / 8.0 * f32::from(2 * k + 1))),
    ]
}

/// Any case: the body may start inside things. A quarter of the starts are on a 1/8 grid
/// (flush with whole-unit tiles and boxes on the 1/8 grid).
pub(super) fn any_case() -> impl Strategy<Value = Case> {
    (
        prop::collection::vec((level_shape(), place(4.0)), 0..24),
        prop::option::weighted(0.8, tiles()),
        body(),
        (v2(20.0), prop::bool::weighted(0.25)),
        prop::collection::vec((direction(), length()), 1..=3),
    )
        .prop_map(|(shapes, tiles, body, (start, snap), motions)| {
            let start = if snap {
                (start * 8.0).round() / 8.0
            } else {
                start
            };
            Case {
                level: Level {
                    shapes: shapes.into_iter().map(|(s, p)| (s, p.at(start))).collect(),
                    tiles: tiles.map(|t| build_tiles(t, start)),
                },
                body,
                start,
                motions: motions.into_iter().map(|(d, len)| d * len).collect(),
            }
        })
}

/// A case whose body starts clear: the pieces it would start inside are removed.
pub(super) fn clear_case() -> impl Strategy<Value = Case> {
    any_case().prop_map(|mut case| {
        let body = case.body.shape();
        case.level = case.level.cleared_around(&body, case.start);
        case
    })
}

/// A case whose level has no tile map.
pub(super) fn without_tiles(mut case: Case) -> Case {
    case.level.tiles = None;
    case
}

pub(super) fn without_shapes(mut case: Case) -> Case {
    case.level.shapes.clear();
    case
}
