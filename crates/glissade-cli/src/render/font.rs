//! A tiny font for the PNG writer, which has no other: capitals, digits and a few signs, each
//! 3 × 5 squares (lower case is drawn in capitals; an unknown character as a small box).

use glissade::glam::Vec2;

/// The rows of a character, top first: `#` a square, `.` none.
fn glyph(c: char) -> [&'static str; 5] {
    match c.to_ascii_uppercase() {
        'A' => ["###", "#.#", "###", "#.#", "#.#"],
        'B' => ["##.", "#.#", "##.", "#.#", "##."],
        'C' => ["###", "#..", "#..", "#..", "###"],
        'D' => ["##.", "#.#", "#.#", "#.#", "##."],
        'E' => ["###", "#..", "##.", "#..", "###"],
        'F' => ["###", "#..", "##.", "#..", "#.."],
        'G' => ["###", "#..", "#.#", "#.#", "###"],
        'H' => ["#.#", "#.#", "###", "#.#", "#.#"],
        'I' => ["###", ".#.", ".#.", ".#.", "###"],
        'J' => ["..#", "..#", "..#", "#.#", "###"],
        'K' => ["#.#", "#.#", "##.", "#.#", "#.#"],
        'L' => ["#..", "#..", "#..", "#..", "###"],
        'M' => ["#.#", "###", "###", "#.#", "#.#"],
        'N' => ["##.", "#.#", "#.#", "#.#", "#.#"],
        'O' => ["###", "#.#", "#.#", "#.#", "###"],
        'P' => ["###", "#.#", "###", "#..", "#.."],
        'Q' => ["###", "#.#", "#.#", "###", "..#"],
        'R' => ["##.", "#.#", "##.", "#.#", "#.#"],
        'S' => ["###", "#..", "###", "..#", "###"],
        'T' => ["###", ".#.", ".#.", ".#.", ".#."],
        'U' => ["#.#", "#.#", "#.#", "#.#", "###"],
        'V' => ["#.#", "#.#", "#.#", "#.#", ".#."],
        'W' => ["#.#", "#.#", "###", "###", "#.#"],
        'X' => ["#.#", "#.#", ".#.", "#.#", "#.#"],
        'Y' => ["#.#", "#.#", ".#.", ".#.", ".#."],
        'Z' => ["###", "..#", ".#.", "#..", "###"],
        '0' => ["###", "#.#", "#.#", "#.#", "###"],
        '1' => [".#.", "##.", ".#.", ".#.", "###"],
        '2' => ["###", "..#", "###", "#..", "###"],
        '3' => ["###", "..#", ".##", "..#", "###"],
        '4' => ["#.#", "#.#", "###", "..#", "..#"],
        '5' => ["###", "#..", "###", "..#", "###"],
        '6' => ["###", "#..", "###", "#.#", "###"],
        '7' => ["###", "..#", "..#", ".#.", ".#."],
        '8' => ["###", "#.#", "###", "#.#", "###"],
        '9' => ["###", "#.#", "###", "..#", "###"],
        ' ' => ["...", "...", "...", "...", "..."],
        '-' => ["...", "...", "###", "...", "..."],
        '_' => ["...", "...", "...", "...", "###"],
        '.' => ["...", "...", "...", "...", ".#."],
        ',' => ["...", "...", "...", ".#.", "#.."],
        ':' => ["...", ".#.", "...", ".#.", "..."],
        '/' => ["..#", "..#", ".#.", "#..", "#.."],
        '(' => [".#.", "#..", "#..", "#..", ".#."],
        ')' => [".#.", "..#", "..#", "..#", ".#."],
        '&' => [".#.", "#.#", ".#.", "#.#", ".##"],
        _ => ["...", "###", "#.#", "###", "..."],
    }
}

/// The squares drawing `text` with its baseline starting at `at`, `size` units tall a line
/// (the capitals are 0.7 of it): each as its lower-left and upper-right corners.
pub(super) fn squares(text: &str, at: Vec2, size: f32) -> Vec<(Vec2, Vec2)> {
    let px = size * 0.14;
    let mut out = Vec::new();
    for (i, c) in text.chars().enumerate() {
        let left = at.x + i as f32 * 4.0 * px;
        for (r, row) in glyph(c).iter().enumerate() {
            for (k, b) in row.bytes().enumerate() {
                if b == b'#' {
                    let lo = Vec2::new(left + k as f32 * px, at.y + (4 - r) as f32 * px);
                    out.push((lo, lo + Vec2::splat(px)));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_is_three_by_five_and_text_advances() {
        for c in "abcdefghijklmnopqrstuvwxyz0123456789 -_.,:/()&?".chars() {
            assert!(glyph(c).iter().all(|row| row.len() == 3), "{c:?}");
        }
        // "I" is 9 squares; the second "I" starts 4 squares right of the first.
        let s = squares("II", Vec2::ZERO, 1.0);
        assert_eq!(s.len(), 18);
        let min_x = |part: &[(Vec2, Vec2)]| part.iter().map(|q| q.0.x).fold(f32::MAX, f32::min);
        assert!((min_x(&s[9..]) - min_x(&s[..9]) - 4.0 * 0.14).abs() < 1e-6);
        // The baseline is the bottom of the capitals.
        let bottom = s.iter().map(|q| q.0.y).fold(f32::MAX, f32::min);
        assert!(bottom.abs() < 1e-6);
    }
}
