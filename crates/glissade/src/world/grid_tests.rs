//! Unit tests of the broadphase grid (`grid.rs`).

use std::collections::BTreeMap;

use super::placement::KEPT_SPARE_CELLS;
use super::*;

/// Checks how `g` files the colliders `placed` (id and placement): each one in the buckets of
/// exactly the cells its placement names, once in each, or once in the large list; nothing else filed anywhere;
/// and the count of filed entries right.
pub(crate) fn check_filing(g: &Grid, placed: &[(u32, Placement)]) {
    let mut found: BTreeMap<(i32, i32), Vec<u32>> = BTreeMap::new();
    let mut add = |c: IVec2, b: &Bucket| {
        let mut ids = Vec::new();
        b.extend_into(&mut ids);
        if !ids.is_empty() {
            found.entry((c.x, c.y)).or_default().extend(ids);
        }
    };
    for (i, b) in g.dense.iter().enumerate() {
        let i = i as i32;
        add(g.origin + IVec2::new(i % g.dims.x, i / g.dims.x), b);
    }
    for (k, b) in &g.sparse {
        add(unkey(*k).expect("a key of a cell"), b);
    }
    let mut expected: BTreeMap<(i32, i32), Vec<u32>> = BTreeMap::new();
    let mut large = Vec::new();
    let mut filed = 0;
    for &(id, placement) in placed {
        match placement {
            Placement::Large => large.push(id),
            Placement::Cells(r) => {
                filed += r.count();
                for y in r.lo.y..=r.hi.y {
                    for x in r.lo.x..=r.hi.x {
                        expected.entry((x, y)).or_default().push(id);
                    }
                }
            }
        }
    }
    for ids in found.values_mut().chain(expected.values_mut()) {
        ids.sort_unstable();
    }
    assert!(
        found == expected,
        "the buckets hold other ids than the placements say"
    );
    let mut held = g.large.clone();
    held.sort_unstable();
    large.sort_unstable();
    assert_eq!(held, large, "the large list");
    assert_eq!(g.filed, filed, "the count of filed entries");
}

#[test]
fn moving_within_the_same_cells_refiles_nothing_and_removal_forgets() {
    let mut g = Grid::new(2.0);
    let p = g.insert(7, Vec2::new(0.5, 0.5), Vec2::new(1.0, 1.0), false);
    assert_eq!(
        g.update(7, p, Vec2::new(0.6, 0.6), Vec2::new(1.1, 1.1), false),
        p
    );
    let mut out = Vec::new();
    g.candidates_in(Vec2::ZERO, Vec2::ONE, &mut out);
    assert_eq!(out, vec![7]);
    let p2 = g.update(7, p, Vec2::new(10.0, 10.0), Vec2::new(11.0, 11.0), false);
    out.clear();
    g.candidates_in(Vec2::ZERO, Vec2::ONE, &mut out);
    assert!(out.is_empty());
    g.remove(7, p2);
    g.candidates_in(Vec2::splat(9.0), Vec2::splat(12.0), &mut out);
    assert!(out.is_empty());
}

#[test]
fn cell_keys_come_back_and_buckets_spill_and_shrink() {
    for c in [
        IVec2::ZERO,
        IVec2::new(-1, 7),
        IVec2::new(i32::MIN, i32::MAX),
    ] {
        assert_eq!(unkey(key(c)), Some(c));
    }
    let mut b = Bucket::default();
    for id in 0..9 {
        b.push(id);
    }
    for id in [0, 8, 3, 6, 42] {
        b.remove(id);
    }
    let mut out = Vec::new();
    b.extend_into(&mut out);
    out.sort_unstable();
    assert_eq!(out, vec![1, 2, 4, 5, 7]);
}

#[test]
fn far_and_near_colliders_are_found_dense_or_hashed() {
    let mut g = Grid::new(1.0);
    let near = g.insert(1, Vec2::ZERO, Vec2::ONE, false);
    // Far beyond what the dense array may cover for two colliders: hashed.
    let far = g.insert(2, Vec2::splat(1e6), Vec2::splat(1e6 + 1.0), false);
    // Then enough colliders nearby that the dense array grows over the first.
    for i in 0..200 {
        let p = Vec2::new(i as f32 * 0.5, 3.0);
        g.insert(100 + i, p, p + 0.2, false);
    }
    let mut out = Vec::new();
    g.candidates_in(Vec2::splat(0.5), Vec2::splat(0.6), &mut out);
    assert_eq!(out, vec![1]);
    out.clear();
    g.candidates_in(Vec2::splat(1e6 + 0.5), Vec2::splat(1e6 + 0.6), &mut out);
    assert_eq!(out, vec![2]);
    g.remove(1, near);
    g.remove(2, far);
    out.clear();
    g.candidates_in(Vec2::splat(0.5), Vec2::splat(0.6), &mut out);
    g.candidates_in(Vec2::splat(1e6 + 0.5), Vec2::splat(1e6 + 0.6), &mut out);
    assert!(out.is_empty());
}

