//! Triangulating a simple counter-clockwise polygon: ear clipping, then flipping diagonals
//! towards the constrained Delaunay triangulation (which has the largest smallest angle).

use std::collections::HashMap;

use glissade::glam::Vec2;

use super::turns::{STRAIGHT_SINE, at, strictly_convex};

/// Clearance, as a fraction of the extent, that every other vertex must keep outside a
/// candidate ear triangle; a vertex on the triangle or nearer than this blocks the ear, so a
/// clipped diagonal never grazes a vertex.
pub(super) const EAR_CLEARANCE_REL: f32 = 1e-6;

/// Sine tolerance of the Delaunay test: a diagonal is flipped only when the two angles facing it
/// add up to more than 180 degrees by more than this (as the sine of the excess), so nearly
/// cocircular quads (squares, regular polygons) are left alone instead of flipping on noise.
const DELAUNAY_SINE: f64 = 1e-6;

/// Whether `p` lies in the CCW triangle `a b c` or within `clearance` of it (per edge line).
fn near_triangle(p: Vec2, a: Vec2, b: Vec2, c: Vec2, clearance: f32) -> bool {
    [(a, b), (b, c), (c, a)].iter().all(|&(s, t)| {
        let e = t - s;
        e.perp_dot(p - s) >= -clearance * e.length()
    })
}

/// Ear clipping of a simple CCW polygon without redundant vertices, as triangles of indices into
/// `pts` (each CCW, the clipped vertex in the middle), in clipping order; the last one is what
/// is left at the end. Prefers ears with no needle-thin corner.
pub(super) fn ear_clip(pts: &[Vec2], clearance: f32) -> Result<Vec<[usize; 3]>, String> {
    let n = pts.len();
    if n < 3 {
        return Err("degenerate polygon: fewer than 3 vertices".to_string());
    }
    let p = |i: usize| at(pts, i);
    // Linked ring of the vertices left; every stored index is < n.
    let mut prev: Vec<usize> = (0..n).map(|i| (i + n - 1) % n).collect();
    let mut next: Vec<usize> = (0..n).map(|i| (i + 1) % n).collect();
    // Vertices that are not strictly convex: only these can lie in an ear candidate (a vertex
    // only becomes more convex as its neighbours are clipped, so this list only shrinks).
    let mut blockers: Vec<usize> = (0..n)
        .filter(|&i| !strictly_convex(p(prev[i]), p(i), p(next[i])))
        .collect();

    #[derive(PartialEq)]
    enum Ear {
        No,
        Thin,
        Good,
    }
    let ear = |b: usize, prev: &[usize], next: &[usize], blockers: &[usize]| -> Ear {
        let (a, c) = (prev[b], next[b]);
        let (pa, pb, pc) = (p(a), p(b), p(c));
        if !strictly_convex(pa, pb, pc) {
            return Ear::No;
        }
        if blockers
            .iter()
            .any(|&i| i != a && i != b && i != c && near_triangle(p(i), pa, pb, pc, clearance))
        {
            return Ear::No;
        }
        let corner_ok = |o: Vec2, s: Vec2, t: Vec2| {
            let (u, v) = (s - o, t - o);
            u.perp_dot(v) > STRAIGHT_SINE * u.length() * v.length()
        };
        if corner_ok(pa, pb, pc) && corner_ok(pc, pa, pb) {
            Ear::Good
        } else {
            Ear::Thin
        }
    };

    let mut triangles = Vec::with_capacity(n - 2);
    let mut remaining = n;
    let mut cur = 0usize;
    while remaining > 3 {
        // One lap from `cur`: the first good ear, else the first thin one.
        let mut found = None;
        let mut fallback = None;
        let mut v = cur;
        for _ in 0..remaining {
            match ear(v, &prev, &next, &blockers) {
                Ear::Good => {
                    found = Some(v);
                    break;
                }
                Ear::Thin => {
                    if fallback.is_none() {
                        fallback = Some(v);
                    }
                }
                Ear::No => {}
            }
            v = next[v];
        }
        let Some(b) = found.or(fallback) else {
            return Err(
                "no ear found: the polygon is numerically degenerate (edges nearly touching?)"
                    .to_string(),
            );
        };
        let (a, c) = (prev[b], next[b]);
        triangles.push([a, b, c]);
        next[a] = c;
        prev[c] = a;
        remaining -= 1;
        blockers.retain(|&i| i != b && !strictly_convex(p(prev[i]), p(i), p(next[i])));
        cur = c;
    }
    triangles.push([prev[cur], cur, next[cur]]);
    Ok(triangles)
}

