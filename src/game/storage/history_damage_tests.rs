//! The history damaged at every byte: a small real history (written by the real writer, an
//! active file and a sealed one of three gzip members) is cut, has a byte flipped, or bytes
//! inserted, at every offset of the active file and at a sample of the sealed file's, and
//! read. Every attempt the damage did not touch must still be read, and an attempt lost
//! must be said.

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;

use crate::game::records::attempt_record::AttemptRecord;
use crate::game::records::attempt_record::tests::sample;
use crate::game::storage::history_file::tests::temp_store;
use crate::game::storage::history_file::{ACTIVE, AttemptHistory, TEST_SEAL_AT};
use crate::game::storage::store::{Loaded, Store};

const SEALED: usize = 120;
const ACTIVE_ATTEMPTS: usize = 8;

/// How a file is damaged at an offset.
#[derive(Debug, Clone, Copy)]
enum Damage {
    Cut,
    Flip(u8),
    Insert(&'static [u8]),
}

const DAMAGES: [Damage; 5] = [
    Damage::Cut,
    Damage::Flip(0x01),
    Damage::Flip(0xff),
    Damage::Insert(b"\n"),
    Damage::Insert(b"}x\x00"),
];

fn damaged(bytes: &[u8], at: usize, damage: Damage) -> Vec<u8> {
    let mut out = bytes.to_vec();
    match damage {
        Damage::Cut => out.truncate(at),
        Damage::Flip(mask) => out[at] ^= mask,
        Damage::Insert(what) => drop(out.splice(at..at, what.iter().copied())),
    }
    out
}

/// Distinct attempts, each one a real solve.
fn attempts() -> Vec<AttemptRecord> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..SEALED + ACTIVE_ATTEMPTS)
        .map(|i| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            AttemptRecord {
                id: format!("{x:016x}-1"),
                at: 1_796_256_000_000 + i as u64 * 61_000,
                millis: 1_000 + (x >> 50),
                ..sample()
            }
        })
        .collect()
}

struct Fixture {
    store: Store,
    records: Vec<AttemptRecord>,
    active: PathBuf,
    active_bytes: Vec<u8>,
    sealed: PathBuf,
    sealed_bytes: Vec<u8>,
}

fn fixture(tag: &str) -> Fixture {
    let store = temp_store(tag);
    let records = attempts();
    TEST_SEAL_AT.with(|s| s.set(SEALED));
    for r in &records {
        store.append_attempts(std::slice::from_ref(r)).unwrap();
    }
    TEST_SEAL_AT.with(|s| s.set(super::history_file::SEAL_AT));
    let sealed = store.sealed_files().unwrap();
    assert_eq!(sealed.len(), 1);
    let active = store.history_dir().join(ACTIVE);
    Fixture {
        active_bytes: fs::read(&active).unwrap(),
        sealed_bytes: fs::read(&sealed[0].1).unwrap(),
        sealed: sealed[0].1.clone(),
        active,
        records,
        store,
    }
}

fn load(store: &Store, what: &str) -> AttemptHistory {
    match store.load_attempts() {
        Loaded::Found(h) => h,
        other => panic!("{what}: {other:?}"),
    }
}

fn by_id(h: &AttemptHistory) -> HashMap<&str, &AttemptRecord> {
    h.attempts.iter().map(|a| (a.id.as_str(), a)).collect()
}

/// Whether `h` holds `r` exactly.
fn holds(read: &HashMap<&str, &AttemptRecord>, r: &AttemptRecord) -> bool {
    read.get(r.id.as_str()).is_some_and(|a| *a == r)
}

/// The byte range of each attempt's line in the active file, its line break included.
fn line_spans(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            spans.push((start, i));
            start = i + 1;
        }
    }
    spans.remove(0);
    spans
}

/// Whether damage at `at` leaves the line `s..=e` as it was.
fn untouched(damage: Damage, at: usize, (s, e): (usize, usize)) -> bool {
    match damage {
        // A line whose break alone is cut off is still whole.
        Damage::Cut => e < at || (e == at && s < at),
        // A flipped line break before the line glues it to the one above.
        Damage::Flip(_) => at + 1 < s || at > e,
        Damage::Insert(what) => at < s || at > e || (what == b"\n" && at == s),
    }
}

