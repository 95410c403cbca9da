//! The scripted course both controllers walk: its pieces (unit tiles, ramp triangles, stair
//! boxes), the walking rule that turns around at both ends, and glissade's world of it.

use glissade::glam::Vec2;
use glissade::{Aabb, ColliderDesc, ConvexPolygon, Handle, Tile, TileMap, World};

/// Seconds per step (60 Hz).
pub const DT: f32 = 1.0 / 60.0;

/// Sideways motion asked for at every step (6 units/s at 60 Hz).
pub const WALK: f32 = 0.1;

/// Downward motion asked for at every step (pressing on the ground like gravity).
pub const PRESS: f32 = 0.1;

/// Highest ledge either controller climbs (glissade's default `max_step_height`).
pub const MAX_STEP_HEIGHT: f32 = 0.3;

/// Height of a stair step: half of [`MAX_STEP_HEIGHT`].
pub const STAIR_RISE: f32 = 0.15;

/// Width of a stair step.
pub const STAIR_RUN: f32 = 1.0;

/// Distance either side of a stair section within which steps are not counted for flickers.
pub const STAIR_MARGIN: f32 = 1.0;

/// Snap-to-ground distance of both controllers (glissade's default `snap_distance`).
pub const SNAP: f32 = 0.5;

/// Gap kept between the character and the world (glissade's default skin, rapier's offset).
pub const SKIN: f32 = 0.01;

/// The scripted course both controllers walk, as a description of its pieces.
///
/// Tiles are the solid cells of one tile map of unit cells whose bottom-left corner is at
/// `map_origin`: cell `(i, j)` covers `map_origin + [i, i + 1] × [j, j + 1]`. Ramps are
/// triangles (counter-clockwise, world coordinates); boxes are the stair steps and landings.
#[derive(Debug, Clone, PartialEq)]
pub struct Course {
    /// Cells across the tile map.
    pub map_width: u32,
    /// Cells up the tile map.
    pub map_height: u32,
    /// World position of the tile map's bottom-left corner.
    pub map_origin: Vec2,
    /// The solid cells `(column, row)` of the tile map.
    pub tiles: Vec<(u32, u32)>,
    /// The 30° ramps, each a counter-clockwise triangle in world coordinates.
    pub ramps: Vec<[Vec2; 3]>,
    /// The stair steps and landings, each a box `(min, max)` in world coordinates.
    pub boxes: Vec<(Vec2, Vec2)>,
    /// The x extent `(from, to)` of each stair section (steps up, landing, steps down).
    pub stairs: Vec<(f32, f32)>,
    /// A character walking left turns around when its centre reaches this x.
    pub left_end: f32,
    /// A character walking right turns around when its centre reaches this x.
    pub right_end: f32,
    /// Half extents of the character box.
    pub half_extents: Vec2,
    /// Where the character's centre starts (before the settling step).
    pub start: Vec2,
    /// Steps of one walk.
    pub walk_steps: usize,
}

