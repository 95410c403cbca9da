//! Polygon geometry for level walls: orientation, self-crossing, reflex vertices, and the split
//! of a simple counter-clockwise polygon into convex pieces that `glissade::ConvexPolygon` takes.
//!
//! Conventions: y up, counter-clockwise (CCW) polygons, edge `i` runs from point `i` to point
//! `(i + 1) % n`. Nothing here panics on any input: indices into the working arrays are kept in
//! range by construction, points are read through [`at`], and every loop has a bound.

//!
//! The split is made in steps, one file each: [`clean`] removes redundant vertices,
//! [`triangulate`] clips ears and flips diagonals, [`merge`] joins triangles into convex pieces;
//! [`turns`] holds the turn test they share and [`outline`] the measures the checks use.

mod clean;
mod merge;
mod outline;
mod triangulate;
mod turns;

use glissade::glam::Vec2;

use clean::{drop_straight, remove_redundant};
use merge::hertel_mehlhorn;
pub(crate) use outline::{crossing_edges, first_reflex_vertex, signed_area2};
use triangulate::{EAR_CLEARANCE_REL, delaunay_flips, ear_clip};
use turns::{at, valid_convex};

/// Distance tolerance, as a fraction of the polygon's extent (the diagonal of its bounding box):
/// before splitting, a vertex closer than this to the previous one (a duplicate), or to the line
/// through its two neighbours (collinear), is removed.
const REDUNDANT_DISTANCE_REL: f32 = 1e-5;

/// Area tolerance, as a fraction of the extent squared: a polygon whose twice-signed-area is
/// within this of zero (after removing redundant vertices) is degenerate.
const DEGENERATE_AREA_REL: f32 = 1e-9;

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

#[cfg(test)]
mod tests;
