//! Derive macro for `tool-error`.
use proc_macro::TokenStream;

/// Derives `ToolError`.
#[proc_macro_derive(ToolError, attributes(tool_error))]
pub fn derive_tool_error(input: TokenStream) -> TokenStream {
    let _ = input;
    TokenStream::new()
}
