//! Eight points or planes side by side (structure of arrays), four lanes at a time.
//!
//! Polygons keep their vertices and face planes in this form as well, so the passes that
//! visit every vertex or every face — supports for the separating-axis test, Cyrus–Beck
//! clipping, the deepest face — run as a handful of 4-lane operations with no branch to
//! mispredict. Shapes with fewer than 8 points are padded with copies of the first, which
//! changes no minimum, maximum or clipping interval. Every lane operation is a plain IEEE
//! multiply, add, divide, min or max, so results are the same on every platform.

use glam::{Vec2, Vec4};

use crate::tolerance::{LINEAR_ABS, LINEAR_REL};

/// What Cyrus–Beck clipping found (see [`Planes8::clip`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Clip {
    /// Latest entry time, at least 0.
    pub t_in: f32,
    /// Face of the latest entry after the start, or `usize::MAX` when none.
    pub face: usize,
    /// Earliest exit time, at most `max_t`.
    pub t_out: f32,
    /// The linear tolerance of the entered face (of the largest, when the start touches).
    pub tol_in: f32,
    /// Largest signed distance to a (pushed-out) face at the start.
    pub max_s: f32,
    /// Whether the start is outside some face by more than that face's tolerance (apart).
    pub apart: bool,
    /// Whether the start is inside every face by more than its tolerance (overlapping).
    pub inside: bool,
}

/// Up to 8 points (or normals), padded with copies of the first.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Soa8 {
    x: [Vec4; 2],
    y: [Vec4; 2],
}

impl Soa8 {
    /// Packs 1 to 8 points.
    #[inline]
    pub(crate) fn new(pts: &[Vec2]) -> Self {
        let mut x = [0.0f32; 8];
        let mut y = [0.0f32; 8];
        for i in 0..8 {
            let p = pts.get(i).copied().unwrap_or(pts[0]);
            x[i] = p.x;
            y[i] = p.y;
        }
        Soa8 {
            x: [Vec4::from_slice(&x[..4]), Vec4::from_slice(&x[4..])],
            y: [Vec4::from_slice(&y[..4]), Vec4::from_slice(&y[4..])],
        }
    }

    /// `n · p` for every point, as two 4-lane halves, rounded as `Vec2::dot` rounds.
    #[inline(always)]
    pub(crate) fn dots(&self, n: Vec2) -> [Vec4; 2] {
        [
            self.x[0] * n.x + self.y[0] * n.y,
            self.x[1] * n.x + self.y[1] * n.y,
        ]
    }
}

/// Up to 8 face planes `n · x <= h`, padded with copies of the first.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Planes8 {
    n: Soa8,
    h: [Vec4; 2],
}

/// The numbers of the eight lanes of two `Vec4`s.
const LANES: [Vec4; 2] = [Vec4::new(0.0, 1.0, 2.0, 3.0), Vec4::new(4.0, 5.0, 6.0, 7.0)];

/// Index of the first lane of the two halves equal to `v`;
/// lane 0 when none is (only possible with a NaN, from input that overflowed): every caller
/// indexes with the answer, and lane 0 is always a real face.
#[inline(always)]
pub(crate) fn first_lane(halves: [Vec4; 2], v: f32) -> usize {
    let v = Vec4::splat(v);
    let mask = halves[0].cmpeq(v).bitmask() | (halves[1].cmpeq(v).bitmask() << 4);
    if mask == 0 {
        0
    } else {
        mask.trailing_zeros() as usize
    }
}

/// The offset `h` of the plane `n · x <= h` of the face from `a` to `b` with outward unit
/// normal `n`, the plane pinned to the face's line (see [`Planes8::new`]): computed in f64 at
/// the point of the line nearest the origin (at `a` when `a == b`), then rounded.
pub(crate) fn pinned_offset(a: Vec2, b: Vec2, n: Vec2) -> f32 {
    let a = a.as_dvec2();
    let e = b.as_dvec2() - a;
    let ee = e.length_squared();
    let foot = if ee > 0.0 { a - e * (a.dot(e) / ee) } else { a };
    n.as_dvec2().dot(foot) as f32
}

