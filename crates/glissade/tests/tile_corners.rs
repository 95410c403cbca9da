//! Bodies moving exactly through a vertex of the tiles where the face toward them is hidden.
//! At a concave corner the two walls end at the vertex, and the cell beyond it, between them,
//! has only hidden faces there: a move aimed through the vertex meets the union of tiles at
//! that one point, so the contact there must block it (no tunnelling into the hidden cell).
//! Between two tiles of a wall, a move through the vertex enters the tile whose face there is
//! the hidden one between the two: it must meet the wall, and slide along it (no snag).

use glissade::glam::{IVec2, Vec2};
use glissade::{
    ColliderDesc, ConvexPolygon, MoveConfig, QueryFilter, Shape, TileMap, World, move_and_slide,
};
use proptest::prelude::*;

mod common;

/// Deepest overlap a move may end in: well below the default skin.
const MAX_DEPTH: f32 = 1e-4;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// Moves `body` from `at` by each of `motions` in turn, and returns where it ends and the
/// deepest overlap the world sees there after each move.
fn moves(world: &mut World, body: &Shape, mut at: Vec2, motions: &[Vec2]) -> Vec<(Vec2, f32)> {
    motions
        .iter()
        .map(|&m| {
            let r = move_and_slide(world, (body.clone(), at), m, &MoveConfig::default())
                .expect("a valid move");
            at = r.position;
            let depth = world
                .overlap_shape(body, at, &QueryFilter::default())
                .iter()
                .map(|o| o.depth)
                .fold(0.0, f32::max);
            (at, depth)
        })
        .collect()
}

fn tiles(rows: &[&str], origin: Vec2) -> World {
    let mut world = World::new();
    world
        .add(ColliderDesc::tiles(
            TileMap::from_rows(rows, 1.0).expect("a valid map"),
            origin,
        ))
        .expect("a finite origin");
    world
}

#[test]
fn a_triangle_aimed_up_right_through_an_l_corner_stops_in_the_corner() {
    //   y              (y at the bottom of each row, here and below)
    //  5.5 ....
    //  4.5 .##.     the corner's vertex V = (x0 + 2, 4.5): the bottom of the left `#` and
    //  3.5 ..#.     the left side of the lower `#` end there; the upper right `#` touches V
    //              with its corner only, its bottom and left faces hidden by the other two
    //      x0 = 2.926303 (the map's origin), so V = (4.926303, 4.5)
    //
    // A triangle's top-right vertex rests a skin from both walls, under and left of V, and the
    // body moves up-right at 45°: exactly through V, into the upper right cell. Both walls
    // block it there (each stops the vertex a skin short), so it stays where it is.
    let mut rows = vec!["....", "....", ".##.", "..#."];
    rows.extend(["...."; 11]);
    let mut world = tiles(&rows, v(2.926303, -7.5));
    let body: Shape = ConvexPolygon::new(&[
        v(0.398_296_83, 0.859_312_2),
        v(0.0, 0.747_608_9),
        v(-0.236_035_87, 0.262_927_14),
    ])
    .unwrap()
    .into();
    let start = v(4.518_006_3, 3.630_688);
    // The top-right vertex is a skin (0.01) from both walls, less rounding.
    let tip = start + v(0.398_296_83, 0.859_312_2);
    assert!((tip - v(4.926_303 - 0.01, 4.5 - 0.01)).abs().max_element() < 2e-4);
    let d = std::f32::consts::FRAC_1_SQRT_2;
    let ends = moves(&mut world, &body, start, &[v(d, d)]);
    let (end, depth) = ends[0];
    assert!(depth <= MAX_DEPTH, "ends {depth} deep at {end}");
    assert!((end - start).length() < 1e-4, "moved from {start} to {end}");
}

