//! Polygon geometry for level walls: orientation, self-crossing, reflex vertices, and the split
//! of a simple counter-clockwise polygon into convex pieces that `glissade::ConvexPolygon` takes.
//!
//! Conventions: y up, counter-clockwise (CCW) polygons, edge `i` runs from point `i` to point
//! `(i + 1) % n`. Nothing here panics on any input: indices into the working arrays are kept in
//! range by construction, points are read through [`at`], and every loop has a bound.

use std::collections::HashMap;

use glissade::glam::{DVec2, Vec2};
use glissade::tolerance::GEOMETRY_REL;

/// Distance tolerance, as a fraction of the polygon's extent (the diagonal of its bounding box):
/// before splitting, a vertex closer than this to the previous one (a duplicate), or to the line
/// through its two neighbours (collinear), is removed.
const REDUNDANT_DISTANCE_REL: f32 = 1e-5;

/// Sine tolerance for turns: a turn `a -> b -> c` whose cross product `(b - a) x (c - b)` lies
/// within `STRAIGHT_SINE * |b - a| * |c - b|` of zero is straight, not a left or right turn.
/// Ten times glissade's own [`GEOMETRY_REL`], so every piece passes `ConvexPolygon::new` (which
/// refuses straight vertices at `GEOMETRY_REL`) with margin.
const STRAIGHT_SINE: f32 = 10.0 * GEOMETRY_REL;

/// Area tolerance, as a fraction of the extent squared: a polygon whose twice-signed-area is
/// within this of zero (after removing redundant vertices) is degenerate.
const DEGENERATE_AREA_REL: f32 = 1e-9;

/// Clearance, as a fraction of the extent, that every other vertex must keep outside a
/// candidate ear triangle; a vertex on the triangle or nearer than this blocks the ear, so a
/// clipped diagonal never grazes a vertex.
const EAR_CLEARANCE_REL: f32 = 1e-6;

/// Sine tolerance of the Delaunay test: a diagonal is flipped only when the two angles facing it
/// add up to more than 180 degrees by more than this (as the sine of the excess), so nearly
/// cocircular quads (squares, regular polygons) are left alone instead of flipping on noise.
const DELAUNAY_SINE: f64 = 1e-6;

const _: () = assert!(STRAIGHT_SINE > GEOMETRY_REL);

/// Twice the signed area (positive for counter-clockwise).
pub(crate) fn signed_area2(points: &[Vec2]) -> f32 {
    let Some(&origin) = points.first() else {
        return 0.0;
    };
    let o = origin.as_dvec2();
    let mut sum = 0.0f64;
    for (k, p) in points.iter().enumerate() {
        let a = p.as_dvec2() - o;
        let b = at(points, k + 1).as_dvec2() - o;
        sum += a.perp_dot(b);
    }
    sum as f32
}

/// The first pair of non-adjacent edges (i, j), i < j, that touch or cross (edge i goes from
/// point i to point i+1 mod n); None for a simple polygon.
///
/// "First" is the smallest `i`, then the smallest `j`. Touching includes an end of one edge on
/// the other and collinear overlap; a duplicate consecutive point (an edge of length zero) makes
/// its two neighbouring edges touch.
pub(crate) fn crossing_edges(points: &[Vec2]) -> Option<(usize, usize)> {
    let n = points.len();
    for i in 0..n {
        let (p1, p2) = (at(points, i).as_dvec2(), at(points, i + 1).as_dvec2());
        for j in i + 2..n {
            if i == 0 && j + 1 == n {
                continue; // edges n-1 and 0 share point 0
            }
            let (q1, q2) = (at(points, j).as_dvec2(), at(points, j + 1).as_dvec2());
            if segments_touch(p1, p2, q1, q2) {
                return Some((i, j));
            }
        }
    }
    None
}

