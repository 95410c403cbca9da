use glissade::glam::Vec2;
use glissade::*;
fn v(x: f32, y: f32) -> Vec2 { Vec2::new(x, y) }
fn main() {
    let mut world = World::new();
    world.add(ColliderDesc::new(Aabb::new(v(-20.0, -1.0), v(0.0, 0.0)).unwrap(), Vec2::ZERO)).unwrap();
    for i in 0..10 { let x = i as f32; world.add(ColliderDesc::new(Aabb::new(v(x, -1.0), v(x + 1.0, 0.15 * (i + 1) as f32)).unwrap(), Vec2::ZERO)).unwrap(); }
    let p = world.add(ColliderDesc::new(Circle::new(0.4).unwrap(), v(-3.0, 0.41)).kinematic()).unwrap();
    let mut c = CharacterController::default();
    for i in 0..40 {
        let before = world.get(p).unwrap().position();
        let s = c.step(&mut world, p, Step::new(v(0.1, -0.1), 1.0/60.0)).unwrap().clone();
        let d = world.get(p).unwrap().position() - before;
        if i > 20 {
        println!("{i} {} d={d} g={:?} wall={:?} stepped={} snapped={} contacts={:?}", world.get(p).unwrap().position(), s.ground.map(|g| g.normal), s.wall, s.stepped, s.snapped, s.contacts.iter().map(|k| (k.normal, k.fraction)).collect::<Vec<_>>());
        }
    }
}
