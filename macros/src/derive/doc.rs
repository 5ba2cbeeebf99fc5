//! Doc comments, which become the descriptions in the catalog. Most are plain text
//! (`/// ...` or `#[doc = "..."]`); a `#[doc = concat!(...)]` or
//! `#[doc = include_str!(...)]` line is a macro call the derive cannot read, so it
//! is carried into the generated code, where the compiler expands it.

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::{Attribute, Expr};

/// The doc lines of one item, in order.
#[derive(Default)]
pub(crate) struct Doc {
    lines: Vec<Line>,
}

enum Line {
    /// A literal line, one leading space removed.
    Text(String),
    /// Any other value (`concat!(...)`, `include_str!(...)`, a macro fragment), as
    /// written.
    Expr(TokenStream),
}

impl Doc {
    /// Reads every `#[doc = ...]` among `attrs`.
    pub(crate) fn from_attrs(attrs: &[Attribute]) -> Doc {
        let lines = attrs
            .iter()
            .filter(|attr| attr.path().is_ident("doc"))
            .filter_map(|attr| match &attr.meta {
                syn::Meta::NameValue(pair) => Some(match string_of(&pair.value) {
                    Some(line) => {
                        Line::Text(line.strip_prefix(' ').map(str::to_owned).unwrap_or(line))
                    }
                    None => Line::Expr(pair.value.to_token_stream()),
                }),
                _ => None,
            })
            .collect();
        Doc { lines }
    }

    /// The text, when every line is a literal: lines joined, the whole trimmed.
    pub(crate) fn text(&self) -> Option<String> {
        let mut lines = Vec::with_capacity(self.lines.len());
        for line in &self.lines {
            match line {
                Line::Text(text) => lines.push(text.as_str()),
                Line::Expr(_) => return None,
            }
        }
        Some(lines.join("\n").trim().to_owned())
    }

    /// An expression of type `&'static str`: a literal for plain text, else a
    /// `concat!` of the literal lines and the macro calls, which the compiler
    /// expands where they were written (so `include_str!` paths stay relative to the
    /// user's file). Only the literal text at either end is trimmed.
    pub(crate) fn to_expr(&self) -> TokenStream {
        if let Some(text) = self.text() {
            return quote!(#text);
        }
        let last = self.lines.len().saturating_sub(1);
        let mut parts = Vec::with_capacity(self.lines.len() * 2);
        for (index, line) in self.lines.iter().enumerate() {
            if index > 0 {
                parts.push(quote!("\n"));
            }
            match line {
                Line::Text(text) => {
                    let text = match (index == 0, index == last) {
                        (true, true) => text.trim(),
                        (true, false) => text.trim_start(),
                        (false, true) => text.trim_end(),
                        (false, false) => text.as_str(),
                    };
                    parts.push(quote!(#text));
                }
                Line::Expr(expr) => parts.push(quote!(#expr)),
            }
        }
        quote!(::core::concat!(#(#parts),*))
    }
}

/// The string of a literal, seen through the invisible group a `macro_rules!`
/// fragment (`$doc:literal`, `$doc:expr`) puts around it.
fn string_of(expr: &Expr) -> Option<String> {
    match expr {
        Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(lit),
            ..
        }) => Some(lit.value()),
        Expr::Group(group) => string_of(&group.expr),
        Expr::Paren(paren) => string_of(&paren.expr),
        _ => None,
    }
}
