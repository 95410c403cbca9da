//! Levels loaded and built for the commands, their problems as failures.

use glissade_level::{Built, Loaded};

use crate::failure::Failure;

/// Loads and builds a level, printing its warnings to stderr.
pub fn load_level(name: &str) -> Result<(Loaded, Built), Failure> {
    let loaded = glissade_level::load(name).map_err(|refused| {
        for w in &refused.warnings {
            eprintln!("warning: {w}");
        }
        Failure {
            lines: refused.errors.iter().map(ToString::to_string).collect(),
            quiet: false,
        }
    })?;
    for w in &loaded.warnings {
        eprintln!("warning: {w}");
    }
    let built = build(name, &loaded)?;
    Ok((loaded, built))
}

/// Builds a loaded level into a world; the failure names the level.
pub fn build(name: &str, loaded: &Loaded) -> Result<Built, Failure> {
    loaded
        .level
        .build()
        .map_err(|e| Failure::new(format!("{name}: cannot build the level: {e}")))
}
