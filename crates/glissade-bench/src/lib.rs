//! # glissade-bench
//!
//! Side-by-side measurements of glissade against [`parry2d`] on the same random inputs, in the
//! same process.
//!
//! Every [case](cases) pre-generates a seeded, deterministic set of inputs in both libraries'
//! representations (identical geometry: parry's polygons are built from glissade's validated
//! vertices, unmodified). Two things are measured per case:
//!
//! - **Agreement** ([`Case::check`]): over every generated input, whether both libraries give
//!   the same answer — the same hit/miss (or overlapping/not) and fractions (or depths) within
//!   [`AGREE_TOL`]. Where they differ, the independent brute-force f64 reference of
//!   [`glissade_difftest::reference`] decides: an input on which glissade matches the reference
//!   and parry2d does not counts as agreeing (parry2d is wrong there, the rule of our
//!   differential tests) and is counted in the notes as `parry2d_wrong`, next to the
//!   `raw_agree` that ignores the reference.
//! - **Speed** ([`measure`]): mean nanoseconds per query over the first [`Config::timing_len`]
//!   inputs, each side looping over all of them repeatedly, in alternating rounds so that
//!   neither side benefits from running first or second; then again over
//!   [`WIDE_TIMING_LEN`] inputs. Beside `cast/aabb-aabb`, a plain slab test on the same
//!   inputs gives that case's practical limit ([`cases::slab_limit`]).
//!
//! The [movement cases](moves) walk a box along a floor of 10,000 tiles with glissade's
//! `move_and_slide` and with rapier2d's character controller (and with glissade's own bisection
//! baseline),
//! timed in alternating rounds, counting snags; and time one `move_bodies` step of 1,000 to
//! 100,000 bodies on a large tile map with polygon walls.
//!
//! The [character] benchmarks walk a character controller over a course of tiles, ramps and
//! stairs (the whole walk and its first leg), along a floor of 10,000 tiles and one of 100
//! long boxes, and play a platformer's actions (dashes, wall jumps, a crouch) from one input
//! script over a tile level ([`character::actions`]), against rapier2d's character controller;
//! and time one `step_characters` batch of a crowd of 1,000 or 10,000 characters on one thread
//! and on two ([`character::crowd_run_on`]), ours only.
//!
//! The binary (`cargo run --release -p glissade-bench -- --quick`) prints one `compare` line
//! per case (and `scale` lines); `benches/queries.rs` gives criterion's detail for the query
//! cases; `examples/walk_profile.rs` and `examples/scale_profile.rs` repeat one movement case
//! for a profiler.
//!
//! The layout: [`config`](Config) and the timing loops ([`measure`]) at the bottom, the query
//! [cases] above them, the [movement](moves) and [character] benchmarks beside.
#![warn(missing_docs)]

pub mod cases;
pub mod character;
mod config;
mod describe;
pub mod moves;
pub mod rng;
mod timing;

pub use cases::{AGREE_TOL, Answer, Case, CaseSpec, all_cases};
pub use config::{Config, WIDE_TIMING_LEN};
pub use timing::{
    PEER, Timing, compare_line, machine_load, measure, measure_sweeps, pin_to_current_core,
    unpin_current_thread,
};
