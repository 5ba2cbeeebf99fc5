//! The render and client-parse targets, briefly, on random bytes: they run the model
//! and checks that `tests/tests/runtime/hardening.rs` runs at length, so this only
//! keeps the targets themselves (what libFuzzer and the standalone runner call)
//! working.
//!
//! Runs with `cargo test --manifest-path fuzz/Cargo.toml`; for long runs use the
//! fuzzers or `PROPTEST_CASES` on the hardening tests.

use proptest::prelude::*;

fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config.failure_persistence = None;
    config
}

proptest! {
    #![proptest_config(config(16))]

    #[test]
    fn render_target(data in prop::collection::vec(any::<u8>(), 0..1024)) {
        tool_error_fuzz::render(&data);
    }

    #[test]
    fn client_parse_target(data in prop::collection::vec(any::<u8>(), 0..1024)) {
        tool_error_fuzz::client_parse(&data);
    }
}