/// The edges of `triangles` that two of them share, once each (as the directed edge of the
/// earlier triangle), in triangle order: for plain ear clipping, the order they were made.
pub(super) fn diagonals(
    triangles: &[[usize; 3]],
    owner: &HashMap<(usize, usize), usize>,
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (t, &[a, b, c]) in triangles.iter().enumerate() {
        for (x, y) in [(a, b), (b, c), (c, a)] {
            if owner.get(&(y, x)).is_some_and(|&other| other > t) {
                out.push((x, y));
            }
        }
    }
    out
}

/// Lawson flips: while a diagonal `u v` faces angles that add up to more than 180 degrees (see
/// [`DELAUNAY_SINE`]) and its quad is strictly convex, replace it by the other diagonal. Ends at
/// the constrained Delaunay triangulation (polygon edges are never flipped); the number of
/// steps is capped, so noise cannot make it loop.
pub(super) fn delaunay_flips(pts: &[Vec2], triangles: &mut [[usize; 3]]) {
    let mut owner: HashMap<(usize, usize), usize> = HashMap::with_capacity(3 * triangles.len());
    for (t, &[a, b, c]) in triangles.iter().enumerate() {
        for edge in [(a, b), (b, c), (c, a)] {
            owner.insert(edge, t);
        }
    }
    let mut stack = diagonals(triangles, &owner);
    stack.reverse(); // pop in triangle order
    let n = pts.len();
    // Lawson needs O(n²) flips at worst; each flip pushes 4 edges.
    let cap = n
        .saturating_mul(n)
        .saturating_add(16)
        .saturating_mul(4)
        .saturating_add(stack.len());
    let third = |tri: [usize; 3], u: usize, v: usize| tri.into_iter().find(|&w| w != u && w != v);
    for _ in 0..cap {
        let Some((u, v)) = stack.pop() else {
            break;
        };
        let (Some(&t1), Some(&t2)) = (owner.get(&(u, v)), owner.get(&(v, u))) else {
            continue; // a polygon edge, or flipped away since it was pushed
        };
        let (Some(&tri1), Some(&tri2)) = (triangles.get(t1), triangles.get(t2)) else {
            continue;
        };
        // t1 = (u, v, p) and t2 = (v, u, q), counter-clockwise; the quad is u q v p.
        let (Some(p), Some(q)) = (third(tri1, u, v), third(tri2, v, u)) else {
            continue;
        };
        if !should_flip(at(pts, u), at(pts, v), at(pts, p), at(pts, q)) {
            continue;
        }
        if let Some(slot) = triangles.get_mut(t1) {
            *slot = [q, v, p];
        }
        if let Some(slot) = triangles.get_mut(t2) {
            *slot = [p, u, q];
        }
        owner.remove(&(u, v));
        owner.remove(&(v, u));
        for (edge, t) in [((q, v), t1), ((v, p), t1), ((p, q), t1)] {
            owner.insert(edge, t);
        }
        for (edge, t) in [((p, u), t2), ((u, q), t2), ((q, p), t2)] {
            owner.insert(edge, t);
        }
        stack.extend([(u, q), (q, v), (v, p), (p, u)]);
    }
}

/// Whether diagonal `u v` of CCW triangles `(u, v, p)` and `(v, u, q)` should become `p q`: the
/// angles at `p` and `q` add up to more than 180 degrees, and both new triangles turn strictly
/// left (so the quad is convex).
fn should_flip(u: Vec2, v: Vec2, p: Vec2, q: Vec2) -> bool {
    let convex = strictly_convex(q, v, p)
        && strictly_convex(v, p, q)
        && strictly_convex(p, u, q)
        && strictly_convex(u, q, p);
    if !convex {
        return false;
    }
    let (u, v, p, q) = (u.as_dvec2(), v.as_dvec2(), p.as_dvec2(), q.as_dvec2());
    let (pu, pv, qv, qu) = (u - p, v - p, v - q, u - q);
    // sin(alpha + beta) times the four lengths, alpha at p and beta at q.
    let sin_sum = pu.perp_dot(pv) * qv.dot(qu) + pu.dot(pv) * qv.perp_dot(qu);
    let scale = pu.length() * pv.length() * qv.length() * qu.length();
    sin_sum < -DELAUNAY_SINE * scale
}
