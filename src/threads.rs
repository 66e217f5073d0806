//! The library's background threads: how they are named, and how a caught panic reads.
//!
//! Every thread the library starts (the worker, search threads, table builders, the dealer)
//! carries [`THREAD_PREFIX`] in its name, so a panic hook can tell a panic that the library
//! catches and reports (a solver bug: the game goes on) from one that ends the program.
//! This file imports nothing of the crate, so every layer may use it.

/// The prefix of every background thread's name.
pub(crate) const THREAD_PREFIX: &str = "slide-solver";

/// The name of a background thread doing `what` (`slide-solver-search`).
pub(crate) fn thread_name(what: &str) -> String {
    format!("{THREAD_PREFIX}-{what}")
}

/// Spawns a scoped search thread named like the worker's, so that the game's panic hook
/// treats a panic there as the solver's (caught and reported in the status line) rather
/// than the game's. Like `Scope::spawn`, it panics if the system refuses a thread.
pub(crate) fn spawn_search<'scope, 'env, F, T>(
    scope: &'scope std::thread::Scope<'scope, 'env>,
    f: F,
) -> std::thread::ScopedJoinHandle<'scope, T>
where
    F: FnOnce() -> T + Send + 'scope,
    T: Send + 'scope,
{
    std::thread::Builder::new()
        .name(thread_name("search"))
        .spawn_scoped(scope, f)
        .expect("the system refused a search thread")
}

/// Whether a thread of this name is one of the library's background threads, whose panics
/// the library catches and reports.
pub fn is_background_thread(name: &str) -> bool {
    name.starts_with(THREAD_PREFIX)
}

/// Locks `m` even if a thread panicked while holding it: for data that stays whole
/// whatever a panic interrupts (only ever added to, or a lock held for its exclusion alone).
pub(crate) fn lock<T>(m: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The text of a caught panic's payload.
pub(crate) fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s.clone()
    } else {
        "the solver panicked".to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_carry_the_prefix_and_panics_read_as_text() {
        assert!(is_background_thread(&thread_name("search")));
        assert!(!is_background_thread("main"));
        let boxed: Box<dyn std::any::Any + Send> = Box::new("boom");
        assert_eq!(panic_message(boxed.as_ref()), "boom");
        let boxed: Box<dyn std::any::Any + Send> = Box::new(String::from("bang"));
        assert_eq!(panic_message(boxed.as_ref()), "bang");
        let boxed: Box<dyn std::any::Any + Send> = Box::new(3_u8);
        assert_eq!(panic_message(boxed.as_ref()), "the solver panicked");
    }
}
