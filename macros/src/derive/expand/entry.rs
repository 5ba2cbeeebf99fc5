//! The catalog table: one entry per variant, written as source text and lexed
//! once (see `lex`).

use std::collections::HashMap;

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use super::super::ast::{Input, Role, Shape, Variant};
use super::super::name::unraw;
use super::super::template::{Piece, Template};
use super::lex::lex;
use super::next_call::next_calls_text;

/// The constant holding the description of variant `index`, when a macro writes it.
pub(super) fn doc_const(index: usize) -> syn::Ident {
    format_ident!("__DOC_{}", index)
}

/// The lists of the entries (suggestion templates, argument slots, detail fields),
/// worked out once per variant; a list written more than once is a constant of its
/// own, which every entry that has it names. Variants of one enum often share
/// fields (`id`, `path`) and so the same field list, and a constant named many times
/// costs the compiler far less than the same slice written out in every entry.
pub(super) struct EntryTables {
    /// Per variant (`None` for a `transparent` one), its lists.
    lists: Vec<Option<EntryLists>>,
    /// The constants, as source text.
    consts: String,
}

impl EntryTables {
    pub(super) fn new(input: &Input<'_>) -> EntryTables {
        let mut lists: Vec<Option<EntryLists>> = input
            .variants
            .iter()
            .map(|variant| (!variant.is_transparent()).then(|| EntryLists::of(variant)))
            .collect();
        let mut consts = String::new();
        // Per entry, the number of each list's constant when it is shared.
        let shared: Vec<[Option<usize>; 3]> = {
            // Keyed by type too: `&[]` of text and of fields are written alike.
            let mut uses: HashMap<(&str, &str), usize> = HashMap::new();
            for typed in lists.iter().flatten().flat_map(EntryLists::typed) {
                *uses.entry(typed).or_default() += 1;
            }
            // Numbered in order of first use, so the code is the same on every build.
            let mut numbers: HashMap<(&str, &str), usize> = HashMap::new();
            let mut shared = Vec::with_capacity(lists.len());
            for lists in lists.iter().flatten() {
                shared.push(lists.typed().map(|typed @ (list, ty)| {
                    if uses[&typed] < 2 {
                        return None;
                    }
                    let next = numbers.len();
                    Some(*numbers.entry(typed).or_insert_with(|| {
                        consts.push_str(&format!("const {}:{ty}={list};", list_const(next)));
                        next
                    }))
                }));
            }
            shared
        };
        for (lists, shared) in lists.iter_mut().flatten().zip(shared) {
            for (text, number) in lists.text.iter_mut().zip(shared) {
                if let Some(number) = number {
                    *text = list_const(number);
                }
            }
        }
        EntryTables { lists, consts }
    }

    /// The constants of the shared lists, lexed.
    pub(super) fn consts(&self) -> TokenStream {
        lex(&self.consts).unwrap_or_else(|| {
            quote!(::core::compile_error!(
                "tool_error: internal error generating the shared lists of the catalog"
            ))
        })
    }
}

/// The name of shared list `number`'s constant.
fn list_const(number: usize) -> String {
    format!("__LIST_{number}")
}

/// The lists of one variant's entry.
struct EntryLists {
    /// The three lists as the entry writes them (suggestions, slots, fields):
    /// as source text (`&["a","b"]`), or the name of the constant holding a shared
    /// one.
    text: [String; 3],
}

impl EntryLists {
    fn of(variant: &Variant<'_>) -> EntryLists {
        let suggestions: Vec<String> = variant.suggest.iter().map(template).collect();
        let slots: Vec<String> = arg_slots(variant)
            .iter()
            .map(|slot| slot_key(&slot.name, slot.debug))
            .collect();
        let fields: Vec<String> = variant
            .detail_fields()
            .map(|field| {
                let helper = if field.attrs.redact.is_set() {
                    "__secret"
                } else {
                    "__detail"
                };
                format!("{helper}({})", lit(&field.detail_name()))
            })
            .collect();
        let text = [
            format!("&[{}]", lits(suggestions.iter().map(String::as_str))),
            format!("&[{}]", lits(slots.iter().map(String::as_str))),
            format!("&[{}]", fields.join(",")),
        ];
        EntryLists { text }
    }

