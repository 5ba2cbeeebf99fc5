//! Words in messages: the word a misspelt or foreign one most likely meant ("did you
//! mean"), and lists of words written as prose.

/// The word among `choices` that `written` most likely meant: the same word in
/// another case or with other separators (`NotFound`, `NOT_FOUND`), a known alias
/// (`(alias, choice)`), else the first choice at the smallest edit distance
/// (Levenshtein, over characters) if that distance is small for the length.
pub(crate) fn closest<'a>(
    written: &str,
    choices: impl Iterator<Item = &'static str> + Clone,
    aliases: impl IntoIterator<Item = (&'a str, &'static str)>,
) -> Option<&'static str> {
    let normal = normalize(written);
    if let Some(choice) = choices.clone().find(|choice| normalize(choice) == normal) {
        return Some(choice);
    }
    if let Some((_, choice)) = aliases
        .into_iter()
        .find(|(alias, _)| normalize(alias) == normal)
    {
        return Some(choice);
    }
    let budget = (written.chars().count() / 3).max(1);
    choices
        .map(|choice| (strsim::levenshtein(written, choice), choice))
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

/// `` `a`, `b` or `c` ``.
pub(crate) fn one_of<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    listed(items, "or")
}

/// `` `a`, `b` and `c` ``.
pub(crate) fn all_of<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    listed(items, "and")
}

fn listed<'a>(items: impl IntoIterator<Item = &'a str>, last_joint: &str) -> String {
    let items: Vec<String> = items.into_iter().map(|item| format!("`{item}`")).collect();
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {last_joint} {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KINDS: [&str; 3] = ["validation", "not_found", "permission"];
    const KIND_ALIASES: [(&str, &str); 1] = [("forbidden", "permission")];

    fn kind(written: &str) -> Option<&'static str> {
        closest(written, KINDS.iter().copied(), KIND_ALIASES)
    }

    #[test]
    fn closest_words() {
        assert_eq!(kind("NotFound"), Some("not_found"));
        assert_eq!(kind("PERMISSION"), Some("permission"));
        assert_eq!(kind("forbidden"), Some("permission"));
        // Two edits in ten characters: within a third of the length.
        assert_eq!(kind("valdiation"), Some("validation"));
        assert_eq!(kind("not_fund"), Some("not_found"));
        assert_eq!(kind("huge"), None);
        // One edit is allowed even in a short word, and the first choice wins a tie.
        assert_eq!(closest("ab", ["ax", "xb"].into_iter(), []), Some("ax"));
    }

    #[test]
    fn lists() {
        assert_eq!(one_of(["a", "b", "c"]), "`a`, `b` or `c`");
        assert_eq!(all_of(["a", "b"]), "`a` and `b`");
        assert_eq!(one_of(["a"]), "`a`");
        assert_eq!(one_of([]), "");
    }
}
