//! Tests of the character benchmark: both sides walk the course as described (and rapier2d
//! sticks where it is said to), both worlds hold the same geometry, and the summaries and
//! compare lines come out as expected.

use super::walker::Trace;
use super::*;
use glissade::Aabb;
use glissade::QueryFilter;
use glissade::glam::Vec2;
use rapier2d::geometry::Cuboid;
use rapier2d::math::{Pose, Vector as RVec};
use rapier2d::parry::query::{Ray, ShapeCastOptions};

/// The course with as many steps as one round trip and a bit (the right end is 196 units
/// from the left one; climbing slows rapier on the ramps).
fn round_trip() -> Course {
    Course {
        walk_steps: 4_400,
        ..Course::standard()
    }
}

fn both_traces(course: &Course) -> (Trace, Trace) {
    let mut ours = Ours::new(course);
    let settled = ours.settled();
    let ours_trace = trace(course, &mut ours, settled);
    let rapier = RapierCourse::new(course);
    let dispatcher = DefaultQueryDispatcher;
    let mut peer = Peer::new(course, rapier.queries(&dispatcher));
    let settled = peer.settled;
    (ours_trace, trace(course, &mut peer, settled))
}

/// The step at which a trace first reaches the right end, and the first after that at
/// which it is back at the left end.
fn there_and_back(course: &Course, states: &[(Vec2, bool)]) -> Option<(usize, usize)> {
    let there = states.iter().position(|s| s.0.x >= course.right_end)?;
    let back = states[there..]
        .iter()
        .position(|s| s.0.x <= course.left_end)?;
    Some((there, there + back))
}

/// Never below the ground or through the course, never above the plateaus.
fn assert_above_ground(course: &Course, side: &str, states: &[(Vec2, bool)]) {
    for (i, s) in states.iter().enumerate() {
        assert!(
            s.0.y > course.half_extents.y - 0.01,
            "{side}: step {i} at {}",
            s.0
        );
        assert!(
            s.0.y < 2.0 + course.half_extents.y + 0.1,
            "{side}: step {i} at {}",
            s.0
        );
    }
}

#[test]
fn ours_walks_to_the_far_end_and_back() {
    let course = round_trip();
    let (ours, _) = both_traces(&course);
    let (there, back) = there_and_back(&course, &ours)
        .unwrap_or_else(|| panic!("no round trip, ended at {}", ours.last().unwrap().0));
    assert!(there < back && back <= course.walk_steps);
    let end = ours[back].0;
    assert!((end.x - course.start.x).abs() < 2.0 * WALK, "back at {end}");
    // Back on the ground at the start height, on the flat.
    assert!((end.y - course.start.y).abs() < 0.05, "back at {end}");
    assert_above_ground(&course, "ours", &ours);
}

/// rapier2d 0.36 walks to the far end, but walking back (left) it does not step up the
/// first stair it meets and stays stuck in front of it. This is rapier's 2D
/// `compute_hit_info`: `up.angle_to(normal)` is glam's *signed* angle in 2D, so a wall
/// whose normal points right (+x, met walking left) is at −90° and never counts as a wall
/// (`angle >= max_slope_climb_angle` fails), and autostep only runs on walls. When this
/// test fails, rapier has changed: the peer may now walk the whole course, and this test
/// should become a round-trip test like ours.
#[test]
fn rapier_walks_to_the_far_end_then_sticks_at_the_first_stair_back() {
    let course = round_trip();
    let (_, peer) = both_traces(&course);
    let there = peer
        .iter()
        .position(|s| s.0.x >= course.right_end)
        .unwrap_or_else(|| panic!("never reached the far end: {}", peer.last().unwrap().0));
    assert_above_ground(&course, "rapier2d", &peer);
    // The last stair section ends at x = 196 with a step of 0.15 over [195, 196]: walking
    // left, rapier stops with the box's left side a skin off the step's right face.
    let stuck = peer[there..].iter().map(|s| s.0.x).fold(f32::MAX, f32::min);
    let (_, stairs_end) = *course.stairs.last().unwrap();
    assert!(
        (stuck - (stairs_end + course.half_extents.x + SKIN)).abs() < 0.01,
        "got back to x = {stuck}"
    );
}

