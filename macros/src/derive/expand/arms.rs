//! The generated `match`es over the value: `resolve` (which catalog entry, or
//! delegation to a wrapped error), `fields` (borrowed views of the fields the entry
//! renders, one arm per shape of variant), `source_error` and `backtrace`.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::super::ast::{Field, Input, NextCall, Role, Shape, Variant, ungroup};
use super::super::name::unraw;
use super::entry::{Slot, arg_slots};

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

pub(super) fn resolve_arm(
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
        _ => quote!(#path { .. } => #index,),
    }
}

/// One arm of the `fields` match: the fields of a variant its entry needs, each
/// bound once, handed to the runtime as borrowed views; worked out before any of
/// its tokens are built, so arms of one shape can share a body (see [`merge_arms`]).
pub(super) struct Arm<'a> {
    input: &'a Input<'a>,
    variant: &'a Variant<'a>,
    /// The detail fields, in the entry's order.
    details: Vec<&'a Field<'a>>,
    /// The argument slots, and the field each fills.
    slots: Vec<Slot>,
    args: Vec<(&'a Field<'a>, usize)>,
    suggestions: Option<&'a Field<'a>>,
    next_calls: Option<&'a Field<'a>>,
    retry_after: Option<&'a Field<'a>>,
    /// The fields next calls send as values, and the span of each use.
    call_values: Vec<(&'a Field<'a>, Span)>,
    /// The fields the pattern binds, each once.
    used: Vec<&'a Field<'a>>,
}

