//! Contact planes: clipping a motion against several at once, and combining pushes.

use glam::Vec2;

use crate::tolerance::{PLANE_FEASIBLE_REL, PLANE_PARALLEL_SIN, PLANE_SAME_COS};

/// Most contact planes one move keeps.
pub(crate) const MAX_PLANES: usize = 8;

/// The contact planes of one move: unit normals pointing from the surfaces toward the body.
/// Motion into a plane is blocked; along it or away from it, allowed.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Planes {
    normals: [Vec2; MAX_PLANES],
    len: usize,
}

impl Planes {
    /// Adds a plane, unless one with the same normal is there (or the set is full).
    pub fn add(&mut self, n: Vec2) {
        // Of two nearly equal normals the smaller (by x, then y) is kept, whichever came
        // first, so that the result does not depend on the order contacts are met.
        if let Some(m) = self.normals[..self.len]
            .iter_mut()
            .find(|m| m.dot(n) >= PLANE_SAME_COS)
        {
            if (n.x, n.y) < (m.x, m.y) {
                *m = n;
            }
            return;
        }
        if self.len < MAX_PLANES {
            // Kept sorted (by x, then y): the clip then reads them in the same order however
            // they came.
            let at = self.normals[..self.len]
                .iter()
                .position(|m| (n.x, n.y) < (m.x, m.y))
                .unwrap_or(self.len);
            self.normals.copy_within(at..self.len, at + 1);
            self.normals[at] = n;
            self.len += 1;
        }
    }

    /// The planes' normals.
    pub fn normals(&self) -> &[Vec2] {
        &self.normals[..self.len]
    }

    /// The vector nearest `v` that goes into none of the planes: `v` itself, its projection
    /// onto one plane, or zero (a crevice). In 2D the allowed set is a cone (the intersection
    /// of half-planes through the origin), so one of these candidates is exact, whatever the
    /// number of planes: no iteration, no jitter between two walls.
    #[inline]
    pub fn clip(&self, v: Vec2) -> Vec2 {
        let ns = &self.normals[..self.len];
        let slack = PLANE_FEASIBLE_REL * v.length();
        let allowed = |c: Vec2| ns.iter().all(|n| c.dot(*n) >= -slack);
        if allowed(v) {
            return v;
        }
        let mut best = Vec2::ZERO;
        let mut best_d = v.length_squared();
        for n in ns {
            let vn = v.dot(*n);
            if vn >= 0.0 {
                continue;
            }
            let c = v - vn * *n;
            let d = (v - c).length_squared();
            if d < best_d && allowed(c) {
                best = c;
                best_d = d;
            }
        }
        best
    }

    /// [`clip`](Self::clip) of `v` after a contact with normal `n` (one of these planes, or
    /// within [`PLANE_SAME_COS`] of one), without the part that still goes into `n`. The clip
    /// lets through a motion that goes into a plane by less than its slack, so that rounding
    /// in one plane does not stop a slide along another; but the cast that met the plane may
    /// judge that same motion a contact at once (from a start touching it, its tolerance set
    /// by the small numbers of the pair's own frame, which may be less than the slack): the
    /// motion, unchanged, would meet the plane again at once, every iteration, and the body
    /// would not move (a polygon whose vertex touched a ceiling, moving along it and 1e-5 into
    /// it over 58 units, stayed where it was). Taking that part away changes the result by
    /// less than the slack when the plane clipped against is `n` itself, and by at most about
    /// 1.4e-3 of its length when an earlier plane within [`PLANE_SAME_COS`] of `n` stands for
    /// it ([`add`](Self::add) keeps one of two nearly equal normals).
    #[inline]
    pub fn clip_off(&self, v: Vec2, n: Vec2) -> Vec2 {
        let c = self.clip(v);
        let into = c.dot(n);
        if into < 0.0 { c - n * into } else { c }
    }
}

/// Pushes combined by trying every pair of them (cubic in their number); more distinct ones
/// are combined by [`combine_pushes`]' active set.
const EXACT_PUSHES: usize = 16;

/// Most pushes the active set of [`combine_pushes`] grows to before it gives up (then the
/// plain sum, as for pushes from opposite sides).
const MAX_ACTIVE_PUSHES: usize = 32;

