//! libFuzzer target; see `fuzz/README.md`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| tool_error_fuzz::client_parse(data));
