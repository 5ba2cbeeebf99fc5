//! What a variant's texts may name and show: placeholders and next-call arguments
//! name fields that exist, and nothing rendered reveals a field marked `redact`.

use syn::Member;

use super::super::ast::{ArgValue, Variant};
use super::super::ctxt::Ctxt;
use super::super::keys::{MESSAGE, NEXT_CALL, SUGGEST};
use super::super::name::{member_name, unraw};
use super::super::shown::{Target, Via};
use super::super::spelling;
use super::super::template::Template;

/// The placeholders of `message` and `suggest`.
pub(super) fn templates(cx: &Ctxt, variant: &Variant<'_>) {
    for template in variant.message.iter() {
        placeholders(cx, variant, template, MESSAGE.name);
    }
    for template in &variant.suggest {
        placeholders(cx, variant, template, SUGGEST.name);
    }
}

/// Placeholders must name fields; redacted fields may not be interpolated.
fn placeholders(cx: &Ctxt, variant: &Variant<'_>, template: &Template, key: &str) {
    for (name, debug) in template.placeholders() {
        let written = if debug {
            format!("{{{name}:?}}")
        } else {
            format!("{{{name}}}")
        };
        match variant.field_named(name) {
            None if variant.fields.is_empty() => cx.error_at(
                template.span,
                format!(
                    "`{written}` in `{key}` names a field, but `{}` has no fields: remove the placeholder (write `{{{{` and `}}}}` for literal braces)",
                    variant.ident
                ),
            ),
            None => cx.error_at(
                template.span,
                format!(
                    "`{written}` in `{key}` names no field of `{}`: use one of {}",
                    variant.ident,
                    field_list(variant)
                ),
            ),
            Some(field) if field.attrs.redact.is_set() => cx.error_at(
                template.span,
                format!(
                    "`{written}` in `{key}` would reveal `{name}`, which is marked `redact`: remove the placeholder or the `redact`"
                ),
            ),
            Some(_) => {}
        }
    }
}

/// The longest tool name MCP allows.
const MAX_TOOL_NAME_LEN: usize = 128;

/// Each next call names a tool MCP allows, gives each argument once, and sends only
/// fields that exist and are not redacted.
pub(super) fn next_calls(cx: &Ctxt, variant: &Variant<'_>) {
    for call in &variant.next_calls {
        match &call.tool {
            None if call.tool_written => {}
            None => cx.error_at(
                call.span,
                "`next_call` needs the tool to call: write `next_call(tool = \"search_compounds\", args(...))`",
            ),
            Some(lit) => {
                let tool = lit.value();
                let valid = !tool.is_empty()
                    && tool.len() <= MAX_TOOL_NAME_LEN
                    && tool
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
                if !valid {
                    cx.error_spanned_by(
                        lit,
                        format!(
                            "`{tool}` is not a tool name: MCP tool names are 1 to {MAX_TOOL_NAME_LEN} ASCII letters, digits, `_`, `-` or `.`"
                        ),
                    );
                }
            }
        }
        let mut seen: Vec<&str> = Vec::new();
        for arg in &call.args {
            if seen.contains(&arg.name.as_str()) {
                cx.error_at(
                    arg.span,
                    format!(
                        "`{}` is given twice in this `next_call`: give each argument once",
                        arg.name
                    ),
                );
            }
            seen.push(&arg.name);
            match &arg.value {
                ArgValue::Text(template) => placeholders(cx, variant, template, NEXT_CALL.name),
                ArgValue::Field(ident) => {
                    let name = unraw(&ident.to_string()).to_owned();
                    match variant.field_named(&name) {
                        None => cx.error_at(
                            ident.span(),
                            match named_fields(variant) {
                                Some(names) => format!(
                                    "`{name}` in `next_call` names no field of `{}`: send one of {names}, or write text as a string, `{} = \"...\"`",
                                    variant.ident, arg.name
                                ),
                                None => format!(
                                    "`{name}` in `next_call` names no field of `{}`, which has no named fields: send a tuple field as text, `{} = \"{{0}}\"`",
                                    variant.ident, arg.name
                                ),
                            },
                        ),
                        Some(field) if field.attrs.redact.is_set() => cx.error_at(
                            ident.span(),
                            format!(
                                "`next_call` would send `{name}`, which is marked `redact`: leave it to the caller (`{} = _`) or remove the `redact`",
                                arg.name
                            ),
                        ),
                        Some(_) => {}
                    }
                }
                _ => {}
            }
        }
    }
}

