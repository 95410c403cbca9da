//! A snapshot's compact binary form (protocol 3, see `docs/protocol.md`): the world's players,
//! platforms, bullets and boxes as records of small integers, each record written only when
//! it differs from the same record in a base snapshot the client already has, each number as
//! the difference from its base value in a variable-length integer.
//!
//! The server encodes with [`encode`]; [`Decoder`] is the reference reader (the web page
//! has its own, in `web/wire.js`), used by the tests and by any Rust client.

use glissade::glam::Vec2;

mod read;

pub use read::{Decoded, Decoder};

/// A position's step, world units: positions are sent as multiples of it (about a third of a
/// pixel at the web page's usual scale).
pub const POSITION_QUANTUM: f32 = 1.0 / 128.0;
/// A velocity's step, world units per second.
pub const VELOCITY_QUANTUM: f32 = 1.0 / 16.0;
/// The first byte of a binary snapshot message (a protocol version's tag).
pub const SNAPSHOT_TAG: u8 = 3;
/// Numbers a record holds; a section uses as many as it needs, the rest stay 0.
pub const FIELDS: usize = 5;
/// Sections of a snapshot, in their order on the wire: players, platforms, bullets, boxes.
pub const SECTIONS: usize = 4;
/// The players' section (fields: x, y, vx, vy, [`pose_bits`]).
pub const PLAYERS: usize = 0;
/// The moving platforms' section, by index in the level (fields: x, y).
pub const PLATFORMS: usize = 1;
/// The bullets' section (fields: x, y, vx, vy, owner).
pub const BULLETS: usize = 2;
/// The movable boxes' section, by wall index (fields: x, y, half width, half height).
pub const BOXES: usize = 3;
/// Decoded snapshots a [`Decoder`] keeps as possible bases.
pub const DECODER_KEEP: usize = 64;

/// One thing in a snapshot: its id and its quantised numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Record {
    /// The id (a player's, a bullet's, a box's wall index, a platform's index).
    pub id: u32,
    /// The numbers, in the section's order (see the section constants).
    pub fields: [i32; FIELDS],
}

impl Record {
    /// The position its first two numbers hold, world units (players, platforms, bullets and
    /// boxes all start with their centre's x and y in steps of [`POSITION_QUANTUM`]).
    #[must_use]
    pub fn position(&self) -> Vec2 {
        Vec2::new(self.fields[0] as f32, self.fields[1] as f32) * POSITION_QUANTUM
    }
}

/// A snapshot's records, one list per section, each sorted by id.
pub type Sections = [Vec<Record>; SECTIONS];

/// `v` as a multiple of `quantum`, rounded (saturating; NaN is 0).
#[must_use]
pub fn quantise(v: f32, quantum: f32) -> i32 {
    (v / quantum).round() as i32
}

/// A player's small state in one number: bit 0 grounded, bit 1 posed (platformer, after its
/// first tick), bit 2 facing left, bits 3 and up the animation's index in
/// [`crate::protocol::ANIMATIONS`].
#[must_use]
pub fn pose_bits(grounded: bool, pose: Option<(u8, bool)>) -> i32 {
    let mut bits = i32::from(grounded);
    if let Some((anim, left)) = pose {
        bits |= 2 | (i32::from(left) << 2) | (i32::from(anim) << 3);
    }
    bits
}

/// Writes one snapshot message into `out` (cleared first): tick `tick`, the client's input
/// `ack`, the `records`, written against `base` (the tick and records of a snapshot the
/// client has; `None` writes every record in full), and `extras` (a JSON object of the
/// snapshot's other fields), or `None` when they are the base's.
pub fn encode(
    out: &mut Vec<u8>,
    tick: u64,
    ack: u32,
    records: &Sections,
    base: Option<(u64, &Sections)>,
    extras: Option<&str>,
) {
    out.clear();
    out.push(SNAPSHOT_TAG);
    put_varint(out, tick);
    put_varint(out, u64::from(ack));
    put_varint(out, base.map_or(0, |(t, _)| t));
    for (s, now) in records.iter().enumerate() {
        let before: &[Record] = base.map_or(&[], |(_, b)| &b[s]);
        encode_section(out, now, before);
    }
    match extras {
        // Without a base there is nothing to keep: the extras are always written.
        None if base.is_some() => out.push(0),
        _ => {
            let text = extras.unwrap_or("{}");
            out.push(1);
            put_varint(out, text.len() as u64);
            out.extend_from_slice(text.as_bytes());
        }
    }
}

