//! The geometry under every query: points and planes four lanes at a time, contact planes and
//! the combining of pushes, and boxes by slabs. Nothing here knows about shapes.

mod floor;
mod lanes;
mod planes;
mod slab;

pub(crate) use floor::{floor_i32, floor_i32x4};
pub(crate) use lanes::{Clip, Planes8, Soa8, first_lane, pinned_offset};
pub(crate) use planes::{Planes, combine_pushes};
pub(crate) use slab::{Slab, slab_cast, slab_cast_2d, slab_overlap, slab_tolerances};

use glam::Vec2;

/// Whether both coordinates are finite, without branches.
#[inline]
pub(crate) fn all_finite(v: Vec2) -> bool {
    (v.x.abs() < f32::INFINITY) & (v.y.abs() < f32::INFINITY)
}
