//! Preparing the solver's tables with a progress bar on stderr.
//!
//! The bar draws only when stderr is a terminal (indicatif hides it otherwise), so piped
//! output and JSON stay clean; one-line notices (e.g. a corrupt cache being rebuilt) are
//! always printed on stderr.

use std::cell::RefCell;
use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use slide::puzzle::Size;
use slide::solver::{BuildProgress, ProgressCallback, SearchProgress, Solver};

use crate::cli::CliError;
use crate::cli::output::{grouped, print_note};

/// Loads or builds every table the solver wants for `size`, showing progress. A shape that
/// is not classic counts as ready (its tables are built on the search's first need), but
/// here they are prepared first, so that a build of seconds (2×8's) shows its bar.
pub fn prepare(solver: &Solver, size: Size) -> Result<(), CliError> {
    if solver.is_ready(size) && size.is_classic() {
        return Ok(());
    }
    with_bar(|show| solver.prepare(size, show)).map_err(|source| CliError::Tables { size, source })
}

/// Runs `work`, drawing the progress it reports as a bar on stderr (notices as lines).
pub fn with_bar<T>(work: impl FnOnce(&dyn Fn(BuildProgress)) -> T) -> T {
    let bar: RefCell<Option<(String, ProgressBar)>> = RefCell::new(None);
    let show = |p: BuildProgress| match p {
        // A closed stderr loses the notice, and the run goes on (its answers still matter).
        BuildProgress::Notice(text) => match bar.borrow().as_ref() {
            Some((_, b)) => b.suspend(|| {
                let _ = print_note(format_args!("slide: {text}"));
            }),
            None => {
                let _ = print_note(format_args!("slide: {text}"));
            }
        },
        BuildProgress::Building { what, done, total } => {
            let mut current = bar.borrow_mut();
            if current.as_ref().is_none_or(|(w, _)| *w != what) {
                if let Some((_, old)) = current.take() {
                    old.finish_and_clear();
                }
                *current = Some((what.clone(), new_bar(&what, total)));
            }
            if let Some((_, b)) = current.as_ref() {
                b.set_length(total);
                b.set_position(done);
            }
        }
    };
    let result = work(&show);
    if let Some((_, b)) = bar.borrow_mut().take() {
        b.finish_and_clear();
    }
    result
}

fn new_bar(what: &str, total: u64) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{msg} [{bar:30.cyan/blue}] {percent:>3}% {elapsed_precise} eta {eta}")
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
    bar.set_style(style);
    bar.set_message(what.to_string());
    bar
}

/// Runs `work` with a spinner on stderr while an optimal search goes on (4×5's can take
/// minutes), if `show` and stderr is a terminal: the length it searches up to, against the
/// bound it began from, the nodes and the time. No share done is shown: nothing tells how
/// far above the bound the solution lies.
pub fn with_search_spinner<T>(show: bool, work: impl FnOnce(Option<ProgressCallback>) -> T) -> T {
    if !show || !std::io::stderr().is_terminal() {
        return work(None);
    }
    let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{spinner} {msg} {elapsed_precise}")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    bar.set_style(style);
    bar.set_message("searching for an optimal solution");
    bar.enable_steady_tick(Duration::from_millis(120));
    let shown = bar.clone();
    let callback = ProgressCallback::new(move |p| shown.set_message(search_message(p)));
    let result = work(Some(callback));
    bar.finish_and_clear();
    result
}

/// What the spinner says of a search in progress.
fn search_message(p: SearchProgress) -> String {
    format!(
        "searching solutions of {} moves (at least {} by the tables), {} nodes",
        p.threshold,
        p.lower_bound,
        grouped(p.nodes)
    )
}
