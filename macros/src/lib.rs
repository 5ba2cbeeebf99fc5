//! The derive macro behind [`tool-error`](https://docs.rs/tool-error). Depend on
//! `tool-error` (which re-exports it) rather than on this crate.
//!
//! The work happens in `src/derive/`, a pipeline of plain functions on
//! `proc_macro2` tokens: read the input into a typed view (`ast`, `attr`), check it
//! (`check`), and generate code (`expand`), or compile errors plus a placeholder impl
//! (`fallback`). A proc-macro crate can export nothing but macros, so fuzzers and
//! benchmarks include `src/derive/mod.rs` by path and call its `expand` (see the
//! repository's `fuzz/`). Every `#[tool_error(...)]` key is declared once, in
//! `src/derive/keys.rs`, which the documentation's key table is written from
//! (`src/key_table.rs`); `src/derive_stages.rs` keeps the pipeline's files in their
//! stages, each naming only its own and earlier ones.

#![forbid(unsafe_code)]
// The derive reports misuse as compile errors; it must never panic.
#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

mod derive;
#[cfg(test)]
mod derive_stages;
#[cfg(test)]
mod key_table;

use proc_macro::TokenStream;

/// Derives `tool_error::ToolError` and `tool_error::StaticCatalog`; use it through
/// the `tool-error` crate, which re-exports it.
// rustdoc appends these docs to the re-export's page, which holds the reference
// itself; only this crate's own documentation (built with `cfg(doc)`) needs the link.
#[cfg_attr(
    doc,
    doc = "",
    doc = "The full `#[tool_error(...)]` attribute reference (every key, where it goes and",
    doc = "what the compiler checks) is on the documentation page of `tool_error::ToolError`:",
    doc = "<https://docs.rs/tool-error/latest/tool_error/derive.ToolError.html>."
)]
#[proc_macro_derive(ToolError, attributes(tool_error))]
pub fn derive_tool_error(input: TokenStream) -> TokenStream {
    derive::expand(input.into()).into()
}
