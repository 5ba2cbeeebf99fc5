//! The derive's compile-time checks, one trybuild case per mistake. The cases that
//! must compile and run (`tests/ui/pass/`) are a test binary of their own
//! (`ui_pass` in `Cargo.toml`): with only failing cases, trybuild checks every case
//! in one `cargo check` and never builds the dependencies to run anything.
//!
//! Regenerate expectations with `TRYBUILD=overwrite cargo test -p tool-error-tests
//! --test ui`, then read every changed `.stderr`: the message must say what is wrong,
//! point at the token that is wrong, and say what to write instead.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use syn::buffer::Cursor;
use syn::parse::{ParseStream, Parser};
use syn::{LitStr, Token, braced, bracketed, parenthesized};

/// The folders of cases that must fail to compile, each case with its `.stderr`.
const COMPILE_FAIL: &[&str] = &[
    "attr",
    "key",
    "value",
    "kind",
    "code",
    "jsonrpc",
    "http",
    "transparent",
    "placement",
    "field",
    "redact",
    "template",
    "empty",
    "shape",
    "report",
    "catalog",
    "integrations",
    "next_call",
];

/// The rustflags trybuild (1.0.122) gives rustc when it builds the cases.
///
/// trybuild builds the dependencies first without `--diagnostic-width=140`, then the
/// cases with it. The flags differ, so cargo builds every dependency a second time
/// (about a minute on two cores). Both builds get exactly these flags instead, through
/// `CARGO_ENCODED_RUSTFLAGS`, which cargo ranks above the `--config` flags trybuild
/// passes; the cases see what trybuild would give them, so their `.stderr` is the same.
/// The variable overrides whatever flags trybuild passes, so a later trybuild's would
/// be ignored without a sound: the workspace pins trybuild to this version, and an
/// upgrade starts by comparing these with its `src/rustflags.rs` and `src/cargo.rs`.
const CASE_RUSTFLAGS: &[&str] = &[
    "--cfg",
    "trybuild",
    "--verbose",
    "-A",
    "dead_code",
    "--diagnostic-width=140",
];

/// Set in the test process that runs the cases, so it does not start another.
const RERUN: &str = "TOOL_ERROR_UI_RERUN";

#[test]
fn ui() {
    // The variable must be in the environment of the cargo that trybuild starts.
    // Setting it in this process would be `unsafe` (other threads may read the
    // environment), so this test starts itself again with it set.
    if std::env::var_os(RERUN).is_none() {
        let mut flags = CASE_RUSTFLAGS.to_vec();
        // The one flag trybuild keeps from `RUSTFLAGS` (for coverage tools).
        if std::env::var("RUSTFLAGS").is_ok_and(|flags| flags.contains("-C instrument-coverage")) {
            flags.extend(["-C", "instrument-coverage"]);
        }
        let exe = std::env::current_exe().expect("the test binary's path");
        let status = Command::new(exe)
            .args(["ui", "--exact"])
            .env(RERUN, "1")
            .env("CARGO_ENCODED_RUSTFLAGS", flags.join("\x1f"))
            .status()
            .expect("the UI test runs again with one set of rustflags");
        assert!(
            status.success(),
            "the UI cases failed; see the output above"
        );
        return;
    }
    let cases = trybuild::TestCases::new();
    for folder in COMPILE_FAIL {
        cases.compile_fail(format!("ui/{folder}/*.rs"));
    }
}

/// Every piece of text the derive can put in an error message shows up in some
/// expected `.stderr`, so a new check cannot land without a case that shows it.
///
/// The pieces are the string literals of `macros/src/derive` that contain a space
/// (prose, not key names), split at `{` and `}` (format placeholders and escaped
/// braces) with the placeholders' names dropped, and with Rust escapes undone;
/// unit-test modules (inline, or a `tests.rs` of their own), comments and attributes (doc comments among them) are not
/// scanned, nor the texts of the keys' declarations that only the documentation's
/// key table shows.
#[test]
fn every_message_is_exercised() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let expected: String = files(&manifest.join("ui"), "stderr")
        .iter()
        .map(|path| read(path))
        .collect();
    // The derive's messages live in its pipeline; `lib.rs` holds only docs.
    let sources = files(&manifest.join("../macros/src/derive"), "rs");
    assert!(
        sources.len() >= 10,
        "macro sources not found: {}",
        manifest.join("../macros/src/derive").display()
    );

    let mut missing = Vec::new();
    let mut scanned = 0;
    for path in sources.iter().filter(|path| !path.ends_with("tests.rs")) {
        let text = read(path);
        let literals = string_literals(without_unit_tests(&text))
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        for literal in literals {
            if !literal.contains(' ') {
                continue;
            }
            scanned += 1;
            for piece in literal.split(['{', '}']).filter(|piece| is_prose(piece)) {
                if !expected.contains(piece) {
                    missing.push(format!("{}: {piece:?} (from {literal:?})", path.display()));
                }
            }
        }
    }
    assert!(
        scanned >= 40,
        "only {scanned} message literals found; is the scanner broken?"
    );
    assert!(
        missing.is_empty(),
        "message text that no tests/ui/**/*.stderr shows; add a case for each:\n{}",
        missing.join("\n")
    );
}

