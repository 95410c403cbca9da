//! Rays and segments running exactly along a grid line of a tile map, between two rows (or
//! columns) of tiles. Each tile beside the line is only grazed by such a path, yet where the
//! tiles on both sides cover the line the path runs inside the union of tiles: it must stop
//! where it first comes between them. Before, a ray at the height of the seam between two
//! stacked rows of a wall, or a segment lying along it, went through the wall.

use glissade::glam::Vec2;
use glissade::{
    ColliderDesc, MoveConfig, QueryFilter, Segment, Shape, Tile, TileMap, World, move_and_slide,
    tolerance::linear_tolerance,
};
use proptest::prelude::*;

mod common;

const SKIN: f32 = glissade::motion::DEFAULT_SKIN;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn tiles(rows: &[&str], cell: f32, origin: Vec2) -> World {
    let mut world = World::new();
    world
        .add(ColliderDesc::tiles(
            TileMap::from_rows(rows, cell).expect("a valid map"),
            origin,
        ))
        .expect("a finite origin");
    world
}

#[test]
fn a_ray_along_the_seam_between_two_rows_of_a_wall_stops_at_the_wall() {
    //  y
    //  48 ..##..    cells of 16, the map's corner at `origin`: a wall two cells thick
    //  32 ..##..    from x = 32 to 64 (plus origin.x); the seams between its rows at
    //  16 ..##..    y = 16 and 32 (plus origin.y) run into it at x = 32 and out at 64
    //   0
    //     0   32  64  96
    //
    // Rays along either seam from x = 0 rightward stop at x = 32, against the wall's left
    // side (normal -x); from x = 96 leftward at x = 64 (normal +x). Near the origin and
    // 5,000 units out (where the seam is a rounding off its exact height in the map's frame).
    let rows = ["..##..", "..##..", "..##.."];
    for origin in [Vec2::ZERO, v(5_000.25, -4_999.5)] {
        let world = tiles(&rows, 16.0, origin);
        let tol = linear_tolerance(origin.abs().max_element() + 100.0);
        for seam in [16.0, 32.0] {
            for (from, dir, wall, normal) in [
                (0.0, Vec2::X, 32.0, Vec2::NEG_X),
                (96.0, Vec2::NEG_X, 64.0, Vec2::X),
            ] {
                let start = origin + v(from, seam);
                let hit = world
                    .raycast(start, dir * 100.0, &QueryFilter::default())
                    .unwrap_or_else(|| panic!("the wall, from {start} along {dir}"));
                let at = origin + v(wall, seam);
                assert!((hit.point - at).length() <= tol, "{hit:?}, not at {at}");
                assert_eq!(hit.normal, normal, "{hit:?}");
                assert!((hit.fraction - 0.32).abs() <= tol / 100.0, "{hit:?}");
            }
        }
    }
}

#[test]
fn a_segment_lying_along_a_seam_stops_a_skin_short_of_the_wall() {
    // The wall above; a segment 20 long lying along the seam y = 16 from x = 0, moving 100
    // right: its leading end stops a skin short of the wall's side at x = 32, so the
    // segment moves 32 - 20 - 0.01 = 11.99. The same along the floor's top into a step:
    //
    //  ..#.   the step's left side rises from the floor's top at (32, 16); a segment lying
    //  ####   on the floor's top meets it there, and stops a skin short, likewise
    let body: Shape = Segment::new(v(0.0, 0.0), v(20.0, 0.0)).unwrap().into();
    for rows in [["..##..", "..##.."], ["..#...", "######"]] {
        let mut world = tiles(&rows, 16.0, Vec2::ZERO);
        let start = v(0.0, 16.0);
        let r = move_and_slide(
            &mut world,
            (body.clone(), start),
            v(100.0, 0.0),
            &MoveConfig::default(),
        )
        .unwrap();
        assert!(
            (r.position - v(32.0 - 20.0 - SKIN, 16.0)).length() < 1e-4,
            "{rows:?}: {r:?}"
        );
        assert_eq!(r.contacts.len(), 1, "{r:?}");
        assert_eq!(r.contacts[0].normal, Vec2::NEG_X);
    }
}

#[test]
fn a_ray_down_the_seam_between_a_slope_and_a_wall_stops_in_the_notch() {
    //  .#    the column line x = 1 between a slope rising to the right (its right side on
    //  /#    the line) and a solid column: covered from y = 0 to 1. A ray down the line from
    //        y = 3 runs along the wall's side, then meets the notch between the wall and the
    //        slope's top at (1, 1), two units down (fraction 2/3); its normal is the slope's,
    //        the one allowed there nearest to straight up.
    let world = tiles(&[".#", "/#"], 1.0, Vec2::ZERO);
    let hit = world
        .raycast(v(1.0, 3.0), v(0.0, -3.0), &QueryFilter::default())
        .expect("the notch");
    assert_eq!(hit.point, v(1.0, 1.0));
    assert!((hit.fraction - 2.0 / 3.0).abs() < 1e-6, "{hit:?}");
    let h = std::f32::consts::FRAC_1_SQRT_2;
    assert!((hit.normal - v(-h, h)).length() < 1e-6, "{hit:?}");
}

/// A tile for the property's maps: mostly empty or solid, some slopes and platforms.
fn tile_of(pick: u8) -> char {
    match pick % 10 {
        0..=3 => '.',
        4..=6 => '#',
        7 => '/',
        8 => '\\',
        _ => '=',
    }
}

/// Whether the point `p` (world frame) lies inside a tile of `world`.
fn solid(world: &World, p: Vec2) -> bool {
    !world.query_point(p, &QueryFilter::default()).is_empty()
}

