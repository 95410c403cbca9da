//! Which colliders a query sees.

use super::{Collider, Handle};

/// Whether a scene query sees sensors (colliders made with
/// [`ColliderDesc::sensor`](super::ColliderDesc::sensor)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sensors {
    /// Sensors are not seen (the default): every query answers as if there were none.
    #[default]
    Exclude,
    /// Sensors are seen with the other colliders.
    Include,
    /// Only sensors are seen.
    Only,
}

/// A caller's test of a collider: `true` keeps it.
pub type Predicate<'a> = &'a dyn Fn(Handle, &Collider) -> bool;

/// Which colliders a query (or a move) sees: a collider passes when its layers meet the
/// filter's `mask`, the filter's `layers` meet its mask, it is not in `exclude`, and the
/// predicate (if any) says yes.
///
/// ```
/// use glissade::QueryFilter;
/// const PLAYERS: u32 = 1 << 1;
/// let only_level = QueryFilter::default().with_mask(!PLAYERS);
/// # let _ = only_level;
/// ```
#[derive(Clone, Copy)]
pub struct QueryFilter<'a> {
    /// The layers the querying party is on (checked against each collider's mask).
    pub layers: u32,
    /// The layers the query sees (checked against each collider's layers).
    pub mask: u32,
    /// Colliders to leave out.
    pub exclude: &'a [Handle],
    /// A last say on each collider that passed the rest.
    pub predicate: Option<Predicate<'a>>,
    /// Whether one-way platforms (colliders and tiles) are seen (default `true`); a character
    /// dropping through a platform queries without them.
    pub one_way: bool,
    /// Whether the scene queries ([`World::query_aabb`](super::World::query_aabb),
    /// [`World::query_point`](super::World::query_point), [`World::raycast`](super::World::raycast),
    /// [`World::raycast_all`](super::World::raycast_all),
    /// [`World::cast_shape`](super::World::cast_shape),
    /// [`World::overlap_shape`](super::World::overlap_shape)) see sensors: by default they do
    /// not. Moves ignore this field: sensors never block them, and they report the sensors
    /// that pass the rest of the filter.
    pub sensors: Sensors,
}

impl Default for QueryFilter<'_> {
    fn default() -> Self {
        QueryFilter {
            layers: u32::MAX,
            mask: u32::MAX,
            exclude: &[],
            predicate: None,
            one_way: true,
            sensors: Sensors::Exclude,
        }
    }
}

impl std::fmt::Debug for QueryFilter<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("QueryFilter")
            .field("layers", &self.layers)
            .field("mask", &self.mask)
            .field("exclude", &self.exclude)
            .field("predicate", &self.predicate.is_some())
            .field("one_way", &self.one_way)
            .field("sensors", &self.sensors)
            .finish()
    }
}

impl<'a> QueryFilter<'a> {
    /// Sees only colliders on the layers of `mask`.
    #[must_use]
    pub fn with_mask(self, mask: u32) -> Self {
        QueryFilter { mask, ..self }
    }

    /// The querying party is on `layers` (colliders whose mask ignores them are not seen).
    #[must_use]
    pub fn with_layers(self, layers: u32) -> Self {
        QueryFilter { layers, ..self }
    }

    /// Leaves out these colliders.
    #[must_use]
    pub fn excluding(self, exclude: &'a [Handle]) -> Self {
        QueryFilter { exclude, ..self }
    }

    /// Asks `predicate` about each collider that passed the rest.
    #[must_use]
    pub fn with_predicate(self, predicate: &'a dyn Fn(Handle, &Collider) -> bool) -> Self {
        QueryFilter {
            predicate: Some(predicate),
            ..self
        }
    }

    /// Leaves out one-way platforms, colliders and tiles alike.
    #[must_use]
    pub fn without_one_way(self) -> Self {
        QueryFilter {
            one_way: false,
            ..self
        }
    }

    /// Sees sensors too (see [`Sensors::Include`]).
    #[must_use]
    pub fn with_sensors(self) -> Self {
        QueryFilter {
            sensors: Sensors::Include,
            ..self
        }
    }

    /// Sees only sensors (see [`Sensors::Only`]).
    #[must_use]
    pub fn only_sensors(self) -> Self {
        QueryFilter {
            sensors: Sensors::Only,
            ..self
        }
    }

    /// Whether this is the default filter: it lets through every collider that is on some
    /// layer and interacts with some layer (whatever it says of [`sensors`](Self::sensors),
    /// which only the scene queries read).
    #[inline]
    #[must_use]
    pub fn is_everything(&self) -> bool {
        self.layers == u32::MAX
            && self.mask == u32::MAX
            && self.exclude.is_empty()
            && self.predicate.is_none()
            && self.one_way
    }

    /// Whether the collider passes (layers, mask, one-way, exclusions and predicate; whether
    /// sensors are seen at all is decided by [`sensors`](Self::sensors) before this).
    #[inline]
    #[must_use]
    pub fn passes(&self, handle: Handle, collider: &Collider) -> bool {
        (collider.layers() & self.mask) != 0
            && (self.layers & collider.mask()) != 0
            && (self.one_way || !collider.is_one_way())
            && !self.exclude.contains(&handle)
            && self.predicate.is_none_or(|p| p(handle, collider))
    }
}
