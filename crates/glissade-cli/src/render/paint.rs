//! What a picture is made of: colours, pens, styles, and the items of a [`Scene`] in world
//! units (y up), each tagged with the [`Part`] of the level it draws.

use glissade::glam::Vec2;

/// An sRGB colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub(super) fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// How a line is drawn. Widths and dashes in world units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Pen {
    pub color: Rgb,
    pub width: f32,
    pub dash: Option<[f32; 2]>,
}

/// How a shape is drawn: a fill (colour and opacity) and a stroke.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Style {
    pub fill: Option<(Rgb, f32)>,
    pub stroke: Option<Pen>,
}

/// One thing to draw, world units.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Item {
    /// A polygon (`closed`) or a polyline.
    Path {
        points: Vec<Vec2>,
        closed: bool,
        style: Style,
    },
    /// A circle.
    Circle {
        center: Vec2,
        radius: f32,
        style: Style,
    },
    /// A line of text whose baseline starts at `at`, `size` units tall (the PNG writer draws
    /// it in capitals of a tiny font).
    Text {
        at: Vec2,
        size: f32,
        text: String,
        color: Rgb,
    },
}

/// The part of a level an item draws: the SVG writer names it as the item's class, and the
/// legend lists the parts a picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Part {
    Bounds,
    Tiles,
    Wall,
    OneWay,
    Platform,
    Sensor,
    Entity,
    Spawn,
    Trace,
    /// A label naming an entity (its class, or its name).
    Label,
    /// The legend itself.
    Legend,
}

impl Part {
    /// The SVG class of the items drawing this part.
    pub(super) fn class(self) -> &'static str {
        match self {
            Part::Bounds => "bounds",
            Part::Tiles => "tiles",
            Part::Wall => "wall",
            Part::OneWay => "one-way",
            Part::Platform => "platform",
            Part::Sensor => "sensor",
            Part::Entity => "entity",
            Part::Spawn => "spawn",
            Part::Trace => "trace",
            Part::Label => "label",
            Part::Legend => "legend",
        }
    }
}

/// What to draw, in the order drawn, and the part of the world shown.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Scene {
    pub min: Vec2,
    pub max: Vec2,
    pub items: Vec<(Part, Item)>,
}

pub(super) const SOLID: Rgb = Rgb(0x4b, 0x55, 0x63);
pub(super) const ONE_WAY: Rgb = Rgb(0x9c, 0x6b, 0x30);
pub(super) const WALL: Rgb = Rgb(0x3b, 0x6e, 0xa8);
pub(super) const WALL_EDGE: Rgb = Rgb(0x1e, 0x3a, 0x5f);
pub(super) const PLATFORM: Rgb = Rgb(0xe0, 0x8a, 0x1e);
pub(super) const PLATFORM_EDGE: Rgb = Rgb(0x8a, 0x4b, 0x00);
/// Sensors are filled with this, translucent ([`SENSOR_OPACITY`]), and edged dashed.
pub(super) const SENSOR: Rgb = Rgb(0x3c, 0xb4, 0x6e);
pub(super) const SENSOR_OPACITY: f32 = 0.3;
pub(super) const SENSOR_EDGE: Rgb = Rgb(0x1f, 0x7a, 0x45);
pub(super) const ENTITY: Rgb = Rgb(0xa3, 0x2c, 0xc4);
pub(super) const SPAWN: Rgb = Rgb(0x2e, 0xa0, 0x43);
pub(super) const SPAWN_EDGE: Rgb = Rgb(0x10, 0x50, 0x20);
pub(super) const BOUNDS: Rgb = Rgb(0x99, 0x99, 0x99);
pub(super) const TEXT: Rgb = Rgb(0x22, 0x22, 0x22);
pub(super) const TRACE_COLORS: [Rgb; 8] = [
    Rgb(0xd6, 0x27, 0x28),
    Rgb(0x1f, 0x77, 0xb4),
    Rgb(0x9d, 0x4e, 0xdd),
    Rgb(0x17, 0xa0, 0xa0),
    Rgb(0xe3, 0x77, 0xc2),
    Rgb(0x8c, 0x56, 0x4b),
    Rgb(0xbc, 0xbd, 0x22),
    Rgb(0x7f, 0x7f, 0x7f),
];

pub(super) fn filled(color: Rgb) -> Style {
    Style {
        fill: Some((color, 1.0)),
        stroke: None,
    }
}

pub(super) fn rect(min: Vec2, max: Vec2) -> Vec<Vec2> {
    vec![min, Vec2::new(max.x, min.y), max, Vec2::new(min.x, max.y)]
}

/// A diamond of half-diagonal `r` around `c`: how an entity is marked.
pub(super) fn diamond(c: Vec2, r: f32) -> Vec<Vec2> {
    vec![
        c + Vec2::new(0.0, -r),
        c + Vec2::new(r, 0.0),
        c + Vec2::new(0.0, r),
        c + Vec2::new(-r, 0.0),
    ]
}

/// A wall's style: filled, edged.
pub(super) fn wall_style(fill: Rgb, edge: Rgb) -> Style {
    Style {
        fill: Some((fill, 1.0)),
        stroke: Some(Pen {
            color: edge,
            width: 0.05,
            dash: None,
        }),
    }
}

/// A sensor's style: translucent, with a dashed edge.
pub(super) fn sensor_style() -> Style {
    Style {
        fill: Some((SENSOR, SENSOR_OPACITY)),
        stroke: Some(Pen {
            color: SENSOR_EDGE,
            width: 0.05,
            dash: Some([0.2, 0.12]),
        }),
    }
}

/// An entity's style: the outline of its shape (dotted), or its marker (filled).
pub(super) fn entity_style(marker: bool) -> Style {
    if marker {
        Style {
            fill: Some((ENTITY, 0.9)),
            stroke: Some(Pen {
                color: ENTITY,
                width: 0.04,
                dash: None,
            }),
        }
    } else {
        Style {
            fill: None,
            stroke: Some(Pen {
                color: ENTITY,
                width: 0.05,
                dash: Some([0.08, 0.1]),
            }),
        }
    }
}

/// A spawn point's style.
pub(super) fn spawn_style() -> Style {
    Style {
        fill: Some((SPAWN, 0.8)),
        stroke: Some(Pen {
            color: SPAWN_EDGE,
            width: 0.05,
            dash: None,
        }),
    }
}

/// The level's bounds' style: a dashed grey line.
pub(super) fn bounds_style() -> Style {
    Style {
        fill: None,
        stroke: Some(Pen {
            color: BOUNDS,
            width: 0.05,
            dash: Some([0.4, 0.2]),
        }),
    }
}

/// A line of a trajectory.
pub(super) fn trace_style(color: Rgb) -> Style {
    Style {
        fill: None,
        stroke: Some(Pen {
            color,
            width: 0.08,
            dash: None,
        }),
    }
}