#[test]
fn a_long_thin_floor_is_kept_dense_and_grows_amortized() {
    // 100 boxes of 25 × 1 cells end to end (a floor of long boxes): too long for a margin
    // of half its length on every side, so the array grows along the floor only — and
    // every cell is in it, none hashed.
    let mut g = Grid::new(4.0);
    for i in 0..100 {
        let x = i as f32 * 100.0;
        g.insert(i, Vec2::new(x, -1.0), Vec2::new(x + 100.0, 0.0), false);
    }
    assert!(g.sparse.is_empty(), "{} cells hashed", g.sparse.len());
    let mut out = Vec::new();
    g.candidates_in(Vec2::new(5050.0, -0.5), Vec2::new(5051.0, 0.5), &mut out);
    out.dedup();
    assert_eq!(out, vec![50]);
    // 20,000 one-cell colliders in a row: the array is rebuilt a few dozen times, not
    // once per collider.
    let mut g = Grid::new(1.0);
    for i in 0..20_000u32 {
        let x = i as f32;
        g.insert(
            i,
            Vec2::new(x + 0.25, 0.25),
            Vec2::new(x + 0.75, 0.75),
            false,
        );
    }
    assert!(g.sparse.is_empty());
    assert!(g.rebuilt < 40, "rebuilt {} times", g.rebuilt);
}

/// 2,500 one-cell colliders on 1-unit cells, one in every other cell both ways of a 99 × 99
/// cell square, filed in a scrambled order (the area in use is soon the whole square):
///   # . # . # …
///   . . . . . …
///   # . # . # …
/// The collider `k` is at spot `k × 1,013 mod 2,500` (1,013 is prime to 2,500: every spot
/// once), spot `s` at cells `(2 (s mod 50), 2 (s div 50))`.
fn evenly_spread_square() -> Grid {
    let mut g = Grid::new(1.0);
    for k in 0..2_500u32 {
        let s = (k * 1_013) % 2_500;
        let lo = Vec2::new((s % 50) as f32 * 2.0 + 0.25, (s / 50) as f32 * 2.0 + 0.25);
        g.insert(k, lo, lo + 0.5, false);
    }
    g
}

#[test]
fn colliders_spread_evenly_over_an_area_are_kept_dense() {
    // The allowance (8 cells an entry: 20,000 at the end) never holds the square with margins
    // of half its span (at least 197 × 197 cells) or a quarter (147 × 147), but does with
    // smaller ones: every cell is in the array all the same, none hashed.
    let g = evenly_spread_square();
    assert!(g.sparse.is_empty(), "{} cells hashed", g.sparse.len());
    assert!(g.rebuilt < 40, "rebuilt {} times", g.rebuilt);
    // Spot 1,275 (cells (50, 50)) holds collider 675: 675 × 1,013 = 683,775 = 1,275 mod 2,500.
    let mut out = Vec::new();
    g.candidates_in(Vec2::splat(50.25), Vec2::splat(50.75), &mut out);
    assert_eq!(out, vec![675]);
}

#[test]
fn a_dense_area_growing_outward_rebuilds_its_array_amortized() {
    // The square above, then a row of 3,000 one-cell colliders growing out of it to the right
    // one cell at a time (a level streamed in as the player walks):
    //   # . # . # . #  ▸ ▸ ▸ ▸ ▸ ▸ ▸ ▸ …
    // Near its allowance, the array is rebuilt with small margins only when that makes it at
    // least half again as large: all the arrays built while the row grows hold fewer cells
    // than three times the largest (a geometric growth of ratio 1.5 sums to three times its
    // last term), not one rebuild of the whole array per few colliders.
    let mut g = evenly_spread_square();
    let (rebuilt, cells) = (g.rebuilt, g.rebuilt_cells);
    for i in 0..3_000u32 {
        let lo = Vec2::new(100.25 + i as f32, 50.25);
        g.insert(10_000 + i, lo, lo + 0.5, false);
    }
    let (rebuilt, cells) = (g.rebuilt - rebuilt, g.rebuilt_cells - cells);
    assert!(
        cells <= 3 * g.dense.len() as u64,
        "{rebuilt} rebuilds of {cells} cells in all, for an array of {}",
        g.dense.len()
    );
    // Every collider of the row is found, in the array or hashed.
    let mut out = Vec::new();
    g.candidates_in(
        Vec2::new(2_000.25, 50.25),
        Vec2::new(2_000.75, 50.75),
        &mut out,
    );
    assert_eq!(out, vec![10_000 + 1_900]);
}

