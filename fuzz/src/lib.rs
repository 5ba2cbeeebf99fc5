//! Fuzz harnesses for tool-error, shared by the libFuzzer targets in `fuzz_targets/`
//! and the standalone runner in `examples/standalone.rs`. Each takes raw bytes,
//! decodes a structured input from them (`bytes`), exercises one surface and panics
//! when a promise breaks; see `README.md`.
//!
//! `model` (the arbitrary error, context and policy) and `checks` (what every
//! rendering and every client reading must satisfy) are also the property tests'
//! in `tests/tests/runtime/hardening.rs`, whose test binary includes them by path
//! with `bytes`.

pub mod bytes;
pub mod checks;
pub mod derive_input;
pub mod model;
pub mod parse;
pub mod render;

/// The derive's pipeline, included by path: a proc-macro crate can export nothing
/// but its macros.
#[path = "../../macros/src/derive/mod.rs"]
#[allow(dead_code, unreachable_pub)]
pub mod derive;

use bytes::Bytes;

/// The derive target: any item, any attribute contents; the expansion never panics
/// and is always items (the impls, or `compile_error!`s and placeholder impls).
pub fn derive_expand(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let case = derive_input::derive_case(&mut bytes);
    check_expansion(&case);
}

/// The checks on one expansion.
pub fn check_expansion(case: &derive_input::DeriveCase) {
    let output = derive::expand(case.tokens.clone());
    let text = output.to_string();
    // Known and reported: syn reads `_: T` as a named field (unstable unnamed
    // fields), and the derive then writes `_` into a struct pattern. rustc refuses
    // the item itself, so nothing compiles either way; the check is skipped for it.
    let underscore_field = syn::parse2::<syn::DeriveInput>(case.tokens.clone())
        .is_ok_and(|input| has_underscore_field(&input));
    if let Err(error) = syn::parse2::<syn::File>(output)
        && !underscore_field
    {
        panic!(
            "the expansion is not items ({error}):\n{text}\ninput: {}",
            case.source.as_deref().unwrap_or("(tokens)")
        );
    }
    if case.must_pass {
        assert!(
            !text.contains("compile_error"),
            "a valid input was refused:\n{}\n{text}",
            case.source.as_deref().unwrap_or("(tokens)")
        );
    }
    if case.must_fail {
        assert!(
            text.contains("compile_error"),
            "an input with a certain mistake expanded without error:\n{}\n{text}",
            case.source.as_deref().unwrap_or("(tokens)")
        );
    }
}

/// The client-parse target: any text, envelope-like JSON, and rendered envelopes
/// with random edits.
pub fn client_parse(data: &[u8]) {
    parse::run(data);
}

/// The render target: any error, context and policy through every profile.
pub fn render(data: &[u8]) {
    render::run(data);
}

/// Whether any field of `input` is named `_`.
fn has_underscore_field(input: &syn::DeriveInput) -> bool {
    let named_underscore = |fields: &syn::Fields| {
        fields
            .iter()
            .any(|field| field.ident.as_ref().is_some_and(|ident| ident == "_"))
    };
    match &input.data {
        syn::Data::Struct(data) => named_underscore(&data.fields),
        syn::Data::Enum(data) => data.variants.iter().any(|v| named_underscore(&v.fields)),
        syn::Data::Union(data) => data
            .fields
            .named
            .iter()
            .any(|f| f.ident.as_ref().is_some_and(|i| i == "_")),
    }
}