impl Course {
    /// Four repetitions of: 8.5 units of flat ground, a 30° ramp up 2 units, a plateau
    /// 6 tiles wide, a 30° ramp down, 12.5 units of flat ground, 6 steps up, a 3-wide
    /// landing, 5 steps down; with 4 units of flat ground at each end (200 units in all; the
    /// character turns around 2 units from each end). 20,000 steps (2,000 units asked for,
    /// about five round trips). The character is a 0.8 × 0.8 box starting at x = 2 resting
    /// on the ground (0.005 above it).
    #[must_use]
    pub fn standard() -> Self {
        const PATTERN: u32 = 48;
        const REPEATS: u32 = 4;
        const LEAD: u32 = 4;
        let map_width = LEAD + PATTERN * REPEATS + LEAD;
        let map_height = 3;
        // Ground row 0 (y in [-1, 0]), plateau rows 1 and 2 (up to y = 2).
        let map_origin = Vec2::new(0.0, -1.0);
        let plateau_rise = 2.0f32;
        let ramp_run = plateau_rise / 30f32.to_radians().tan();
        let mut tiles: Vec<(u32, u32)> = (0..map_width).map(|x| (x, 0)).collect();
        let mut ramps = Vec::new();
        let mut boxes = Vec::new();
        let mut stairs = Vec::new();
        for r in 0..REPEATS {
            let o = LEAD + r * PATTERN;
            // Plateau tiles over [o + 12, o + 18), two rows high.
            let (p, q) = (o + 12, o + 18);
            for x in p..q {
                tiles.push((x, 1));
                tiles.push((x, 2));
            }
            let (pf, qf) = (p as f32, q as f32);
            ramps.push([
                Vec2::new(pf - ramp_run, 0.0),
                Vec2::new(pf, 0.0),
                Vec2::new(pf, plateau_rise),
            ]);
            ramps.push([
                Vec2::new(qf, 0.0),
                Vec2::new(qf + ramp_run, 0.0),
                Vec2::new(qf, plateau_rise),
            ]);
            // Stairs: 6 steps up from o + 34, a landing of 3 at 0.9, 5 steps down.
            let s = (o + 34) as f32;
            let up = 6;
            for k in 0..up {
                let x = s + k as f32 * STAIR_RUN;
                boxes.push((
                    Vec2::new(x, 0.0),
                    Vec2::new(x + STAIR_RUN, STAIR_RISE * (k + 1) as f32),
                ));
            }
            let top = STAIR_RISE * up as f32;
            let landing = s + up as f32 * STAIR_RUN;
            boxes.push((Vec2::new(landing, 0.0), Vec2::new(landing + 3.0, top)));
            let down = landing + 3.0;
            for k in 0..up - 1 {
                let x = down + k as f32 * STAIR_RUN;
                boxes.push((
                    Vec2::new(x, 0.0),
                    Vec2::new(x + STAIR_RUN, STAIR_RISE * (up - 1 - k) as f32),
                ));
            }
            stairs.push((s, down + (up - 1) as f32 * STAIR_RUN));
        }
        let half_extents = Vec2::new(0.4, 0.4);
        Course {
            map_width,
            map_height,
            map_origin,
            tiles,
            ramps,
            boxes,
            stairs,
            left_end: 2.0,
            right_end: map_width as f32 - 2.0,
            half_extents,
            start: Vec2::new(2.0, half_extents.y + 0.005),
            walk_steps: 20_000,
        }
    }

    /// The floor of `move/tile-floor` as a course: 10,000 unit tiles (tile `i` covers
    /// `[i, i + 1] × [-1, 0]`), nothing on them; glissade gets them as one tile map, rapier2d
    /// as 10,000 cuboids. The character (0.8 × 0.8) starts at x = 2 resting on the floor and
    /// walks right for 20,000 steps (2,000 units: it never reaches the end, so never turns).
    #[must_use]
    pub fn tile_floor() -> Self {
        let width = 10_000;
        Course {
            map_width: width,
            map_height: 1,
            tiles: (0..width).map(|x| (x, 0)).collect(),
            ..Self::flat(width)
        }
    }

    /// A floor of 100 boxes of 100 × 1 units side by side (box `i` covers
    /// `[100 i, 100 (i + 1)] × [-1, 0]`): 100 `Aabb` colliders for glissade, 100 cuboids for
    /// rapier2d. The same length, character and walk as [`Course::tile_floor`].
    #[must_use]
    pub fn box_floor() -> Self {
        let width = 10_000;
        Course {
            boxes: (0..100)
                .map(|i| {
                    let x = i as f32 * 100.0;
                    (Vec2::new(x, -1.0), Vec2::new(x + 100.0, 0.0))
                })
                .collect(),
            ..Self::flat(width)
        }
    }

