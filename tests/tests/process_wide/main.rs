//! What sets state for the whole process, apart from the other test binaries: a
//! counting global allocator, the `metrics` recorder, and the rmcp integration's
//! once-per-process warning. Each module keeps to what its state lets it see: the
//! allocator counts per thread, the recorder's counts are read by tool, and nothing
//! else here converts an error outside an rmcp router.

// A global allocator is an unsafe trait; this one only counts and delegates.
#[allow(unsafe_code)]
mod allocations;
mod metrics;
mod rmcp_unscoped;
