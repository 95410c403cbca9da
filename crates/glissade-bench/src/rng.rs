//! The benchmark's random inputs: f32 helpers on the workspace's deterministic
//! SplitMix64 generator, so the inputs are the same on every run and machine without a `rand`
//! dependency.

use glissade::glam::Vec2;
use glissade_rng::SplitMix64;

/// A seeded generator of f32 inputs.
#[derive(Debug, Clone)]
pub struct Rng {
    seed: u64,
    inner: SplitMix64,
}

impl Rng {
    /// A generator seeded with `seed` (any value, zero included).
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            seed,
            inner: SplitMix64::new(seed),
        }
    }

    /// An independent stream for `salt` (e.g. one per case), derived from this seed.
    #[must_use]
    pub fn fork(&self, salt: u64) -> Self {
        let mut r = Self::new(self.seed ^ salt.wrapping_mul(0xd6e8_feb8_6659_fd93));
        r.next_u64();
        r
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A `side × side` map of unit cells whose tile at `(x, y)` is `tile(x, y, border, r)`:
    /// `border` whether the cell is on the map's edge, `r` the next [`unit`](Self::unit),
    /// drawn for each cell row by row from the bottom.
    ///
    /// # Panics
    ///
    /// If `side` is 0 (no map of no cells).
    pub fn tile_map(
        &mut self,
        side: u32,
        tile: impl Fn(u32, u32, bool, f32) -> glissade::Tile,
    ) -> glissade::TileMap {
        let mut map = glissade::TileMap::new(side, side, 1.0)
            .expect("a non-empty map of unit cells is valid");
        for y in 0..side {
            for x in 0..side {
                let border = x == 0 || y == 0 || x == side - 1 || y == side - 1;
                let r = self.unit();
                map.set(x, y, tile(x, y, border, r))
                    .expect("inside the map");
            }
        }
        map
    }

    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 * (1.0 / (1u64 << 24) as f32)
    }

    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.unit()
    }

    /// Uniform integer in `lo..=hi`.
    pub fn int(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_u64() % (hi - lo + 1) as u64) as usize
    }

    /// Uniform in the square `[-half, half]²`.
    pub fn in_square(&mut self, half: f32) -> Vec2 {
        Vec2::new(self.range(-half, half), self.range(-half, half))
    }

    /// A unit vector in a uniformly random direction.
    pub fn direction(&mut self) -> Vec2 {
        let a = self.range(0.0, core::f32::consts::TAU);
        Vec2::new(a.cos(), a.sin())
    }
}
