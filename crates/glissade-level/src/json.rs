//! Reading the JSON level format, and finding where in the text a field is.

use crate::check::check;
use crate::error::{Place, Problem, Refused};
use crate::field_path::{Path, Seg};
use crate::loaded::Loaded;
use crate::model::Level;

/// Parses and checks a level in the JSON format. `file` names it in messages.
///
/// Errors name the file, the line and column, the field path and the reason:
/// `level.json:12:7: walls[3].radius: must be positive, found -1`.
pub fn parse_json(text: &str, file: &str) -> Result<Loaded, Refused> {
    // A byte-order mark is not part of the JSON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Whether it is JSON at all, first: after that, every error is about the level.
    match serde_json::from_str::<serde_json::Value>(text) {
        Err(e) => return Err(Refused::one(serde_problem(file, text, "", &e))),
        Ok(v) if !v.is_object() => {
            return Err(Refused::one(Problem {
                file: file.to_string(),
                place: Place::Json { line: 1, column: 1 },
                path: String::new(),
                reason: "expected a JSON object {...} holding a level".to_string(),
            }));
        }
        Ok(_) => {}
    }
    let mut de = serde_json::Deserializer::from_str(text);
    let level: Level = match serde_path_to_error::deserialize(&mut de) {
        Ok(level) => level,
        Err(e) => {
            let path = e.path().to_string();
            let inner = e.into_inner();
            return Err(Refused::one(serde_problem(file, text, &path, &inner)));
        }
    };
    if let Err(e) = de.end() {
        return Err(Refused::one(serde_problem(file, text, "", &e)));
    }
    let (level, found) = check(level);
    let at = |path: &Path| {
        let place = locate(text, path).map_or(Place::File, |offset| {
            let (line, column) = line_column(text, offset);
            Place::Json { line, column }
        });
        (place, path.to_string())
    };
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    let total_errors = found.iter().filter(|f| f.0).count();
    for (is_error, path, reason) in found {
        // A file wrong everywhere (thousands of bad tiles) gives the first errors, not all.
        if (is_error && errors.len() >= MAX_REPORTED)
            || (!is_error && warnings.len() >= MAX_REPORTED)
        {
            continue;
        }
        let (place, path) = at(&path);
        let p = Problem {
            file: file.to_string(),
            place,
            path,
            reason,
        };
        if is_error {
            errors.push(p);
        } else {
            warnings.push(p);
        }
    }
    if total_errors > errors.len() {
        errors.push(Problem {
            file: file.to_string(),
            place: Place::File,
            path: String::new(),
            reason: format!("and {} more errors", total_errors - errors.len()),
        });
    }
    if errors.is_empty() {
        // The checks are meant to catch everything the builder refuses; should one slip
        // through, the level is still refused whole, never half built.
        if let Err(e) = level.build() {
            errors.push(Problem {
                file: file.to_string(),
                place: Place::File,
                path: e.path,
                reason: e.reason,
            });
            return Err(Refused { errors, warnings });
        }
        Ok(Loaded { level, warnings })
    } else {
        Err(Refused { errors, warnings })
    }
}

/// Most errors (and warnings) reported for one file; the rest are counted.
const MAX_REPORTED: usize = 100;

/// A problem from serde_json: where it stopped, and its message without serde's own
/// "at line L column C".
fn serde_problem(file: &str, text: &str, path: &str, e: &serde_json::Error) -> Problem {
    let mut reason = e.to_string();
    if let Some(cut) = reason.rfind(" at line ") {
        reason.truncate(cut);
    }
    // serde_path_to_error names the root "." and a place it could not name "?".
    let mut path = if path == "." { "" } else { path }.to_string();
    if let Some(cut) = path.find(".?") {
        path.truncate(cut);
    }
    let syntax = matches!(
        e.classify(),
        serde_json::error::Category::Syntax | serde_json::error::Category::Eof
    );
    // The text is JSON (checked first): a "syntax" error while reading the level is a value
    // of the wrong kind where serde_json expected an enum or a fixed-size array.
    let whole_file_is_json = serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok();
    let reason = if syntax && whole_file_is_json {
        if reason == "trailing characters" {
            "too many values: expected a point [x, y]".to_string()
        } else {
            format!("wrong kind of value: expected {}", expected_at(&path))
        }
    } else if syntax {
        path.clear();
        format!("not JSON: {reason}")
    } else {
        plain(&reason)
    };
    Problem {
        file: file.to_string(),
        place: if e.line() == 0 {
            Place::File
        } else {
            Place::Json {
                line: e.line(),
                column: char_column(text, e.line(), e.column()).max(1),
            }
        },
        path,
        reason,
    }
}

/// What a field of the format holds, by the last key of its path.
fn expected_at(path: &str) -> &'static str {
    let last = path.rsplit('.').next().unwrap_or("");
    let last = last.split('[').next().unwrap_or("");
    match last {
        "walls" | "one_way" | "shape" => {
            "a shape: {\"box\": ...}, {\"circle\": ...}, {\"capsule\": ...}, {\"polygon\": [...]} or {\"segment\": ...}"
        }
        "mode" => "one of \"platformer\", \"arena\", \"sandbox\"",
        "motion" => "\"ping-pong\" or \"loop\"",
        _ => "something else here (see docs/levels.md)",
    }
}

