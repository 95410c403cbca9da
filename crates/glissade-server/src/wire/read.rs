//! The reference reader of snapshot messages (the web page has its own, `web/wire.js`).

use std::collections::VecDeque;

use super::{
    BOXES, BULLETS, DECODER_KEEP, FIELDS, PLATFORMS, PLAYERS, POSITION_QUANTUM, Record,
    SNAPSHOT_TAG, Sections, VELOCITY_QUANTUM, unzigzag,
};

/// One decoded snapshot.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Decoded {
    /// The tick it shows.
    pub tick: u64,
    /// The client's last input applied before it.
    pub ack: u32,
    /// The tick of the base it was written against (0: none).
    pub base: u64,
    /// Every record, by section, sorted by id.
    pub records: Sections,
    /// The snapshot's other fields, a JSON object (the base's when it did not send them).
    pub extras: String,
}

impl Decoded {
    /// The snapshot as a JSON object with world units (as version 2 of the protocol sent
    /// it): `type`, `tick`, `ack`, `players` (`id`, `x`, `y`, `vx`, `vy`, `grounded`, and
    /// `anim` and `facing` when posed), `platforms` (`x`, `y`), `bullets` (`id`, `x`, `y`,
    /// `vx`, `vy`, `owner`), `boxes` (`id`, `x`, `y`, `hw`, `hh`) and the extras' fields
    /// (`player_count`, `run`, `scores`, `round`, `feed`).
    #[must_use]
    pub fn to_json(&self) -> serde_json::Value {
        use serde_json::{Value, json};
        let p = |v: i32| v as f32 * POSITION_QUANTUM;
        let v = |v: i32| v as f32 * VELOCITY_QUANTUM;
        let players: Vec<Value> = self.records[PLAYERS]
            .iter()
            .map(|r| {
                let [x, y, vx, vy, bits] = r.fields;
                let mut o = json!({"id": r.id, "x": p(x), "y": p(y), "vx": v(vx), "vy": v(vy),
                    "grounded": bits & 1 != 0});
                if bits & 2 != 0 {
                    let anim = crate::protocol::ANIMATIONS.get((bits >> 3) as usize);
                    o["anim"] = json!(anim.copied().unwrap_or("idle"));
                    o["facing"] = json!(if bits & 4 != 0 { -1 } else { 1 });
                }
                o
            })
            .collect();
        let list = |s: usize, f: &dyn Fn(&Record) -> Value| -> Value {
            Value::Array(self.records[s].iter().map(f).collect())
        };
        let mut o = json!({
            "v": crate::protocol::VERSION, "type": "snapshot", "tick": self.tick, "ack": self.ack,
            "players": players,
            "platforms": list(PLATFORMS, &|r| json!({"x": p(r.fields[0]), "y": p(r.fields[1])})),
            "bullets": list(BULLETS, &|r| json!({"id": r.id, "x": p(r.fields[0]), "y": p(r.fields[1]),
                "vx": v(r.fields[2]), "vy": v(r.fields[3]), "owner": r.fields[4]})),
            "boxes": list(BOXES, &|r| json!({"id": r.id, "x": p(r.fields[0]), "y": p(r.fields[1]),
                "hw": p(r.fields[2]), "hh": p(r.fields[3])})),
        });
        if let Ok(Value::Object(extras)) = serde_json::from_str::<Value>(&self.extras) {
            for (k, val) in extras {
                o[k] = val;
            }
        }
        o
    }
}

/// Reads snapshot messages, keeping the last [`DECODER_KEEP`] as the bases later ones may
/// be written against.
#[derive(Debug, Default)]
pub struct Decoder {
    kept: VecDeque<Decoded>,
}

impl Decoder {
    /// Reads one snapshot message; the error says what is wrong with it.
    pub fn decode(&mut self, bytes: &[u8]) -> Result<Decoded, String> {
        let mut r = Reader { bytes, at: 0 };
        if r.byte()? != SNAPSHOT_TAG {
            return Err("not a snapshot message".into());
        }
        let tick = r.varint()?;
        let ack = u32::try_from(r.varint()?).map_err(|_| "ack out of range")?;
        let base_tick = r.varint()?;
        let base = match base_tick {
            0 => None,
            t => Some(
                self.kept
                    .iter()
                    .find(|d| d.tick == t)
                    .ok_or_else(|| format!("base tick {t} is not kept"))?,
            ),
        };
        let mut records: Sections = Default::default();
        for (s, list) in records.iter_mut().enumerate() {
            let before: &[Record] = base.map_or(&[], |b| &b.records[s]);
            *list = decode_section(&mut r, before)?;
        }
        let extras = match r.byte()? {
            0 => base
                .map(|b| b.extras.clone())
                .unwrap_or_else(|| "{}".into()),
            1 => {
                let len = usize::try_from(r.varint()?).map_err(|_| "extras too long")?;
                String::from_utf8(r.take(len)?.to_vec()).map_err(|e| e.to_string())?
            }
            b => return Err(format!("unknown extras marker {b}")),
        };
        if r.at != bytes.len() {
            return Err("bytes after the snapshot".into());
        }
        let d = Decoded {
            tick,
            ack,
            base: base_tick,
            records,
            extras,
        };
        self.kept.push_back(d.clone());
        if self.kept.len() > DECODER_KEEP {
            self.kept.pop_front();
        }
        Ok(d)
    }
}

/// The next id of a section's list: the one before plus the gap read.
fn next_id(r: &mut Reader, id: u32) -> Result<u32, String> {
    id.checked_add(u32::try_from(r.varint()?).map_err(|_| "id out of range")?)
        .ok_or_else(|| "id out of range".to_string())
}

fn decode_section(r: &mut Reader, before: &[Record]) -> Result<Vec<Record>, String> {
    let mut list = before.to_vec();
    let changed = r.varint()?;
    let mut id = 0u32;
    for _ in 0..changed {
        id = next_id(r, id)?;
        let mask = r.byte()?;
        let at = list.binary_search_by_key(&id, |x| x.id);
        let mut fields = at.map_or([0; FIELDS], |i| list[i].fields);
        for (f, field) in fields.iter_mut().enumerate() {
            if mask & (1 << f) != 0 {
                let v = i64::from(*field)
                    .checked_add(unzigzag(r.varint()?))
                    .ok_or("field out of range")?;
                *field = i32::try_from(v).map_err(|_| "field out of range")?;
            }
        }
        let rec = Record { id, fields };
        match at {
            Ok(i) => list[i] = rec,
            Err(i) => list.insert(i, rec),
        }
    }
    let gone = r.varint()?;
    let mut id = 0u32;
    for _ in 0..gone {
        id = next_id(r, id)?;
        let at = list
            .binary_search_by_key(&id, |x| x.id)
            .map_err(|_| format!("removed id {id} is not there"))?;
        list.remove(at);
    }
    Ok(list)
}

pub(super) struct Reader<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) at: usize,
}

impl Reader<'_> {
    pub(super) fn byte(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or("the message ends too soon")?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    pub(super) fn varint(&mut self) -> Result<u64, String> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err("a number longer than 64 bits".into())
    }
}
