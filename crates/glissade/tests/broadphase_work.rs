//! The broadphase finds what a brute force finds (each collider alone in a world of its own):
//! casts, rays and box queries, short and very long, over worlds whose colliders lie near the
//! origin and far from it, before and after colliders are added, moved far and back, and
//! removed. The broadphase steps over empty space a block of cells at a time:
//! these check that it never steps over a collider. (Its work is bounded by the unit tests of
//! `world::coarse`.)

use glissade::glam::Vec2;
use glissade::{Aabb, Circle, ColliderDesc, Handle, QueryFilter, Shape, World};

/// Random worlds checked per cell size.
const SEEDS: u64 = 12;
/// Colliders per world at the start.
const COLLIDERS: usize = 30;
/// Queries of each kind per world state.
const QUERIES: usize = 24;
/// World states per world: the first, then after each round of changes.
const ROUNDS: usize = 3;

/// f32 draws from the workspace's seeded generator.
struct Rng(glissade_rng::SplitMix64);

impl Rng {
    /// Uniform in `[0, 1)`.
    fn unit(&mut self) -> f32 {
        (self.0.next_u64() >> 40) as f32 / (1u64 << 24) as f32
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    fn below(&mut self, n: usize) -> usize {
        self.0.below(n)
    }
}

fn shape(rng: &mut Rng, scale: f32) -> Shape {
    if rng.unit() < 0.5 {
        let half = Vec2::new(rng.range(0.1, 3.0), rng.range(0.1, 3.0)) * scale;
        Aabb::new(-half, half).unwrap().into()
    } else {
        Circle::new(rng.range(0.1, 3.0) * scale).unwrap().into()
    }
}

/// Mostly near the origin; else far out, up to a few million units away.
fn place(rng: &mut Rng) -> Vec2 {
    if rng.unit() < 0.7 {
        Vec2::new(rng.range(-300.0, 300.0), rng.range(-300.0, 300.0))
    } else {
        let far = |rng: &mut Rng| {
            let sign = if rng.unit() < 0.5 { -1.0 } else { 1.0 };
            sign * 10f32.powf(rng.range(2.0, 6.5))
        };
        Vec2::new(far(rng), far(rng))
    }
}

/// A world and, for each of its colliders still there, a world holding only that collider.
struct Scene {
    cell: f32,
    world: World,
    /// Per collider ever added: its handle in `world`, and its own world.
    colliders: Vec<Option<(Handle, World)>>,
}

impl Scene {
    fn new(cell: f32) -> Self {
        Scene {
            cell,
            world: World::with_cell_size(cell).unwrap(),
            colliders: Vec::new(),
        }
    }

    fn alone(&self, shape: Shape, at: Vec2) -> World {
        let mut w = World::with_cell_size(self.cell).unwrap();
        w.add(ColliderDesc::new(shape, at)).unwrap();
        w
    }

    fn add(&mut self, shape: Shape, at: Vec2) {
        let h = self
            .world
            .add(ColliderDesc::new(shape.clone(), at))
            .unwrap();
        let alone = self.alone(shape, at);
        self.colliders.push(Some((h, alone)));
    }

    fn live(&self) -> impl Iterator<Item = (usize, Handle, &World)> {
        self.colliders
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.as_ref().map(|(h, w)| (i, *h, w)))
    }

    /// The collider behind a handle of the world.
    fn index(&self, h: Handle) -> usize {
        self.live().find(|(_, x, _)| *x == h).unwrap().0
    }

    /// Removes some colliders, moves some far away (and some of those back), adds some.
    fn change(&mut self, rng: &mut Rng) {
        let live: Vec<usize> = self.live().map(|(i, _, _)| i).collect();
        for &i in &live {
            let roll = rng.unit();
            let Some((h, _)) = self.colliders[i].as_ref() else {
                continue;
            };
            let h = *h;
            if roll < 0.2 {
                self.world.remove(h).unwrap();
                self.colliders[i] = None;
            } else if roll < 0.4 {
                let shape = self.world.get(h).unwrap().shape().unwrap().clone();
                let old = self.world.get(h).unwrap().position();
                let to = place(rng);
                self.world.set_position(h, to).unwrap();
                let back = rng.unit() < 0.5;
                if back {
                    self.world.set_position(h, old).unwrap();
                }
                let at = if back { old } else { to };
                self.colliders[i] = Some((h, self.alone(shape, at)));
            }
        }
        for _ in 0..COLLIDERS / 4 {
            let s = shape(rng, 1.0);
            let at = place(rng);
            self.add(s, at);
        }
    }

