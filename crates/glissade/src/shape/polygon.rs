//! Convex polygons: validated, counter-clockwise, with precomputed face planes.

use glam::{DVec2, Vec2};

use super::{ShapeError, check_coordinate};
use crate::geometry::Planes8;
use crate::tolerance::{GEOMETRY_REL, tolerance_along};

/// How thick a polygon is across its longest chord: twice its area over that chord's length.
fn thickness(pts: &[DVec2], area2: f64) -> f64 {
    let chord = longest_chord(pts);
    if chord.length() == 0.0 {
        0.0
    } else {
        area2.abs() / chord.length()
    }
}

/// The linear tolerance across a polygon's longest chord, for coordinates of per-axis
/// magnitude `extent`.
fn thickness_tolerance(pts: &[DVec2], extent: Vec2) -> f64 {
    let c = longest_chord(pts);
    let normal = Vec2::new(c.y as f32, -c.x as f32).normalize_or_zero();
    f64::from(tolerance_along(normal, extent, 0.0))
}

/// The longest difference between two of the points.
fn longest_chord(pts: &[DVec2]) -> DVec2 {
    let mut best = DVec2::ZERO;
    for (i, a) in pts.iter().enumerate() {
        for b in &pts[i + 1..] {
            if (*b - *a).length_squared() > best.length_squared() {
                best = *b - *a;
            }
        }
    }
    best
}

/// The largest number of vertices a [`ConvexPolygon`] may have.
pub const MAX_POLYGON_VERTICES: usize = 8;

/// A convex polygon of 3 to [`MAX_POLYGON_VERTICES`] vertices in the shape's local frame.
///
/// Vertices are stored counter-clockwise (y up); `normals()[i]` is the outward unit normal of
/// the edge from `vertices()[i]` to `vertices()[(i + 1) % len]`. Triangles are polygons.
#[derive(Debug, Clone, Copy, PartialEq)]
// Laid out in the order a cast reads it: planes, then vertices. Nothing is kept twice (a query
// over many polygons waits on memory more than on arithmetic): the face normals only in the
// planes (a list of them as well cost 64 bytes more per polygon), and the bounds only beside
// the pointer of a shape's polygon (`SharedPolygon`), which reads them without reading the
// polygon (kept here as well, they cost 16 bytes more per polygon).
#[repr(C)]
pub struct ConvexPolygon {
    /// The face planes side by side, for 4-lane clipping; their normals are the polygon's.
    pub(crate) planes: Planes8,
    pub(crate) verts: [Vec2; MAX_POLYGON_VERTICES],
    pub(crate) len: usize,
}

/// A polygon's outward unit face normals (see [`ConvexPolygon::normals`]), one per vertex:
/// read from its face planes when asked for. Derefs to a slice of [`Vec2`], local frame.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FaceNormals {
    normals: [Vec2; MAX_POLYGON_VERTICES],
    len: usize,
}

impl std::ops::Deref for FaceNormals {
    type Target = [Vec2];
    #[inline]
    fn deref(&self) -> &[Vec2] {
        &self.normals[..self.len]
    }
}

impl IntoIterator for FaceNormals {
    type Item = Vec2;
    type IntoIter = std::iter::Take<std::array::IntoIter<Vec2, MAX_POLYGON_VERTICES>>;
    fn into_iter(self) -> Self::IntoIter {
        self.normals.into_iter().take(self.len)
    }
}

