//! `move_bodies` results pinned to the bit. Two seeded crowds (boxes, circles, polygons and
//! capsules; still, slow, fast and large; some starting inside one another, some on a layer
//! the others do not see) on a map of every kind of tile among polygon walls, one of them
//! with sensors, are stepped several times; a digest of every number of every result must
//! equal the one the code gave when it was pinned.
//!
//! A change meant only to make a step cheaper must leave the digests as they are. A change
//! meant to change results updates them and says why. Pinned with the code of 7f5d7af;
//! pinned again when a slide began to take away the part of the motion left going into the
//! plane just met (within the clip's slack): 6 and 8 of the 1,600 positions moved, by 2e-6
//! at most.

use super::*;

/// FNV-1a, 64 bits, over the bytes of what it is given.
struct Digest(u64);

impl Digest {
    fn new() -> Self {
        Digest(0xcbf2_9ce4_8422_2325)
    }

    fn bytes(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }

    fn float(&mut self, x: f32) {
        self.bytes(&x.to_bits().to_le_bytes());
    }

    fn point(&mut self, p: Vec2) {
        self.float(p.x);
        self.float(p.y);
    }

    /// Anything by its debug text (handles, responses, cells: not numbers that are computed).
    fn text(&mut self, x: &impl std::fmt::Debug) {
        self.bytes(format!("{x:?}").as_bytes());
    }
}

/// A 40 × 40 map of unit tiles (a solid border, then about one cell in six set, of every
/// kind), 30 polygon walls, `with_sensors` three sensor boxes, and 400 movers; their moves.
fn crowd(seed: u64, with_sensors: bool) -> (World, Vec<BodyMove>) {
    let mut rnd = unit_numbers(seed);
    let mut map = TileMap::new(40, 40, 1.0).unwrap();
    for y in 0..40 {
        for x in 0..40 {
            let border = x == 0 || y == 0 || x == 39 || y == 39;
            let r = rnd();
            let tile = match () {
                _ if border => Tile::Solid,
                _ if r < 0.08 => Tile::Solid,
                _ if r < 0.11 => Tile::OneWay,
                _ if r < 0.14 => Tile::SlopeUpRight,
                _ if r < 0.17 => Tile::SlopeUpLeft,
                _ => Tile::Empty,
            };
            map.set(x, y, tile).unwrap();
        }
    }
    let mut world = World::with_cell_size(2.0).unwrap();
    world.add(ColliderDesc::tiles(map, Vec2::ZERO)).unwrap();
    let anywhere = |rnd: &mut dyn FnMut() -> f32| v(1.5 + rnd() * 37.0, 1.5 + rnd() * 37.0);
    for i in 0..30 {
        let wall = ConvexPolygon::regular(3 + i % 4, 0.3 + 0.1 * (i % 5) as f32, i as f32).unwrap();
        world
            .add(ColliderDesc::new(wall, anywhere(&mut rnd)))
            .unwrap();
    }
    if with_sensors {
        for _ in 0..3 {
            world
                .add(ColliderDesc::new(boxed(2.0, 1.5), anywhere(&mut rnd)).sensor())
                .unwrap();
        }
    }
    let mut moves = Vec::new();
    for i in 0..400 {
        let shape = match i % 4 {
            0 => boxed(0.2 + 0.05 * (i % 3) as f32, 0.25),
            1 => circle(0.2 + 0.04 * (i % 5) as f32),
            2 => ConvexPolygon::regular(5, 0.3, 0.1 * i as f32)
                .unwrap()
                .into(),
            _ => capsule(0.15, 0.2),
        };
        // Every tenth is large (a broadphase cell and more).
        let shape = if i % 10 == 9 { boxed(1.6, 0.4) } else { shape };
        let desc = ColliderDesc::new(shape, anywhere(&mut rnd)).kinematic();
        // Every seventh on a layer the default filter's bodies see but that sees nothing.
        let desc = if i % 7 == 3 {
            desc.with_layers(1 << 4, 0)
        } else {
            desc
        };
        let handle = world.add(desc).unwrap();
        let speed = match i % 8 {
            0 => 0.0,
            1 => 6.0,
            _ => 0.6,
        };
        let motion = v(rnd() * 2.0 - 1.0, rnd() * 2.0 - 1.2) * speed;
        moves.push(BodyMove { handle, motion });
    }
    (world, moves)
}

/// What the steps of a crowd met: results that met nothing, that met another mover, that
/// started inside another mover (pushed out, `remaining` aside), and that crossed a sensor.
#[derive(Debug, Default)]
struct Met {
    nothing: usize,
    movers: usize,
    pinned: usize,
    sensors: usize,
}

/// The digest of every result of `steps` steps of the crowd (each step the same moves) and of
/// every mover's position after each; and what they met.
fn digest_of_steps(seed: u64, with_sensors: bool, steps: usize) -> (u64, Met) {
    let (mut world, moves) = crowd(seed, with_sensors);
    let movers: std::collections::HashSet<Handle> = moves.iter().map(|m| m.handle).collect();
    let mut d = Digest::new();
    let mut met = Met::default();
    for _ in 0..steps {
        let results = move_bodies(&mut world, &moves, &MoveConfig::default()).unwrap();
        assert_eq!(results.len(), moves.len());
        for r in &results {
            met.nothing += usize::from(r.contacts.is_empty() && r.sensors.is_empty());
            met.movers += usize::from(r.contacts.iter().any(|c| movers.contains(&c.handle)));
            met.pinned += usize::from(r.pinned);
            met.sensors += usize::from(!r.sensors.is_empty());
            d.point(r.position);
            d.point(r.remaining);
            d.point(r.velocity);
            d.text(&r.pinned);
            for c in &r.contacts {
                d.text(&c.handle);
                d.point(c.normal);
                d.point(c.point);
                d.float(c.fraction);
                d.text(&c.response);
                d.text(&c.cell);
            }
            for s in &r.sensors {
                d.text(&(s.handle, s.started_inside, s.ended_inside));
            }
        }
        for m in &moves {
            d.point(world.get(m.handle).unwrap().position());
        }
    }
    (d.0, met)
}

#[test]
fn a_crowd_without_sensors_moves_as_pinned() {
    let (digest, met) = digest_of_steps(20_261_130, false, 4);
    // The crowd is what the pin is for: most bodies meet nothing (made whole without a sweep),
    // hundreds meet another mover, dozens start inside one (of 1,600 results: about 700, 570
    // and 80).
    assert!(
        met.nothing > 400 && met.movers > 300 && met.pinned > 40,
        "{met:?}"
    );
    assert_eq!(
        digest, PINNED_WITHOUT_SENSORS,
        "move_bodies' results changed (see the module's docs)"
    );
}

#[test]
fn a_crowd_among_sensors_moves_as_pinned() {
    let (digest, met) = digest_of_steps(77, true, 4);
    // As above, and dozens cross a sensor (about 70).
    assert!(
        met.nothing > 400 && met.movers > 300 && met.pinned > 40 && met.sensors > 30,
        "{met:?}"
    );
    assert_eq!(
        digest, PINNED_WITH_SENSORS,
        "move_bodies' results changed (see the module's docs)"
    );
}

/// The digests the code gave when they were pinned.
const PINNED_WITHOUT_SENSORS: u64 = 16_707_664_117_842_406_585;
const PINNED_WITH_SENSORS: u64 = 1_075_005_382_940_770_751;
