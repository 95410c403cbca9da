//! Bad input: refused by name, and nothing changes.

use super::*;

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let mut world = World::new();
    let body = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(0.0, 0.0)).kinematic())
        .unwrap();
    let before = world.get(body).unwrap().position();
    for motion in [v(f32::NAN, 0.0), v(0.0, f32::INFINITY)] {
        let e = move_and_slide(&mut world, body, motion, &MoveConfig::default()).unwrap_err();
        assert!(
            matches!(
                e,
                MoveError::NotFinite {
                    field: "motion",
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("motion"));
    }
    let e = move_and_slide(
        &mut world,
        (boxed(0.5, 0.5), v(f32::NAN, 1.0)),
        Vec2::X,
        &MoveConfig::default(),
    )
    .unwrap_err();
    assert!(
        matches!(
            e,
            MoveError::NotFinite {
                field: "position",
                ..
            }
        ),
        "{e}"
    );
    assert_eq!(world.get(body).unwrap().position(), before);
    let e = move_and_slide(
        &mut world,
        body,
        Vec2::X,
        &MoveConfig::default().with_skin(-1.0),
    )
    .unwrap_err();
    assert!(e.to_string().contains("skin"), "{e}");
    let e = move_and_slide(
        &mut world,
        body,
        Vec2::X,
        &MoveConfig::default().with_max_iterations(0),
    )
    .unwrap_err();
    assert!(e.to_string().contains("max_iterations"), "{e}");
    world.remove(body).unwrap();
    assert_eq!(
        move_and_slide(&mut world, body, Vec2::X, &MoveConfig::default()),
        Err(MoveError::UnknownHandle(body))
    );
    assert!(world.set_position(body, Vec2::ZERO).is_err());
    // Several movers: one unknown handle or one bad motion refuses the whole step.
    let other = world
        .add(ColliderDesc::new(boxed(0.5, 0.5), v(5.0, 0.0)).kinematic())
        .unwrap();
    let step = [
        BodyMove {
            handle: other,
            motion: Vec2::X,
        },
        BodyMove {
            handle: body,
            motion: Vec2::X,
        },
    ];
    assert_eq!(
        move_bodies(&mut world, &step, &MoveConfig::default()),
        Err(MoveError::UnknownHandle(body))
    );
    let step = [BodyMove {
        handle: other,
        motion: v(f32::NAN, 0.0),
    }];
    assert!(matches!(
        move_bodies(&mut world, &step, &MoveConfig::default()),
        Err(MoveError::NotFinite { .. })
    ));
    assert_eq!(world.get(other).unwrap().position(), v(5.0, 0.0));
    assert!(world.remove(body).is_err());
    assert!(matches!(
        world.add(ColliderDesc::new(boxed(1.0, 1.0), v(f32::NAN, 0.0))),
        Err(glissade::world::WorldError::NotFinite { .. })
    ));
}