/// A section: the records that are new or changed, then the ids of those gone.
fn encode_section(out: &mut Vec<u8>, now: &[Record], before: &[Record]) {
    let changed = now
        .iter()
        .filter(|r| find(before, r.id) != Some(**r))
        .count();
    put_varint(out, changed as u64);
    let mut last = 0;
    for r in now {
        let old = find(before, r.id);
        if old == Some(*r) {
            continue;
        }
        let old = old.map_or([0; FIELDS], |o| o.fields);
        put_varint(out, u64::from(r.id - last));
        last = r.id;
        let mask = (0..FIELDS)
            .filter(|&f| r.fields[f] != old[f])
            .fold(0u8, |m, f| m | (1 << f));
        out.push(mask);
        for f in (0..FIELDS).filter(|&f| mask & (1 << f) != 0) {
            put_varint(out, zigzag(i64::from(r.fields[f]) - i64::from(old[f])));
        }
    }
    let gone = before.iter().filter(|r| find(now, r.id).is_none());
    put_varint(out, gone.clone().count() as u64);
    let mut last = 0;
    for r in gone {
        put_varint(out, u64::from(r.id - last));
        last = r.id;
    }
}

/// The record `id` of a list sorted by id.
fn find(list: &[Record], id: u32) -> Option<Record> {
    list.binary_search_by_key(&id, |r| r.id)
        .ok()
        .map(|i| list[i])
}

fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

pub(crate) fn unzigzag(v: u64) -> i64 {
    ((v >> 1) as i64) ^ -((v & 1) as i64)
}

/// LEB128: seven bits a byte, low first, the top bit set on every byte but the last.
fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

#[cfg(test)]
mod tests {
    use super::read::Reader;
    use super::*;

    fn rec(id: u32, fields: [i32; FIELDS]) -> Record {
        Record { id, fields }
    }

