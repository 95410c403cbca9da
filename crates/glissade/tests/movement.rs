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

#[test]
fn an_exact_corner_hit_stops_at_the_corner_less_the_skin() {
    //      ####
    //      ####    a unit box at (3, 3)-(4, 4); a unit box (half 0.5) from (0.5, 0.5) moving
    //   /          (3, 3): its top-right corner meets the wall's bottom-left corner at t = 2/3,
    //  □           exactly diagonal. It stops short by the skin along the normal.
    let mut world = World::new();
    let wall = add(
        &mut world,
        Aabb::new(v(3.0, 3.0), v(4.0, 4.0)).unwrap(),
        Vec2::ZERO,
    );
    let r = move_and_slide(
        &mut world,
        (boxed(0.5, 0.5), v(0.5, 0.5)),
        v(3.0, 3.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert_eq!(r.contacts.len(), 1);
    assert_eq!(r.contacts[0].handle, wall);
    assert!(
        (r.contacts[0].fraction - 2.0 / 3.0).abs() < 1e-5,
        "{:?}",
        r.contacts[0]
    );
    // Corner to corner: whatever axis the tie picks, the body is clear of the wall.
    assert!(
        r.position.x <= 2.5 + 1e-5 || r.position.y <= 2.5 + 1e-5,
        "{}",
        r.position
    );
    assert!(
        overlap(
            &boxed(0.5, 0.5),
            r.position,
            &Aabb::new(v(3.0, 3.0), v(4.0, 4.0)).unwrap().into(),
            Vec2::ZERO
        )
        .is_none()
    );
}

#[test]
fn a_body_in_a_v_crevice_rests_without_jitter() {
    //  \        /
    //   \      /     two 45° planks meeting at (0, 0); a ball of radius 0.5 dropped in
    //    \    /      falls and rests: over 600 steps of gravity its position changes by
    //     \  /       less than 1e-5 once it has settled.
    //      \/
    let mut world = World::new();
    add(
        &mut world,
        Segment::new(v(-10.0, 10.0), v(0.0, 0.0)).unwrap(),
        Vec2::ZERO,
    );
    add(
        &mut world,
        Segment::new(v(0.0, 0.0), v(10.0, 10.0)).unwrap(),
        Vec2::ZERO,
    );
    for body in [circle(0.5), boxed(0.5, 0.5), capsule(0.2, 0.3)] {
        let mut pos = v(0.3, 4.0);
        for _ in 0..200 {
            pos = move_and_slide(
                &mut world,
                (body.clone(), pos),
                v(0.0, -0.2),
                &MoveConfig::default(),
            )
            .unwrap()
            .position;
        }
        let settled = pos;
        for _ in 0..600 {
            let r = move_and_slide(
                &mut world,
                (body.clone(), pos),
                v(0.0, -0.2),
                &MoveConfig::default(),
            )
            .unwrap();
            assert!(
                world
                    .overlap_shape(&body, r.position, &QueryFilter::default())
                    .is_empty()
            );
            pos = r.position;
        }
        assert!(
            (pos - settled).length() < 1e-5,
            "{body:?}: drifted from {settled} to {pos}"
        );
        // It sits in the middle of the V.
        assert!(pos.x.abs() < 1e-3, "{pos}");
    }
}

#[test]
fn a_one_unit_body_fits_a_one_unit_gap() {
    //  ####.####    a gap exactly 1 unit wide between two blocks; a 1-unit box (0.98 with
    //  ####.####    the skins) falls straight in.
    //  #########
    let map = TileMap::from_rows(&["####.####", "####.####", "#########"], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let body = boxed(0.5 - SKIN, 0.5 - SKIN);
    let r = move_and_slide(
        &mut world,
        (body, v(4.5, 5.0)),
        v(0.0, -5.0),
        &MoveConfig::default(),
    )
    .unwrap();
    // Lands on the bottom row (top at y = 1) and stays centred.
    assert!((r.position.x - 4.5).abs() < 1e-6, "{}", r.position);
    assert!(
        r.position.y >= 1.0 + 0.5 - SKIN && r.position.y <= 1.5 + SKIN,
        "{}",
        r.position
    );
}

#[test]
fn paper_thin_and_overlapping_walls_stop_a_fast_body() {
    //  |   a zero-thickness wall at x = 10, a 0.001-thick box at x = 20, and two boxes
    //  |   overlapping each other at x = 30: a ball at 1000 units per step stops at each.
    for wall in [
        vec![Shape::from(
            Segment::new(v(10.0, -5.0), v(10.0, 5.0)).unwrap(),
        )],
        vec![Aabb::new(v(10.0, -5.0), v(10.001, 5.0)).unwrap().into()],
        vec![
            Aabb::new(v(10.0, -5.0), v(11.0, 5.0)).unwrap().into(),
            Aabb::new(v(10.5, -3.0), v(12.0, 3.0)).unwrap().into(),
        ],
    ] {
        let mut world = World::new();
        for s in wall {
            add(&mut world, s, Vec2::ZERO);
        }
        let r = move_and_slide(
            &mut world,
            (circle(0.5), v(0.0, 0.0)),
            v(1000.0, 0.0),
            &MoveConfig::default(),
        )
        .unwrap();
        assert!(
            (r.position.x - (10.0 - 0.5 - SKIN)).abs() < 1e-4,
            "{}",
            r.position
        );
        assert_eq!(r.velocity, Vec2::ZERO);
    }
}

#[test]
fn starting_inside_pushes_out_once_the_shortest_way() {
    //  ..□..     a unit box sunk 0.25 into a floor of two tiles (it straddles the seam):
    //  ##|##     pushed up once by 0.25 + skin, not twice.
    let map = TileMap::from_rows(&["....", "####"], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let body = boxed(0.5, 0.5);
    let r = move_and_slide(
        &mut world,
        (body.clone(), v(2.0, 1.25)),
        Vec2::ZERO,
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position - v(2.0, 1.5 + SKIN)).length() < 1e-5,
        "{}",
        r.position
    );
    // Moving further in is blocked, moving out is free.
    let r = move_and_slide(
        &mut world,
        (body.clone(), v(2.0, 1.25)),
        v(0.3, -1.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position - v(2.3, 1.5 + SKIN)).length() < 1e-5,
        "{}",
        r.position
    );
    // (Pushed out first, then the whole motion: 1.5 + skin + 1.)
    let r = move_and_slide(
        &mut world,
        (body.clone(), v(2.0, 1.25)),
        v(0.0, 1.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position - v(2.0, 2.5 + SKIN)).length() < 1e-5,
        "{}",
        r.position
    );

    //  #.        in a corner: 0.25 into the floor and 0.125 into the wall on the left:
    //  #□.       pushed by both at once, (0.125 + skin, 0.25 + skin).
    //  ###
    let map = TileMap::from_rows(&["#..", "#..", "###"], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let r = move_and_slide(
        &mut world,
        (body, v(1.375, 1.25)),
        Vec2::ZERO,
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position - v(1.5 + SKIN, 1.5 + SKIN)).length() < 1e-5,
        "{}",
        r.position
    );
}

#[test]
fn a_body_buried_in_a_block_of_tiles_leaves_through_an_exposed_face() {
    //  .....
    //  ##□##     a unit box whose centre is 0.1 below the top of a long block: the faces
    //  #####     between tiles are hidden, so the only way out is up (0.6 + skin).
    let map = TileMap::from_rows(&[".....", "#####", "#####"], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let r = move_and_slide(
        &mut world,
        (boxed(0.5, 0.5), v(2.5, 1.9)),
        Vec2::ZERO,
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position - v(2.5, 2.5 + SKIN)).length() < 1e-5,
        "{}",
        r.position
    );
}

#[test]
fn responses_bounce_stop_touch_and_cross() {
    //  o -->  |  ¦      a ball moving right meets a trigger (¦, at x = 5) and a wall (|, at
    //                   x = 10). Wall response decides what happens.
    let mut world = World::new();
    let trigger = add(
        &mut world,
        Aabb::new(v(5.0, -1.0), v(6.0, 1.0)).unwrap(),
        Vec2::ZERO,
    );
    let wall = add(
        &mut world,
        Aabb::new(v(10.0, -5.0), v(11.0, 5.0)).unwrap(),
        Vec2::ZERO,
    );
    let ball = circle(0.5);
    let run = |wall_response: Response| {
        let respond = move |h: Handle, _: &glissade::world::Collider| {
            if h == trigger {
                Response::Cross
            } else {
                wall_response
            }
        };
        let cfg = MoveConfig::default().with_response(&respond);
        let mut w = world.clone();
        move_and_slide(&mut w, (ball.clone(), v(0.0, 0.0)), v(12.0, 0.0), &cfg).unwrap()
    };
    // Bounce with e = 1: reaches x = 9.5 - skin at 9.49/12 of the step, comes back the rest.
    let r = run(Response::Bounce { restitution: 1.0 });
    let at_wall = 9.5 - SKIN;
    assert!(
        (r.position.x - (at_wall - (12.0 - at_wall))).abs() < 1e-4,
        "{}",
        r.position
    );
    assert_eq!(r.velocity, v(-12.0, 0.0));
    assert_eq!(
        r.contacts.iter().map(|c| c.handle).collect::<Vec<_>>(),
        vec![trigger, wall]
    );
    assert_eq!(r.contacts[0].response, Response::Cross);
    assert!((r.contacts[0].fraction - 4.5 / 12.0).abs() < 1e-6);
    // Stop: at the wall, velocity zero. Touch: at the wall, velocity kept.
    let r = run(Response::Stop);
    assert!((r.position.x - at_wall).abs() < 1e-4);
    assert_eq!(r.velocity, Vec2::ZERO);
    let r = run(Response::Touch);
    assert!((r.position.x - at_wall).abs() < 1e-4);
    assert_eq!(r.velocity, v(12.0, 0.0));
    // Cross everything: the ball ends where it was asked to, having reported each once.
    let r = run(Response::Cross);
    assert_eq!(r.position, v(12.0, 0.0));
    assert_eq!(r.contacts.len(), 2);
}

#[test]
fn one_move_never_reports_a_collider_twice() {
    //  |□   |    a ball bouncing between two walls 3 units apart with a motion of 20 hits
    //            each wall several times but reports each once.
    let mut world = World::new();
    add(
        &mut world,
        Aabb::new(v(-1.0, -5.0), v(0.0, 5.0)).unwrap(),
        Vec2::ZERO,
    );
    add(
        &mut world,
        Aabb::new(v(3.0, -5.0), v(4.0, 5.0)).unwrap(),
        Vec2::ZERO,
    );
    let bounce = |_: Handle, _: &glissade::world::Collider| Response::Bounce { restitution: 1.0 };
    let cfg = MoveConfig::default()
        .with_response(&bounce)
        .with_max_iterations(8);
    let r = move_and_slide(&mut world, (circle(0.5), v(1.5, 0.0)), v(20.0, 0.0), &cfg).unwrap();
    assert_eq!(r.contacts.len(), 2);
    assert!(r.position.x > 0.5 && r.position.x < 2.5);
    assert!(
        r.remaining.length() > 0.0,
        "8 bounces cannot use 20 units in a 2-unit corridor"
    );
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let mut world = World::new();
    let body = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(0.0, 0.0)).kinematic())
        .unwrap();
    let before = world.get(body).unwrap().position();
    for motion in [v(f32::NAN, 0.0), v(0.0, f32::INFINITY)] {
        let e = move_and_slide(&mut world, body, motion, &MoveConfig::default()).unwrap_err();
        assert!(
            matches!(
                e,
                MoveError::NotFinite {
                    field: "motion",
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("motion"));
    }
    let e = move_and_slide(
        &mut world,
        (boxed(0.5, 0.5), v(f32::NAN, 1.0)),
        Vec2::X,
        &MoveConfig::default(),
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            MoveError::NotFinite {
                field: "position",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(world.get(body).unwrap().position(), before);
    let e = move_and_slide(
        &mut world,
        body,
        Vec2::X,
        &MoveConfig::default().with_skin(-1.0),
    )
    .unwrap_err();
    assert!(e.to_string().contains("skin"), "{e}");
    let e = move_and_slide(
        &mut world,
        body,
        Vec2::X,
        &MoveConfig::default().with_max_iterations(0),
    )
    .unwrap_err();
    assert!(e.to_string().contains("max_iterations"), "{e}");
    world.remove(body).unwrap();
    assert_eq!(
        move_and_slide(&mut world, body, Vec2::X, &MoveConfig::default()),
        Err(MoveError::UnknownHandle(body))
    );
    assert!(world.set_position(body, Vec2::ZERO).is_err());
    // Several movers: one unknown handle or one bad motion refuses the whole step.
    let other = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(5.0, 0.0)).kinematic())
        .unwrap();
    let step = [
        BodyMove {
            handle: other,
            motion: Vec2::X,
        },
        BodyMove {
            handle: body,
            motion: Vec2::X,
        },
    ];
    assert_eq!(
        move_bodies(&mut world, &step, &MoveConfig::default()),
        Err(MoveError::UnknownHandle(body))
    );
    let step = [BodyMove {
        handle: other,
        motion: v(f32::NAN, 0.0),
    }];
    assert!(matches!(
        move_bodies(&mut world, &step, &MoveConfig::default()),
        Err(MoveError::NotFinite { .. })
    ));
    assert_eq!(world.get(other).unwrap().position(), v(5.0, 0.0));
    assert!(world.remove(body).is_err());
    assert!(matches!(
        world.add(ColliderDesc::new(boxed(1.0, 1.0), v(f32::NAN, 0.0))),
        Err(glissade::world::WorldError::NotFinite { .. })
    ));
}

#[test]
fn two_boxes_crossing_paths_meet_mid_step_in_any_order() {
    //   a  .  .  b'      a at (0, 0) moves (10, 10); b at (10, 0) moves (-10, 10). Moved one
    //    \     /        after the other they would miss; by relative motion they meet at
    //      \ /          t = 0.45 (the x gap of 9 closes at 20 per step), then slide up
    //      / \          along each other: a ends at x = 4.5 - skin, b at 5.5 + skin, both
    //   a'       b       at y = 10.
    let mut world = World::new();
    let a = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(0.0, 0.0)).kinematic())
        .unwrap();
    let b = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(10.0, 0.0)).kinematic())
        .unwrap();
    let moves = [
        BodyMove {
            handle: a,
            motion: v(10.0, 10.0),
        },
        BodyMove {
            handle: b,
            motion: v(-10.0, 10.0),
        },
    ];
    let mut w1 = world.clone();
    let r1 = move_bodies(&mut w1, &moves, &MoveConfig::default()).unwrap();
    assert!((r1[0].contacts[0].fraction - 0.45).abs() < 1e-6);
    assert_eq!(r1[0].contacts[0].handle, b);
    assert!(
        (r1[0].position - v(4.5 - SKIN, 10.0)).length() < 1e-4,
        "{}",
        r1[0].position
    );
    assert!(
        (r1[1].position - v(5.5 + SKIN, 10.0)).length() < 1e-4,
        "{}",
        r1[1].position
    );
    let mut w2 = world.clone();
    let r2 = move_bodies(&mut w2, &[moves[1], moves[0]], &MoveConfig::default()).unwrap();
    assert_eq!(r1[0], r2[1]);
    assert_eq!(r1[1], r2[0]);
}

