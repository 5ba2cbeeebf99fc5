//! Where-clauses for generic types: each field that mentions a type parameter gets
//! exactly the bound its role needs, so `Wrapper<T>` works for every `T` that can be
//! rendered the way the attributes ask.

use proc_macro2::{TokenStream, TokenTree};
use quote::{ToTokens, quote};
use syn::{Generics, Type};

use super::ast::{Field, Input, Role, option_inner};

/// Whether `ty` mentions any type parameter.
fn mentions_type_param(generics: &Generics, ty: &Type) -> bool {
    fn walk(tokens: TokenStream, generics: &Generics) -> bool {
        tokens.into_iter().any(|token| match token {
            TokenTree::Ident(ident) => generics.type_params().any(|param| param.ident == ident),
            TokenTree::Group(group) => walk(group.stream(), generics),
            _ => false,
        })
    }
    generics.type_params().next().is_some() && walk(ty.to_token_stream(), generics)
}

/// The predicates the generated impls need beyond the type's own where-clause.
pub(crate) fn predicates(input: &Input<'_>, private: &TokenStream) -> Vec<TokenStream> {
    let generics = input.generics;
    // The type by name, not `Self`: the integrations reuse these predicates on impls
    // whose `Self` is another type (`From<Error> for ErrorObjectOwned`).
    let mut out = vec![displayable(input.ident, generics)];
    if generics.type_params().next().is_none() {
        return out;
    }
    let mut push = |ty: &Type, bound: TokenStream| {
        if mentions_type_param(generics, ty) {
            out.push(quote!(#ty: #bound));
        }
    };
    for variant in &input.variants {
        if variant.is_transparent() {
            for field in &variant.fields {
                push(
                    field.ty,
                    quote!(#private::ToolError + #private::StaticCatalog),
                );
            }
            continue;
        }
        for field in variant.detail_fields() {
            push(rendered_type(field), quote!(#private::Serialize));
        }
        for field in variant.fields_with(Role::RetryAfter) {
            push(field.ty, quote!(#private::RetryAfter));
        }
        for field in variant.fields_with(Role::Suggestions) {
            push(field.ty, quote!(#private::SuggestionSource));
        }
        for field in variant.fields_with(Role::NextCalls) {
            push(field.ty, quote!(#private::NextCallSource));
        }
        for field in variant
            .fields
            .iter()
            .filter(|field| field.source && !field.backtrace)
        {
            push(rendered_type(field), quote!(#private::Error + 'static));
        }
        let templates = variant.message.iter().chain(&variant.suggest);
        for (name, debug) in templates.flat_map(|template| template.placeholders()) {
            if let Some(field) = variant.field_named(name) {
                if debug {
                    push(field.ty, quote!(::core::fmt::Debug));
                } else {
                    push(field.ty, quote!(::core::fmt::Display));
                }
            }
        }
    }
    out
}

/// `Type: Display + Debug`, which every generated impl needs. For a type without
/// generic parameters the bound is written for all lifetimes (`for<'__w>`): a plain
/// bound that is false on a concrete type fails as a "trivial bound" with a note
/// about an unstable feature, and a missing `Display` is better reported once by
/// `assert_display_debug`, which says how to add it.
pub(crate) fn displayable(ident: &syn::Ident, generics: &Generics) -> TokenStream {
    let (_, ty_generics, _) = generics.split_for_impl();
    let bound = quote!(#ident #ty_generics: ::core::fmt::Display + ::core::fmt::Debug);
    if generics.params.is_empty() {
        quote!(for<'__w> #bound)
    } else {
        bound
    }
}

/// The type whose impls render a field: an `Option` field is rendered through its
/// inner value (absent when `None`), so the bound belongs on the inner type;
/// `Option<T>: Serialize` would not give the `T: Serialize` the code needs.
fn rendered_type<'a>(field: &Field<'a>) -> &'a Type {
    if field.is_option() {
        option_inner(field.ty).unwrap_or(field.ty)
    } else {
        field.ty
    }
}