impl Planes8 {
    /// The first normal's x and the first offset: one number at the start of the normals'
    /// lanes and one at the start of the offsets', for a polygon's
    /// [`prefetch`](crate::shape::ConvexPolygon::prefetch) to ask for.
    #[inline(always)]
    pub(crate) fn first_numbers(&self) -> [&f32; 2] {
        [&self.n.x[0].x, &self.h[0].x]
    }

    /// Three numbers spread over the planes' 96 bytes: the first, one 48 bytes in and the
    /// last. Neighbours are less than 64 bytes apart, so every cache line the planes span
    /// holds one, wherever in a line they start (a test checks it), for a polygon's
    /// [`prefetch_planes`](crate::shape::ConvexPolygon::prefetch_planes) to ask for.
    #[inline(always)]
    pub(crate) fn spread_numbers(&self) -> [&f32; 3] {
        [&self.n.x[0].x, &self.n.y[1].x, &self.h[1].w]
    }

    /// The unit normal of plane `i` (0 to 7; padded planes repeat plane 0's).
    ///
    /// # Panics
    ///
    /// If `i` is 8 or more, as indexing a list of eight would.
    #[inline(always)]
    pub(crate) fn normal(&self, i: usize) -> Vec2 {
        let (half, lane) = (i >> 2, i & 3);
        Vec2::new(self.n.x[half][lane], self.n.y[half][lane])
    }

    /// Packs the planes of the faces `pts[i]`–`pts[i + 1]` (wrapping) with outward unit
    /// normals `nrm[i]`.
    ///
    /// A unit normal in f32 is a hair off its face's true direction, so the plane it defines
    /// drifts from the face's line in proportion to the distance from the point it is pinned
    /// to. Each plane is pinned, in f64, to the point of the face's line nearest the origin:
    /// a long slanted floor is as precise at the origin as a short one, and every contact is
    /// judged at the precision of its own coordinates.
    pub(crate) fn new(pts: &[Vec2], nrm: &[Vec2]) -> Self {
        let mut h = [0.0f32; 8];
        for (i, slot) in h.iter_mut().enumerate() {
            let k = if i < pts.len() { i } else { 0 };
            *slot = pinned_offset(pts[k], pts[(k + 1) % pts.len()], nrm[k]);
        }
        Planes8 {
            n: Soa8::new(nrm),
            h: [Vec4::from_slice(&h[..4]), Vec4::from_slice(&h[4..])],
        }
    }

    /// The planes of the two faces of a segment `pts[0]`–`pts[1]` (a capsule's or a wall's),
    /// from their normals and their offsets `h` (each [`pinned_offset`] of its face), padded:
    /// the same lanes as [`Planes8::new`] gives for those two faces, without its f64 work, so
    /// that a segment need not keep its 96 bytes of lanes (held to that by a property test of
    /// the capsule and segment constructors, in `shape/mod.rs`).
    #[inline]
    pub(crate) fn two_faces(nrm: [Vec2; 2], h: [f32; 2]) -> Self {
        let (n0, n1) = (nrm[0], nrm[1]);
        Planes8 {
            n: Soa8 {
                x: [Vec4::new(n0.x, n1.x, n0.x, n0.x), Vec4::splat(n0.x)],
                y: [Vec4::new(n0.y, n1.y, n0.y, n0.y), Vec4::splat(n0.y)],
            },
            h: [Vec4::new(h[0], h[1], h[0], h[0]), Vec4::splat(h[0])],
        }
    }