/// The first vertex (index) where a CCW polygon turns clockwise (a reflex vertex), if any.
///
/// A turn counts as clockwise when its cross product is below `-STRAIGHT_SINE * |e1| * |e2|`;
/// straight vertices (and duplicate points) are not reported.
pub(crate) fn first_reflex_vertex(points: &[Vec2]) -> Option<usize> {
    let n = points.len();
    if n < 3 {
        return None;
    }
    (0..n).find(|&k| {
        let (a, b, c) = (at(points, k + n - 1), at(points, k), at(points, k + 1));
        let (e1, e2) = (b - a, c - b);
        e1.perp_dot(e2) < -STRAIGHT_SINE * e1.length() * e2.length()
    })
}

/// Splits a simple CCW polygon (at least 3 points, no crossing edges, positive area) into convex
/// CCW pieces of at most `max_vertices` (>= 3) vertices each: ear-clipping triangulation, then
/// Hertel–Mehlhorn merging of adjacent pieces across shared diagonals while the union stays
/// convex and within `max_vertices`. Collinear and duplicate consecutive vertices are removed
/// first (within a tolerance relative to the polygon's size). Deterministic (same input, same
/// output). Err when the polygon is degenerate (fewer than 3 distinct non-collinear vertices,
/// zero area) or when ear clipping finds no ear (numerically bad input) — with a short reason
/// string.
///
/// Between the two steps, diagonals are flipped towards the constrained Delaunay triangulation
/// (which has the largest smallest angle), so a thin triangle only remains where the polygon
/// itself has a needle-sharp corner.
///
/// Also Err for `max_vertices < 3`, non-finite points, clockwise input, and when a piece would
/// be too thin for `ConvexPolygon::new` (a needle-sharp corner). Every piece is made of input
/// points, turns strictly left at every vertex (no straight vertices) and has every vertex
/// strictly inside every edge it is not on.
pub(crate) fn split_convex(points: &[Vec2], max_vertices: usize) -> Result<Vec<Vec<Vec2>>, String> {
    if max_vertices < 3 {
        return Err(format!(
            "pieces of at most {max_vertices} vertices cannot hold a triangle"
        ));
    }
    if points.iter().any(|p| !p.is_finite()) {
        return Err("a point is not finite".to_string());
    }
    let Some(&first) = points.first() else {
        return Err("degenerate polygon: no points".to_string());
    };
    let (lo, hi) = points
        .iter()
        .fold((first, first), |(lo, hi), &p| (lo.min(p), hi.max(p)));
    let extent = (hi - lo).length();
    if !extent.is_finite() {
        return Err("coordinates too large".to_string());
    }
    let pts = remove_redundant(points, REDUNDANT_DISTANCE_REL * extent);
    if pts.len() < 3 {
        return Err(
            "degenerate polygon: fewer than 3 distinct, non-collinear vertices".to_string(),
        );
    }
    let area2 = signed_area2(&pts);
    if area2.abs() <= DEGENERATE_AREA_REL * extent * extent || area2.is_nan() {
        return Err("degenerate polygon: zero area".to_string());
    }
    if area2 < 0.0 {
        return Err("clockwise polygon: expected counter-clockwise".to_string());
    }
    if pts.len() <= max_vertices && valid_convex(&pts) {
        return Ok(vec![pts]);
    }
    let mut triangles = ear_clip(&pts, EAR_CLEARANCE_REL * extent)?;
    delaunay_flips(&pts, &mut triangles);
    let pieces = hertel_mehlhorn(&pts, &triangles, max_vertices);
    let mut out = Vec::with_capacity(pieces.len());
    for piece in pieces {
        let poly = drop_straight(piece.iter().map(|&i| at(&pts, i)).collect());
        if poly.len() > max_vertices || !valid_convex(&poly) {
            let p = poly.first().copied().unwrap_or(Vec2::ZERO);
            return Err(format!(
                "a piece near ({}, {}) comes out too thin (a needle-sharp corner or nearly collinear points)",
                p.x, p.y
            ));
        }
        out.push(poly);
    }
    Ok(out)
}

