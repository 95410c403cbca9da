//! Many characters stepped at once, each against the world as it stood at the start: on
//! several threads with the `parallel` feature, with the same results whatever their number.

use glam::Vec2;

use super::step_world::HeldWorld;
use super::{CharacterController, CharacterError, Step};
use crate::world::{Handle, World};

/// One character of a [`step_characters`] batch: its controller, its body (a collider of the
/// world) and its step.
#[derive(Debug)]
pub struct CharacterMove<'c> {
    /// The character's controller; its [`state`](CharacterController::state) is the step's
    /// report once the batch is done.
    pub controller: &'c mut CharacterController,
    /// The character's collider.
    pub body: Handle,
    /// What the character does this step.
    pub step: Step,
}

/// Steps many characters at once: each one as [`CharacterController::step`] steps it, against
/// the world as it stood at the start of the call; then every character's new position
/// (world frame) and velocity (its displacement over the step's `dt`, world units per second)
/// are written into the world together. The answer for each, in the order given:
/// `Ok` with the report in its controller's [`state`](CharacterController::state), or why its
/// step was refused (its body, its controller and its state are then as they were).
///
/// The characters of one batch do not see one another move: each meets the others where they
/// stood at the start of the step, and reads their velocities as they were then (a character
/// standing on another rides it by the velocity of its last step, so it hovers up to one step's
/// fall above one going down). Two characters walking into each other in the same step can
/// therefore end it overlapping by up to the distance they walked; in the next one each is
/// pushed out along the other's motion, by the whole overlap. Two that keep pressing into each
/// other go on like that, overlapping every other step by up to a step's walk and apart in
/// between. The batch is for characters that mostly keep apart (the enemies of a level, a
/// crowd walking its own ways); step those that must meet one another exactly within a step one
/// by one with [`CharacterController::step`], which moves each in the world before the next
/// looks.
///
/// So the order of `characters` decides nothing, and with the `parallel` feature a batch of many
/// characters (64 or more) is computed on rayon's threads (the global pool, or the pool the
/// call runs in): the results, every controller's state and the world after are the same to
/// the bit as on one thread, whatever the number of threads. A body listed twice is refused
/// both times ([`CharacterError::DuplicateCharacter`]).
///
/// ```
/// use glissade::{Aabb, CharacterController, CharacterMove, ColliderDesc, Step, World, glam::Vec2};
/// use glissade::step_characters;
/// let mut world = World::new();
/// world.add(ColliderDesc::new(Aabb::new(Vec2::new(-50.0, -1.0), Vec2::new(50.0, 0.0))?, Vec2::ZERO))?;
/// let shape = Aabb::from_half_extents(Vec2::new(0.25, 0.5))?;
/// let bodies = [-20.0, 0.0, 20.0].map(|x| {
///     world.add(ColliderDesc::new(shape, Vec2::new(x, 0.505)).kinematic())
/// });
/// let mut controllers = vec![CharacterController::default(); 3];
/// // Three characters walking right with gravity at 60 Hz, a second long.
/// for _ in 0..60 {
///     let mut batch: Vec<CharacterMove> = controllers
///         .iter_mut()
///         .zip(&bodies)
///         .map(|(controller, body)| CharacterMove {
///             controller,
///             body: *body.as_ref().unwrap(),
///             step: Step::new(Vec2::new(0.05, -0.1), 1.0 / 60.0),
///         })
///         .collect();
///     for answer in step_characters(&mut world, &mut batch) {
///         answer?;
///     }
/// }
/// for (c, body) in controllers.iter().zip(&bodies) {
///     assert!(c.state.grounded());
///     let x = world.get(*body.as_ref().unwrap()).unwrap().position().x;
///     assert!([-17.0, 3.0, 23.0].iter().any(|want| (x - want).abs() < 1e-4));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn step_characters(
    world: &mut World,
    characters: &mut [CharacterMove],
) -> Vec<Result<(), CharacterError>> {
    let mut bodies: Vec<Handle> = characters.iter().map(|c| c.body).collect();
    bodies.sort_unstable();
    let twice: Vec<Handle> = bodies
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0])
        .collect();
    let held: &World = world;
    let one = |c: &mut CharacterMove| -> Result<(Vec2, Vec2), CharacterError> {
        if twice.binary_search(&c.body).is_ok() {
            return Err(CharacterError::DuplicateCharacter(c.body));
        }
        // Checked in the order `CharacterController::step` checks them.
        c.controller.config.validate()?;
        c.step.validate()?;
        let mut sw = HeldWorld::new(held, c.body)?;
        c.controller.step_in(&mut sw, c.body, c.step)?;
        Ok(sw.outcome())
    };
    #[cfg(feature = "parallel")]
    let outcomes: Vec<Result<(Vec2, Vec2), CharacterError>> =
        if characters.len() >= MIN_PARALLEL_CHARACTERS && rayon::current_num_threads() > 1 {
            use rayon::prelude::*;
            characters
                .par_iter_mut()
                .with_min_len(MIN_CHARACTERS_PER_TASK)
                .map(one)
                .collect()
        } else {
            characters.iter_mut().map(one).collect()
        };
    #[cfg(not(feature = "parallel"))]
    let outcomes: Vec<Result<(Vec2, Vec2), CharacterError>> =
        characters.iter_mut().map(one).collect();
    // Every body was found live and is listed once, and each position and velocity passed the
    // world's own checks when the step made it: the writes cannot be refused.
    let writes: Vec<(Handle, Vec2)> = characters
        .iter()
        .zip(&outcomes)
        .filter_map(|(c, o)| o.as_ref().ok().map(|&(p, _)| (c.body, p)))
        .collect();
    let written = world.set_positions(&writes);
    debug_assert!(written.is_ok(), "{written:?}");
    for (c, o) in characters.iter().zip(&outcomes) {
        if let Ok((_, v)) = o {
            let written = world.set_velocity(c.body, *v);
            debug_assert!(written.is_ok(), "{written:?}");
        }
    }
    outcomes.into_iter().map(|o| o.map(|_| ())).collect()
}

