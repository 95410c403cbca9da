//! Problems with a level: errors that refuse it and warnings that fix it, each naming the
//! file, the place, the field and the reason.

use std::fmt;

/// Where in its file a problem is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// The file as a whole (missing, unreadable, not the expected kind).
    File,
    /// A line and a column of a JSON file, both from 1.
    Json {
        /// Line, from 1.
        line: usize,
        /// Column, from 1 (in characters).
        column: usize,
    },
    /// An object of a Tiled map, by its id.
    TiledObject {
        /// The object's id in the map.
        id: u32,
    },
    /// A tile of a Tiled tile layer.
    TiledTile {
        /// Column, from 0 at the left (negative left of the origin in an infinite map).
        x: i32,
        /// Row, from 0 at the top (as Tiled counts; negative above the origin in an infinite
        /// map).
        y: i32,
    },
    /// Somewhere in a Tiled map that has no finer place (a layer, the map's settings).
    Tiled,
}

/// One problem: `file:place: field: reason`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The file, as given.
    pub file: String,
    /// Where in it.
    pub place: Place,
    /// The field path, for example `walls[3].polygon` (empty for the whole file).
    pub path: String,
    /// Why, in words a user can act on.
    pub reason: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        match &self.place {
            Place::File | Place::Tiled => {}
            Place::Json { line, column } => write!(f, ":{line}:{column}")?,
            Place::TiledObject { id } => write!(f, ": object {id}")?,
            Place::TiledTile { x, y } => write!(f, ": tile ({x}, {y})")?,
        }
        if !self.path.is_empty() {
            write!(f, ": {}", self.path)?;
        }
        write!(f, ": {}", self.reason)
    }
}

/// Why a level was refused: every error found (at least one), and the warnings so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// The errors, in the order of the file.
    pub errors: Vec<Problem>,
    /// Warnings found along the way.
    pub warnings: Vec<Problem>,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "error: {e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Refused {}

impl Refused {
    /// A refusal for one problem.
    #[must_use]
    pub fn one(problem: Problem) -> Self {
        Refused {
            errors: vec![problem],
            warnings: Vec::new(),
        }
    }
}