/// The named fields, for messages about a field written as a bare name.
fn named_fields(variant: &Variant<'_>) -> Option<String> {
    let names: Vec<String> = variant
        .fields
        .iter()
        .filter_map(|field| match &field.member {
            Member::Named(ident) => Some(format!("`{ident}`")),
            Member::Unnamed(_) => None,
        })
        .collect();
    (!names.is_empty()).then(|| names.join(", "))
}

fn field_list(variant: &Variant<'_>) -> String {
    let names: Vec<String> = variant
        .fields
        .iter()
        .map(|field| match &field.member {
            Member::Named(ident) => format!("{{{ident}}}"),
            Member::Unnamed(index) => format!("{{{}}}", index.index),
        })
        .collect();
    spelling::one_of(names.iter().map(String::as_str))
}

/// thiserror's `#[error(...)]` (or another derive's `#[display(...)]`) makes the
/// `Display` that is the default message, so it must not show a redacted field: not
/// through any placeholder, argument, `self`, `transparent` or `fmt = path`.
pub(super) fn display_keeps_secrets(cx: &Ctxt, variant: &Variant<'_>) {
    if !variant
        .fields
        .iter()
        .any(|field| field.attrs.redact.is_set())
    {
        return;
    }
    for read in &variant.shown {
        let redacted: Vec<String> = match &read.target {
            Target::Named(name) => variant
                .field_read_by(name)
                .filter(|field| field.attrs.redact.is_set())
                .map(|field| member_name(&field.member))
                .into_iter()
                .collect(),
            Target::Every => variant
                .fields
                .iter()
                .filter(|field| field.attrs.redact.is_set())
                .map(|field| member_name(&field.member))
                .collect(),
        };
        let attr = &read.attr;
        for name in redacted {
            let message = match &read.via {
                Via::Mention(written) => format!(
                    "`{written}` in `#[{attr}(...)]` shows `{name}`, which is marked `redact`, in the message: leave it out of the message or remove `redact`"
                ),
                Via::WholeValue(written) => format!(
                    "`{written}` in `#[{attr}(...)]` can show every field, `{name}` (marked `redact`) included: name only the fields the message needs, e.g. `{{field}}` or `.field`"
                ),
                Via::Transparent => format!(
                    "`#[{attr}(transparent)]` shows `{name}`, which is marked `redact`, as the message: write a message without it, e.g. `#[{attr}(\"...\")]`, or remove `redact`"
                ),
                Via::FmtPath(path) => format!(
                    "`#[{attr}(fmt = {path})]` hands every field to `{path}`, `{name}` (marked `redact`) included: write the message as `#[{attr}(\"...\")]` without it, or remove `redact`"
                ),
            };
            cx.error_spanned_by(&read.tokens, message);
        }
    }
}

#[cfg(test)]
mod tests {
    use proc_macro2::TokenStream;

    use super::super::super::ast::Input;
    use super::*;

    /// The errors [`display_keeps_secrets`] reports on `item`, which is otherwise
    /// valid.
    fn errors(item: TokenStream) -> String {
        let input: syn::DeriveInput = syn::parse2(item).unwrap();
        let cx = Ctxt::default();
        let view = Input::from_syn(&cx, &input).unwrap();
        assert!(!cx.has_errors(), "{}", cx.to_compile_errors());
        for variant in &view.variants {
            display_keeps_secrets(&cx, variant);
        }
        cx.to_compile_errors().to_string()
    }

    /// derive_more's `#[display(...)]` (in its current and older spellings) is read
    /// as thiserror's `#[error(...)]` is; trybuild cases cannot show it without
    /// depending on derive_more.
    #[test]
    fn display_attributes_of_other_derives_are_read() {
        let shown = errors(quote::quote! {
            #[display("login failed for {token}")]
            #[tool_error(kind = permission)]
            struct LoginFailed {
                #[tool_error(redact)]
                token: String,
            }
        });
        assert!(
            shown.contains("`{token}` in `#[display(...)]` shows `token`"),
            "{shown}"
        );
        let older = errors(quote::quote! {
            #[tool_error(kind = permission)]
            enum AuthError {
                #[display(fmt = "login failed for {}", _0)]
                LoginFailed(#[tool_error(redact, rename = "token")] String),
            }
        });
        assert!(
            older.contains("`_0` in `#[display(...)]` shows `0`"),
            "{older}"
        );
        let safe = errors(quote::quote! {
            #[display("login failed for {user}")]
            #[tool_error(kind = permission)]
            struct LoginFailed {
                user: String,
                #[tool_error(redact)]
                token: String,
            }
        });
        assert_eq!(safe, "");
    }
}