impl<'a> Arm<'a> {
    /// The arm of `variant`, or `None` for a `transparent` one.
    pub(super) fn of(input: &'a Input<'a>, variant: &'a Variant<'a>) -> Option<Arm<'a>> {
        if variant.is_transparent() {
            return None;
        }
        let details: Vec<&Field<'_>> = variant.detail_fields().collect();
        let slots = arg_slots(variant);
        let args: Vec<(&Field<'_>, usize)> = slots
            .iter()
            .enumerate()
            .filter_map(|(index, slot)| Some((variant.field_named(&slot.name)?, index)))
            .collect();
        let suggestions = variant.fields_with(Role::Suggestions).next();
        let next_calls = variant.fields_with(Role::NextCalls).next();
        let retry_after = variant.fields_with(Role::RetryAfter).next();
        let call_values: Vec<(&Field<'_>, Span)> = NextCall::value_fields(&variant.next_calls)
            .into_iter()
            .filter_map(|ident| {
                let name = unraw(&ident.to_string()).to_owned();
                Some((variant.field_named(&name)?, ident.span()))
            })
            .collect();
        // Bind only the fields used, each once.
        let mut used: Vec<&Field<'_>> = Vec::new();
        let candidates = details
            .iter()
            .copied()
            .chain(args.iter().map(|(field, _)| *field))
            .chain(suggestions)
            .chain(next_calls)
            .chain(retry_after)
            .chain(call_values.iter().map(|(field, _)| *field));
        for field in candidates {
            if !used.iter().any(|seen| seen.member == field.member) {
                used.push(field);
            }
        }
        Some(Arm {
            input,
            variant,
            details,
            slots,
            args,
            suggestions,
            next_calls,
            retry_after,
            call_values,
            used,
        })
    }

    /// Equal for two arms exactly when one body serves both patterns: every choice
    /// [`Arm::body`] makes, by local, then the type written for each local.
    fn key(&self) -> String {
        let index = |field: &Field<'_>| field_index(self.variant, field);
        let mut key = String::new();
        for field in &self.details {
            key.push_str(&format!(
                "d{}{}{} ",
                index(field),
                u8::from(field.is_option()),
                u8::from(field.attrs.display.is_set())
            ));
        }
        for (field, slot) in &self.args {
            key.push_str(&format!(
                "a{}{} ",
                index(field),
                u8::from(self.slots[*slot].debug)
            ));
        }
        if let Some(field) = self.suggestions {
            let by_reference = matches!(ungroup(field.ty), syn::Type::Reference(_));
            key.push_str(&format!("s{}{} ", index(field), u8::from(by_reference)));
        }
        if let Some(field) = self.next_calls {
            key.push_str(&format!("n{} ", index(field)));
        }
        if let Some(field) = self.retry_after {
            key.push_str(&format!("r{} ", index(field)));
        }
        for (field, _) in &self.call_values {
            key.push_str(&format!("c{} ", index(field)));
        }
        for field in &self.used {
            let ty = field.ty;
            key.push_str(&format!("| {}: {} ", index(field), quote!(#ty)));
        }
        key
    }

    fn pattern(&self) -> TokenStream {
        let path = path(self.input, self.variant);
        if self.used.is_empty() {
            return quote!(#path { .. });
        }
        let bindings = self.used.iter().map(|field| {
            let member = &field.member;
            let name = binding(field_index(self.variant, field));
            quote!(#member: #name)
        });
        quote!(#path { #(#bindings,)* .. })
    }

    fn body(&self, private: &TokenStream) -> TokenStream {
        if self.used.is_empty() {
            return quote!(__visit(&#private::Fields::EMPTY));
        }
        let bind_at =
            |field: &Field<'_>, span: Span| binding_at(field_index(self.variant, field), span);
        // Trait bounds a field's type may not meet are reported on the field (or on
        // the template that formats it), not on the derive.
        let values = self.details.iter().map(|field| {
            let name = bind_at(field, field.ty.span());
            // Through a method whose bound explains a field that is not `Serialize`
            // (or, for `display`, not `Display`); an `Option` field is absent when
            // `None`.
            match (field.attrs.display.is_set(), field.is_option()) {
                (false, false) => quote_spanned!(field.ty.span()=> __DetailProbe(#name).__detail_value()),
                (false, true) => quote_spanned!(field.ty.span()=> __DetailProbe(#name).__optional_value()),
                (true, false) => quote_spanned!(field.ty.span()=> __shown(#name).__value()),
                (true, true) => quote_spanned!(field.ty.span()=> __DetailProbe(#name).__optional_shown().__value()),
            }
        });
        let args = self.args.iter().map(|(field, slot)| {
            let slot = &self.slots[*slot];
            let name = bind_at(field, slot.span);
            if slot.debug {
                quote_spanned!(slot.span=> __Debug(#name))
            } else {
                quote_spanned!(slot.span=> __display(#name))
            }
        });
        let suggestions = self.suggestions.map(|field| {
            let name = bind_at(field, field.ty.span());
            // A field written as a reference (`&'static [&'static str]`) iterates
            // through the collection it points to: `&&[T]` is not iterable, and
            // `[T]` is unsized.
            if let syn::Type::Reference(_) = ungroup(field.ty) {
                quote_spanned!(field.ty.span()=> .with_suggestions(&__BorrowedSuggestions(&**#name)))
            } else {
                quote_spanned!(field.ty.span()=> .with_suggestions(#name))
            }
        });
        let next_calls = self.next_calls.map(|field| {
            let name = bind_at(field, field.ty.span());
            quote_spanned!(field.ty.span()=> .with_next_calls(#name))
        });
        let retry_after = self.retry_after.map(|field| {
            let name = bind_at(field, field.ty.span());
            quote_spanned!(field.ty.span()=> .with_retry_after(#name))
        });
        let call_values = (!self.call_values.is_empty()).then(|| {
            let values = self.call_values.iter().map(|(field, span)| {
                let name = bind_at(field, *span);
                quote_spanned!(*span=> __call_value(#name))
            });
            quote!(.with_call_values(&[#(#values),*]))
        });
        quote! {
            __visit(&__fields(&[#(#values),*], &[#(#args),*]) #suggestions #next_calls #retry_after #call_values)
        }
    }
}

/// The `fields` arms: variants whose arms have equal keys (see [`Arm::key`]) share
/// one arm with an or-pattern, in order of first appearance, and its body is built
/// once, from the first of them. Types written alike in one item resolve alike, so
/// the shared arm type-checks whenever the separate ones do.
///
/// The one trick the derive keeps for its build time: the compiler then checks and
/// lowers one body per shape instead of one per variant. A benchmark enum of 1,000
/// variants of one shape builds in 2.5-2.6x the time of thiserror alone with an arm
/// per variant, 1.6-1.7x with shared arms (BENCHMARKS.md, "The build"), and the
/// build must stay under 2x.
pub(super) fn merge_arms<'a>(
    arms: impl Iterator<Item = Arm<'a>>,
    private: &TokenStream,
) -> Vec<TokenStream> {
    // Each group's first arm, in order of first appearance, with the patterns of all.
    let mut groups: Vec<(Arm<'a>, Vec<TokenStream>)> = Vec::new();
    let mut group_of_key: HashMap<String, usize> = HashMap::new();
    for arm in arms {
        let pattern = arm.pattern();
        match group_of_key.entry(arm.key()) {
            Entry::Occupied(at) => groups[*at.get()].1.push(pattern),
            Entry::Vacant(slot) => {
                slot.insert(groups.len());
                groups.push((arm, vec![pattern]));
            }
        }
    }
    groups
        .iter()
        .map(|(first, patterns)| {
            let body = first.body(private);
            quote!(#(#patterns)|* => #body,)
        })
        .collect()
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Cause {
    Source,
    Backtrace,
}

/// The body of `source_error` or `backtrace`: one arm per variant that has one.
pub(super) fn cause_body(input: &Input<'_>, private: &TokenStream, cause: Cause) -> TokenStream {
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
            Cause::Backtrace => field.backtrace && !field.attrs.skip.is_set(),
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
    use super::super::super::ctxt::Ctxt;
    use super::*;

    /// The `fields` arms of a valid item, one string each: its patterns and body.
    fn field_arms(item: &str) -> Vec<String> {
        let input: syn::DeriveInput = syn::parse_str(item).unwrap();
        let cx = Ctxt::default();
        let view = Input::from_syn(&cx, &input).unwrap();
        assert!(!cx.has_errors(), "{}", cx.to_compile_errors());
        let arms = view
            .variants
            .iter()
            .filter_map(|variant| Arm::of(&view, variant));
        merge_arms(arms, &quote!(__tool_error))
            .iter()
            .map(ToString::to_string)
            .collect()
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
    fn variants_whose_fields_play_other_roles_do_not_share_an_arm() {
        // Pairs that bind fields of the same types and differ in one role only: a
        // detail that is also a template argument, a template argument that is also
        // the retry hint, a `Debug` argument that is also the `suggestions` field
        // or the `next_calls` field, a detail that a next call also sends. Each pair's second variant would
        // share its first's arm if the key left that role out.
        let arms = field_arms(
            r#"
            #[tool_error(kind = transient)]
            enum E {
                Detail { a: u64, b: u64 },
                #[tool_error(suggest = "Check {a}")]
                DetailArgument { a: u64, b: u64 },
                #[tool_error(suggest = "Wait {b}")]
                Argument { a: u64, #[tool_error(skip)] b: u64 },
                #[tool_error(suggest = "Wait {b}")]
                ArgumentRetry { a: u64, #[tool_error(retry_after)] b: u64 },
                #[tool_error(suggest = "Try {b:?}")]
                DebugArgument { a: u64, #[tool_error(skip)] b: Vec<String> },
                #[tool_error(suggest = "Try {b:?}")]
                DebugArgumentSuggestions { a: u64, #[tool_error(suggestions)] b: Vec<String> },
                #[tool_error(suggest = "Try {b:?}")]
                DebugArgumentCalls { a: u64, #[tool_error(next_calls)] b: Vec<String> },
                #[tool_error(next_call(tool = "t", args(x = b)))]
                DetailCalled { a: u64, b: u64 },
                Again { a: u64, b: u64 },
            }
            "#,
        );
        // `Again` joins `Detail`; every other variant has an arm of its own.
        assert_eq!(arms.len(), 8, "{arms:#?}");
        assert!(
            arms.iter()
                .any(|arm| arm.contains("Self :: Detail {") && arm.contains("Self :: Again")),
            "{arms:#?}"
        );
    }
}
