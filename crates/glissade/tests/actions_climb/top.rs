//! Out of the top: onto the floor beside it, and through a one-way platform at the top, up
//! and down.

use super::*;

#[test]
fn climbing_out_of_the_top_steps_onto_the_floor_beside_it() {
    // A ladder 1 wide and 3 high beside a block whose top is level with the ladder's:
    // ```text
    //      H#######   ladder x from -0.5 to 0.5, y from 0 to 3; block x from 0.5 to 10,
    //      H#######   top at 3
    //      H□######
    // ###############  floor top 0
    // ```
    // Holding up and right, the character climbs with its side against the block (the block
    // takes the sideways part) until its bottom passes 3, out of the ladder's top: it lets go
    // (keeping no upward speed) and, steered right, lands on the block: standing on it, its
    // bottom within the ground probe above 3.
    let up_right = PlatformerInput {
        up: true,
        right: true,
        ..NOTHING
    };
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let mut world = floor();
        let ladder = boxed(v(-0.5, 0.0), v(0.5, 3.0)).climbable();
        let ladder = world.add(ladder).unwrap();
        let block = boxed(v(0.5, 0.0), v(10.0, 3.0));
        let block = world.add(block).unwrap();
        let p = add_body(&mut world);
        let mut pl = climber();
        update(&mut pl, &mut world, p, NOTHING, dt);
        let mut climbed = 0;
        update(&mut pl, &mut world, p, up_right, dt);
        while pl.climbing() == Some(ladder) {
            climbed += 1;
            // Below the top, against the block, climbing at climb speed.
            assert!(pos(&world, p).x < 0.1 + 1e-4, "{hz} Hz");
            assert!(climbed < 2 * hz as usize, "{hz} Hz: still climbing");
            update(&mut pl, &mut world, p, up_right, dt);
        }
        // The climb from a bottom at 0.01 to past 3 takes about 1 s.
        assert!(
            (climbed as f32 * dt - 1.0).abs() < 0.05,
            "{hz} Hz: climbed {climbed} steps"
        );
        assert!(pl.velocity.y <= 0.0, "{hz} Hz: let go with no upward speed");
        // Then 0.2 s more to the right (to about 15.75 per second), and at most
        // 15.75 / 6.32 ≈ 2.5 of sliding to rest: well on the block, which is 9.5 long.
        for _ in 0..(hz as usize / 5) {
            update(&mut pl, &mut world, p, RIGHT, dt);
        }
        for _ in 0..(hz as usize) {
            update(&mut pl, &mut world, p, NOTHING, dt);
        }
        assert_eq!(pl.climbing(), None, "{hz} Hz");
        let g = pl.controller.state.ground.expect("standing");
        assert_eq!(g.handle, block, "{hz} Hz");
        let at = pos(&world, p);
        assert!(at.x - HALF > 0.5, "{hz} Hz: {at}");
        let bottom = at.y - HALF;
        assert!(
            (3.0..=3.0 + PROBE).contains(&bottom),
            "{hz} Hz: bottom {bottom}"
        );
    }
}

#[test]
fn a_one_way_platform_at_the_top_is_climbed_through_from_below_and_stood_on() {
    // See one_way_scene. Holding up from the floor: the climb passes through the platform
    // (the body's bottom from 0.01 up to past 3 in about 1 s at 3 per second), lets go with
    // no upward speed once out of the ladder's top, and the character lands on the platform,
    // its bottom within the probe above 3. Up held on, it stays standing there: a ladder
    // only under its feet is not climbed up.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let (mut world, p, ladder, platform) = one_way_scene();
        let mut pl = climber();
        update(&mut pl, &mut world, p, NOTHING, dt);
        let y0 = pos(&world, p).y;
        let mut steps = 0;
        while pl.climbing() == Some(ladder) || steps == 0 {
            update(&mut pl, &mut world, p, UP, dt);
            steps += 1;
            assert!(steps < 2 * hz as usize, "{hz} Hz: still climbing");
        }
        // The last climbing step took the bottom past 3: (3 - 0.01) / 3 per second.
        let t = steps as f32 * dt;
        assert!((t - 2.99 / CLIMB).abs() <= dt + 1e-5, "{hz} Hz: {t} s");
        assert!(
            (pos(&world, p).y - (y0 + CLIMB * t)).abs() < 1e-4,
            "{hz} Hz: climbed at climb speed"
        );
        assert_eq!(pl.velocity.y, 0.0, "{hz} Hz: let go with no upward speed");
        for _ in 0..(hz as usize / 2) {
            update(&mut pl, &mut world, p, UP, dt);
            assert_eq!(pl.climbing(), None, "{hz} Hz");
        }
        let g = pl.controller.state.ground.expect("standing");
        assert_eq!(g.handle, platform, "{hz} Hz");
        let bottom = pos(&world, p).y - HALF;
        assert!(
            (3.0..=3.0 + PROBE).contains(&bottom),
            "{hz} Hz: bottom {bottom}"
        );
        assert_eq!(pl.animation(), Animation::Idle, "{hz} Hz");
    }
}

#[test]
fn from_a_one_way_platform_at_the_top_down_climbs_down_through_it() {
    // See one_way_scene: the character climbs up onto the platform (as in the test above),
    // then holds down. The ladder is just under its feet (within the ground probe) and only a
    // one-way platform is in the way: down starts a climb at once, through the platform, at
    // climb speed (each step exactly 3 · dt down, where a drop-through would fall
    // 45 · dt² / 2 in its first step); the climb lets go on the floor, standing there.
    for hz in [30.0f32, 60.0, 144.0] {
        let dt = 1.0 / hz;
        let (mut world, p, ladder, platform) = one_way_scene();
        let mut pl = climber();
        update(&mut pl, &mut world, p, NOTHING, dt);
        for _ in 0..(2 * hz as usize) {
            update(&mut pl, &mut world, p, UP, dt);
        }
        assert_eq!(pl.controller.state.ground.map(|g| g.handle), Some(platform));
        for i in 0..5 {
            let before = pos(&world, p);
            update(&mut pl, &mut world, p, DOWN, dt);
            assert_eq!(pl.climbing(), Some(ladder), "{hz} Hz, step {i}");
            assert_eq!(pl.animation(), Animation::Climb, "{hz} Hz");
            let moved = pos(&world, p) - before;
            assert!(
                (moved - v(0.0, -CLIMB * dt)).length() < 1e-4,
                "{hz} Hz: {moved}"
            );
        }
        let mut steps = 0;
        while pl.climbing().is_some() {
            update(&mut pl, &mut world, p, DOWN, dt);
            steps += 1;
            assert!(steps < 2 * hz as usize, "{hz} Hz: still climbing");
        }
        assert!(pl.controller.state.grounded(), "{hz} Hz");
        let bottom = pos(&world, p).y - HALF;
        assert!((0.0..=PROBE).contains(&bottom), "{hz} Hz: bottom {bottom}");
    }
}
