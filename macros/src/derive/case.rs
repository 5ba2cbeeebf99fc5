//! `rename_all`: how a code is derived from a variant name.

use heck::{ToShoutySnakeCase, ToSnakeCase};

use super::name::unraw;

/// A supported rule.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(crate) enum RenameRule {
    /// `ModelNotFound` -> `MODEL_NOT_FOUND` (the default).
    #[default]
    ScreamingSnake,
    /// `ModelNotFound` -> `model_not_found`.
    Snake,
    /// `ModelNotFound` -> `MODELNOTFOUND`.
    Upper,
    /// `ModelNotFound` -> `modelnotfound`.
    Lower,
}

impl RenameRule {
    /// Every rule by the name `rename_all = "..."` gives it: only these keep codes in
    /// `[A-Za-z0-9_]`.
    pub(crate) const NAMES: [(&'static str, RenameRule); 4] = [
        ("SCREAMING_SNAKE_CASE", RenameRule::ScreamingSnake),
        ("snake_case", RenameRule::Snake),
        ("UPPERCASE", RenameRule::Upper),
        ("lowercase", RenameRule::Lower),
    ];

    /// The rule named `name`.
    pub(crate) fn from_name(name: &str) -> Option<RenameRule> {
        Self::NAMES
            .iter()
            .find(|(rule_name, _)| *rule_name == name)
            .map(|(_, rule)| *rule)
    }

    /// The code for a variant named `name`.
    pub(crate) fn apply(self, name: &str) -> String {
        let name = unraw(name);
        match self {
            RenameRule::ScreamingSnake => name.to_shouty_snake_case(),
            RenameRule::Snake => name.to_snake_case(),
            RenameRule::Upper => name.to_ascii_uppercase(),
            RenameRule::Lower => name.to_ascii_lowercase(),
        }
    }

    /// Whether codes under this rule may be lowercase (a type that derives
    /// `snake_case` codes may also spell some codes in SCREAMING case, as the ontology server does).
    pub(crate) fn allows_lowercase(self) -> bool {
        matches!(self, RenameRule::Snake | RenameRule::Lower)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules() {
        assert_eq!(
            RenameRule::ScreamingSnake.apply("ModelNotFound"),
            "MODEL_NOT_FOUND"
        );
        assert_eq!(
            RenameRule::ScreamingSnake.apply("HTTPError2"),
            "HTTP_ERROR2"
        );
        assert_eq!(
            RenameRule::Snake.apply("InvalidParameters"),
            "invalid_parameters"
        );
        assert_eq!(RenameRule::Upper.apply("Io"), "IO");
        assert_eq!(RenameRule::Lower.apply("Io"), "io");
    }
}
