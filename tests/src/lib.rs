//! Integration and UI tests for tool-error; the tests live in `tests/`.
