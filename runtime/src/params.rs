//! Validation of JSON tool arguments, reporting caller-fixable problems with the
//! `parameter` / `expected_type` / `actual_type` details agents can act on.
