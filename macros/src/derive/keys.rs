//! The `#[tool_error(...)]` keys: each declared once, with where it may be written,
//! how its value is read and stored, an example, and the names other libraries use
//! for it. Reading, placement errors, "did you mean" hints, the key lists in
//! messages, the fuzzer's key list and the test of the documentation's key tables
//! all come from [`KEYS`].
//!
//! To add a key: declare it here (its doc comment is its one-line description), add
//! it to [`KEYS`], give its value a slot in the typed attributes of its home
//! (`attr::Container`, `attr::Variant` or `attr::Field`) and use it where it acts;
//! then document it in the key tables, which a test compares with [`KEYS`].

use super::attr::{Attrs, Container, Field, Variant};
use super::spelling;
use super::value::{CHANNEL_ALIASES, CHANNELS, KIND_ALIASES, KINDS, Value};

/// One key.
pub(crate) struct Key {
    /// The name written in the attribute.
    pub(crate) name: &'static str,
    /// Where it may be written, and how its value is read into the typed attributes
    /// of that place.
    pub(crate) home: Home,
    /// Whether it may be given more than once at one place.
    pub(crate) repeatable: bool,
    /// A correct use, shown by messages about a bad value.
    pub(crate) example: &'static str,
    /// Names other libraries use for it, suggested when one of them is written.
    pub(crate) aliases: &'static [&'static str],
}

/// Where a key may be written; each variant holds the function that reads the
/// key's value and stores it in the typed attributes of that place.
#[derive(Clone, Copy)]
pub(crate) enum Home {
    /// The whole type: on the enum or the struct.
    Type(fn(&mut Container, &Value<'_>)),
    /// One code: on a variant, or on a struct (a single code). With `enum_default`,
    /// also on the enum, as the default for its variants.
    Code {
        enum_default: bool,
        read: fn(&mut Variant, &Value<'_>),
    },
    /// One field.
    Field(fn(&mut Field, &Value<'_>)),
}

/// Where a `#[tool_error(...)]` attribute sits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    /// On an enum.
    Enum,
    /// On a struct: the type's keys and one code's keys both apply.
    Struct,
    /// On an enum variant.
    Variant,
    /// On a field.
    Field,
}

impl Place {
    /// The place as messages name it.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Place::Enum => "the enum",
            Place::Struct => "the struct",
            Place::Variant => "a variant",
            Place::Field => "a field",
        }
    }
}

impl Key {
    /// Whether the key may be written at `place`.
    pub(crate) fn belongs(&self, place: Place) -> bool {
        match self.home {
            Home::Type(_) => matches!(place, Place::Enum | Place::Struct),
            Home::Code { enum_default, .. } => {
                matches!(place, Place::Struct | Place::Variant)
                    || (enum_default && place == Place::Enum)
            }
            Home::Field(_) => place == Place::Field,
        }
    }

    /// Whether the key, written on an enum, is the default for its variants.
    pub(crate) fn is_enum_default(&self) -> bool {
        matches!(
            self.home,
            Home::Code {
                enum_default: true,
                ..
            }
        )
    }

    /// Reads the key's value, written as `value`, into the typed attributes of its
    /// home among `attrs`.
    pub(crate) fn read(&self, attrs: &mut Attrs, value: &Value<'_>) {
        match self.home {
            Home::Type(read) => read(&mut attrs.container, value),
            Home::Code { read, .. } => read(&mut attrs.variant, value),
            Home::Field(read) => read(&mut attrs.field, value),
        }
    }

    /// Where the key belongs, as a placement error says it.
    pub(crate) fn home_text(&self) -> &'static str {
        match self.home {
            Home::Type(_) => "on the enum or struct",
            Home::Code { .. } => "on a variant (or on a struct)",
            Home::Field(_) => "on a field",
        }
    }
}

/// Every key, in the order "unknown key" messages list them.
pub(crate) static KEYS: &[Key] = &[
    CRATE,
    RENAME_ALL,
    DOMAIN,
    LEGACY_JSONRPC,
    INTEGRATIONS,
    CODE,
    KIND,
    CATEGORY,
    RECOVERABLE,
    NO_EFFECT,
    MESSAGE,
    SUGGEST,
    NEXT_CALL,
    JSONRPC,
    HTTP,
    CHANNEL,
    TRANSPARENT,
    DOCS,
    SKIP,
    REDACT,
    RENAME,
    RETRY_AFTER,
    SUGGESTIONS,
    DETAILS,
];

/// The key named `name`.
pub(crate) fn find(name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|key| key.name == name)
}

/// The key a misspelt or foreign `name` most likely meant.
pub(crate) fn closest(name: &str) -> Option<&'static str> {
    let aliases = KEYS
        .iter()
        .flat_map(|key| key.aliases.iter().map(|alias| (*alias, key.name)));
    spelling::closest(name, KEYS.iter().map(|key| key.name), aliases)
}

