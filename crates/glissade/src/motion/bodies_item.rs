//! One mover of a [`move_bodies`](super::move_bodies) step: what the caller asks of it
//! ([`BodyMove`]), and what the step carries of it ([`Item`]), read from the world in the
//! order the bodies are computed (along a space-filling curve of their cells).

use glam::Vec2;

use super::MoveError;
use crate::shape::Shape;
use crate::world::{Handle, World};

/// One body's share of a [`move_bodies`](super::move_bodies) step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyMove {
    /// A collider of the world (a plain shape, not a tile map).
    pub handle: Handle,
    /// Its motion this step, world units.
    pub motion: Vec2,
}

/// A body's shape when it is small enough to carry along (boxes and circles).
#[derive(Clone, Copy)]
pub(super) enum Small {
    Aabb(crate::shape::Aabb),
    Circle(crate::shape::Circle),
}

impl Small {
    pub(super) fn of(shape: &Shape) -> Option<Small> {
        match shape {
            Shape::Aabb(b) => Some(Small::Aabb(*b)),
            Shape::Circle(c) => Some(Small::Circle(*c)),
            _ => None,
        }
    }

    pub(super) fn shape(self) -> Shape {
        match self {
            Small::Aabb(b) => Shape::Aabb(b),
            Small::Circle(c) => Shape::Circle(c),
        }
    }
}

/// One mover of a [`move_bodies`](super::move_bodies) step.
#[derive(Clone)]
pub(super) struct Item<'w> {
    pub(super) index: u32,
    pub(super) handle: Handle,
    pub(super) motion: Vec2,
    pub(super) pos: Vec2,
    /// Swept bounds over the step.
    pub(super) lo: Vec2,
    pub(super) hi: Vec2,
    pub(super) shape: &'w Shape,
    /// A copy of the shape when it is small.
    pub(super) small: Option<Small>,
    /// On some layer and interacting with some layer (seen by the default filter).
    pub(super) plain: bool,
    /// A sensor: other movers pass through it.
    pub(super) sensor: bool,
}

impl Item<'_> {
    /// `f` of the mover's shape: the copy carried when it is small (no read of the
    /// collider's slot, which is far in memory), else the world's.
    #[inline]
    pub(super) fn with_shape<R>(&self, f: impl FnOnce(&Shape) -> R) -> R {
        match self.small {
            Some(s) => f(&s.shape()),
            None => f(self.shape),
        }
    }
}

/// The movers in the order they are computed: read in the order given (the world's slots one
/// after the other), then put in space-filling-curve order of their cells by sorting small
/// keys and gathering.
pub(super) fn read_items<'w>(
    world: &'w World,
    moves: &[BodyMove],
) -> Result<Vec<Item<'w>>, MoveError> {
    let mut read: Vec<Item> = Vec::with_capacity(moves.len());
    let mut keys: Vec<(u64, u32)> = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let (key, item) = read_item(world, i, m)?;
        keys.push(key);
        read.push(item);
    }
    keys.sort_unstable();
    Ok(keys
        .iter()
        .map(|&(_, i)| read[i as usize].clone())
        .collect())
}

/// Mover `i` of the step as it is computed, with its sort key (its cell's place on the
/// space-filling curve, then `i`).
#[inline]
pub(super) fn read_item<'w>(
    world: &'w World,
    i: usize,
    m: &BodyMove,
) -> Result<((u64, u32), Item<'w>), MoveError> {
    let c = world
        .get(m.handle)
        .ok_or(MoveError::UnknownHandle(m.handle))?;
    let shape = c.shape().ok_or(MoveError::NotAShape(m.handle))?;
    let pos = c.position();
    let (lo, hi) = shape.local_bounds();
    Ok((
        (morton(world.cell_of(pos)), i as u32),
        Item {
            plain: c.layers() != 0 && c.mask() != 0,
            index: i as u32,
            handle: m.handle,
            motion: m.motion,
            pos,
            lo: pos + lo + m.motion.min(Vec2::ZERO),
            hi: pos + hi + m.motion.max(Vec2::ZERO),
            small: Small::of(shape),
            shape,
            sensor: c.is_sensor(),
        },
    ))
}

/// Interleaves the bits of a cell's coordinates (a Z-order curve key).
fn morton(c: glam::IVec2) -> u64 {
    fn spread(v: u32) -> u64 {
        let mut x = u64::from(v);
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
        x = (x | (x << 2)) & 0x3333_3333_3333_3333;
        x = (x | (x << 1)) & 0x5555_5555_5555_5555;
        x
    }
    // Offsetting by 2^31 keeps the order of negative coordinates.
    let x = (c.x as u32) ^ 0x8000_0000;
    let y = (c.y as u32) ^ 0x8000_0000;
    spread(x) | (spread(y) << 1)
}