#[test]
fn the_sole_collider_in_cells_is_known() {
    let mut g = Grid::new(1.0);
    assert_eq!(g.sole(), None);
    let a = g.insert(7, Vec2::ZERO, Vec2::ONE, false);
    assert_eq!(g.sole(), Some(7));
    let b = g.insert(12, Vec2::splat(3.0), Vec2::splat(4.0), false);
    g.insert(40, Vec2::ZERO, Vec2::splat(100.0), false);
    assert_eq!(g.sole(), None);
    g.remove(7, a);
    assert_eq!(g.sole(), Some(12), "the large one does not count");
    let b = g.update(12, b, Vec2::splat(9.0), Vec2::splat(9.5), false);
    assert_eq!(g.sole(), Some(12));
    g.remove(12, b);
    assert_eq!(g.sole(), None);
}

#[test]
fn a_huge_collider_goes_to_the_large_list() {
    let mut g = Grid::new(1.0);
    assert_eq!(
        g.insert(1, Vec2::ZERO, Vec2::splat(100.0), false),
        Placement::Large
    );
    let mut out = Vec::new();
    g.candidates_in(Vec2::splat(-5.0), Vec2::splat(-4.0), &mut out);
    assert_eq!(out, vec![1]);
}

#[test]
fn a_collider_moving_a_cell_at_a_time_is_filed_in_exactly_its_cells() {
    // A 1.5 × 1.5 box on 1-unit cells, stepping by 0.4 in x and 0.3 in y: its 2 × 2 or
    // 3 × 3 cells overlap the last ones, and only the cells it left and entered change.
    //   . . . .        . . . .
    //   # # . .   →    . # # .
    //   # # . .        . # # .
    let mut g = Grid::new(1.0);
    let other = g.insert(1, Vec2::new(2.2, 0.2), Vec2::new(2.8, 0.8), false);
    let mut placement = g.insert(9, Vec2::ZERO, Vec2::splat(1.5), false);
    for k in 1..=20 {
        let lo = Vec2::new(0.4, 0.3) * k as f32;
        placement = g.update(9, placement, lo, lo + 1.5, false);
        check_filing(&g, &[(1, other), (9, placement)]);
    }
}

#[test]
fn a_body_crossing_a_cell_edge_stays_filed_in_both_cells_until_it_reaches_a_third() {
    // A 0.5 × 0.5 box on 2-unit cells walking right along y = 0.5. Cells along x:
    //   | cell 0 | cell 1 | cell 2 |  …  | cell 4 |
    //   0        2        4        6     8        10
    // Straddling x = 2 it is filed in cells 0 and 1; inside cell 1 it stays filed in both (one
    // spare cell); touching cell 2 it is filed in 1 and 2; a long jump files it anew.
    let mut g = Grid::new(2.0);
    let cells = |x0: i32, x1: i32| {
        Placement::Cells(CellRect {
            lo: IVec2::new(x0, 0),
            hi: IVec2::new(x1, 0),
        })
    };
    let at = |x: f32| (Vec2::new(x, 0.5), Vec2::new(x + 0.5, 1.0));
    let (lo, hi) = at(1.0);
    let mut p = g.insert(3, lo, hi, false);
    assert_eq!(p, cells(0, 0));
    let mut out = Vec::new();
    for (x, filed) in [
        (1.75, cells(0, 1)),
        (2.5, cells(0, 1)),
        (3.4, cells(0, 1)),
        (3.75, cells(1, 2)),
        (4.5, cells(1, 2)),
        (9.0, cells(4, 4)),
    ] {
        let (lo, hi) = at(x);
        p = g.update(3, p, lo, hi, false);
        assert_eq!(p, filed, "at x = {x}");
        check_filing(&g, &[(3, p)]);
        if x == 2.5 {
            // In cell 1 only, and still a candidate in cell 0 (its spare cell).
            g.candidates_in(Vec2::new(0.5, 0.5), Vec2::new(1.0, 1.0), &mut out);
            assert_eq!(out, vec![3]);
            out.clear();
        }
    }
    // Once filed anew, nowhere but where it is.
    g.candidates_in(Vec2::new(6.5, 0.5), Vec2::new(7.0, 1.0), &mut out);
    assert!(out.is_empty());
    g.candidates_in(Vec2::new(9.1, 0.5), Vec2::new(9.2, 1.0), &mut out);
    assert_eq!(out, vec![3]);
}

