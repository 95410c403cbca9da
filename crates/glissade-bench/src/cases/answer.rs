//! One side's answer to one input, reduced to what the agreement check compares, and the
//! tolerance within which two answers agree.

/// Absolute tolerance on fractions (casts, rays) and depths (overlaps) for two answers to agree.
pub const AGREE_TOL: f32 = 1e-4;

/// One side's answer to one input, reduced to what the agreement check compares.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Answer {
    /// No contact during the motion / ray, or no overlap.
    Miss,
    /// First contact at this fraction of the motion (of the ray's direction).
    Hit(f32),
    /// Overlapping: at the start of a cast, or the answer of an overlap query. The depth, or
    /// NaN where the library does not report it (parry's penetrating casts).
    Overlapping(f32),
    /// The library refused the pair of shapes (parry's `Unsupported`).
    Unsupported,
}

impl Answer {
    /// When contact starts: the hit's fraction, 0 when overlapping, `None` otherwise.
    fn contact_fraction(self) -> Option<f32> {
        match self {
            Answer::Hit(t) => Some(t),
            Answer::Overlapping(_) => Some(0.0),
            Answer::Miss | Answer::Unsupported => None,
        }
    }

    /// Whether two answers agree: both miss, or both overlap with depths within [`AGREE_TOL`]
    /// (when both are known), or both make contact at fractions within [`AGREE_TOL`] (an
    /// overlap at the start of a cast counts as contact at fraction 0).
    #[must_use]
    pub fn agrees(self, other: Answer) -> bool {
        match (self, other) {
            (Answer::Unsupported, _) | (_, Answer::Unsupported) => false,
            (Answer::Miss, Answer::Miss) => true,
            (Answer::Overlapping(a), Answer::Overlapping(b)) => {
                a.is_nan() || b.is_nan() || (a - b).abs() <= AGREE_TOL
            }
            (a, b) => match (a.contact_fraction(), b.contact_fraction()) {
                (Some(fa), Some(fb)) => (fa - fb).abs() <= AGREE_TOL,
                _ => false,
            },
        }
    }

    /// How far this answer is from `reference`: the difference of fractions (or of depths
    /// when both overlap with a known depth), infinite when they do not even agree on
    /// hit/miss or overlapping/not.
    #[must_use]
    pub fn discrepancy(self, reference: Answer) -> f32 {
        match (self, reference) {
            (Answer::Miss, Answer::Miss) => 0.0,
            (Answer::Overlapping(a), Answer::Overlapping(b)) if !(a.is_nan() || b.is_nan()) => {
                (a - b).abs()
            }
            (a, b) => match (a.contact_fraction(), b.contact_fraction()) {
                (Some(fa), Some(fb)) => (fa - fb).abs(),
                _ => f32::INFINITY,
            },
        }
    }

    /// A number folded into the timing loops' accumulator.
    #[inline]
    pub(crate) fn checksum(self) -> f32 {
        match self {
            Answer::Miss => 0.0,
            Answer::Hit(t) => 1.0 + t,
            Answer::Overlapping(_) => 2.0,
            Answer::Unsupported => 3.0,
        }
    }
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Miss => write!(f, "miss"),
            Answer::Hit(t) => write!(f, "hit(fraction={t:?})"),
            Answer::Overlapping(d) if d.is_nan() => write!(f, "overlapping"),
            Answer::Overlapping(d) => write!(f, "overlapping(depth={d:?})"),
            Answer::Unsupported => write!(f, "unsupported"),
        }
    }
}
