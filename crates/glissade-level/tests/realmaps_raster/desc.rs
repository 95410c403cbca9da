//! A map as the rasteriser sees it, whatever file format it came from: its grid, its
//! tilesets (only what decides collision), and its layers, groups opened with their offsets
//! added up.

use std::collections::BTreeMap;

/// Custom properties by name, each value as text (`true`/`false` for bools).
pub type Props = BTreeMap<String, String>;

/// Tiled keeps a tile's flips in the top bits of its global id.
pub const FLIP_H: u32 = 0x8000_0000;
pub const FLIP_V: u32 = 0x4000_0000;
pub const FLIP_D: u32 = 0x2000_0000;
/// The bits of a global id that are flags (the fourth is for hexagonal maps).
pub const FLAGS: u32 = 0xF000_0000;

#[derive(Debug, Default)]
pub struct MapDesc {
    /// Tile width in pixels (tiles are square in maps the importer loads).
    pub tile_w: f64,
    /// Size in tiles.
    pub width: f64,
    pub height: f64,
    pub tilesets: Vec<TilesetDesc>,
    pub layers: Vec<LayerDesc>,
}

#[derive(Debug, Default)]
pub struct TilesetDesc {
    pub firstgid: u32,
    pub tile_w: f64,
    pub tile_h: f64,
    /// Where a tile object of this tileset is placed from its origin (`objectalignment`);
    /// empty when not said.
    pub alignment: String,
    /// Tiles that say something, by local id.
    pub tiles: BTreeMap<u32, TileDesc>,
}

#[derive(Debug, Default, Clone)]
pub struct TileDesc {
    pub class: String,
    pub props: Props,
    /// The collision shapes drawn on the tile, in its pixels.
    pub shapes: Vec<ObjDesc>,
    /// The tile's own image size, when it has one.
    pub image: Option<(f64, f64)>,
}

#[derive(Debug)]
pub enum LayerKind {
    /// Cells as (column, row, global id with flags); empty cells left out.
    Tiles(Vec<(i64, i64, u32)>),
    Objects(Vec<ObjDesc>),
}

#[derive(Debug)]
pub struct LayerDesc {
    pub name: String,
    pub props: Props,
    /// Pixel offset of the layer and its groups.
    pub offset: (f64, f64),
    pub kind: LayerKind,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ObjShape {
    Rect,
    Ellipse,
    Capsule,
    Point,
    Text,
    Polygon(Vec<(f64, f64)>),
    Polyline(Vec<(f64, f64)>),
}

#[derive(Debug, Clone)]
pub struct ObjDesc {
    pub id: u32,
    pub class: String,
    pub props: Props,
    /// Properties that name another object (type `object`): name and id.
    pub object_refs: Vec<(String, u32)>,
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    /// Degrees, clockwise on screen.
    pub rotation: f64,
    pub shape: ObjShape,
    /// Global id with flags, for a tile object.
    pub gid: Option<u32>,
}

impl ObjDesc {
    pub fn new(id: u32) -> ObjDesc {
        ObjDesc {
            id,
            class: String::new(),
            props: Props::new(),
            object_refs: Vec::new(),
            x: 0.0,
            y: 0.0,
            w: 0.0,
            h: 0.0,
            rotation: 0.0,
            shape: ObjShape::Rect,
            gid: None,
        }
    }
}

impl MapDesc {
    /// The tileset and local tile of a global id (flags removed).
    pub fn tile_of(&self, gid: u32) -> Option<(&TilesetDesc, u32)> {
        let g = gid & !FLAGS;
        let ts = self
            .tilesets
            .iter()
            .filter(|t| t.firstgid <= g)
            .max_by_key(|t| t.firstgid)?;
        Some((ts, g - ts.firstgid))
    }
}

/// Tile layer data from its text encoding: CSV, or base64 maybe compressed.
pub fn decode_data(
    text: &str,
    encoding: Option<&str>,
    compression: Option<&str>,
) -> Result<Vec<u32>, String> {
    use base64::Engine;
    use std::io::Read;
    match encoding {
        Some("csv") => text
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| s.parse::<u32>().map_err(|e| format!("csv: {e}")))
            .collect(),
        Some("base64") => {
            let clean: String = text.chars().filter(|c| !c.is_whitespace()).collect();
            let raw = base64::engine::general_purpose::STANDARD
                .decode(clean)
                .map_err(|e| format!("base64: {e}"))?;
            let bytes = match compression {
                None | Some("") => raw,
                Some("zlib") => {
                    let mut out = Vec::new();
                    flate2::read::ZlibDecoder::new(&raw[..])
                        .read_to_end(&mut out)
                        .map_err(|e| format!("zlib: {e}"))?;
                    out
                }
                Some("gzip") => {
                    let mut out = Vec::new();
                    flate2::read::GzDecoder::new(&raw[..])
                        .read_to_end(&mut out)
                        .map_err(|e| format!("gzip: {e}"))?;
                    out
                }
                Some("zstd") => zstd::decode_all(&raw[..]).map_err(|e| format!("zstd: {e}"))?,
                Some(other) => return Err(format!("SKIP:{other} layer data")),
            };
            Ok(bytes
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect())
        }
        other => Err(format!("unknown layer encoding {other:?}")),
    }
}

/// Cells of a rectangle of data at column `x0`, row `y0`, `w` wide.
pub fn cells(data: &[u32], x0: i64, y0: i64, w: i64, out: &mut Vec<(i64, i64, u32)>) {
    if w <= 0 {
        return;
    }
    for (k, &gid) in data.iter().enumerate() {
        if gid & !FLAGS != 0 {
            let k = k as i64;
            out.push((x0 + k % w, y0 + k / w, gid));
        }
    }
}
