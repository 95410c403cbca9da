//! Sliding along tiles, separate boxes, walls, ceilings, segment chains and ramps of
//! triangles or slope tiles: no seam ever stops a body.

use super::*;

#[test]
fn sliding_along_ten_thousand_floor_tiles_never_snags() {
    // ...........................   a body resting on the floor, pressed down while walking
    // ###########################   10,000 unit tiles (one tile map), top at y = 0
    let mut map = TileMap::new(10_000, 1, 1.0).unwrap();
    for x in 0..10_000 {
        map.set(x, 0, Tile::Solid).unwrap();
    }
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, v(0.0, -1.0))).unwrap();
    for (name, body) in movers() {
        for step in STEPS {
            let start = v(1.0, 0.4 + SKIN);
            let n = (400.0 / step).min(2000.0) as usize;
            walk(
                &world,
                &body,
                start,
                Vec2::X,
                Vec2::NEG_Y,
                n,
                step,
                &format!("tiles {name} {step}"),
            );
        }
    }
}

#[test]
fn sliding_along_separate_boxes_walls_ceilings_and_segment_chains_never_snags() {
    //  ##########    ceiling: 200 separate unit boxes, bottom at y = 2
    //
    //  ##########    floor: 200 separate unit boxes, top at y = 0
    //  ----------    (another world: a chain of 200 unit segments along y = 0)
    let mut floor = World::new();
    let mut ceiling = World::new();
    let mut wall = World::new();
    let mut chain = World::new();
    for i in 0..200 {
        let x = i as f32;
        add(
            &mut floor,
            Aabb::new(v(x, -1.0), v(x + 1.0, 0.0)).unwrap(),
            Vec2::ZERO,
        );
        add(
            &mut ceiling,
            Aabb::new(v(x, 2.0), v(x + 1.0, 3.0)).unwrap(),
            Vec2::ZERO,
        );
        add(
            &mut wall,
            Aabb::new(v(1.0, x), v(2.0, x + 1.0)).unwrap(),
            Vec2::ZERO,
        );
        add(
            &mut chain,
            Segment::new(v(x, 0.0), v(x + 1.0, 0.0)).unwrap(),
            Vec2::ZERO,
        );
    }
    for (name, body) in movers() {
        let h = body.local_bounds().1;
        for step in STEPS {
            let n = (150.0 / step) as usize;
            walk(
                &floor,
                &body,
                v(1.0, h.y + SKIN),
                Vec2::X,
                Vec2::NEG_Y,
                n,
                step,
                &format!("boxes {name} {step}"),
            );
            walk(
                &ceiling,
                &body,
                v(1.0, 2.0 - h.y - SKIN),
                Vec2::X,
                Vec2::Y,
                n,
                step,
                &format!("ceiling {name} {step}"),
            );
            walk(
                &wall,
                &body,
                v(1.0 - h.x - SKIN, 1.0),
                Vec2::Y,
                Vec2::X,
                n,
                step,
                &format!("wall {name} {step}"),
            );
            walk(
                &chain,
                &body,
                v(1.0, h.y + SKIN),
                Vec2::X,
                Vec2::NEG_Y,
                n,
                step,
                &format!("chain {name} {step}"),
            );
        }
    }
}

#[test]
fn sliding_up_a_ramp_of_triangles_and_of_slope_tiles_never_snags() {
    //        /|
    //      /__|     100 triangles (0,0)-(1,0)-(1,1) shifted by (i, i): a 45° ramp whose
    //    /|         hypotenuses join end to end; the same ramp as slope tiles
    //  /__|
    let mut tris = World::new();
    let mut rows = Vec::new();
    for i in 0..100 {
        let x = i as f32;
        let t = ConvexPolygon::new(&[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 1.0)]).unwrap();
        add(&mut tris, t, v(x, x));
    }
    for y in (0..100).rev() {
        let row: String = (0..100)
            .map(|x| match x.cmp(&y) {
                std::cmp::Ordering::Less => '.',
                std::cmp::Ordering::Equal => '/',
                std::cmp::Ordering::Greater => '#',
            })
            .collect();
        rows.push(row);
    }
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut tiles = World::new();
    tiles
        .add(ColliderDesc::tiles(
            TileMap::from_rows(&rows, 1.0).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    let up = v(1.0, 1.0).normalize();
    let n = v(-1.0, 1.0).normalize();
    for (name, body) in movers() {
        // Start resting on the ramp near (5, 5): move the body out along n until it is clear.
        let d = -body.support_distance_hint();
        let start = v(5.0, 5.0) + n * (d + SKIN);
        for step in STEPS {
            let steps = (60.0 / step) as usize;
            walk(
                &tris,
                &body,
                start,
                up,
                -n,
                steps,
                step,
                &format!("triangles {name} {step}"),
            );
            walk(
                &tiles,
                &body,
                start,
                up,
                -n,
                steps,
                step,
                &format!("slope tiles {name} {step}"),
            );
        }
    }
}