#[test]
fn a_triangle_aimed_down_left_through_a_slope_corner_stops_in_the_corner() {
    //   y
    // -3.08  ............/.     the slope's right side and the top of the lower right `#`
    // -4.08  ............##     meet at V = (-2.750638, -3.0834475); the lower left `#`
    //                         touches V with its corner only, its top hidden by the slope
    //                         and its right side by the other `#`
    //
    // A thin triangle's left vertex rests a skin right of the slope's side and a skin above
    // the lower right top; the body moves down-left at 45°, exactly through V.
    let mut rows = vec![".............."; 12];
    rows.extend(["............/.", "............##"]);
    let mut world = tiles(&rows, v(-15.750_638, -4.083_447_5));
    let body: Shape = ConvexPolygon::new(&[
        v(0.443_766_1, 0.0),
        v(0.181_181_25, 0.0),
        v(0.0, -0.030_055_974),
    ])
    .unwrap()
    .into();
    let start = v(-2.740_638_5, -3.043_391_5);
    let d = std::f32::consts::FRAC_1_SQRT_2;
    let ends = moves(&mut world, &body, start, &[v(-d, -d)]);
    let (end, depth) = ends[0];
    assert!(depth <= MAX_DEPTH, "ends {depth} deep at {end}");
    assert!((end - start).length() < 1e-4, "moved from {start} to {end}");
}

#[test]
fn a_triangle_aimed_at_the_vertex_between_two_wall_tiles_slides_down_the_wall() {
    //   y
    //   1  #..     a wall of two tiles (x from 0 to 1, the map at the origin), y at the bottom
    //   0  #..     of each row; the vertex V = (1, 1) is between them on the wall's side
    //
    // A thin triangle's tip (its lower left corner) starts at (1.15, 1.1) and moves
    // (-0.3, -0.2): at half the motion it is at V exactly, where the lower tile's face toward
    // it is its top, hidden by the tile above. The wall stops it there, a skin from the wall
    // along its normal +x, and it slides down the wall with the rest of the motion: it ends
    // with x = 1 + skin = 1.01 and y = 1.1 - 0.2 = 0.9 (the back-off along the motion is
    // given back by the slide, whose motion keeps the vertical part).
    let mut world = tiles(&["#..", "#.."], Vec2::ZERO);
    let body = polygon(vec![Vec2::ZERO, v(0.17, 0.0), v(0.17, 0.1)]);
    let start = v(1.15, 1.1);
    let (end, depth) = moves(&mut world, &body, start, &[v(-0.3, -0.2)])[0];
    assert!(depth <= MAX_DEPTH, "ends {depth} deep at {end}");
    assert!((end.x - 1.01).abs() < 1e-4, "ends at {end}");
    assert!((end.y - 0.9).abs() < 1e-4, "snagged at {end}");
}

#[test]
fn a_body_a_hair_into_a_concave_corner_is_pushed_out_by_the_hair() {
    //   y
    //  64  ...##....     V = (65.078125, 64): the corner's walls are the left `#` of the upper
    //  63  ....#....     row (its bottom) and the lower `#` (its left side); the upper right
    //                   `#` touches V with its corner only
    //
    // A parallelogram's tip is 1.5e-5 up and right of V (two steps of the float grid), a
    // hair inside the upper right tile; its top edge runs left along y = 64 + 1.5e-5, a hair
    // inside the wall above, and its other edge runs down-left, steeply, a hair inside the
    // wall beside (less than the tolerance there). The shortest way out is about
    // (-1.5e-5, -1.5e-5), leaving the tip at V. The upper right tile alone would push it a
    // whole cell, and the wall above alone leaves it in the wall beside: the pushes of the
    // tiles it is a hair into, combined again with those of the tiles the combination still
    // leaves it in, find the hair.
    let mut rows = vec!["........."; 4];
    rows.extend(["...##....", "....#...."]);
    rows.extend(["........."; 3]);
    let world = tiles(&rows, v(61.0 + 5.0 / 64.0, 60.0));
    let body = polygon(vec![
        Vec2::ZERO,
        v(-0.180_505_05, 0.0),
        v(-0.297_034_65, -0.415_360_75),
        v(-0.116_529_6, -0.415_360_75),
    ]);
    let at = v(65.078_14, 64.000_015);
    let seen = world.overlap_shape(&body, at, &QueryFilter::default());
    assert!(!seen.is_empty(), "a hair is more than the tolerance here");
    let deepest = seen.iter().map(|o| o.depth).fold(0.0, f32::max);
    assert!(deepest < 5e-5, "pushed {deepest} out: {seen:?}");
    // Every push points away from the corner's walls: down and left.
    assert!(
        seen.iter().all(|o| o.normal.x <= 0.0 && o.normal.y <= 0.0),
        "{seen:?}"
    );
}

