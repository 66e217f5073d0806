//! Telling a stdout the shell closed (`slide levels >&-`) from one sent to `/dev/null`.
//!
//! Rust's runtime reopens a closed standard descriptor on `/dev/null` before `main`, so
//! every write then succeeds and the output is lost without a word. The runtime opens it
//! read-write, where a shell's `>/dev/null` opens it write-only: on Linux the two are told
//! apart by the descriptor's target and access mode in `/proc/self`. Elsewhere nothing is
//! told, and a closed stdout stays a quiet success.

/// Whether fd 1 is the `/dev/null` the runtime put in place of a closed stdout.
pub(crate) fn stdout_was_closed() -> bool {
    cfg!(target_os = "linux") && {
        let target = std::fs::read_link("/proc/self/fd/1");
        let info = std::fs::read_to_string("/proc/self/fdinfo/1");
        match (target, info) {
            (Ok(target), Ok(info)) => target.as_os_str() == "/dev/null" && opened_read_write(&info),
            _ => false,
        }
    }
}

/// Whether an `fdinfo` text's `flags:` (octal `open` flags) give read and write access.
fn opened_read_write(fdinfo: &str) -> bool {
    const ACCESS_MODE: u32 = 0o3;
    const READ_WRITE: u32 = 0o2;
    fdinfo
        .lines()
        .find_map(|line| line.strip_prefix("flags:"))
        .and_then(|flags| u32::from_str_radix(flags.trim(), 8).ok())
        .is_some_and(|flags| flags & ACCESS_MODE == READ_WRITE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_access_mode_is_read_from_the_octal_flags() {
        assert!(opened_read_write("pos:\t0\nflags:\t0100002\nmnt_id:\t25\n"));
        assert!(
            !opened_read_write("pos:\t0\nflags:\t0100001\nmnt_id:\t25\n"),
            "write-only"
        );
        assert!(opened_read_write("pos:\t0\nflags:\t02\n"));
        assert!(!opened_read_write("pos:\t0\n"), "no flags line");
        assert!(!opened_read_write("flags:\tzz\n"), "not octal");
    }
}
