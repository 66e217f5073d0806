//! How wide a beam of the bounded search may be: the next width, from the time the last
//! beam took and the time left, and the widest that fits the memory budget.

use std::time::Duration;

use crate::solver::search::depth_set::DepthSet;

/// The first beam's width: wide enough to be sound, narrow enough to take milliseconds.
pub(super) const FIRST_WIDTH: usize = 256;
/// Wider beams cost memory (about 200 bytes a node, and 4 a node per depth for the trace)
/// for little gain.
pub(super) const MAX_WIDTH: usize = 1 << 17;
/// How many past depths' sets are kept: the one checked (two back), the one in between
/// (checked at the next depth), and one to reuse.
pub(super) const MEMORY_DEPTHS: usize = 3;

/// The sizes a beam's memory is counted in.
#[derive(Clone, Copy)]
pub(super) struct NodeBytes {
    /// One node of a layer.
    pub(super) node: usize,
    /// One child before selection.
    pub(super) candidate: usize,
}

/// The width of a thread's next beam after one of `width` took `took`: the next doubling
/// (every thread takes its share of them), or, when that would not finish before the
/// deadline, the widest beam that should, judging by this one's speed. A beam cut off by
/// the deadline is wasted, and with doubling the last one would be more often than not.
/// `None`: no wider beam fits (or the widest has run), so the search ends early and the
/// caller may use the time. `left` is the time to the deadline (`None`: no deadline).
pub(super) fn next_width(
    width: usize,
    threads: usize,
    thread: usize,
    took: Duration,
    left: Option<Duration>,
) -> Option<usize> {
    let doubled = u32::try_from(threads)
        .ok()
        .and_then(|t| width.checked_shl(t))
        .filter(|&d| d <= MAX_WIDTH)
        .unwrap_or(MAX_WIDTH + 1);
    let Some(left) = left else {
        return (doubled <= MAX_WIDTH).then_some(doubled);
    };
    let left = left.as_secs_f64();
    let per_node = took.as_secs_f64().max(1e-6) / width as f64;
    if per_node * doubled as f64 <= left {
        return (doubled <= MAX_WIDTH).then_some(doubled);
    }
    // Threads aim at different margins, so that two never run the same last width.
    let margin = 0.85 / (1 + thread) as f64;
    let fits = ((left * margin / per_node) as usize).min(MAX_WIDTH);
    (fits > width).then_some(fits)
}

/// The bytes a beam of `width` holds whatever its depth: two layers, the candidates and
/// their states, and the sets of keys of the depths it remembers.
pub(super) fn fixed_bytes(width: usize, bytes: NodeBytes) -> usize {
    2 * width * bytes.node + 3 * width * bytes.candidate + MEMORY_DEPTHS * DepthSet::bytes_for(width * 3)
}

/// The widest beam, at most `width`, whose fixed part and trace to `depth` fit in
/// `available` bytes; `None` if not even the first width does.
pub(super) fn widest_fitting(width: usize, depth: usize, bytes: NodeBytes, available: usize) -> Option<usize> {
    let need = |w: usize| fixed_bytes(w, bytes) + w * depth.max(1) * std::mem::size_of::<u32>();
    if need(width) <= available {
        return Some(width);
    }
    // Bytes grow about linearly with the width (the sets by powers of two): halve until it
    // fits, then it is at least half as wide as what would.
    let mut w = width / 2;
    while w >= FIRST_WIDTH {
        if need(w) <= available {
            return Some(w);
        }
        w /= 2;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_widest_fitting_beam_halves_until_it_fits() {
        let node = NodeBytes {
            node: 100,
            candidate: 64,
        };
        let need = |w: usize| fixed_bytes(w, node) + w * 200 * 4;
        assert_eq!(widest_fitting(4096, 200, node, need(4096)), Some(4096));
        assert_eq!(widest_fitting(4096, 200, node, need(4096) - 1), Some(2048));
        assert_eq!(widest_fitting(4096, 200, node, need(1024)), Some(1024));
        assert_eq!(widest_fitting(4096, 200, node, 10), None);
        // The thread shares: with 70 threads the shifts would overflow.
        assert_eq!(next_width(1 << 16, 70, 3, Duration::ZERO, None), None);
    }

    #[test]
    fn the_next_beam_doubles_when_it_fits_and_shrinks_to_fit_the_time_left() {
        let ms = Duration::from_millis;
        // No deadline: plain doubling, a thread's share of them.
        assert_eq!(next_width(1000, 1, 0, ms(10), None), Some(2000));
        assert_eq!(next_width(1000, 2, 1, ms(10), None), Some(4000));
        // 1000 nodes took 10 ms, a second is left: 2000 fit.
        let far = Some(Duration::from_secs(1));
        assert_eq!(next_width(1000, 1, 0, ms(10), far), Some(2000));
        // 1000 took 100 ms and 150 ms are left: not 2000, but about 1275 do.
        let near = Some(ms(150));
        let fit = next_width(1000, 1, 0, ms(100), near).expect("a wider beam fits");
        assert!((1000..2000).contains(&fit), "{fit}");
        // The second thread aims lower, so the two do not run the same width.
        assert!(next_width(1000, 2, 1, ms(100), near).is_none_or(|w| w < fit));
        // Nothing wider fits: stop early.
        assert_eq!(next_width(1000, 1, 0, ms(100), Some(ms(50))), None);
        assert_eq!(next_width(1000, 1, 0, ms(1), Some(Duration::ZERO)), None);
        // Never past the widest beam.
        assert!(next_width(MAX_WIDTH / 2 + 1, 1, 0, Duration::ZERO, far).is_none());
    }
}