proptest! {
    #![proptest_config(common::config())]

    /// A ray, and a segment lying along the line moving along it, from outside an 8 × 8 map of
    /// random tiles along one of its grid lines (either way, rows or columns; cells 0.5 to 40
    /// wide; the map anywhere within ±2,000 units) stop no later than where the line first
    /// runs between two tiles that cover it (a point a quarter cell off the line, either side
    /// of the middle of that stretch, is inside a tile), and not before the line meets the
    /// map.
    #[test]
    fn a_path_along_a_grid_line_stops_where_tiles_first_cover_both_sides(
        picks in prop::collection::vec(any::<u8>(), 64),
        cell in prop::sample::select(vec![0.5f32, 1.0, 16.0, 40.0, 3.7]),
        origin in (-2000.0f32..2000.0, -2000.0f32..2000.0),
        whole in any::<bool>(),
        line in 1i32..8,
        columns in any::<bool>(),
        backward in any::<bool>(),
        length in 0.1f32..0.9,
    ) {
        let rows: Vec<String> = (0..8)
            .map(|r| (0..8).map(|c| tile_of(picks[r * 8 + c])).collect())
            .collect();
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let origin = if whole { v(origin.0.round(), origin.1.round()) } else { v(origin.0, origin.1) };
        let mut world = tiles(&rows, cell, origin);
        // Along the line: `along` is the axis of motion, `k` the line, `s` the direction.
        let (along, across) = if columns { (1, 0) } else { (0, 1) };
        let s = if backward { -1.0 } else { 1.0 };
        let unit = |a: f32, b: f32| {
            let mut p = Vec2::ZERO;
            p[along] = a;
            p[across] = b;
            p
        };
        let k = line as f32 * cell;
        // The expected entry: the first stretch j (in travel order) covered on both sides.
        let order: Vec<i32> = if backward { (0..8).rev().collect() } else { (0..8).collect() };
        let entry = order.into_iter().find(|&j| {
            let mid = (j as f32 + 0.5) * cell;
            solid(&world, origin + unit(mid, k - 0.25 * cell))
                && solid(&world, origin + unit(mid, k + 0.25 * cell))
        });
        // The distance along the path from its start (a cell outside the map) to the entry.
        let from = if backward { 9.0 * cell } else { -cell };
        let expect = entry.map(|j| {
            let boundary = if backward { (j + 1) as f32 * cell } else { j as f32 * cell };
            (boundary - from) * s
        });
        let reach = 10.0 * cell;
        let tol = linear_tolerance(origin.abs().max_element() + reach) + 1e-6 * cell;
        let start = origin + unit(from, k);
        let dir = unit(s, 0.0);
        let hit = world.raycast(start, dir * reach, &QueryFilter::default());
        let went = hit.map(|h| h.fraction * reach);
        match (expect, went) {
            (Some(e), Some(w)) => prop_assert!(w <= e + tol && w >= cell - tol,
                "ray stopped at {} (expected by {}), {:?}\n{}", w, e, hit, rows.join("\n")),
            (Some(e), None) => prop_assert!(false, "ray passed the entry at {}\n{}", e, rows.join("\n")),
            (None, Some(w)) => prop_assert!(w >= cell - tol, "{:?}", hit),
            (None, None) => {}
        }
        // A segment 0.1 to 0.9 cells long, lying along the line just outside the map: its
        // cast stops where the ray does, and a move along the line stops a skin short of
        // the entry (or leaves the line, sliding along what it met there).
        let seg_len = length * cell;
        let seg: Shape = Segment::new(Vec2::ZERO, unit(seg_len, 0.0)).unwrap().into();
        let seg_start = origin + unit(if backward { from } else { from - seg_len }, k);
        let cast = world.cast_shape(&seg, seg_start, dir * reach, &QueryFilter::default());
        let cast_went = cast.map(|h| h.fraction * reach);
        if let Some(e) = expect {
            prop_assert!(cast_went.is_some_and(|w| w <= e + tol && w >= cell - tol),
                "segment cast stopped at {:?} (expected by {}), {:?}\n{}",
                cast_went, e, cast, rows.join("\n"));
        }
        let r = move_and_slide(&mut world, (seg, seg_start), dir * reach, &MoveConfig::default())
            .unwrap();
        let moved = (r.position - seg_start)[along] * s;
        let on_line = (r.position - seg_start)[across].abs() <= tol;
        if let Some(e) = expect.filter(|_| on_line) {
            prop_assert!(moved <= e - SKIN + tol, "moved {} past the entry at {} ({:?})\n{}",
                moved, e, r, rows.join("\n"));
        }
    }
}

#[test]
fn the_propertys_tiles_cover_as_the_quarter_cell_probe_says() {
    // The property judges a cell's side covered when a point a quarter cell inside, at the
    // middle of that side, is in the tile: true of every tile for its covered sides only.
    let sides = [
        (v(0.5, 0.25), 'b'),
        (v(0.5, 0.75), 't'),
        (v(0.25, 0.5), 'l'),
        (v(0.75, 0.5), 'r'),
    ];
    for (tile, covered) in [
        (Tile::Solid, "btlr"),
        (Tile::SlopeUpRight, "br"),
        (Tile::SlopeUpLeft, "bl"),
        (Tile::OneWay, ""),
        (Tile::Empty, ""),
    ] {
        let mut map = TileMap::new(1, 1, 1.0).unwrap();
        map.set(0, 0, tile).unwrap();
        let mut world = World::new();
        world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
        for (p, side) in sides {
            assert_eq!(solid(&world, p), covered.contains(side), "{tile:?} {side}");
        }
    }
}
