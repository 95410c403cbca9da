//! Every tolerance glissade uses, named and documented in one place, and the range of sizes
//! within which its promises hold. The public constants and functions state the precision
//! contract — read them to know what a result means, none is a setting; the constants that only
//! tune the library's own decisions stay inside it. What a user sets (the skin, iterations,
//! slopes) is in the movers' and the character's settings.
//!
//! Queries work in the frame of the second shape (`pos_a - pos_b`), so the precision that
//! matters is that of the *relative* geometry, not of the absolute positions. A tolerance is
//! `LINEAR_ABS + LINEAR_REL * scale` (see [`linear_tolerance`]), where `scale` is the size of
//! the numbers a decision is computed from: for a contact on a face with unit normal `n`,
//! `|n.x|·X + |n.y|·Y + |h|`, with `X` and `Y` the magnitudes along each axis of the relative
//! position and of the touching features' coordinates, and `h` the face's offset from `b`'s
//! origin. So precision comes from *where the contact is*, not from how long a shape is: a
//! box landing near the origin on a floor 2,000,000 units long is judged within about `1e-5`,
//! and so is a box hitting the side of a wall 2e7 units tall; the floor's far ends, a million
//! units out, are judged within about `1`. Near the origin a tolerance is about `1e-5`
//! units; for a contact 1000 units from `b`'s origin it grows to about `1e-3`.

/// The largest magnitude of any length glissade works with, in world units: coordinates of
/// shape points, radii and extents, collider positions and velocities, motions, tile cell
/// sizes and tile map extents.
///
/// Within it every promise holds (no tunnelling, no sinking, no snag, exact times of impact,
/// determinism), with the precision [`linear_tolerance`] gives at the coordinates of each
/// contact: about `1e-5` near the origin, `1e-3` at 1e3, `0.1` at 1e5, `1` at 1e6, `10` at 1e7
/// (eight units in the last place of an f32). Every intermediate stays finite. A larger
/// value is refused by name before anything moves (`ShapeError::TooLarge`,
/// `TileMapError::TooLarge`, `WorldError::TooFar`, `MoveError::TooLarge`); the free query
/// functions, which return no error, answer any finite input without NaN or infinity.
pub const MAX_COORDINATE: f32 = 1e15;

/// The rule the 2D and 3D moves check their positions, motions and velocities by: `Err(None)`
/// when a component is not finite, `Err(Some(MAX_COORDINATE))` when one is finite but larger
/// in magnitude than [`MAX_COORDINATE`]. The world's own `check_finite` applies the same rule
/// written as two tests (see there for why).
#[inline]
pub(crate) fn check_components(values: &[f32]) -> Result<(), Option<f32>> {
    // The usual case in one comparison a component: NaN and infinity both fail it, so what
    // fails it is either not finite or, all finite, too large.
    if values.iter().all(|v| v.abs() <= MAX_COORDINATE) {
        Ok(())
    } else if values.iter().all(|v| v.is_finite()) {
        Err(Some(MAX_COORDINATE))
    } else {
        Err(None)
    }
}

/// Units in the last place of a move's coordinates that a move keeps from what it meets, when
/// that is more than the skin. A body's position is rounded to f32, and so is the distance it
/// travels to a contact: far from the origin, or after a long travel, a unit in the last place
/// is larger than the skin (one unit at 1e7), and a body placed a skin from a wall would end
/// inside it. See [`skin_at`].
pub const POSITION_ULPS: f32 = 4.0;

/// The distance a move keeps from a contact, for a `skin` and coordinates (position and
/// distance travelled) of size `scale`: the skin, or [`POSITION_ULPS`] units in the last place
/// of `scale` when that is more (from about 2e4 on for the default skin of 0.01).
#[inline]
#[must_use]
pub fn skin_at(skin: f32, scale: f32) -> f32 {
    skin.max(POSITION_ULPS * f32::EPSILON * scale)
}

/// Absolute part of the distance tolerance, in world units.
///
/// Two shapes whose distance is within the linear tolerance of zero are *touching*: neither
/// overlapping (no [`Penetration`](crate::query::Penetration)) nor separated.
pub const LINEAR_ABS: f32 = 1e-5;

/// Relative part of the distance tolerance: a multiple of the f32 machine epsilon per unit of
/// coordinate magnitude (eight units in the last place).
pub const LINEAR_REL: f32 = 8.0 * f32::EPSILON;

/// Cosine of the largest angle between a contact normal and a face normal for the contact
/// point to be placed on that face (about 0.06 degrees). A grazing contact found on a rounded
/// corner can carry a normal a hair off the face it really touches.
pub(crate) const CONTACT_SNAP_COS: f32 = 0.999_999_5;

/// Relative tolerance used when validating polygon convexity and area: a cross product smaller
/// than `GEOMETRY_REL * |e1| * |e2|` counts as zero (collinear).
pub const GEOMETRY_REL: f32 = 1e-6;

/// The linear (distance) tolerance for geometry whose coordinates are at most `scale` in size.
#[inline]
#[must_use]
pub fn linear_tolerance(scale: f32) -> f32 {
    LINEAR_ABS + LINEAR_REL * scale
}

