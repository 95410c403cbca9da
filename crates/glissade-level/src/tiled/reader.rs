//! The files of a map as the `tiled` crate gets them: read from disk and mended first (see
//! [`super::fixup`]).

use std::io::Cursor;
use std::path::Path;

use super::fixup::fix_xml;

/// Reads map, tileset and template files, mended.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct MendingReader;

/// A file's text mended, or its bytes as they are when it is not UTF-8 XML.
pub(super) fn mended(path: &Path, bytes: Vec<u8>) -> Vec<u8> {
    let dir = path.parent().unwrap_or(Path::new(""));
    match String::from_utf8(bytes) {
        Ok(text) if text.trim_start().starts_with('<') => fix_xml(&text, dir).into_bytes(),
        Ok(text) => text.into_bytes(),
        Err(e) => e.into_bytes(),
    }
}

impl tiled::ResourceReader for MendingReader {
    type Resource = Cursor<Vec<u8>>;
    type Error = std::io::Error;

    fn read_from(&mut self, path: &Path) -> Result<Self::Resource, Self::Error> {
        let bytes = std::fs::read(path)?;
        Ok(Cursor::new(mended(path, bytes)))
    }
}
