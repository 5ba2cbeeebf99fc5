//! The tour.
fn main() {}
