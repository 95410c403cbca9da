//! Random cases: shapes described by plain parameters (so both libraries and the reference can
//! be built from them), positions and motions.
//!
//! Cases mix, per pair: random placements, placements near each other, starts exactly or
//! nearly touching (found with the reference and nudged by 0 to 0.1 units), motions in random
//! directions, along the axes, toward the other shape, sliding along or grazing the touching
//! face; a share on a 1/16 grid (exact touching, exact sliding along axis-aligned faces); and a
//! share translated by a large common offset (1e3 to 1e5 per axis).

pub use crate::desc::{Desc, Kind};
use glissade::glam::Vec2;

use glissade::{ConvexPolygon, Shape};

use crate::reference::{Core, P, signed_distance};
use crate::rng::SplitMix64;

/// One cast case: `a` from `start_a` by `motion_a`, `b` from `start_b` by `motion_b`.
#[derive(Debug, Clone, PartialEq)]
pub struct CastCase {
    /// The moving shape.
    pub a: Desc,
    /// The other shape.
    pub b: Desc,
    /// Start of `a`.
    pub start_a: Vec2,
    /// Motion of `a`.
    pub motion_a: Vec2,
    /// Start of `b`.
    pub start_b: Vec2,
    /// Motion of `b`.
    pub motion_b: Vec2,
    /// How the case was made (for the report).
    pub tag: &'static str,
}

/// One overlap case: `a` at `pos_a`, `b` at `pos_b`.
#[derive(Debug, Clone, PartialEq)]
pub struct OverlapCase {
    /// The first shape.
    pub a: Desc,
    /// The second shape.
    pub b: Desc,
    /// Position of `a`.
    pub pos_a: Vec2,
    /// Position of `b`.
    pub pos_b: Vec2,
    /// How the case was made (for the report).
    pub tag: &'static str,
}

/// Relative start `pos_a - pos_b` in `f64` (exact: both are `f32`).
#[must_use]
pub fn rel(pos_a: Vec2, pos_b: Vec2) -> P {
    [
        f64::from(pos_a.x) - f64::from(pos_b.x),
        f64::from(pos_a.y) - f64::from(pos_b.y),
    ]
}

/// Largest absolute coordinate among `v`: the magnitude the tolerances scale with.
#[must_use]
pub fn magnitude(v: &[Vec2]) -> f32 {
    v.iter().map(|v| v.abs().max_element()).fold(0.0, f32::max)
}

/// The random case generator.
#[derive(Debug, Clone)]
pub struct Gen {
    rng: SplitMix64,
}

const GRID: f64 = 16.0;

fn snap(x: f64) -> f64 {
    (x * GRID).round() / GRID
}

fn v2(x: f64, y: f64) -> Vec2 {
    Vec2::new(x as f32, y as f32)
}

/// Placement of `a` relative to `b`, and the touching normal when it was made touching.
struct Placement {
    q: P,
    normal: Option<P>,
    tag: &'static str,
}

