//! The `#[tool_error(...)]` keys as data, each declared once: its name, where it may
//! be written, what it does, what its value is, an example and the names other
//! libraries use for it; and the words `kind = ...` and `channel = ...` accept.
//! Everything else about keys is read from here: "unknown key" and placement
//! errors, "did you mean" hints, the key lists in messages, the fuzzer's key list
//! and the key table of the documentation (`runtime/src/derive/keys.md`, generated
//! from [`KEYS`]). This file names no other file of the derive: the readers and the
//! typed attributes come after it.
//!
//! To add a key: declare it here and add it to [`KEYS`]; give it a slot in the typed
//! attributes of its home and a reader among those of its home in `attr.rs` (a test
//! fails until it has one); use it where it acts; then rewrite the key table (the
//! test that compares it says how) and give the key its section in the reference.

/// One key.
pub(crate) struct Key {
    /// The name written in the attribute.
    pub(crate) name: &'static str,
    /// Where it may be written.
    pub(crate) home: Home,
    /// Whether it may be given more than once at one place.
    pub(crate) repeatable: bool,
    /// What it does, in a sentence: the key table's description.
    // This and `takes` are read only by the test that writes the key table.
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) summary: &'static str,
    /// The value it takes, as the key table says it (whether it repeats is added
    /// from [`Key::repeatable`]).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) takes: &'static str,
    /// A correct use, shown by messages about a bad value.
    pub(crate) example: &'static str,
    /// Names other libraries use for it, suggested when one of them is written.
    pub(crate) aliases: &'static [&'static str],
}

/// Where a key may be written.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Home {
    /// The whole type: on the enum or the struct.
    Type,
    /// One code: on a variant, or on a struct (a single code); also on an enum when
    /// `on_enum` says what it means there.
    Code { on_enum: Option<OnEnum> },
    /// One field.
    Field,
}

/// What a code's key written on an enum means for the enum's variants.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum OnEnum {
    /// The value of every variant that does not give its own.
    Default,
    /// A base each variant's value is built from (`docs`: a URL its code is
    /// appended to), unless the variant gives its own.
    Base,
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
            Home::Type => matches!(place, Place::Enum | Place::Struct),
            Home::Code { on_enum } => {
                matches!(place, Place::Struct | Place::Variant)
                    || (on_enum.is_some() && place == Place::Enum)
            }
            Home::Field => place == Place::Field,
        }
    }

    /// Whether the key, written on an enum, sets something for its variants (a
    /// default or a base).
    pub(crate) fn is_enum_default(&self) -> bool {
        matches!(self.home, Home::Code { on_enum: Some(_) })
    }

    /// Where the key belongs, as a placement error says it.
    pub(crate) fn home_text(&self) -> &'static str {
        match self.home {
            Home::Type => "on the enum or struct",
            Home::Code { .. } => "on a variant (or on a struct)",
            Home::Field => "on a field",
        }
    }
}

/// Every key, in the order "unknown key" messages and the key table list them.
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
    DISPLAY,
    RETRY_AFTER,
    SUGGESTIONS,
    NEXT_CALLS,
    DETAILS,
];

/// The key named `name`.
pub(crate) fn find(name: &str) -> Option<&'static Key> {
    KEYS.iter().find(|key| key.name == name)
}

/// The kind spellings `kind = ...` accepts: the runtime's `Kind::attribute_name`s,
/// in the order of `Kind::ALL` (a test of the derived kinds compares them), each
/// with a constant in `__private::short` (see `expand::entry::kind_const`).
pub(crate) const KINDS: &[&str] = &[
    "validation",
    "not_found",
    "conflict",
    "permission",
    "transient",
    "internal",
];

/// Kind names from HTTP, gRPC and other error libraries, mapped to ours.
pub(crate) const KIND_ALIASES: &[(&str, &str)] = &[
    ("invalid", "validation"),
    ("invalid_argument", "validation"),
    ("invalid_params", "validation"),
    ("bad_request", "validation"),
    ("missing", "not_found"),
    ("gone", "not_found"),
    ("already_exists", "conflict"),
    ("aborted", "conflict"),
    ("infeasible", "conflict"),
    ("forbidden", "permission"),
    ("unauthorized", "permission"),
    ("unauthenticated", "permission"),
    ("permission_denied", "permission"),
    ("timeout", "transient"),
    ("unavailable", "transient"),
    ("deadline_exceeded", "transient"),
    ("rate_limited", "transient"),
    ("server_error", "internal"),
];

