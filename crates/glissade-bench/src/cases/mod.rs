//! The benchmark cases: input generation in both libraries' representations, the query each
//! side runs, and how answers are compared.
//!
//! Inputs are stored in two separate vectors (one per library), so that each side's timing
//! loop reads only its own data, laid out contiguously.
//!
//! Each kind of query has its file (`casts`, `rays`, `overlaps`) with both sides' inputs
//! and their generator; `shapes` makes the random shapes, `suite` runs a case, `check`
//! counts its agreement, `limit` times the plain slab test on `cast/aabb-aabb`'s inputs (the
//! practical limit of that case), and `truth` gives the f64 reference answer that settles a
//! disagreement.

mod answer;
mod casts;
mod check;
mod limit;
mod overlaps;
mod rays;
mod shapes;
mod suite;
mod truth;

pub use answer::{AGREE_TOL, Answer};
use casts::cast_suite;
pub use casts::{OursCast, PeerCast};
pub use check::{Check, EXAMPLES, Tally};
pub use limit::{SLAB_CASE, SlabLimit, slab_limit};
use overlaps::overlap_suite;
pub use overlaps::{OursOverlap, PeerOverlap};
use rays::ray_suite;
pub use rays::{OursRay, PeerRay};
use shapes::{AabbGen, CapsuleGen, CircleGen, PolyGen};
pub use suite::{Case, Describe, Query, Unshared, unshared_shape};

use crate::config::Config;

/// A case by name, with the generator of its inputs. Cases are built one at a time (the
/// inputs of one case take up to a few hundred megabytes).
#[derive(Clone, Copy)]
pub struct CaseSpec {
    /// The case name, e.g. `cast/aabb-aabb`.
    pub name: &'static str,
    salt: u64,
    build: fn(&'static str, u64, &Config) -> Box<dyn Case>,
}

impl CaseSpec {
    /// Generates the case's inputs. Each case draws from its own stream of `cfg.seed`, so its
    /// inputs do not depend on which other cases run.
    #[must_use]
    pub fn build(&self, cfg: &Config) -> Box<dyn Case> {
        (self.build)(self.name, self.salt, cfg)
    }
}

/// Every case, in the order of the report.
#[must_use]
pub fn all_cases() -> Vec<CaseSpec> {
    type Hexagon = PolyGen<6, 6>;
    type Polygon = PolyGen<3, 8>;
    let spec = |name, salt, build| CaseSpec { name, salt, build };
    vec![
        spec("cast/aabb-aabb", 1, cast_suite::<AabbGen, AabbGen>),
        spec("cast/circle-aabb", 2, cast_suite::<CircleGen, AabbGen>),
        spec("cast/circle-polygon", 3, cast_suite::<CircleGen, Hexagon>),
        spec("cast/polygon-polygon", 4, cast_suite::<Polygon, Polygon>),
        spec("cast/capsule-polygon", 5, cast_suite::<CapsuleGen, Polygon>),
        spec("ray/polygon", 6, ray_suite::<Polygon>),
        spec(
            "overlap/polygon-polygon",
            7,
            overlap_suite::<Polygon, Polygon>,
        ),
        spec(
            "overlap/circle-polygon",
            8,
            overlap_suite::<CircleGen, Polygon>,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The peer's box-first path is a faster path for the same question, never a different
    /// answer: on every case that has one, it answers as parry2d's plain query on every input.
    #[test]
    fn the_peers_box_first_path_answers_as_its_plain_query() {
        let cfg = Config {
            check_len: 4096,
            ..Config::quick()
        };
        let mut boxed = 0;
        for spec in all_cases() {
            let case = spec.build(&cfg);
            if case.peer_boxed() {
                boxed += 1;
                let same = case.peer_boxed_agree();
                assert!(same == 1.0, "{}: {same}", spec.name);
            }
        }
        assert_eq!(boxed, all_cases().len(), "every case has the path");
    }
}
