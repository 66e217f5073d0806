//! A sealed history file's compression: gzip, written as several members of
//! [`LINES_PER_MEMBER`] lines each (a gzip file may hold many, and every gzip reader reads
//! them one after the other), so that damage costs one member, not the file.
//!
//! Reading gives up only what can't be decompressed: a member is read up to its damage
//! (every byte before it: the inflater writes as it goes), then the next member is looked
//! for after it (by its header, `1f 8b 08`). A member whose header is damaged is read as
//! the deflate data behind the header this version writes (ten bytes). A member whose
//! checksum fails is kept, and said: its lines are read one by one like any others. Files
//! sealed before there were members are one member: damage there costs the rest of the
//! file from the damage on.

use std::io::Write;

use flate2::write::GzEncoder;
use flate2::{Compression, Crc, Decompress, FlushDecompress, Status};

/// Lines in one gzip member: about 25 KB of text, past which compression gains little (the
/// window of deflate is 32 KB).
pub(crate) const LINES_PER_MEMBER: usize = 50;

/// The bytes every member this version writes begins with: the magic, then deflate.
const MEMBER_START: [u8; 3] = [0x1f, 0x8b, 0x08];

/// The length of the member header this version writes (no name, no extra field).
const HEADER_LEN: usize = 10;

/// `text` as gzip, [`LINES_PER_MEMBER`] lines a member.
pub(crate) fn compress(text: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() / 3);
    let mut start = 0;
    loop {
        let end = text[start..]
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'\n')
            .nth(LINES_PER_MEMBER - 1)
            .map_or(text.len(), |(i, _)| start + i + 1);
        let mut gz = GzEncoder::new(Vec::new(), Compression::default());
        gz.write_all(&text[start..end])?;
        out.extend(gz.finish()?);
        start = end;
        if start >= text.len() {
            return Ok(out);
        }
    }
}

/// What could be decompressed.
pub(crate) struct Decompressed {
    /// The text of every member, or of its part before the damage (then ended with a line
    /// break, so that its last line is not glued to the next member's first).
    pub text: Vec<u8>,
    /// What was wrong, when something was.
    pub damage: Option<String>,
}

/// Decompresses a sealed file, member by member, past any damage.
pub(crate) fn decompress(bytes: &[u8]) -> Decompressed {
    let mut text = Vec::with_capacity(bytes.len().saturating_mul(4));
    let mut damage = None;
    let mut at = 0;
    while at < bytes.len() {
        let before = text.len();
        match member(bytes, at, &mut text) {
            Ok(next) => at = next,
            Err(why) => {
                damage.get_or_insert(why);
                if text.len() > before && text.last() != Some(&b'\n') {
                    text.push(b'\n');
                }
                match next_member(bytes, at + 1) {
                    Some(next) => at = next,
                    None => break,
                }
            }
        }
    }
    Decompressed { text, damage }
}

/// Decompresses the member at `at` onto `text`: where the next one begins, or what is
/// wrong with it (what came before its damage is kept: the inflater writes as it goes).
fn member(bytes: &[u8], at: usize, text: &mut Vec<u8>) -> Result<usize, String> {
    let start = text.len();
    let header = header_end(bytes, at);
    let from = header.unwrap_or(at + HEADER_LEN);
    let input = bytes.get(from..).unwrap_or_default();
    let mut inflate = Decompress::new(false);
    loop {
        let (read, wrote) = (inflate.total_in(), text.len());
        text.reserve(64 * 1024);
        let at_in = usize::try_from(read).unwrap_or(usize::MAX).min(input.len());
        let status = inflate
            .decompress_vec(&input[at_in..], text, FlushDecompress::None)
            .map_err(|e| format!("damaged data ({e})"))?;
        if status == Status::StreamEnd {
            break;
        }
        if inflate.total_in() == read && text.len() == wrote {
            return Err("the file ends inside its data".into());
        }
    }
    let end = from + usize::try_from(inflate.total_in()).unwrap_or(usize::MAX);
    let trailer = bytes
        .get(end..end.saturating_add(8))
        .ok_or_else(|| "the file ends before a checksum".to_string())?;
    let mut crc = Crc::new();
    crc.update(&text[start..]);
    let stated = |i: usize| u32::from_le_bytes([trailer[i], trailer[i + 1], trailer[i + 2], trailer[i + 3]]);
    if crc.sum() != stated(0) || crc.amount() != stated(4) {
        return Err("a checksum does not match".into());
    }
    if header.is_none() {
        return Err("a member's header is damaged".into());
    }
    Ok(end + 8)
}