#[test]
fn bodies_side_by_side_at_the_same_velocity_never_meet() {
    //  □□□□□   five touching boxes (1 apart centre to centre, half 0.5) all moving (3, 1)
    let mut world = World::new();
    let hs: Vec<Handle> = (0..5)
        .map(|i| {
            world
                .add(ColliderDesc::new(boxed(0.5, 0.5), v(i as f32, 0.0)).kinematic())
                .unwrap()
        })
        .collect();
    let moves: Vec<BodyMove> = hs
        .iter()
        .map(|&handle| BodyMove {
            handle,
            motion: v(3.0, 1.0),
        })
        .collect();
    let r = move_bodies(&mut world, &moves, &MoveConfig::default()).unwrap();
    for (i, r) in r.iter().enumerate() {
        assert_eq!(r.position, v(i as f32 + 3.0, 1.0));
        assert!(r.contacts.is_empty());
    }
}

#[test]
fn many_movers_give_the_same_result_in_shuffled_orders() {
    // 40 boxes and balls on a tile floor with walls, moving toward each other and the walls.
    let map = TileMap::from_rows(
        &[
            "#..................#",
            "#..................#",
            "####################",
        ],
        1.0,
    )
    .unwrap();
    let mut world = World::with_cell_size(2.0).unwrap();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let mut moves = Vec::new();
    let mut rnd = unit_numbers(12345);
    for i in 0..40 {
        let shape = if i % 2 == 0 {
            boxed(0.2, 0.2)
        } else {
            circle(0.2)
        };
        let at = v(1.5 + (i % 16) as f32 * 1.05, 1.3 + (i / 16) as f32 * 0.5);
        let h = world.add(ColliderDesc::new(shape, at).kinematic()).unwrap();
        moves.push(BodyMove {
            handle: h,
            motion: v(rnd() * 4.0 - 2.0, rnd() * 2.0 - 1.5),
        });
    }
    let mut w0 = world.clone();
    let base = move_bodies(&mut w0, &moves, &MoveConfig::default()).unwrap();
    for k in 1..6 {
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.rotate_left(k * 7);
        order.swap(0, k);
        let shuffled: Vec<BodyMove> = order.iter().map(|&i| moves[i]).collect();
        let mut w = world.clone();
        let r = move_bodies(&mut w, &shuffled, &MoveConfig::default()).unwrap();
        for (j, &i) in order.iter().enumerate() {
            assert_eq!(r[j], base[i], "body {i} differs in order {k}");
        }
    }
}

