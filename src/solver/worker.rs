//! The solver thread the game talks to over channels.
