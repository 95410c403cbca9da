//! A step of many bodies that is refused names the same body whatever the order of `moves`:
//! the lowest handle refused before anything moves (listed twice, given a bad motion, unknown
//! or not a shape), and, when several bodies fail while moving, the first in the order the
//! step computes them (by their cells, then by handle), never the first listed.

use glissade::glam::Vec2;
use glissade::motion::MoveError;
use glissade::{
    Aabb, BodyMove, ColliderDesc, Handle, MoveConfig, Response, TileMap, World, move_bodies,
};

fn unit_box() -> Aabb {
    Aabb::from_half_extents(Vec2::splat(0.25)).unwrap()
}

/// Every order of `moves` (a handful of movers: at most 720 orders).
fn orders(moves: &[BodyMove]) -> Vec<Vec<BodyMove>> {
    if moves.len() <= 1 {
        return vec![moves.to_vec()];
    }
    let mut all = Vec::new();
    for i in 0..moves.len() {
        let mut rest = moves.to_vec();
        let first = rest.remove(i);
        for mut tail in orders(&rest) {
            tail.insert(0, first);
            all.push(tail);
        }
    }
    all
}

/// The refusal of a step of `moves` in every order, which must all be `want`; the world is
/// left as it was.
fn refused_alike(world: &World, moves: &[BodyMove], config: &MoveConfig, want: &MoveError) {
    for order in orders(moves) {
        let mut w = world.clone();
        let before: Vec<Option<Vec2>> = order
            .iter()
            .map(|m| w.get(m.handle).map(|c| c.position()))
            .collect();
        let got = move_bodies(&mut w, &order, config);
        assert_eq!(got.as_ref().err(), Some(want), "in the order {order:?}");
        let after: Vec<Option<Vec2>> = order
            .iter()
            .map(|m| w.get(m.handle).map(|c| c.position()))
            .collect();
        assert_eq!(before, after, "a refused step moved something");
    }
}

/// Six kinematic boxes in a row, one unit apart (handles in the order of x).
fn row() -> (World, Vec<Handle>) {
    let mut world = World::new();
    let handles = (0..6)
        .map(|i| {
            world
                .add(ColliderDesc::new(unit_box(), Vec2::new(i as f32, 0.0)).kinematic())
                .unwrap()
        })
        .collect();
    (world, handles)
}

fn mover(handle: Handle, motion: Vec2) -> BodyMove {
    BodyMove { handle, motion }
}

#[test]
fn unknown_movers_are_named_by_the_lowest_handle_in_any_order() {
    let (mut world, h) = row();
    world.remove(h[4]).unwrap();
    world.remove(h[2]).unwrap();
    let moves: Vec<BodyMove> = h.iter().map(|&b| mover(b, Vec2::Y)).collect();
    let config = MoveConfig::default();
    refused_alike(&world, &moves, &config, &MoveError::UnknownHandle(h[2]));
}

#[test]
fn bad_motions_are_named_by_the_lowest_handle_in_any_order() {
    let (world, h) = row();
    let mut moves: Vec<BodyMove> = h.iter().map(|&b| mover(b, Vec2::Y)).collect();
    moves[3].motion = Vec2::new(0.0, f32::INFINITY);
    moves[1].motion = Vec2::new(f32::NEG_INFINITY, 0.0);
    let want = MoveError::NotFinite {
        field: "motion",
        value: Vec2::new(f32::NEG_INFINITY, 0.0),
    };
    refused_alike(&world, &moves, &MoveConfig::default(), &want);
}