impl<'a> IntoIterator for &'a FaceNormals {
    type Item = &'a Vec2;
    type IntoIter = std::slice::Iter<'a, Vec2>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl ConvexPolygon {
    /// Builds a convex polygon from points in the local frame.
    ///
    /// Clockwise input is accepted and reordered to counter-clockwise (the first point stays
    /// first). Refused: fewer than 3 or more than 8 points, coordinates that are not finite or
    /// larger than [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE), duplicate points,
    /// zero area (flat both in angle and in thickness), and non-convex input (naming the
    /// vertex, by its index in `points`). Collinear (straight) vertices count as not convex:
    /// leave them out.
    ///
    /// ```
    /// use glissade::{ConvexPolygon, glam::Vec2};
    /// // Clockwise on purpose: it is reordered.
    /// let tri = ConvexPolygon::new(&[Vec2::new(0.0, 0.0), Vec2::new(0.0, 1.0), Vec2::new(1.0, 0.0)])?;
    /// assert_eq!(tri.vertices().len(), 3);
    /// assert!(tri.normals().iter().all(|n| (n.length() - 1.0).abs() < 1e-6));
    /// # Ok::<(), glissade::ShapeError>(())
    /// ```
    pub fn new(points: &[Vec2]) -> Result<Self, ShapeError> {
        let n = points.len();
        if !(3..=MAX_POLYGON_VERTICES).contains(&n) {
            return Err(ShapeError::VertexCount {
                count: n,
                max: MAX_POLYGON_VERTICES,
            });
        }
        for (i, p) in points.iter().enumerate() {
            for (field, value) in [("points[i].x", p.x), ("points[i].y", p.y)] {
                check_coordinate(field, Some(i), value)?;
            }
        }
        for i in 0..n {
            for j in i + 1..n {
                if points[i] == points[j] {
                    return Err(ShapeError::DuplicatePoint {
                        first: i,
                        second: j,
                        x: points[j].x,
                        y: points[j].y,
                    });
                }
            }
        }
        // Twice the signed area (shoelace), in f64 relative to the first point: a long thin
        // polygon (a floor two million units long and one thick) keeps its area.
        let pd: [DVec2; MAX_POLYGON_VERTICES] =
            std::array::from_fn(|i| points.get(i).map_or(DVec2::ZERO, |p| p.as_dvec2()));
        let o = pd[0];
        let mut area2 = 0.0f64;
        let mut scale: f64 = 0.0;
        for i in 0..n {
            let a = pd[i] - o;
            let b = pd[(i + 1) % n] - o;
            area2 += a.perp_dot(b);
            scale = scale.max(a.abs().max_element());
        }
        let extent = points.iter().fold(Vec2::ZERO, |m, p| m.max(p.abs()));
        // Zero area when the polygon is flat both by angle (relative to its size) and by its
        // thickness across its longest chord (relative to the precision of its coordinates
        // along that chord's normal).
        let flat_by_angle = area2.abs() <= f64::from(GEOMETRY_REL) * scale * scale;
        if flat_by_angle && thickness(&pd[..n], area2) <= thickness_tolerance(&pd[..n], extent) {
            return Err(ShapeError::ZeroArea { count: n });
        }
        // `order[k]` is the index in `points` of the k-th counter-clockwise vertex.
        let mut order = [0usize; MAX_POLYGON_VERTICES];
        for (k, slot) in order.iter_mut().enumerate().take(n) {
            *slot = if area2 > 0.0 { k } else { (n - k) % n };
        }
        let mut verts = [Vec2::ZERO; MAX_POLYGON_VERTICES];
        for k in 0..n {
            verts[k] = points[order[k]];
        }
        // Every vertex must turn left, by more than GEOMETRY_REL in angle (computed in f64):
        // the queries take two faces that turn less as one.
        for k in 0..n {
            let prev = verts[(k + n - 1) % n].as_dvec2();
            let cur = verts[k];
            let next = verts[(k + 1) % n].as_dvec2();
            let e1 = cur.as_dvec2() - prev;
            let e2 = next - cur.as_dvec2();
            if e1.perp_dot(e2) <= f64::from(GEOMETRY_REL) * e1.length() * e2.length() {
                return Err(ShapeError::NotConvex {
                    index: order[k],
                    x: cur.x,
                    y: cur.y,
                });
            }
        }
        // Left turns everywhere can still wind twice (a star): every vertex must lie on the
        // inner side of every edge, clearly by angle or by distance (a long thin polygon's far
        // corner is a tiny angle but a whole thickness away from the opposite side).
        for k in 0..n {
            let a = verts[k].as_dvec2();
            let e = verts[(k + 1) % n].as_dvec2() - a;
            let side_tol = f64::from(tolerance_along(
                Vec2::new(e.y as f32, -e.x as f32).normalize_or_zero(),
                extent,
                0.0,
            ));
            for j in 0..n {
                if j == k || j == (k + 1) % n {
                    continue;
                }
                let w = verts[j].as_dvec2() - a;
                let cross = e.perp_dot(w);
                let by_angle = cross > f64::from(GEOMETRY_REL) * e.length() * w.length();
                let by_distance = cross / e.length() > side_tol;
                if !(by_angle || by_distance) {
                    return Err(ShapeError::NotConvex {
                        index: order[j],
                        x: verts[j].x,
                        y: verts[j].y,
                    });
                }
            }
        }
        let mut normals = [Vec2::ZERO; MAX_POLYGON_VERTICES];
        for k in 0..n {
            let e = verts[(k + 1) % n] - verts[k];
            normals[k] = Vec2::new(e.y, -e.x).normalize();
        }
        // Pad with copies of the first vertex: min/max passes run over all 8 (the planes pad
        // their lanes with the first plane).
        for k in n..MAX_POLYGON_VERTICES {
            verts[k] = verts[0];
        }
        Ok(Self {
            verts,
            len: n,
            planes: Planes8::new(&verts[..n], &normals[..n]),
        })
    }

