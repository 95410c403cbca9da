//! Merging triangles back into convex pieces across their diagonals, while each union stays
//! convex and within the vertex limit.

use std::collections::HashMap;

use glissade::glam::Vec2;

use super::clean::drop_straight;
use super::triangulate::diagonals;
use super::turns::{Turn, at, turn, valid_convex};

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
pub(super) fn hertel_mehlhorn(
    pts: &[Vec2],
    triangles: &[[usize; 3]],
    max_vertices: usize,
) -> Vec<Vec<usize>> {
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
