//! The attribute keys and where each one belongs.

/// Where a `#[tool_error(...)]` attribute sits.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    /// On an enum.
    Enum,
    /// On a struct: container and variant keys both apply.
    Struct,
    /// On an enum variant.
    Variant,
    /// On a field.
    Field,
}

impl Place {
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Place::Enum => "the enum",
            Place::Struct => "the struct",
            Place::Variant => "a variant",
            Place::Field => "a field",
        }
    }
}

/// Keys that describe the whole type.
pub(crate) const CONTAINER_KEYS: &[&str] = &["crate", "rename_all", "domain", "legacy_jsonrpc"];
/// Keys that describe one code; on an enum, `kind`, `category` and `channel` also set
/// the default for its variants.
pub(crate) const VARIANT_KEYS: &[&str] = &[
    "code",
    "kind",
    "category",
    "recoverable",
    "message",
    "suggest",
    "jsonrpc",
    "http",
    "channel",
    "transparent",
];
/// Keys an enum may carry as defaults for its variants.
pub(crate) const ENUM_DEFAULT_KEYS: &[&str] = &["kind", "category", "channel"];
/// Keys that describe one field.
pub(crate) const FIELD_KEYS: &[&str] = &[
    "skip",
    "redact",
    "rename",
    "retry_after",
    "suggestions",
    "details",
];

/// The kind spellings `kind = ...` accepts.
pub(crate) const KINDS: &[(&str, &str)] = &[
    ("validation", "Validation"),
    ("not_found", "NotFound"),
    ("conflict", "Conflict"),
    ("permission", "Permission"),
    ("transient", "Transient"),
    ("internal", "Internal"),
];

/// The channel spellings `channel = ...` accepts.
pub(crate) const CHANNELS: &[(&str, &str)] = &[("result", "Result"), ("protocol", "Protocol")];

/// The rules `rename_all = "..."` accepts: only these keep codes in `[A-Za-z0-9_]`.
pub(crate) const RENAME_RULES: &[&str] = &[
    "SCREAMING_SNAKE_CASE",
    "snake_case",
    "UPPERCASE",
    "lowercase",
];

/// Whether `key` may appear at `place`.
pub(crate) fn belongs(key: &str, place: Place) -> bool {
    match place {
        Place::Enum => CONTAINER_KEYS.contains(&key) || ENUM_DEFAULT_KEYS.contains(&key),
        Place::Struct => CONTAINER_KEYS.contains(&key) || VARIANT_KEYS.contains(&key),
        Place::Variant => VARIANT_KEYS.contains(&key),
        Place::Field => FIELD_KEYS.contains(&key),
    }
}

/// Where `key` does belong, for the error message.
pub(crate) fn home_of(key: &str) -> &'static str {
    if CONTAINER_KEYS.contains(&key) {
        "on the enum or struct"
    } else if VARIANT_KEYS.contains(&key) {
        "on a variant (or on a struct)"
    } else {
        "on a field"
    }
}

/// Every key, for "unknown key" messages.
pub(crate) fn all_keys() -> impl Iterator<Item = &'static str> {
    CONTAINER_KEYS
        .iter()
        .chain(VARIANT_KEYS)
        .chain(FIELD_KEYS)
        .copied()
}

/// `a`, `b` or `c`, for messages.
pub(crate) fn one_of<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let items: Vec<String> = items.into_iter().map(|item| format!("`{item}`")).collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {}", rest.join(", "), last),
    }
}