    /// A regular polygon with `sides` vertices (3 to 8) on a circle of `radius` around the
    /// local origin, the first vertex at angle `phase` (radians, counter-clockwise from +x).
    pub fn regular(sides: usize, radius: f32, phase: f32) -> Result<Self, ShapeError> {
        check_coordinate("radius", None, radius)?;
        check_coordinate("phase", None, phase)?;
        if radius <= 0.0 {
            return Err(ShapeError::NotPositive {
                field: "radius",
                value: radius,
            });
        }
        if sides > MAX_POLYGON_VERTICES {
            return Err(ShapeError::VertexCount {
                count: sides,
                max: MAX_POLYGON_VERTICES,
            });
        }
        let mut pts = [Vec2::ZERO; MAX_POLYGON_VERTICES];
        for (k, p) in pts.iter_mut().enumerate().take(sides) {
            let a = phase + core::f32::consts::TAU * k as f32 / sides as f32;
            *p = Vec2::new(a.cos(), a.sin()) * radius;
        }
        Self::new(&pts[..sides])
    }

    /// The vertices, counter-clockwise, in the local frame.
    #[inline]
    #[must_use]
    pub fn vertices(&self) -> &[Vec2] {
        &self.verts[..self.len]
    }

    /// The smallest box holding the polygon, local frame, as `(min, max)`, in the units of
    /// its vertices. A shape's [`SharedPolygon`](super::SharedPolygon) keeps a copy beside its
    /// pointer ([`SharedPolygon::bounds`](super::SharedPolygon::bounds)), which reads nothing
    /// of the polygon.
    ///
    /// ```
    /// use glissade::{ConvexPolygon, glam::Vec2};
    /// let tri = ConvexPolygon::new(&[Vec2::new(-1.0, 0.0), Vec2::new(2.0, 0.5), Vec2::new(0.0, 3.0)])?;
    /// assert_eq!(tri.bounds(), (Vec2::new(-1.0, 0.0), Vec2::new(2.0, 3.0)));
    /// # Ok::<(), glissade::ShapeError>(())
    /// ```
    #[inline]
    #[must_use]
    pub fn bounds(&self) -> (Vec2, Vec2) {
        // Over all eight: the padding repeats the first vertex.
        self.verts
            .iter()
            .fold((self.verts[0], self.verts[0]), |(lo, hi), v| {
                (lo.min(*v), hi.max(*v))
            })
    }

    /// Outward unit normals, local frame; `normals()[i]` belongs to the edge starting at
    /// `vertices()[i]`. Read from the polygon's face planes (it keeps them only there).
    #[inline]
    #[must_use]
    pub fn normals(&self) -> FaceNormals {
        FaceNormals {
            normals: std::array::from_fn(|i| self.planes.normal(i)),
            len: self.len,
        }
    }