/// The channel spellings `channel = ...` accepts.
pub(crate) const CHANNELS: &[&str] = &["result", "protocol"];

/// Other names for channels.
pub(crate) const CHANNEL_ALIASES: &[(&str, &str)] = &[
    ("tool_result", "result"),
    ("tool", "result"),
    ("jsonrpc", "protocol"),
    ("json_rpc", "protocol"),
];

/// A code's key that has no meaning on an enum.
const CODE_ONLY: Home = Home::Code { on_enum: None };

/// A code's key that, on an enum, is the default for its variants.
const CODE_WITH_ENUM_DEFAULT: Home = Home::Code {
    on_enum: Some(OnEnum::Default),
};

// The type's keys.

pub(crate) const CRATE: Key = Key {
    name: "crate",
    home: Home::Type,
    repeatable: false,
    summary: "The path the generated code names the runtime crate by, for a crate that re-exports `tool-error` under another path.",
    takes: "a path in a string",
    example: r#"crate = "::tool_error""#,
    aliases: &[],
};

pub(crate) const RENAME_ALL: Key = Key {
    name: "rename_all",
    home: Home::Type,
    repeatable: false,
    summary: "How codes are derived from variant names; `SCREAMING_SNAKE_CASE` when absent.",
    takes: r#"`"SCREAMING_SNAKE_CASE"`, `"snake_case"`, `"UPPERCASE"` or `"lowercase"`"#,
    example: r#"rename_all = "snake_case""#,
    aliases: &[],
};

pub(crate) const DOMAIN: Key = Key {
    name: "domain",
    home: Home::Type,
    repeatable: false,
    summary: "The error domain reported beside every code of the type.",
    takes: "a string",
    example: r#"domain = "billing""#,
    aliases: &[],
};

pub(crate) const LEGACY_JSONRPC: Key = Key {
    name: "legacy_jsonrpc",
    home: Home::Type,
    repeatable: false,
    summary: "Allows explicit JSON-RPC codes in -32019..=-32000, which MCP marks legacy, for a server migrating from pre-2026 codes.",
    takes: "flag",
    example: "legacy_jsonrpc",
    aliases: &[],
};

pub(crate) const INTEGRATIONS: Key = Key {
    name: "integrations",
    home: Home::Type,
    repeatable: false,
    summary: "`integrations = false` leaves out the feature-gated integration impls, for a type that implements those traits by hand.",
    takes: "flag, or `= true` / `= false`",
    example: "integrations",
    aliases: &[],
};

// One code's keys.

pub(crate) const CODE: Key = Key {
    name: "code",
    home: CODE_ONLY,
    repeatable: false,
    summary: "The code agents branch on, instead of the one derived from the variant's name.",
    takes: "a string",
    example: r#"code = "MODEL_NOT_FOUND""#,
    aliases: &["error_code"],
};

pub(crate) const KIND: Key = Key {
    name: "kind",
    home: CODE_WITH_ENUM_DEFAULT,
    repeatable: false,
    summary: "The error's kind, which sets the defaults of everything else.",
    takes: "a kind word",
    example: "kind = not_found",
    aliases: &[],
};

pub(crate) const CATEGORY: Key = Key {
    name: "category",
    home: CODE_WITH_ENUM_DEFAULT,
    repeatable: false,
    summary: "A finer grouping than the kind, for dashboards and client-side handling.",
    takes: "a string",
    example: r#"category = "database_error""#,
    aliases: &[],
};

pub(crate) const RECOVERABLE: Key = Key {
    name: "recoverable",
    home: CODE_ONLY,
    repeatable: false,
    summary: "Whether retrying can succeed, instead of the kind's default.",
    takes: "flag, or `= true` / `= false`",
    example: "recoverable = false",
    aliases: &["retryable", "retriable"],
};

pub(crate) const NO_EFFECT: Key = Key {
    name: "no_effect",
    home: CODE_ONLY,
    repeatable: false,
    summary: "The call was refused before it ran (a rate limit, an overload), so repeating it unchanged is safe whatever it does.",
    takes: "flag",
    example: "no_effect",
    aliases: &["safe_to_retry", "retry_safe"],
};

pub(crate) const MESSAGE: Key = Key {
    name: "message",
    home: CODE_ONLY,
    repeatable: false,
    summary: "The message agents read, instead of the `Display` text.",
    takes: "a template string",
    example: r#"message = "Model '{model_id}' not found""#,
    aliases: &[],
};

