//! A character's steps see every change made to the world between them. The controller keeps
//! the colliders near its body from one step to the next while nothing else changes; a wall
//! added, a floor taken away, moved or reshaped, or a world cloned must each be seen by the
//! very next step. Scenes drawn in ASCII; numbers worked out by hand. Units: world units.

use glissade::glam::Vec2;
use glissade::{Aabb, CharacterController, ColliderDesc, Handle, Step, World};

#[path = "common/mod.rs"]
mod common;

use common::{static_box, v};

const DT: f32 = 1.0 / 60.0;
const SKIN: f32 = glissade::motion::DEFAULT_SKIN;

/// A floor box `[-10, 10] × [-1, 0]` (cells of 4 units: it is filed in the grid, not kept
/// apart) and a 0.8 × 0.8 character standing on it at x = 0, settled a skin above it.
///
/// ```text
///        □
///   ##########
///  -10   0   10
/// ```
fn floor_and_character() -> (World, Handle, Handle, CharacterController) {
    let mut world = World::new();
    let floor = static_box(&mut world, v(-10.0, -1.0), v(10.0, 0.0));
    let body = world
        .add(
            ColliderDesc::new(
                Aabb::from_half_extents(Vec2::splat(0.4)).unwrap(),
                v(0.0, 0.4 + SKIN),
            )
            .kinematic(),
        )
        .unwrap();
    let mut c = CharacterController::default();
    let s = c
        .step(&mut world, body, Step::new(v(0.0, -0.1), DT))
        .unwrap();
    assert!(s.grounded());
    (world, body, floor, c)
}

fn walk(c: &mut CharacterController, world: &mut World, body: Handle, m: Vec2, steps: u32) {
    for _ in 0..steps {
        c.step(world, body, Step::new(m, DT)).unwrap();
    }
}

fn pos(world: &World, body: Handle) -> Vec2 {
    world.get(body).unwrap().position()
}

/// Steps the character pressing down 0.1: with no floor under it any more, it falls the
/// whole 0.1 and is not grounded.
fn falls_the_whole_step(c: &mut CharacterController, world: &mut World, body: Handle) {
    let y0 = pos(world, body).y;
    let s = c.step(world, body, Step::new(v(0.0, -0.1), DT)).unwrap();
    assert!(!s.grounded());
    let y = pos(world, body).y;
    assert!((y - (y0 - 0.1)).abs() < 1e-5, "{y0} -> {y}");
}

/// The character walked into a wall whose face is at `face`: it stopped a skin short.
fn stopped_before(world: &World, body: Handle, face: f32) {
    let x = pos(world, body).x;
    assert!((x - (face - 0.4 - SKIN)).abs() < 1e-4, "{x}");
}

#[test]
fn a_wall_added_between_steps_stops_the_next_ones() {
    // Walking right 0.1 a step; after 5 steps (x = 0.5) a wall appears at x = 1.55:
    //
    //        □  |
    //   ##########
    //        0.5 1.55
    //
    // The character stops a skin short of it: x = 1.55 - 0.4 - skin = 1.14.
    let (mut world, body, _, mut c) = floor_and_character();
    walk(&mut c, &mut world, body, v(0.1, 0.0), 5);
    assert!((pos(&world, body).x - 0.5).abs() < 1e-4);
    static_box(&mut world, v(1.55, 0.0), v(2.0, 2.0));
    walk(&mut c, &mut world, body, v(0.1, 0.0), 20);
    stopped_before(&world, body, 1.55);
    assert!(c.state.wall.is_some());
}

#[test]
fn a_wall_moved_in_from_far_away_between_steps_stops_the_next_ones() {
    // A wall waits at x = 20, cells away from anything the character's steps look at; after
    // 5 steps it is moved to x = 1.55 (its left face), in the character's way:
    //
    //        □  |                 |
    //   ##########     ->  moved from here
    //        0.5 1.55             20
    //
    // The character stops a skin short of it: x = 1.55 - 0.4 - skin = 1.14.
    let (mut world, body, _, mut c) = floor_and_character();
    let wall = static_box(&mut world, v(0.0, 0.0), v(0.45, 2.0));
    world.set_position(wall, v(20.0, 0.0)).unwrap();
    walk(&mut c, &mut world, body, v(0.1, 0.0), 5);
    world.set_position(wall, v(1.55, 0.0)).unwrap();
    walk(&mut c, &mut world, body, v(0.1, 0.0), 20);
    stopped_before(&world, body, 1.55);
}

#[test]
fn a_floor_taken_away_between_steps_drops_the_character() {
    // Standing still, pressing down 0.1 a step; the floor is removed: the next step falls
    // the whole 0.1 and is not grounded.
    let (mut world, body, floor, mut c) = floor_and_character();
    walk(&mut c, &mut world, body, v(0.0, -0.1), 3);
    let y0 = pos(&world, body).y;
    assert!((y0 - (0.4 + SKIN)).abs() < 1e-4, "{y0}");
    world.remove(floor).unwrap();
    falls_the_whole_step(&mut c, &mut world, body);
}

#[test]
fn a_floor_moved_or_reshaped_between_steps_is_seen() {
    // The floor moved 3 units down: the character falls 0.1 a step, ungrounded.
    let (mut world, body, floor, mut c) = floor_and_character();
    world.set_position(floor, v(0.0, -3.0)).unwrap();
    falls_the_whole_step(&mut c, &mut world, body);
    // In a fresh scene, the floor made a box that ends at x = -1, left of the character: it
    // falls too.
    //
    //         □
    //   #####
    //  -10  -1 0
    let (mut world, body, floor, mut c) = floor_and_character();
    walk(&mut c, &mut world, body, v(0.0, -0.1), 2);
    world
        .set_shape(floor, Aabb::new(v(-10.0, -1.0), v(-1.0, 0.0)).unwrap())
        .unwrap();
    falls_the_whole_step(&mut c, &mut world, body);
}

#[test]
fn a_controller_moved_to_a_changed_clone_of_its_world_sees_the_change() {
    // The same controller steps a clone of the world in which a wall stands at x = 0.65:
    // walking right 0.1 a step, it stops at 0.65 - 0.4 - skin, while the original world,
    // stepped by a copy of the controller, lets it walk on to 0.5 in 5 steps.
    let (mut world, body, _, mut c) = floor_and_character();
    walk(&mut c, &mut world, body, v(0.1, 0.0), 1);
    let mut copy = c.clone();
    let mut other = world.clone();
    static_box(&mut other, v(0.65, 0.0), v(1.0, 2.0));
    walk(&mut c, &mut other, body, v(0.1, 0.0), 4);
    stopped_before(&other, body, 0.65);
    walk(&mut copy, &mut world, body, v(0.1, 0.0), 4);
    assert!((pos(&world, body).x - 0.5).abs() < 1e-4);
}
