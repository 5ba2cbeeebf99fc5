//! The `#[tool_error(...)]` attributes of one item, read into typed attributes per
//! place: [`Container`] (the type), [`Variant`] (one code) and [`Field`]. Each key
//! is looked up in the key table (`keys.rs`), which says where it belongs, and read
//! into its slot by its reader among those of its home ([`TYPE_READERS`],
//! [`CODE_READERS`], [`FIELD_READERS`]); every malformed value, unknown key and
//! duplicate is recorded and reading moves on.

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::spanned::Spanned;
use syn::{Attribute, LitStr};

use super::case::RenameRule;
use super::ctxt::Ctxt;
use super::keys::{self, CHANNEL_ALIASES, CHANNELS, Home, KEYS, KIND_ALIASES, KINDS, Key, Place};
use super::next_call::{self, NextCall};
use super::spelling;
use super::value::{Int, Value, skip_value};

/// A key that may be given once, with the span of where it was written.
pub(crate) struct Attr<T> {
    value: Option<T>,
    pub(crate) span: Span,
}

impl<T> Default for Attr<T> {
    fn default() -> Self {
        Attr {
            value: None,
            span: Span::call_site(),
        }
    }
}

impl<T> Attr<T> {
    /// Stores `value` read for the key of `written`, or records a duplicate. A
    /// value that could not be read (`None`, already reported) changes nothing.
    pub(crate) fn set(&mut self, written: &Value<'_>, value: Option<T>) {
        let Some(value) = value else { return };
        if self.value.is_some() {
            let repeatable = KEYS.iter().filter(|key| key.repeatable);
            written.cx.error_at(
                written.span,
                format!(
                    "duplicate `{}`: give it once (only {} may repeat)",
                    written.key.name,
                    spelling::all_of(repeatable.map(|key| key.name))
                ),
            );
            return;
        }
        self.value = Some(value);
        self.span = written.span;
    }

    pub(crate) fn is_set(&self) -> bool {
        self.value.is_some()
    }

    pub(crate) fn get(&self) -> Option<&T> {
        self.value.as_ref()
    }
}

/// The keys of the whole type.
#[derive(Default)]
pub(crate) struct Container {
    pub(crate) krate: Attr<syn::Path>,
    pub(crate) rename_all: Attr<RenameRule>,
    pub(crate) domain: Attr<LitStr>,
    pub(crate) legacy_jsonrpc: Attr<()>,
    pub(crate) integrations: Attr<bool>,
}

/// The keys of one code: a variant's, a struct's, or the defaults an enum sets for
/// its variants.
#[derive(Default)]
pub(crate) struct Variant {
    pub(crate) code: Attr<LitStr>,
    /// The kind's name in generated code (`NotFound`).
    pub(crate) kind: Attr<&'static str>,
    pub(crate) category: Attr<LitStr>,
    pub(crate) recoverable: Attr<bool>,
    pub(crate) no_effect: Attr<()>,
    pub(crate) message: Attr<LitStr>,
    pub(crate) suggest: Vec<LitStr>,
    pub(crate) next_call: Vec<NextCall>,
    pub(crate) jsonrpc: Attr<Int>,
    pub(crate) http: Attr<Int>,
    /// The channel's name in generated code (`Protocol`).
    pub(crate) channel: Attr<&'static str>,
    pub(crate) transparent: Attr<()>,
    pub(crate) docs: Attr<LitStr>,
}

/// The keys of one field.
#[derive(Default)]
pub(crate) struct Field {
    pub(crate) skip: Attr<()>,
    pub(crate) redact: Attr<()>,
    pub(crate) rename: Attr<LitStr>,
    pub(crate) display: Attr<()>,
    pub(crate) retry_after: Attr<()>,
    pub(crate) suggestions: Attr<()>,
    pub(crate) next_calls: Attr<()>,
    pub(crate) details: Attr<()>,
}

/// Typed attributes for every home a key can have; a place fills the ones whose
/// keys belong there.
#[derive(Default)]
pub(crate) struct Attrs {
    pub(crate) container: Container,
    pub(crate) variant: Variant,
    pub(crate) field: Field,
}

