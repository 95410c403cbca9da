//! Errors returned by validated constructors.

use thiserror::Error;

/// Why a shape could not be built. Every variant names the field and the offending value.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum ShapeError {
    /// A coordinate, radius or extent is NaN or infinite.
    #[error("{field} is not finite: {value}")]
    NotFinite {
        /// Which input (for example `points[2].x` or `radius`).
        field: &'static str,
        /// Index of the point, when the field is one of several points.
        index: Option<usize>,
        /// The value given.
        value: f32,
    },
    /// A coordinate, radius or extent is larger in magnitude than
    /// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE).
    #[error("{field} = {value} is too large: at most {max} in magnitude")]
    TooLarge {
        /// Which input (for example `points[2].x` or `radius`).
        field: &'static str,
        /// Index of the point, when the field is one of several points.
        index: Option<usize>,
        /// The value given.
        value: f32,
        /// The largest magnitude accepted.
        max: f32,
    },
    /// A radius or extent is zero or negative.
    #[error("{field} must be positive, got {value}")]
    NotPositive {
        /// Which input (for example `radius`, `half_extents.x`).
        field: &'static str,
        /// The value given.
        value: f32,
    },
    /// A polygon has fewer than 3 or more than [`MAX_POLYGON_VERTICES`](crate::shape::MAX_POLYGON_VERTICES) points.
    #[error("a convex polygon needs 3 to {max} points, got {count}")]
    VertexCount {
        /// Number of points given.
        count: usize,
        /// The maximum accepted.
        max: usize,
    },
    /// Two points of a polygon (or the two ends of a segment) are the same.
    #[error("points {first} and {second} are the same point ({x}, {y})")]
    DuplicatePoint {
        /// Index of the first occurrence.
        first: usize,
        /// Index of the repeated point.
        second: usize,
        /// x of the repeated point.
        x: f32,
        /// y of the repeated point.
        y: f32,
    },
    /// All points of a polygon lie on one line: it has no area.
    #[error("the polygon has zero area: all {count} points are collinear")]
    ZeroArea {
        /// Number of points given.
        count: usize,
    },
    /// The polygon turns the wrong way (or goes straight) at a vertex.
    #[error("the polygon is not convex at vertex {index} ({x}, {y})")]
    NotConvex {
        /// Index of the vertex, in the order the points were given.
        index: usize,
        /// x of the vertex.
        x: f32,
        /// y of the vertex.
        y: f32,
    },
    /// A box's `min` is not below its `max` on some axis.
    #[error("min.{axis} = {min} is not less than max.{axis} = {max}")]
    InvertedBounds {
        /// `x`, `y` or `z`.
        axis: &'static str,
        /// The min value.
        min: f32,
        /// The max value.
        max: f32,
    },
}

/// Refuses a coordinate, radius or extent that is not finite or is larger in magnitude than
/// [`MAX_COORDINATE`](crate::tolerance::MAX_COORDINATE), naming it.
pub(crate) fn check_coordinate(
    field: &'static str,
    index: Option<usize>,
    value: f32,
) -> Result<(), ShapeError> {
    let max = crate::tolerance::MAX_COORDINATE;
    if !value.is_finite() {
        Err(ShapeError::NotFinite {
            field,
            index,
            value,
        })
    } else if value.abs() > max {
        Err(ShapeError::TooLarge {
            field,
            index,
            value,
            max,
        })
    } else {
        Ok(())
    }
}
