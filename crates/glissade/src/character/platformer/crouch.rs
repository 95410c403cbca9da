//! Crouching for the [`Platformer`](super::Platformer): the body's collider changes to
//! [`PlatformerConfig::crouch_shape`] with its feet where they were, and changes back only
//! when the standing shape fits.
//!
//! The feet are the shape's lowest point along `-up`: swapping keeps `min(p · up)` over the
//! shape's points where it was, so a grounded character stays on its ground. Standing up is
//! refused while anything that blocks the character (its layers and mask, not one-way
//! platforms, not sensors) is in the way, found by two exact queries: a cast of the crouching
//! shape up by the height it would grow plus the skin (a ceiling the standing head would come
//! closer to than the skin), and an overlap of the standing shape where it would stand
//! (anything beside a standing shape wider than the crouching one).

use glam::Vec2;

use super::{PlatformerConfig, body_of};
use crate::character::CharacterError;
use crate::motion::MoveError;
use crate::shape::Shape;
use crate::world::{Handle, QueryFilter, World};

/// The crouch of a platformer character (whether it crouches is whether the platformer holds
/// a shape to stand up to, kept apart from this so that this stays small to copy).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Crouch {
    /// Whether the last update wanted to stand up and could not.
    pub(super) blocked: bool,
}

/// The body's collider and position before an update swapped its shape, to put back when the
/// update fails.
pub(super) type Swapped = (Shape, Vec2);

/// Where the lowest point of `shape` is along `up`, from its position.
fn feet(shape: &Shape, up: Vec2) -> f32 {
    -shape.support(-up)
}

/// Gives `body` the shape `to` in place of `from` at `pos`, its feet kept along `up`.
fn swap(
    world: &mut World,
    body: Handle,
    (from, pos): (&Shape, Vec2),
    to: &Shape,
    up: Vec2,
) -> Result<(), CharacterError> {
    let at = pos + up * (feet(from, up) - feet(to, up));
    let unknown = |_| CharacterError::Move(MoveError::UnknownHandle(body));
    world.set_shape(body, to.clone()).map_err(unknown)?;
    world.set_position(body, at).map_err(unknown)?;
    Ok(())
}

impl Crouch {
    /// At the start of an update: crouches when `held` on the ground (or already crouching),
    /// stands up when not held and the standing shape fits. What was swapped goes into
    /// `swapped`, to undo.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn update(
        &mut self,
        (standing, swapped): (&mut Option<Shape>, &mut Option<Swapped>),
        world: &mut World,
        body: Handle,
        c: &PlatformerConfig,
        (up, skin): (Vec2, f32),
        held: bool,
        grounded: bool,
    ) -> Result<(), CharacterError> {
        self.blocked = false;
        match (&*standing, &c.crouch_shape) {
            (None, Some(low)) if held && grounded => {
                let (shape, pos, ..) = body_of(world, body)?;
                // Kept past the swap, which changes the world's copy.
                let shape = shape.clone();
                swap(world, body, (&shape, pos), low, up)?;
                *standing = Some(shape.clone());
                *swapped = Some((shape, pos));
                Ok(())
            }
            (Some(stand), low) if !held || low.is_none() => {
                let stand = stand.clone();
                let (shape, pos, layers, mask) = body_of(world, body)?;
                let shape = shape.clone();
                let exclude = [body];
                let filter = QueryFilter::default()
                    .with_layers(layers)
                    .with_mask(mask)
                    .excluding(&exclude)
                    .without_one_way();
                if fits(world, (&shape, pos), &stand, (up, skin), &filter) {
                    swap(world, body, (&shape, pos), &stand, up)?;
                    *standing = None;
                    *swapped = Some((shape, pos));
                    Ok(())
                } else {
                    self.blocked = true;
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }
}

/// Whether `stand` fits in place of the crouching `(shape, pos)`, its feet kept along `up`,
/// with `skin` to spare above: see the module's docs.
fn fits(
    world: &World,
    (shape, pos): (&Shape, Vec2),
    stand: &Shape,
    (up, skin): (Vec2, f32),
    filter: &QueryFilter,
) -> bool {
    let at = pos + up * (feet(shape, up) - feet(stand, up));
    let grow = (at.dot(up) + stand.support(up)) - (pos.dot(up) + shape.support(up));
    if grow > 0.0
        && world
            .cast_shape(shape, pos, up * (grow + skin), filter)
            .is_some()
    {
        return false;
    }
    world.overlap_shape(stand, at, filter).is_empty()
}

/// Puts back the shape and position an update swapped, and the shape to stand up to as it
/// was: none when the update crouched, the shape it stood up to when it stood up.
pub(super) fn undo(
    world: &mut World,
    body: Handle,
    swapped: Option<Swapped>,
    standing: &mut Option<Shape>,
) {
    if let Some((shape, pos)) = swapped {
        let now = world.get(body).and_then(|c| c.shape().cloned());
        *standing = match standing {
            Some(_) => None,
            None => now,
        };
        // The body was there a moment ago; neither call can fail.
        let _ = world.set_shape(body, shape);
        let _ = world.set_position(body, pos);
    }
}

/// The change of speed along the held direction while crouching, from `speed` along it
/// (world units per second): up by `gain` but not past `crouch_max_speed`, or, when faster
/// than that (a crouching slide), down by `brake` but not under it.
pub(super) fn walk_change(c: &PlatformerConfig, speed: f32, gain: f32, brake: f32) -> f32 {
    let cap = c.crouch_max_speed;
    if speed < cap {
        gain.min(cap - speed)
    } else {
        -brake.min(speed - cap)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Aabb;

    #[test]
    fn feet_are_the_lowest_point_along_up() {
        let b: Shape = Aabb::new(Vec2::new(-1.0, -2.0), Vec2::new(1.0, 3.0))
            .unwrap()
            .into();
        assert_eq!(feet(&b, Vec2::Y), -2.0);
        assert_eq!(feet(&b, Vec2::X), -1.0);
        assert_eq!(feet(&b, -Vec2::Y), -3.0);
    }

    #[test]
    fn the_crouching_walk_stops_gaining_at_its_cap() {
        let c = PlatformerConfig {
            crouch_max_speed: 2.0,
            ..PlatformerConfig::default()
        };
        assert_eq!(walk_change(&c, 0.0, 0.5, 0.1), 0.5);
        assert_eq!(walk_change(&c, 1.75, 0.5, 0.1), 0.25);
        assert_eq!(walk_change(&c, 2.0, 0.5, 0.1), 0.0);
        assert_eq!(walk_change(&c, 3.0, 0.5, 0.25), -0.25);
        assert_eq!(walk_change(&c, 2.25, 0.5, 0.5), -0.25);
    }
}