    /// Each list's text with the type of a constant holding it.
    fn typed(&self) -> [(&str, &'static str); 3] {
        let [suggestions, slots, fields] = &self.text;
        [
            (suggestions, "&[&str]"),
            (slots, "&[&str]"),
            (fields, "&[__tool_error::FieldInfo]"),
        ]
    }
}

pub(super) fn entry(
    input: &Input<'_>,
    index: usize,
    variant: &Variant<'_>,
    tables: &EntryTables,
) -> TokenStream {
    let name = unraw(&variant.ident.to_string()).to_owned();
    // `None` for a `transparent` variant.
    let Some(lists) = tables.lists.get(index).and_then(Option::as_ref) else {
        let Some(inner) = variant.fields.first().map(|field| field.ty) else {
            return quote!(__entry(#name, "", __INTERNAL, &[], &[], &[], ""));
        };
        let catalog = quote_spanned!(inner.span()=> <#inner as __Transparent>::INNER);
        return quote!(__transparent(#name, #catalog));
    };
    // Written as text and lexed once (see `lex`): these tokens need no spans of
    // the user's.
    let doc = match variant.doc.text() {
        Some(text) => lit(&text),
        None => doc_const(index).to_string(),
    };
    let text = entry_text(input, variant, &name, &doc, lists);
    lex(&text).unwrap_or_else(|| {
        let message = format!("tool_error: internal error generating the entry of `{name}`");
        quote!(::core::compile_error!(#message))
    })
}

/// The catalog entry of a non-transparent variant, as source text; `doc` is the
/// description as source text (a literal, or the constant that holds it).
fn entry_text(
    input: &Input<'_>,
    variant: &Variant<'_>,
    name: &str,
    doc: &str,
    lists: &EntryLists,
) -> String {
    let keys = &variant.attrs;
    let kind_name = keys
        .kind
        .get()
        .or(input.defaults.kind.get())
        .copied()
        .unwrap_or("Internal");
    // `__NOT_FOUND` and friends: `Kind` constants of the short-name module.
    let kind = heck::ToShoutySnakeCase::to_shouty_snake_case(kind_name);
    let [suggestions_list, slots_list, fields_list] = &lists.text;
    let mut out = format!(
        "__entry({},{},__{kind},{},{},{},{})",
        lit(name),
        lit(&variant.code),
        suggestions_list,
        slots_list,
        fields_list,
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
    if let Some(category) = keys.category.get().or(input.defaults.category.get()) {
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
    if let Some(channel) = keys.channel.get().or(input.defaults.channel.get())
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
    let docs = match (keys.docs.get(), input.defaults.docs.get()) {
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

/// A template as the runtime reads it: its text in canonical form (placeholders
/// written `{name}` or `{name:?}`, literal braces doubled), so the placeholder text
/// matches its slot's key exactly.
pub(super) fn template(template: &Template) -> String {
    let mut out = String::with_capacity(template.source.len());
    for piece in &template.pieces {
        match piece {
            Piece::Text(text) => {
                for c in text.chars() {
                    out.push(c);
                    if matches!(c, '{' | '}') {
                        out.push(c);
                    }
                }
            }
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

/// A string literal in Rust syntax.
pub(super) fn lit(value: &str) -> String {
    format!("{value:?}")
}

/// A list of string literals.
fn lits<'a>(values: impl IntoIterator<Item = &'a str>) -> String {
    let items: Vec<String> = values.into_iter().map(lit).collect();
    items.join(",")
}

#[cfg(test)]
mod tests {
    /// The expansion of `item`, as text.
    fn expand(item: &str) -> String {
        crate::derive::expand(syn::parse_str(item).unwrap()).to_string()
    }

    #[test]
    fn lists_written_alike_by_several_variants_are_one_constant() {
        let expanded = expand(
            r#"
            #[tool_error(kind = validation)]
            enum E {
                #[tool_error(suggest = "Retry")]
                Alpha { id: String, #[tool_error(redact)] key: String },
                #[tool_error(suggest = "Retry")]
                Beta { id: u64, #[tool_error(redact)] key: String },
                #[tool_error(suggest = "Check {id}")]
                Gamma { id: String, key: String },
                Delta,
            }
            "#,
        );
        // Without spaces, which token streams print as they please.
        let expanded: String = expanded.chars().filter(|c| *c != ' ').collect();
        let consts: Vec<&str> = expanded
            .split("const__LIST_")
            .skip(1)
            .map(|rest| &rest[..rest.find(';').unwrap()])
            .collect();
        // Alpha's and Beta's suggestions and fields (Gamma's `key` is not redacted);
        // the empty slots of Alpha, Beta and Delta and Delta's empty suggestions (a
        // list of text either way); Delta's empty fields, of another type, once.
        assert_eq!(
            consts,
            [
                r#"0:&[&str]=&["Retry"]"#,
                r#"1:&[&str]=&[]"#,
                r#"2:&[__tool_error::FieldInfo]=&[__detail("id"),__secret("key")]"#,
            ],
            "{expanded}"
        );
        // Each defined once and named by every entry that writes it.
        assert_eq!(expanded.matches("__LIST_0").count(), 3, "{expanded}");
        assert_eq!(expanded.matches("__LIST_1").count(), 5, "{expanded}");
        assert_eq!(expanded.matches("__LIST_2").count(), 3, "{expanded}");
    }
}