#[test]
fn damage_to_the_active_file_at_every_byte_costs_only_the_lines_it_touches() {
    let f = fixture("damage-active");
    let (sealed, active) = f.records.split_at(SEALED);
    let spans = line_spans(&f.active_bytes);
    assert_eq!(spans.len(), ACTIVE_ATTEMPTS);
    // The sealed file is read at every load; kept out of the way meanwhile, it is read
    // once with the damaged active file at the end.
    let away = f.store.dir().join("sealed.away");
    fs::rename(&f.sealed, &away).unwrap();
    let mut reads = 0;
    for at in 0..f.active_bytes.len() {
        // A cut, a flip and an insertion at every byte; the other two, every other byte.
        let also = DAMAGES[3 + at % 2];
        for damage in [DAMAGES[0], DAMAGES[1 + at % 2], also] {
            let what = format!("{damage:?} at {at}");
            fs::write(&f.active, damaged(&f.active_bytes, at, damage)).unwrap();
            let h = load(&f.store, &what);
            reads += 1;
            let read = by_id(&h);
            let mut lost = 0;
            for (r, &span) in active.iter().zip(&spans) {
                if holds(&read, r) {
                    continue;
                }
                assert!(!untouched(damage, at, span), "{what}: {} was not touched", r.id);
                lost += 1;
            }
            let changed = h.attempts.iter().any(|a| !f.records.contains(a));
            let said = h.unreadable_lines > 0 || changed;
            if let Damage::Cut = damage {
                // A file cut between two lines (or just before a line break) is a
                // shorter file: nothing tells it.
                let between_lines = at == 0 || f.active_bytes[at - 1] == b'\n' || f.active_bytes[at] == b'\n';
                assert!(lost == 0 || said || between_lines, "{what}: {lost} lost, unsaid");
            } else {
                assert!(lost <= 2, "{what}: {lost} attempts lost");
                assert!(lost == 0 || said, "{what}: {lost} lost, unsaid");
            }
        }
    }
    fs::rename(&away, &f.sealed).unwrap();
    let h = load(&f.store, "the sealed file with a damaged active file");
    assert!(sealed.iter().all(|r| holds(&by_id(&h), r)));
    fs::write(&f.active, &f.active_bytes).unwrap();
    let h = load(&f.store, "restored");
    assert_eq!(h.attempts, f.records);
    assert!(reads >= 3 * f.active_bytes.len());
    let _ = fs::remove_dir_all(f.store.dir());
}

/// The sealed file's members: where each begins, and the attempts it holds.
fn members(f: &Fixture) -> Vec<(usize, Vec<AttemptRecord>)> {
    let gz = &f.sealed_bytes;
    let starts: Vec<usize> = (0..gz.len())
        .filter(|&i| gz[i..].starts_with(&[0x1f, 0x8b, 0x08]))
        .collect();
    let mut skip = 0;
    starts
        .iter()
        .enumerate()
        .map(|(m, &s)| {
            let end = starts.get(m + 1).copied().unwrap_or(gz.len());
            let text = super::sealed_file::decompress(&gz[s..end]).text;
            let n = text.split(|&b| b == b'\n').count() - 1 - usize::from(m == 0);
            let held = f.records[skip..skip + n].to_vec();
            skip += n;
            (s, held)
        })
        .collect()
}

#[test]
fn damage_to_the_sealed_file_costs_only_what_cannot_be_decompressed() {
    let f = fixture("damage-sealed");
    let members = members(&f);
    assert_eq!(members.len(), 3, "header and 120 lines in members of 50");
    assert_eq!(members.iter().map(|m| m.1.len()).sum::<usize>(), SEALED);
    let len = f.sealed_bytes.len();
    let offsets: Vec<usize> = (0..len)
        .filter(|&at| at < 40 || at + 24 >= len || at % 11 == 0 || members.iter().any(|m| m.0.abs_diff(at) < 12))
        .collect();
    for &at in &offsets {
        let member = members.iter().rposition(|m| m.0 <= at).unwrap_or(0);
        let mut after_cut = Vec::new();
        for damage in DAMAGES {
            let what = format!("{damage:?} at {at} (member {member})");
            fs::write(&f.sealed, damaged(&f.sealed_bytes, at, damage)).unwrap();
            let h = load(&f.store, &what);
            let read = by_id(&h);
            assert!(
                f.records[SEALED..].iter().all(|r| holds(&read, r)),
                "{what}: the active file"
            );
            let sealed_read: Vec<&AttemptRecord> = f.records[..SEALED].iter().filter(|r| holds(&read, r)).collect();
            // What comes before the damage decompresses as it does when the file is cut there.
            if let Damage::Cut = damage {
                after_cut = sealed_read.iter().map(|r| r.id.clone()).collect();
                for m in &members[..member] {
                    assert!(m.1.iter().all(|r| holds(&read, r)), "{what}: an earlier member");
                }
            } else {
                for id in &after_cut {
                    assert!(
                        read.contains_key(id.as_str()),
                        "{what}: {id} is read from the file cut there"
                    );
                }
                for m in &members[member + 1..] {
                    assert!(m.1.iter().all(|r| holds(&read, r)), "{what}: a later member");
                }
            }
            let said = h.unreadable_lines > 0 || h.moved_aside.iter().any(|(_, p)| p == &f.sealed);
            // A file cut between two members is a shorter file: nothing tells it.
            let between_members = matches!(damage, Damage::Cut) && members[1..].iter().any(|m| m.0 == at);
            assert!(
                sealed_read.len() == SEALED || said || between_members,
                "{what}: lost unsaid"
            );
        }
    }
    assert!(offsets.len() > 100, "{} offsets", offsets.len());
    let _ = fs::remove_dir_all(f.store.dir());
}
