//! The crowd benchmark: many characters stepped together by `step_characters` on a seeded
//! level of floors, ramps and one-way ledges, on one thread and on several.

use std::hint::black_box;
use std::time::Instant;

use glissade::glam::Vec2;
use glissade::{
    Aabb, CharacterController, CharacterMove, ColliderDesc, Handle, QueryFilter, Shape, Step, Tile,
    World, step_characters,
};

use crate::rng::Rng;

/// Steps every crowd is walked before it is timed, so that each character has landed and
/// stands on its floor (the state a game spends its frames in).
const SETTLE_STEPS: usize = 30;

/// A `side × side` tile map of unit cells: a border, a floor every 6 rows (nine cells in ten
/// solid), ramps on the floors and one-way ledges between them; and `n` characters (0.5 × 0.9
/// boxes) placed in free space above the floors. Seeded, so every run builds the same crowd.
#[must_use]
pub fn crowd_world(side: u32, n: usize, seed: u64) -> (World, Vec<Handle>) {
    let mut rng = Rng::new(seed);
    let map = rng.tile_map(side, |_, y, border, r| match y % 6 {
        _ if border => Tile::Solid,
        0 if r < 0.9 => Tile::Solid,
        1 if r < 0.04 => Tile::SlopeUpRight,
        1 if r < 0.08 => Tile::SlopeUpLeft,
        3 if r < 0.1 => Tile::OneWay,
        _ => Tile::Empty,
    });
    let mut unit = move || rng.unit();
    let mut world = World::with_cell_size(2.0).expect("a positive cell size");
    world
        .add(ColliderDesc::tiles(map, Vec2::ZERO))
        .expect("finite origin");
    let shape: Shape = Aabb::from_half_extents(Vec2::new(0.25, 0.45))
        .expect("positive")
        .into();
    let span = side as f32 - 2.0;
    let mut bodies = Vec::with_capacity(n);
    let mut attempts = 0;
    while bodies.len() < n && attempts < n * 20 {
        attempts += 1;
        let at = Vec2::new(1.0 + unit() * span, 1.0 + unit() * span);
        if !world
            .overlap_shape(&shape, at, &QueryFilter::default())
            .is_empty()
        {
            continue;
        }
        bodies.push(
            world
                .add(ColliderDesc::new(shape.clone(), at).kinematic())
                .expect("finite position"),
        );
    }
    (world, bodies)
}

/// Character `i`'s step `k`: walking at 3 to 6 units/s one way or the other (turning every
/// two seconds) with gravity, jumping now and then.
fn crowd_step(i: usize, k: usize) -> Step {
    let speed = 0.05 + 0.05 * ((i * 7919) % 100) as f32 / 100.0;
    let dir = if (k / 120 + i).is_multiple_of(2) {
        1.0
    } else {
        -1.0
    };
    let up = if (k + i).is_multiple_of(97) {
        0.3
    } else {
        -0.15
    };
    Step::new(Vec2::new(dir * speed, up), 1.0 / 60.0)
}

/// One batch: every character of `bodies` stepped by its `k`-th step.
fn batch(world: &mut World, bodies: &[Handle], controllers: &mut [CharacterController], k: usize) {
    let mut moves: Vec<CharacterMove> = controllers
        .iter_mut()
        .zip(bodies)
        .enumerate()
        .map(|(i, (controller, &body))| CharacterMove {
            controller,
            body,
            step: crowd_step(i, k),
        })
        .collect();
    for answer in step_characters(world, &mut moves) {
        answer.expect("the crowd's steps are valid");
    }
}

/// Nanoseconds per character of one `step_characters` batch of the whole crowd, run in a
/// rayon pool of `threads` threads; and where the characters stood after it (to compare runs).
/// The crowd is first walked 30 steps (half a second), untimed; then each of `rounds` rounds
/// (more for small crowds: about 100,000 character steps in all) times one batch from that same
/// settled state. The median, as for the bodies of `scale move`.
///
/// # Panics
///
/// If the pool cannot be made, or a step is refused (the crowd's steps are valid).
#[must_use]
pub fn crowd_run_on(
    world: &World,
    bodies: &[Handle],
    rounds: u32,
    threads: usize,
) -> (f64, Vec<[u32; 2]>) {
    let mut pool = rayon::ThreadPoolBuilder::new().num_threads(threads);
    if threads > 1 {
        pool = pool.start_handler(|_| {
            crate::unpin_current_thread();
        });
    }
    let pool = pool.build().expect("a thread pool");
    let mut settled = world.clone();
    let mut controllers = vec![CharacterController::default(); bodies.len()];
    pool.install(|| {
        for k in 0..SETTLE_STEPS {
            batch(&mut settled, bodies, &mut controllers, k);
        }
    });
    let rounds = rounds
        .max((100_000 / bodies.len().max(1)).min(200) as u32)
        .max(1);
    let mut after = Vec::new();
    let mut samples: Vec<f64> = (0..rounds)
        .map(|_| {
            let mut w = settled.clone();
            let mut c = controllers.clone();
            let started = Instant::now();
            pool.install(|| batch(&mut w, black_box(bodies), &mut c, SETTLE_STEPS));
            let elapsed = started.elapsed();
            if after.is_empty() {
                after = bodies
                    .iter()
                    .map(|&b| {
                        let p = w.get(b).expect("live").position();
                        [p.x.to_bits(), p.y.to_bits()]
                    })
                    .collect();
            }
            elapsed.as_nanos() as f64 / bodies.len().max(1) as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    (samples[samples.len() / 2], after)
}

/// Formats the `scale character` line of one run: `scale character/bodies=<N> threads=<T>
/// ms_per_step=<f> ns_per_body=<f>`.
#[must_use]
pub fn crowd_line(bodies: usize, threads: usize, ns_per_body: f64) -> String {
    format!(
        "scale character/bodies={bodies} threads={threads} ms_per_step={:.3} ns_per_body={ns_per_body:.2}",
        ns_per_body * bodies as f64 / 1e6
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The crowd is made as asked, on its floors, and steps alike on one thread and on two.
    #[test]
    fn a_small_crowd_settles_and_steps_alike_on_two_threads() {
        let (world, bodies) = crowd_world(40, 120, 5);
        assert_eq!(bodies.len(), 120);
        let (_, one) = crowd_run_on(&world, &bodies, 1, 1);
        let (_, two) = crowd_run_on(&world, &bodies, 1, 2);
        assert_eq!(one, two);
        // They fell onto floors: most stand a skin above a floor's top (y = 6k + 1).
        let standing = one
            .iter()
            .filter(|[_, y]| {
                let bottom = f32::from_bits(*y) - 0.45;
                let above = bottom - (bottom / 6.0).floor() * 6.0 - 1.0;
                (0.0..0.05).contains(&above)
            })
            .count();
        assert!(
            standing * 2 > bodies.len(),
            "{standing} of {}",
            bodies.len()
        );
    }
}