/// Fewer characters than this are stepped on the calling thread: handing them to other threads
/// would cost more than it saves.
#[cfg(feature = "parallel")]
const MIN_PARALLEL_CHARACTERS: usize = 64;

/// Fewest characters one thread takes at a time.
#[cfg(feature = "parallel")]
const MIN_CHARACTERS_PER_TASK: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Aabb;
    use crate::world::{ColliderDesc, Tile, TileMap};

    /// A floor of solid tiles 200 cells long with a ramp, a one-way ledge and a stair on it,
    /// and `n` characters (0.5 × 1 boxes) standing on the floor 24 units apart.
    fn level(n: usize) -> (World, Vec<Handle>) {
        let mut map = TileMap::new(200, 8, 1.0).expect("a valid map");
        for x in 0..200 {
            map.set(x, 0, Tile::Solid).expect("inside");
            match x % 24 {
                6 => map.set(x, 1, Tile::SlopeUpRight).expect("inside"),
                7..=9 => map.set(x, 1, Tile::Solid).expect("inside"),
                14 => map.set(x, 1, Tile::Solid).expect("inside"),
                18..=20 => map.set(x, 3, Tile::OneWay).expect("inside"),
                _ => {}
            }
        }
        let mut world = World::new();
        world
            .add(ColliderDesc::tiles(map, Vec2::ZERO))
            .expect("finite");
        let shape = Aabb::from_half_extents(Vec2::new(0.25, 0.5)).expect("positive");
        let bodies = (0..n)
            .map(|i| {
                let at = Vec2::new(2.0 + 24.0 * i as f32, 1.51);
                world
                    .add(ColliderDesc::new(shape, at).kinematic())
                    .expect("finite")
            })
            .collect();
        (world, bodies)
    }

    /// Character `i`'s step `k`: walking right then left, with gravity, jumping now and then.
    fn step_of(i: usize, k: usize) -> Step {
        let side = if (k / 90 + i).is_multiple_of(2) {
            0.08
        } else {
            -0.06
        };
        let up = if (k + 7 * i).is_multiple_of(50) {
            0.3
        } else {
            -0.12
        };
        Step::new(Vec2::new(side, up), 1.0 / 60.0)
    }

    /// Steps every character of `bodies` once in a batch, handed over in reverse order when
    /// `reversed`: the answers in the order of `bodies`.
    fn batch(
        world: &mut World,
        bodies: &[Handle],
        controllers: &mut [CharacterController],
        k: usize,
        reversed: bool,
    ) -> Vec<Result<(), CharacterError>> {
        let mut moves: Vec<CharacterMove> = controllers
            .iter_mut()
            .zip(bodies)
            .enumerate()
            .map(|(i, (controller, &body))| CharacterMove {
                controller,
                body,
                step: step_of(i, k),
            })
            .collect();
        if reversed {
            moves.reverse();
        }
        let mut answers = step_characters(world, &mut moves);
        if reversed {
            answers.reverse();
        }
        answers
    }

    /// `body` stands at the same place with the same velocity in both worlds, to the bit.
    fn assert_same_body(a: &World, b: &World, body: Handle) {
        let bits = |w: &World| {
            let c = w.get(body).expect("live");
            let (p, v) = (c.position(), c.velocity());
            [p.x, p.y, v.x, v.y].map(f32::to_bits)
        };
        assert_eq!(bits(a), bits(b));
    }

    fn position(world: &World, h: Handle) -> Vec2 {
        world.get(h).expect("live").position()
    }

    /// Characters too far apart to meet: a batch gives what stepping them one by one gives,
    /// to the bit (positions, velocities and every report), over ramps, stairs and ledges.
    #[test]
    fn characters_apart_step_as_one_by_one() {
        let (mut together, bodies) = level(8);
        let mut alone = together.clone();
        let mut batched = vec![CharacterController::default(); bodies.len()];
        let mut single = batched.clone();
        let mut highest = f32::NEG_INFINITY;
        for k in 0..400 {
            for r in batch(&mut together, &bodies, &mut batched, k, false) {
                r.expect("a valid step");
            }
            for (i, (c, &body)) in single.iter_mut().zip(&bodies).enumerate() {
                c.step(&mut alone, body, step_of(i, k))
                    .expect("a valid step");
            }
            for &body in &bodies {
                highest = highest.max(position(&together, body).y);
            }
            for ((a, b), &body) in batched.iter().zip(&single).zip(&bodies) {
                assert_eq!(
                    format!("{:?}", a.state),
                    format!("{:?}", b.state),
                    "step {k}"
                );
                assert_same_body(&together, &alone, body);
            }
        }
        // The course was walked: each went some way, and up onto the blocks by their ramps.
        let start = level(8).0;
        for &b in &bodies {
            assert!((position(&together, b).x - position(&start, b).x).abs() > 1.0);
        }
        assert!(highest > 2.5, "never on a block: {highest}");
    }

    /// Two characters walking into each other in one step. Each meets the other where it
    /// stood, so both walk their whole 0.6 and end overlapping by 0.2; the next step, standing
    /// still, each is pushed back out along the other's motion by the 0.2 plus a skin.
    ///
    /// ```text
    ///   start:  A [-0.25, 0.25]          B [1.25, 1.75]      gap 1.0
    ///   step 1: A [ 0.35, 0.85]   B [0.65, 1.15]             overlap 0.2
    ///   step 2: A [0.15-s, 0.65-s]   B [0.85+s, 1.35+s]      gap 0.2 + 2 skins
    /// ```
    #[test]
    fn characters_walking_into_each_other_overlap_then_part() {
        let mut world = World::new();
        world
            .add(ColliderDesc::new(
                Aabb::new(Vec2::new(-20.0, -1.0), Vec2::new(20.0, 0.0)).expect("valid"),
                Vec2::ZERO,
            ))
            .expect("finite");
        let shape = Aabb::from_half_extents(Vec2::new(0.25, 0.5)).expect("positive");
        let mut add = |x: f32| {
            world
                .add(ColliderDesc::new(shape, Vec2::new(x, 0.51)).kinematic())
                .expect("finite")
        };
        let (a, b) = (add(0.0), add(1.5));
        let mut ca = CharacterController::default();
        let mut cb = CharacterController::default();
        let skin = ca.config.skin;
        let dt = 1.0 / 60.0;
        let mut run = |world: &mut World, ma: f32, mb: f32| {
            let mut moves = [
                CharacterMove {
                    controller: &mut ca,
                    body: a,
                    step: Step::new(Vec2::new(ma, 0.0), dt),
                },
                CharacterMove {
                    controller: &mut cb,
                    body: b,
                    step: Step::new(Vec2::new(mb, 0.0), dt),
                },
            ];
            for r in step_characters(world, &mut moves) {
                r.expect("a valid step");
            }
        };
        run(&mut world, 0.6, -0.6);
        assert!((position(&world, a).x - 0.6).abs() < 1e-5);
        assert!((position(&world, b).x - 0.9).abs() < 1e-5);
        run(&mut world, 0.0, 0.0);
        assert!((position(&world, a).x - (0.4 - skin)).abs() < 1e-4);
        assert!((position(&world, b).x - (1.1 + skin)).abs() < 1e-4);
        // Pushed out, not crushed: each moved clear of where the other stands.
        assert!(!ca.state.crushed && !cb.state.crushed);
        assert!(ca.state.grounded() && cb.state.grounded());
    }

    /// A step whose velocity the world would refuse (a displacement over a tiny `dt` beyond
    /// the largest coordinate) is refused in a batch as one by one: nothing moves.
    #[test]
    fn a_step_the_world_would_refuse_is_refused() {
        let (mut world, bodies) = level(1);
        let mut alone = world.clone();
        let step = Step::new(Vec2::new(0.1, 0.0), 1e-20);
        let mut c = CharacterController::default();
        let one = c.step(&mut alone, bodies[0], step).map(|_| ());
        assert!(one.is_err());
        let mut d = CharacterController::default();
        let before = (position(&world, bodies[0]), d.state.clone());
        let answers = step_characters(
            &mut world,
            &mut [CharacterMove {
                controller: &mut d,
                body: bodies[0],
                step,
            }],
        );
        assert_eq!(answers, vec![one]);
        assert_eq!((position(&world, bodies[0]), d.state.clone()), before);
        assert_eq!(world.get(bodies[0]).expect("live").velocity(), Vec2::ZERO);
    }

    /// The order of the batch decides nothing, even for characters that meet, and a body
    /// listed twice is refused both times while the others step.
    #[test]
    fn order_decides_nothing_and_a_body_twice_is_refused() {
        let (mut forward, bodies) = level(3);
        // Crowd them: all three near the first ramp.
        for (i, &b) in bodies.iter().enumerate() {
            forward
                .set_position(b, Vec2::new(3.0 + 0.6 * i as f32, 1.51))
                .expect("live");
        }
        let mut backward = forward.clone();
        let mut cf = vec![CharacterController::default(); 3];
        let mut cb = cf.clone();
        for k in 0..120 {
            let answers_forward = batch(&mut forward, &bodies, &mut cf, k, false);
            let answers_backward = batch(&mut backward, &bodies, &mut cb, k, true);
            assert_eq!(answers_forward, answers_backward);
            for (i, &b) in bodies.iter().enumerate() {
                assert_same_body(&forward, &backward, b);
                assert_eq!(format!("{:?}", cf[i].state), format!("{:?}", cb[i].state));
            }
        }
        let before: Vec<Vec2> = bodies.iter().map(|&b| position(&forward, b)).collect();
        let velocity_before = forward.get(bodies[0]).expect("live").velocity();
        let states_before = [cf[0].state.clone(), cf[2].state.clone()];
        let (first, second) = cf.split_at_mut(1);
        let (second, third) = second.split_at_mut(1);
        let mut moves = [
            CharacterMove {
                controller: &mut first[0],
                body: bodies[0],
                step: step_of(0, 0),
            },
            CharacterMove {
                controller: &mut second[0],
                body: bodies[1],
                step: step_of(1, 0),
            },
            CharacterMove {
                controller: &mut third[0],
                body: bodies[0],
                step: step_of(2, 0),
            },
        ];
        let answers = step_characters(&mut forward, &mut moves);
        assert_eq!(
            answers[0],
            Err(CharacterError::DuplicateCharacter(bodies[0]))
        );
        assert_eq!(
            answers[2],
            Err(CharacterError::DuplicateCharacter(bodies[0]))
        );
        assert_eq!(answers[1], Ok(()));
        // The refused body and the controllers of its two entries are as they were.
        assert_eq!(position(&forward, bodies[0]), before[0]);
        assert_eq!(
            forward.get(bodies[0]).expect("live").velocity(),
            velocity_before
        );
        assert_eq!([cf[0].state.clone(), cf[2].state.clone()], states_before);
        assert_ne!(position(&forward, bodies[1]), before[1]);
    }
}