#[test]
fn a_ray_aimed_at_the_vertex_of_a_concave_corner_stops_there() {
    //   y
    //   4  ...##....     V = (4, 4) (the map at the origin): the rays come from the lower left
    //   3  ....#....     (the corner's open side) and aim exactly at V, between the bottom of
    //                   the left `#` above and the left side of the lower `#`; the upper right
    //                   `#` touches V with its corner only, its faces there hidden
    //
    // Each stops at V, with the normal of one of the walls there.
    let mut rows = vec!["........."; 3];
    rows.extend(["...##....", "....#...."]);
    rows.extend(["........."; 4]);
    let world = tiles(&rows, Vec2::ZERO);
    let corner = v(4.0, 4.0);
    for (from, through) in [(v(3.0, 3.5), 2.0), (v(2.0, 3.0), 3.0), (v(3.5, 2.0), 1.5)] {
        let translation = (corner - from) * through;
        let hit = world
            .raycast(from, translation, &QueryFilter::default())
            .unwrap_or_else(|| panic!("the ray from {from} passes through {corner}"));
        assert!((hit.point - corner).length() < 1e-5, "{hit:?}");
        assert!((hit.fraction - 1.0 / through).abs() < 1e-5, "{hit:?}");
        assert!(
            hit.normal == Vec2::NEG_X || hit.normal == Vec2::NEG_Y,
            "{hit:?}"
        );
    }
}

/// A convex polygon through `points` (in either turning order).
fn polygon(mut points: Vec<Vec2>) -> Shape {
    let twice_area: f32 = points
        .iter()
        .zip(points.iter().cycle().skip(1))
        .map(|(a, b)| a.perp_dot(*b))
        .sum();
    if twice_area < 0.0 {
        points.reverse();
    }
    ConvexPolygon::new(&points)
        .expect("a convex polygon")
        .into()
}

/// `x` moved `n` steps of the float grid (up for positive `n`).
fn ulps(x: f32, n: i32) -> f32 {
    let mut x = x;
    for _ in 0..n.unsigned_abs() {
        x = if n > 0 { x.next_up() } else { x.next_down() };
    }
    x
}

/// The quadrant a move aims into, as signs of x and y.
fn quadrant() -> impl Strategy<Value = IVec2> {
    prop_oneof![
        Just(IVec2::new(1, 1)),
        Just(IVec2::new(-1, 1)),
        Just(IVec2::new(-1, -1)),
        Just(IVec2::new(1, -1)),
    ]
}

/// A tile for a wall of the corner: any that covers the face it shares with the hidden cell
/// (`side` is +1 when that face is on the wall's right or top, -1 when on its left or
/// bottom; `horizontal` when the face is a side face).
fn wall(pick: u8, horizontal: bool, side: i32) -> char {
    // Solid covers every face; each slope covers its bottom and one side.
    let slope_on_side = if side > 0 { '/' } else { '\\' };
    match (pick % 2, horizontal, side) {
        (0, _, _) => '#',
        // A face on the wall's right or left: the slope whose low side is there.
        (_, true, _) => slope_on_side,
        // A face at the wall's bottom: both slopes cover it.
        (_, false, -1) => slope_on_side,
        // A face at the wall's top: only a solid tile covers it.
        _ => '#',
    }
}

