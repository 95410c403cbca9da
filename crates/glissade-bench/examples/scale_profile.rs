//! The scale benchmark's step, repeated from the same world (for a profiler).
use glissade_bench::moves::{scale_run, scale_world};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let rounds: u32 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let (world, moves) = scale_world(1000, 10_000, n, 7);
    println!("{:.2} ns/body", scale_run(&world, &moves, rounds));
}