/// The linear tolerance of a signed distance along the unit normal `n`, computed from
/// coordinates whose per-axis magnitudes are at most `scale`, plus a term of size `extra` (a
/// face offset or a radius): `LINEAR_ABS + LINEAR_REL × (|n.x|·scale.x + |n.y|·scale.y + extra)`.
/// Along an axis-aligned normal only that axis's coordinates count.
#[inline]
#[must_use]
pub(crate) fn tolerance_along(n: glam::Vec2, scale: glam::Vec2, extra: f32) -> f32 {
    LINEAR_ABS + LINEAR_REL * (n.abs().dot(scale) + extra)
}

/// How many linear tolerances below a one-way platform's top a body's lowest point may start
/// and still stand on the platform (the platform blocks it, and seams along its top are
/// hidden). A move along a platform may graze it up to one tolerance deep without meeting it
/// (a graze is no contact), and the next move must still see the body on top: with one
/// tolerance only, a body sliding along a platform far from the origin dropped off it at the
/// next cast and met the corner of a tile flush beside it.
pub(crate) const ONE_WAY_TOP_TOLERANCES: f32 = 2.0;

/// Cosine of the largest angle between a contact normal and a face normal for the contact to
/// count as being on that face (about 0.08 degrees) — used to tell tile faces from tile corners.
pub(crate) const FACE_MATCH_COS: f32 = 0.999_999;

/// Cosine of the largest angle between a tile overlap's own push normal and a normal the
/// tiles allow there for a push along the allowed one to stand for the overlap's own (about
/// 0.5 degrees): a body's edge leaning a little from a tile's face gives a push a hair off
/// the face, which is met at a corner of tiles where only the face's normal is allowed.
pub(crate) const PUSH_SNAP_COS: f32 = 0.999_96;

/// Cosine above which two contact planes count as one (about 0.08 degrees apart).
pub(crate) const PLANE_SAME_COS: f32 = 0.999_999;

/// Sine below which two push planes count as parallel (about 0.08 degrees, the angle of
/// [`PLANE_SAME_COS`]): their intersection is not solved for.
pub(crate) const PLANE_PARALLEL_SIN: f32 = 0.001_414;

/// How far into a contact plane a clipped motion may still point, relative to the motion's
/// length, for rounding (one part in a million).
pub(crate) const PLANE_FEASIBLE_REL: f32 = 1e-6;

/// Slack on the cosine of a character's slope limit: a slope of exactly the limit (45° by
/// default) counts as walkable despite the rounding of its normal.
pub(crate) const SLOPE_COS_SLACK: f32 = 1e-6;

/// A character's motion counts as going up (a jump, not a walk: no ground snapping, no
/// walking along the ground) when its part along `up` is more than this share of its length.
pub(crate) const RISING_SHARE: f32 = 1e-4;

/// How far from 1 the length of a character's `up` may be.
pub(crate) const UP_UNIT_TOL: f32 = 1e-4;

/// How far a move backs off from a contact, at most, along its motion, in skins: the skin is
/// kept along the contact normal unless that would take more than this many skins along the
/// motion (a grazing hit), so a move always ends within reach of what stopped it.
pub(crate) const MAX_BACK_OFF_SKINS: f32 = 2.0;

/// A grounded character further than this many skins from its ground is settled down to it
/// (a move ends up to 2 skins from what stopped it).
pub(crate) const SETTLE_SKINS: f32 = 2.0;

/// How far past a corner contact, in skins, a character's ground probe looks for the ground
/// of a ledge it rests on the edge of.
pub(crate) const LEDGE_LOOK_SKINS: f32 = 0.1;

/// A character wedged between steep surfaces stands on them when it cannot slide down by more
/// than this share of a skin.
pub(crate) const WEDGED_SKINS: f32 = 0.5;

#[cfg(test)]
mod tests {
    use super::{MAX_COORDINATE, check_components};

    /// In range (the limit itself included) passes; NaN and infinities are not finite,
    /// whatever else is in range; a finite value past the limit is too large.
    #[test]
    fn components_are_in_range_not_finite_or_too_large() {
        let max = MAX_COORDINATE;
        assert_eq!(check_components(&[0.0, -0.0]), Ok(()));
        assert_eq!(check_components(&[max, -max]), Ok(()));
        assert_eq!(check_components(&[]), Ok(()));
        for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
            assert_eq!(check_components(&[1.0, bad]), Err(None));
            assert_eq!(check_components(&[bad, 1.0]), Err(None));
            // Not finite is named first, before a value that is only too large.
            assert_eq!(check_components(&[max * 2.0, bad]), Err(None));
        }
        let past = f32::from_bits(max.to_bits() + 1);
        assert_eq!(check_components(&[past, 0.0]), Err(Some(max)));
        assert_eq!(check_components(&[0.0, -past]), Err(Some(max)));
        assert_eq!(check_components(&[f32::MAX, 1.0]), Err(Some(max)));
    }
}
