//! Tests of the floor lines of the character benchmark (`character/tile-floor`,
//! `character/box-floor`) and of the first-leg line: both sides really walk the floor,
//! grounded, and the lines come out in the format of `character/walk`.

use super::*;
use glissade::glam::Vec2;

/// A floor course cut down to `steps` steps (60 units asked for at 600).
fn short(course: Course, steps: usize) -> Course {
    Course {
        walk_steps: steps,
        ..course
    }
}

/// Both sides walk right along the floor most of what was asked, grounded at every step or
/// nearly, and never turn (the floor is far longer than the walk).
fn assert_both_walk(course: &Course) {
    let (ours, peer) = walk_both_characters(course, 1);
    let asked = course.walk_steps as f32 * WALK;
    for (side, run, share) in [("ours", &ours, 0.95), ("rapier2d", &peer, 0.7)] {
        let walked = run.final_x - course.start.x;
        assert!(walked >= share * asked, "{side} walked {walked} of {asked}");
        assert!(
            run.grounded_steps * 10 >= course.walk_steps * 9,
            "{side} grounded at {} of {} steps",
            run.grounded_steps,
            course.walk_steps
        );
        assert_eq!(run.turns, 0, "{side} turned");
        assert!(run.ns_per_step > 0.0, "{side} not timed");
    }
}

#[test]
fn both_sides_walk_the_tile_floor() {
    let course = short(Course::tile_floor(), 600);
    assert_eq!(course.tiles.len(), 10_000);
    assert!(course.boxes.is_empty() && course.ramps.is_empty());
    assert_both_walk(&course);
}

#[test]
fn both_sides_walk_the_box_floor() {
    let course = short(Course::box_floor(), 600);
    assert_eq!(course.boxes.len(), 100);
    assert!(
        course
            .boxes
            .iter()
            .all(|(min, max)| *max - *min == Vec2::new(100.0, 1.0))
    );
    assert!(course.tiles.is_empty());
    assert_both_walk(&course);
}

#[test]
fn the_first_leg_is_the_walk_up_to_the_first_turn() {
    let course = Course {
        walk_steps: 2_200,
        ..Course::standard()
    };
    let (ours, peer) = walk_both_characters(&course, 1);
    let turn = ours.first_turn.expect("ours reaches the right end");
    assert_eq!(ours.leg_steps, peer.leg_steps);
    assert!(ours.leg_steps <= turn && ours.leg_steps < course.walk_steps);
    let (leg_ours, leg_peer) = (first_leg(&ours), first_leg(&peer));
    assert_eq!(leg_ours.ns_per_step, ours.leg_ns_per_step);
    assert_eq!(leg_peer.flickers, peer.leg_flickers);
    let line = compare_character_line("character/walk-first-leg", &leg_ours, "rapier2d", &leg_peer);
    assert!(
        line.starts_with("compare character/walk-first-leg ours_ns=")
            && line.contains(" peer=rapier2d peer_ns=")
            && line.contains(" speedup=")
            && line.contains(" ours_flickers=")
            && line.contains(" peer_flickers="),
        "{line}"
    );
}
