//! Every rule the derive enforces, one function each; all record into the context so
//! one compilation reports every mistake. The rules about where keys go and which
//! combine are here; the others by what they check: `code` (codes and the numbers
//! that go with them), `field` (the roles of fields) and `reveal` (what messages,
//! suggestions, next calls and `Display` may show).

mod code;
mod field;
mod reveal;

use super::ast::{Input, Shape, Variant};
use super::attr::Written;
use super::ctxt::Ctxt;
use super::keys::{self, KINDS, Place};
use super::spelling;

/// Runs every rule.
pub(crate) fn check(cx: &Ctxt, input: &Input<'_>) {
    let container_place = match input.shape {
        Shape::Enum => Place::Enum,
        Shape::Struct => Place::Struct,
    };
    placement(cx, &input.written, container_place);
    for variant in &input.variants {
        if input.shape == Shape::Enum {
            placement(cx, &variant.written, Place::Variant);
        }
        for field in &variant.fields {
            placement(cx, &field.written, Place::Field);
        }
        if variant.is_transparent() {
            transparent(cx, input, variant);
            continue;
        }
        code::code_format(cx, input, variant);
        kind_present(cx, input, variant);
        no_effect_invites_a_retry(cx, input, variant);
        if let Some(int) = variant.attrs.jsonrpc.get() {
            code::jsonrpc_code(cx, *int, input.legacy_jsonrpc());
        }
        if let Some(int) = variant.attrs.http.get() {
            code::http_status(cx, *int);
        }
        field::field_keys(cx, variant);
        field::single_roles(cx, variant);
        field::detail_names(cx, variant);
        reveal::templates(cx, variant);
        reveal::next_calls(cx, variant);
        reveal::display_keeps_secrets(cx, variant);
    }
    code::unique_codes(cx, input);
}

/// A key written where it does not belong.
fn placement(cx: &Ctxt, written: &Written, place: Place) {
    for (key, span) in written.iter().filter(|(key, _)| !key.belongs(place)) {
        let hint = match key.home {
            keys::Home::Code { .. } if place == Place::Enum => {
                let defaults = keys::KEYS.iter().filter(|key| key.is_enum_default());
                format!(
                    "put it on a variant; on the enum only {} set defaults",
                    spelling::one_of(defaults.map(|key| key.name))
                )
            }
            _ => format!("put it {}", key.home_text()),
        };
        cx.error_at(
            span,
            format!(
                "`{}` does not belong on {}: {hint}",
                key.name,
                place.describe()
            ),
        );
    }
}

/// `no_effect` says a retry is safe, so it only means something on an error that
/// invites one: never on a validation error, which asks for new input instead.
fn no_effect_invites_a_retry(cx: &Ctxt, input: &Input<'_>, variant: &Variant<'_>) {
    let Some(span) = variant
        .attrs
        .no_effect
        .is_set()
        .then_some(variant.attrs.no_effect.span)
    else {
        return;
    };
    let kind = variant.attrs.kind.get().or(input.defaults.kind.get());
    if kind.is_some_and(|kind| *kind == "validation") {
        cx.error_at(
            span,
            "`no_effect` has no use on a `validation` error, which invites no retry (the caller must change its input): remove `no_effect`",
        );
    }
}

/// A variant needs a kind, its own or the enum's default.
fn kind_present(cx: &Ctxt, input: &Input<'_>, variant: &Variant<'_>) {
    // A `kind` written with a bad value, or `transparent` misplaced on the enum, is
    // already reported; "no kind" on top would only repeat it.
    if variant.written.has(&keys::KIND)
        || input.written.has(&keys::KIND)
        || input.written.has(&keys::TRANSPARENT)
    {
        return;
    }
    let kinds = spelling::one_of(KINDS.iter().copied());
    let message = match input.shape {
        Shape::Enum => format!(
            "variant `{}` has no kind: add `#[tool_error(kind = ...)]` with one of {kinds}, on the variant or on the enum as the default",
            variant.ident
        ),
        Shape::Struct => format!(
            "struct `{}` has no kind: add `#[tool_error(kind = ...)]` with one of {kinds}",
            variant.ident
        ),
    };
    cx.error_spanned_by(variant.ident, message);
}

/// `transparent`: exactly one field, nothing else on the variant.
fn transparent(cx: &Ctxt, input: &Input<'_>, variant: &Variant<'_>) {
    let span = variant.attrs.transparent.span;
    if variant.fields.len() != 1 {
        cx.error_at(
            span,
            format!(
                "`transparent` needs exactly one field to delegate to, and `{}` has {}: wrap the inner error alone",
                variant.ident,
                variant.fields.len()
            ),
        );
    }
    // On a struct the type's keys are the variant's; only `crate` and
    // `integrations` still matter.
    let still_matter: &[&keys::Key] = match input.shape {
        Shape::Struct => &[&keys::TRANSPARENT, &keys::CRATE, &keys::INTEGRATIONS],
        Shape::Enum => &[&keys::TRANSPARENT],
    };
    for (key, key_span) in variant.written.iter() {
        if !still_matter.iter().any(|allowed| allowed.name == key.name) {
            let key = key.name;
            cx.error_at(
                key_span,
                format!("`{key}` cannot be combined with `transparent`: the wrapped error supplies it; remove `{key}`"),
            );
        }
    }
    for field in &variant.fields {
        for (key, key_span) in field.written.iter() {
            cx.error_at(
                key_span,
                format!(
                    "`{}` has no effect on the field of a `transparent` variant: remove it",
                    key.name
                ),
            );
        }
    }
}
