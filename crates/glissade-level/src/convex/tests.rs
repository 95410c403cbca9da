//! Tests of the convex split: simple shapes, combs, stars and random star-shaped polygons,
//! each piece checked against what `ConvexPolygon::new` takes.

use super::turns::valid_convex;
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