#[test]
fn a_collider_thrown_across_the_whole_range_of_cells_is_filed_anew() {
    // Cell coordinates saturate at the ends of `i32` far out: filed at the top end, then
    // moved to the bottom end (or grown over every cell between), the spans between the two
    // rectangles do not fit in an `i32`. Neither is kept, and nothing overflows.
    let mut g = Grid::new(2.0);
    let far = 1.0e10;
    let p = g.insert(5, Vec2::new(far, 0.0), Vec2::new(far + 1.0, 1.0), false);
    let moved = g.update(
        5,
        p,
        Vec2::new(-far - 1.0, 0.0),
        Vec2::new(-far, 1.0),
        false,
    );
    assert_ne!(moved, p);
    check_filing(&g, &[(5, moved)]);
    // Grown from there over every cell to the top end: too many cells, the large list.
    let grown = g.update(5, moved, Vec2::new(-far, 0.0), Vec2::new(far, 1.0), false);
    assert_eq!(grown, Placement::Large);
    check_filing(&g, &[(5, grown)]);
    let mut out = Vec::new();
    g.candidates_in(Vec2::ZERO, Vec2::ONE, &mut out);
    assert_eq!(out, vec![5]);
}

proptest::proptest! {
    /// Boxes of any size walking, jumping about or changing size: each stays filed in every
    /// cell its bounds touch and in at most `KEPT_SPARE_CELLS` more along each axis, in
    /// exactly the buckets its placement names; and filed again only when its cells no longer
    /// hold it that way.
    #[test]
    fn a_moving_collider_is_filed_in_its_cells_and_at_most_one_spare_along_each_axis(
        sizes in proptest::collection::vec((0.1f32..5.0, 0.1f32..5.0), 1..6),
        steps in proptest::collection::vec(
            (
                0usize..6,
                -3.0f32..3.0,
                -3.0f32..3.0,
                proptest::bool::weighted(0.1),
                proptest::option::weighted(0.2, (0.1f32..7.0, 0.1f32..7.0)),
            ),
            1..80,
        ),
    ) {
        let cell = 2.0;
        let mut g = Grid::new(cell);
        let mut bodies: Vec<(u32, Vec2, Vec2, Placement)> = sizes
            .iter()
            .enumerate()
            .map(|(i, &(w, h))| {
                let lo = Vec2::new(i as f32 * 3.0, 1.0);
                let hi = lo + Vec2::new(w, h);
                (i as u32, lo, hi, g.insert(i as u32, lo, hi, false))
            })
            .collect();
        for (k, dx, dy, jump, size) in steps {
            let n = bodies.len();
            let (id, lo, hi, old) = bodies[k % n];
            let d = Vec2::new(dx, dy) * if jump { 20.0 } else { 1.0 };
            let lo = lo + d;
            let hi = size.map_or(hi + d, |(w, h)| lo + Vec2::new(w, h));
            let p = g.update(id, old, lo, hi, false);
            let touched = CellRect::covering(lo, hi, cell);
            let Placement::Cells(r) = p else {
                panic!("a small box is filed in cells");
            };
            proptest::prop_assert!(r.covers(touched));
            let spare = (r.hi - r.lo) - (touched.hi - touched.lo);
            proptest::prop_assert!(spare.cmple(IVec2::splat(KEPT_SPARE_CELLS)).all());
            // Kept exactly when its old cells hold the touched ones with one spare cell at
            // most along each axis (worked out here apart from `keeps`, in 64 bits); else
            // filed anew in its cells.
            let held = match old {
                Placement::Cells(o) => {
                    let (o_lo, o_hi) = (o.lo.as_i64vec2(), o.hi.as_i64vec2());
                    let (t_lo, t_hi) = (touched.lo.as_i64vec2(), touched.hi.as_i64vec2());
                    let spare = (o_hi - o_lo) - (t_hi - t_lo);
                    o_lo.cmple(t_lo).all() && t_hi.cmple(o_hi).all() && spare.max_element() <= 1
                }
                Placement::Large => false,
            };
            proptest::prop_assert_eq!(p == old, held);
            if p != old {
                proptest::prop_assert_eq!(r, touched);
            }
            bodies[k % n] = (id, lo, hi, p);
            let placed: Vec<(u32, Placement)> = bodies.iter().map(|b| (b.0, b.3)).collect();
            check_filing(&g, &placed);
        }
    }
}
