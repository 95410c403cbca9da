//! The animation state and facing a scripted run, jump and landing report in order, and a wall
//! slide reported as one.

use super::*;

#[test]
fn a_scripted_run_jump_and_land_reports_each_animation_in_order() {
    // On the floor of floor_scene: settle, stand 5 steps (idle, facing right by default),
    // run right 30 steps, jump holding right and jump (rising, then falling), land (exactly
    // one update), run on, then hold left (facing left) and let go (idle, still facing
    // left).
    let (mut world, p) = floor_scene();
    let mut pl = Platformer::default();
    let dt = 1.0 / 60.0;
    assert_eq!(
        (pl.animation(), pl.facing()),
        (Animation::Idle, Facing::Right)
    );
    pl.update(&mut world, p, NOTHING, dt).unwrap();
    let mut seen = Vec::new();
    let mut record = |pl: &Platformer| {
        let a = pl.animation();
        if seen.last().is_none_or(|(last, _)| *last != a) {
            seen.push((a, 1));
        } else {
            seen.last_mut().unwrap().1 += 1;
        }
    };
    for _ in 0..5 {
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        record(&pl);
        assert_eq!(pl.facing(), Facing::Right);
    }
    for _ in 0..30 {
        pl.update(&mut world, p, RIGHT, dt).unwrap();
        record(&pl);
    }
    let jump_right = PlatformerInput {
        jump: true,
        ..RIGHT
    };
    let mut landed = false;
    for _ in 0..120 {
        pl.update(&mut world, p, jump_right, dt).unwrap();
        record(&pl);
        if pl.animation() == Animation::Land {
            landed = true;
            break;
        }
    }
    assert!(landed);
    // Jump held still: no new press, so no jump on landing; running on.
    for _ in 0..5 {
        pl.update(&mut world, p, jump_right, dt).unwrap();
        record(&pl);
    }
    for _ in 0..3 {
        pl.update(&mut world, p, LEFT, dt).unwrap();
        record(&pl);
        assert_eq!(pl.facing(), Facing::Left);
    }
    for _ in 0..3 {
        pl.update(&mut world, p, NOTHING, dt).unwrap();
        record(&pl);
        assert_eq!(pl.facing(), Facing::Left);
    }
    let order: Vec<Animation> = seen.iter().map(|(a, _)| *a).collect();
    assert_eq!(
        order,
        [
            Animation::Idle,
            Animation::Run,
            Animation::Jump,
            Animation::Fall,
            Animation::Land,
            Animation::Run,
            Animation::Idle,
        ],
        "{seen:?}"
    );
    let counts: Vec<u32> = seen.iter().map(|(_, n)| *n).collect();
    // 5 idle; 30 run; the jump's rise and fall (how long each lasts depends on the top speed
    // capping the whole velocity while running, so only that there are some); 1 land (the
    // update that came down); 5 + 3 run; 3 idle.
    assert_eq!(
        [counts[0], counts[1], counts[4], counts[5], counts[6]],
        [5, 30, 1, 8, 3],
        "{seen:?}"
    );
    assert!(counts[2] > 0 && counts[3] > 0);
}

#[test]
fn pressing_into_a_wall_while_falling_reports_a_wall_slide() {
    let (mut world, p) = shaft();
    let mut pl = wall_jumper();
    for _ in 0..120 {
        pl.update(&mut world, p, RIGHT, 1.0 / 60.0).unwrap();
    }
    assert_eq!(pl.animation(), Animation::WallSlide);
    assert_eq!(pl.facing(), Facing::Right);
    // Without the slide setting, the same is a fall.
    let (mut world, p) = shaft();
    let mut pl = wall_jumper();
    pl.config.wall_slide_speed = None;
    for _ in 0..60 {
        pl.update(&mut world, p, RIGHT, 1.0 / 60.0).unwrap();
    }
    assert_eq!(pl.animation(), Animation::Fall);
}
