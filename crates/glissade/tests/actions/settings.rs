//! Settings changed between updates are checked again, and refused by name.

use super::*;

#[test]
fn settings_changed_between_updates_are_checked_again() {
    // The settings are checked when they change: a good run, then a bad gravity, a bad
    // skin, each refused by name, and the good settings again accepted.
    let (mut world, p) = floor_scene();
    let mut pl = Platformer::default();
    let dt = 1.0 / 60.0;
    for _ in 0..5 {
        pl.update(&mut world, p, RIGHT, dt).unwrap();
    }
    let good = pl.config.clone();
    pl.config.gravity = f32::NAN;
    let e = pl.update(&mut world, p, RIGHT, dt).unwrap_err();
    assert!(
        matches!(
            e,
            CharacterError::BadConfig {
                field: "gravity",
                ..
            }
        ),
        "{e:?}"
    );
    pl.config = good;
    pl.update(&mut world, p, RIGHT, dt).unwrap();
    let skin = pl.controller.config.skin;
    pl.controller.config.skin = -1.0;
    let e = pl.update(&mut world, p, RIGHT, dt).unwrap_err();
    assert!(
        matches!(e, CharacterError::BadConfig { field: "skin", .. }),
        "{e:?}"
    );
    pl.controller.config.skin = skin;
    pl.update(&mut world, p, RIGHT, dt).unwrap();
}
