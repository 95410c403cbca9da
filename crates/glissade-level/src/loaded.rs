//! What loading gives back: a level that passed its checks, with the warnings of what was
//! fixed on the way.

use crate::error::Problem;
use crate::model::Level;

/// A level that passed its checks, with the warnings of what was fixed on the way.
#[derive(Debug, Clone, PartialEq)]
pub struct Loaded {
    /// The level, fixed (clockwise polygons turned around).
    pub level: Level,
    /// What was fixed, and anything else worth a look.
    pub warnings: Vec<Problem>,
}
