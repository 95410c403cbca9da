//! A platformer on the built-in `platformer` level, without a window: the plugin steps it at
//! 64 Hz while the character runs right and jumps every second; prints its path, one line
//! each quarter of a second, and the sensors it went through.
//!
//! `cargo run -p glissade-bevy --example headless_platformer`

use bevy_app::{App, FixedUpdate, Startup, TaskPoolPlugin, Update};
use bevy_ecs::prelude::*;
use bevy_math::Vec2;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use glissade_bevy::prelude::*;

#[derive(Component)]
struct Player;

/// The fixed steps run so far.
#[derive(Resource, Default)]
struct Steps(u32);

fn setup(mut commands: Commands) {
    let level = match load_level("platformer") {
        Ok(level) => level,
        Err(e) => {
            eprintln!("cannot load the level: {e}");
            return;
        }
    };
    let spawned = match spawn_level(&mut commands, &level) {
        Ok(spawned) => spawned,
        Err(e) => {
            eprintln!("cannot build the level: {e:?}");
            return;
        }
    };
    let start = spawned.spawns.first().map_or(Vec2::ZERO, |s| s.0);
    println!(
        "level '{}': {} colliders, start at {start}",
        level.name,
        spawned.colliders.len()
    );
    commands.spawn((
        Player,
        Platformer::default(),
        Collider::rectangle(Vec2::new(0.4, 0.5)).expect("a valid box"),
        Transform::from_xyz(start.x, start.y, 0.0),
    ));
}

/// Runs right, and holds jump for a quarter of each second.
fn steer(steps: Res<Steps>, mut players: Query<&mut PlatformerInput, With<Player>>) {
    for mut input in &mut players {
        input.right = true;
        input.jump = steps.0 % 64 < 16;
    }
}

fn count(mut steps: ResMut<Steps>) {
    steps.0 += 1;
}

fn print_path(
    steps: Res<Steps>,
    players: Query<(&Transform, &CharacterState, &Platformer), With<Player>>,
) {
    if !steps.0.is_multiple_of(16) {
        return;
    }
    for (t, state, p) in &players {
        println!(
            "t={:5.2}s  x={:7.3} y={:7.3}  {:?}{}",
            f64::from(steps.0) / 64.0,
            t.translation.x,
            t.translation.y,
            p.animation(),
            if state.grounded() { "" } else { " (air)" }
        );
    }
}

fn sensors(mut entered: MessageReader<SensorEntered>, mut left: MessageReader<SensorLeft>) {
    for e in entered.read() {
        println!("  entered sensor {}", e.sensor);
    }
    for e in left.read() {
        println!("  left sensor {}", e.sensor);
    }
}

fn main() {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        GlissadePlugin::default(),
    ))
    // No window and no clock: each update is one fixed step of 1/64 s.
    .insert_resource(TimeUpdateStrategy::FixedTimesteps(1))
    .init_resource::<Steps>()
    .add_systems(Startup, setup)
    .add_systems(FixedUpdate, steer.before(GlissadeSystems::Platforms))
    .add_systems(
        FixedUpdate,
        (count, print_path)
            .chain()
            .after(GlissadeSystems::Writeback),
    )
    .add_systems(Update, sensors);
    app.world_mut()
        .resource_mut::<Time<Fixed>>()
        .set_timestep_seconds(1.0 / 64.0);
    // Three seconds (the first update only starts the clock).
    for _ in 0..=192 {
        app.update();
    }
}

/// `cargo test` runs the example through this test (the example is a test target).
#[test]
fn runs() {
    main();
}
