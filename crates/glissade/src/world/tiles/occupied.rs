//! Which cells of a tile map hold a tile, one bit per cell: a query skips a run of empty
//! cells (most of what a body's box covers) a word at a time instead of cell by cell.

/// One bit per cell, row by row; each row starts on a fresh 64-bit word.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Occupied {
    words_per_row: usize,
    bits: Vec<u64>,
}

impl Occupied {
    /// Every cell of a `width × height` map empty.
    pub fn new(width: u32, height: u32) -> Self {
        let words_per_row = (width as usize).div_ceil(64);
        Occupied {
            words_per_row,
            bits: vec![0; words_per_row * height as usize],
        }
    }

    /// Marks cell `(x, y)` as holding a tile or not. The cell is inside the map.
    pub fn set(&mut self, x: u32, y: u32, occupied: bool) {
        let w = y as usize * self.words_per_row + x as usize / 64;
        let bit = 1u64 << (x % 64);
        if occupied {
            self.bits[w] |= bit;
        } else {
            self.bits[w] &= !bit;
        }
    }

    /// The first occupied column in `x..=x1` of row `y`, if any. `x`, `x1` and `y` are inside
    /// the map (a range already clamped to it); an empty range (`x > x1`) has none.
    #[inline]
    pub fn next(&self, y: i32, x: i32, x1: i32) -> Option<i32> {
        debug_assert!(x >= 0 && y >= 0, "a cell outside the map: ({x}, {y})");
        if x > x1 {
            return None;
        }
        let row = y as usize * self.words_per_row;
        let mut x = x as u32;
        let last = x1 as u32;
        loop {
            let word = self.bits[row + x as usize / 64] >> (x % 64);
            if word != 0 {
                let found = x + word.trailing_zeros();
                return (found <= last).then_some(found as i32);
            }
            // Nothing left in this word: on to the next one.
            x = (x / 64 + 1) * 64;
            if x > last {
                return None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The occupied columns of row `y` in `x..=x1`, found one by one with `next`.
    fn walk(o: &Occupied, y: i32, x: i32, x1: i32) -> Vec<i32> {
        let mut out = Vec::new();
        let mut at = x;
        while let Some(found) = o.next(y, at, x1) {
            out.push(found);
            at = found + 1;
        }
        out
    }

    #[test]
    fn finds_every_set_cell_across_word_boundaries_and_no_other() {
        // Row 1 of a 200-wide map: cells 0, 63, 64, 127, 130 and 199 set; row 0 and 2 empty.
        let mut o = Occupied::new(200, 3);
        let set = [0, 63, 64, 127, 130, 199];
        for &x in &set {
            o.set(x, 1, true);
        }
        assert_eq!(walk(&o, 1, 0, 199), set.map(|x| x as i32).to_vec());
        assert_eq!(walk(&o, 1, 1, 126), vec![63, 64]);
        assert_eq!(walk(&o, 1, 65, 129), vec![127]);
        assert_eq!(walk(&o, 1, 131, 198), Vec::<i32>::new());
        assert_eq!(walk(&o, 0, 0, 199), Vec::<i32>::new());
        assert_eq!(walk(&o, 2, 0, 199), Vec::<i32>::new());
        assert_eq!(o.next(1, 5, 4), None, "an empty range");
        o.set(64, 1, false);
        assert_eq!(walk(&o, 1, 60, 70), vec![63]);
    }

    #[test]
    fn matches_a_plain_scan_on_every_range_of_a_patterned_row() {
        let width = 150;
        let mut o = Occupied::new(width, 1);
        let filled = |x: u32| x % 7 == 3 || x.is_multiple_of(11);
        for x in 0..width {
            o.set(x, 0, filled(x));
        }
        for x0 in 0..width as i32 {
            for x1 in x0..width as i32 {
                let plain: Vec<i32> = (x0..=x1).filter(|&x| filled(x as u32)).collect();
                assert_eq!(walk(&o, 0, x0, x1), plain, "{x0}..={x1}");
            }
        }
    }
}
