//! The files of a map as the `tiled` crate gets them: read from disk, JSON written as XML
//! (see [`super::tmj`]) and mended (see [`super::fixup`]).

use std::io::Cursor;
use std::path::Path;

use super::fixup::fix_xml;
use super::tmj::to_xml;

/// Reads map, tileset and template files, mended.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct MendingReader;

/// A file's text mended (a JSON map or tileset written as XML first), or its bytes as they
/// are when it is neither XML nor JSON text; the reason when JSON is not a Tiled file.
pub(super) fn mended(path: &Path, bytes: Vec<u8>) -> Result<Vec<u8>, String> {
    let dir = path.parent().unwrap_or(Path::new(""));
    match String::from_utf8(bytes) {
        Ok(text) if text.trim_start().starts_with('<') => Ok(fix_xml(&text, dir).into_bytes()),
        Ok(text) if text.trim_start().starts_with('{') => {
            Ok(fix_xml(&to_xml(&text)?, dir).into_bytes())
        }
        Ok(text) => Ok(text.into_bytes()),
        Err(e) => Ok(e.into_bytes()),
    }
}

impl tiled::ResourceReader for MendingReader {
    type Resource = Cursor<Vec<u8>>;
    type Error = std::io::Error;

    fn read_from(&mut self, path: &Path) -> Result<Self::Resource, Self::Error> {
        let bytes = std::fs::read(path)?;
        mended(path, bytes)
            .map(Cursor::new)
            .map_err(|reason| std::io::Error::new(std::io::ErrorKind::InvalidData, reason))
    }
}