// The type's keys.

/// The path the generated code names the runtime crate by, for a crate that
/// re-exports `tool-error` under another path.
pub(crate) const CRATE: Key = Key {
    name: "crate",
    home: Home::Type(|attrs, value| attrs.krate.set(value, value.path())),
    repeatable: false,
    example: r#"crate = "::tool_error""#,
    aliases: &[],
};

/// How codes are derived from variant names; `SCREAMING_SNAKE_CASE` when absent.
pub(crate) const RENAME_ALL: Key = Key {
    name: "rename_all",
    home: Home::Type(|attrs, value| attrs.rename_all.set(value, value.rename_rule())),
    repeatable: false,
    example: r#"rename_all = "snake_case""#,
    aliases: &[],
};

/// The error domain reported beside every code of the type.
pub(crate) const DOMAIN: Key = Key {
    name: "domain",
    home: Home::Type(|attrs, value| attrs.domain.set(value, value.text())),
    repeatable: false,
    example: r#"domain = "billing""#,
    aliases: &[],
};

/// Allows JSON-RPC codes in -32019..=-32000, which MCP marks legacy.
pub(crate) const LEGACY_JSONRPC: Key = Key {
    name: "legacy_jsonrpc",
    home: Home::Type(|attrs, value| attrs.legacy_jsonrpc.set(value, value.flag())),
    repeatable: false,
    example: "legacy_jsonrpc",
    aliases: &[],
};

/// `integrations = false` leaves out the feature-gated integration impls, for a
/// type that implements those traits by hand.
pub(crate) const INTEGRATIONS: Key = Key {
    name: "integrations",
    home: Home::Type(|attrs, value| attrs.integrations.set(value, value.boolean())),
    repeatable: false,
    example: "integrations",
    aliases: &[],
};

// One code's keys.

/// The code agents branch on, instead of the one derived from the variant's name.
pub(crate) const CODE: Key = Key {
    name: "code",
    home: Home::Code {
        enum_default: false,
        read: |attrs, value| attrs.code.set(value, value.string()),
    },
    repeatable: false,
    example: r#"code = "MODEL_NOT_FOUND""#,
    aliases: &["error_code"],
};

/// The error's kind, which sets the defaults of everything else.
pub(crate) const KIND: Key = Key {
    name: "kind",
    home: Home::Code {
        enum_default: true,
        read: |attrs, value| attrs.kind.set(value, value.word(KINDS, KIND_ALIASES)),
    },
    repeatable: false,
    example: "kind = not_found",
    aliases: &[],
};

/// A finer grouping than the kind, for dashboards and client-side handling.
pub(crate) const CATEGORY: Key = Key {
    name: "category",
    home: Home::Code {
        enum_default: true,
        read: |attrs, value| attrs.category.set(value, value.text()),
    },
    repeatable: false,
    example: r#"category = "database_error""#,
    aliases: &[],
};

/// Whether retrying can succeed, instead of the kind's default.
pub(crate) const RECOVERABLE: Key = Key {
    name: "recoverable",
    home: Home::Code {
        enum_default: false,
        read: |attrs, value| attrs.recoverable.set(value, value.boolean()),
    },
    repeatable: false,
    example: "recoverable = false",
    aliases: &["retryable", "retriable"],
};

/// The call was refused before it ran (a rate limit, an overload), so repeating
/// it unchanged is safe whatever it does.
pub(crate) const NO_EFFECT: Key = Key {
    name: "no_effect",
    home: Home::Code {
        enum_default: false,
        read: |attrs, value| attrs.no_effect.set(value, value.flag()),
    },
    repeatable: false,
    example: "no_effect",
    aliases: &["safe_to_retry", "retry_safe"],
};

/// The message agents read, instead of the `Display` text.
pub(crate) const MESSAGE: Key = Key {
    name: "message",
    home: Home::Code {
        enum_default: false,
        read: |attrs, value| attrs.message.set(value, value.text()),
    },
    repeatable: false,
    example: r#"message = "Model '{model_id}' not found""#,
    aliases: &[],
};

/// One recovery step, in words.
pub(crate) const SUGGEST: Key = Key {
    name: "suggest",
    home: Home::Code {
        enum_default: false,
        read: |attrs, value| attrs.suggest.extend(value.suggestion()),
    },
    repeatable: true,
    example: r#"suggest = "Check the model_id spelling""#,
    aliases: &["help", "hint", "suggestion"],
};

