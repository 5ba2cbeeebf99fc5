//! The runtime without the derive's help: rendering through every profile, tool
//! arguments, and the property tests (`hardening`). Run the property tests alone
//! with `cargo test -p tool-error-tests --test runtime hardening`.

mod args;
mod hardening;
mod rendering;

// The fuzz targets' model and checks, which `hardening` runs as property tests.
// Included by path at the crate root, since they name each other `crate::bytes` and
// `crate::model`, as in the fuzz package.
#[path = "../../../fuzz/src/bytes.rs"]
#[allow(dead_code, unreachable_pub)]
mod bytes;
#[path = "../../../fuzz/src/checks.rs"]
#[allow(dead_code, unreachable_pub)]
mod checks;
#[path = "../../../fuzz/src/model.rs"]
#[allow(dead_code, unreachable_pub)]
mod model;