/// `points[i % len]`, or zero for no points.
fn at(points: &[Vec2], i: usize) -> Vec2 {
    match points.len() {
        0 => Vec2::ZERO,
        n => points.get(i % n).copied().unwrap_or(Vec2::ZERO),
    }
}

/// Whether closed segments `p1 p2` and `q1 q2` share a point (f64 orientation tests).
fn segments_touch(p1: DVec2, p2: DVec2, q1: DVec2, q2: DVec2) -> bool {
    let orient = |a: DVec2, b: DVec2, c: DVec2| (b - a).perp_dot(c - a);
    let within = |p: DVec2, a: DVec2, b: DVec2| {
        p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
    };
    let opposite = |s: f64, t: f64| (s > 0.0 && t < 0.0) || (s < 0.0 && t > 0.0);
    let d1 = orient(q1, q2, p1);
    let d2 = orient(q1, q2, p2);
    let d3 = orient(p1, p2, q1);
    let d4 = orient(p1, p2, q2);
    (opposite(d1, d2) && opposite(d3, d4))
        || (d1 == 0.0 && within(p1, q1, q2))
        || (d2 == 0.0 && within(p2, q1, q2))
        || (d3 == 0.0 && within(q1, p1, p2))
        || (d4 == 0.0 && within(q2, p1, p2))
}

/// How a path turns at its middle point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Turn {
    /// Counter-clockwise, beyond the tolerance: a convex vertex.
    Left,
    /// Within the tolerance of straight on (or a zero-length edge).
    Straight,
    /// Clockwise beyond the tolerance, or a hairpin back on itself: not convex.
    Right,
}

fn turn(a: Vec2, b: Vec2, c: Vec2) -> Turn {
    let (e1, e2) = (b - a, c - b);
    let cross = e1.perp_dot(e2);
    let limit = STRAIGHT_SINE * e1.length() * e2.length();
    if cross > limit {
        Turn::Left
    } else if cross < -limit {
        Turn::Right
    } else if e1.dot(e2) >= 0.0 {
        Turn::Straight
    } else {
        Turn::Right
    }
}

/// Removes, one at a time until none is left, every vertex `b` (with neighbours `a`, `c`) for
/// which `redundant(a, b, c)` holds, stopping at 2 points.
fn remove_while(mut pts: Vec<Vec2>, redundant: impl Fn(Vec2, Vec2, Vec2) -> bool) -> Vec<Vec2> {
    let mut i = 0usize;
    // Vertices checked since the last removal: a full lap with no removal ends the loop, and
    // every removal shortens `pts`, so this runs at most about len² times.
    let mut stable = 0usize;
    while pts.len() >= 3 && stable < pts.len() {
        let n = pts.len();
        let k = i % n;
        if redundant(at(&pts, k + n - 1), at(&pts, k), at(&pts, k + 1)) {
            pts.remove(k);
            stable = 0;
            // Back to the previous vertex: its next neighbour changed.
            i = if k == 0 {
                pts.len().saturating_sub(1)
            } else {
                k - 1
            };
        } else {
            i = k + 1;
            stable += 1;
        }
    }
    pts
}

/// Removes duplicate consecutive vertices and vertices within `tol` of the line through their
/// neighbours. Duplicates go first, keeping the earliest point of each run (so a closing copy of
/// point 0 goes, not point 0).
fn remove_redundant(points: &[Vec2], tol: f32) -> Vec<Vec2> {
    let mut distinct: Vec<Vec2> = Vec::with_capacity(points.len());
    for &p in points {
        if distinct.last().is_none_or(|&q| (p - q).length() > tol) {
            distinct.push(p);
        }
    }
    while distinct.len() > 1
        && let (Some(&first), Some(&last)) = (distinct.first(), distinct.last())
        && (last - first).length() <= tol
    {
        distinct.pop();
    }
    remove_while(distinct, |a, b, c| {
        let ac = c - a;
        let len = ac.length();
        (b - a).length() <= tol || len <= tol || ac.perp_dot(b - a).abs() <= tol * len
    })
}