#[test]
fn movers_that_start_overlapping_give_the_same_result_in_shuffled_orders() {
    // 150 boxes and balls crowded into a 6 × 4 pen, most overlapping several of the others
    // (so each is pushed out of several at once, where the order of the pushes matters to the
    // bit), moving every which way for 5 steps. The order of `moves` decides nothing, even for
    // bodies in the same broadphase cell.
    //
    //   #......#
    //   #□o□o□o#   150 bodies of radius 0.3, their centres within
    //   #o□o□o□#   x in [1.5, 5.5] and y in [1.5, 4.5]
    //   #□o□o□o#
    //   ########
    let map = TileMap::from_rows(
        &["#......#", "#......#", "#......#", "#......#", "########"],
        1.0,
    )
    .unwrap();
    let mut world = World::with_cell_size(2.0).unwrap();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let mut rnd = unit_numbers(777);
    let mut moves = Vec::new();
    for i in 0..150 {
        let shape = if i % 2 == 0 {
            boxed(0.3, 0.3)
        } else {
            circle(0.3)
        };
        let at = v(1.5 + rnd() * 4.0, 1.5 + rnd() * 3.0);
        let h = world.add(ColliderDesc::new(shape, at).kinematic()).unwrap();
        moves.push(BodyMove {
            handle: h,
            motion: v(rnd() - 0.5, rnd() - 0.5) * 0.6,
        });
    }
    let steps = |moves: &[BodyMove]| {
        let mut w = world.clone();
        let mut all = Vec::new();
        for _ in 0..5 {
            all.push(move_bodies(&mut w, moves, &MoveConfig::default()).unwrap());
        }
        all
    };
    // Most bodies start inside two others or more (the tile map aside).
    let crowded = moves
        .iter()
        .filter(|m| {
            let c = world.get(m.handle).unwrap();
            let inside =
                world.overlap_shape(c.shape().unwrap(), c.position(), &QueryFilter::default());
            inside.iter().filter(|o| o.handle != m.handle).count() >= 2
        })
        .count();
    assert!(crowded > 120, "{crowded} crowded bodies");
    let base = steps(&moves);
    for k in 0..4 {
        let mut order: Vec<usize> = (0..moves.len()).collect();
        if k == 0 {
            order.reverse();
        } else {
            order.rotate_left(k * 13);
            order.swap(1, 2 * k);
        }
        let shuffled: Vec<BodyMove> = order.iter().map(|&i| moves[i]).collect();
        let r = steps(&shuffled);
        for (s, (got, want)) in r.iter().zip(&base).enumerate() {
            for (j, &i) in order.iter().enumerate() {
                assert_eq!(got[j], want[i], "body {i} differs at step {s} in order {k}");
            }
        }
    }
}

