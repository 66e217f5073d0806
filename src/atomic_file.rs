//! Writing a file so that a crash leaves either the old contents or the new, never half.
//!
//! The one atomic writer of the crate: the data directory's files and the solver's table
//! cache both go through [`write_atomically`] (or [`write_atomically_with`], which streams).

use std::fs;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// Writes `bytes` to a temporary file beside `path`, syncs it, renames it into place and
/// syncs the folder, creating the folder first if needed.
///
/// The temporary name is unique per process and call, so concurrent writers (two threads,
/// or two games) never share one; the last rename wins.
pub(crate) fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomically_with(path, |out| out.write_all(bytes))
}

/// As [`write_atomically`], but `write` streams the contents into the temporary file
/// (buffered), so that a large file never needs a second copy in memory.
pub(crate) fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> std::io::Result<()> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
    let result = (|| {
        let mut out = BufWriter::new(fs::File::create(&tmp)?);
        write(&mut out)?;
        let file = out.into_inner().map_err(std::io::IntoInnerError::into_error)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result?;
    sync_dir(dir)
}

/// Makes a rename (or a removal) in `dir` durable: until the folder itself is synced, a
/// crash may bring back the old name. Where folders cannot be opened or synced (Windows,
/// some file systems), there is nothing more to do.
pub(crate) fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        match fs::File::open(dir).and_then(|d| d.sync_all()) {
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::InvalidInput | std::io::ErrorKind::Unsupported
                ) =>
            {
                Ok(())
            }
            other => other,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(tag: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("slide-atomic-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn writes_replace_the_file_whole_and_leave_no_temporary() {
        let dir = temp_dir("replace");
        let path = dir.join("a.json");
        write_atomically(&path, b"first").unwrap();
        write_atomically_with(&path, |out| {
            for chunk in [&b"sec"[..], b"ond"] {
                out.write_all(chunk)?;
            }
            Ok(())
        })
        .unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"second");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "no temporary file is left");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_failed_stream_keeps_the_old_contents() {
        let dir = temp_dir("failed");
        let path = dir.join("a.json");
        write_atomically(&path, b"old").unwrap();
        let err = write_atomically_with(&path, |out| {
            out.write_all(b"half")?;
            Err(std::io::Error::other("the disk is full"))
        })
        .unwrap_err();
        assert_eq!(err.to_string(), "the disk is full");
        assert_eq!(fs::read(&path).unwrap(), b"old");
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1, "the temporary file is removed");
        let _ = fs::remove_dir_all(&dir);
    }
}