    #[test]
    fn varints_and_zigzag_round_trip_at_their_edges() {
        for v in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            let mut r = Reader { bytes: &out, at: 0 };
            assert_eq!(r.varint().unwrap(), v);
        }
        for v in [0, -1, 1, i64::from(i32::MIN) * 2, i64::from(i32::MAX) * 2] {
            assert_eq!(unzigzag(zigzag(v)), v);
        }
        // Small numbers of either sign take one byte.
        assert!(zigzag(-64) < 128 && zigzag(63) < 128);
    }

    #[test]
    fn quantising_rounds_to_the_nearest_step() {
        // 1.45 / (1/128) = 185.6 -> 186; -0.3 / (1/16) = -4.8 -> -5.
        assert_eq!(quantise(1.45, POSITION_QUANTUM), 186);
        assert_eq!(quantise(-0.3, VELOCITY_QUANTUM), -5);
        assert_eq!(quantise(f32::NAN, POSITION_QUANTUM), 0);
        assert_eq!(quantise(1e30, POSITION_QUANTUM), i32::MAX);
    }

    #[test]
    fn a_record_the_base_has_unchanged_costs_nothing_and_a_moved_one_a_few_bytes() {
        // Two players; the base has both. Player 3 stood still, player 9 moved by one
        // quantum in x: its record is the id step (9), the mask (1) and the change (2).
        let base: Sections = [
            vec![rec(3, [100, 200, 0, 0, 1]), rec(9, [500, 200, 16, 0, 1])],
            vec![],
            vec![],
            vec![],
        ];
        let mut now = base.clone();
        now[PLAYERS][1].fields[0] += 1;
        let mut full = Vec::new();
        encode(&mut full, 11, 4, &now, None, None);
        let mut delta = Vec::new();
        encode(&mut delta, 11, 4, &now, Some((10, &base)), None);
        // tag, tick, ack, base (1 byte each); players: count, id, mask, x; gone 0; three
        // empty sections (2 bytes each); the extras marker.
        assert_eq!(delta.len(), 4 + 4 + 1 + 6 + 1, "{delta:?}");
        assert!(full.len() > delta.len());
        let mut d = Decoder::default();
        // The delta needs its base: refused before it is kept, read after.
        assert!(d.decode(&delta).is_err());
        let mut first = Vec::new();
        encode(&mut first, 10, 4, &base, None, Some("{\"a\":1}"));
        assert_eq!(d.decode(&first).unwrap().records, base);
        let got = d.decode(&delta).unwrap();
        assert_eq!((got.tick, got.ack, got.base), (11, 4, 10));
        assert_eq!(got.records, now);
        assert_eq!(got.extras, "{\"a\":1}", "the base's extras carry over");
    }

    #[test]
    fn records_appear_and_disappear_against_the_base() {
        let base: Sections = [
            vec![
                rec(1, [1; FIELDS]),
                rec(2, [2; FIELDS]),
                rec(300, [3; FIELDS]),
            ],
            vec![rec(0, [5, 6, 0, 0, 0])],
            vec![rec(70, [-9, 9, 1, 1, 2])],
            vec![],
        ];
        let now: Sections = [
            vec![
                rec(2, [2; FIELDS]),
                rec(5, [0; FIELDS]),
                rec(301, [-3; FIELDS]),
            ],
            vec![rec(0, [5, 7, 0, 0, 0])],
            vec![],
            vec![rec(4, [10, 10, 64, 64, 0])],
        ];
        let mut d = Decoder::default();
        let mut out = Vec::new();
        encode(&mut out, 1, 0, &base, None, None);
        d.decode(&out).unwrap();
        encode(&mut out, 2, 0, &now, Some((1, &base)), Some("{}"));
        assert_eq!(d.decode(&out).unwrap().records, now);
    }

    #[test]
    fn a_broken_message_is_an_error_never_a_panic() {
        let base: Sections = [vec![rec(7, [1, 2, 3, 4, 5])], vec![], vec![], vec![]];
        let mut out = Vec::new();
        encode(&mut out, 5, 1, &base, None, Some("{\"x\":[1,2]}"));
        for cut in 0..out.len() {
            assert!(
                Decoder::default().decode(&out[..cut]).is_err(),
                "cut at {cut}"
            );
        }
        let mut longer = out.clone();
        longer.push(0);
        assert!(Decoder::default().decode(&longer).is_err());
        assert!(Decoder::default().decode(&[0xff; 40]).is_err());
    }

    use proptest::prelude::*;

    /// A section of up to 12 records with ids from a small range (so lists overlap) and
    /// fields anywhere in `i32`.
    fn section() -> impl Strategy<Value = Vec<Record>> {
        prop::collection::btree_map(0u32..40, prop::array::uniform5(any::<i32>()), 0..12).prop_map(
            |m| {
                m.into_iter()
                    .map(|(id, fields)| Record { id, fields })
                    .collect()
            },
        )
    }

    fn sections() -> impl Strategy<Value = Sections> {
        [section(), section(), section(), section()]
    }

    proptest! {
        /// Any bytes at all are read into a snapshot or refused, never a panic (against no
        /// base, and against a kept one).
        #[test]
        fn any_bytes_are_read_or_refused(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
            let mut d = Decoder::default();
            let base: Sections = [vec![Record { id: 1, fields: [i32::MAX, i32::MIN, 0, 0, 0] }], vec![], vec![], vec![]];
            let mut out = Vec::new();
            encode(&mut out, 1, 0, &base, None, None);
            d.decode(&out).unwrap();
            let _ = d.decode(&bytes);
            // The same bytes written against the kept snapshot of tick 1.
            let mut against = vec![SNAPSHOT_TAG, 2, 0, 1];
            against.extend_from_slice(&bytes);
            let _ = d.decode(&against);
        }

        /// Whatever a client holds as the base, it reads back exactly what was written, and
        /// the extras it was last sent.
        #[test]
        fn every_snapshot_reads_back_exactly_against_any_kept_base(
            frames in prop::collection::vec((sections(), any::<bool>()), 1..8),
            picks in prop::collection::vec(any::<prop::sample::Index>(), 8),
        ) {
            let mut d = Decoder::default();
            let mut sent: Vec<(u64, Sections, String)> = Vec::new();
            let mut out = Vec::new();
            for (i, (now, new_extras)) in frames.iter().enumerate() {
                let tick = i as u64 + 1;
                // Any earlier snapshot may be the base, or none.
                let base = (i > 0 && picks[i].index(i + 1) < i).then(|| &sent[picks[i].index(i)]);
                let extras = format!("{{\"n\":{tick}}}");
                let send_extras = *new_extras || base.is_none();
                encode(&mut out, tick, 7, now, base.map(|b| (b.0, &b.1)), send_extras.then_some(extras.as_str()));
                let got = d.decode(&out).unwrap();
                prop_assert_eq!(&got.records, now);
                let want = if send_extras { extras } else { base.unwrap().2.clone() };
                prop_assert_eq!(&got.extras, &want);
                sent.push((tick, now.clone(), want));
            }
        }
    }
}