/// serde_json's column (bytes from the start of the line, from 1) in characters.
fn char_column(text: &str, line: usize, byte_column: usize) -> usize {
    let Some(l) = text.split('\n').nth(line.saturating_sub(1)) else {
        return byte_column;
    };
    let mut end = byte_column.saturating_sub(1).min(l.len());
    while end > 0 && !l.is_char_boundary(end) {
        end -= 1;
    }
    l[..end].chars().count() + 1
}

/// serde's words for the types of the format, in the format's words.
fn plain(reason: &str) -> String {
    const WORDS: [(&str, &str); 6] = [
        ("expected f32", "expected a number"),
        ("an array of length 2", "a point [x, y]"),
        (
            "expected struct Bounds",
            "expected an object {\"min\": [x, y], \"max\": [x, y]}",
        ),
        (
            "struct Level with 8 elements",
            "a JSON object holding a level",
        ),
        (
            "expected struct Level",
            "expected a JSON object holding a level",
        ),
        ("expected struct", "expected an object"),
    ];
    let mut r = reason.to_string();
    for (from, to) in WORDS {
        r = r.replace(from, to);
    }
    r
}

/// Line and column (from 1, columns in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[start..].chars().count() + 1)
}

/// The byte offset of the value at `path` in a JSON text that parsed.
fn locate(text: &str, path: &Path) -> Option<usize> {
    let b = text.as_bytes();
    let mut pos = skip_ws(b, 0);
    for seg in &path.0 {
        match (seg, b.get(pos)?) {
            (Seg::Key(want), b'{') => {
                pos = skip_ws(b, pos + 1);
                loop {
                    if b.get(pos)? == &b'}' {
                        return None;
                    }
                    let end = skip_string(b, pos)?;
                    let key: String = serde_json::from_str(text.get(pos..end)?).ok()?;
                    pos = skip_ws(b, end);
                    if b.get(pos)? != &b':' {
                        return None;
                    }
                    pos = skip_ws(b, pos + 1);
                    if key == *want {
                        break;
                    }
                    pos = skip_ws(b, skip_value(b, pos, 0)?);
                    if b.get(pos)? == &b',' {
                        pos = skip_ws(b, pos + 1);
                    }
                }
            }
            (Seg::Index(want), b'[') => {
                pos = skip_ws(b, pos + 1);
                let mut i = 0;
                loop {
                    if b.get(pos)? == &b']' {
                        return None;
                    }
                    if i == *want {
                        break;
                    }
                    pos = skip_ws(b, skip_value(b, pos, 0)?);
                    if b.get(pos)? == &b',' {
                        pos = skip_ws(b, pos + 1);
                    }
                    i += 1;
                }
            }
            // An externally tagged enum written as an object: look for its tag.
            (Seg::Index(_), _) | (Seg::Key(_), _) => return None,
        }
    }
    Some(pos)
}

fn skip_ws(b: &[u8], mut pos: usize) -> usize {
    while matches!(b.get(pos), Some(b' ' | b'\t' | b'\n' | b'\r')) {
        pos += 1;
    }
    pos
}

/// The end (exclusive) of the string starting at `pos`.
fn skip_string(b: &[u8], pos: usize) -> Option<usize> {
    if b.get(pos)? != &b'"' {
        return None;
    }
    let mut i = pos + 1;
    loop {
        match b.get(i)? {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
}

/// Deepest nesting the locator follows (serde_json itself stops at 128).
const MAX_DEPTH: usize = 256;

/// The end (exclusive) of the value starting at `pos`.
fn skip_value(b: &[u8], pos: usize, depth: usize) -> Option<usize> {
    if depth > MAX_DEPTH {
        return None;
    }
    match b.get(pos)? {
        b'"' => skip_string(b, pos),
        open @ (b'{' | b'[') => {
            let close = if *open == b'{' { b'}' } else { b']' };
            let mut i = skip_ws(b, pos + 1);
            loop {
                match b.get(i)? {
                    c if *c == close => return Some(i + 1),
                    b',' | b':' => i = skip_ws(b, i + 1),
                    _ => i = skip_ws(b, skip_value(b, i, depth + 1)?),
                }
            }
        }
        _ => {
            let mut i = pos;
            while let Some(c) = b.get(i) {
                if matches!(c, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r') {
                    break;
                }
                i += 1;
            }
            (i > pos).then_some(i)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locates_fields_and_elements() {
        let text = "{\n  \"a\": 1,\n  \"walls\": [\n    {\"box\": {\"min\": [0, 0]}},\n    {\"circle\": {\"radius\": -1}}\n  ]\n}";
        let p = Path(vec![
            Seg::Key("walls"),
            Seg::Index(1),
            Seg::Key("circle"),
            Seg::Key("radius"),
        ]);
        let at = locate(text, &p).unwrap();
        assert_eq!(line_column(text, at), (5, 27));
        assert_eq!(p.to_string(), "walls[1].circle.radius");
        assert_eq!(locate(text, &Path(vec![Seg::Key("nope")])), None);
        assert_eq!(
            locate(text, &Path(vec![Seg::Key("walls"), Seg::Index(9)])),
            None
        );
    }

    #[test]
    fn columns_count_characters() {
        assert_eq!(line_column("{\"é\": 1}", 8), (1, 8));
    }
}
