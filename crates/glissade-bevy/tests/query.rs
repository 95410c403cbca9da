//! `SpatialQuery` answers what the library's scene queries answer, on random scenes, with
//! filters by entity turned into filters by handle.

mod common;

use bevy_ecs::entity::Entity;
use bevy_ecs::system::RunSystemOnce;
use bevy_math::Vec2;
use bevy_transform::components::Transform;
use glissade::world::{Geometry, Sensors};
use glissade::{Aabb, Capsule, Circle, ColliderDesc, Handle, QueryFilter, Shape, TileMap, World};
use glissade_bevy::glissade;
use glissade_bevy::prelude::*;
use glissade_bevy::{OneWay, SpatialQueryFilter};
use proptest::prelude::*;

/// One collider of a random scene.
#[derive(Debug, Clone)]
struct Thing {
    geometry: Geometry,
    at: Vec2,
    sensor: bool,
    one_way: bool,
    layer: u32,
}

fn vec2(r: f32) -> impl Strategy<Value = Vec2> {
    (-r..r, -r..r).prop_map(|(x, y)| Vec2::new(x, y))
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (0.1f32..3.0, 0.1f32..3.0).prop_map(|(w, h)| Aabb::from_half_extents(Vec2::new(w, h))
            .expect("box")
            .into()),
        (0.1f32..2.0).prop_map(|r| Circle::new(r).expect("circle").into()),
        (vec2(2.0), 0.1f32..1.0).prop_map(|(d, r)| Capsule::new(-d, d, r).expect("capsule").into()),
    ]
}

fn geometry() -> impl Strategy<Value = Geometry> {
    prop_oneof![
        4 => shape().prop_map(Geometry::Shape),
        1 => prop::collection::vec("[#.=/]{6}", 3).prop_map(|rows| {
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            Geometry::Tiles(Box::new(TileMap::from_rows(&rows, 1.0).expect("map")))
        }),
    ]
}

fn thing() -> impl Strategy<Value = Thing> {
    (
        geometry(),
        vec2(20.0),
        prop::bool::weighted(0.25),
        prop::bool::weighted(0.2),
        0u32..3,
    )
        .prop_map(|(geometry, at, sensor, one_way, layer)| {
            // Only a shape can be a sensor.
            let sensor = sensor && matches!(geometry, Geometry::Shape(_));
            Thing {
                one_way: one_way && !sensor,
                geometry,
                at,
                sensor,
                layer: 1 << layer,
            }
        })
}

/// A query's filter, by indices into the scene.
#[derive(Debug, Clone)]
struct Filter {
    mask: u32,
    sensors: Sensors,
    one_way: bool,
    exclude: Option<usize>,
    refuse: Option<usize>,
}

fn filter() -> impl Strategy<Value = Filter> {
    (
        prop_oneof![Just(u32::MAX), 1u32..8],
        prop_oneof![
            Just(Sensors::Exclude),
            Just(Sensors::Include),
            Just(Sensors::Only)
        ],
        any::<bool>(),
        prop::option::of(0usize..12),
        prop::option::of(0usize..12),
    )
        .prop_map(|(mask, sensors, one_way, exclude, refuse)| Filter {
            mask,
            sensors,
            one_way,
            exclude,
            refuse,
        })
}

/// Every answer of one round of queries, by handle.
#[derive(Debug, Clone, PartialEq)]
struct Answers {
    ray: Option<(Handle, f32, Vec2, Vec2)>,
    cast: Option<(Handle, f32, Vec2, Vec2)>,
    overlaps: Vec<(Handle, Vec2, f32)>,
    point: Vec<Handle>,
}

#[derive(Debug, Clone)]
struct Queries {
    origin: Vec2,
    ray: Vec2,
    shape: Shape,
    motion: Vec2,
    filter: Filter,
}

fn queries() -> impl Strategy<Value = Queries> {
    (vec2(25.0), vec2(40.0), shape(), vec2(30.0), filter()).prop_map(
        |(origin, ray, shape, motion, filter)| Queries {
            origin,
            ray,
            shape,
            motion,
            filter,
        },
    )
}

