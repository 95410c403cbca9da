//! One-way colliders and tiles (blocking only from above, left out by a filter) and the
//! velocities a world stores.

use super::*;

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
