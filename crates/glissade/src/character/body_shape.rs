//! The copy of a polygon body a character controller reads during a step (the step moves the
//! body in the world while it reads the shape), kept from one step to the next.

use std::sync::Arc;

use crate::shape::ConvexPolygon;

/// The `Arc` a character controller copies a polygon body into for a step (see
/// `Shape::copy_into`), kept from one step to the next, so that a step never touches the
/// count of an `Arc` that other characters, stepped on other threads, may share (counting it
/// would pass its cache line, which the polygon's first planes share, from core to core).
/// Empty until a polygon body is stepped; other shapes are copied by value.
#[derive(Clone, Default)]
pub(super) struct BodyShape(pub(super) Option<Arc<ConvexPolygon>>);

impl std::fmt::Debug for BodyShape {
    /// A scratch copy of the body's shape: the world has the real one.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BodyShape")
    }
}

#[cfg(test)]
mod tests {
    use glam::Vec2;

    use super::*;
    use crate::shape::{Aabb, Shape};
    use crate::world::{ColliderDesc, World};
    use crate::{CharacterController, Step};

    fn polygon_of(s: &Shape) -> &Arc<ConvexPolygon> {
        match s {
            Shape::Polygon(p) => p.arc(),
            other => panic!("not a polygon: {other:?}"),
        }
    }

    /// `s` copied as a step copies it (into a box placeholder, with `kept`): equal to `s`.
    fn copied(s: &Shape, kept: &mut BodyShape) -> Shape {
        let mut out = Shape::Aabb(Aabb {
            min: Vec2::ZERO,
            max: Vec2::ZERO,
        });
        s.copy_into(&mut out, &mut kept.0);
        assert_eq!(out, *s);
        out
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
            let own = c.body_shape.0.as_ref().expect("kept after a polygon step");
            assert_eq!(**own, *shared);
            assert!(!Arc::ptr_eq(own, &shared));
            // Only the world and this test hold the shared polygon.
            assert_eq!(Arc::strong_count(&shared), 2);
            let at = Arc::as_ptr(own);
            assert!(kept.is_none_or(|k| k == at), "a new Arc for a step");
            kept = Some(at);
        }
    }

    /// Copies as a step makes them: a box by value, the kept `Arc` untouched; a polygon into
    /// the kept `Arc` when no one else holds it (the same allocation step after step), into
    /// a new one when someone does (a cloned controller), never into the shared one.
    #[test]
    fn copies_go_into_the_kept_polygon_when_it_is_its_own() {
        let mut kept = BodyShape::default();
        let unit: Shape = Aabb::from_half_extents(Vec2::ONE).expect("a box").into();
        copied(&unit, &mut kept);
        assert!(kept.0.is_none());
        let tri: Shape = ConvexPolygon::regular(3, 1.0, 0.0)
            .expect("a triangle")
            .into();
        let shape = copied(&tri, &mut kept);
        assert!(!Arc::ptr_eq(polygon_of(&shape), polygon_of(&tri)));
        let first = Arc::as_ptr(polygon_of(&shape));
        // Handed back, as a step does, then used for another polygon: the same allocation.
        kept.0 = Some(polygon_of(&shape).clone());
        drop(shape);
        let square: Shape = ConvexPolygon::regular(4, 1.0, 0.0)
            .expect("a square")
            .into();
        let shape = copied(&square, &mut kept);
        assert_eq!(Arc::as_ptr(polygon_of(&shape)), first);
        // Held elsewhere too: the copy goes into a new `Arc`, and the other holder's polygon
        // does not change.
        let other = polygon_of(&shape).clone();
        kept.0 = Some(other.clone());
        let shape = copied(&tri, &mut kept);
        assert_eq!(*other, **polygon_of(&square));
        assert!(!Arc::ptr_eq(polygon_of(&shape), &other));
    }
}