/// The scanner itself: literals (raw ones too) with their escapes undone, and
/// nothing from char literals, lifetimes, comments or attributes.
#[test]
fn string_literal_scanner() {
    let source = r####"
        //! "in the module's docs"
        // "in a comment"
        /* "in a block comment" */
        /// "in a doc comment"
        #[doc = "in an attribute"]
        const KEY: Key = Key { summary: "for the key table", takes: "a string", example: "key = 1" };
        fn f<'a>(x: &'a str) -> char {
            let _ = ('{', '\'', b'_', "tab\tand \
                     continued");
            g("one \"two\"", r#"raw "three""#, [format!("four {x}")])
        }
    "####;
    assert_eq!(
        string_literals(source).unwrap(),
        [
            "key = 1",
            "tab\tand continued",
            "one \"two\"",
            "raw \"three\"",
            "four {x}"
        ]
    );
    assert_eq!(without_unit_tests("a\n#[cfg(test)]\nmod tests {}\n"), "a\n");
}

/// Whether a piece of a message literal is text the user sees, rather than the name
/// inside a `{placeholder}` or a fragment too short to mean anything alone.
fn is_prose(piece: &str) -> bool {
    let placeholder = piece
        .chars()
        .all(|c| c.is_alphanumeric() || matches!(c, '_' | ':' | '?'));
    !placeholder && piece.trim().len() >= 3
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// Every file under `dir` (recursively) with extension `extension`, sorted.
fn files(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|ext| ext == extension) {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The source up to its `#[cfg(test)]` module, which by convention comes last.
fn without_unit_tests(source: &str) -> &str {
    match source.find("\n#[cfg(test)]") {
        Some(end) => &source[..=end],
        None => source,
    }
}

/// The values of the string literals in Rust source, escapes undone, outside
/// attributes (doc comments are attributes, and comments are not tokens at all).
fn string_literals(source: &str) -> syn::Result<Vec<String>> {
    let scan = |input: ParseStream<'_>| {
        let mut literals = Vec::new();
        collect_literals(input, &mut literals)?;
        Ok(literals)
    };
    scan.parse_str(source)
}

/// Adds the string literals of `input` to `literals`, looking inside every group.
fn collect_literals(input: ParseStream<'_>, literals: &mut Vec<String>) -> syn::Result<()> {
    while !input.is_empty() {
        if input.peek(Token![#]) {
            // `#[...]` or `#![...]`: an attribute's text is no message.
            input.parse::<Token![#]>()?;
            if input.peek(Token![!]) {
                input.parse::<Token![!]>()?;
            }
            if input.peek(syn::token::Bracket) {
                skip_token_tree(input)?;
            }
        } else if KEY_TABLE_FIELDS
            .iter()
            .any(|field| starts_field(input, field))
        {
            // `summary: "..."`: text for the key table, not a message.
            skip_token_tree(input)?;
            skip_token_tree(input)?;
            if input.peek(LitStr) {
                skip_token_tree(input)?;
            }
        } else if input.peek(LitStr) {
            literals.push(input.parse::<LitStr>()?.value());
        } else if input.peek(syn::token::Paren) {
            let inner;
            parenthesized!(inner in input);
            collect_literals(&inner, literals)?;
        } else if input.peek(syn::token::Bracket) {
            let inner;
            bracketed!(inner in input);
            collect_literals(&inner, literals)?;
        } else if input.peek(syn::token::Brace) {
            let inner;
            braced!(inner in input);
            collect_literals(&inner, literals)?;
        } else {
            skip_token_tree(input)?;
        }
    }
    Ok(())
}

/// The fields of a key declaration (`macros/src/derive/keys.rs`) whose text the
/// documentation's key table shows and no message does.
const KEY_TABLE_FIELDS: &[&str] = &["summary", "takes"];

/// Whether `input` starts with `field:` (and not `field::`).
fn starts_field(input: ParseStream<'_>, field: &str) -> bool {
    fn after_colon(cursor: Cursor<'_>) -> Option<Cursor<'_>> {
        cursor
            .punct()
            .filter(|(punct, _)| punct.as_char() == ':')
            .map(|(_, rest)| rest)
    }
    input.cursor().ident().is_some_and(|(ident, rest)| {
        ident == field && after_colon(rest).is_some_and(|rest| after_colon(rest).is_none())
    })
}

/// Skips one token, or one group with everything in it.
fn skip_token_tree(input: ParseStream<'_>) -> syn::Result<()> {
    input.step(|cursor| match cursor.token_tree() {
        Some((_, rest)) => Ok(((), rest)),
        None => Err(cursor.error("unexpected end of input")),
    })
}