#[test]
fn the_lowest_refused_handle_is_named_whatever_its_refusal() {
    let (mut world, h) = row();
    // The map takes the slot after the boxes (added before one is removed, whose slot a new
    // collider would take).
    let map = world
        .add(ColliderDesc::tiles(
            TileMap::from_rows(&["#"], 1.0).unwrap(),
            Vec2::new(0.0, -5.0),
        ))
        .unwrap();
    world.remove(h[0]).unwrap();
    let bad = Vec2::new(f32::NAN, 0.0);
    // Unknown (h0) before a bad motion (h3) and a mover listed twice (h4).
    let moves = [
        mover(h[3], bad),
        mover(h[0], Vec2::Y),
        mover(h[4], Vec2::Y),
        mover(h[4], Vec2::X),
    ];
    refused_alike(
        &world,
        &moves,
        &MoveConfig::default(),
        &MoveError::UnknownHandle(h[0]),
    );
    // A bad motion (h1) before a mover listed twice (h4) and a tile map (added last).
    let moves = [
        mover(h[4], Vec2::Y),
        mover(map, Vec2::Y),
        mover(h[1], Vec2::new(0.0, f32::INFINITY)),
        mover(h[4], Vec2::X),
    ];
    let want = MoveError::NotFinite {
        field: "motion",
        value: Vec2::new(0.0, f32::INFINITY),
    };
    refused_alike(&world, &moves, &MoveConfig::default(), &want);
    // Listed twice (h2) before a tile map.
    let moves = [
        mover(map, Vec2::Y),
        mover(h[2], Vec2::Y),
        mover(h[2], Vec2::X),
    ];
    refused_alike(
        &world,
        &moves,
        &MoveConfig::default(),
        &MoveError::DuplicateMover(h[2]),
    );
}

#[test]
fn a_mover_listed_twice_is_refused_as_such_even_when_one_listing_has_a_bad_motion() {
    let (world, h) = row();
    let moves = [
        mover(h[1], Vec2::new(f32::INFINITY, 0.0)),
        mover(h[1], Vec2::Y),
        mover(h[3], Vec2::new(0.0, f32::INFINITY)),
    ];
    refused_alike(
        &world,
        &moves,
        &MoveConfig::default(),
        &MoveError::DuplicateMover(h[1]),
    );
}

#[test]
fn of_two_bodies_failing_in_one_cell_the_lower_handle_is_named_in_any_order() {
    //   W1 |  a        b  | W2        one broadphase cell (x in [0, 4), y in [0, 4))
    //      0 0.5      3.5 4
    // a moves left into W1, b right into W2; the response to W1 is a bounce with restitution
    // +inf, to W2 one with -inf: each body's move is refused, each with its own value. Both
    // sit in one cell, so only their handles tell which the step computes first: b's (added
    // first, the lower) is named however `moves` lists them.
    let mut world = World::with_cell_size(4.0).unwrap();
    let b = world
        .add(ColliderDesc::new(unit_box(), Vec2::new(3.5, 1.0)).kinematic())
        .unwrap();
    let a = world
        .add(ColliderDesc::new(unit_box(), Vec2::new(0.5, 1.0)).kinematic())
        .unwrap();
    let wall = Aabb::new(Vec2::new(-1.0, 0.0), Vec2::new(0.0, 2.0)).unwrap();
    let w1 = world.add(ColliderDesc::new(wall, Vec2::ZERO)).unwrap();
    let w2 = world
        .add(ColliderDesc::new(wall, Vec2::new(5.0, 0.0)))
        .unwrap();
    let respond = move |h: Handle, _: &glissade::world::Collider| {
        let restitution = if h == w1 {
            f32::INFINITY
        } else if h == w2 {
            f32::NEG_INFINITY
        } else {
            0.0
        };
        Response::Bounce { restitution }
    };
    let config = MoveConfig::default().with_response(&respond);
    let moves = [
        mover(a, Vec2::new(-1.0, 0.0)),
        mover(b, Vec2::new(1.0, 0.0)),
    ];
    // Each alone is refused with its own wall's value.
    let alone = |m: BodyMove| {
        let mut w = world.clone();
        move_bodies(&mut w, &[m], &config).err()
    };
    let (a_alone, b_alone) = (alone(moves[0]), alone(moves[1]));
    assert!(
        matches!(a_alone, Some(MoveError::BadConfig { value, .. }) if value == f32::INFINITY),
        "{a_alone:?}"
    );
    assert!(
        matches!(b_alone, Some(MoveError::BadConfig { value, .. }) if value == f32::NEG_INFINITY),
        "{b_alone:?}"
    );
    refused_alike(&world, &moves, &config, &b_alone.unwrap());
}
