//! The derive: what `#[derive(ToolError)]` produces, per-code documentation URLs and
//! next calls. Run one part with `cargo test -p tool-error-tests --test derive
//! next_calls`.

mod display;
mod docs_url;
mod generated;
mod next_calls;
