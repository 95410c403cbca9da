//! Map and tileset text mended before the `tiled` crate reads it, for what Tiled writes but
//! that crate refuses: tilesets without `tilecount` (counted here from their image or tiles),
//! images without a size (read from the image file, or the tile size), image layers (dropped:
//! they never collide) and layer data written as plain `<tile>` elements (made CSV).

use std::path::Path;

use quick_xml::Writer;
use quick_xml::events::{BytesStart, BytesText, Event};

use super::precheck::attr;

/// The most tiles a counted tileset is given (the `tiled` crate makes an entry for each):
/// tiles past it are read as tiles without properties, which is what they are.
const MAX_DERIVED_COUNT: u32 = 1 << 20;

/// What pass one found about a tileset without `tilecount`.
#[derive(Debug, Default)]
struct Counting {
    tile: (u32, u32),
    spacing: u32,
    margin: u32,
    image: Option<(u32, u32)>,
    max_id: Option<u32>,
}

impl Counting {
    fn count(&self) -> u32 {
        match self.image {
            Some((w, h)) if self.tile.0 > 0 && self.tile.1 > 0 => {
                let fit = |size: u32, tile: u32| {
                    size.saturating_sub(self.margin.saturating_mul(2))
                        .saturating_add(self.spacing)
                        / tile.saturating_add(self.spacing)
                };
                fit(w, self.tile.0)
                    .saturating_mul(fit(h, self.tile.1))
                    .min(MAX_DERIVED_COUNT)
            }
            _ => self
                .max_id
                .map_or(0, |m| m.saturating_add(1))
                .min(MAX_DERIVED_COUNT),
        }
    }
}

fn num(e: &BytesStart, name: &[u8]) -> Option<u32> {
    attr(e, name).and_then(|v| v.trim().parse().ok())
}

/// The width and height of a PNG, GIF or BMP file, from its header.
fn image_size(path: &Path) -> Option<(u32, u32)> {
    use std::io::Read;
    let mut head = [0u8; 26];
    let mut f = std::fs::File::open(path).ok()?;
    let n = f.read(&mut head).ok()?;
    let head = &head[..n];
    let be = |i: usize| u32::from_be_bytes([head[i], head[i + 1], head[i + 2], head[i + 3]]);
    let le16 = |i: usize| u32::from(u16::from_le_bytes([head[i], head[i + 1]]));
    let le32 = |i: usize| u32::from_le_bytes([head[i], head[i + 1], head[i + 2], head[i + 3]]);
    if n >= 24 && head.starts_with(b"\x89PNG") {
        Some((be(16), be(20)))
    } else if n >= 10 && head.starts_with(b"GIF8") {
        Some((le16(6), le16(8)))
    } else if n >= 26 && head.starts_with(b"BM") {
        Some((le32(18), le32(22)))
    } else {
        None
    }
}

/// The size of an `<image>`: its attributes, else its file's header.
fn sized(e: &BytesStart, dir: &Path) -> Option<(u32, u32)> {
    match (num(e, b"width"), num(e, b"height")) {
        (Some(w), Some(h)) => Some((w, h)),
        _ => image_size(&dir.join(attr(e, b"source")?)),
    }
}

/// Pass one: the tile count of each tileset without `tilecount`, in document order.
fn tile_counts(text: &str, dir: &Path) -> Vec<u32> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut stack: Vec<Vec<u8>> = Vec::new();
    let mut open: Vec<Option<Counting>> = Vec::new();
    let mut counts = Vec::new();
    loop {
        let (e, empty) = match reader.read_event() {
            Ok(Event::Start(e)) => (e, false),
            Ok(Event::Empty(e)) => (e, true),
            Ok(Event::End(_)) => {
                if stack.pop().as_deref() == Some(b"tileset".as_slice())
                    && let Some(Some(c)) = open.pop()
                {
                    counts.push(c.count());
                }
                continue;
            }
            Ok(Event::Eof) | Err(_) => return counts,
            Ok(_) => continue,
        };
        let name = e.name().as_ref().to_vec();
        let parent = stack.last().map(Vec::as_slice);
        match name.as_slice() {
            b"tileset" => {
                let counting = (attr(&e, b"source").is_none() && attr(&e, b"tilecount").is_none())
                    .then(|| Counting {
                        tile: (
                            num(&e, b"tilewidth").unwrap_or(0),
                            num(&e, b"tileheight").unwrap_or(0),
                        ),
                        spacing: num(&e, b"spacing").unwrap_or(0),
                        margin: num(&e, b"margin").unwrap_or(0),
                        ..Counting::default()
                    });
                if empty {
                    if let Some(c) = counting {
                        counts.push(c.count());
                    }
                } else {
                    open.push(counting);
                }
            }
            b"image" if parent == Some(b"tileset") => {
                if let Some(Some(c)) = open.last_mut() {
                    c.image = sized(&e, dir);
                }
            }
            b"tile" if parent == Some(b"tileset") => {
                if let (Some(Some(c)), Some(id)) = (open.last_mut(), num(&e, b"id")) {
                    c.max_id = Some(c.max_id.map_or(id, |m| m.max(id)));
                }
            }
            _ => {}
        }
        if !empty {
            stack.push(name);
        }
    }
}

