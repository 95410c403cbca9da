//! One scale-benchmark world, stepped repeatedly (for a profiler).
use glissade::{MoveConfig, move_bodies};
use glissade_bench::moves::scale_world;

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let steps: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let (mut world, moves) = scale_world(1000, 10_000, n, 7);
    let started = std::time::Instant::now();
    for _ in 0..steps {
        move_bodies(&mut world, &moves, &MoveConfig::default()).unwrap();
    }
    let ns = started.elapsed().as_nanos() as f64 / (steps * moves.len()) as f64;
    println!("{ns:.2} ns/body-step");
}