    /// Asks for every cache line of the polygon (a number from every 64 bytes) without
    /// waiting for them: a hint to the processor, which changes no answer. A cast between
    /// shapes gives it before its box test, and taking a polygon's core (what overlaps and
    /// distances work on) gives it too: when the polygon has not been read lately (one of
    /// many thousands), all its lines are then on their way at once, while the box test runs,
    /// instead of each being asked for only when the query reaches it, after branches on the
    /// lines before. On x86-64 a prefetch instruction per line. Elsewhere the numbers are
    /// read and thrown away (`black_box` keeps the reads), which asks for the lines as well
    /// but has the query wait for them. Measured over 65,536 inputs: the reads in the core,
    /// about 7% less time a cast between polygons; the hints before the box test, about 8%
    /// more again (alternated runs), for 1% more instructions (fewer on overlaps). No change
    /// over 4,096 inputs, whose polygons stay in cache.
    #[inline(always)]
    pub(crate) fn prefetch(&self) {
        let (numbers, len) = self.prefetched();
        #[cfg(target_arch = "x86_64")]
        {
            for x in numbers {
                hint_line(x);
            }
            hint_line(len);
        }
        #[cfg(not(target_arch = "x86_64"))]
        std::hint::black_box((numbers.map(|x| *x), *len));
    }

    /// Asks for the cache lines of the polygon's face planes without waiting for them: a
    /// hint to the processor, which changes no answer. A ray at a polygon gives it first,
    /// before its box test: when the polygon has not been read lately, its planes are on
    /// their way while the box test runs and its branch is decided, and a ray that misses the
    /// box waits for nothing. Measured on `ray/polygon` over 65,536 inputs, in alternated
    /// runs: about 3 ns (5–7%) less a ray, for about 4 instructions more (2%). On x86-64;
    /// elsewhere it does nothing.
    #[inline(always)]
    pub(crate) fn prefetch_planes(&self) {
        #[cfg(target_arch = "x86_64")]
        for x in self.planes.spread_numbers() {
            hint_line(x);
        }
    }

    /// The numbers [`prefetch`](Self::prefetch) asks for: the planes' first normal and offset,
    /// two vertices, and the length. Spread so that every cache line of the polygon holds
    /// one, wherever in a line the polygon starts (a test checks it).
    #[inline(always)]
    fn prefetched(&self) -> ([&f32; 4], &usize) {
        let [n, h] = self.planes.first_numbers();
        ([n, h, &self.verts[0].x, &self.verts[5].x], &self.len)
    }
}

