//! Flicker: the grounded state holds over seams between tiles and joints between slopes.

use super::*;

/// A long course of continuous ground: tile flats, 45° tile slopes up and down, and a run of
/// separate boxes (seams between colliders).
///
/// ```text
///            /##\                     /##\
///  ________/######\___[][][][][][]___/####\____ ...
/// ```
pub fn course(world: &mut World) {
    let mut rows = [String::new(), String::new(), String::new()];
    for _ in 0..8 {
        rows[2].push_str("#######/##\\######");
        rows[1].push_str("........##........");
        rows[0].push_str("..................");
    }
    // Hand-built 3-row strip: bottom row solid with a two-high hill of slopes.
    let w = rows[2].chars().count();
    let mut map = TileMap::new(w as u32, 3, 1.0).unwrap();
    for x in 0..w as u32 {
        map.set(x, 0, glissade::Tile::Solid).unwrap();
    }
    let mut x = 6;
    while x + 6 < w as u32 {
        map.set(x, 1, glissade::Tile::SlopeUpRight).unwrap();
        map.set(x + 1, 1, glissade::Tile::Solid).unwrap();
        map.set(x + 1, 2, glissade::Tile::SlopeUpRight).unwrap();
        map.set(x + 2, 1, glissade::Tile::Solid).unwrap();
        map.set(x + 2, 2, glissade::Tile::SlopeUpLeft).unwrap();
        map.set(x + 3, 1, glissade::Tile::SlopeUpLeft).unwrap();
        x += 17;
    }
    world.add(ColliderDesc::tiles(map, v(0.0, -1.0))).unwrap();
    // Separate boxes continuing the floor to the right.
    let w = w as f32;
    for i in 0..100 {
        let x = w + i as f32 * 0.7;
        static_box(world, v(x, -1.0), v(x + 0.7, 0.0));
    }
}

#[test]
fn grounded_never_flickers_over_seams_and_slope_joints() {
    // 10,000 steps of walking right and left over the course at 0.08 a step, pressing down:
    // 0 changes of the grounded state, for each shape.
    for (name, shape) in shapes() {
        let mut world = World::new();
        course(&mut world);
        let p = body(&mut world, shape, v(1.0, 0.41));
        let mut c = CharacterController::default();
        step(&mut c, &mut world, p, v(0.0, -0.1));
        assert!(c.state.grounded());
        let end = 136.0 + 100.0 * 0.7 - 1.0;
        let mut dir = 1.0;
        let mut changes = 0;
        for n in 0..10_000 {
            let x = pos(&world, p).x;
            if x > end {
                dir = -1.0;
            } else if x < 1.0 {
                dir = 1.0;
            }
            let s = step(&mut c, &mut world, p, v(0.08 * dir, -0.1));
            if !s.grounded() {
                changes += 1;
                eprintln!("{name}: step {n} at {} not grounded", pos(&world, p));
            }
        }
        assert_eq!(changes, 0, "{name}");
    }
}

#[test]
fn a_running_platformer_never_flickers_over_seams_and_slope_joints() {
    // The same course run by the platformer at its top speed (22.5 units/s, 0.375 a step at
    // 60 Hz, 0.75 at 30 Hz), turning at the ends: 10,000 steps at each rate, 0 changes of the
    // grounded state.
    for (hz, (name, shape)) in [30.0f32, 60.0, 144.0]
        .into_iter()
        .flat_map(|hz| shapes().map(|s| (hz, s)))
    {
        let dt = 1.0 / hz;
        let mut world = World::new();
        course(&mut world);
        let p = body(&mut world, shape, v(1.0, 0.41));
        let mut pl = Platformer::default();
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        assert!(pl.controller.state.grounded());
        // Turning takes 22.5² / (2 × 78.75) = 3.2 units at the platformer's acceleration:
        // turn 5 units before each end.
        let end = 136.0 + 100.0 * 0.7 - 5.0;
        let mut right = true;
        let mut changes = 0;
        for n in 0..10_000 {
            let x = pos(&world, p).x;
            if x > end {
                right = false;
            } else if x < 5.0 {
                right = true;
            }
            let input = PlatformerInput {
                right,
                left: !right,
                ..NOTHING
            };
            if !pl.update(&mut world, p, input, dt).unwrap().grounded() {
                changes += 1;
                eprintln!(
                    "{name} at {hz} Hz: step {n} at {} not grounded",
                    pos(&world, p)
                );
            }
        }
        assert_eq!(changes, 0, "{name} at {hz} Hz");
    }
}
