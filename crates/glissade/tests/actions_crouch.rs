//! Crouching: the collider changes to `PlatformerConfig::crouch_shape` with the feet kept,
//! standing up waits for room (an exact cast), and a crouching run slides under a low gap.
//! Each scene is drawn in ASCII; expected numbers are worked out by hand in the comments.
//! Units: world units (1 = a tile), seconds; y up.

use glissade::character::{Animation, CharacterError, PlatformerConfig};
use glissade::glam::Vec2;
use glissade::{
    Aabb, Capsule, Circle, ColliderDesc, Handle, Platformer, PlatformerInput, QueryFilter, Shape,
    World,
};

mod common;

use common::{CROUCH, RIGHT, pos, v};

const DT: f32 = 1.0 / 60.0;

fn shape(world: &World, h: Handle) -> Shape {
    world.get(h).unwrap().shape().unwrap().clone()
}

/// The lowest point of the body along y.
fn feet(world: &World, h: Handle) -> f32 {
    let c = world.get(h).unwrap();
    c.bounds().0.y
}

/// The highest point of the body along y.
fn head(world: &World, h: Handle) -> f32 {
    world.get(h).unwrap().bounds().1.y
}

/// Nothing overlaps the body deeper than the tolerance.
fn assert_clear(world: &World, h: Handle, what: &str) {
    let exclude = [h];
    let found = world.overlap_shape(
        &shape(world, h),
        pos(world, h),
        &QueryFilter::default().excluding(&exclude),
    );
    assert!(found.is_empty(), "{what}: inside {found:?}");
}

const CROUCH_RIGHT: PlatformerInput = PlatformerInput {
    crouch: true,
    right: true,
    ..PlatformerInput::NONE
};

/// A standing box 0.8 wide and 1.0 tall (half extents 0.4 × 0.5); crouching, 0.8 × 0.5.
fn crouching_player() -> Platformer {
    let mut p = Platformer::default();
    p.config.crouch_shape = Some(Aabb::from_half_extents(v(0.4, 0.25)).unwrap().into());
    p
}