/// The rows (top first) of a 9 × 9 map whose grid vertex (4, 4) is a concave corner opening
/// toward `-s`: the cell in quadrant `s` of the vertex is solid, its two neighbours across the
/// vertex's axes are walls, and the rest is empty.
fn corner_rows(s: IVec2, walls: (u8, u8)) -> Vec<String> {
    let vertex = IVec2::new(4, 4);
    // The cell in quadrant s of a vertex: its lower-left corner is the vertex, less one
    // along each negative sign.
    let cell_of = |q: IVec2| vertex + IVec2::new(q.x.min(0), q.y.min(0));
    let hidden = cell_of(s);
    // The wall beside the hidden cell along x shares a side face with it; the one along y,
    // a top or bottom face.
    let beside_x = cell_of(IVec2::new(-s.x, s.y));
    let beside_y = cell_of(IVec2::new(s.x, -s.y));
    let mut grid = vec![vec!['.'; 9]; 9];
    let mut put = |c: IVec2, t: char| grid[c.y as usize][c.x as usize] = t;
    put(hidden, '#');
    put(beside_x, wall(walls.0, true, s.x));
    put(beside_y, wall(walls.1, false, s.y));
    grid.iter().rev().map(|r| r.iter().collect()).collect()
}

proptest! {
    #![proptest_config(common::config())]

    /// A triangle or parallelogram whose leading vertex is aimed at the vertex of a concave
    /// corner (of solid tiles or slopes, in any of the four orientations, anywhere on the
    /// plane) never ends inside the tiles, however far it moves. The numbers are multiples of
    /// small powers of two, so the aim is exact (the path goes through the vertex itself), or
    /// a few steps of the float grid off it.
    #[test]
    fn a_move_through_a_concave_corner_never_ends_inside(
        s in quadrant(),
        walls in (any::<u8>(), any::<u8>()),
        origin in (-200i32..200, -200i32..200),
        fine in (0u8..64, 0u8..64),
        slope in (1u8..16, 1u8..16),
        gap in 1u8..32,
        reach in 0u8..48,
        size in (0.05f32..0.6, 0.05f32..0.6),
        lean in (0.0f32..0.95, 0.0f32..0.95),
        triangle in any::<bool>(),
        nudge in (-3i32..=3, -3i32..=3),
    ) {
        let rows = corner_rows(s, walls);
        let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
        let origin = v(
            origin.0 as f32 + f32::from(fine.0) / 64.0,
            origin.1 as f32 + f32::from(fine.1) / 64.0,
        );
        let mut world = tiles(&rows, origin);
        let corner = origin + v(4.0, 4.0);
        let sf = s.as_vec2();
        // The motion per unit of `t`, and the `t` at which the tip reaches the vertex.
        let dir = v(f32::from(slope.0), f32::from(slope.1)) / 8.0 * sf;
        let gap = f32::from(gap) / 16.0;
        // The body's leading vertex (the tip) is at the body's origin; the rest of the body
        // lies behind it, in the corner's open quadrant.
        // Its two edges from the tip lean back into that quadrant, so the tip alone leads (a
        // triangle, or a parallelogram with the fourth corner behind both).
        let a = -sf * v(size.0, size.0 * lean.0);
        let b = -sf * v(size.1 * lean.1, size.1);
        let mut hull = vec![Vec2::ZERO, a];
        if !triangle {
            hull.push(a + b);
        }
        hull.push(b);
        let body = polygon(hull);
        // Exactly on the aim, or a few steps of the float grid off it, either side: rounding
        // then puts the contact on the vertex although the path passes a hair before it.
        let start = corner - dir * gap;
        let start = v(ulps(start.x, nudge.0), ulps(start.y, nudge.1));
        let (end, depth) = moves(&mut world, &body, start, &[dir * (gap + f32::from(reach) / 16.0)])[0];
        prop_assert!(depth <= MAX_DEPTH, "ends {} deep at {} (from {}, toward {})",
            depth, end, start, dir);
        // Then, from where it rests (a skin from the walls when it reached them), aimed at
        // the vertex again: the aim is now as exact as the rounding of the resting place.
        let again = (corner - end) * (1.0 + f32::from(reach) / 16.0);
        let (last, depth) = moves(&mut world, &body, end, &[again])[0];
        prop_assert!(depth <= MAX_DEPTH, "ends {} deep at {} (from {}, by {})",
            depth, last, end, again);
    }
}