/// The text mended (see the module's comment); `dir` is the folder of the file, for the
/// images it names. Text that is not XML is given back as it is.
pub(super) fn fix_xml(text: &str, dir: &Path) -> String {
    let mut counts = tile_counts(text, dir).into_iter();
    let mut reader = quick_xml::Reader::from_str(text);
    let mut writer = Writer::new(Vec::new());
    let mut stack: Vec<Vec<u8>> = Vec::new();
    // The tile size of the tilesets being read, for images without a size.
    let mut tile_sizes: Vec<(u32, u32)> = Vec::new();
    // Depth of an image layer's image being dropped.
    let mut dropping = 0usize;
    // Gids of plain `<tile>` data being gathered (in a `<data>` or `<chunk>`).
    let mut plain: Option<Vec<String>> = None;
    let mut plain_data = false;
    loop {
        let event = match reader.read_event() {
            Ok(Event::Eof) => break,
            Ok(e) => e.into_owned(),
            Err(_) => return text.to_string(),
        };
        if dropping > 0 {
            match event {
                Event::Start(_) => dropping += 1,
                Event::End(_) => dropping -= 1,
                _ => {}
            }
            continue;
        }
        let parent = stack.last().cloned();
        let out = match event {
            Event::Start(e)
                if e.name().as_ref() == b"image"
                    && parent.as_deref() == Some(b"imagelayer".as_slice()) =>
            {
                dropping = 1;
                continue;
            }
            Event::Empty(e)
                if e.name().as_ref() == b"image"
                    && parent.as_deref() == Some(b"imagelayer".as_slice()) =>
            {
                continue;
            }
            Event::Start(e) => {
                let name = e.name().as_ref().to_vec();
                let e = mend(e, &name, parent.as_deref(), &mut counts, &tile_sizes, dir);
                if name == b"tileset" {
                    tile_sizes.push(tile_size(&e));
                }
                if name == b"data" && attr(&e, b"encoding").is_none() {
                    plain_data = true;
                    plain = Some(Vec::new());
                    let mut e = e;
                    e.push_attribute(("encoding", "csv"));
                    stack.push(name);
                    write(&mut writer, Event::Start(e));
                    continue;
                }
                if name == b"chunk" && plain_data {
                    plain = Some(Vec::new());
                }
                stack.push(name);
                Event::Start(e)
            }
            Event::Empty(e) => {
                let name = e.name().as_ref().to_vec();
                if name == b"tile"
                    && let Some(gids) = plain.as_mut()
                {
                    gids.push(attr(&e, b"gid").unwrap_or_else(|| "0".to_string()));
                    continue;
                }
                let e = mend(e, &name, parent.as_deref(), &mut counts, &tile_sizes, dir);
                Event::Empty(e)
            }
            Event::End(e) => {
                let name = stack.pop().unwrap_or_default();
                if name == b"tileset" {
                    tile_sizes.pop();
                }
                if (name == b"data" || name == b"chunk")
                    && let Some(gids) = plain.take()
                {
                    let csv = gids.join(",");
                    write(&mut writer, Event::Text(BytesText::new(&csv)));
                }
                if name == b"data" {
                    plain_data = false;
                }
                Event::End(e)
            }
            Event::Text(_) if plain.is_some() => continue,
            other => other,
        };
        write(&mut writer, out);
    }
    String::from_utf8(writer.into_inner()).unwrap_or_else(|_| text.to_string())
}

fn write(writer: &mut Writer<Vec<u8>>, event: Event<'_>) {
    // Writing to a Vec cannot fail.
    let _ = writer.write_event(event);
}

fn tile_size(e: &BytesStart) -> (u32, u32) {
    (
        num(e, b"tilewidth").unwrap_or(1),
        num(e, b"tileheight").unwrap_or(1),
    )
}

/// An element with what it lacks added: a tileset's `tilecount`, an image's size.
fn mend(
    e: BytesStart<'static>,
    name: &[u8],
    parent: Option<&[u8]>,
    counts: &mut impl Iterator<Item = u32>,
    tile_sizes: &[(u32, u32)],
    dir: &Path,
) -> BytesStart<'static> {
    let mut e = e;
    match name {
        b"tileset" if attr(&e, b"source").is_none() && attr(&e, b"tilecount").is_none() => {
            let n = counts.next().unwrap_or(0).to_string();
            e.push_attribute(("tilecount", n.as_str()));
        }
        b"image"
            if matches!(parent, Some(b"tileset" | b"tile"))
                && (attr(&e, b"width").is_none() || attr(&e, b"height").is_none()) =>
        {
            let fallback = tile_sizes.last().copied().unwrap_or((1, 1));
            let (w, h) = sized(&e, dir).unwrap_or(fallback);
            let mut fresh = BytesStart::new("image");
            for a in e.attributes().flatten() {
                if !matches!(a.key.as_ref(), b"width" | b"height") {
                    fresh.push_attribute(a);
                }
            }
            fresh.push_attribute(("width", w.to_string().as_str()));
            fresh.push_attribute(("height", h.to_string().as_str()));
            e = fresh.into_owned();
        }
        _ => {}
    }
    e
}