#[test]
fn the_bisection_moves_about_as_far_but_not_exactly() {
    //  □ -->   |     a unit box at x = 0 moving 10 toward a wall at x = 5.
    let mut world = World::new();
    add(
        &mut world,
        Aabb::new(v(5.0, -5.0), v(6.0, 5.0)).unwrap(),
        Vec2::ZERO,
    );
    let body = boxed(0.5, 0.5);
    let exact = move_and_slide(
        &mut world,
        (body.clone(), Vec2::ZERO),
        v(10.0, 0.0),
        &MoveConfig::default(),
    )
    .unwrap();
    let cfg = MoveConfig::default().with_strategy(MoveStrategy::BISECTION_BASELINE);
    let bis = move_and_slide(&mut world, (body, Vec2::ZERO), v(10.0, 0.0), &cfg).unwrap();
    assert!((exact.position.x - (4.5 - SKIN)).abs() < 1e-5);
    // Bisection stops within its 0.05 minimum step of the wall, never inside it.
    assert!(
        bis.position.x <= 4.5 && bis.position.x > 4.5 - 0.05 - 1e-5,
        "{}",
        bis.position
    );
    assert_eq!(bis.contacts.len(), 1);
    assert_eq!(bis.contacts[0].normal, Vec2::NEG_X);
}

