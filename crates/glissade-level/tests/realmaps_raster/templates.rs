//! Templates (`.tx`, `.tj`): an object kept in a file of its own, which map objects start
//! from and change. A template's tile object names a tile of the template's own tileset,
//! which is added to the map's tilesets at global ids of its own.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::desc::{FLAGS, ObjDesc, TilesetDesc};

/// The first global id given to templates' tilesets: far above any map's own.
const FIRST: u32 = 1 << 26;
/// The global ids set aside for each template's tileset.
const SPAN: u32 = 1 << 16;

#[derive(Default)]
pub struct Templates {
    cache: HashMap<PathBuf, ObjDesc>,
    /// Tilesets of templates, with the global ids given them.
    pub tilesets: Vec<TilesetDesc>,
}

impl Templates {
    /// The object of the template at `path`.
    pub fn get(&mut self, path: &Path) -> Result<ObjDesc, String> {
        if let Some(o) = self.cache.get(path) {
            return Ok(o.clone());
        }
        let is_json = path.extension().is_some_and(|e| e == "tj" || e == "json");
        let (mut o, tileset) = if is_json {
            crate::json::template(path)?
        } else {
            crate::xml::template(path)?
        };
        if let (Some(gid), Some(mut ts)) = (o.gid, tileset) {
            let first = FIRST + SPAN * self.tilesets.len() as u32;
            let local = (gid & !FLAGS).wrapping_sub(ts.firstgid);
            if local >= SPAN {
                return Err(format!("{}: a tile id beyond {SPAN}", path.display()));
            }
            o.gid = Some((gid & FLAGS) | (first + local));
            ts.firstgid = first;
            self.tilesets.push(ts);
        }
        self.cache.insert(path.to_path_buf(), o.clone());
        Ok(o)
    }
}