/// The shortest offset `o` with `o · n ≥ b` for every push `(n, b)` (unit normals, positive
/// distances): pushes along perpendicular normals add up, pushes along the same normal count
/// once. When no offset meets them all (pushed from opposite sides), the plain sum of every
/// push, each counted: a body squeezed in a crowd is pushed by all its neighbours and gets
/// out of the squeeze sooner (measured with the `crowd` example: 37 of 40 bodies through its
/// gate in 10 s, against 31 and bodies left overlapping when each normal counts once).
///
/// Work: linear in the number of pushes when at most [`EXACT_PUSHES`] normals differ;
/// otherwise an active set — the deepest [`EXACT_PUSHES`] pushes, then the one the best offset
/// so far misses most, one at a time — each round cubic in the (at most
/// [`MAX_ACTIVE_PUSHES`]) pushes of the set and linear in all of them. The offset meeting a
/// subset that meets every push is the shortest for all.
pub(crate) fn combine_pushes(pushes: &[(Vec2, f32)]) -> Vec2 {
    let by_normal = |a: &(Vec2, f32), b: &(Vec2, f32)| {
        (a.0.x, a.0.y)
            .partial_cmp(&(b.0.x, b.0.y))
            .unwrap_or(std::cmp::Ordering::Equal)
    };
    // One push per normal, the deepest, in a fixed order whatever order they came in.
    let mut merged: Vec<(Vec2, f32)> = pushes.to_vec();
    merged.sort_by(|a, b| by_normal(a, b).then(b.1.total_cmp(&a.1)));
    merged.dedup_by(|later, first| later.0 == first.0);
    let best = if merged.len() <= EXACT_PUSHES {
        shortest_meeting(&merged)
    } else {
        let mut active: Vec<(Vec2, f32)> = merged.clone();
        active.sort_by(|a, b| b.1.total_cmp(&a.1).then(by_normal(a, b)));
        active.truncate(EXACT_PUSHES);
        loop {
            let Some(o) = shortest_meeting(&active) else {
                break None;
            };
            let slack = PLANE_FEASIBLE_REL * merged[0].1.max(o.length());
            let missed = merged
                .iter()
                .map(|p| (p.1 - o.dot(p.0), *p))
                .filter(|(miss, _)| *miss > slack)
                .max_by(|a, b| a.0.total_cmp(&b.0).then(by_normal(&b.1, &a.1)));
            match missed {
                None => break Some(o),
                Some(_) if active.len() == MAX_ACTIVE_PUSHES => break None,
                Some((_, p)) => active.push(p),
            }
        }
    };
    best.unwrap_or_else(|| {
        // Summed in a fixed order (by normal), whatever order the pushes came in.
        let mut sorted: Vec<(Vec2, f32)> = pushes.to_vec();
        sorted.sort_by(|a, b| {
            (a.0.x, a.0.y, a.1)
                .partial_cmp(&(b.0.x, b.0.y, b.1))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
        sorted.iter().fold(Vec2::ZERO, |s, (n, b)| s + *n * *b)
    })
}

/// The shortest offset meeting every push, found among each push alone and each pair tight;
/// `None` when no such offset meets them all.
fn shortest_meeting(pushes: &[(Vec2, f32)]) -> Option<Vec2> {
    // Rounding grows with the push's length (two nearly opposed planes meet far out) as
    // well as with the depths.
    let depth = pushes.iter().fold(0.0f32, |m, p| m.max(p.1));
    let meets = |o: Vec2| {
        let slack = PLANE_FEASIBLE_REL * depth.max(o.length());
        pushes.iter().all(|(n, b)| o.dot(*n) >= b - slack)
    };
    let mut best: Option<Vec2> = None;
    // Shortest first; exact ties by coordinates, so the order of the pushes decides nothing.
    let shorter = |o: Vec2, b: Vec2| {
        (o.length_squared(), o.x, o.y)
            .partial_cmp(&(b.length_squared(), b.x, b.y))
            .is_some_and(|c| c.is_lt())
    };
    let mut consider = |o: Vec2| {
        if meets(o) && best.is_none_or(|b| shorter(o, b)) {
            best = Some(o);
        }
    };
    for (i, (ni, bi)) in pushes.iter().enumerate() {
        consider(*ni * *bi);
        for (nj, bj) in &pushes[i + 1..] {
            // Both constraints tight: solve [ni; nj] o = [bi; bj].
            let det = ni.perp_dot(*nj);
            if det.abs() > PLANE_PARALLEL_SIN {
                let o = Vec2::new(bi * nj.y - bj * ni.y, ni.x * bj - nj.x * bi) / det;
                consider(o);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipping_off_a_plane_met_drops_what_the_slack_let_into_it() {
        //  ----------   a ceiling (normal down); a motion 57.6 along it and 1e-5 up into it,
        //     ->        less than the clip's slack (1e-6 of its length): the clip keeps it,
        //               the clip off the plane met keeps only the part along it
        let mut p = Planes::default();
        p.add(Vec2::NEG_Y);
        let v = Vec2::new(57.6, 1e-5);
        assert_eq!(p.clip(v), v);
        assert_eq!(p.clip_off(v, Vec2::NEG_Y), Vec2::new(57.6, 0.0));
        // Away from it, or along it: unchanged.
        for w in [Vec2::new(57.6, -1.0), Vec2::new(57.6, 0.0)] {
            assert_eq!(p.clip_off(w, Vec2::NEG_Y), w);
        }
    }

    #[test]
    fn a_v_crevice_blocks_everything_going_down() {
        //  \  /   planes facing up-right and up-left
        //   \/
        let mut p = Planes::default();
        p.add(Vec2::new(1.0, 1.0).normalize());
        p.add(Vec2::new(-1.0, 1.0).normalize());
        assert_eq!(p.clip(Vec2::new(0.0, -1.0)), Vec2::ZERO);
        assert_eq!(p.clip(Vec2::new(0.3, -1.0)), Vec2::ZERO);
        // Up and out is free.
        assert_eq!(p.clip(Vec2::new(0.2, 1.0)), Vec2::new(0.2, 1.0));
    }

    #[test]
    fn a_floor_and_a_wall_leave_the_free_direction() {
        // |
        // |___   floor (0, 1) and wall on the left (1, 0)
        let mut p = Planes::default();
        p.add(Vec2::Y);
        p.add(Vec2::X);
        assert_eq!(p.clip(Vec2::new(-1.0, -1.0)), Vec2::ZERO);
        assert_eq!(p.clip(Vec2::new(2.0, -1.0)), Vec2::new(2.0, 0.0));
        assert_eq!(p.clip(Vec2::new(-2.0, 1.0)), Vec2::new(0.0, 1.0));
    }

    #[test]
    fn pushes_add_across_and_count_once_along() {
        // Two floor tiles, both 0.25 deep: one push of 0.25, not 0.5.
        assert_eq!(
            combine_pushes(&[(Vec2::Y, 0.25), (Vec2::Y, 0.25)]),
            Vec2::new(0.0, 0.25)
        );
        // A floor and a wall: both.
        assert_eq!(
            combine_pushes(&[(Vec2::Y, 0.25), (Vec2::X, 0.5)]),
            Vec2::new(0.5, 0.25)
        );
        // Different depths along the same normal: the deeper one.
        assert_eq!(
            combine_pushes(&[(Vec2::Y, 0.1), (Vec2::Y, 0.3)]),
            Vec2::new(0.0, 0.3)
        );
        // Squeezed from both sides: the sum of both pushes.
        let squeezed = combine_pushes(&[(Vec2::X, 0.1), (Vec2::NEG_X, 0.3)]);
        assert!(
            (squeezed - Vec2::new(-0.2, 0.0)).length() < 1e-6,
            "{squeezed}"
        );
    }

    #[test]
    fn many_pushes_combine_as_every_pair_would() {
        // Pushes out of 200 tiles under a round body, in 200 directions fanning over the
        // upper half: the active set finds what trying every pair finds.
        let pushes: Vec<(Vec2, f32)> = (0..200)
            .map(|i| {
                let a = std::f32::consts::PI * (i as f32 + 0.5) / 200.0;
                (
                    Vec2::new(a.cos(), a.sin()),
                    0.1 + 0.4 * (a * 3.0).sin().abs(),
                )
            })
            .collect();
        let fast = combine_pushes(&pushes);
        let every_pair = shortest_meeting(&pushes).unwrap();
        assert!(
            (fast - every_pair).length() < 1e-6,
            "{fast} vs {every_pair}"
        );
        // The order they come in decides nothing.
        let mut reversed = pushes.clone();
        reversed.reverse();
        assert_eq!(combine_pushes(&reversed), fast);
    }
}
