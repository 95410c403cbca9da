//! A look at a Tiled map's tile layer data before the `tiled` crate reads it: that crate
//! indexes a layer's data without checking its length, so a layer whose data is short would
//! make it panic. Layers whose data does not have one tile per cell are found here first.

use std::io::Read;

use base64::Engine;
use quick_xml::events::{BytesStart, Event};

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

/// Most bytes a compressed layer is inflated to while checking it (a 4096 × 4096 map).
const MAX_INFLATED: u64 = 4 * 4096 * 4096;

fn attr(e: &BytesStart, name: &[u8]) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.as_ref() == name)
        .and_then(|a| String::from_utf8(a.value.into_owned()).ok())
}

/// The finite tile layers of the map text whose data is not `width × height` tiles. Text
/// that is not XML is left for the `tiled` crate to describe.
pub(crate) fn short_layers(text: &str) -> Vec<ShortLayer> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut short = Vec::new();
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
                    let found = count(encoding.as_deref(), compression.as_deref(), &body, tiles);
                    if found.is_some_and(|n| n != w.saturating_mul(*h)) {
                        short.push(ShortLayer {
                            name: name.clone(),
                            width: *w,
                            height: *h,
                        });
                    }
                }
            }
            Event::End(e) if e.name().as_ref() == b"layer" => layer = None,
            Event::Eof => return short,
            _ => {}
        }
    }
}

/// How many tiles a layer's data holds, when that can be told.
fn count(encoding: Option<&str>, compression: Option<&str>, body: &str, tiles: u64) -> Option<u64> {
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
                Some("zlib") => inflated(flate2::read::ZlibDecoder::new(bytes.as_slice()))?,
                Some("gzip") => inflated(flate2::read::GzDecoder::new(bytes.as_slice()))?,
                // Left to the tiled crate (which refuses what it cannot read).
                Some(_) => return None,
            };
            Some(len / 4)
        }
        Some(_) => None,
    }
}

fn inflated(reader: impl Read) -> Option<u64> {
    let mut sink = Vec::new();
    let n = reader.take(MAX_INFLATED + 1).read_to_end(&mut sink).ok()? as u64;
    (n <= MAX_INFLATED).then_some(n)
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
            [ShortLayer {
                name: "ground".into(),
                width: 3,
                height: 2
            }]
        );
        let six = base64::engine::general_purpose::STANDARD.encode([0u8; 24]);
        assert!(short_layers(&map(&six, r#"encoding="base64""#)).is_empty());
        let five = base64::engine::general_purpose::STANDARD.encode([0u8; 20]);
        assert_eq!(short_layers(&map(&five, r#"encoding="base64""#)).len(), 1);
        let tiles = "<tile gid=\"1\"/>".repeat(5);
        assert_eq!(short_layers(&map(&tiles, "")).len(), 1);
        assert!(short_layers("not xml <<<").is_empty());
    }
}