    /// Every lane (normals' x, normals' y, offsets), as bits (`-0.0` is not `0.0`): for
    /// tests that two ways of building planes agree to the bit.
    #[cfg(test)]
    pub(crate) fn lane_bits(&self) -> Vec<u32> {
        [self.n.x, self.n.y, self.h]
            .iter()
            .flat_map(|h| h.iter().flat_map(|v| v.to_array()))
            .map(f32::to_bits)
            .collect()
    }

    /// The four faces of the box `[min, max]` (normals -y, +x, +y, -x), padded.
    #[inline]
    pub(crate) fn aabb(min: Vec2, max: Vec2) -> Self {
        Planes8 {
            n: Soa8 {
                x: [Vec4::new(0.0, 1.0, 0.0, -1.0), Vec4::ZERO],
                y: [Vec4::new(-1.0, 0.0, 1.0, 0.0), Vec4::splat(-1.0)],
            },
            h: [Vec4::new(-min.y, max.x, max.y, -min.x), Vec4::splat(-min.y)],
        }
    }

    /// The faces of `self ⊖ other` that are faces of `self`: the same normals, each offset
    /// lowered by `min n·p` over `other`'s points (the separating-axis supports).
    #[inline]
    pub(crate) fn minus(&self, other: &[Vec2]) -> Self {
        let mut lo = [Vec4::INFINITY; 2];
        for p in other {
            for (h, l) in lo.iter_mut().enumerate() {
                *l = l.min(self.n.x[h] * p.x + self.n.y[h] * p.y);
            }
        }
        Planes8 {
            n: self.n,
            h: [self.h[0] - lo[0], self.h[1] - lo[1]],
        }
    }

    /// The linear tolerance of each plane's signed distance at a query point whose terms have
    /// the per-axis magnitudes `scale` (the relative position, and the coordinates of the other
    /// core that lowered the planes): `LINEAR_ABS + LINEAR_REL × (|n|·scale + |h| + r)`, the
    /// size of the numbers `n · q - h - r` is computed from. A face that passes near the query
    /// point is judged at the precision of the coordinates there, however long it is.
    #[inline(always)]
    fn tolerances(&self, scale: Vec2, r: f32) -> [Vec4; 2] {
        let abs = Vec4::splat(LINEAR_ABS + LINEAR_REL * r);
        let rel = Vec4::splat(LINEAR_REL);
        let (sx, sy) = (Vec4::splat(scale.x), Vec4::splat(scale.y));
        [0, 1].map(|k| {
            abs + rel * (self.n.x[k].abs() * sx + self.n.y[k].abs() * sy + self.h[k].abs())
        })
    }

    /// Signed distances `n · q - h - r` to every plane pushed out by `r`.
    #[inline(always)]
    fn distances(&self, q: Vec2, r: f32) -> [Vec4; 2] {
        let [a, b] = self.n.dots(q);
        let r = Vec4::splat(r);
        [a - self.h[0] - r, b - self.h[1] - r]
    }

    /// The deepest face at `q` (planes pushed out by `r`): `(max_s, index)`.
    #[inline]
    pub(crate) fn deepest(&self, q: Vec2, r: f32) -> (f32, usize) {
        let s = self.distances(q, r);
        let max_s = s[0].max(s[1]).max_element();
        (max_s, first_lane(s, max_s))
    }

    /// The deepest face at `q` (planes pushed out by `r`), as [`deepest`](Self::deepest), and
    /// whether `q` is inside every plane by more than its tolerance (see
    /// [`tolerances`](Self::tolerances); `scale` is the magnitude of the query's terms).
    #[inline]
    pub(crate) fn deepest_inside(&self, q: Vec2, r: f32, scale: Vec2) -> (f32, usize, bool) {
        let s = self.distances(q, r);
        let max_s = s[0].max(s[1]).max_element();
        // Every tolerance is at least LINEAR_ABS: a point that deep in no face is not inside,
        // and the tolerances need not be computed (the common case: apart).
        let inside = max_s < -LINEAR_ABS && {
            let tol = self.tolerances(scale, r);
            (s[0] + tol[0]).max(s[1] + tol[1]).max_element() < 0.0
        };
        (max_s, first_lane(s, max_s), inside)
    }

