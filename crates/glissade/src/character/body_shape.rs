//! The copy of its body's shape a character controller reads during a step (the step moves
//! the body in the world while it reads the shape), kept from one step to the next.

use glam::Vec2;

use crate::shape::{Aabb, Shape};

/// A character's shape, copied out of the world for a step: a polygon is copied into an
/// `Arc` of the controller's own (see `Shape::copy_into`), so that a step never touches the
/// count of an `Arc` that other characters, stepped on other threads, may share (counting it
/// would pass its cache line, which the polygon's first planes share, from core to core).
#[derive(Clone)]
pub(super) struct BodyShape(pub(super) Shape);

impl Default for BodyShape {
    /// A placeholder box, overwritten by the first step.
    fn default() -> Self {
        BodyShape(Shape::Aabb(Aabb {
            min: Vec2::ZERO,
            max: Vec2::ZERO,
        }))
    }
}

impl std::fmt::Debug for BodyShape {
    /// A scratch copy of the body's shape: the world has the real one.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BodyShape")
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::shape::ConvexPolygon;
    use crate::world::{ColliderDesc, World};
    use crate::{CharacterController, Step};

    fn polygon_of(s: &Shape) -> &Arc<ConvexPolygon> {
        match s {
            Shape::Polygon(p) => p,
            other => panic!("not a polygon: {other:?}"),
        }
    }

    /// A polygon character's steps copy its polygon into one `Arc` the controller keeps to
    /// itself: equal to the world's, never the world's, and the same one step after step
    /// (no allocation per step, no count of the shared one).
    #[test]
    fn a_polygon_character_reads_a_copy_of_its_own() {
        let mut world = World::new();
        let floor = Aabb::new(Vec2::new(-50.0, -1.0), Vec2::new(50.0, 0.0)).expect("a floor");
        world
            .add(ColliderDesc::new(floor, Vec2::ZERO))
            .expect("finite");
        let hexagon: Shape = ConvexPolygon::regular(6, 0.5, 0.0)
            .expect("a hexagon")
            .into();
        let shared = polygon_of(&hexagon).clone();
        let body = world
            .add(ColliderDesc::new(hexagon, Vec2::new(0.0, 0.6)).kinematic())
            .expect("finite");
        let mut c = CharacterController::default();
        let mut kept = None;
        for _ in 0..3 {
            c.step(
                &mut world,
                body,
                Step::new(Vec2::new(0.1, -0.1), 1.0 / 60.0),
            )
            .expect("a valid step");
            let own = polygon_of(&c.body_shape.0);
            assert_eq!(**own, *shared);
            assert!(!Arc::ptr_eq(own, &shared));
            // Only the world and this test hold the shared polygon.
            assert_eq!(Arc::strong_count(&shared), 2);
            let at = Arc::as_ptr(own);
            assert!(kept.is_none_or(|k| k == at), "a new Arc for a step");
            kept = Some(at);
        }
    }

    /// Copies into a kept copy: a box into a box in place; a polygon into the copy's own
    /// polygon when no one else holds it, into a new one when someone does.
    #[test]
    fn copies_go_into_what_the_copy_holds_when_it_is_its_own() {
        let mut copy = BodyShape::default();
        let unit: Shape = Aabb::from_half_extents(Vec2::ONE).expect("a box").into();
        unit.copy_into(&mut copy.0);
        assert_eq!(copy.0, unit);
        let tri: Shape = ConvexPolygon::regular(3, 1.0, 0.0)
            .expect("a triangle")
            .into();
        tri.copy_into(&mut copy.0);
        let first = Arc::as_ptr(polygon_of(&copy.0));
        assert_eq!(copy.0, tri);
        let square: Shape = ConvexPolygon::regular(4, 1.0, 0.0)
            .expect("a square")
            .into();
        square.copy_into(&mut copy.0);
        assert_eq!(copy.0, square);
        assert_eq!(Arc::as_ptr(polygon_of(&copy.0)), first);
        // Held elsewhere too (a cloned controller): the next copy goes into a new `Arc`, and
        // what the other holder sees does not change.
        let other = copy.clone();
        tri.copy_into(&mut copy.0);
        assert_eq!(copy.0, tri);
        assert_eq!(other.0, square);
        assert!(!Arc::ptr_eq(polygon_of(&copy.0), polygon_of(&other.0)));
    }
}
