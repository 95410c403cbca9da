//! What the plugin's tests share: a headless app whose every `update` runs exactly one fixed
//! step, and the proptest settings.
#![allow(dead_code)]

use bevy_app::{App, Last, TaskPoolPlugin};
use bevy_ecs::entity::Entity;
use bevy_ecs::message::{Message, MessageReader};
use bevy_ecs::resource::Resource;
use bevy_ecs::system::ResMut;
use bevy_math::Vec2;
use bevy_time::{Fixed, Time, TimePlugin, TimeUpdateStrategy};
use bevy_transform::components::Transform;
use glissade_bevy::{GlissadePlugin, GlissadeWorld};
use proptest::prelude::ProptestConfig;

/// The fixed step used by the tests, seconds (Bevy's default, 1/64 s: exact in binary).
pub const DT: f32 = 1.0 / 64.0;

/// A headless app with the plugin: time advances by exactly one fixed step per `update`, so
/// each `update` runs `FixedUpdate` once, whatever the wall clock does. Bevy's first frame
/// only starts the clock (it runs no fixed step): it is run here, before anything is spawned.
pub fn app() -> App {
    let mut app = App::new();
    app.add_plugins((
        TaskPoolPlugin::default(),
        TimePlugin,
        GlissadePlugin::default(),
    ))
    .insert_resource(TimeUpdateStrategy::FixedTimesteps(1));
    app.world_mut()
        .resource_mut::<Time<Fixed>>()
        .set_timestep_seconds(f64::from(DT));
    app.update();
    app
}

/// Runs `n` fixed steps.
pub fn steps(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

/// The entity's translation, x and y.
pub fn xy(app: &App, e: Entity) -> Vec2 {
    app.world()
        .get::<Transform>(e)
        .expect("a transform")
        .translation
        .truncate()
}

/// The entity's collider position in the glissade world.
pub fn world_position(app: &App, e: Entity) -> Option<Vec2> {
    let gw = app.world().resource::<GlissadeWorld>();
    gw.handle(e)
        .and_then(|h| gw.world().get(h))
        .map(|c| c.position())
}

/// Every message of type `M` written so far, in order (see [`collect`]).
#[derive(Resource)]
pub struct Collected<M: Message>(pub Vec<M>);

/// Keeps every `M` message the app writes in [`Collected<M>`], read once each, at the end of
/// each update.
pub fn collect<M: Message + Clone>(app: &mut App) {
    app.insert_resource(Collected::<M>(Vec::new())).add_systems(
        Last,
        |mut reader: MessageReader<M>, mut out: ResMut<Collected<M>>| {
            out.0.extend(reader.read().cloned());
        },
    );
}

/// The messages collected so far.
pub fn collected<M: Message + Clone>(app: &App) -> Vec<M> {
    app.world().resource::<Collected<M>>().0.clone()
}

/// `PROPTEST_CASES` (10,000 when unset) divided by `divisor`, at least one; no failure files.
pub fn config(divisor: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000u32);
    ProptestConfig {
        cases: (cases / divisor).max(1),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}
