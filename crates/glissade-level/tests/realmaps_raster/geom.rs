//! Solid shapes in world units (y up) and what they say about a point: inside, outside, or
//! too close to an outline to tell.

/// A point, world units.
pub type P = [f64; 2];

/// How close to an outline a sample must be to be left out (world units).
pub const EDGE: f64 = 0.01;
/// How far the importer may put its polygon of an ellipse from the ellipse (world units).
pub const ELLIPSE_TOLERANCE: f64 = 0.02;

#[derive(Debug, Clone)]
pub enum Solid {
    /// A polygon, any winding, inside by the even-odd rule.
    Polygon(Vec<P>),
    /// Every point within `r` of the segment `a`–`b` (a segment alone when `r` is 0).
    Capsule { a: P, b: P, r: f64 },
}

/// A solid and how wide its band of uncertain points is on each side of its outline.
#[derive(Debug, Clone)]
pub struct Banded {
    pub solid: Solid,
    pub band: f64,
}

/// What a shape (or a whole map) says of a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Says {
    Solid,
    Empty,
    /// Near an outline: not compared.
    Unsure,
}

fn dist_to_segment(p: P, a: P, b: P) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (qx, qy) = (a[0] + t * dx - p[0], a[1] + t * dy - p[1]);
    (qx * qx + qy * qy).sqrt()
}

fn polygon_inside(p: P, pts: &[P]) -> bool {
    let mut inside = false;
    let n = pts.len();
    for i in 0..n {
        let (a, b) = (pts[i], pts[(i + 1) % n]);
        if (a[1] > p[1]) != (b[1] > p[1]) {
            let x = a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]);
            if p[0] < x {
                inside = !inside;
            }
        }
    }
    inside
}

impl Solid {
    /// Distance from `p` to the outline, negative inside.
    pub fn signed_distance(&self, p: P) -> f64 {
        match self {
            Solid::Polygon(pts) => {
                let n = pts.len();
                let d = (0..n)
                    .map(|i| dist_to_segment(p, pts[i], pts[(i + 1) % n]))
                    .fold(f64::INFINITY, f64::min);
                if polygon_inside(p, pts) { -d } else { d }
            }
            Solid::Capsule { a, b, r } => dist_to_segment(p, *a, *b) - r,
        }
    }

    /// The box around the shape: min and max.
    pub fn bounds(&self) -> (P, P) {
        let pts: Vec<P> = match self {
            Solid::Polygon(pts) => pts.clone(),
            Solid::Capsule { a, b, r } => vec![
                [a[0].min(b[0]) - r, a[1].min(b[1]) - r],
                [a[0].max(b[0]) + r, a[1].max(b[1]) + r],
            ],
        };
        let mut lo = [f64::INFINITY; 2];
        let mut hi = [f64::NEG_INFINITY; 2];
        for p in pts {
            lo = [lo[0].min(p[0]), lo[1].min(p[1])];
            hi = [hi[0].max(p[0]), hi[1].max(p[1])];
        }
        (lo, hi)
    }
}

impl Banded {
    pub fn says(&self, p: P) -> Says {
        let d = self.solid.signed_distance(p);
        if d.abs() <= self.band {
            Says::Unsure
        } else if d < 0.0 {
            Says::Solid
        } else {
            Says::Empty
        }
    }
}

/// Solid shapes bucketed by the unit cells their banded boxes touch.
#[derive(Default)]
pub struct Raster {
    pub shapes: Vec<Banded>,
    cells: std::collections::HashMap<(i64, i64), Vec<usize>>,
    /// The box around every shape.
    pub lo: P,
    pub hi: P,
}

impl Raster {
    pub fn new() -> Raster {
        Raster {
            lo: [f64::INFINITY; 2],
            hi: [f64::NEG_INFINITY; 2],
            ..Raster::default()
        }
    }

    pub fn add(&mut self, solid: Solid, band: f64) {
        let (lo, hi) = solid.bounds();
        if !(lo[0].is_finite() && lo[1].is_finite() && hi[0].is_finite() && hi[1].is_finite()) {
            return;
        }
        self.lo = [self.lo[0].min(lo[0]), self.lo[1].min(lo[1])];
        self.hi = [self.hi[0].max(hi[0]), self.hi[1].max(hi[1])];
        let k = self.shapes.len();
        for x in (lo[0] - band).floor() as i64..=(hi[0] + band).floor() as i64 {
            for y in (lo[1] - band).floor() as i64..=(hi[1] + band).floor() as i64 {
                self.cells.entry((x, y)).or_default().push(k);
            }
        }
        self.shapes.push(Banded { solid, band });
    }

    /// Solid when inside some shape clear of its band; unsure when not, but within some
    /// shape's band; empty otherwise.
    pub fn says(&self, p: P) -> Says {
        let Some(list) = self.cells.get(&(p[0].floor() as i64, p[1].floor() as i64)) else {
            return Says::Empty;
        };
        let mut out = Says::Empty;
        for &k in list {
            match self.shapes[k].says(p) {
                Says::Solid => return Says::Solid,
                Says::Unsure => out = Says::Unsure,
                Says::Empty => {}
            }
        }
        out
    }
}

/// Points around the ellipse inscribed in the box `(0, 0)`–`(w, h)`: fine enough that the
/// polygon is within a thousandth of a pixel-sized ellipse's outline at any sane size.
pub fn ellipse_points(w: f64, h: f64) -> Vec<(f64, f64)> {
    const N: usize = 512;
    (0..N)
        .map(|k| {
            let t = std::f64::consts::TAU * k as f64 / N as f64;
            (w / 2.0 * (1.0 + t.cos()), h / 2.0 * (1.0 + t.sin()))
        })
        .collect()
}
