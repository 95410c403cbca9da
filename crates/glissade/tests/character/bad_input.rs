//! Bad input: refused by name, and nothing moves.

use super::*;

#[test]
fn bad_input_is_refused_by_name_and_moves_nothing() {
    let mut world = World::new();
    let p = body(&mut world, square(), v(0.0, 1.0));
    let map = tiles(&mut world, &["##"], v(5.0, 0.0));
    let mut c = CharacterController::default();
    let e = c
        .step(&mut world, p, Step::new(v(f32::NAN, 0.0), DT))
        .unwrap_err();
    assert!(e.to_string().contains("motion"), "{e}");
    let e = c
        .step(&mut world, p, Step::new(v(0.1, 0.0), 0.0))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Step.dt = 0: must be positive and finite (seconds)"
    );
    let e = c
        .step(&mut world, map, Step::new(v(0.1, 0.0), DT))
        .unwrap_err();
    assert!(e.to_string().contains("tile map"), "{e}");
    c.config.max_slope = 2.0;
    let e = c
        .step(&mut world, p, Step::new(v(0.1, 0.0), DT))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "CharacterConfig.max_slope = 2: must be in [0, π/2 - 1e-5] radians (below vertical)"
    );
    c.config = CharacterConfig {
        up: v(0.0, 2.0),
        ..CharacterConfig::default()
    };
    let e = c
        .step(&mut world, p, Step::new(v(0.1, 0.0), DT))
        .unwrap_err();
    assert!(matches!(e, CharacterError::BadUp(_)));
    c.config = CharacterConfig {
        ground_probe: SKIN,
        ..CharacterConfig::default()
    };
    let e = c
        .step(&mut world, p, Step::new(v(0.1, 0.0), DT))
        .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("CharacterConfig.ground_probe = 0.01"),
        "{e}"
    );
    assert_eq!(pos(&world, p), v(0.0, 1.0));
    // A motion beyond the supported range, a slope limit whose cosine is under the slack,
    // and a step so short that the velocity would overflow.
    let mut ramp = ramp_world(30.0);
    let q = body(&mut ramp, square(), v(-1.0, 0.41));
    let mut c = CharacterController::default();
    step(&mut c, &mut ramp, q, v(0.0, -0.1));
    let e = c
        .step(&mut ramp, q, Step::new(v(f32::MAX, 0.0), DT))
        .unwrap_err();
    assert!(
        e.to_string()
            .starts_with("motion = [340282350000000000000000000000000000000, 0] is too large"),
        "{e}"
    );
    c.config.max_slope = std::f32::consts::FRAC_PI_2 - 1e-7;
    let e = c.step(&mut ramp, q, Step::new(Vec2::ZERO, DT)).unwrap_err();
    assert!(
        e.to_string().starts_with("CharacterConfig.max_slope"),
        "{e}"
    );
    c.config.max_slope = 0.7;
    c.step(&mut ramp, q, Step::new(v(1.0, 0.0), 1e-39)).unwrap();
    assert!(ramp.get(q).unwrap().velocity().is_finite());
    let mut pl = Platformer::default();
    pl.config.gravity = f32::INFINITY;
    let e = pl.update(&mut world, p, NOTHING, DT).unwrap_err();
    assert!(
        e.to_string().starts_with("PlatformerConfig.gravity = inf"),
        "{e}"
    );
}