/// Removes straight vertices (see [`Turn::Straight`]).
fn drop_straight(points: Vec<Vec2>) -> Vec<Vec2> {
    remove_while(points, |a, b, c| turn(a, b, c) == Turn::Straight)
}

/// What `ConvexPolygon::new` asks of a CCW polygon, with [`STRAIGHT_SINE`]: at least 3
/// vertices, a strict left turn at each, and each vertex strictly inside every edge not ending
/// at it.
fn valid_convex(poly: &[Vec2]) -> bool {
    let n = poly.len();
    if n < 3 {
        return false;
    }
    (0..n).all(|k| {
        let a = at(poly, k);
        let e = at(poly, k + 1) - a;
        turn(at(poly, k + n - 1), a, at(poly, k + 1)) == Turn::Left
            && (2..n).all(|d| {
                let w = at(poly, k + d) - a;
                e.perp_dot(w) > STRAIGHT_SINE * e.length() * w.length()
            })
    })
}

/// Whether `b` turns left between `a` and `c` beyond the tolerance.
fn strictly_convex(a: Vec2, b: Vec2, c: Vec2) -> bool {
    turn(a, b, c) == Turn::Left
}

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
fn ear_clip(pts: &[Vec2], clearance: f32) -> Result<Vec<[usize; 3]>, String> {
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
fn diagonals(
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
fn delaunay_flips(pts: &[Vec2], triangles: &mut [[usize; 3]]) {
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

/// Union-find root of `t`, halving paths; bounded by the number of nodes.
fn find(parent: &mut [usize], mut t: usize) -> usize {
    for _ in 0..parent.len() {
        let Some(&up) = parent.get(t) else {
            return t;
        };
        if up == t {
            return t;
        }
        let grand = parent.get(up).copied().unwrap_or(up);
        if let Some(slot) = parent.get_mut(t) {
            *slot = grand;
        }
        t = grand;
    }
    t
}

/// Hertel–Mehlhorn: merges the triangles across their diagonals, in the order the diagonals
/// were made, while the union stays convex and within `max_vertices` (not counting straight
/// vertices, which are dropped from the output). A first pass takes only merges that leave
/// strict left turns at both ends of the diagonal, a second also those that leave them
/// straight: a straight merge spends the whole angle at a reflex vertex, so it goes last.
/// Returns the pieces as CCW index lists, in order of their first triangle.
fn hertel_mehlhorn(pts: &[Vec2], triangles: &[[usize; 3]], max_vertices: usize) -> Vec<Vec<usize>> {
    let mut owner: HashMap<(usize, usize), usize> = HashMap::with_capacity(3 * triangles.len());
    for (t, &[a, b, c]) in triangles.iter().enumerate() {
        for edge in [(a, b), (b, c), (c, a)] {
            owner.insert(edge, t);
        }
    }
    let diagonals = diagonals(triangles, &owner);
    let mut parent: Vec<usize> = (0..triangles.len()).collect();
    let mut pieces: Vec<Vec<usize>> = triangles.iter().map(|t| t.to_vec()).collect();
    for allow_straight in [false, true] {
        for &(u, v) in &diagonals {
            let (Some(&ta), Some(&tb)) = (owner.get(&(u, v)), owner.get(&(v, u))) else {
                continue;
            };
            let (ra, rb) = (find(&mut parent, ta), find(&mut parent, tb));
            if ra == rb {
                continue;
            }
            let (Some(pa), Some(pb)) = (pieces.get(ra), pieces.get(rb)) else {
                continue;
            };
            let Some(merged) = try_merge(pts, pa, pb, (u, v), max_vertices, allow_straight) else {
                continue;
            };
            let (keep, gone) = (ra.min(rb), ra.max(rb));
            if let Some(slot) = parent.get_mut(gone) {
                *slot = keep;
            }
            if let Some(slot) = pieces.get_mut(gone) {
                slot.clear();
            }
            if let Some(slot) = pieces.get_mut(keep) {
                *slot = merged;
            }
        }
    }
    let roots: Vec<usize> = (0..parent.len())
        .filter(|&t| find(&mut parent, t) == t)
        .collect();
    roots
        .into_iter()
        .filter_map(|t| pieces.get_mut(t).map(std::mem::take))
        .collect()
}

/// The union of CCW pieces `pa` (holding edge `u -> v`) and `pb` (holding `v -> u`), as an
/// index list starting at `v`, if it turns left (or straight, when allowed) at `u` and `v`, has
/// at most `max_vertices` vertices once straight ones are dropped, and is a valid convex piece.
fn try_merge(
    pts: &[Vec2],
    pa: &[usize],
    pb: &[usize],
    (u, v): (usize, usize),
    max_vertices: usize,
    allow_straight: bool,
) -> Option<Vec<usize>> {
    let (la, lb) = (pa.len(), pb.len());
    let ring =
        |piece: &[usize], i: usize| -> Option<usize> { piece.get(i % piece.len().max(1)).copied() };
    let ia = (0..la).find(|&i| ring(pa, i) == Some(u) && ring(pa, i + 1) == Some(v))?;
    let jb = (0..lb).find(|&j| ring(pb, j) == Some(v) && ring(pb, j + 1) == Some(u))?;
    // v .. u along pa, then pb strictly between u and v.
    let merged: Vec<usize> = (0..la)
        .map(|k| ring(pa, ia + 1 + k))
        .chain((0..lb.saturating_sub(2)).map(|k| ring(pb, jb + 2 + k)))
        .collect::<Option<_>>()?;
    let poly: Vec<Vec2> = merged.iter().map(|&i| at(pts, i)).collect();
    let m = poly.len();
    // v is first, u is last of pa's part.
    for k in [0, la.saturating_sub(1)] {
        match turn(at(&poly, k + m - 1), at(&poly, k), at(&poly, k + 1)) {
            Turn::Left => {}
            Turn::Straight if allow_straight => {}
            _ => return None,
        }
    }
    let clean = drop_straight(poly);
    (clean.len() <= max_vertices && valid_convex(&clean)).then_some(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn poly(xy: &[(f32, f32)]) -> Vec<Vec2> {
        xy.iter().map(|&(x, y)| Vec2::new(x, y)).collect()
    }

    /// Splits and checks every piece: at least 3 and at most `max` vertices, CCW, convex (no
    /// reflex vertex, and accepted by `ConvexPolygon::new`), made of input points; the areas
    /// add up to the input's within `rel`.
    fn split_checked(input: &[Vec2], max: usize, rel: f32) -> Vec<Vec<Vec2>> {
        let pieces = split_convex(input, max).unwrap_or_else(|e| panic!("split failed: {e}"));
        assert!(!pieces.is_empty());
        let mut total = 0.0f64;
        for piece in &pieces {
            assert!(
                (3..=max).contains(&piece.len()),
                "piece of {} vertices: {piece:?}",
                piece.len()
            );
            let a = signed_area2(piece);
            assert!(a > 0.0, "piece not CCW: {piece:?}");
            assert_eq!(first_reflex_vertex(piece), None, "reflex piece {piece:?}");
            assert!(valid_convex(piece), "not strictly convex: {piece:?}");
            if piece.len() <= glissade::shape::MAX_POLYGON_VERTICES {
                assert!(
                    glissade::ConvexPolygon::new(piece).is_ok(),
                    "ConvexPolygon refuses {piece:?}"
                );
            }
            assert!(
                piece.iter().all(|p| input.contains(p)),
                "new point in {piece:?}"
            );
            total += f64::from(a);
        }
        let whole = f64::from(signed_area2(input));
        assert!(
            (total - whole).abs() <= f64::from(rel) * whole.abs(),
            "areas {total} vs {whole}"
        );
        pieces
    }

    fn l_shape() -> Vec<Vec2> {
        poly(&[(0., 0.), (2., 0.), (2., 1.), (1., 1.), (1., 2.), (0., 2.)])
    }

    fn comb(teeth: usize) -> Vec<Vec2> {
        let w = (2 * teeth - 1) as f32;
        let mut v = vec![Vec2::new(0., 0.), Vec2::new(w, 0.)];
        for t in (0..teeth).rev() {
            let x = 2.0 * t as f32;
            v.push(Vec2::new(x + 1., 3.));
            v.push(Vec2::new(x, 3.));
            if t > 0 {
                v.push(Vec2::new(x, 1.));
                v.push(Vec2::new(x - 1., 1.));
            }
        }
        v
    }

    #[test]
    fn square_is_one_piece() {
        let sq = poly(&[(0., 0.), (1., 0.), (1., 1.), (0., 1.)]);
        let pieces = split_checked(&sq, 8, 1e-4);
        assert_eq!(pieces.len(), 1);
        assert_eq!(pieces[0].len(), 4);
        // Forced through the triangulation too (4 > 3 vertices).
        let tris = split_checked(&sq, 3, 1e-4);
        assert_eq!(tris.len(), 2);
    }

    #[test]
    fn l_shape_is_two_pieces() {
        let pieces = split_checked(&l_shape(), 8, 1e-4);
        assert_eq!(pieces.len(), 2);
        // Any rotation of the input gives two pieces too.
        for r in 1..6 {
            let mut l = l_shape();
            l.rotate_left(r);
            assert_eq!(split_checked(&l, 8, 1e-4).len(), 2, "rotation {r}");
        }
    }

    #[test]
    fn u_shape() {
        let u = poly(&[
            (0., 0.),
            (3., 0.),
            (3., 3.),
            (2., 3.),
            (2., 1.),
            (1., 1.),
            (1., 3.),
            (0., 3.),
        ]);
        let pieces = split_checked(&u, 8, 1e-4);
        assert!((3..=5).contains(&pieces.len()), "{} pieces", pieces.len());
    }

    #[test]
    fn star_of_ten_vertices() {
        let star: Vec<Vec2> = (0..10)
            .map(|k| {
                let r = if k % 2 == 0 { 2.0 } else { 0.8 };
                Vec2::from_angle(std::f32::consts::TAU * k as f32 / 10.0) * r
            })
            .collect();
        let pieces = split_checked(&star, 8, 1e-4);
        // 5 reflex vertices: Hertel–Mehlhorn gives at most 2r + 1 pieces.
        assert!((2..=11).contains(&pieces.len()), "{} pieces", pieces.len());
    }

    #[test]
    fn regular_20_gon_in_pieces_of_8() {
        let gon: Vec<Vec2> = (0..20)
            .map(|k| Vec2::from_angle(std::f32::consts::TAU * k as f32 / 20.0) * 5.0)
            .map(|p| p + Vec2::new(100.0, -40.0))
            .collect();
        let pieces = split_checked(&gon, 8, 1e-4);
        // 18 triangles, at most 6 per piece of 8.
        assert!((3..=5).contains(&pieces.len()), "{} pieces", pieces.len());
    }

    #[test]
    fn collinear_and_duplicate_points_removed() {
        let sq = poly(&[
            (0., 0.),
            (0.5, 0.),
            (0.5, 0.),
            (1., 0.),
            (1., 0.25),
            (1., 0.5),
            (1., 1.),
            (0.5, 1.),
            (0., 1.),
            (0., 0.),
        ]);
        let pieces = split_checked(&sq, 8, 1e-4);
        assert_eq!(
            pieces,
            vec![poly(&[(0., 0.), (1., 0.), (1., 1.), (0., 1.)])]
        );
    }

    #[test]
    fn comb_with_many_teeth() {
        let c = comb(30);
        assert_eq!(crossing_edges(&c), None);
        let pieces = split_checked(&c, 8, 1e-4);
        // Each tooth needs a piece of its own; 2·58 reflex vertices bound the rest.
        assert!(
            pieces.len() >= 30 && pieces.len() <= 2 * 58 + 1,
            "{}",
            pieces.len()
        );
        for max in 3..8 {
            split_checked(&c, max, 1e-4);
        }
    }

    #[test]
    fn deterministic() {
        let c = comb(7);
        assert_eq!(split_convex(&c, 6), split_convex(&c, 6));
    }

    #[test]
    fn crossing_edges_bowtie_and_simple() {
        let bowtie = poly(&[(0., 0.), (1., 1.), (1., 0.), (0., 1.)]);
        assert_eq!(crossing_edges(&bowtie), Some((0, 2)));
        assert_eq!(crossing_edges(&l_shape()), None);
        // A vertex touching another edge.
        let touch = poly(&[(0., 0.), (2., 0.), (2., 2.), (1., 0.), (0., 2.)]);
        assert_eq!(crossing_edges(&touch), Some((0, 2)));
        assert_eq!(crossing_edges(&[]), None);
    }

    #[test]
    fn reflex_vertex_of_l() {
        assert_eq!(first_reflex_vertex(&l_shape()), Some(3));
        assert_eq!(
            first_reflex_vertex(&poly(&[(0., 0.), (1., 0.), (1., 1.), (0., 1.)])),
            None
        );
    }

    #[test]
    fn signed_area() {
        let mut l = l_shape();
        assert_eq!(signed_area2(&l), 6.0);
        l.reverse();
        assert_eq!(signed_area2(&l), -6.0);
        assert_eq!(signed_area2(&[]), 0.0);
    }

    #[test]
    fn degenerate_inputs_are_errors() {
        let cases: Vec<(Vec<Vec2>, usize)> = vec![
            (vec![], 8),
            (poly(&[(0., 0.), (1., 1.)]), 8),
            (poly(&[(0., 0.), (1., 1.), (2., 2.), (3., 3.)]), 8),
            (poly(&[(1., 1.), (1., 1.), (1., 1.)]), 8),
            (poly(&[(0., 0.), (0., 1.), (1., 0.)]), 8), // clockwise
            (poly(&[(0., 0.), (1., 0.), (0., 1.)]), 2),
            (poly(&[(0., 0.), (f32::NAN, 0.), (0., 1.)]), 8),
            (poly(&[(-3e38, 0.), (3e38, 0.), (0., 3e38)]), 8),
        ];
        for (pts, max) in cases {
            assert!(split_convex(&pts, max).is_err(), "{pts:?}");
            // The other functions just answer.
            let _ = (
                crossing_edges(&pts),
                first_reflex_vertex(&pts),
                signed_area2(&pts),
            );
        }
        // A bowtie is not a valid input, but must not panic either.
        let _ = split_convex(&poly(&[(0., 0.), (1., 1.), (1., 0.), (0., 1.)]), 8);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn random_star_shaped(
            spokes in prop::collection::vec((0.1f32..10.0, 0.0f32..0.5), 3..=24),
            max in 3usize..=8,
        ) {
            let n = spokes.len();
            let pts: Vec<Vec2> = spokes
                .iter()
                .enumerate()
                .map(|(k, &(r, jitter))| {
                    let angle = std::f32::consts::TAU * (k as f32 + jitter) / n as f32;
                    Vec2::from_angle(angle) * r
                })
                .collect();
            prop_assert_eq!(crossing_edges(&pts), None);
            let pieces = split_convex(&pts, max);
            prop_assert!(pieces.is_ok(), "{:?}: {:?}", pts, pieces);
            let pieces = pieces.unwrap_or_default();
            let mut total = 0.0f64;
            for piece in &pieces {
                prop_assert!((3..=max).contains(&piece.len()));
                prop_assert!(signed_area2(piece) > 0.0);
                prop_assert_eq!(first_reflex_vertex(piece), None);
                prop_assert!(glissade::ConvexPolygon::new(piece).is_ok(), "{:?}", piece);
                total += f64::from(signed_area2(piece));
            }
            let whole = f64::from(signed_area2(&pts));
            prop_assert!((total - whole).abs() <= 1e-3 * whole, "{} vs {}", total, whole);
        }
    }
}
