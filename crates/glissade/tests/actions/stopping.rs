//! Stopping at a constant deceleration from top speed, at several update rates; friction as
//! the default way of stopping, and a bad deceleration refused.

use super::*;

#[test]
fn deceleration_stops_from_top_speed_in_the_stated_time_and_distance_at_30_60_and_144_hz() {
    // Deceleration 45 from the default top speed of 22.5: at rest after 22.5 / 45 = 0.5 s,
    // having slid 22.5² / (2 · 45) = 5.625. The speed drops by 45 · dt a step (1.5, 0.75 and
    // 0.3125 at 30, 60 and 144 Hz: 15, 30 and 72 steps), and the move by the mean of the
    // step's velocities is exact for a constant deceleration, so the distance is 5.625 at
    // every rate (1e-3 for rounding), and the time 0.5 s to within one step.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let (mut world, p) = floor_scene();
        let mut pl = Platformer::default();
        pl.config.deceleration = Some(45.0);
        let top = pl.config.max_speed;
        assert_eq!(top, 22.5);
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        for _ in 0..(hz as usize) {
            pl.update(&mut world, p, RIGHT, dt).unwrap();
        }
        assert!(
            (pl.velocity.x - top).abs() < 1e-4,
            "{hz} Hz: {}",
            pl.velocity
        );
        let x0 = pos(&world, p).x;
        let mut steps = 0;
        while pl.velocity.x > 0.0 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
            steps += 1;
            assert!(steps < 2 * hz as usize, "{hz} Hz: still moving");
            assert!(pl.velocity.x >= 0.0, "{hz} Hz: reversed");
        }
        let t = steps as f32 * dt;
        assert!((t - 0.5).abs() <= dt + 1e-5, "{hz} Hz: at rest after {t} s");
        let d = pos(&world, p).x - x0;
        assert!((d - 5.625).abs() < 1e-3, "{hz} Hz: slid {d}");
        // At rest it stays put.
        let at = pos(&world, p);
        for _ in 0..10 {
            pl.update(&mut world, p, NOTHING, dt).unwrap();
        }
        assert_eq!(pos(&world, p), at, "{hz} Hz");
        assert!(pl.controller.state.grounded());
    }
}

#[test]
fn friction_stays_the_default_stopping_and_a_bad_deceleration_is_refused() {
    // Unset in both presets: the exponential friction, which after 0.5 s from 22.5 at 60 Hz
    // leaves 22.5 · 0.9³⁰ ≈ 0.954 (the speed × 0.9 a step), not yet at rest.
    assert_eq!(PlatformerConfig::default().deceleration, None);
    assert_eq!(PlatformerConfig::in_pixels().deceleration, None);
    let (mut world, p) = floor_scene();
    let mut pl = Platformer::default();
    pl.update(&mut world, p, NOTHING, 1.0 / 60.0).unwrap();
    for _ in 0..60 {
        pl.update(&mut world, p, RIGHT, 1.0 / 60.0).unwrap();
    }
    for _ in 0..30 {
        pl.update(&mut world, p, NOTHING, 1.0 / 60.0).unwrap();
    }
    let expected = 22.5 * 0.9f32.powi(30);
    assert!((pl.velocity.x - expected).abs() < 1e-3, "{}", pl.velocity);

    for bad in [0.0, -1.0, f32::NAN, f32::INFINITY] {
        let c = PlatformerConfig {
            deceleration: Some(bad),
            ..PlatformerConfig::default()
        };
        match c.validate() {
            Err(CharacterError::BadConfig { field, .. }) => assert_eq!(field, "deceleration"),
            other => panic!("{bad}: {other:?}"),
        }
        let mut pl = Platformer::new(c, PlatformerConfig::default_character());
        assert!(pl.update(&mut world, p, NOTHING, 1.0 / 60.0).is_err());
    }
}