/// One tool call that may fix the error.
pub(crate) const NEXT_CALL: Key = Key {
    name: "next_call",
    home: Home::Code {
        enum_default: false,
        read: |attrs, value| attrs.next_call.extend(value.next_call()),
    },
    repeatable: true,
    example: r#"next_call(tool = "get_model", args(model_id, limit = 5), read_only)"#,
    aliases: &[],
};

/// The JSON-RPC error code, instead of the kind's default.
pub(crate) const JSONRPC: Key = Key {
    name: "jsonrpc",
    home: Home::Code {
        enum_default: false,
        read: |attrs, value| attrs.jsonrpc.set(value, value.integer()),
    },
    repeatable: false,
    example: "jsonrpc = -32602",
    aliases: &["jsonrpc_code"],
};

/// The HTTP status, instead of the kind's default.
pub(crate) const HTTP: Key = Key {
    name: "http",
    home: Home::Code {
        enum_default: false,
        read: |attrs, value| attrs.http.set(value, value.integer()),
    },
    repeatable: false,
    example: "http = 404",
    aliases: &["status", "http_status"],
};

/// Whether MCP reports the error as a tool result or as a protocol error.
pub(crate) const CHANNEL: Key = Key {
    name: "channel",
    home: Home::Code {
        enum_default: true,
        read: |attrs, value| {
            attrs
                .channel
                .set(value, value.word(CHANNELS, CHANNEL_ALIASES))
        },
    },
    repeatable: false,
    example: "channel = protocol",
    aliases: &[],
};

/// Delegates everything to the single field, itself a tool error.
pub(crate) const TRANSPARENT: Key = Key {
    name: "transparent",
    home: Home::Code {
        enum_default: false,
        read: |attrs, value| attrs.transparent.set(value, value.flag()),
    },
    repeatable: false,
    example: "transparent",
    aliases: &[],
};

/// The address of the code's documentation; on an enum, a base the code is
/// appended to.
pub(crate) const DOCS: Key = Key {
    name: "docs",
    home: Home::Code {
        enum_default: true,
        read: |attrs, value| attrs.docs.set(value, value.url()),
    },
    repeatable: false,
    example: r#"docs = "https://docs.example.com/errors/""#,
    aliases: &[],
};

// A field's keys.

/// Leaves the field out of everything rendered.
pub(crate) const SKIP: Key = Key {
    name: "skip",
    home: Home::Field(|attrs, value| attrs.skip.set(value, value.flag())),
    repeatable: false,
    example: "skip",
    aliases: &[],
};

/// Keeps the field's value out of rendered errors unless the policy allows it.
pub(crate) const REDACT: Key = Key {
    name: "redact",
    home: Home::Field(|attrs, value| attrs.redact.set(value, value.flag())),
    repeatable: false,
    example: "redact",
    aliases: &["redacted", "sensitive"],
};

/// The field's key in `details`, instead of its name.
pub(crate) const RENAME: Key = Key {
    name: "rename",
    home: Home::Field(|attrs, value| attrs.rename.set(value, value.text())),
    repeatable: false,
    example: r#"rename = "requested_id""#,
    aliases: &[],
};

/// The field says when to retry.
pub(crate) const RETRY_AFTER: Key = Key {
    name: "retry_after",
    home: Home::Field(|attrs, value| attrs.retry_after.set(value, value.flag())),
    repeatable: false,
    example: "retry_after",
    aliases: &[],
};

/// The field holds suggestions added to the declared ones.
pub(crate) const SUGGESTIONS: Key = Key {
    name: "suggestions",
    home: Home::Field(|attrs, value| attrs.suggestions.set(value, value.flag())),
    repeatable: false,
    example: "suggestions",
    aliases: &[],
};

/// The field is the whole `details` object.
pub(crate) const DETAILS: Key = Key {
    name: "details",
    home: Home::Field(|attrs, value| attrs.details.set(value, value.flag())),
    repeatable: false,
    example: "details",
    aliases: &[],
};

#[cfg(test)]
mod tests {
    use super::*;

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
    fn names_and_aliases_are_unambiguous() {
        let mut seen: Vec<&str> = Vec::new();
        for key in KEYS {
            for name in std::iter::once(key.name).chain(key.aliases.iter().copied()) {
                assert!(!seen.contains(&name), "`{name}` names two keys");
                seen.push(name);
            }
        }
    }

    #[test]
    fn each_key_belongs_somewhere_and_the_struct_takes_every_code_key() {
        let places = [Place::Enum, Place::Struct, Place::Variant, Place::Field];
        for key in KEYS {
            assert!(
                places.iter().any(|place| key.belongs(*place)),
                "{}",
                key.name
            );
            let on_struct = matches!(key.home, Home::Type(_) | Home::Code { .. });
            assert_eq!(key.belongs(Place::Struct), on_struct, "{}", key.name);
        }
    }
}
