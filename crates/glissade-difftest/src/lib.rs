//! Differential tests of glissade against parry2d live in `tests/`.
//!
//! This library holds the parts that do not need parry2d (a dev-dependency): the workspace's
//! seeded generator re-exported as [`rng`], the shapes described by plain parameters
//! ([`desc`]), the random case generator ([`cases`]) and an independent brute-force reference
//! geometry in `f64` ([`reference`](mod@reference)) that judges every disagreement.
#![warn(missing_docs)]

pub mod cases;
pub mod desc;
pub mod reference;
pub use glissade_rng as rng;
