//! Generates the impls of a checked input: static catalog tables, one match from
//! value to table entry, one match from value to borrowed field views, and trait
//! methods that are each one call into the runtime.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::ast::{ArgValue, Field, Input, NextCall, Role, Shape, Variant};
use super::bound;
use super::template::{Piece, Template};

/// The impls for a valid input.
pub(crate) fn expand(input: &Input<'_>, krate: &TokenStream) -> TokenStream {
    // Every path below goes through this alias, declared once inside the `const _`
    // block: the generated code is a third the size it would be with full paths,
    // and its size is most of what a large enum costs to compile.
    let private = quote!(__tool_error);
    let short_names = SHORT_NAMES
        .iter()
        .map(|name| syn::Ident::new(name, Span::call_site()));
    let short_names = quote!(#(#short_names),*);
    let ident = input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let mut predicates = bound::predicates(input, &private);
    if let Some(where_clause) = where_clause {
        predicates.extend(where_clause.predicates.iter().map(|p| quote!(#p)));
    }
    let where_clause = quote!(where #(#predicates,)*);

    let type_name = super::name::unraw(&ident.to_string()).to_owned();
    let domain = option_str(input.keys.domain.get().map(syn::LitStr::value));
    let doc = input.doc.to_expr();
    let entries = input
        .variants
        .iter()
        .enumerate()
        .map(|(index, variant)| entry(input, index, variant));
    // A description written with a macro (`#[doc = include_str!(..)]`) is a constant
    // of its own, which the lexed entry text names.
    let doc_consts = input
        .variants
        .iter()
        .enumerate()
        .filter(|(_, variant)| variant.doc.text().is_none())
        .map(|(index, variant)| {
            let name = doc_const(index);
            let value = variant.doc.to_expr();
            quote!(const #name: &::core::primitive::str = #value;)
        });
    let resolve_arms = input
        .variants
        .iter()
        .enumerate()
        .map(|(index, variant)| resolve_arm(input, index, variant, &private));
    let field_arms = merge_arms(
        input
            .variants
            .iter()
            .filter_map(|variant| fields_arm(input, variant, &private)),
    );
    let needs_wildcard = input.variants.iter().any(Variant::is_transparent);
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
    let nested_check = (needs_wildcard && input.generics.params.is_empty()).then(|| {
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
    let display_check = input.generics.params.is_empty().then(|| {
        let assert = quote_spanned!(ident.span()=> #private::assert_display_debug::<#ident>());
        quote!(const _: () = #assert;)
    });

    let table = quote! {
        #private::catalog(#type_name, ::core::module_path!(), #domain, #doc, &[#(#entries),*])
    };
    // A concrete type keeps its table in a `static`: evaluated once, and not encoded
    // as a constant's MIR in the crate's metadata. Generic types cannot have one.
    let catalog = if input.generics.params.is_empty() {
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

    // Only types that have next calls, or wrap a type that may, need the method.
    let next_calls_method = input
        .variants
        .iter()
        .any(|variant| !variant.next_calls.is_empty() || variant.is_transparent())
        .then(|| {
            quote! {
                fn next_calls(&self, out: &mut #private::NextCallWriter<'_>) {
                    #private::next_calls(self, out)
                }
            }
        });

    // A concrete type registers itself, so an `AnyError` holding it finds its
    // contract with no catalog installed; a generic one has no single type to name.
    let registration = input
        .generics
        .params
        .is_empty()
        .then(|| quote!(#private::register!(#ident);));

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

            #(#doc_consts)*

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

/// Every name of `__private::short`, imported one by one (see `expand`).
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
    "__Some",
    "__Transparent",
    "__category",
    "__detail",
    "__details_field",
    "__display",
    "__docs",
    "__dynamic_suggestions",
    "__entry",
    "__fields",
    "__http",
    "__jsonrpc",
    "__legacy_jsonrpc",
    "__message",
    "__optional",
    "__protocol",
    "__recoverable",
    "__retry_after",
    "__secret",
    "__transparent",
    "__CONFLICT",
    "__INTERNAL",
    "__NOT_FOUND",
    "__PERMISSION",
    "__TRANSIENT",
    "__VALIDATION",
];

/// The constant holding the description of variant `index`, when a macro writes it.
fn doc_const(index: usize) -> syn::Ident {
    format_ident!("__DOC_{}", index)
}

/// `Self::Variant` or `Self`.
fn path(input: &Input<'_>, variant: &Variant<'_>) -> TokenStream {
    match input.shape {
        Shape::Enum => {
            let ident = variant.ident;
            quote!(Self::#ident)
        }
        Shape::Struct => quote!(Self),
    }
}

/// The local a pattern binds a field to. Locals generated here resolve at the
/// macro's own site (`mixed_site`), whatever spans the input carries: a template or
/// type passed through `macro_rules!` has spans from another hygiene context, and a
/// local named with such a span would not see the pattern's binding.
fn binding(index: usize) -> syn::Ident {
    local(&format!("__field{index}"), Span::mixed_site())
}

/// The same local at a use, located where a type error about the use belongs.
fn binding_at(index: usize, span: Span) -> syn::Ident {
    local(&format!("__field{index}"), span)
}

/// A generated local: resolved at the macro's site, reported at `span`.
fn local(name: &str, span: Span) -> syn::Ident {
    syn::Ident::new(name, Span::mixed_site().located_at(span))
}

fn field_index(variant: &Variant<'_>, field: &Field<'_>) -> usize {
    variant
        .fields
        .iter()
        .position(|candidate| candidate.member == field.member)
        .unwrap_or_default()
}

fn option_str(value: Option<String>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

fn resolve_arm(
    input: &Input<'_>,
    index: usize,
    variant: &Variant<'_>,
    private: &TokenStream,
) -> TokenStream {
    let path = path(input, variant);
    match (variant.is_transparent(), variant.fields.first()) {
        (true, Some(field)) => {
            let member = &field.member;
            let ty = field.ty;
            let inner = local("__inner", Span::call_site());
            // Through the same trait as the catalog entry, at the same span, so a
            // field type that is not a tool error is one error, not one per use.
            let delegate = quote_spanned!(ty.span()=> (<#ty as __Transparent>::DELEGATE));
            quote!(#path { #member: #inner, .. } => return #private::Resolved::Delegate(#delegate(#inner)),)
        }
        // Written as text and lexed once, like the catalog table.
        _ => {
            let text_path = match input.shape {
                Shape::Enum => format!("Self::{}", variant.ident),
                Shape::Struct => "Self".to_owned(),
            };
            format!("{text_path} {{ .. }} => {index},")
                .parse()
                .unwrap_or_else(|_| quote!(#path { .. } => #index,))
        }
    }
}

/// One argument slot: a field formatted one way, with the span of the first
/// template that uses it (where a missing `Display` or `Debug` impl is reported).
struct Slot {
    name: String,
    debug: bool,
    span: Span,
}

/// The argument slots of a variant: each distinct (field, format) pair its
/// templates use, in order of first use.
fn arg_slots(variant: &Variant<'_>) -> Vec<Slot> {
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

/// One arm of the `fields` match, kept apart so that arms with the same body can
/// share it.
struct Arm {
    pattern: TokenStream,
    body: TokenStream,
    /// Equal for two arms exactly when one body serves both patterns: the body's
    /// text and the type written for each local the pattern binds.
    key: String,
}

/// Arms whose bodies are the same text over locals of the same written types, as
/// one arm with an or-pattern, in order of first appearance. Variants of one enum
/// often share a shape (`{ id: String }`), and the compiler then checks and lowers
/// one body instead of one per variant: most of what a large enum's `fields` costs.
/// Types written alike in one item resolve alike, so the merged arm type-checks
/// whenever the separate ones do.
fn merge_arms(arms: impl Iterator<Item = Arm>) -> Vec<TokenStream> {
    // Each body once, in order of first appearance, with the patterns it serves.
    let mut groups: Vec<(TokenStream, Vec<TokenStream>)> = Vec::new();
    let mut group_of_key = std::collections::HashMap::new();
    for arm in arms {
        let at = *group_of_key.entry(arm.key).or_insert_with(|| {
            groups.push((arm.body, Vec::new()));
            groups.len() - 1
        });
        groups[at].1.push(arm.pattern);
    }
    // The compiler compares the bindings of every alternative of an or-pattern with
    // every other's: past a few dozen alternatives that quadratic check costs more
    // than another copy of the body.
    groups
        .iter()
        .flat_map(|(body, patterns)| {
            patterns
                .chunks(MAX_ALTERNATIVES)
                .map(move |patterns| quote!(#(#patterns)|* => #body,))
        })
        .collect()
}

/// The most variants one `fields` arm matches.
const MAX_ALTERNATIVES: usize = 32;

fn fields_arm(input: &Input<'_>, variant: &Variant<'_>, private: &TokenStream) -> Option<Arm> {
    if variant.is_transparent() {
        return None;
    }
    let path = path(input, variant);
    let bind = |field: &Field<'_>| binding(field_index(variant, field));
    let bind_at = |field: &Field<'_>, span: Span| binding_at(field_index(variant, field), span);
    let slots = arg_slots(variant);

    let detail_fields: Vec<&Field<'_>> = variant
        .fields_with(Role::WholeDetails)
        .chain(variant.fields_with(Role::Detail))
        .collect();
    // Trait bounds a field's type may not meet are reported on the field (or on
    // the template that formats it), not on the derive.
    let values = detail_fields.iter().map(|field| {
        let name = bind_at(field, field.ty.span());
        if field.is_option() {
            quote_spanned!(field.ty.span()=> __optional(#name))
        } else {
            quote_spanned!(field.ty.span()=> __Some(#name))
        }
    });
    let arg_fields: Vec<(&Field<'_>, &Slot)> = slots
        .iter()
        .filter_map(|slot| Some((variant.field_named(&slot.name)?, slot)))
        .collect();
    let args = arg_fields.iter().map(|(field, slot)| {
        let name = bind_at(field, slot.span);
        if slot.debug {
            quote_spanned!(slot.span=> __Debug(#name))
        } else {
            quote_spanned!(slot.span=> __display(#name))
        }
    });
    let suggestion_field = variant.fields_with(Role::Suggestions).next();
    let suggestions = suggestion_field.map(|field| {
        let name = bind_at(field, field.ty.span());
        // A field written as a reference (`&'static [&'static str]`) iterates through
        // the collection it points to: `&&[T]` is not iterable, and `[T]` is unsized.
        if let syn::Type::Reference(_) = super::ast::ungroup(field.ty) {
            quote_spanned!(field.ty.span()=> .with_suggestions(&__BorrowedSuggestions(&**#name)))
        } else {
            quote_spanned!(field.ty.span()=> .with_suggestions(#name))
        }
    });
    let retry_field = variant.fields_with(Role::RetryAfter).next();
    let retry_after = retry_field.map(|field| {
        let name = bind_at(field, field.ty.span());
        quote_spanned!(field.ty.span()=> .with_retry_after(#name))
    });
    let call_fields: Vec<(&Field<'_>, Span)> = NextCall::value_fields(&variant.next_calls)
        .into_iter()
        .filter_map(|ident| {
            let name = super::name::unraw(&ident.to_string()).to_owned();
            Some((variant.field_named(&name)?, ident.span()))
        })
        .collect();
    let call_values = (!call_fields.is_empty()).then(|| {
        let values = call_fields.iter().map(|(field, span)| {
            let name = bind_at(field, *span);
            quote_spanned!(*span=> __call_value(#name))
        });
        quote!(.with_call_values(&[#(#values),*]))
    });

    // Bind only the fields used, each once.
    let mut used: Vec<&Field<'_>> = Vec::new();
    let candidates = detail_fields
        .iter()
        .copied()
        .chain(arg_fields.iter().map(|(field, _)| *field))
        .chain(suggestion_field)
        .chain(retry_field)
        .chain(call_fields.iter().map(|(field, _)| *field));
    for field in candidates {
        if !used.iter().any(|seen| seen.member == field.member) {
            used.push(field);
        }
    }
    if used.is_empty() {
        let body = quote!(__visit(&#private::Fields::EMPTY));
        return Some(Arm {
            pattern: quote!(#path { .. }),
            key: body.to_string(),
            body,
        });
    }
    let bindings = used.iter().map(|field| {
        let member = &field.member;
        let name = bind(field);
        quote!(#member: #name)
    });
    let body = quote! {
        __visit(&__fields(&[#(#values),*], &[#(#args),*]) #suggestions #retry_after #call_values)
    };
    let mut key = body.to_string();
    for field in &used {
        let ty = field.ty;
        key.push_str(&format!(" | {}: {}", bind(field), quote!(#ty)));
    }
    Some(Arm {
        pattern: quote!(#path { #(#bindings,)* .. }),
        body,
        key,
    })
}

/// A template as the runtime reads it: its text in canonical form (placeholders
/// written `{name}` or `{name:?}`, literal braces doubled), so the placeholder text
/// matches its slot's key exactly.
fn template(template: &Template) -> String {
    let mut out = String::with_capacity(template.source.len());
    for piece in &template.pieces {
        match piece {
            Piece::Text(text) => out.push_str(&text.replace('{', "{{").replace('}', "}}")),
            Piece::Placeholder { name, debug } => {
                out.push('{');
                out.push_str(&slot_key(name, *debug));
                out.push('}');
            }
        }
    }
    out
}

/// The key of an argument slot: the text between the braces of its placeholder.
fn slot_key(name: &str, debug: bool) -> String {
    if debug {
        format!("{name}:?")
    } else {
        name.to_owned()
    }
}

fn entry(input: &Input<'_>, index: usize, variant: &Variant<'_>) -> TokenStream {
    let name = super::name::unraw(&variant.ident.to_string()).to_owned();
    if variant.is_transparent() {
        let Some(inner) = variant.fields.first().map(|field| field.ty) else {
            return quote!(__entry(#name, "", __INTERNAL, &[], 0, &[], &[], ""));
        };
        let catalog = quote_spanned!(inner.span()=> <#inner as __Transparent>::INNER);
        return quote!(__transparent(#name, #catalog));
    }
    // The table is written as text and lexed once: these tokens need no spans of
    // the user's, and the compiler's lexer is far faster than building tokens one
    // by one in a proc macro, which users compile without optimisation.
    let doc = match variant.doc.text() {
        Some(text) => lit(&text),
        None => doc_const(index).to_string(),
    };
    let text = entry_text(input, variant, &name, &doc);
    text.parse().unwrap_or_else(|_| {
        let message = format!("tool_error: internal error generating the entry of `{name}`");
        quote!(::core::compile_error!(#message))
    })
}

/// A string literal in Rust syntax.
fn lit(value: &str) -> String {
    format!("{value:?}")
}

/// A list of string literals.
fn lits<'a>(values: impl IntoIterator<Item = &'a str>) -> String {
    let items: Vec<String> = values.into_iter().map(lit).collect();
    items.join(",")
}

/// The catalog entry of a non-transparent variant, as source text; `doc` is the
/// description as source text (a literal, or the constant that holds it).
fn entry_text(input: &Input<'_>, variant: &Variant<'_>, name: &str, doc: &str) -> String {
    let keys = &variant.keys;
    let kind_name = keys
        .kind
        .get()
        .or(input.keys.kind.get())
        .copied()
        .unwrap_or("Internal");
    // `__NOT_FOUND` and friends: `Kind` constants of the short-name module.
    let kind = heck::ToShoutySnakeCase::to_shouty_snake_case(kind_name);
    let suggestions: Vec<String> = variant.suggest.iter().map(template).collect();
    let slots: Vec<String> = arg_slots(variant)
        .iter()
        .map(|slot| slot_key(&slot.name, slot.debug))
        .collect();
    let fields: Vec<String> = variant
        .fields_with(Role::WholeDetails)
        .chain(variant.fields_with(Role::Detail))
        .map(|field| {
            let helper = if field.keys.redact.is_set() {
                "__secret"
            } else {
                "__detail"
            };
            format!("{helper}({})", lit(&field.detail_name()))
        })
        .collect();
    // Bit `i`: suggestion `i` has no placeholder and no escaped brace, so the runtime
    // writes it as is without scanning it on every render.
    let plain_suggestions = suggestions
        .iter()
        .take(64)
        .enumerate()
        .filter(|(_, text)| !text.contains(['{', '}']))
        .fold(0u64, |mask, (index, _)| mask | 1 << index);
    let mut out = format!(
        "__entry({},{},__{kind},&[{}],{plain_suggestions},&[{}],&[{}],{})",
        lit(name),
        lit(&variant.code),
        lits(suggestions.iter().map(String::as_str)),
        lits(slots.iter().map(String::as_str)),
        fields.join(","),
        doc,
    );
    // Only what differs from the kind's defaults is written out, each as a call
    // wrapping the entry so far.
    let mut wrap = |function: &str, argument: Option<String>| {
        out = match argument {
            Some(argument) => format!("{function}({out},{argument})"),
            None => format!("{function}({out})"),
        };
    };
    if let Some(category) = keys.category.get().or(input.keys.category.get()) {
        wrap("__category", Some(lit(&category.value())));
    }
    if let Some(value) = keys.recoverable.get() {
        wrap("__recoverable", Some(value.to_string()));
    }
    match keys.jsonrpc.get() {
        Some(int) => wrap("__jsonrpc", Some(int.value.to_string())),
        None if input.legacy_jsonrpc() => wrap("__legacy_jsonrpc", None),
        None => {}
    }
    if let Some(int) = keys.http.get() {
        wrap("__http", Some(int.value.to_string()));
    }
    if let Some(channel) = keys.channel.get().or(input.keys.channel.get())
        && *channel == "Protocol"
    {
        wrap("__protocol", None);
    }
    if let Some(message) = &variant.message {
        wrap("__message", Some(lit(&template(message))));
    }
    if variant.fields_with(Role::Suggestions).next().is_some() {
        wrap("__dynamic_suggestions", None);
    }
    if variant.fields_with(Role::WholeDetails).next().is_some() {
        wrap("__details_field", None);
    }
    if variant.fields_with(Role::RetryAfter).next().is_some() {
        wrap("__retry_after", None);
    }
    // A variant's (or struct's) own URL; else the enum's base followed by the code.
    let docs = match (keys.docs.get(), input.keys.docs.get()) {
        (Some(own), _) => Some(own.value()),
        (None, Some(base)) if input.shape == Shape::Enum => {
            Some(format!("{}{}", base.value(), variant.code))
        }
        _ => None,
    };
    if let Some(url) = docs {
        wrap("__docs", Some(lit(&url)));
    }
    if !variant.next_calls.is_empty() {
        wrap("__next_calls", Some(next_calls_text(variant)));
    }
    out
}

/// The `next_call(...)` declarations as source text: `&[__call(..), ..]`.
fn next_calls_text(variant: &Variant<'_>) -> String {
    let value_fields = NextCall::value_fields(&variant.next_calls);
    let calls: Vec<String> = variant
        .next_calls
        .iter()
        .map(|call| {
            let tool = call
                .tool
                .as_ref()
                .map(syn::LitStr::value)
                .unwrap_or_default();
            let args: Vec<String> = call
                .args
                .iter()
                .map(|arg| {
                    let name = lit(&arg.name);
                    match &arg.value {
                        ArgValue::Text(text) => format!("__text({name},{})", lit(&template(text))),
                        ArgValue::Field(ident) => {
                            let field = super::name::unraw(&ident.to_string()).to_owned();
                            let index = value_fields
                                .iter()
                                .position(|candidate| *candidate == ident)
                                .unwrap_or_default();
                            let sample = variant
                                .field_named(&field)
                                .and_then(|found| sample_json(found.ty, &field))
                                .unwrap_or_default();
                            format!(
                                "__field_arg({name},{},{index},{})",
                                lit(&field),
                                lit(&sample)
                            )
                        }
                        ArgValue::Int(value) => format!("__int({name},{value})"),
                        ArgValue::Float(value) => format!("__float({name},{value:?})"),
                        ArgValue::Bool(value) => format!("__bool({name},{value})"),
                        ArgValue::CallerSupplies => format!("__caller({name})"),
                    }
                })
                .collect();
            format!(
                "__call({},{},&[{}])",
                lit(&tool),
                call.read_only,
                args.join(",")
            )
        })
        .collect();
    format!("&[{}]", calls.join(","))
}

/// A sample of a field's value as JSON text, from how its type is written: the
/// field's name for text, `1` for integers, `1.5` for floats, `true`, one-element
/// arrays for sequences; `None` for a type it does not recognise.
fn sample_json(ty: &syn::Type, field: &str) -> Option<String> {
    match super::ast::ungroup(ty) {
        syn::Type::Reference(reference) => sample_json(&reference.elem, field),
        syn::Type::Slice(slice) => Some(format!("[{}]", sample_json(&slice.elem, field)?)),
        syn::Type::Array(array) => Some(format!("[{}]", sample_json(&array.elem, field)?)),
        syn::Type::Path(path) => {
            let segment = path.path.segments.last()?;
            let name = segment.ident.to_string();
            let inner = || match &segment.arguments {
                syn::PathArguments::AngleBracketed(args) => {
                    args.args.iter().find_map(|arg| match arg {
                        syn::GenericArgument::Type(inner) => Some(inner),
                        _ => None,
                    })
                }
                _ => None,
            };
            match name.as_str() {
                "String" | "str" | "PathBuf" | "Path" | "OsString" | "char" => {
                    Some(format!("{field:?}"))
                }
                "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64"
                | "u128" | "usize" => Some("1".to_owned()),
                "f32" | "f64" => Some("1.5".to_owned()),
                "bool" => Some("true".to_owned()),
                "Vec" | "VecDeque" | "HashSet" | "BTreeSet" | "LinkedList" => {
                    Some(format!("[{}]", sample_json(inner()?, field)?))
                }
                // `Cow<'_, str>`: the first type argument, past the lifetime.
                "Option" | "Box" | "Arc" | "Rc" | "Cow" => sample_json(inner()?, field),
                _ => None,
            }
        }
        _ => None,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cause {
    Source,
    Backtrace,
}

/// The body of `source_error` or `backtrace`: one arm per variant that has one.
fn cause_body(input: &Input<'_>, private: &TokenStream, cause: Cause) -> TokenStream {
    let mut arms = Vec::new();
    let mut own_sources = false;
    for variant in &input.variants {
        let path = path(input, variant);
        if variant.is_transparent() {
            // Through `resolve`, which reaches the wrapped error: the field's type is
            // named only where the catalog entry and `resolve` name it.
            let call = match cause {
                Cause::Source => quote!(#private::delegate_source(self)),
                Cause::Backtrace => quote!(#private::delegate_backtrace(self)),
            };
            arms.push(quote!(#path { .. } => #call,));
            continue;
        }
        let field = variant.fields.iter().find(|field| match cause {
            Cause::Source => field.source && !field.backtrace,
            Cause::Backtrace => field.backtrace && !field.keys.skip.is_set(),
        });
        let Some(field) = field else { continue };
        own_sources = true;
        let member = &field.member;
        let bound = local("__cause", Span::call_site());
        let value = match (cause, field.is_option()) {
            (Cause::Source, false) => quote!(#private::Some(#bound.as_dyn_error())),
            (Cause::Source, true) => quote!(#bound.as_ref().map(|cause| cause.as_dyn_error())),
            (Cause::Backtrace, false) => quote!(#private::Some(#bound)),
            (Cause::Backtrace, true) => quote!(#bound.as_ref()),
        };
        arms.push(quote!(#path { #member: #bound, .. } => #value,));
    }
    if arms.is_empty() {
        return quote!(#private::None);
    }
    let uses_dyn = cause == Cause::Source && own_sources;
    let import = uses_dyn.then(|| quote!(use #private::AsDynError as _;));
    let all_covered = arms.len() == input.variants.len();
    let rest = (!all_covered).then(|| quote!(_ => #private::None,));
    quote! {
        #import
        match self {
            #(#arms)*
            #rest
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_ALTERNATIVES, sample_json};

    fn sample(ty: &str) -> Option<String> {
        sample_json(&syn::parse_str(ty).unwrap(), "id")
    }

    #[test]
    fn samples_follow_how_the_type_is_written() {
        assert_eq!(sample("String").as_deref(), Some(r#""id""#));
        assert_eq!(sample("Cow<'static, str>").as_deref(), Some(r#""id""#));
        assert_eq!(sample("&'a [u32]").as_deref(), Some("[1]"));
        assert_eq!(sample("Option<Vec<f64>>").as_deref(), Some("[1.5]"));
        assert_eq!(sample("std::sync::Arc<bool>").as_deref(), Some("true"));
        assert_eq!(sample("MyId"), None);
        assert_eq!(sample("Vec<MyId>"), None);
    }

    /// The `fields` arms of an expansion, one string each from the end of the
    /// previous arm's body to the end of its own pattern.
    fn field_arms(item: &str) -> Vec<String> {
        let expanded = super::super::expand(syn::parse_str(item).unwrap()).to_string();
        let start = expanded.find("fn fields").expect(&expanded);
        let end = expanded[start..].find("impl").unwrap() + start;
        expanded[start..end]
            .split("=> __visit")
            .map(str::to_owned)
            .collect::<Vec<_>>()
            .split_last()
            .map(|(_, arms)| arms.to_vec())
            .unwrap_or_default()
    }

    #[test]
    fn variants_of_one_shape_share_a_fields_arm() {
        let arms = field_arms(
            r#"
            #[tool_error(kind = validation)]
            enum E {
                #[tool_error(suggest = "Check {id}")]
                Alpha { id: String, n: u64 },
                #[tool_error(suggest = "Check {name}")]
                Beta { name: String, m: u64 },
                #[tool_error(suggest = "Check {id}")]
                Gamma { id: u64, n: String },
                #[tool_error(suggest = "Check {id:?}")]
                Delta { id: String, n: u64 },
                #[tool_error(suggest = "Check {0}")]
                Zeta(#[tool_error(rename = "id")] String, #[tool_error(rename = "n")] u64),
            }
            "#,
        );
        // Alpha, Beta and the tuple variant Zeta: the same types and body under
        // other names. Gamma: other types. Delta: formatted with `Debug`.
        assert_eq!(arms.len(), 3, "{arms:#?}");
        assert!(arms[0].contains("Self :: Zeta"), "{arms:#?}");
    }

    #[test]
    fn a_shared_arm_matches_at_most_a_few_dozen_variants() {
        let variants: String = (0..2 * MAX_ALTERNATIVES + 1)
            .map(|i| format!("Variant{i} {{ id: String }},"))
            .collect();
        let arms = field_arms(&format!(
            "#[tool_error(kind = validation)] enum E {{ {variants} }}"
        ));
        assert_eq!(arms.len(), 3, "{arms:#?}");
    }
}
