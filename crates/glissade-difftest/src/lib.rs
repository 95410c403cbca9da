//! Differential tests of glissade against parry2d live in `tests/`.
