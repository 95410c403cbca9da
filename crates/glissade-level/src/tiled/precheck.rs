//! A look at a Tiled map's tile layer data before the `tiled` crate reads it: that crate
//! indexes a layer's data without checking its length, so a layer whose data is short would
//! make it panic. Layers whose data does not have one tile per cell are found here first.

use std::io::Read;

use base64::Engine;
use quick_xml::events::{BytesStart, Event};

/// What the look at the text found wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Found {
    /// A tile layer whose data does not have one entry per cell.
    Short(ShortLayer),
    /// Groups nested deeper than [`MAX_GROUP_DEPTH`].
    TooDeep,
}

/// Deepest nesting of layer groups accepted (the tiled crate reads groups recursively).
pub(crate) const MAX_GROUP_DEPTH: usize = 64;

/// A tile layer whose data does not have one entry per cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ShortLayer {
    /// The layer's name.
    pub name: String,
    /// Its size in tiles.
    pub width: u64,
    /// Its size in tiles.
    pub height: u64,
}

pub(crate) fn attr(e: &BytesStart, name: &[u8]) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.as_ref() == name)
        .and_then(|a| String::from_utf8(a.value.into_owned()).ok())
}

/// The finite tile layers of the map text whose data is not `width × height` tiles, and
/// groups nested too deep. Text that is not XML is left for the `tiled` crate to describe.
pub(crate) fn short_layers(text: &str) -> Vec<Found> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut short = Vec::new();
    let mut depth = 0usize;
    // The layer being read: name, width, height; then its data's encoding and compression.
    let mut layer: Option<(String, u64, u64)> = None;
    let mut data: Option<(Option<String>, Option<String>)> = None;
    let mut tiles = 0u64;
    let mut body = String::new();
    let mut chunked = false;
    loop {
        let event = match reader.read_event() {
            Ok(e) => e,
            Err(_) => return short,
        };
        match event {
            Event::Start(e) if e.name().as_ref() == b"group" => {
                depth += 1;
                if depth > MAX_GROUP_DEPTH {
                    short.push(Found::TooDeep);
                    return short;
                }
            }
            Event::End(e) if e.name().as_ref() == b"group" => depth = depth.saturating_sub(1),
            Event::Start(e) | Event::Empty(e) if e.name().as_ref() == b"layer" => {
                let num = |k: &[u8]| attr(&e, k).and_then(|v| v.parse::<u64>().ok());
                layer = Some((
                    attr(&e, b"name").unwrap_or_default(),
                    num(b"width").unwrap_or(0),
                    num(b"height").unwrap_or(0),
                ));
            }
            Event::Start(e) if e.name().as_ref() == b"data" && layer.is_some() => {
                data = Some((attr(&e, b"encoding"), attr(&e, b"compression")));
                tiles = 0;
                body.clear();
                chunked = false;
            }
            Event::Start(e) | Event::Empty(e) if data.is_some() => match e.name().as_ref() {
                b"tile" => tiles += 1,
                b"chunk" => chunked = true,
                _ => {}
            },
            Event::Text(t) if data.is_some() => {
                if let Ok(s) = t.unescape() {
                    body.push_str(&s);
                }
            }
            Event::End(e) if e.name().as_ref() == b"data" => {
                if let (Some((name, w, h)), Some((encoding, compression))) = (&layer, data.take())
                    && !chunked
                {
                    let cells = w.saturating_mul(*h);
                    let found = count(
                        encoding.as_deref(),
                        compression.as_deref(),
                        &body,
                        tiles,
                        cells,
                    );
                    if found.is_some_and(|n| n != cells) {
                        short.push(Found::Short(ShortLayer {
                            name: name.clone(),
                            width: *w,
                            height: *h,
                        }));
                    }
                }
            }
            Event::End(e) if e.name().as_ref() == b"layer" => layer = None,
            Event::Eof => return short,
            _ => {}
        }
    }
}

/// How many tiles a layer's data holds, when that can be told (compressed data is inflated
/// no further than one tile more than the layer's `cells`).
fn count(
    encoding: Option<&str>,
    compression: Option<&str>,
    body: &str,
    tiles: u64,
    cells: u64,
) -> Option<u64> {
    let limit = cells.saturating_add(1).saturating_mul(4);
    match encoding {
        None => Some(tiles),
        Some("csv") => Some(body.split(',').filter(|s| !s.trim().is_empty()).count() as u64),
        Some("base64") => {
            let clean: String = body.chars().filter(|c| !c.is_whitespace()).collect();
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(clean.as_bytes())
                .ok()?;
            let len = match compression {
                None => bytes.len() as u64,
                Some("zlib") => inflated(flate2::read::ZlibDecoder::new(bytes.as_slice()), limit)?,
                Some("gzip") => inflated(flate2::read::GzDecoder::new(bytes.as_slice()), limit)?,
                // Left to the tiled crate (which refuses what it cannot read).
                Some(_) => return None,
            };
            Some(len / 4)
        }
        Some(_) => None,
    }
}

/// How many bytes `reader` inflates to, reading at most `limit`.
fn inflated(reader: impl Read, limit: u64) -> Option<u64> {
    let n = std::io::copy(&mut reader.take(limit), &mut std::io::sink()).ok()?;
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(data: &str, attrs: &str) -> String {
        format!(
            r#"<map version="1.10"><layer id="1" name="ground" width="3" height="2"><data {attrs}>{data}</data></layer></map>"#
        )
    }

    #[test]
    fn counts_the_tiles_of_every_encoding() {
        assert!(short_layers(&map("1,2,3,\n4,5,6", r#"encoding="csv""#)).is_empty());
        let s = short_layers(&map("1,2,3", r#"encoding="csv""#));
        assert_eq!(
            s,
            [Found::Short(ShortLayer {
                name: "ground".into(),
                width: 3,
                height: 2
            })]
        );
        let six = base64::engine::general_purpose::STANDARD.encode([0u8; 24]);
        assert!(short_layers(&map(&six, r#"encoding="base64""#)).is_empty());
        let five = base64::engine::general_purpose::STANDARD.encode([0u8; 20]);
        assert_eq!(short_layers(&map(&five, r#"encoding="base64""#)).len(), 1);
        let tiles = "<tile gid=\"1\"/>".repeat(5);
        assert_eq!(short_layers(&map(&tiles, "")).len(), 1);
        assert!(short_layers("not xml <<<").is_empty());
        let deep = format!(
            "<map>{}{}</map>",
            "<group>".repeat(100),
            "</group>".repeat(100)
        );
        assert_eq!(short_layers(&deep), [Found::TooDeep]);
        // A zlib bomb is not inflated beyond the layer's size.
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        std::io::Write::write_all(&mut z, &vec![0u8; 1 << 24]).unwrap();
        let packed = base64::engine::general_purpose::STANDARD.encode(z.finish().unwrap());
        let bomb = map(&packed, r#"encoding="base64" compression="zlib""#);
        assert_eq!(short_layers(&bomb).len(), 1);
    }
}