#[test]
fn one_way_platforms_block_only_from_above() {
    //  ..........
    //  ===.......    a one-way platform at y in [1, 2] (its top at y = 2)
    //  ..........
    let map = TileMap::from_rows(&["....", "===.", "...."], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let body = boxed(0.25, 0.25);
    // From below: jumps through.
    let r = move_and_slide(
        &mut world,
        (body.clone(), v(1.0, 0.5)),
        v(0.0, 2.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert_eq!(r.position, v(1.0, 2.5));
    // From above: lands on the top.
    let r = move_and_slide(
        &mut world,
        (body.clone(), v(1.0, 3.0)),
        v(0.5, -2.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position - v(1.5, 2.25 + SKIN)).length() < 1e-5,
        "{}",
        r.position
    );
    // Walking along it across the tile seams keeps speed.
    let mut pos = v(0.3, 2.25 + SKIN);
    for _ in 0..5 {
        let r = move_and_slide(
            &mut world,
            (body.clone(), pos),
            v(0.4, -0.05),
            &MoveConfig::default(),
        )
        .unwrap();
        assert!((r.position.x - pos.x - 0.4).abs() < 1e-5);
        pos = r.position;
    }
}

// Regressions, each named after the bug.

#[test]
fn an_idle_mover_walked_into_does_not_fail_the_step() {
    //  □ -->  □      a walker moving 4 toward a mover that stands still (motion zero)
    let mut world = World::new();
    let idle = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(3.0, 0.0)).kinematic())
        .unwrap();
    let walker = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(0.0, 0.0)).kinematic())
        .unwrap();
    let r = move_bodies(
        &mut world,
        &[
            BodyMove {
                handle: idle,
                motion: Vec2::ZERO,
            },
            BodyMove {
                handle: walker,
                motion: v(4.0, 0.0),
            },
        ],
        &MoveConfig::default(),
    )
    .unwrap();
    assert_eq!(r[0].position, v(3.0, 0.0));
    assert!(
        (r[1].position - v(2.0 - SKIN, 0.0)).length() < 1e-5,
        "{}",
        r[1].position
    );
}

#[test]
fn a_walker_deflected_up_a_ramp_into_a_resting_mover_stops_at_it() {
    //        □      a mover resting on top of a 45° ramp (motion zero); a walker slides up
    //      /        the ramp into it: the resting one is an obstacle, never entered.
    //    /□-->
    let mut world = World::new();
    add(
        &mut world,
        ConvexPolygon::new(&[v(0.0, 0.0), v(10.0, 0.0), v(10.0, 10.0)]).unwrap(),
        Vec2::ZERO,
    );
    let h = 0.5f32;
    let off = h * 2.0f32.sqrt() + SKIN;
    let resting = world
        .add(
            ColliderDesc::new(boxed(h, h), v(6.0, 6.0) + v(-1.0, 1.0).normalize() * off)
                .kinematic(),
        )
        .unwrap();
    let walker = world
        .add(
            ColliderDesc::new(boxed(h, h), v(3.0, 3.0) + v(-1.0, 1.0).normalize() * off)
                .kinematic(),
        )
        .unwrap();
    move_bodies(
        &mut world,
        &[
            BodyMove {
                handle: resting,
                motion: Vec2::ZERO,
            },
            BodyMove {
                handle: walker,
                motion: v(6.0, 0.0),
            },
        ],
        &MoveConfig::default(),
    )
    .unwrap();
    let (a, b) = (world.get(resting).unwrap(), world.get(walker).unwrap());
    assert!(
        overlap(
            a.shape().unwrap(),
            a.position(),
            b.shape().unwrap(),
            b.position()
        )
        .is_none()
    );
}

#[test]
fn movers_that_start_overlapping_each_push_half_way_out() {
    //  ▣     two moving boxes overlapping by 0.4 along x: each moves 0.2 + skin / 2 apart
    let mut world = World::new();
    let a = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(0.0, 0.0)).kinematic())
        .unwrap();
    let b = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(0.6, 0.0)).kinematic())
        .unwrap();
    let up = v(0.0, 0.1);
    let r = move_bodies(
        &mut world,
        &[
            BodyMove {
                handle: a,
                motion: up,
            },
            BodyMove {
                handle: b,
                motion: up,
            },
        ],
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r[0].position - v(-0.2 - SKIN / 2.0, 0.1)).length() < 1e-5,
        "{}",
        r[0].position
    );
    assert!(
        (r[1].position - v(0.8 + SKIN / 2.0, 0.1)).length() < 1e-5,
        "{}",
        r[1].position
    );
}

