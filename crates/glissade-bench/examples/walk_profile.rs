//! Walks the tile floor many times with glissade only (for a profiler).
use glissade::motion::MoveStrategy;
use glissade_bench::moves::{TileFloor, walk_glissade};

fn main() {
    let floor = TileFloor::standard();
    let strategy = if std::env::args().any(|a| a == "bisection") {
        MoveStrategy::BISECTION_BASELINE
    } else {
        MoveStrategy::Exact
    };
    for _ in 0..10 {
        let r = walk_glissade(&floor, strategy);
        println!("{:.2} ns/move, {} snags", r.ns_per_move, r.snags);
    }
}