/// The cause of the above, in isolation: the same 0.15 step, met walking right (climbed)
/// and walking left (not climbed).
#[test]
fn rapier_autosteps_walking_right_but_not_left() {
    let course = Course::standard();
    let rapier = RapierCourse::new(&course);
    let dispatcher = DefaultQueryDispatcher;
    let queries = rapier.queries(&dispatcher);
    let controller = rapier_controller();
    let shape = Cuboid::new(RVec::new(course.half_extents.x, course.half_extents.y));
    let rise = |x: f32, dir: f32| {
        let pose = Pose::from_translation(RVec::new(x, course.half_extents.y + SKIN));
        let mv = controller.move_shape(
            DT,
            &queries,
            &shape,
            &pose,
            RVec::new(dir * WALK, -PRESS),
            |_| {},
        );
        mv.translation.y
    };
    let (first_step, _) = course.stairs[0];
    let (_, last_step) = *course.stairs.last().unwrap();
    let gap = course.half_extents.x + 2.0 * SKIN;
    // Walking right into the first step up (0.15 high at x = 38): climbed.
    assert!((rise(first_step - gap, 1.0) - STAIR_RISE).abs() < 0.01);
    // Walking left into the last step (0.15 high, right face at x = 196): not climbed.
    assert!(rise(last_step + gap, -1.0).abs() < 0.01);
}

#[test]
fn both_climb_the_plateau_and_the_landing() {
    let course = round_trip();
    let (ours, peer) = both_traces(&course);
    for (side, states) in [("ours", &ours), ("rapier2d", &peer)] {
        // On the first plateau (x in [16, 22], top at y = 2).
        let plateau = states
            .iter()
            .find(|s| (18.0..20.0).contains(&s.0.x))
            .unwrap();
        assert!((plateau.0.y - 2.4).abs() < 0.05, "{side}: {}", plateau.0);
        // On the first landing (x in [44, 47], top at y = 0.9).
        let landing = states
            .iter()
            .find(|s| (45.0..46.0).contains(&s.0.x))
            .unwrap();
        assert!((landing.0.y - 1.3).abs() < 0.05, "{side}: {}", landing.0);
    }
}

#[test]
fn both_worlds_hold_the_same_geometry() {
    let course = Course::standard();
    let (world, body) = course.glissade_world();
    let rapier = RapierCourse::new(&course);
    let dispatcher = DefaultQueryDispatcher;
    let queries = rapier.queries(&dispatcher);
    let own = [body];
    let filter = QueryFilter::default().excluding(&own);
    let top = 5.0;
    let mut x = 0.13;
    let mut checked = 0;
    while x < course.map_width as f32 {
        // Straight down from above: the height of the ground.
        let ours = world
            .raycast(Vec2::new(x, top), Vec2::new(0.0, -10.0), &filter)
            .map(|h| h.fraction);
        let ray = Ray::new(RVec::new(x, top), RVec::new(0.0, -10.0));
        let peer = queries.cast_ray(&ray, 1.0, true).map(|(_, t)| t);
        let (o, p) = (
            ours.expect("ground everywhere"),
            peer.expect("ground everywhere"),
        );
        assert!(
            (o - p).abs() * 10.0 < 1e-4,
            "x = {x}: ours {o}, rapier2d {p}"
        );
        // The character's box dropped from above lands at the same height.
        let shape = Aabb::from_half_extents(course.half_extents).unwrap().into();
        let ours = world
            .cast_shape(&shape, Vec2::new(x, top), Vec2::new(0.0, -10.0), &filter)
            .map(|h| h.fraction);
        let cuboid = Cuboid::new(RVec::new(course.half_extents.x, course.half_extents.y));
        let peer = queries
            .cast_shape(
                &Pose::from_translation(RVec::new(x, top)),
                RVec::new(0.0, -10.0),
                &cuboid,
                ShapeCastOptions::with_max_time_of_impact(1.0),
            )
            .map(|(_, h)| h.time_of_impact);
        let (o, p) = (
            ours.expect("ground everywhere"),
            peer.expect("ground everywhere"),
        );
        assert!(
            (o - p).abs() * 10.0 < 1e-3,
            "box at x = {x}: ours {o}, rapier2d {p}"
        );
        checked += 1;
        x += 0.25;
    }
    assert!(checked > 700);
    // Sideways at knee height: both meet the foot of the first ramp at the same x
    // (4 + 12 − 2·√3 + 0.05·√3 … the ramp's face at y = 0.05).
    let from = Vec2::new(1.0, 0.05);
    let ours = world
        .raycast(from, Vec2::new(100.0, 0.0), &filter)
        .map(|h| h.point.x)
        .unwrap();
    let ray = Ray::new(RVec::new(from.x, from.y), RVec::new(100.0, 0.0));
    let peer = queries
        .cast_ray(&ray, 1.0, true)
        .map(|(_, t)| from.x + t * 100.0)
        .unwrap();
    let face = 16.0 - 2.0 * 3f32.sqrt() + 0.05 * 3f32.sqrt();
    assert!(
        (ours - face).abs() < 1e-3 && (peer - face).abs() < 1e-3,
        "{ours} {peer} {face}"
    );
}

