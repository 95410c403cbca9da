//! The levels compiled into the binary.

/// The built-in levels: `(name, JSON source)`.
pub const BUILTIN: [(&str, &str); 3] = [
    ("platformer", include_str!("../levels/platformer.json")),
    ("arena", include_str!("../levels/arena.json")),
    ("sandbox", include_str!("../levels/sandbox.json")),
];

/// The JSON source of a built-in level, by name.
#[must_use]
pub fn builtin_source(name: &str) -> Option<&'static str> {
    BUILTIN.iter().find(|(n, _)| *n == name).map(|(_, s)| *s)
}
