//! The unified diff a failed lock or reference check prints: what changed, the way
//! `git diff` would show it once the file is regenerated.

use core::fmt::Write as _;
use std::time::Duration;

use similar::TextDiff;

/// How many lines of diff a message shows; the rest is counted, not shown.
const MAX_LINES: usize = 200;

/// Lines of unchanged text around each change.
const CONTEXT: usize = 3;

/// Past this, the diff is approximated (still a valid diff, possibly coarser), so a
/// failing test never hangs on a pathological pair of files.
const TIMEOUT: Duration = Duration::from_secs(1);

/// The unified diff from `old` to `new`, with `---`/`+++` file labels and `@@` hunks,
/// at most [`MAX_LINES`] lines followed by how many were left out. Empty when the
/// texts are equal.
pub(crate) fn unified_diff(old: &str, new: &str, old_label: &str, new_label: &str) -> String {
    if old == new {
        return String::new();
    }
    let diff = TextDiff::configure().timeout(TIMEOUT).diff_lines(old, new);
    let full = diff
        .unified_diff()
        .context_radius(CONTEXT)
        .header(old_label, new_label)
        .to_string();
    let total = full.lines().count();
    if total <= MAX_LINES {
        return full;
    }
    let mut shown = String::new();
    for line in full.lines().take(MAX_LINES) {
        shown.push_str(line);
        shown.push('\n');
    }
    let _ = writeln!(
        shown,
        "... {} more line(s) of the diff not shown",
        total - MAX_LINES
    );
    shown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_is_a_hunk_with_labels_and_context() {
        let old = "a\nb\nc\nd\ne\nf\ng\nh\n";
        let new = "a\nb\nc\nd\nE\nf\ng\nh\n";
        let diff = unified_diff(old, new, "x.lock (committed)", "x.lock (current)");
        assert_eq!(
            diff,
            "--- x.lock (committed)\n+++ x.lock (current)\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n"
        );
        assert_eq!(unified_diff(old, old, "a", "b"), "");
    }

    #[test]
    fn a_huge_diff_is_cut_and_says_how_much_is_left_out() {
        let old: String = (0..1000).map(|i| format!("line {i}\n")).collect();
        let new: String = (0..1000).map(|i| format!("line {}\n", i * 7)).collect();
        let diff = unified_diff(&old, &new, "old", "new");
        let lines: Vec<&str> = diff.lines().collect();
        assert_eq!(lines.len(), MAX_LINES + 1);
        assert_eq!(lines[0], "--- old");
        let last = lines[MAX_LINES];
        assert!(
            last.starts_with("... ") && last.ends_with(" more line(s) of the diff not shown"),
            "{last}"
        );
        let left_out: usize = last.split(' ').nth(1).unwrap().parse().unwrap();
        // Shown and left out add up to the whole diff.
        let whole = TextDiff::from_lines(&old, &new)
            .unified_diff()
            .context_radius(CONTEXT)
            .header("old", "new")
            .to_string();
        assert_eq!(MAX_LINES + left_out, whole.lines().count());
    }
}
