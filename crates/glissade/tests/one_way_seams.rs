//! Bodies sliding along one-way platforms that run flush into solid tiles, and back: the
//! vertex where a platform's top meets a solid tile's top is no feature of the floor seen
//! from above, as the vertex between two solid tiles is none. Before, a body resting on a
//! platform (its lowest point a rounding below the top, or grazing it within the tolerance)
//! met the solid tile's side or corner there: stopped, or lifted along the corner's rounded
//! normal; and a box exactly on a run of platforms met the end of each, one iteration each,
//! until it ran out of them.

use glissade::glam::Vec2;
use glissade::{
    Aabb, Capsule, Circle, ColliderDesc, ConvexPolygon, MoveConfig, Segment, Shape, TileMap, World,
    move_and_slide, tolerance::linear_tolerance,
};
use proptest::prelude::*;

mod common;

const SKIN: f32 = glissade::motion::DEFAULT_SKIN;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// One row of tiles `row` (as `TileMap::from_rows` reads it) of cells `cell` wide, its
/// bottom-left corner at `origin`, with an empty row above.
fn row_world(row: &str, cell: f32, origin: Vec2) -> World {
    let empty = ".".repeat(row.len());
    let mut world = World::new();
    world
        .add(ColliderDesc::tiles(
            TileMap::from_rows(&[empty.as_str(), row], cell).expect("a valid map"),
            origin,
        ))
        .expect("a finite origin");
    world
}