pub(crate) const SUGGEST: Key = Key {
    name: "suggest",
    home: CODE_ONLY,
    repeatable: true,
    summary: "One recovery step, in words.",
    takes: "a template string",
    example: r#"suggest = "Check the model_id spelling""#,
    aliases: &["help", "hint", "suggestion"],
};

pub(crate) const NEXT_CALL: Key = Key {
    name: "next_call",
    home: CODE_ONLY,
    repeatable: true,
    summary: "One tool call that may fix the error.",
    takes: r#"`(tool = "...", args(...), read_only)`"#,
    example: r#"next_call(tool = "get_model", args(model_id, limit = 5), read_only)"#,
    aliases: &[],
};

pub(crate) const JSONRPC: Key = Key {
    name: "jsonrpc",
    home: CODE_ONLY,
    repeatable: false,
    summary: "The JSON-RPC error code, instead of the kind's default.",
    takes: "an integer",
    example: "jsonrpc = -32602",
    aliases: &["jsonrpc_code"],
};

pub(crate) const HTTP: Key = Key {
    name: "http",
    home: CODE_ONLY,
    repeatable: false,
    summary: "The HTTP status, instead of the kind's default.",
    takes: "an integer",
    example: "http = 404",
    aliases: &["status", "http_status"],
};

pub(crate) const CHANNEL: Key = Key {
    name: "channel",
    home: CODE_WITH_ENUM_DEFAULT,
    repeatable: false,
    summary: "Whether MCP reports the error as a tool result or as a protocol error.",
    takes: "`result` or `protocol`",
    example: "channel = protocol",
    aliases: &[],
};

pub(crate) const TRANSPARENT: Key = Key {
    name: "transparent",
    home: CODE_ONLY,
    repeatable: false,
    summary: "Delegates everything to the single field, itself a tool error.",
    takes: "flag",
    example: "transparent",
    aliases: &[],
};

pub(crate) const DOCS: Key = Key {
    name: "docs",
    home: Home::Code {
        on_enum: Some(OnEnum::Base),
    },
    repeatable: false,
    summary: "The address of the code's documentation; on an enum, a base the code is appended to.",
    takes: "an `http://` or `https://` URL",
    example: r#"docs = "https://docs.example.com/errors/""#,
    aliases: &[],
};

// A field's keys.

pub(crate) const SKIP: Key = Key {
    name: "skip",
    home: Home::Field,
    repeatable: false,
    summary: "Leaves the field out of everything rendered.",
    takes: "flag",
    example: "skip",
    aliases: &[],
};

pub(crate) const REDACT: Key = Key {
    name: "redact",
    home: Home::Field,
    repeatable: false,
    summary: "Keeps the field's value out of rendered errors unless the policy allows it.",
    takes: "flag",
    example: "redact",
    aliases: &["redacted", "sensitive"],
};

pub(crate) const RENAME: Key = Key {
    name: "rename",
    home: Home::Field,
    repeatable: false,
    summary: "The field's key in `details`, instead of its name.",
    takes: "a string",
    example: r#"rename = "requested_id""#,
    aliases: &[],
};

pub(crate) const DISPLAY: Key = Key {
    name: "display",
    home: Home::Field,
    repeatable: false,
    summary: "The field's detail is its `Display` text, for a type without `Serialize` (a status code, a URL, an address).",
    takes: "flag",
    example: "display",
    aliases: &["to_string", "as_string"],
};

pub(crate) const RETRY_AFTER: Key = Key {
    name: "retry_after",
    home: Home::Field,
    repeatable: false,
    summary: "The field says when to retry.",
    takes: "flag",
    example: "retry_after",
    aliases: &[],
};

pub(crate) const SUGGESTIONS: Key = Key {
    name: "suggestions",
    home: Home::Field,
    repeatable: false,
    summary: "The field holds suggestions added to the declared ones.",
    takes: "flag",
    example: "suggestions",
    aliases: &[],
};

pub(crate) const NEXT_CALLS: Key = Key {
    name: "next_calls",
    home: Home::Field,
    repeatable: false,
    summary: "The field holds next calls built at run time, added to the declared ones.",
    takes: "flag",
    example: "next_calls",
    aliases: &[],
};

pub(crate) const DETAILS: Key = Key {
    name: "details",
    home: Home::Field,
    repeatable: false,
    summary: "The field is the whole `details` object.",
    takes: "flag",
    example: "details",
    aliases: &[],
};

#[cfg(test)]
mod tests;
