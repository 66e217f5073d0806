//! Work nobody waits for runs at a low OS priority: the thread that does it lowers its own
//! scheduling priority (nice 10), and the threads it starts (a search's, a table build's)
//! inherit it. The player's own requests keep the normal priority, so the game and its
//! hints never wait behind the engine's thinking, even on a loaded machine.

/// The nice value of background work: low, but not idle (it still runs on a busy machine).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
pub(crate) const BACKGROUND_NICE: i32 = 10;

/// Lowers the calling thread's scheduling priority to [`BACKGROUND_NICE`] (or leaves it
/// lower, if the game was started lower still), for good: an unprivileged thread cannot
/// raise it again, so only threads that do nothing but background work call this. On Linux
/// the nice value is per thread; elsewhere it would be the whole process's, so there it is
/// left alone. A refusal is no error: the work then runs at the priority it has.
pub(crate) fn lower_this_thread() {
    #[cfg(target_os = "linux")]
    {
        use rustix::process::{getpriority_process, setpriority_process};
        let tid = Some(rustix::thread::gettid());
        let now = getpriority_process(tid).unwrap_or(0);
        if now < BACKGROUND_NICE {
            let _ = setpriority_process(tid, BACKGROUND_NICE);
        }
    }
}

/// This thread's nice value, where the system says (for tests).
#[cfg(test)]
pub(crate) fn this_thread_nice() -> Option<i32> {
    #[cfg(target_os = "linux")]
    {
        rustix::process::getpriority_process(Some(rustix::thread::gettid())).ok()
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    #[test]
    fn a_lowered_thread_is_niced_and_the_others_are_not() {
        let before = this_thread_nice();
        let inner = std::thread::spawn(|| {
            lower_this_thread();
            let own = this_thread_nice();
            // A thread started from a lowered one inherits its priority.
            let child = std::thread::spawn(this_thread_nice).join().ok().flatten();
            (own, child)
        })
        .join()
        .expect("the thread ends");
        let expected = before.map(|b| b.max(BACKGROUND_NICE));
        assert_eq!(inner, (expected, expected));
        assert_eq!(this_thread_nice(), before, "the caller's thread keeps its priority");
    }
}