impl Gen {
    /// A generator seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self {
            rng: SplitMix64::new(seed),
        }
    }

    fn unit_dir(&mut self, axis_share: f64) -> (f64, f64) {
        if self.rng.chance(axis_share) {
            match self.rng.below(4) {
                0 => (1.0, 0.0),
                1 => (-1.0, 0.0),
                2 => (0.0, 1.0),
                _ => (0.0, -1.0),
            }
        } else {
            let a = self.rng.range(0.0, core::f64::consts::TAU);
            (a.cos(), a.sin())
        }
    }

    fn local_center(&mut self, centered: bool, grid: bool) -> (f64, f64) {
        if centered || self.rng.chance(0.5) {
            (0.0, 0.0)
        } else {
            let (x, y) = (self.rng.range(-1.0, 1.0), self.rng.range(-1.0, 1.0));
            if grid { (snap(x), snap(y)) } else { (x, y) }
        }
    }

    /// A random shape of `kind`: sizes 0.1 to 4. `centered` keeps boxes and circles on their
    /// local origin (parry places those by their centre: an off-centre one at a large offset
    /// would be rounded differently); `grid` puts every parameter on the 1/16 grid.
    pub fn shape(&mut self, kind: Kind, centered: bool, grid: bool) -> Desc {
        let g = |x: f64| if grid { snap(x).max(1.0 / GRID) } else { x };
        match kind {
            Kind::Aabb => {
                let (cx, cy) = self.local_center(centered, grid);
                let hx = g(self.rng.range(0.05, 2.0));
                let hy = g(self.rng.range(0.05, 2.0));
                Desc::Aabb {
                    min: v2(cx - hx, cy - hy),
                    max: v2(cx + hx, cy + hy),
                }
            }
            Kind::Circle => {
                let (cx, cy) = self.local_center(centered, grid);
                Desc::Circle {
                    center: v2(cx, cy),
                    radius: g(self.rng.range(0.05, 2.0)) as f32,
                }
            }
            Kind::Capsule => {
                let (cx, cy) = self.local_center(false, grid);
                let l = if self.rng.chance(0.04) {
                    0.0
                } else {
                    self.rng.range(0.0, 3.0)
                };
                let (ux, uy) = self.unit_dir(0.4);
                let (hx, hy) = (ux * l * 0.5, uy * l * 0.5);
                let (ax, ay, bx, by) = if grid {
                    (snap(cx - hx), snap(cy - hy), snap(cx + hx), snap(cy + hy))
                } else {
                    (cx - hx, cy - hy, cx + hx, cy + hy)
                };
                Desc::Capsule {
                    a: v2(ax, ay),
                    b: v2(bx, by),
                    radius: g(self.rng.range(0.05, 1.5)) as f32,
                }
            }
            Kind::Segment => loop {
                let (cx, cy) = self.local_center(false, grid);
                let l = self.rng.range(0.1, 4.0);
                let (ux, uy) = self.unit_dir(0.4);
                let (hx, hy) = (ux * l * 0.5, uy * l * 0.5);
                let (ax, ay, bx, by) = if grid {
                    (snap(cx - hx), snap(cy - hy), snap(cx + hx), snap(cy + hy))
                } else {
                    (cx - hx, cy - hy, cx + hx, cy + hy)
                };
                let (a, b) = (v2(ax, ay), v2(bx, by));
                if a != b {
                    break Desc::Segment { a, b };
                }
            },
            Kind::Polygon => loop {
                if let Some(d) = self.polygon(grid) {
                    break d;
                }
            },
        }
    }

    fn polygon(&mut self, grid: bool) -> Option<Desc> {
        let (cx, cy) = self.local_center(false, grid);
        let style = self.rng.unit();
        let mut pts: Vec<(f64, f64)> = Vec::new();
        if style < 0.15 {
            // A box as a polygon: axis-aligned faces.
            let (hx, hy) = (self.rng.range(0.05, 2.0), self.rng.range(0.05, 2.0));
            pts.extend([(-hx, -hy), (hx, -hy), (hx, hy), (-hx, hy)]);
        } else if style < 0.25 {
            // A right triangle with axis-aligned legs, any orientation.
            let (hx, hy) = (self.rng.range(0.1, 2.0), self.rng.range(0.1, 2.0));
            let (sx, sy) = (self.rng.sign(), self.rng.sign());
            pts.extend([(0.0, 0.0), (sx * 2.0 * hx, 0.0), (0.0, sy * 2.0 * hy)]);
        } else if style < 0.4 {
            let n = 3 + self.rng.below(6);
            let r = self.rng.range(0.05, 2.0);
            let phase = if self.rng.chance(0.5) {
                0.0
            } else {
                self.rng.range(0.0, 1.0)
            };
            for k in 0..n {
                let a = phase + core::f64::consts::TAU * k as f64 / n as f64;
                pts.push((r * a.cos(), r * a.sin()));
            }
        } else {
            let n = 3 + self.rng.below(6);
            let r = self.rng.range(0.05, 2.0);
            let (sx, sy) = (self.rng.range(0.4, 1.0), self.rng.range(0.4, 1.0));
            let mut angles: Vec<f64> = (0..n)
                .map(|_| self.rng.range(0.0, core::f64::consts::TAU))
                .collect();
            angles.sort_by(f64::total_cmp);
            for a in angles {
                let rr = r * self.rng.range(0.6, 1.0);
                pts.push((rr * sx * a.cos(), rr * sy * a.sin()));
            }
        }
        let verts: Vec<Vec2> = pts
            .iter()
            .map(|&(x, y)| {
                if grid {
                    v2(snap(cx + x), snap(cy + y))
                } else {
                    v2(cx + x, cy + y)
                }
            })
            .collect();
        let poly = ConvexPolygon::new(&verts).ok()?;
        let (lo, hi) = Shape::from(poly).local_bounds();
        if (hi - lo).max_element() < 0.1 {
            return None;
        }
        Some(Desc::Polygon {
            verts: poly.vertices().to_vec(),
        })
    }

    /// Where `a` touches `b` coming from direction `u` (relative position, `f64`), and the
    /// outward normal there (gradient of the reference signed distance).
    fn touching(&mut self, ca: &Core, cb: &Core, u: (f64, f64)) -> (P, P) {
        let c = [
            cb.centroid()[0] - ca.centroid()[0],
            cb.centroid()[1] - ca.centroid()[1],
        ];
        let at = |s: f64| [c[0] + u.0 * s, c[1] + u.1 * s];
        let (mut lo, mut hi) = (0.0, ca.reach() + cb.reach() + 1.0);
        for _ in 0..100 {
            let mid = 0.5 * (lo + hi);
            if signed_distance(ca, cb, at(mid)) > 0.0 {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        let q = at(hi);
        let h = 1e-7;
        let gx =
            signed_distance(ca, cb, [q[0] + h, q[1]]) - signed_distance(ca, cb, [q[0] - h, q[1]]);
        let gy =
            signed_distance(ca, cb, [q[0], q[1] + h]) - signed_distance(ca, cb, [q[0], q[1] - h]);
        let gl = (gx * gx + gy * gy).sqrt();
        let n = if gl > 0.0 {
            let (mut nx, mut ny) = (gx / gl, gy / gl);
            // Snap numerically axis-aligned normals to the axis.
            if nx.abs() < 1e-6 {
                nx = 0.0;
                ny = ny.signum();
            } else if ny.abs() < 1e-6 {
                ny = 0.0;
                nx = nx.signum();
            }
            [nx, ny]
        } else {
            [u.0, u.1]
        };
        (q, n)
    }

    fn placement(&mut self, ca: &Core, cb: &Core, grid: bool, touch_share: f64) -> Placement {
        let m = self.rng.unit();
        if m < touch_share {
            let u = self.unit_dir(if grid { 0.7 } else { 0.3 });
            let (q, n) = self.touching(ca, cb, u);
            let k = self.rng.unit();
            let (eps, tag) = if k < 0.4 {
                (0.0, "touching")
            } else if k < 0.7 {
                (
                    self.rng.sign() * self.rng.log_uniform(-7.0, -4.0),
                    "nearly touching",
                )
            } else {
                (self.rng.sign() * self.rng.log_uniform(-4.0, -1.0), "close")
            };
            Placement {
                q: [q[0] + n[0] * eps, q[1] + n[1] * eps],
                normal: Some(n),
                tag,
            }
        } else if m < touch_share + (1.0 - touch_share) * 0.45 {
            // Around each other: from deep overlap to a little apart.
            let (ux, uy) = self.unit_dir(0.2);
            let s = (ca.reach() + cb.reach()) * self.rng.range(0.0, 1.3);
            let c = [
                cb.centroid()[0] - ca.centroid()[0],
                cb.centroid()[1] - ca.centroid()[1],
            ];
            let q = [c[0] + ux * s, c[1] + uy * s];
            let q = if grid { [snap(q[0]), snap(q[1])] } else { q };
            Placement {
                q,
                normal: None,
                tag: "near",
            }
        } else {
            let q = [self.rng.range(-10.0, 10.0), self.rng.range(-10.0, 10.0)];
            let q = if grid { [snap(q[0]), snap(q[1])] } else { q };
            Placement {
                q,
                normal: None,
                tag: "random",
            }
        }
    }

    fn shapes(&mut self, ka: Kind, kb: Kind) -> (Desc, Desc, bool, bool) {
        let big = self.rng.chance(0.1);
        let grid = !big && self.rng.chance(0.15);
        (
            self.shape(ka, big, grid),
            self.shape(kb, big, grid),
            big,
            grid,
        )
    }

    /// Positions of `a` and `b` for the relative position `q`, with a large common offset for
    /// `big` cases.
    fn positions(&mut self, q: P, big: bool, grid: bool) -> (Vec2, Vec2) {
        let (bx, by) = (self.rng.range(-5.0, 5.0), self.rng.range(-5.0, 5.0));
        let (bx, by) = if grid { (snap(bx), snap(by)) } else { (bx, by) };
        let (ox, oy) = if big {
            (
                self.rng.sign() * self.rng.log_uniform(3.0, 5.0),
                self.rng.sign() * self.rng.log_uniform(3.0, 5.0),
            )
        } else {
            (0.0, 0.0)
        };
        // Round b's position first, then a's relative to it, so "touching" survives rounding
        // as well as f32 allows.
        let pos_b = v2(bx + ox, by + oy);
        let pos_a = v2(f64::from(pos_b.x) + q[0], f64::from(pos_b.y) + q[1]);
        (pos_a, pos_b)
    }

    /// A random overlap case for the pair `(ka, kb)`.
    pub fn overlap_case(&mut self, ka: Kind, kb: Kind) -> OverlapCase {
        let (a, b, big, grid) = self.shapes(ka, kb);
        let (ca, cb) = (a.core(), b.core());
        let pl = self.placement(&ca, &cb, grid, 0.35);
        let (pos_a, pos_b) = self.positions(pl.q, big, grid);
        OverlapCase {
            a,
            b,
            pos_a,
            pos_b,
            tag: if big { "big offset" } else { pl.tag },
        }
    }

    /// A random cast case for the pair `(ka, kb)`.
    pub fn cast_case(&mut self, ka: Kind, kb: Kind) -> CastCase {
        let (a, b, big, grid) = self.shapes(ka, kb);
        let (ca, cb) = (a.core(), b.core());
        let pl = self.placement(&ca, &cb, grid, 0.3);
        let (start_a, start_b) = self.positions(pl.q, big, grid);
        let len = self.rng.range(0.0, 15.0);
        let len = if grid { snap(len) } else { len };
        // Relative motion (of a, seen from b).
        let (dx, dy, motion_tag) = match pl.normal {
            Some(n) => {
                let t = [-n[1], n[0]];
                let k = self.rng.unit();
                if k < 0.3 {
                    let s = self.rng.sign();
                    (t[0] * s, t[1] * s, "slide")
                } else if k < 0.5 {
                    // Grazing: into the surface at a small angle.
                    let ang = self.rng.log_uniform(-6.0, -1.0);
                    let s = self.rng.sign();
                    let (c, sn) = (ang.cos(), ang.sin());
                    (t[0] * s * c - n[0] * sn, t[1] * s * c - n[1] * sn, "graze")
                } else if k < 0.65 {
                    (n[0], n[1], "away")
                } else if k < 0.8 {
                    let (ux, uy) = self.unit_dir(0.0);
                    (-n[0] + 0.5 * ux, -n[1] + 0.5 * uy, "into")
                } else {
                    let (ux, uy) = self.unit_dir(0.3);
                    (ux, uy, "random")
                }
            }
            None => {
                let k = self.rng.unit();
                if k < 0.02 {
                    (0.0, 0.0, "still")
                } else if k < 0.35 {
                    // Toward b, jittered.
                    let c = [
                        cb.centroid()[0] - ca.centroid()[0] - pl.q[0],
                        cb.centroid()[1] - ca.centroid()[1] - pl.q[1],
                    ];
                    let cl = (c[0] * c[0] + c[1] * c[1]).sqrt().max(1e-9);
                    let j = self.rng.range(0.0, 0.6);
                    let (ux, uy) = self.unit_dir(0.0);
                    (c[0] / cl + j * ux, c[1] / cl + j * uy, "toward")
                } else {
                    let (ux, uy) = self.unit_dir(0.3);
                    (ux, uy, "random")
                }
            }
        };
        let dl = (dx * dx + dy * dy).sqrt().max(1e-300);
        let (dx, dy) = (dx / dl * len, dy / dl * len);
        let motion_b = if self.rng.chance(0.6) {
            Vec2::ZERO
        } else {
            let (ux, uy) = self.unit_dir(0.3);
            let l = self.rng.range(0.0, 5.0);
            if grid {
                v2(snap(ux * l), snap(uy * l))
            } else {
                v2(ux * l, uy * l)
            }
        };
        let motion_a = v2(f64::from(motion_b.x) + dx, f64::from(motion_b.y) + dy);
        let tag = if big {
            "big offset"
        } else {
            match (pl.tag, motion_tag) {
                ("touching", "slide") => "touching, sliding",
                ("touching", "graze") => "touching, grazing",
                ("touching", "away") => "touching, moving away",
                ("touching", "into") => "touching, moving in",
                ("touching", _) => "touching",
                ("nearly touching", "slide") => "nearly touching, sliding",
                ("nearly touching", "graze") => "nearly touching, grazing",
                ("nearly touching", _) => "nearly touching",
                ("close", "graze") => "close, grazing",
                ("close", _) => "close",
                (t, _) => t,
            }
        };
        CastCase {
            a,
            b,
            start_a,
            motion_a,
            start_b,
            motion_b,
            tag,
        }
    }
}
