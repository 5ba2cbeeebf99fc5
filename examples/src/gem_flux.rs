//! Seed system module (in progress).
