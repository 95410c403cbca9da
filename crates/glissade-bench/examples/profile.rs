//! glissade's side of one benchmark line, repeated, for a profiler: no peer runs, so what a
//! profile shows is ours only. Speed work on this machine counts instructions with callgrind
//! (repeatable where timings are not), for example, per character step on the tile floor:
//!
//! ```sh
//! cargo build --release -p glissade-bench --example profile
//! valgrind --tool=callgrind \
//!   --toggle-collect='glissade::character::controller::CharacterController::step' \
//!   ./target/release/examples/profile floor tile
//! callgrind_annotate --inclusive=yes callgrind.out.*
//! ```
//!
//! (`CARGO_PROFILE_RELEASE_DEBUG=line-tables-only` in the build's environment gives the
//! annotation its source lines.) What to run, as the first argument:
//!
//! - `walk [bisection]`: `move/tile-floor`, our `move_and_slide` along 10,000 tiles, ten times
//!   (toggle on `glissade::motion::step::move_and_slide_with_velocity`, which `move_and_slide`
//!   calls);
//! - `character`: `character/walk`, the controller over the whole course, twenty times, each
//!   from the benchmark's settled start;
//! - `floor tile|box`: `character/tile-floor` or `character/box-floor`, 20,000 steps of the
//!   controller from the benchmark's settled start (its settings, after its settling step);
//!   `floor tile coins`: the same on tiles with coins (sensors) along the way;
//! - `scale [BODIES] [ROUNDS] [THREADS]`: `scale move/bodies=BODIES` (10,000 unless given) on
//!   a pool of THREADS threads (one unless given; more than one are unpinned, as the bench's)
//!   (toggle on `glissade::motion::bodies::move_bodies`);
//! - `case NAME [INPUTS] [SWEEPS]`: our side of the query case `NAME` (as `cast/polygon-polygon`)
//!   swept over its first `INPUTS` inputs (4,096 unless given; 65,536 for its `@64k` line)
//!   `SWEEPS` times (toggle on the query, as `glissade::query::cast::cast`).

use std::process::ExitCode;
use std::time::Instant;

use glissade::glam::Vec2;
use glissade::motion::MoveStrategy;
use glissade::{Circle, ColliderDesc, Step};
use glissade_bench::character::{Course, DT, settled_glissade};
use glissade_bench::moves::{TileFloor, scale_run_on, scale_world, walk_glissade};
use glissade_bench::{Config, all_cases};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str);
    let number = |i: usize, default: usize| arg(i).and_then(|s| s.parse().ok()).unwrap_or(default);
    match arg(0) {
        Some("walk") => walk(arg(1) == Some("bisection")),
        Some("character") => character(),
        Some("floor") => match (arg(1), arg(2)) {
            (Some("tile"), None) => floor(&Course::tile_floor(), false),
            (Some("tile"), Some("coins")) => floor(&Course::tile_floor(), true),
            (Some("box"), None) => floor(&Course::box_floor(), false),
            _ => return usage(),
        },
        Some("scale") => {
            let (world, moves) = scale_world(1000, 10_000, number(1, 10_000), 7);
            let rounds = u32::try_from(number(2, 5)).unwrap_or(5);
            let threads = number(3, 1).max(1);
            let (ns, _) = scale_run_on(&world, &moves, rounds, threads);
            println!("{ns:.2} ns/body on {threads} thread(s)");
        }
        Some("case") => {
            let Some(name) = arg(1) else {
                return usage();
            };
            if !case(name, number(2, 4096), number(3, 50)) {
                return usage();
            }
        }
        _ => return usage(),
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: profile walk [bisection] | character | floor tile [coins]|box \
         | scale [BODIES] [ROUNDS] [THREADS] | case NAME [INPUTS] [SWEEPS]  (see the file's \
         docs; case names as in the benchmark's lines, e.g. cast/polygon-polygon)"
    );
    ExitCode::FAILURE
}

/// `move/tile-floor`, our side, ten times.
fn walk(bisection: bool) {
    let floor = TileFloor::standard();
    let strategy = if bisection {
        MoveStrategy::BISECTION_BASELINE
    } else {
        MoveStrategy::Exact
    };
    for _ in 0..10 {
        let r = walk_glissade(&floor, strategy);
        println!("{:.2} ns/move, {} snags", r.ns_per_move, r.snags);
    }
}

/// `character/walk`, our side, twenty times over from the benchmark's settled start: right and
/// left along the course.
fn character() {
    let course = Course::standard();
    let (world0, body, controller0) = settled_glissade(&course);
    let mut total = 0.0f32;
    for _ in 0..20 {
        let (mut world, mut c) = (world0.clone(), controller0.clone());
        let mut dir = 1.0;
        for _ in 0..course.walk_steps {
            let x = world.get(body).map_or(0.0, |b| b.position().x);
            dir = course.next_dir(x, dir);
            if c.step(&mut world, body, Step::new(Course::motion(dir), DT))
                .is_err()
            {
                break;
            }
        }
        total += world.get(body).map_or(0.0, |b| b.position().x);
    }
    println!("sum of the final x: {total}");
}

/// A floor line's walk, our side: from the benchmark's settled start, the course's steps
/// walking right. With `coins`, sensors are added after the settling step, for what they add
/// to a step (no benchmark line: rapier2d's controller reports no sensors): circles of radius
/// 0.25 every 1.5 units along the first 9,000 units, one row at the character's middle (each
/// touched) and one at 2.5 units up (near, never touched).
fn floor(course: &Course, coins: bool) {
    let (mut world, body, mut c) = settled_glissade(course);
    if coins {
        let coin = Circle::new(0.25).expect("a positive radius");
        for i in 0..6_000u16 {
            let x = 1.0 + f32::from(i) * 1.5;
            for y in [0.5, 2.5] {
                world
                    .add(ColliderDesc::new(coin, Vec2::new(x, y)).sensor())
                    .expect("a finite position");
            }
        }
    }
    let started = Instant::now();
    let (mut steps, mut sensed) = (0u32, 0usize);
    for _ in 0..course.walk_steps {
        match c.step(&mut world, body, Step::new(Course::motion(1.0), DT)) {
            Ok(state) => sensed += state.sensors.len(),
            Err(_) => break,
        }
        steps += 1;
    }
    println!(
        "{steps} steps, {:.1} ns/step, final x {:?}, {sensed} sensor reports",
        started.elapsed().as_nanos() as f64 / f64::from(steps.max(1)),
        world.get(body).map(|b| b.position().x)
    );
}

/// Our side of the query case `name` over its first `inputs` inputs, `sweeps` times; false
/// when no case has that name.
fn case(name: &str, inputs: usize, sweeps: usize) -> bool {
    let Some(spec) = all_cases().into_iter().find(|c| c.name == name) else {
        return false;
    };
    let mut case = spec.build(&Config::quick());
    case.set_timing_len(inputs);
    let inputs = case.timing_len();
    let started = Instant::now();
    let mut checksum = 0.0f32;
    for _ in 0..sweeps {
        checksum += case.sweep_ours();
    }
    println!(
        "{name}: {inputs} inputs, {:.2} ns/query (checksum {checksum})",
        started.elapsed().as_nanos() as f64 / (sweeps * inputs).max(1) as f64
    );
    true
}
