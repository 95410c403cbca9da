//! What the exact kernel's ray passes answer, and the ray they are asked about.

use glam::Vec2;

use super::nearest::Closest;

/// What a ray against a convex set found.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Raw {
    /// No entry within `[0, max_t]`.
    Miss,
    /// Enters at `t` with the outward unit `normal` there, which belongs to `face`.
    Hit { t: f32, normal: Vec2, face: Face },
    /// The start point is inside by more than the tolerance.
    Inside(Closest),
}

impl Raw {
    /// The earlier of two answers for the same ray: a hit before a miss, of two hits the one
    /// with the smaller `t` (`self` on a tie). Only hits and misses are compared: the passes
    /// that collect candidates this way start apart, where no answer is `Inside`.
    pub(crate) fn earlier(self, other: Raw) -> Raw {
        match (self, other) {
            (Raw::Hit { t: t_self, .. }, Raw::Hit { t, .. }) if t < t_self => other,
            (Raw::Hit { .. }, _) => self,
            _ => other,
        }
    }
}

/// What a hit's normal belongs to, for finding the contact point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Face {
    /// A rounded corner: the normal is no face normal.
    Corner,
    /// A face normal of one of the shapes, which one unknown.
    Some,
    /// Face `i` of B.
    B(usize),
    /// Face `i` of A (the normal is its negation).
    A(usize),
}

/// A ray `q + t d`, t in `[0, max_t]`, and the direction to prefer (`prefer`, usually `-d`)
/// when two ways out of an overlap are equally short. `scale` is the per-axis magnitude of the
/// numbers the start point stands for (`|q|`, plus the other core's coordinates when `q` is
/// a relative position): with each face's own size it sets the tolerance of every decision.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RayQuery {
    pub q: Vec2,
    pub d: Vec2,
    pub max_t: f32,
    pub scale: Vec2,
    pub prefer: Vec2,
    /// The start is known not to overlap (the caller decided it as `overlap` does): a start
    /// this pass would call inside is touching instead.
    pub clear: bool,
}