/// A key's reader: reads the value written and keeps it in its slot of `T`, the
/// typed attributes of the key's home.
type Reader<T> = fn(&mut T, &Value<'_>);

/// The readers of the type's keys, by key: where the key table meets the typed
/// attributes. With [`CODE_READERS`] and [`FIELD_READERS`], one reader for each key
/// of [`KEYS`], in the table of its home, and none for any other (a test checks it).
#[rustfmt::skip]
static TYPE_READERS: &[(&Key, Reader<Container>)] = &[
    (&keys::CRATE, |attrs, value| attrs.krate.set(value, value.path())),
    (&keys::RENAME_ALL, |attrs, value| attrs.rename_all.set(value, value.rename_rule())),
    (&keys::DOMAIN, |attrs, value| attrs.domain.set(value, value.text())),
    (&keys::LEGACY_JSONRPC, |attrs, value| attrs.legacy_jsonrpc.set(value, value.flag())),
    (&keys::INTEGRATIONS, |attrs, value| attrs.integrations.set(value, value.boolean())),
];

/// The readers of one code's keys (see [`TYPE_READERS`]).
#[rustfmt::skip]
static CODE_READERS: &[(&Key, Reader<Variant>)] = &[
    (&keys::CODE, |attrs, value| attrs.code.set(value, value.string())),
    (&keys::KIND, |attrs, value| attrs.kind.set(value, value.word(KINDS, KIND_ALIASES))),
    (&keys::CATEGORY, |attrs, value| attrs.category.set(value, value.text())),
    (&keys::RECOVERABLE, |attrs, value| attrs.recoverable.set(value, value.boolean())),
    (&keys::NO_EFFECT, |attrs, value| attrs.no_effect.set(value, value.flag())),
    (&keys::MESSAGE, |attrs, value| attrs.message.set(value, value.text())),
    (&keys::SUGGEST, |attrs, value| attrs.suggest.extend(value.suggestion())),
    (&keys::NEXT_CALL, |attrs, value| attrs.next_call.extend(next_call::read(value))),
    (&keys::JSONRPC, |attrs, value| attrs.jsonrpc.set(value, value.integer())),
    (&keys::HTTP, |attrs, value| attrs.http.set(value, value.integer())),
    (&keys::CHANNEL, |attrs, value| attrs.channel.set(value, value.word(CHANNELS, CHANNEL_ALIASES))),
    (&keys::TRANSPARENT, |attrs, value| attrs.transparent.set(value, value.flag())),
    (&keys::DOCS, |attrs, value| attrs.docs.set(value, value.url())),
];

/// The readers of a field's keys (see [`TYPE_READERS`]).
#[rustfmt::skip]
static FIELD_READERS: &[(&Key, Reader<Field>)] = &[
    (&keys::SKIP, |attrs, value| attrs.skip.set(value, value.flag())),
    (&keys::REDACT, |attrs, value| attrs.redact.set(value, value.flag())),
    (&keys::RENAME, |attrs, value| attrs.rename.set(value, value.text())),
    (&keys::DISPLAY, |attrs, value| attrs.display.set(value, value.flag())),
    (&keys::RETRY_AFTER, |attrs, value| attrs.retry_after.set(value, value.flag())),
    (&keys::SUGGESTIONS, |attrs, value| attrs.suggestions.set(value, value.flag())),
    (&keys::NEXT_CALLS, |attrs, value| attrs.next_calls.set(value, value.flag())),
    (&keys::DETAILS, |attrs, value| attrs.details.set(value, value.flag())),
];

/// The reader of `key` among `readers`.
fn reader_of<T>(readers: &[(&Key, Reader<T>)], key: &Key) -> Option<Reader<T>> {
    readers
        .iter()
        .find(|(read, _)| read.name == key.name)
        .map(|(_, reader)| *reader)
}

impl Attrs {
    /// Reads `value` into the slot of its key, in the typed attributes of the key's
    /// home. Every key has a reader there (a test checks it).
    fn read(&mut self, value: &Value<'_>) {
        let key = value.key;
        match key.home {
            Home::Type => {
                if let Some(read) = reader_of(TYPE_READERS, key) {
                    read(&mut self.container, value);
                }
            }
            Home::Code { .. } => {
                if let Some(read) = reader_of(CODE_READERS, key) {
                    read(&mut self.variant, value);
                }
            }
            Home::Field => {
                if let Some(read) = reader_of(FIELD_READERS, key) {
                    read(&mut self.field, value);
                }
            }
        }
    }
}

/// Every known key written on one item, in order, wherever it belongs: for
/// placement errors and for checks about keys written together.
#[derive(Default, Clone)]
pub(crate) struct Written(Vec<(&'static Key, Span)>);

impl Written {
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&'static Key, Span)> + '_ {
        self.0.iter().copied()
    }

    /// Where `key` was first written.
    pub(crate) fn span_of(&self, key: &Key) -> Option<Span> {
        self.iter()
            .find(|(written, _)| written.name == key.name)
            .map(|(_, span)| span)
    }

    pub(crate) fn has(&self, key: &Key) -> bool {
        self.span_of(key).is_some()
    }
}

/// What one item's attributes say.
pub(crate) struct Site {
    /// The values of the keys that belong at the place read.
    pub(crate) attrs: Attrs,
    pub(crate) written: Written,
}

/// Reads every `#[tool_error(...)]` among `attrs`, written at `place`.
pub(crate) fn read(cx: &Ctxt, attrs: &[Attribute], place: Place) -> Site {
    let mut site = Site {
        attrs: Attrs::default(),
        written: Written::default(),
    };
    // A key written where it does not belong is read all the same, so a bad value
    // or a duplicate is reported along with the placement; its value lands here
    // and is never used.
    let mut misplaced = Attrs::default();
    for attr in attrs
        .iter()
        .filter(|attr| attr.path().is_ident("tool_error"))
    {
        if !matches!(attr.meta, syn::Meta::List(_)) {
            cx.error_spanned_by(
                attr,
                "`#[tool_error]` takes its keys in parentheses: write e.g. `#[tool_error(kind = validation)]`",
            );
            continue;
        }
        let result = attr.parse_nested_meta(|meta| {
            let Some(key) = known_key(cx, &meta) else {
                skip_value(&meta);
                return Ok(());
            };
            let span = meta.path.span();
            site.written.0.push((key, span));
            let into = if key.belongs(place) {
                &mut site.attrs
            } else {
                &mut misplaced
            };
            into.read(&Value::new(cx, &meta, key, span));
            Ok(())
        });
        if let Err(error) = result {
            cx.push(error);
        }
    }
    site
}

/// The key `meta` names, or `None` with the error recorded.
fn known_key(cx: &Ctxt, meta: &ParseNestedMeta<'_>) -> Option<&'static Key> {
    let every_key = || spelling::one_of(KEYS.iter().map(|key| key.name));
    let Some(name) = meta.path.get_ident().map(ToString::to_string) else {
        cx.error_spanned_by(
            &meta.path,
            format!("unknown `tool_error` key: expected one of {}", every_key()),
        );
        return None;
    };
    if let Some(key) = keys::find(&name) {
        return Some(key);
    }
    let message = match closest(&name) {
        Some(close) => format!("unknown `tool_error` key `{name}`: did you mean `{close}`?"),
        None => format!(
            "unknown `tool_error` key `{name}`: expected one of {}",
            every_key()
        ),
    };
    cx.error_at(meta.path.span(), message);
    None
}

/// The key a misspelt or foreign `name` most likely meant.
fn closest(name: &str) -> Option<&'static str> {
    let aliases = KEYS
        .iter()
        .flat_map(|key| key.aliases.iter().map(|alias| (*alias, key.name)));
    spelling::closest(name, KEYS.iter().map(|key| key.name), aliases)
}

#[cfg(test)]
mod tests {
    use syn::parse::Parser;

    use super::*;

    /// Reads `#[tool_error(<contents>)]` written at `place`: the site and the errors.
    fn read_at(contents: &str, place: Place) -> (Site, String) {
        let attrs = Attribute::parse_outer
            .parse_str(&format!("#[tool_error({contents})]"))
            .unwrap();
        let cx = Ctxt::default();
        let site = read(&cx, &attrs, place);
        (site, cx.to_compile_errors().to_string())
    }

    fn home_of(key: &Key) -> Place {
        match key.home {
            Home::Type => Place::Enum,
            Home::Code { .. } => Place::Variant,
            Home::Field => Place::Field,
        }
    }

    #[test]
    fn every_key_has_one_reader_in_the_table_of_its_home_and_no_other_key_has_one() {
        fn names<T>(readers: &[(&Key, Reader<T>)]) -> Vec<&'static str> {
            readers.iter().map(|(key, _)| key.name).collect()
        }
        let (of_type, of_code, of_field) = (
            names(TYPE_READERS),
            names(CODE_READERS),
            names(FIELD_READERS),
        );
        for key in KEYS {
            let of_home = match key.home {
                Home::Type => &of_type,
                Home::Code { .. } => &of_code,
                Home::Field => &of_field,
            };
            let readers = of_home.iter().filter(|name| **name == key.name).count();
            assert_eq!(
                readers, 1,
                "`{}` needs one reader among those of its home, {:?}",
                key.name, key.home
            );
        }
        for name in of_type.iter().chain(&of_code).chain(&of_field) {
            assert!(
                keys::find(name).is_some(),
                "a reader reads `{name}`, which is not in KEYS"
            );
        }
        let readers = of_type.len() + of_code.len() + of_field.len();
        assert_eq!(readers, KEYS.len(), "a key has a reader outside its home");
    }

    #[test]
    fn closest_keys() {
        assert_eq!(closest("sugest"), Some("suggest"));
        assert_eq!(closest("help"), Some("suggest"));
        assert_eq!(closest("Retry-After"), Some("retry_after"));
        assert_eq!(closest("retry_afer"), Some("retry_after"));
        assert_eq!(closest("kinds"), Some("kind"));
        assert_eq!(closest("frobnicate"), None);
    }

    #[test]
    fn every_example_reads_cleanly_where_its_key_belongs() {
        for key in KEYS {
            assert!(
                key.example.starts_with(key.name),
                "the example of `{}` writes another key: {}",
                key.name,
                key.example
            );
            let (site, errors) = read_at(key.example, home_of(key));
            assert_eq!(errors, "", "`{}`", key.example);
            assert!(site.written.has(key), "{}", key.name);
        }
    }

    #[test]
    fn only_repeatable_keys_may_repeat() {
        for key in KEYS {
            let twice = format!("{}, {}", key.example, key.example);
            let (_, errors) = read_at(&twice, home_of(key));
            let duplicate = errors.contains(&format!("duplicate `{}`", key.name));
            assert_eq!(duplicate, !key.repeatable, "`{twice}`: {errors}");
        }
        let (_, errors) = read_at("skip, skip", Place::Field);
        assert!(
            errors.contains("give it once (only `suggest` and `next_call` may repeat)"),
            "{errors}"
        );
    }

    #[test]
    fn a_misplaced_key_is_read_and_recorded_but_not_stored() {
        let (site, errors) = read_at(r#"message = "", code = "A""#, Place::Field);
        assert!(errors.contains("`message` is empty"), "{errors}");
        assert!(site.written.has(&keys::MESSAGE) && site.written.has(&keys::CODE));
        assert!(!site.attrs.variant.message.is_set() && !site.attrs.variant.code.is_set());

        let (site, errors) = read_at("kind = conflict, code = \"A\"", Place::Enum);
        assert_eq!(errors, "");
        assert_eq!(site.attrs.variant.kind.get(), Some(&"conflict"));
        assert!(!site.attrs.variant.code.is_set());
    }
}
