//! Tests of the actions benchmark: both sides do the key moves of the script.

use super::*;

fn both_traces() -> (Vec<State>, Vec<State>, Script) {
    let level = level::level();
    let script = Script::standard();
    let mut ours = Ours::new(&level);
    let rapier = RapierCourse::new(&level);
    let dispatcher = DefaultQueryDispatcher;
    let mut peer = Peer::new(&level, rapier.queries(&dispatcher));
    let o = trace(&mut ours, &script.inputs);
    let p = trace(&mut peer, &script.inputs);
    (o, p, script)
}

#[test]
#[ignore = "prints both traces, for tuning the script"]
fn print_traces() {
    let (o, p, script) = both_traces();
    for (i, (a, b)) in o.iter().zip(&p).enumerate() {
        let inp = script.inputs[i];
        println!(
            "{i:4} {}{}{}{}{}{} ours ({:7.3}, {:7.3}) {} peer ({:7.3}, {:7.3}) {}",
            if inp.left { "L" } else { "." },
            if inp.right { "R" } else { "." },
            if inp.jump { "J" } else { "." },
            if inp.up { "U" } else { "." },
            if inp.dash { "D" } else { "." },
            if inp.crouch { "C" } else { "." },
            a.pos.x,
            a.pos.y,
            u8::from(a.grounded),
            b.pos.x,
            b.pos.y,
            u8::from(b.grounded)
        );
    }
    println!("ours {:?}", KeyMoves::of(&o, &script.marks));
    println!("peer {:?}", KeyMoves::of(&p, &script.marks));
}

/// Every key move of `side`'s trace, or a message naming what is missing.
fn assert_key_moves(side: &str, states: &[State], marks: &Marks) {
    let moves = KeyMoves::of(states, marks);
    let end = states.last().map(|s| s.pos);
    assert!(
        moves.all_done(),
        "{side} did not do every key move: {moves:?}, ended at {end:?}"
    );
}

#[test]
fn ours_does_the_key_moves() {
    let (ours, _, script) = both_traces();
    assert_key_moves("ours", &ours, &script.marks);
}

#[test]
fn rapier_does_the_key_moves() {
    let (_, peer, script) = both_traces();
    assert_key_moves("rapier2d", &peer, &script.marks);
}

/// Both sides play the same script with the same numbers: they end within a few skins of
/// each other.
#[test]
fn both_end_in_the_same_place() {
    let (ours, peer, _) = both_traces();
    let (a, b) = (ours.last().unwrap().pos, peer.last().unwrap().pos);
    assert!(a.distance(b) < 0.1, "ours {a}, rapier2d {b}");
}

#[test]
fn both_climb_the_shaft_with_wall_jumps() {
    let (ours, peer, script) = both_traces();
    for (side, states) in [("ours", &ours), ("rapier2d", &peer)] {
        let top = KeyMoves::of(states, &script.marks).shaft_top;
        // Onto the tower's top only after the last wall jump.
        assert!(
            top.is_some_and(|i| i > script.marks.last_wall_jump),
            "{side}: {top:?}"
        );
        // Up the shaft: high above the ground while between its walls.
        let highest = states
            .iter()
            .filter(|s| s.pos.x < level::TOWER_LEFT)
            .map(|s| s.pos.y)
            .fold(f32::MIN, f32::max);
        assert!(highest > level::UPPER_FLOOR, "{side}: {highest}");
    }
}

#[test]
fn the_script_presses_each_action() {
    let script = Script::standard();
    let m = script.marks;
    assert!(script.inputs[m.dash].dash && script.inputs[m.dash].right);
    assert!(script.inputs[m.shaft_jump].jump);
    assert!(script.inputs[m.last_wall_jump].jump && script.inputs[m.last_wall_jump].left);
    let d = script.inputs[m.diagonal_dash];
    assert!(d.dash && d.up && d.right);
    assert!(m.crouch.0 < m.crouch.1);
    assert!(
        script.inputs[m.crouch.0..m.crouch.1]
            .iter()
            .all(|i| i.crouch)
    );
    // Fresh presses: released the step before.
    for at in [m.dash, m.diagonal_dash] {
        assert!(!script.inputs[at - 1].dash);
    }
    assert!(!script.inputs[m.shaft_jump - 1].jump);
}

#[test]
fn compare_actions_lines() {
    let moves = KeyMoves {
        shaft_top: None,
        past_tunnel: None,
        stood_up: false,
        dash: 0.0,
        diagonal_dash: (0.0, 0.0),
    };
    let run = |ns: f64| ActionRun {
        ns_per_step: ns,
        phase_ns_per_step: [ns; 4],
        steps: 10,
        final_pos: Vec2::ZERO,
        moves,
    };
    assert_eq!(
        compare_actions_line("character/actions", &run(400.0), "rapier2d", &run(3000.0)),
        "compare character/actions ours_ns=400.00 peer=rapier2d peer_ns=3000.00 speedup=7.50"
    );
}

/// For a profiler (`valgrind --tool=callgrind` on the test binary with this filter): one
/// side's runs of the script, the side named by `ACTIONS_SIDE` (`ours`, the default, or
/// `rapier2d`).
#[test]
#[ignore = "for a profiler"]
fn profile_runs() {
    let level = level::level();
    let script = Script::standard();
    let runs = 20;
    if std::env::var("ACTIONS_SIDE").as_deref() == Ok("rapier2d") {
        let rapier = RapierCourse::new(&level);
        let dispatcher = DefaultQueryDispatcher;
        let mut peer = Peer::new(&level, rapier.queries(&dispatcher));
        for _ in 0..runs {
            time_run(&mut peer, &script.inputs, [0]);
        }
    } else {
        let mut ours = Ours::new(&level);
        for _ in 0..runs {
            time_run(&mut ours, &script.inputs, [0]);
        }
    }
}

/// Going over the tunnel's ceiling instead of under it does not count as passing the tunnel.
#[test]
fn the_tunnel_counts_only_under_its_ceiling() {
    let script = Script::standard();
    let at = |x: f32, y: f32| State {
        pos: Vec2::new(x, y),
        grounded: true,
    };
    let floor = level::UPPER_FLOOR + level::STAND.y + 0.01;
    let crouched = level::UPPER_FLOOR + level::CROUCH.y + 0.01;
    let over = [at(55.0, floor), at(64.0, 9.9), at(70.0, floor)];
    assert_eq!(KeyMoves::of(&over, &script.marks).past_tunnel, None);
    let under = [
        at(55.0, floor),
        at(64.0, crouched),
        at(70.0, crouched),
        at(71.0, floor),
    ];
    assert_eq!(KeyMoves::of(&under, &script.marks).past_tunnel, Some(2));
}