fn library(world: &World, handles: &[Handle], q: &Queries) -> Answers {
    let f = &q.filter;
    let exclude: Vec<Handle> = f
        .exclude
        .and_then(|i| handles.get(i))
        .copied()
        .into_iter()
        .collect();
    let refused = f.refuse.and_then(|i| handles.get(i)).copied();
    let predicate = move |h: Handle, _: &glissade::world::Collider| Some(h) != refused;
    let mut filter = QueryFilter::default().with_mask(f.mask).excluding(&exclude);
    filter.sensors = f.sensors;
    filter.one_way = f.one_way;
    if refused.is_some() {
        filter = filter.with_predicate(&predicate);
    }
    Answers {
        ray: world
            .raycast(q.origin, q.ray, &filter)
            .map(|h| (h.handle, h.fraction, h.point, h.normal)),
        cast: world
            .cast_shape(&q.shape, q.origin, q.motion, &filter)
            .map(|h| (h.handle, h.fraction, h.point, h.normal)),
        overlaps: world
            .overlap_shape(&q.shape, q.origin, &filter)
            .into_iter()
            .map(|o| (o.handle, o.normal, o.depth))
            .collect(),
        point: world.query_point(q.origin, &filter),
    }
}

fn plugin(app: &mut bevy_app::App, entities: &[Entity], q: &Queries) -> Answers {
    let (entities, q) = (entities.to_vec(), q.clone());
    app.world_mut()
        .run_system_once(move |sq: SpatialQuery| {
            let f = &q.filter;
            let exclude: Vec<Entity> = f
                .exclude
                .and_then(|i| entities.get(i))
                .copied()
                .into_iter()
                .collect();
            let refused = f.refuse.and_then(|i| entities.get(i)).copied();
            let predicate = move |e: Entity| Some(e) != refused;
            let mut filter = SpatialQueryFilter::default()
                .with_mask(f.mask)
                .with_sensors(f.sensors)
                .excluding(&exclude);
            if !f.one_way {
                filter = filter.without_one_way();
            }
            if refused.is_some() {
                filter = filter.with_predicate(&predicate);
            }
            let h = |e: Entity| sq.world().handle(e).expect("a collider");
            Answers {
                ray: sq
                    .raycast(q.origin, q.ray, &filter)
                    .map(|r| (h(r.entity), r.fraction, r.point, r.normal)),
                cast: sq
                    .cast_shape(&q.shape, q.origin, q.motion, &filter)
                    .map(|r| (h(r.entity), r.fraction, r.point, r.normal)),
                overlaps: sq
                    .overlap_shape(&q.shape, q.origin, &filter)
                    .into_iter()
                    .map(|o| (h(o.entity), o.normal, o.depth))
                    .collect(),
                point: sq.point(q.origin, &filter).into_iter().map(h).collect(),
            }
        })
        .expect("the query system runs")
}

proptest! {
    // Each case builds an app: a hundredth of the library's case count.
    #![proptest_config(common::config(100))]

    #[test]
    fn spatial_query_answers_as_the_library(
        things in prop::collection::vec(thing(), 1..12),
        rounds in prop::collection::vec(queries(), 1..6),
    ) {
        let mut app = common::app();
        let entities: Vec<Entity> = things
            .iter()
            .map(|t| {
                let mut e = app.world_mut().spawn((
                    Collider::from(t.geometry.clone()),
                    Transform::from_xyz(t.at.x, t.at.y, 0.0),
                    CollisionLayers::new(t.layer, u32::MAX),
                ));
                if t.sensor {
                    e.insert(Sensor);
                }
                if t.one_way {
                    e.insert(OneWay);
                }
                e.id()
            })
            .collect();
        app.update();
        // The library's world gets the same colliders in the plugin's order, so that the
        // handles (and ties between equal hits) agree.
        let gw = app.world().resource::<GlissadeWorld>();
        let handles: Vec<Handle> = entities.iter().map(|e| gw.handle(*e).expect("added")).collect();
        let mut order: Vec<usize> = (0..things.len()).collect();
        order.sort_by_key(|&i| handles[i]);
        let mut world = World::new();
        for &i in &order {
            let t = &things[i];
            let mut d = match &t.geometry {
                Geometry::Shape(s) => ColliderDesc::new(s.clone(), t.at),
                Geometry::Tiles(m) => ColliderDesc::tiles((**m).clone(), t.at),
            }
            .with_layers(t.layer, u32::MAX);
            if t.sensor {
                d = d.sensor();
            }
            if t.one_way {
                d = d.one_way();
            }
            let h = world.add(d).expect("added");
            prop_assert_eq!(h, handles[i]);
        }
        for q in &rounds {
            prop_assert_eq!(plugin(&mut app, &entities, q), library(&world, &handles, q));
        }
    }
}