#[test]
fn a_mover_listed_twice_in_one_step_is_refused() {
    let mut world = World::new();
    let a = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), Vec2::ZERO).kinematic())
        .unwrap();
    let twice = [
        BodyMove {
            handle: a,
            motion: Vec2::X,
        },
        BodyMove {
            handle: a,
            motion: v(5.0, 0.0),
        },
    ];
    assert_eq!(
        move_bodies(&mut world, &twice, &MoveConfig::default()),
        Err(MoveError::DuplicateMover(a))
    );
    assert_eq!(world.get(a).unwrap().position(), Vec2::ZERO);
}

#[test]
fn a_round_body_inside_a_row_of_one_way_platforms_moves_sideways() {
    //  ===     three one-way tiles (tops at y = 1); a capsule whose lower cap is below the
    //   ()     tops (jumping through) moves sideways: nothing blocks it.
    let map = TileMap::from_rows(&["==="], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let capsule = capsule(0.5, 0.3);
    for motion in [v(1.0, 0.3), v(1.0, 0.0), v(1.0, 1.0)] {
        let r = move_and_slide(
            &mut world,
            (capsule.clone(), v(0.5, 1.6)),
            motion,
            &MoveConfig::default(),
        )
        .unwrap();
        assert_eq!(r.position, v(0.5, 1.6) + motion, "{motion}");
    }
    // From the side, below the top: passes through a lone platform's end.
    let map = TileMap::from_rows(&["=.."], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let r = move_and_slide(
        &mut world,
        (capsule, v(-0.5, 1.6)),
        v(1.0, 0.3),
        &MoveConfig::default(),
    )
    .unwrap();
    assert!((r.position - v(0.5, 1.9)).length() < 1e-6, "{}", r.position);
}

#[test]
fn a_collider_far_beyond_the_grid_does_not_blind_the_world() {
    //  o -->  |        ...        o (at x = 1e10)
    let mut world = World::new();
    add(
        &mut world,
        Aabb::new(v(30.0, -5.0), v(31.0, 5.0)).unwrap(),
        Vec2::ZERO,
    );
    add(&mut world, circle(1.0), v(1e10, 0.0));
    add(&mut world, circle(1.0), v(-1e12, 3e11));
    let r = move_and_slide(
        &mut world,
        (circle(0.5), Vec2::ZERO),
        v(40.0, 0.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        (r.position.x - (29.5 - SKIN)).abs() < 1e-4,
        "{}",
        r.position
    );
}

#[test]
fn a_body_buried_in_solid_tiles_escapes_to_the_nearest_free_cell() {
    //  ######...#
    //  ######...#    a ball buried at (3.5, 3.5) in a 6 × 7 block (no tile it overlaps has
    //  ###o##...#    an exposed face): pushed out to the nearest free cell — the gap on the
    //  ######...#    right, 3 away (the map's outside is 4 away) — never through.
    //  ######...#
    let rows = ["######...#"; 7];
    let map = TileMap::from_rows(&rows, 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let ball = circle(0.3);
    assert!(
        !world
            .overlap_shape(&ball, v(3.5, 3.5), &QueryFilter::default())
            .is_empty()
    );
    let r = move_and_slide(
        &mut world,
        (ball.clone(), v(3.5, 3.5)),
        v(10.0, 0.0),
        &MoveConfig::default(),
    )
    .unwrap();
    assert!(
        world
            .overlap_shape(&ball, r.position, &QueryFilter::default())
            .is_empty(),
        "{}",
        r.position
    );
    // Out of the block into the gap, stopped by the far wall at x = 9.
    assert!(
        (r.position - v(9.0 - 0.3 - SKIN, 3.5)).length() < 1e-4,
        "{}",
        r.position
    );
    // A ray starting inside the tiles hits at once.
    let hit = world
        .raycast(v(3.5, 3.5), v(0.0, -10.0), &QueryFilter::default())
        .unwrap();
    assert_eq!(hit.fraction, 0.0);
}

#[test]
fn a_push_out_of_a_slope_wall_notch_ends_clear() {
    //  \#     a 45° slope against a wall: a small body shallowly inside both is pushed out
    //  ##     of both at once, never from one into the other.
    let map = TileMap::from_rows(&["\\#", "##"], 1.0).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let f = QueryFilter::default();
    for body in [circle(0.06), capsule(0.05, 0.06), boxed(0.1, 0.1)] {
        for i in 0..40 {
            for j in 0..40 {
                let p = v(0.75 + i as f32 * 0.00625, 1.0 + j as f32 * 0.00625);
                let start = world.overlap_shape(&body, p, &f);
                if start.is_empty() || start.iter().any(|o| o.depth > 0.1) {
                    continue;
                }
                let r = move_and_slide(
                    &mut world,
                    (body.clone(), p),
                    Vec2::ZERO,
                    &MoveConfig::default(),
                )
                .unwrap();
                let end = world.overlap_shape(&body, r.position, &f);
                assert!(end.is_empty(), "{body:?} from {p}: {end:?}");
            }
        }
    }
}

#[test]
fn query_aabb_counts_a_box_touching_a_tiles_right_or_top_face() {
    //  #.    a box touching the tile's right face, and one sitting on its top
    let map = TileMap::from_rows(&["#."], 1.0).unwrap();
    let mut world = World::new();
    let tiles = world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let f = QueryFilter::default();
    assert_eq!(world.query_aabb(v(1.0, 0.2), v(1.5, 0.8), &f), vec![tiles]);
    assert_eq!(world.query_aabb(v(0.2, 1.0), v(0.8, 1.5), &f), vec![tiles]);
    assert!(world.query_aabb(v(1.01, 0.2), v(1.5, 0.8), &f).is_empty());
}

// More regressions, each named after the bug.

#[test]
fn a_fast_mover_meets_a_slow_one_off_the_middle_of_its_path() {
    //  o□================>      a ball moving 200 to the right (fast: it is not binned) and a
    //                           slow box 3 along its path, 97 from the path's middle, moving
    //                           a little: they meet.
    let mut world = World::new();
    let fast = world
        .add(ColliderDesc::new(circle(0.5), v(0.0, 0.0)).kinematic())
        .unwrap();
    let slow = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(20.0, 0.0)).kinematic())
        .unwrap();
    // Many other slow movers far away, so that the bins are narrower than the fast path.
    let mut moves = vec![
        BodyMove {
            handle: fast,
            motion: v(200.0, 0.0),
        },
        BodyMove {
            handle: slow,
            motion: v(0.1, 0.0),
        },
    ];
    for i in 0..100 {
        let h = world
            .add(
                ColliderDesc::new(
                    boxed(0.2, 0.2),
                    v(
                        -100.0 + (i % 10) as f32 * 20.0,
                        100.0 + (i / 10) as f32 * 20.0,
                    ),
                )
                .kinematic(),
            )
            .unwrap();
        moves.push(BodyMove {
            handle: h,
            motion: v(0.1, 0.1),
        });
    }
    let r = move_bodies(&mut world, &moves, &MoveConfig::default()).unwrap();
    assert!(
        r[0].position.x < 20.0,
        "the ball passed through the box: {}",
        r[0].position
    );
    assert_eq!(r[0].contacts.first().map(|c| c.handle), Some(slow));
}

#[test]
fn point_and_flat_box_queries_find_what_they_touch() {
    //  #.    a tile map with one solid tile, and a box collider at (5, 0)-(6, 1)
    let map = TileMap::from_rows(&["#."], 1.0).unwrap();
    let mut world = World::new();
    let tiles = world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let block = add(
        &mut world,
        Aabb::new(v(5.0, 0.0), v(6.0, 1.0)).unwrap(),
        Vec2::ZERO,
    );
    let f = QueryFilter::default();
    // A point box inside, a flat box across, each.
    assert_eq!(world.query_aabb(v(0.5, 0.5), v(0.5, 0.5), &f), vec![tiles]);
    assert_eq!(world.query_aabb(v(5.5, 0.5), v(5.5, 0.5), &f), vec![block]);
    assert_eq!(
        world.query_aabb(v(0.2, 0.5), v(5.2, 0.5), &f),
        vec![tiles, block]
    );
    // Points on the tile's right and top faces and on the block's left face count.
    assert_eq!(world.query_point(v(1.0, 0.5), &f), vec![tiles]);
    assert_eq!(world.query_point(v(0.5, 1.0), &f), vec![tiles]);
    assert_eq!(world.query_point(v(5.0, 0.5), &f), vec![block]);
    assert!(world.query_point(v(3.0, 0.5), &f).is_empty());
}

#[test]
fn bisection_never_goes_past_the_motion_when_a_shift_frees_the_end() {
    //  □ -->  ▪     a unit box moving 2 right; a small block at its end overlaps it only by
    //               less than the 0.1 sideways shift: the shifted end is free.
    let mut world = World::new();
    add(
        &mut world,
        Aabb::new(v(2.45, 0.45), v(2.6, 0.6)).unwrap(),
        Vec2::ZERO,
    );
    let cfg = MoveConfig::default().with_strategy(MoveStrategy::BISECTION_BASELINE);
    let r = move_and_slide(&mut world, (boxed(0.5, 0.5), Vec2::ZERO), v(2.0, 0.0), &cfg).unwrap();
    assert!(r.position.x <= 2.0 + 1e-5, "{}", r.position);
    assert!(
        world
            .overlap_shape(&boxed(0.5, 0.5), r.position, &QueryFilter::default())
            .is_empty(),
        "{}",
        r.position
    );
}

#[test]
fn a_restitution_that_is_not_finite_is_refused_by_name() {
    let mut world = World::new();
    add(
        &mut world,
        Aabb::new(v(5.0, -5.0), v(6.0, 5.0)).unwrap(),
        Vec2::ZERO,
    );
    let nan = |_: Handle, _: &glissade::world::Collider| Response::Bounce {
        restitution: f32::NAN,
    };
    let cfg = MoveConfig::default().with_response(&nan);
    let e = move_and_slide(&mut world, (circle(0.5), Vec2::ZERO), v(10.0, 0.0), &cfg).unwrap_err();
    assert!(
        matches!(
            e,
            MoveError::BadConfig {
                field: "response restitution",
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn a_huge_body_buried_in_tiny_tiles_does_not_overflow() {
    //  a body far larger than the map, over tiles of 1e-6: no panic, a finite answer.
    let map = TileMap::from_rows(&["###", "###"], 1e-6).unwrap();
    let mut world = World::new();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let r = move_and_slide(
        &mut world,
        (boxed(1e6, 1e6), Vec2::ZERO),
        v(1.0, 1.0),
        &MoveConfig::default(),
    );
    if let Ok(r) = r {
        assert!(r.position.is_finite());
    }
}

// ---------------------------------------------------------------------------------------------
// One-way colliders and velocities
// ---------------------------------------------------------------------------------------------

/// ```text
///        □ (from above)        a one-way box [-2, 2] × [0, 0.5]; a unit box coming down
///      ======                  onto it lands (normal +y); one coming up from below, or
///        □ (from below)        sideways, passes; a body inside it is never pushed out.
/// ```
fn one_way_world() -> (World, Handle) {
    let mut world = World::new();
    let h = world
        .add(
            ColliderDesc::new(
                Aabb::new(Vec2::new(-2.0, 0.0), Vec2::new(2.0, 0.5)).unwrap(),
                Vec2::ZERO,
            )
            .one_way(),
        )
        .unwrap();
    (world, h)
}

fn unit_box() -> Shape {
    Aabb::from_half_extents(Vec2::splat(0.5)).unwrap().into()
}

#[test]
fn one_way_colliders_block_only_from_above() {
    let (mut world, h) = one_way_world();
    let all = QueryFilter::default();
    // From above: bottom at 1.5, falling 2: meets the top (y = 0.5) after 1 of 2.
    let hit = world
        .cast_shape(&unit_box(), Vec2::new(0.0, 2.0), Vec2::new(0.0, -2.0), &all)
        .unwrap();
    assert_eq!(hit.handle, h);
    assert!((hit.fraction - 0.5).abs() < 1e-6);
    assert_eq!(hit.normal, Vec2::Y);
    // From below (top at -0.5, rising 3) and from the side: nothing.
    assert!(
        world
            .cast_shape(&unit_box(), Vec2::new(0.0, -1.0), Vec2::new(0.0, 3.0), &all)
            .is_none()
    );
    assert!(
        world
            .cast_shape(
                &unit_box(),
                Vec2::new(-4.0, 0.25),
                Vec2::new(8.0, 0.0),
                &all
            )
            .is_none()
    );
    // Inside: not pushed out, and free to move on in any direction.
    let r = move_and_slide(
        &mut world,
        (unit_box(), Vec2::new(0.0, 0.25)),
        Vec2::new(0.0, -0.1),
        &MoveConfig::default(),
    )
    .unwrap();
    assert_eq!(r.position, Vec2::new(0.0, 0.15));
    assert!(r.contacts.is_empty());
    assert!(
        world
            .overlap_shape(&unit_box(), Vec2::new(0.0, 0.25), &all)
            .is_empty()
    );
    // Rays: down from above stops on the top; up from below and from inside pass.
    let ray = world
        .raycast(Vec2::new(0.0, 2.0), Vec2::new(0.0, -4.0), &all)
        .unwrap();
    assert!((ray.fraction - 0.375).abs() < 1e-6 && ray.normal == Vec2::Y);
    assert!(
        world
            .raycast(Vec2::new(0.0, -1.0), Vec2::new(0.0, 4.0), &all)
            .is_none()
    );
    assert!(
        world
            .raycast(Vec2::new(0.0, 0.25), Vec2::new(0.0, -4.0), &all)
            .is_none()
    );
}

#[test]
fn a_filter_without_one_way_sees_no_one_way_collider_or_tile() {
    //  ====== tiles   and   ====== collider: a body falling onto either with
    //  `without_one_way` passes both.
    let (mut world, _) = one_way_world();
    world
        .add(ColliderDesc::tiles(
            TileMap::from_rows(&["===="], 1.0).unwrap(),
            Vec2::new(10.0, 0.0),
        ))
        .unwrap();
    let drop = QueryFilter::default().without_one_way();
    for x in [0.0, 12.0] {
        let from = Vec2::new(x, 3.0);
        let motion = Vec2::new(0.0, -5.0);
        assert!(
            world
                .cast_shape(&unit_box(), from, motion, &QueryFilter::default())
                .is_some()
        );
        assert!(world.cast_shape(&unit_box(), from, motion, &drop).is_none());
        assert!(world.raycast(from, motion, &drop).is_none());
        assert!(world.query_point(Vec2::new(x, 0.75), &drop).is_empty());
    }
}

#[test]
fn velocities_are_stored_checked_and_never_integrated() {
    let (mut world, h) = one_way_world();
    assert_eq!(world.get(h).unwrap().velocity(), Vec2::ZERO);
    world.set_velocity(h, Vec2::new(3.0, -1.0)).unwrap();
    assert_eq!(world.get(h).unwrap().velocity(), Vec2::new(3.0, -1.0));
    assert_eq!(world.get(h).unwrap().position(), Vec2::ZERO);
    let e = world.set_velocity(h, Vec2::new(f32::NAN, 0.0)).unwrap_err();
    assert!(e.to_string().contains("velocity"), "{e}");
    let e = world
        .add(ColliderDesc::new(unit_box(), Vec2::ZERO).with_velocity(Vec2::new(0.0, f32::INFINITY)))
        .unwrap_err();
    assert!(e.to_string().contains("velocity"), "{e}");
    world.remove(h).unwrap();
    assert!(world.set_velocity(h, Vec2::ZERO).is_err());
}