/// A long floor with its top at y = 0, a ceiling block over x in [2, 6] with its bottom at
/// `low`, and the standing player at x = 0:
/// ```text
///          ########        bottom at y = low
///   □
///   □
/// ##########################   floor top y = 0, x from -10 to 100
///   0     2       6
/// ```
fn ceiling_scene(low: f32) -> (World, Handle) {
    let mut world = World::new();
    world
        .add(ColliderDesc::new(
            Aabb::new(v(-10.0, -1.0), v(100.0, 0.0)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    world
        .add(ColliderDesc::new(
            Aabb::new(v(2.0, low), v(6.0, low + 1.0)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    let body = world
        .add(
            ColliderDesc::new(Aabb::from_half_extents(v(0.4, 0.5)).unwrap(), v(0.0, 0.51))
                .kinematic(),
        )
        .unwrap();
    (world, body)
}

/// Runs updates until the player is at rest on the ground (or `n` updates).
fn settle(world: &mut World, body: Handle, p: &mut Platformer, input: PlatformerInput, n: usize) {
    for _ in 0..n {
        p.update(world, body, input, DT).unwrap();
    }
}

#[test]
fn crouching_keeps_the_feet_and_halves_the_height() {
    // Standing: feet at f, head at f + 1. Crouching: the 0.8 × 0.5 box with its bottom at the
    // same f, so its centre drops by 0.25 and the head is at f + 0.5.
    let (mut world, body) = ceiling_scene(5.0);
    let mut p = crouching_player();
    settle(&mut world, body, &mut p, PlatformerInput::NONE, 10);
    let f = feet(&world, body);
    assert!((head(&world, body) - (f + 1.0)).abs() < 1e-5);
    p.update(&mut world, body, CROUCH, DT).unwrap();
    assert!(p.crouching());
    assert_eq!(p.animation(), Animation::Crouch);
    assert!((feet(&world, body) - f).abs() < 1e-5, "feet moved");
    assert!((head(&world, body) - (f + 0.5)).abs() < 1e-5);
    assert!(p.controller.state.grounded());
    // Released with room to stand: the standing box again, the feet still at f.
    p.update(&mut world, body, PlatformerInput::NONE, DT)
        .unwrap();
    assert!(!p.crouching() && !p.stand_blocked());
    assert!((feet(&world, body) - f).abs() < 1e-5);
    assert!((head(&world, body) - (f + 1.0)).abs() < 1e-5);
    assert_ne!(p.animation(), Animation::Crouch);
}

#[test]
fn standing_up_is_refused_under_a_ceiling_a_tenth_lower_than_the_standing_height() {
    // The ceiling's bottom at 0.9: a standing head at about 1.0 would be inside it, the
    // crouching head at about 0.5 fits. Crouch at x = 0, crawl to x = 4 (under it), let go
    // of crouch: refused, reported, still crouching. Crawl on to the right: the standing box
    // fits once its left side is past the block's right side, x - 0.4 >= 6, and not before.
    // Crawling at 2 units/s, friction stops it within 2 / 6.3 ≈ 0.32 of x = 4.
    let (mut world, body) = ceiling_scene(0.9);
    let mut p = crouching_player();
    p.config.crouch_max_speed = 2.0;
    settle(&mut world, body, &mut p, PlatformerInput::NONE, 10);
    p.update(&mut world, body, CROUCH, DT).unwrap();
    while pos(&world, body).x < 4.0 {
        p.update(&mut world, body, CROUCH_RIGHT, DT).unwrap();
        assert_clear(&world, body, "crawling in");
    }
    settle(&mut world, body, &mut p, CROUCH, 120);
    p.update(&mut world, body, PlatformerInput::NONE, DT)
        .unwrap();
    assert!(
        p.crouching() && p.stand_blocked(),
        "at {} crouching {} blocked {}",
        pos(&world, body),
        p.crouching(),
        p.stand_blocked()
    );
    assert_eq!(p.animation(), Animation::Crouch);
    assert!(head(&world, body) < 0.9);
    // Walking out, crouch released all the way.
    let mut stood_at = None;
    for _ in 0..600 {
        p.update(&mut world, body, RIGHT, DT).unwrap();
        assert_clear(&world, body, "walking out");
        if !p.crouching() {
            stood_at = Some(pos(&world, body).x);
            break;
        }
        assert!(p.stand_blocked());
    }
    let x = stood_at.expect("never stood up");
    // It stood at the start of the first update that began past x - 0.4 = 6, at most one
    // crawl (2 · dt) past it, and that update then walked on by its mean speed, at most
    // 2 + acceleration (78.75) · dt, times dt.
    assert!(
        x - 0.4 >= 6.0 - 1e-4,
        "stood up under the ceiling at x = {x}"
    );
    let most = 6.0 + (2.0 + 2.0 + 78.75 * DT) * DT;
    assert!(x - 0.4 <= most, "waited too long: x = {x}");
    assert!((head(&world, body) - feet(&world, body) - 1.0).abs() < 1e-5);
}

#[test]
fn standing_up_is_allowed_under_a_ceiling_just_above_the_standing_head() {
    // Ceiling bottom at 1.0 + 3 skins over the feet: the standing head fits with more than
    // the skin to spare, so letting go of crouch under it stands up.
    let (mut world, body) = ceiling_scene(5.0);
    let mut p = crouching_player();
    settle(&mut world, body, &mut p, PlatformerInput::NONE, 10);
    let skin = p.controller.config.skin;
    let f = feet(&world, body);
    let (mut world, body) = ceiling_scene(f + 1.0 + 3.0 * skin);
    let mut p = crouching_player();
    settle(&mut world, body, &mut p, PlatformerInput::NONE, 10);
    p.update(&mut world, body, CROUCH, DT).unwrap();
    while pos(&world, body).x < 4.0 {
        p.update(&mut world, body, CROUCH_RIGHT, DT).unwrap();
    }
    settle(&mut world, body, &mut p, CROUCH, 120);
    p.update(&mut world, body, PlatformerInput::NONE, DT)
        .unwrap();
    assert!(!p.crouching() && !p.stand_blocked());
    assert_clear(&world, body, "stood up");
}

/// A low gap: the ceiling block over x in [4, 8] with its bottom at 0.7, lower than the
/// standing 1.0 and higher than the crouching 0.5.
/// ```text
///              ########   bottom 0.7
///   □ →
///   □ →
/// ##########################
///   0          4      8
/// ```
#[test]
fn a_crouching_slide_passes_under_a_low_gap_and_a_standing_run_does_not() {
    // Standing: running right, the head meets the block's side at x = 4: stopped a skin
    // before it, x <= 4 - 0.4.
    let (mut world, body) = gap_scene();
    let mut p = crouching_player();
    settle(&mut world, body, &mut p, RIGHT, 180);
    assert!(pos(&world, body).x <= 3.6 + 1e-4, "{}", pos(&world, body));
    assert!(pos(&world, body).x > 3.5);

    // Running at full speed from x = 0, crouching from x = 2.5 on (right still held): the
    // crouching box slides under and comes out past x = 8 + 0.4.
    let (mut world, body) = gap_scene();
    let mut p = crouching_player();
    for _ in 0..600 {
        let x = pos(&world, body).x;
        let input = if x > 2.5 { CROUCH_RIGHT } else { RIGHT };
        p.update(&mut world, body, input, DT).unwrap();
        assert_clear(&world, body, "sliding");
        if x > 9.0 {
            break;
        }
    }
    assert!(pos(&world, body).x > 9.0, "stuck at {}", pos(&world, body));
}

fn gap_scene() -> (World, Handle) {
    let mut world = World::new();
    world
        .add(ColliderDesc::new(
            Aabb::new(v(-10.0, -1.0), v(100.0, 0.0)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    world
        .add(ColliderDesc::new(
            Aabb::new(v(4.0, 0.7), v(8.0, 1.7)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    let body = world
        .add(
            ColliderDesc::new(Aabb::from_half_extents(v(0.4, 0.5)).unwrap(), v(0.0, 0.51))
                .kinematic(),
        )
        .unwrap();
    (world, body)
}

#[test]
fn the_crouching_walk_is_capped_and_a_faster_slide_slows_down() {
    // crouch_max_speed 3: from rest, crouched, holding right, the speed climbs by
    // acceleration · dt a step (≈ 0.27) to exactly 3 and stays there.
    let (mut world, body) = ceiling_scene(5.0);
    let mut p = crouching_player();
    p.config.crouch_max_speed = 3.0;
    settle(&mut world, body, &mut p, CROUCH_RIGHT, 120);
    assert!((p.velocity.x - 3.0).abs() < 1e-4, "{}", p.velocity);
    // From the top speed, crouching while holding right: friction brings it down to the cap.
    let (mut world, body) = ceiling_scene(5.0);
    let mut p = crouching_player();
    p.config.crouch_max_speed = 3.0;
    settle(&mut world, body, &mut p, RIGHT, 120);
    assert!(p.velocity.x > 20.0);
    p.update(&mut world, body, CROUCH_RIGHT, DT).unwrap();
    let sliding = p.velocity.x;
    assert!(sliding > 3.0 && sliding < 22.5);
    settle(&mut world, body, &mut p, CROUCH_RIGHT, 240);
    assert!(
        p.velocity.x <= 3.0 + 1e-3 && p.velocity.x > 2.5,
        "{}",
        p.velocity
    );
}

#[test]
fn crouching_starts_only_on_the_ground() {
    let (mut world, body) = ceiling_scene(5.0);
    let mut p = crouching_player();
    settle(&mut world, body, &mut p, PlatformerInput::NONE, 10);
    let jump = PlatformerInput {
        jump: true,
        ..PlatformerInput::NONE
    };
    p.update(&mut world, body, jump, DT).unwrap();
    assert!(!p.controller.state.grounded());
    p.update(&mut world, body, CROUCH, DT).unwrap();
    assert!(!p.crouching());
}

#[test]
fn any_shape_crouches_with_its_feet_kept() {
    // A standing capsule (radius 0.3, 1.4 tall) crouching to a circle of radius 0.3: the
    // lowest point stays at the same height, the centre drops by 0.7 - 0.3 = 0.4.
    let mut world = World::new();
    world
        .add(ColliderDesc::new(
            Aabb::new(v(-10.0, -1.0), v(100.0, 0.0)).unwrap(),
            Vec2::ZERO,
        ))
        .unwrap();
    let body = world
        .add(
            ColliderDesc::new(
                Capsule::new(v(0.0, -0.4), v(0.0, 0.4), 0.3).unwrap(),
                v(0.0, 0.71),
            )
            .kinematic(),
        )
        .unwrap();
    let mut p = Platformer::default();
    p.config.crouch_shape = Some(Circle::new(0.3).unwrap().into());
    settle(&mut world, body, &mut p, PlatformerInput::NONE, 10);
    let (f, y) = (feet(&world, body), pos(&world, body).y);
    p.update(&mut world, body, CROUCH, DT).unwrap();
    assert!(p.crouching());
    assert!((feet(&world, body) - f).abs() < 1e-5);
    assert!((pos(&world, body).y - (y - 0.4)).abs() < 1e-5);
    assert!(matches!(shape(&world, body), Shape::Circle(_)));
}

#[test]
fn a_refused_update_puts_the_standing_shape_back() {
    let (mut world, body) = ceiling_scene(5.0);
    let mut p = crouching_player();
    settle(&mut world, body, &mut p, PlatformerInput::NONE, 10);
    let (before, at) = (shape(&world, body), pos(&world, body));
    // Refused before anything moves (a bad dt)...
    let e = p.update(&mut world, body, CROUCH, f32::NAN).unwrap_err();
    assert!(matches!(e, CharacterError::BadStep { field: "dt", .. }));
    assert!(!p.crouching());
    assert_eq!(shape(&world, body), before);
    assert_eq!(pos(&world, body), at);
    // ...and by the move after the crouch swapped the shape: a motion of 1e30 · dt is past
    // the size limit.
    p.config.max_speed = f32::MAX;
    p.velocity = v(1e30, 0.0);
    let e = p.update(&mut world, body, CROUCH, DT).unwrap_err();
    assert!(matches!(e, CharacterError::Move(_)), "{e:?}");
    assert!(!p.crouching());
    assert_eq!(shape(&world, body), before);
    assert_eq!(pos(&world, body), at);
    assert_eq!(p.velocity, v(1e30, 0.0));
}

#[test]
fn the_seed_preset_never_crouches() {
    assert_eq!(PlatformerConfig::default().crouch_shape, None);
    assert_eq!(PlatformerConfig::in_pixels().crouch_shape, None);
    let (mut world, body) = ceiling_scene(5.0);
    let mut p = Platformer::default();
    settle(&mut world, body, &mut p, CROUCH, 10);
    assert!(!p.crouching());
    assert!((head(&world, body) - feet(&world, body) - 1.0).abs() < 1e-5);
}

#[test]
fn a_refused_update_that_stood_up_crouches_again_and_can_still_stand() {
    // Crouching with room above; letting go of crouch stands up at the start of the update,
    // then the move refuses (a motion past the size limit): the crouching shape is back, and
    // the next good update stands up to the standing shape, not to the crouching one.
    let (mut world, body) = ceiling_scene(5.0);
    let mut p = crouching_player();
    settle(&mut world, body, &mut p, PlatformerInput::NONE, 10);
    let standing = shape(&world, body);
    p.update(&mut world, body, CROUCH, DT).unwrap();
    let (crouched, at) = (shape(&world, body), pos(&world, body));
    assert_ne!(crouched, standing);
    p.config.max_speed = f32::MAX;
    p.velocity = v(1e30, 0.0);
    assert!(
        p.update(&mut world, body, PlatformerInput::NONE, DT)
            .is_err()
    );
    assert!(p.crouching());
    assert_eq!(shape(&world, body), crouched);
    assert_eq!(pos(&world, body), at);
    p.config.max_speed = PlatformerConfig::default().max_speed;
    p.velocity = Vec2::ZERO;
    p.update(&mut world, body, PlatformerInput::NONE, DT)
        .unwrap();
    assert!(!p.crouching());
    assert_eq!(shape(&world, body), standing);
}
