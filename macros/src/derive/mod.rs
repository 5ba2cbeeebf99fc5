//! The derive pipeline: tokens, typed view, checks, generated code.

mod ast;
mod attr;
mod bound;
mod case;
mod check;
mod ctxt;
mod doc;
mod expand;
mod fallback;
// Visible to harnesses that include this module by path, and to the crate's test that
// writes the documentation's key table: the fuzzer draws real keys from the same
// table the derive reads with.
pub(crate) mod keys;
mod name;
mod next_call;
mod shown;
mod spelling;
mod template;
mod value;

use proc_macro2::TokenStream;
use quote::quote;

use self::ctxt::Ctxt;

/// Expands `#[derive(ToolError)]` on `input`: the generated impls, or every error
/// found as `compile_error!` plus placeholder impls. Never panics.
///
/// Public so harnesses that include this module by path (fuzzing, benchmarks) can
/// call it; the proc-macro crate itself exports only the derive.
#[allow(unreachable_pub)]
pub fn expand(input: TokenStream) -> TokenStream {
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.to_compile_error(),
    };
    let cx = Ctxt::default();
    let view = ast::Input::from_syn(&cx, &input);
    let krate = match view.as_ref().and_then(|view| view.attrs.krate.get()) {
        Some(path) => quote!(#path),
        None => quote!(::tool_error),
    };
    let integrations = view.as_ref().is_none_or(ast::Input::integrations);
    if let Some(view) = view {
        check::check(&cx, &view);
        if !cx.has_errors() {
            return expand::expand(&view, &krate);
        }
    }
    let mut tokens = cx.to_compile_errors();
    tokens.extend(fallback::dummy(&input, &krate, integrations));
    tokens
}
