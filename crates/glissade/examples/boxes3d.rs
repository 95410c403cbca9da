//! A crate dropped into a small room of boxes with a sideways shove: gravity pulls it down,
//! `dim3::move_and_slide` lands it on the floor, slides it into a wall and stops it there.
//!
//! Run with `cargo run -p glissade --example boxes3d`. World units are metres, y is up.

use glissade::glam::Vec3;
use glissade::{
    ShapeError,
    dim3::{self, Aabb},
};

const DT: f32 = 1.0 / 60.0;
const GRAVITY: Vec3 = Vec3::new(0.0, -9.81, 0.0);
/// Share of horizontal speed kept per step while resting on the floor.
const FLOOR_GRIP: f32 = 0.97;

fn solid(min: [f32; 3], max: [f32; 3]) -> Result<(Aabb, Vec3), ShapeError> {
    Ok((Aabb::new(min.into(), max.into())?, Vec3::ZERO))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A 6 x 6 room: floor tiles (2 x 2 each, top at y = 0), four walls 2 high, and a low
    // step in one corner.
    let mut solids = Vec::new();
    for i in 0..3 {
        for k in 0..3 {
            let (x, z) = (i as f32 * 2.0 - 3.0, k as f32 * 2.0 - 3.0);
            solids.push(solid([x, -0.5, z], [x + 2.0, 0.0, z + 2.0])?);
        }
    }
    solids.push(solid([-3.5, 0.0, -3.0], [-3.0, 2.0, 3.0])?); // west wall
    solids.push(solid([3.0, 0.0, -3.0], [3.5, 2.0, 3.0])?); // east wall
    solids.push(solid([-3.5, 0.0, -3.5], [3.5, 2.0, -3.0])?); // north wall
    solids.push(solid([-3.5, 0.0, 3.0], [3.5, 2.0, 3.5])?); // south wall
    solids.push(solid([1.5, 0.0, 1.5], [3.0, 0.3, 3.0])?); // step

    let body = Aabb::from_half_extents(Vec3::new(0.3, 0.3, 0.3))?;
    let config = dim3::MoveConfig::default();
    let mut position = Vec3::new(-1.0, 1.5, 0.0);
    let mut velocity = Vec3::new(5.0, 0.0, -1.5); // the shove
    let mut on_floor = false;

    for step in 1..=240 {
        velocity += GRAVITY * DT;
        let r = dim3::move_and_slide(&body, position, velocity * DT, velocity, &solids, &config)?;
        position = r.position;
        velocity = r.velocity;
        on_floor = r.contacts.iter().any(|c| c.normal == Vec3::Y);
        if on_floor {
            velocity.x *= FLOOR_GRIP;
            velocity.z *= FLOOR_GRIP;
        }
        if step % 30 == 0 || step == 1 {
            let hits: Vec<usize> = r.contacts.iter().map(|c| c.index).collect();
            println!(
                "step {step:3}  t = {:.2} s  position ({:6.3}, {:6.3}, {:6.3})  velocity ({:6.3}, {:6.3}, {:6.3})  touching {hits:?}",
                step as f32 * DT,
                position.x,
                position.y,
                position.z,
                velocity.x,
                velocity.y,
                velocity.z,
            );
        }
    }

    // Resting on the floor: bottom at a gap within [0, 2 * skin] above y = 0, no fall speed.
    let gap = position.y + body.min().y;
    assert!(on_floor, "not touching the floor at the end: {position}");
    assert!(
        (0.0..=2.0 * config.skin).contains(&gap),
        "floor gap {gap} at the end"
    );
    assert_eq!(velocity.y, 0.0, "still falling at the end");
    println!("resting on the floor, {gap:.4} m above it, at {position}");
    Ok(())
}