    /// The deepest face at `q` (planes pushed out by `r`); among equally deep faces, the one
    /// whose normal `prefer` points along the most.
    pub(crate) fn deepest_preferring(&self, q: Vec2, r: f32, prefer: Vec2) -> usize {
        let s = self.distances(q, r);
        let max_s = s[0].max(s[1]).max_element();
        let along = self.n.dots(prefer);
        let pick = [
            Vec4::select(s[0].cmpeq(Vec4::splat(max_s)), along[0], Vec4::NEG_INFINITY),
            Vec4::select(s[1].cmpeq(Vec4::splat(max_s)), along[1], Vec4::NEG_INFINITY),
        ];
        first_lane(pick, pick[0].max(pick[1]).max_element())
    }

    /// Cyrus–Beck clipping of `q + t d`, t in `[0, max_t]`, against the planes pushed out by
    /// `r`. `None` when some plane is never entered deeper than its tolerance (a proven miss;
    /// see [`tolerances`](Self::tolerances), with `scale` the magnitude of the query's terms).
    #[inline]
    pub(crate) fn clip(&self, q: Vec2, d: Vec2, r: f32, max_t: f32, scale: Vec2) -> Option<Clip> {
        let s = self.distances(q, r);
        let tol = self.tolerances(scale, r);
        let dn = self.n.dots(d);
        let zero = Vec4::ZERO;
        let mut enter = [Vec4::ZERO; 2];
        let mut exit = [Vec4::ZERO; 2];
        // No lane yet, in the mask type of `Vec4`'s comparisons (which depends on how glam is
        // built: with SIMD or without).
        let mut never = zero.cmpne(zero);
        for h in 0..2 {
            let end = s[h] + dn[h] * max_t;
            never |= (s[h].min(end) + tol[h]).cmpgt(zero);
            let t = s[h] / -dn[h];
            enter[h] = Vec4::select(dn[h].cmplt(zero), t, Vec4::NEG_INFINITY);
            exit[h] = Vec4::select(dn[h].cmpgt(zero), t, Vec4::INFINITY);
        }
        if never.any() {
            return None;
        }
        let latest = enter[0].max(enter[1]).max_element();
        // Whether a face is entered after the start, and which, picked by masks: written as
        // `if`s, the compiler may turn the picks into a branch on the data, which is guessed
        // wrong about as often as faces are entered or not.
        let entered = u32::from(latest > 0.0).wrapping_neg();
        let last = first_lane(enter, latest).min(7);
        let t_in = f32::from_bits(latest.to_bits() & entered);
        // `usize::MAX` when none is entered.
        let face = last | usize::from(entered == 0).wrapping_neg();
        let t_out = exit[0].min(exit[1]).min_element().min(max_t);
        // The entered face's tolerance; the largest when none is entered after the start.
        // Picked by lane compares (indexing a lane of a `Vec4` is a jump on the index): the
        // lane `last`, every other lane zero, summed. Exact: tolerances are positive (or NaN,
        // from input that overflowed, which the sum keeps), and adding zeros changes neither.
        let largest = tol[0].max(tol[1]).max_element();
        let at = Vec4::splat(last as f32);
        let lane_tol = (Vec4::select(at.cmpeq(LANES[0]), tol[0], Vec4::ZERO)
            + Vec4::select(at.cmpeq(LANES[1]), tol[1], Vec4::ZERO))
        .element_sum();
        let tol_in =
            f32::from_bits((lane_tol.to_bits() & entered) | (largest.to_bits() & !entered));
        Some(Clip {
            t_in,
            face,
            t_out,
            tol_in,
            max_s: s[0].max(s[1]).max_element(),
            apart: (s[0] - tol[0]).max(s[1] - tol[1]).max_element() > 0.0,
            inside: (s[0] + tol[0]).max(s[1] + tol[1]).max_element() < 0.0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The clip's picks (the entered face, its time and its tolerance; the largest
        /// tolerance when none is entered) are those of the lanes read one by one, on polygons
        /// of up to eight faces, so faces in both halves of the lanes are entered.
        #[test]
        fn the_clip_picks_the_lanes_it_names(
            sides in 3usize..=8,
            turn in 0.0f32..1.0,
            q in (-4.0f32..4.0, -4.0f32..4.0),
            d in (-8.0f32..8.0, -8.0f32..8.0),
            r in 0.0f32..0.5,
        ) {
            let step = std::f32::consts::TAU / sides as f32;
            let pts: Vec<Vec2> = (0..sides)
                .map(|i| Vec2::from_angle(turn + step * i as f32) * 2.0)
                .collect();
            let nrm: Vec<Vec2> = (0..sides)
                .map(|i| (pts[(i + 1) % sides] - pts[i]).perp().normalize() * -1.0)
                .collect();
            let planes = Planes8::new(&pts, &nrm);
            let (q, d) = (Vec2::from(q), Vec2::from(d));
            let scale = q.abs();
            if let Some(c) = planes.clip(q, d, r, 1.0, scale) {
                let tol = planes.tolerances(scale, r);
                let tols: Vec<f32> = tol.iter().flat_map(|h| h.to_array()).collect();
                let s = planes.distances(q, r);
                let dn = planes.n.dots(d);
                let enter: Vec<f32> = (0..8)
                    .map(|i| {
                        let (s, dn) = (s[i / 4][i % 4], dn[i / 4][i % 4]);
                        if dn < 0.0 { s / -dn } else { f32::NEG_INFINITY }
                    })
                    .collect();
                let latest = enter.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                if latest > 0.0 {
                    let first = enter.iter().position(|&t| t == latest).unwrap_or(0);
                    proptest::prop_assert_eq!(c.face, first);
                    proptest::prop_assert_eq!(c.t_in.to_bits(), latest.to_bits());
                    proptest::prop_assert_eq!(c.tol_in.to_bits(), tols[first].to_bits());
                } else {
                    let largest = tols.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                    proptest::prop_assert_eq!(c.face, usize::MAX);
                    proptest::prop_assert_eq!(c.t_in.to_bits(), 0.0f32.to_bits());
                    proptest::prop_assert_eq!(c.tol_in.to_bits(), largest.to_bits());
                }
            }
        }
    }

    #[test]
    fn padded_lanes_change_no_answer() {
        let tri = [
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(0.0, 1.0),
        ];
        let nrm = [Vec2::NEG_Y, Vec2::new(1.0, 2.0).normalize(), Vec2::NEG_X];
        let planes = Planes8::new(&tri, &nrm);
        let (s, i) = planes.deepest(Vec2::new(0.5, -1.0), 0.0);
        assert_eq!((s, i), (1.0, 0));
        // A ray from below, straight up through the triangle at x = 0.5: enters at y = 0.
        let c = planes
            .clip(
                Vec2::new(0.5, -1.0),
                Vec2::new(0.0, 4.0),
                0.0,
                1.0,
                Vec2::ONE,
            )
            .unwrap();
        assert_eq!((c.t_in, c.face), (0.25, 0));
        assert!((c.t_out - 0.4375).abs() < 1e-6); // leaves through the hypotenuse at y = 0.75
        // Lowered by a point set's support: the faces of the triangle minus that set.
        // The triangle minus {(1, 0), (0, 1)}: its bottom face drops from y = 0 to y = -1.
        let minus = planes.minus(&[Vec2::new(1.0, 0.0), Vec2::new(0.0, 1.0)]);
        let (s, i) = minus.deepest(Vec2::new(0.5, -3.0), 0.0);
        assert_eq!((s, i), (2.0, 0));
    }
}