fn bodies(size: f32) -> [(&'static str, Shape); 4] {
    [
        ("circle", Circle::new(size).unwrap().into()),
        (
            "box",
            Aabb::from_half_extents(Vec2::splat(size)).unwrap().into(),
        ),
        (
            "capsule",
            Capsule::vertical(size * 0.75, size * 0.5).unwrap().into(),
        ),
        (
            "hexagon",
            ConvexPolygon::regular(6, size, 0.3).unwrap().into(),
        ),
    ]
}

#[test]
fn bodies_on_platforms_slide_onto_flush_solid_tiles_and_back() {
    //     o ->                          <- o
    //   = = # # = = # #    (and # = # = # = # =, and = = = = = = = =)
    //   ^ origin (718.2919, -454.01694), cells 44.803455 wide: tops at y = -409.2135
    //
    // A circle, a box, a capsule and a hexagon, each resting exactly on the tops (its lowest
    // point at y = -409.2135, which rounds a hair off in the map's frame this far out), move
    // six cells (268.82073 units) along them, level or pressing 1e-4 or 1e-3 down over the
    // move. Each goes the whole way and ends on the tops: no higher than it started (but for
    // rounding) and no deeper than the tolerance there. Before, the box going right stopped
    // 63.2 units along (at the first solid tile's side), the circle and the capsule going
    // left rose 1.48 and 2.09 over a solid tile's corner, and the circle going left along the
    // platforms alone stopped 156.8 units along.
    let cell = 44.803_455;
    let origin = v(718.291_9, -454.016_94);
    let top = origin.y + cell;
    let along = cell * 6.0;
    let deepest = linear_tolerance(origin.abs().max_element() + along);
    for row in ["==##==##", "#=#=#=#=", "========"] {
        let mut world = row_world(row, cell, origin);
        for (name, body) in bodies(4.0) {
            let lowest = body.local_bounds().0.y;
            for dir in [1.0f32, -1.0] {
                for down in [0.0, 1e-4, 1e-3] {
                    let x = origin.x + cell * if dir > 0.0 { 0.5 } else { 7.5 };
                    let start = v(x, top - lowest);
                    let motion = v(dir * along, -down);
                    let r = move_and_slide(
                        &mut world,
                        (body.clone(), start),
                        motion,
                        &MoveConfig::default(),
                    )
                    .unwrap();
                    let went = (r.position.x - start.x) * dir;
                    let rise = r.position.y - start.y;
                    assert!(
                        (went - along).abs() < 1e-3 && rise < 1e-4 && rise > -down - deepest,
                        "{row}, {name} moving {dir} and {down} down: went {went} of {along}, \
                         rose {rise} ({:?})",
                        r.contacts
                    );
                }
            }
        }
    }
}

/// One body of size `size` of the kind `kind` (circle, box, capsule, segment, hexagon).
fn body_of(kind: u8, size: f32, lean: f32) -> Shape {
    match kind {
        0 => Circle::new(size).unwrap().into(),
        1 => Aabb::from_half_extents(v(size, size * (0.5 + lean)))
            .unwrap()
            .into(),
        2 => Capsule::vertical(size, size * 0.5).unwrap().into(),
        3 => Segment::new(v(-size, -size * lean), v(size, size * (1.0 - lean)))
            .unwrap()
            .into(),
        _ => ConvexPolygon::regular(6, size, lean).unwrap().into(),
    }
}

proptest! {
    #![proptest_config(common::config())]

    /// A body resting on a row of platforms and solid tiles with flush tops (anywhere within
    /// ±1000 units, cells 1 to 64 wide), exactly or up to a skin above the tops, moving
    /// along them (level or pressing up to 0.01 down over the move) goes the whole way: no
    /// vertex stops it, none lifts it (it may end a skin above the tops), and it never sinks deeper
    /// than the tolerance of the coordinates there. From inside a row of platforms only, it
    /// moves up and along through them freely.
    #[test]
    fn a_body_on_platforms_and_flush_tiles_slides_the_whole_way(
        layout in 0usize..6,
        cell in 1.0f32..64.0,
        origin in (-1000.0f32..1000.0, -1000.0f32..1000.0),
        kind in 0u8..5,
        size in 0.05f32..0.45,
        lean in 0.0f32..1.0,
        right in any::<bool>(),
        from in 1.0f32..2.0,
        above in prop::sample::select(vec![0.0f32, 1e-5, 1e-4, SKIN]),
        down in prop::sample::select(vec![0.0f32, 1e-4, 1e-3, 1e-2]),
        reach in 0.0f32..4.0,
    ) {
        let row = ["====####", "####====", "==##==##", "#=#=#=#=", "=#==#==#", "========"][layout];
        let origin = v(origin.0, origin.1);
        let mut world = row_world(row, cell, origin);
        let body = body_of(kind, cell * size, lean);
        let lowest = body.local_bounds().0.y;
        let dir = if right { 1.0 } else { -1.0 };
        let top = origin.y + cell;
        let x = origin.x + cell * (from + if right { 0.0 } else { 5.0 });
        let start = v(x, top - lowest + above);
        let len = cell * reach;
        let r = move_and_slide(
            &mut world,
            (body.clone(), start),
            v(dir * len, -down),
            &MoveConfig::default(),
        )
        .unwrap();
        let went = (r.position.x - start.x) * dir;
        let rise = r.position.y - start.y;
        // The tolerance of the numbers the contacts are judged from: the world's coordinates
        // (the map's frame carries their rounding) and the map's own, at the body and at the
        // vertices it passes.
        let local = (start - origin).abs().max_element() + len;
        let deepest = 2.0 * linear_tolerance(origin.abs().max_element() + 2.0 * local + 3.0 * cell);
        prop_assert!(
            went > len - 1e-3 && rise < SKIN + 1e-3 && r.position.y + lowest > top - deepest,
            "went {} of {}, rose {} ({:?})", went, len, rise, r.contacts
        );
        // Pressing down again where it ended: the tops hold it, no deeper.
        let again = move_and_slide(
            &mut world,
            (body.clone(), r.position),
            v(0.0, -down - 1e-3),
            &MoveConfig::default(),
        )
        .unwrap();
        prop_assert!(again.position.y + lowest > top - deepest, "{:?}", again);
        if !row.contains('#') {
            // Inside the platforms, a tenth of a cell below their tops: up and along.
            let below = v(x, top - lowest - cell * 0.1);
            let up = v(dir * len, cell * 0.5);
            let r = move_and_slide(&mut world, (body, below), up, &MoveConfig::default())
                .unwrap();
            prop_assert!((r.position - below - up).length() < 1e-3, "{:?}", r);
        }
    }
}
