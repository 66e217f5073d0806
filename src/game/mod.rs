//! A game in progress: board, history, clock, counters, save/resume and statistics.