    /// An empty course `width` units long with the standard character and walk; the floors
    /// above fill in its ground.
    fn flat(width: u32) -> Self {
        let half_extents = Vec2::new(0.4, 0.4);
        Course {
            map_width: width,
            map_height: 1,
            map_origin: Vec2::new(0.0, -1.0),
            tiles: Vec::new(),
            ramps: Vec::new(),
            boxes: Vec::new(),
            stairs: Vec::new(),
            left_end: 2.0,
            right_end: width as f32 - 2.0,
            half_extents,
            start: Vec2::new(2.0, half_extents.y + 0.005),
            walk_steps: 20_000,
        }
    }

    /// The direction of the next step, from the character's centre `x` after this one and the
    /// current direction `dir` (±1): turns left at [`Course::right_end`], right at
    /// [`Course::left_end`].
    #[must_use]
    pub fn next_dir(&self, x: f32, dir: f32) -> f32 {
        if dir > 0.0 && x >= self.right_end {
            -1.0
        } else if dir < 0.0 && x <= self.left_end {
            1.0
        } else {
            dir
        }
    }

    /// The motion asked for at a step walking in direction `dir` (±1).
    #[must_use]
    pub fn motion(dir: f32) -> Vec2 {
        Vec2::new(dir * WALK, -PRESS)
    }

    /// Whether a character centred at `x` is on continuous ground (the flat tiles, the ramps
    /// and the plateaus, with their joints and crests): inside the course and further than
    /// [`STAIR_MARGIN`] from every stair section.
    #[must_use]
    pub fn on_continuous_ground(&self, x: f32) -> bool {
        let end = self.map_origin.x + self.map_width as f32;
        x >= self.map_origin.x
            && x <= end
            && self
                .stairs
                .iter()
                .all(|&(a, b)| x < a - STAIR_MARGIN || x > b + STAIR_MARGIN)
    }

    /// Centre and local vertices of ramp `i` (local = world − centre).
    pub(super) fn ramp_local(&self, i: usize) -> (Vec2, [Vec2; 3]) {
        let t = self.ramps[i];
        let c = (t[0] + t[1] + t[2]) / 3.0;
        (c, [t[0] - c, t[1] - c, t[2] - c])
    }

    /// glissade's world of the course: the tiles as one [`TileMap`] collider (none when the
    /// course has no tiles), each ramp a
    /// [`ConvexPolygon`] collider and each stair box an [`Aabb`] collider (both centred on
    /// their collider's position), and the character as a kinematic box at [`Course::start`].
    /// Returns the world and the character's handle.
    ///
    /// # Panics
    /// If the description is invalid (it is not, for [`Course::standard`]).
    #[must_use]
    pub fn glissade_world(&self) -> (World, Handle) {
        let mut world = World::new();
        if !self.tiles.is_empty() {
            let mut map =
                TileMap::new(self.map_width, self.map_height, 1.0).expect("a non-empty unit map");
            for &(x, y) in &self.tiles {
                map.set(x, y, Tile::Solid).expect("inside the map");
            }
            world
                .add(ColliderDesc::tiles(map, self.map_origin))
                .expect("a finite origin");
        }
        for i in 0..self.ramps.len() {
            let (c, local) = self.ramp_local(i);
            let poly = ConvexPolygon::new(&local).expect("a valid triangle");
            world
                .add(ColliderDesc::new(poly, c))
                .expect("a finite position");
        }
        for &(min, max) in &self.boxes {
            let c = (min + max) * 0.5;
            let b = Aabb::from_half_extents((max - min) * 0.5).expect("a box of positive size");
            world
                .add(ColliderDesc::new(b, c))
                .expect("a finite position");
        }
        let body = world
            .add(
                ColliderDesc::new(
                    Aabb::from_half_extents(self.half_extents).expect("positive half extents"),
                    self.start,
                )
                .kinematic(),
            )
            .expect("a finite position");
        (world, body)
    }
}