/// Where the deflate data of the member whose header is at `at` begins; `None` when the
/// header is damaged.
fn header_end(bytes: &[u8], at: usize) -> Option<usize> {
    const FHCRC: u8 = 0x02;
    const FEXTRA: u8 = 0x04;
    const FNAME: u8 = 0x08;
    const FCOMMENT: u8 = 0x10;
    let head = bytes.get(at..at + HEADER_LEN)?;
    let flags = head[3];
    if head[..3] != MEMBER_START || flags & 0xe0 != 0 {
        return None;
    }
    let mut end = at + HEADER_LEN;
    if flags & FEXTRA != 0 {
        let len = bytes.get(end..end + 2)?;
        end += 2 + usize::from(u16::from_le_bytes([len[0], len[1]]));
    }
    for flag in [FNAME, FCOMMENT] {
        if flags & flag != 0 {
            end += bytes.get(end..)?.iter().position(|&b| b == 0)? + 1;
        }
    }
    if flags & FHCRC != 0 {
        end += 2;
    }
    (end <= bytes.len()).then_some(end)
}

/// Where the next member's header begins, from `from` on.
fn next_member(bytes: &[u8], from: usize) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(MEMBER_START.len())
        .position(|w| w == MEMBER_START)
        .map(|i| from + i)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(n: usize) -> Vec<u8> {
        (0..n).flat_map(|i| format!("line {i}\n").into_bytes()).collect()
    }

    #[test]
    fn text_round_trips_in_members_any_gzip_reader_reads() {
        use std::io::Read;
        for n in [0, 1, 49, 50, 51, 1000] {
            let text = lines(n);
            let gz = compress(&text).unwrap();
            let back = decompress(&gz);
            assert_eq!(back.text, text, "{n} lines");
            assert!(back.damage.is_none());
            let mut whole = Vec::new();
            flate2::read::MultiGzDecoder::new(&gz[..])
                .read_to_end(&mut whole)
                .unwrap();
            assert_eq!(whole, text);
        }
    }

    #[test]
    fn damage_costs_at_most_its_member() {
        let text = lines(500);
        let gz = compress(&text).unwrap();
        let members: Vec<usize> = (0..gz.len()).filter(|&i| gz[i..].starts_with(&MEMBER_START)).collect();
        assert_eq!(members.len(), 10);
        for at in [0, 3, 20, members[4] + 30, gz.len() - 3] {
            let mut bad = gz.clone();
            bad[at] ^= 0x55;
            let back = decompress(&bad);
            assert!(back.damage.is_some(), "flip at {at}");
            let read = String::from_utf8_lossy(&back.text);
            let kept = (0..500)
                .filter(|i| read.lines().any(|l| l == format!("line {i}")))
                .count();
            assert!(kept >= 450, "flip at {at}: {kept} lines of 500 kept");
        }
    }

    #[test]
    fn a_cut_file_keeps_what_came_before_the_cut() {
        let text = lines(1000);
        let gz = compress(&text).unwrap();
        let back = decompress(&gz[..gz.len() / 2]);
        assert!(back.damage.is_some());
        let read = String::from_utf8_lossy(&back.text);
        assert!(read.lines().filter(|l| l.starts_with("line ")).count() >= 400);
    }
}
