//! Generates the impls of a checked input: static catalog tables (`entry`, with the
//! next calls in `next_call` and every template in the canonical text of `text`),
//! one match from value to table entry and one from value to borrowed field views
//! (`arms`), and trait methods that are each one call into the runtime.

mod arms;
mod entry;
mod next_call;
mod text;

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};

use self::arms::{Arm, Cause, cause_body, merge_arms, resolve_arm};
use self::entry::{entry, kind_const};
use super::ast::{Input, Role, Variant};
use super::bound;
use super::keys::KINDS;

/// The impls for a valid input.
pub(crate) fn expand(input: &Input<'_>, krate: &TokenStream) -> TokenStream {
    // Every path below goes through this alias, declared once inside the `const _`
    // block: the generated code is a third the size it would be with full paths,
    // and its size is most of what a large enum costs to compile.
    let private = quote!(__tool_error);
    let kinds = KINDS.iter().map(|kind| kind_const(kind));
    let short_names = SHORT_NAMES
        .iter()
        .map(|name| syn::Ident::new(name, Span::call_site()))
        .chain(kinds);
    let short_names = quote!(#(#short_names),*);
    let ident = input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let mut predicates = bound::predicates(input, &private);
    if let Some(where_clause) = where_clause {
        predicates.extend(where_clause.predicates.iter().map(|p| quote!(#p)));
    }
    let where_clause = quote!(where #(#predicates,)*);

    let type_name = super::name::unraw(&ident.to_string()).to_owned();
    let domain = option_str(input.attrs.domain.get().map(syn::LitStr::value));
    let doc = input.doc.to_expr();
    let entries = input.variants.iter().map(|variant| entry(input, variant));
    let resolve_arms = input
        .variants
        .iter()
        .enumerate()
        .map(|(index, variant)| resolve_arm(input, index, variant, &private));
    let field_arms = merge_arms(
        input
            .variants
            .iter()
            .filter_map(|variant| Arm::of(input, variant)),
        &private,
    );
    let needs_wildcard = input.variants.iter().any(Variant::is_transparent);
    // Const checks, a static catalog and the start-up registration need one type to
    // name: only a type without generic parameters has one.
    let concrete = input.generics.params.is_empty();
    let wildcard = needs_wildcard.then(|| quote!(_ => {}));
    // A reference to an empty enum is not itself uninhabited: match the value.
    let scrutinee = if input.variants.is_empty() {
        quote!(*self)
    } else {
        quote!(self)
    };
    let source_body = cause_body(input, &private, Cause::Source);
    let backtrace_body = cause_body(input, &private, Cause::Backtrace);

    // A type that wraps others must not reuse their codes; checkable when concrete.
    // A failure names the code and both variants, and points at the type.
    let nested_check = (needs_wildcard && concrete).then(|| {
        // Every token at the type's name, so the failed evaluation is reported there.
        let private = quote_spanned!(ident.span()=> __tool_error);
        quote_spanned! {ident.span()=>
            const _: () = {
                const CATALOGS: &[&#private::Catalog] = &[<#ident as #private::StaticCatalog>::CATALOG];
                #private::assert_unique::<{ #private::leaf_count(CATALOGS) }>(CATALOGS)
            };
        }
    });

    // A concrete type without `Display` or `Debug` is reported once, on its name, by
    // a check that says how to add them; the impls below then assume both rather
    // than repeat the error (see `bound::predicates`).
    let display_check = concrete.then(|| {
        let assert = quote_spanned!(ident.span()=> #private::assert_display_debug::<#ident>());
        quote!(const _: () = #assert;)
    });

    let table = quote! {
        #private::catalog(#type_name, ::core::module_path!(), #domain, #doc, &[#(#entries),*])
    };
    // A concrete type keeps its table in a `static`: evaluated once, and not encoded
    // as a constant's MIR in the crate's metadata. Generic types cannot have one.
    let catalog = if concrete {
        quote! {
            static __CATALOG: #private::Catalog = #table;

            #[automatically_derived]
            impl #private::StaticCatalog for #ident {
                const CATALOG: &'static #private::Catalog = &__CATALOG;
            }
        }
    } else {
        quote! {
            #[automatically_derived]
            impl #impl_generics #private::StaticCatalog for #ident #ty_generics #where_clause {
                const CATALOG: &'static #private::Catalog = &#table;
            }
        }
    };

    // Only types that have next calls (declared, or a `next_calls` field), or wrap a
    // type that may, need the method.
    let next_calls_method = input
        .variants
        .iter()
        .any(|variant| {
            !variant.next_calls.is_empty()
                || variant.is_transparent()
                || variant.fields_with(Role::NextCalls).next().is_some()
        })
        .then(|| {
            quote! {
                fn next_calls(&self, out: &mut #private::NextCallWriter<'_>) {
                    #private::next_calls(self, out)
                }
            }
        });

    // A concrete type registers itself, so an `AnyError` holding it finds its
    // contract with no catalog installed; a generic one has no single type to name.
    let registration = concrete.then(|| quote!(#private::register!(#ident);));

    let integrations = input.integrations().then(|| {
        quote!(#private::integrations! { [#impl_generics] [#ident #ty_generics] [#where_clause] })
    });

    quote! {
        // `deprecated`: matching a deprecated variant is not a use of it.
        #[allow(non_upper_case_globals, unused_qualifications, deprecated, clippy::all)]
        const _: () = {
            // The crate path is written once: if it does not resolve, that is the
            // only error, since names imported from an unresolved import are not
            // reported again where they are used (they would be, through a glob).
            use #krate::__private as __tool_error;
            use __tool_error::short::{#short_names};

            #catalog

            #[automatically_derived]
            impl #impl_generics #private::Variants for #ident #ty_generics #where_clause {
                fn catalog(&self) -> &'static #private::Catalog {
                    <Self as #private::StaticCatalog>::CATALOG
                }

                // Unreachable when every variant delegates (or there are none).
                #[allow(unreachable_code)]
                fn resolve(&self) -> #private::Resolved<'_> {
                    let index: ::core::primitive::usize = match #scrutinee {
                        #(#resolve_arms)*
                    };
                    #private::entry_at(<Self as #private::StaticCatalog>::CATALOG, index)
                }

                fn fields(&self, __visit: &mut dyn ::core::ops::FnMut(&#private::Fields<'_>)) {
                    match #scrutinee {
                        #(#field_arms)*
                        #wildcard
                    }
                }
            }

            #[automatically_derived]
            impl #impl_generics #private::ToolError for #ident #ty_generics #where_clause {
                fn code(&self) -> &'static ::core::primitive::str { #private::code(self) }
                fn kind(&self) -> #private::Kind { #private::kind(self) }
                fn recoverable(&self) -> ::core::primitive::bool { #private::recoverable(self) }
                fn category(&self) -> #private::Option<&'static ::core::primitive::str> {
                    #private::category(self)
                }
                fn domain(&self) -> #private::Option<&'static ::core::primitive::str> {
                    #private::domain(self)
                }
                fn fmt_message(&self, f: &mut #private::Formatter<'_>) -> #private::FmtResult {
                    #private::fmt_message(self, f)
                }
                fn message_is_public(&self) -> ::core::primitive::bool {
                    #private::message_is_public(self)
                }
                fn details(&self, out: &mut #private::DetailWriter<'_>) { #private::details(self, out) }
                fn suggestions(&self, out: &mut #private::SuggestionWriter<'_>) {
                    #private::suggestions(self, out)
                }
                #next_calls_method
                fn retry_after(&self) -> #private::Option<#private::CoreDuration> {
                    #private::retry_after(self)
                }
                fn jsonrpc_code(&self) -> ::core::primitive::i32 { #private::jsonrpc_code(self) }
                fn http_status(&self) -> ::core::primitive::u16 { #private::http_status(self) }
                fn channel(&self) -> #private::Channel { #private::channel(self) }
                fn catalog(&self) -> #private::Option<&'static #private::Catalog> {
                    #private::Some(<Self as #private::StaticCatalog>::CATALOG)
                }
                fn entry(&self) -> #private::Option<&'static #private::Entry> { #private::entry(self) }
                fn source_error(&self) -> #private::Option<&(dyn #private::Error + 'static)> {
                    #source_body
                }
                fn backtrace(&self) -> #private::Option<&#private::Backtrace> {
                    #backtrace_body
                }
            }

            #nested_check

            #display_check

            #registration

            #integrations
        };
    }
}

/// The names of `__private::short` that generated code uses, besides the kinds'
/// constants ([`kind_const`]). Each is imported by name in every expansion, so a
/// name the runtime lacks fails every derive: the runtime is checked against this
/// list by the compiler. (By name rather than through a glob: when the crate path
/// does not resolve, names imported from it are not reported again.)
const SHORT_NAMES: &[&str] = &[
    "__BorrowedSuggestions",
    "__Debug",
    "__bool",
    "__call",
    "__call_value",
    "__caller",
    "__field_arg",
    "__float",
    "__int",
    "__next_calls",
    "__text",
    "__AnyDetail",
    "__AnyOptionalDetail",
    "__AnyOptionalShown",
    "__DetailProbe",
    "__Transparent",
    "__category",
    "__detail",
    "__details_field",
    "__display",
    "__docs",
    "__dynamic_suggestions",
    "__dynamic_next_calls",
    "__entry",
    "__fields",
    "__http",
    "__jsonrpc",
    "__message",
    "__protocol",
    "__recoverable",
    "__retry_after",
    "__no_effect",
    "__secret",
    "__shown",
    "__transparent",
];

fn option_str(value: Option<String>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}
