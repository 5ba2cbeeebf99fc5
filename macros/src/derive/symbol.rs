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
pub(crate) const CONTAINER_KEYS: &[&str] = &[
    "crate",
    "rename_all",
    "domain",
    "legacy_jsonrpc",
    "integrations",
];
/// Keys that describe one code; on an enum, `kind`, `category` and `channel` also set
/// the default for its variants.
pub(crate) const VARIANT_KEYS: &[&str] = &[
    "code",
    "kind",
    "category",
    "recoverable",
    "message",
    "suggest",
    "next_call",
    "jsonrpc",
    "http",
    "channel",
    "transparent",
    "docs",
];
/// Keys an enum may carry as defaults for its variants (`docs` there is a base URL
/// each variant's code is appended to).
pub(crate) const ENUM_DEFAULT_KEYS: &[&str] = &["kind", "category", "channel", "docs"];
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
pub(crate) const CHANNELS: &[(&str, &str)] = &[("result", "Result"), ("protocol", "Protocol")];

/// Other names for channels.
pub(crate) const CHANNEL_ALIASES: &[(&str, &str)] = &[
    ("tool_result", "result"),
    ("tool", "result"),
    ("jsonrpc", "protocol"),
    ("json_rpc", "protocol"),
];

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
pub(crate) fn all_keys() -> impl Iterator<Item = &'static str> + Clone {
    CONTAINER_KEYS
        .iter()
        .chain(VARIANT_KEYS)
        .chain(FIELD_KEYS)
        .copied()
}

/// Names other libraries use for a key, mapped to ours.
const ALIASES: &[(&str, &str)] = &[
    ("help", "suggest"),
    ("hint", "suggest"),
    ("suggestion", "suggest"),
    ("retryable", "recoverable"),
    ("retriable", "recoverable"),
    ("status", "http"),
    ("http_status", "http"),
    ("jsonrpc_code", "jsonrpc"),
    ("error_code", "code"),
    ("redacted", "redact"),
    ("sensitive", "redact"),
];

/// The key a misspelt or foreign `name` most likely meant.
pub(crate) fn closest_key(name: &str) -> Option<&'static str> {
    closest(name, all_keys(), ALIASES)
}

/// The word among `choices` that `written` most likely meant: the same word in
/// another case or with other separators (`NotFound`, `NOT_FOUND`), a known alias,
/// else the choice at the smallest edit distance if that distance is small for the
/// length.
pub(crate) fn closest(
    written: &str,
    choices: impl Iterator<Item = &'static str> + Clone,
    aliases: &[(&str, &'static str)],
) -> Option<&'static str> {
    let normal = normalize(written);
    if let Some(choice) = choices.clone().find(|choice| normalize(choice) == normal) {
        return Some(choice);
    }
    if let Some((_, choice)) = aliases.iter().find(|(alias, _)| normalize(alias) == normal) {
        return Some(choice);
    }
    let budget = (written.chars().count() / 3).max(1);
    choices
        .map(|choice| (edit_distance(written, choice), choice))
        .filter(|(distance, _)| *distance <= budget)
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, choice)| choice)
}

/// Lowercase without `_` and `-`, so spellings in any case convention compare equal.
fn normalize(word: &str) -> String {
    word.chars()
        .filter(|c| *c != '_' && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            let insertion = current[j] + 1;
            let deletion = previous[j + 1] + 1;
            current.push(substitution.min(insertion).min(deletion));
        }
        previous = current;
    }
    previous.last().copied().unwrap_or_default()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closest_keys() {
        assert_eq!(closest_key("sugest"), Some("suggest"));
        assert_eq!(closest_key("help"), Some("suggest"));
        assert_eq!(closest_key("retry_afer"), Some("retry_after"));
        assert_eq!(closest_key("kinds"), Some("kind"));
        assert_eq!(closest_key("frobnicate"), None);
        assert_eq!(edit_distance("", "abc"), 3);
        let kinds = || KINDS.iter().map(|(spelling, _)| *spelling);
        assert_eq!(
            closest("NotFound", kinds(), KIND_ALIASES),
            Some("not_found")
        );
        assert_eq!(
            closest("PERMISSION", kinds(), KIND_ALIASES),
            Some("permission")
        );
        assert_eq!(
            closest("forbidden", kinds(), KIND_ALIASES),
            Some("permission")
        );
        assert_eq!(
            closest("transiant", kinds(), KIND_ALIASES),
            Some("transient")
        );
        assert_eq!(closest("huge", kinds(), KIND_ALIASES), None);
    }
}
