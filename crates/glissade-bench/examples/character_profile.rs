//! Our side of `character/walk` in a loop, for a profiler:
//! `cargo build --release -p glissade-bench --example character_profile && perf record ./target/release/examples/character_profile`.

use glissade::{CharacterController, Step};
use glissade_bench::character::Course;

fn main() {
    let course = Course::standard();
    let (world0, body) = course.glissade_world();
    let mut total = 0.0f32;
    for _ in 0..20 {
        let mut world = world0.clone();
        let mut c = CharacterController::default();
        let mut dir = 1.0;
        for _ in 0..20_000 {
            let x = world.get(body).map_or(0.0, |b| b.position().x);
            dir = course.next_dir(x, dir);
            if c.step(&mut world, body, Step::new(Course::motion(dir), 1.0 / 60.0))
                .is_err()
            {
                break;
            }
        }
        total += world.get(body).map_or(0.0, |b| b.position().x);
    }
    println!("{total}");
}