/// Asks for the cache line that holds `x`, without waiting for it (x86-64's prefetch into
/// every level of cache).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn hint_line<T>(x: &T) {
    // SAFETY: a prefetch only hints at an address (here, of a value the caller holds a
    // reference to); it never faults and changes nothing the program can read.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>(std::ptr::from_ref(x).cast());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn clockwise_input_is_reordered_counter_clockwise() {
        // Clockwise points kept as given would give inward normals.
        let p = ConvexPolygon::new(&[v(0., 0.), v(0., 2.), v(2., 2.), v(2., 0.)]).unwrap();
        assert_eq!(p.vertices()[0], v(0., 0.));
        assert_eq!(p.vertices()[1], v(2., 0.));
        // Bottom edge normal points down (outward).
        assert_eq!(p.normals()[0], v(0., -1.));
        assert_eq!(p.normals()[1], v(1., 0.));
    }

    #[test]
    fn refuses_bad_polygons_naming_the_problem() {
        assert_eq!(
            ConvexPolygon::new(&[v(0., 0.), v(1., 0.)]),
            Err(ShapeError::VertexCount { count: 2, max: 8 })
        );
        assert_eq!(
            ConvexPolygon::new(&[v(0., 0.); 9]),
            Err(ShapeError::VertexCount { count: 9, max: 8 })
        );
        assert!(matches!(
            ConvexPolygon::new(&[v(0., 0.), v(1., f32::NAN), v(0., 1.)]),
            Err(ShapeError::NotFinite { index: Some(1), .. })
        ));
        assert!(matches!(
            ConvexPolygon::new(&[v(0., 0.), v(1., 0.), v(1., 0.)]),
            Err(ShapeError::DuplicatePoint {
                first: 1,
                second: 2,
                ..
            })
        ));
        assert_eq!(
            ConvexPolygon::new(&[v(0., 0.), v(1., 1.), v(2., 2.)]),
            Err(ShapeError::ZeroArea { count: 3 })
        );
        // An arrow head: vertex 2 is reflex.
        let err = ConvexPolygon::new(&[v(0., 0.), v(2., 1.), v(0.5, 1.), v(2., 2.), v(0., 3.)])
            .unwrap_err();
        assert!(
            matches!(err, ShapeError::NotConvex { index: 2, .. }),
            "{err}"
        );
        assert_eq!(
            err.to_string(),
            "the polygon is not convex at vertex 2 (0.5, 1)"
        );
    }

    #[test]
    fn a_pentagram_is_not_convex_even_though_every_turn_is_left() {
        let star: Vec<Vec2> = (0..5)
            .map(|k| {
                let a = core::f32::consts::TAU * (2 * k) as f32 / 5.0;
                v(a.cos(), a.sin())
            })
            .collect();
        assert!(matches!(
            ConvexPolygon::new(&star),
            Err(ShapeError::NotConvex { .. })
        ));
    }

    #[test]
    fn a_floor_two_million_units_long_and_one_thick_is_a_polygon() {
        // Long thin shapes are flat by angle but a whole unit thick: not zero area, and every
        // corner lies clearly inside the opposite side.
        let floor = [v(-1e6, -1.), v(1e6, -1.), v(1e6, 0.), v(-1e6, 0.)];
        let p = ConvexPolygon::new(&floor).unwrap();
        assert_eq!(p.normals()[2], v(0., 1.));
        let wall = [v(0., -1e7), v(1., -1e7), v(1., 1e7), v(0., 1e7)];
        assert!(ConvexPolygon::new(&wall).is_ok());
        // Still refused: thinner than the precision of its coordinates.
        assert_eq!(
            ConvexPolygon::new(&[v(-1e7, 0.), v(1e7, 0.), v(0., 1e-7)]),
            Err(ShapeError::ZeroArea { count: 3 })
        );
    }

    #[test]
    fn regular_hexagon_has_unit_normals() {
        let h = ConvexPolygon::regular(6, 2.0, 0.0).unwrap();
        assert_eq!(h.vertices().len(), 6);
        for n in h.normals() {
            assert!((n.length() - 1.0).abs() < 1e-6);
        }
        assert!(ConvexPolygon::regular(9, 1.0, 0.0).is_err());
        assert!(ConvexPolygon::regular(5, -1.0, 0.0).is_err());
    }

    /// Wherever a polygon starts within a cache line (at its alignment), every line its face
    /// planes span holds one of the numbers `prefetch_planes` hints at.
    #[test]
    fn prefetch_planes_hints_at_every_cache_line_of_the_planes() {
        const LINE: usize = 64;
        let p = ConvexPolygon::regular(3, 1.0, 0.0).unwrap();
        let at = |r: *const f32| r as usize - std::ptr::from_ref(&p) as usize;
        let hints = p.planes.spread_numbers().map(|x| at(std::ptr::from_ref(x)));
        let planes = at(std::ptr::from_ref(&p.planes).cast());
        let size = std::mem::size_of::<Planes8>();
        for start in (0..LINE).step_by(std::mem::align_of::<ConvexPolygon>()) {
            // The planes at [start + planes, start + planes + size) of memory cut in lines.
            let (lo, hi) = (start + planes, start + planes + size);
            for line in (lo - lo % LINE..hi).step_by(LINE) {
                assert!(
                    hints
                        .iter()
                        .any(|&r| (line..line + LINE).contains(&(start + r))),
                    "no hint in the line at {line} of planes starting at {lo}"
                );
            }
        }
    }

    /// Wherever a polygon starts within a cache line (at its alignment), every line it spans
    /// holds one of the numbers `prefetch` asks for.
    #[test]
    fn prefetch_reads_in_every_cache_line() {
        const LINE: usize = 64;
        let p = ConvexPolygon::regular(3, 1.0, 0.0).unwrap();
        let at = |r: *const u8| r as usize - std::ptr::from_ref(&p) as usize;
        let (numbers, len) = p.prefetched();
        let mut reads: Vec<usize> = numbers
            .iter()
            .map(|&x| at(std::ptr::from_ref(x).cast()))
            .collect();
        reads.push(at(std::ptr::from_ref(len).cast()));
        let size = std::mem::size_of::<ConvexPolygon>();
        for start in (0..LINE).step_by(std::mem::align_of::<ConvexPolygon>()) {
            // The polygon at [start, start + size) of memory cut in lines of 64 bytes.
            for line in (0..start + size).step_by(LINE) {
                assert!(
                    reads
                        .iter()
                        .any(|&r| (line..line + LINE).contains(&(start + r))),
                    "no read in the line at {line} of a polygon starting at {start}"
                );
            }
        }
    }
}
