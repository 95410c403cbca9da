//! Tests of the movement benchmarks: rapier2d's walk along the tile floor, the shared timing
//! path, snag counting and the compare lines.

use std::time::Instant;

use super::*;
use glissade::glam::Vec2;

/// Runs rapier's walk once (no timing) and returns every position.
fn rapier_positions(floor: &TileFloor) -> Vec<Vec2> {
    with_rapier_step(floor, |step| {
        let mut positions = vec![floor.start];
        for _ in 0..floor.steps {
            let next = step(*positions.last().expect("starts with the start"));
            positions.push(next);
        }
        positions
    })
}

fn short_floor() -> TileFloor {
    TileFloor {
        tiles: 300,
        steps: 200,
        ..TileFloor::standard()
    }
}

#[test]
fn rapier_walk_moves_right_above_the_floor() {
    let floor = short_floor();
    let positions = rapier_positions(&floor);
    let last = *positions.last().unwrap();
    // 200 steps of 0.4: most of 80 units, certainly more than half.
    assert!(
        last.x > floor.start.x + 40.0,
        "walked only to x = {}",
        last.x
    );
    for (i, p) in positions.iter().enumerate() {
        assert!(p.x >= floor.start.x - 1e-3, "step {i}: went left, {p}");
        assert!(
            p.y - floor.half_extents.y > -1e-3,
            "step {i}: sank into the floor, {p}"
        );
        assert!(
            p.y - floor.half_extents.y < 0.1,
            "step {i}: left the floor, {p}"
        );
    }
}

#[test]
fn walk_rapier_agrees_with_the_plain_walk() {
    let floor = short_floor();
    let run = walk_rapier(&floor);
    let positions = rapier_positions(&floor);
    let snags = positions
        .windows(2)
        .filter(|w| floor.is_snag(w[0], w[1]))
        .count();
    assert_eq!(run.snags, snags);
    assert_eq!(run.final_x, positions.last().unwrap().x);
    assert!(run.ns_per_move > 0.0);
}

#[test]
fn walk_with_counts_snags() {
    let floor = TileFloor {
        steps: 10,
        ..TileFloor::standard()
    };
    // Stops dead every third step.
    let mut n = 0;
    let run = walk_with(&floor, |p| {
        n += 1;
        if n % 3 == 0 { p } else { p + Vec2::X * 0.4 }
    });
    // Counted on the first walk only: steps 3, 6 and 9.
    assert_eq!(run.snags, 3);
    assert!((run.final_x - (1.0 + 7.0 * 0.4)).abs() < 1e-4);
}

#[test]
fn compare_move_lines() {
    let ours = WalkRun {
        ns_per_move: 100.0,
        snags: 0,
        final_x: 0.0,
    };
    let peer = WalkRun {
        ns_per_move: 3500.0,
        snags: 1000,
        final_x: 0.0,
    };
    assert_eq!(
        compare_move_line("move/tile-floor", &ours, "rapier2d", &peer, true),
        "compare move/tile-floor ours_ns=100.00 peer=rapier2d peer_ns=3500.00 \
         speedup=35.00 ours_snags=0 peer_snags=1000"
    );
    assert_eq!(
        compare_move_line("move/exact-vs-bisection", &ours, "bisection", &peer, false),
        "compare move/exact-vs-bisection ours_ns=100.00 peer=bisection peer_ns=3500.00 \
         speedup=35.00"
    );
}

/// `cargo test --release -p glissade-bench rapier_tile_floor_numbers -- --ignored --nocapture`
#[test]
#[ignore = "timing; run in release with --nocapture"]
fn rapier_tile_floor_numbers() {
    let pinned = crate::timing::pin_to_current_core();
    let floor = TileFloor::standard();
    let started = Instant::now();
    let run = walk_rapier(&floor);
    println!(
        "rapier2d tile floor: {:.2} ns/move, snags {} / {} ({:.2}%), final x {:.3} \
         (pinned {pinned:?}, {:.2?} in all)",
        run.ns_per_move,
        run.snags,
        floor.steps,
        100.0 * run.snags as f64 / floor.steps as f64,
        run.final_x,
        started.elapsed()
    );
}

#[test]
fn scale_lines() {
    assert_eq!(
        scale_line(10_000, 1, 250.0),
        "scale move/bodies=10000 threads=1 ms_per_step=2.500 ns_per_body=250.00"
    );
}
