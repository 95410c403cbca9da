//! Field paths of a level, such as `walls[3].polygon`: where in a level a problem is, named
//! the same way whichever file format the level came from.

/// One step of a field path: a key of an object or an index of an array.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Seg {
    Key(&'static str),
    Index(usize),
}

/// A field path, for example `walls[3].polygon`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Path(pub Vec<Seg>);

impl Path {
    pub fn key(&self, k: &'static str) -> Path {
        let mut p = self.clone();
        p.0.push(Seg::Key(k));
        p
    }

    pub fn index(&self, i: usize) -> Path {
        let mut p = self.clone();
        p.0.push(Seg::Index(i));
        p
    }
}

impl std::fmt::Display for Path {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, s) in self.0.iter().enumerate() {
            match s {
                Seg::Key(k) if i == 0 => write!(f, "{k}")?,
                Seg::Key(k) => write!(f, ".{k}")?,
                Seg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}