    /// A start and a motion: short, long in any direction, or aimed at a collider.
    fn motion(&self, rng: &mut Rng) -> (Vec2, Vec2) {
        let from = place(rng);
        let roll = rng.unit();
        let live: Vec<_> = self.live().collect();
        let d = if roll < 0.3 {
            Vec2::new(rng.range(-20.0, 20.0), rng.range(-20.0, 20.0))
        } else if roll < 0.6 || live.is_empty() {
            let angle = rng.range(0.0, std::f32::consts::TAU);
            Vec2::from_angle(angle) * 10f32.powf(rng.range(2.0, 6.5))
        } else {
            let (_, h, _) = live[rng.below(live.len())];
            let target = self.world.get(h).unwrap().position();
            // Just past it, or a little to the side.
            let side = Vec2::new(rng.range(-2.0, 2.0), rng.range(-2.0, 2.0));
            (target - from) * 1.01 + side
        };
        (from, d)
    }

    fn check(&self, rng: &mut Rng) {
        let filter = QueryFilter::default();
        for _ in 0..QUERIES {
            // Casts, where the body starts clear of everything.
            let body = shape(rng, 0.3);
            let (from, d) = self.motion(rng);
            let alone: Vec<_> = self
                .live()
                .map(|(i, _, w)| (i, w.cast_shape(&body, from, d, &filter)))
                .collect();
            if alone
                .iter()
                .all(|(_, r)| r.is_none_or(|r| r.fraction > 0.0))
            {
                let first = alone
                    .iter()
                    .filter_map(|(i, r)| r.map(|r| (r.fraction, *i)))
                    .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
                let got = self.world.cast_shape(&body, from, d, &filter);
                let got = got.map(|r| (r.fraction, self.index(r.handle)));
                match (got, first) {
                    (Some(g), Some(f)) => assert_eq!(g.0, f.0, "cast from {from} by {d}"),
                    (g, f) => assert_eq!(g, f, "cast from {from} by {d}"),
                }
            }
            // Rays: every collider entered.
            let (from, d) = self.motion(rng);
            let mut want: Vec<(usize, f32)> = self
                .live()
                .filter_map(|(i, _, w)| w.raycast(from, d, &filter).map(|r| (i, r.fraction)))
                .collect();
            let mut got: Vec<(usize, f32)> = self
                .world
                .raycast_all(from, d, &filter)
                .into_iter()
                .map(|r| (self.index(r.handle), r.fraction))
                .collect();
            want.sort_by_key(|x| x.0);
            got.sort_by_key(|x| x.0);
            assert_eq!(got, want, "ray from {from} by {d}");
            // Boxes, some huge.
            let (a, d) = self.motion(rng);
            let (lo, hi) = (a.min(a + d), a.max(a + d));
            let want: Vec<usize> = self
                .live()
                .filter(|(_, _, w)| !w.query_aabb(lo, hi, &filter).is_empty())
                .map(|(i, _, _)| i)
                .collect();
            let mut got: Vec<usize> = self
                .world
                .query_aabb(lo, hi, &filter)
                .into_iter()
                .map(|h| self.index(h))
                .collect();
            got.sort_unstable();
            assert_eq!(got, want, "box {lo} to {hi}");
        }
    }
}

#[test]
fn long_and_short_queries_find_what_each_collider_alone_finds() {
    // Cell sizes with and without an exact inverse.
    for cell in [4.0, 1.0, 0.7, 13.0] {
        for seed in 1..=SEEDS {
            let mut rng = Rng(glissade_rng::SplitMix64::new(seed));
            let mut scene = Scene::new(cell);
            for _ in 0..COLLIDERS {
                let s = shape(&mut rng, 1.0);
                let at = place(&mut rng);
                scene.add(s, at);
            }
            for round in 0..ROUNDS {
                if round > 0 {
                    scene.change(&mut rng);
                }
                scene.check(&mut rng);
            }
        }
    }
}