#[test]
fn continuous_ground_leaves_out_the_stairs() {
    let course = Course::standard();
    assert!(course.on_continuous_ground(2.0));
    assert!(course.on_continuous_ground(19.0)); // the first plateau
    assert!(course.on_continuous_ground(36.9)); // flat, more than 1 before the stairs
    assert!(!course.on_continuous_ground(37.1)); // within 1 of the first step at 38
    assert!(!course.on_continuous_ground(45.0)); // the landing
    assert!(!course.on_continuous_ground(52.9)); // within 1 after the last step at 52
    assert!(course.on_continuous_ground(53.1));
    assert_eq!(course.stairs.len(), 4);
    assert_eq!(course.stairs[0], (38.0, 52.0));
}

#[test]
fn turns_around_at_both_ends() {
    let course = Course::standard();
    assert_eq!(course.next_dir(100.0, 1.0), 1.0);
    assert_eq!(course.next_dir(course.right_end, 1.0), -1.0);
    assert_eq!(course.next_dir(course.right_end, -1.0), -1.0);
    assert_eq!(course.next_dir(course.left_end, -1.0), 1.0);
    assert_eq!(course.next_dir(course.left_end, 1.0), 1.0);
}

#[test]
fn summarize_counts_flickers_on_continuous_ground_only() {
    let course = Course::standard();
    let s = |x: f32, g: bool| (Vec2::new(x, 0.4), g);
    let states = [
        s(2.0, true),
        s(2.1, false), // flicker (step 1)
        s(2.2, true),  // flicker (step 2)
        s(37.0, true),
        s(37.1, false), // on the stairs' margin: not counted
        s(37.2, true),
    ];
    let run = summarize(&course, &states);
    assert_eq!(run.flickers, 2);
    assert_eq!(run.counted_steps, 2);
    assert_eq!(run.grounded_steps, 3);
    assert_eq!(run.first_flickers[0].step, 1);
    assert!(!run.first_flickers[0].grounded);
    assert_eq!(run.final_x, 37.2);
}

#[test]
fn compare_character_lines() {
    let run = |ns: f64, flickers: usize| CharacterRun {
        ns_per_step: ns,
        flickers,
        first_flickers: Vec::new(),
        counted_steps: 0,
        grounded_steps: 0,
        slow_steps: 0,
        longest_stall: 0,
        stall_at: Vec2::ZERO,
        turns: 0,
        first_turn: None,
        leg_ns_per_step: 0.0,
        leg_flickers: 0,
        leg_steps: 0,
        final_x: 0.0,
    };
    assert_eq!(
        compare_character_line(
            "character/walk",
            &run(250.0, 0),
            "rapier2d",
            &run(5000.0, 12)
        ),
        "compare character/walk ours_ns=250.00 peer=rapier2d peer_ns=5000.00 speedup=20.00 \
         ours_flickers=0 peer_flickers=12"
    );
}
