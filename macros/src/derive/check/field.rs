//! The roles of fields: keys that contradict each other or the field, one field per
//! role, one detail per name.

use std::collections::HashSet;

use syn::Member;

use super::super::ast::{Field, Role, Variant};
use super::super::ctxt::Ctxt;
use super::super::keys::{
    DETAILS, DISPLAY, NEXT_CALLS, REDACT, RENAME, RETRY_AFTER, SKIP, SUGGESTIONS,
};

/// Field keys that contradict each other or the field.
pub(super) fn field_keys(cx: &Ctxt, variant: &Variant<'_>) {
    let whole = variant.fields_with(Role::WholeDetails).next().is_some();
    for field in &variant.fields {
        let keys = &field.attrs;
        if keys.skip.is_set() {
            let others = field
                .written
                .iter()
                .filter(|(key, _)| key.name != SKIP.name);
            for (key, span) in others {
                cx.error_at(
                    span,
                    format!(
                        "`{}` cannot be combined with `skip`: a skipped field is not rendered",
                        key.name
                    ),
                );
            }
            continue;
        }
        let roles = [
            (DETAILS.name, keys.details.is_set()),
            (RETRY_AFTER.name, keys.retry_after.is_set()),
            (SUGGESTIONS.name, keys.suggestions.is_set()),
            (NEXT_CALLS.name, keys.next_calls.is_set()),
        ];
        let chosen: Vec<&str> = roles
            .iter()
            .filter(|(_, set)| *set)
            .map(|(key, _)| *key)
            .collect();
        if let [first, second, ..] = chosen.as_slice() {
            cx.error_at(
                field.span,
                format!("`{first}` and `{second}` cannot be combined: a field has one role"),
            );
        }
        let special = chosen
            .first()
            .copied()
            .or(if field.source || field.backtrace {
                Some("source")
            } else {
                None
            })
            .or(whole.then_some("beside"));
        if let Some(role) = special {
            for key in [&REDACT, &RENAME, &DISPLAY] {
                if let Some(span) = field.written.span_of(key) {
                    let key = key.name;
                    let what = match role {
                        "source" => {
                            "a source or backtrace field, which is never a detail".to_owned()
                        }
                        "beside" => {
                            "a field beside a `details` field, which supplies the whole details"
                                .to_owned()
                        }
                        role => format!("a `{role}` field"),
                    };
                    cx.error_at(
                        span,
                        format!("`{key}` has no effect on {what}: remove `{key}`"),
                    );
                }
            }
        }
        let unnamed = !keys.rename.is_set() && matches!(field.member, Member::Unnamed(_));
        if unnamed && special.is_none() {
            for key in [&REDACT, &DISPLAY] {
                if let Some(span) = field.written.span_of(key) {
                    let key = key.name;
                    cx.error_at(
                        span,
                        format!("a tuple field is a detail only with a name: add `rename = \"...\"` beside `{key}`"),
                    );
                }
            }
        }
    }
}

/// At most one field per role.
pub(super) fn single_roles(cx: &Ctxt, variant: &Variant<'_>) {
    single_role(cx, variant, Role::RetryAfter, RETRY_AFTER.name);
    single_role(cx, variant, Role::Suggestions, SUGGESTIONS.name);
    single_role(cx, variant, Role::NextCalls, NEXT_CALLS.name);
    single_role(cx, variant, Role::WholeDetails, DETAILS.name);
}

fn single_role(cx: &Ctxt, variant: &Variant<'_>, role: Role, key: &str) {
    let fields: Vec<&Field<'_>> = variant.fields_with(role).collect();
    if let [_, rest @ ..] = fields.as_slice() {
        for field in rest {
            cx.error_at(
                field.span,
                format!(
                    "only one field of `{}` can be `{key}`: remove `{key}` from all but one",
                    variant.ident
                ),
            );
        }
    }
}

/// Two details with one key.
pub(super) fn detail_names(cx: &Ctxt, variant: &Variant<'_>) {
    let mut seen = HashSet::new();
    for field in variant.fields_with(Role::Detail) {
        let name = field.detail_name();
        if !seen.insert(name.clone()) {
            cx.error_at(
                field.span,
                format!("two details of `{}` are named `{name}`: give one a different `rename = \"...\"`", variant.ident),
            );
        }
    }
}
