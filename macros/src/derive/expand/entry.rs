//! The catalog table: one entry per variant, a chain of calls into the runtime's
//! short-name builders that the compiler evaluates into a `static`.

use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::super::ast::{Input, Role, Shape, Variant};
use super::super::name::unraw;
use super::next_call::next_calls;
use super::text::{slot_key, template};

pub(super) fn entry(input: &Input<'_>, variant: &Variant<'_>) -> TokenStream {
    let name = unraw(&variant.ident.to_string()).to_owned();
    if variant.is_transparent() {
        let Some(inner) = variant.fields.first().map(|field| field.ty) else {
            return quote!(__entry(#name, "", __INTERNAL, &[], &[], &[], ""));
        };
        let catalog = quote_spanned!(inner.span()=> <#inner as __Transparent>::INNER);
        return quote!(__transparent(#name, #catalog));
    }
    let keys = &variant.attrs;
    let kind = keys
        .kind
        .get()
        .or(input.defaults.kind.get())
        .copied()
        .unwrap_or("internal");
    let kind = kind_const(kind);
    let code = &variant.code;
    let suggestions = variant.suggest.iter().map(template);
    let slots = arg_slots(variant)
        .into_iter()
        .map(|slot| slot_key(&slot.name, slot.debug));
    let fields = variant.detail_fields().map(|field| {
        let name = field.detail_name();
        if field.attrs.redact.is_set() {
            quote!(__secret(#name))
        } else {
            quote!(__detail(#name))
        }
    });
    let doc = variant.doc.to_expr();
    let mut entry = quote! {
        __entry(#name, #code, #kind, &[#(#suggestions),*], &[#(#slots),*], &[#(#fields),*], #doc)
    };
    // Only what differs from the kind's defaults is written out, each as a call
    // wrapping the entry so far.
    let mut wrap = |function: &str, argument: Option<TokenStream>| {
        let function = format_ident!("{function}");
        entry = match argument {
            Some(argument) => quote!(#function(#entry, #argument)),
            None => quote!(#function(#entry)),
        };
    };
    if let Some(category) = keys.category.get().or(input.defaults.category.get()) {
        let category = category.value();
        wrap("__category", Some(quote!(#category)));
    }
    if let Some(value) = keys.recoverable.get() {
        wrap("__recoverable", Some(quote!(#value)));
    }
    if keys.no_effect.is_set() {
        wrap("__no_effect", None);
    }
    if let Some(int) = keys.jsonrpc.get() {
        let code = Literal::i64_unsuffixed(int.value);
        wrap("__jsonrpc", Some(quote!(#code)));
    }
    if let Some(int) = keys.http.get() {
        let status = Literal::i64_unsuffixed(int.value);
        wrap("__http", Some(quote!(#status)));
    }
    if let Some(channel) = keys.channel.get().or(input.defaults.channel.get())
        && *channel == "protocol"
    {
        wrap("__protocol", None);
    }
    if let Some(message) = &variant.message {
        let message = template(message);
        wrap("__message", Some(quote!(#message)));
    }
    if variant.fields_with(Role::Suggestions).next().is_some() {
        wrap("__dynamic_suggestions", None);
    }
    if variant.fields_with(Role::NextCalls).next().is_some() {
        wrap("__dynamic_next_calls", None);
    }
    if variant.fields_with(Role::WholeDetails).next().is_some() {
        wrap("__details_field", None);
    }
    if variant.fields_with(Role::RetryAfter).next().is_some() {
        wrap("__retry_after", None);
    }
    // A variant's (or struct's) own URL; else the enum's base followed by the code.
    let docs = match (keys.docs.get(), input.defaults.docs.get()) {
        (Some(own), _) => Some(own.value()),
        (None, Some(base)) if input.shape == Shape::Enum => {
            Some(format!("{}{}", base.value(), variant.code))
        }
        _ => None,
    };
    if let Some(url) = docs {
        wrap("__docs", Some(quote!(#url)));
    }
    if !variant.next_calls.is_empty() {
        wrap("__next_calls", Some(next_calls(variant)));
    }
    entry
}

/// One argument slot: a field formatted one way, with the span of the first
/// template that uses it (where a missing `Display` or `Debug` impl is reported).
pub(super) struct Slot {
    pub(super) name: String,
    pub(super) debug: bool,
    pub(super) span: Span,
}

/// The argument slots of a variant: each distinct (field, format) pair its
/// templates use, in order of first use.
pub(super) fn arg_slots(variant: &Variant<'_>) -> Vec<Slot> {
    let mut slots: Vec<Slot> = Vec::new();
    let templates = variant
        .message
        .iter()
        .chain(&variant.suggest)
        .chain(variant.call_templates());
    for template in templates {
        for (name, debug) in template.placeholders() {
            if !slots
                .iter()
                .any(|slot| slot.name == name && slot.debug == debug)
            {
                slots.push(Slot {
                    name: name.to_owned(),
                    debug,
                    span: template.span,
                });
            }
        }
    }
    slots
}

/// The constant of `__private::short` that holds the kind spelt `kind`
/// (`not_found`: `__NOT_FOUND`).
pub(super) fn kind_const(kind: &str) -> syn::Ident {
    syn::Ident::new(
        &format!("__{}", kind.to_ascii_uppercase()),
        Span::call_site(),
    )
}
