//! The documentation's key table, `runtime/src/derive/keys.md`, written from the key
//! declarations (`src/derive/keys.rs`): every key, where it may be written, its
//! value and what it does. The derive's reference page includes the file, and the
//! README and the crate docs link to it; a test compares the checked-in file with
//! what [`key_table`] writes, and rewrites it when asked.

use std::fmt::Write as _;
use std::path::Path;

use crate::derive::keys::{self, Home, KEYS, Key, OnEnum, Place};

/// The table's file, from the repository's root.
const TABLE_FILE: &str = "runtime/src/derive/keys.md";

/// The variable that, set to [`OVERWRITE`], makes the test write the table instead
/// of comparing it.
const UPDATE_VARIABLE: &str = "TOOL_ERROR_KEYS";

/// The value of [`UPDATE_VARIABLE`] that rewrites the table.
const OVERWRITE: &str = "overwrite";

/// The columns for the places a key may be written, by header.
const PLACES: [(&str, Place); 4] = [
    ("on an enum", Place::Enum),
    ("on a struct", Place::Struct),
    ("on a variant", Place::Variant),
    ("on a field", Place::Field),
];

/// The table as Markdown: a row per key, in the order of [`KEYS`].
fn key_table() -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "<!-- Written from the key declarations in macros/src/derive/keys.rs; edit those, then run \
         `{UPDATE_VARIABLE}={OVERWRITE} cargo test -p tool-error-macros`. -->"
    );
    out.push('\n');
    let headers: Vec<&str> = std::iter::once("key")
        .chain(PLACES.iter().map(|(header, _)| *header))
        .chain(["value", "what it does"])
        .collect();
    let _ = writeln!(out, "| {} |", headers.join(" | "));
    let _ = writeln!(out, "|{}", " --- |".repeat(headers.len()));
    for key in KEYS {
        let mut cells = vec![format!("[`{0}`](#{0})", key.name)];
        cells.extend(
            PLACES
                .iter()
                .map(|(_, place)| placement(key, *place).to_owned()),
        );
        let value = if key.repeatable {
            format!("{}; repeatable", key.takes)
        } else {
            key.takes.to_owned()
        };
        cells.push(value);
        cells.push(key.summary.to_owned());
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out
}

/// What the table says about `key` at `place`: empty where it may not be written.
fn placement(key: &Key, place: Place) -> &'static str {
    if !key.belongs(place) {
        return "";
    }
    match (place, key.home) {
        (
            Place::Enum,
            Home::Code {
                on_enum: Some(OnEnum::Default),
            },
        ) => "default",
        (
            Place::Enum,
            Home::Code {
                on_enum: Some(OnEnum::Base),
            },
        ) => "base",
        _ => "yes",
    }
}

#[test]
fn the_key_table_is_written_from_the_key_declarations() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let path = root.join(TABLE_FILE);
    // The published crate has no repository around it.
    if !root.join("runtime/src/derive.md").is_file() {
        eprintln!("skipped: {} is not the repository's root", root.display());
        return;
    }
    let table = key_table();
    if std::env::var(UPDATE_VARIABLE).is_ok_and(|value| value == OVERWRITE) {
        std::fs::write(&path, &table).unwrap_or_else(|error| panic!("{TABLE_FILE}: {error}"));
        return;
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        written == table,
        "{TABLE_FILE} is not the table the key declarations (macros/src/derive/keys.rs) \
         write; rewrite it with `{UPDATE_VARIABLE}={OVERWRITE} cargo test -p tool-error-macros`, \
         then read its diff"
    );
}

/// Every key the table links to has its section on the derive's page (the files
/// `runtime/src/lib.rs` includes into it), so no link of the table is dead.
#[test]
fn every_key_has_a_section_on_the_derives_page() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/src");
    if !root.join("derive.md").is_file() {
        eprintln!("skipped: {} is not in the repository", root.display());
        return;
    }
    let mut page = std::fs::read_to_string(root.join("derive.md")).unwrap_or_default();
    let sections = std::fs::read_dir(root.join("derive")).map_or_else(
        |_| Vec::new(),
        |dir| dir.flatten().map(|entry| entry.path()).collect(),
    );
    for file in sections {
        page.push_str(&std::fs::read_to_string(file).unwrap_or_default());
    }
    let headings: Vec<&str> = page.lines().filter(|line| line.starts_with('#')).collect();
    for key in KEYS {
        let heading = format!("## `{}`", key.name);
        assert!(
            headings.contains(&heading.as_str()),
            "the derive's page has no `{heading}` section, which the key table links to"
        );
    }
}

/// Each key's texts stay in their cells, and the table says where each key goes,
/// what on an enum means and which keys repeat.
#[test]
fn the_table_says_where_each_key_goes_and_what_it_takes() {
    for key in KEYS {
        for text in [key.takes, key.summary] {
            assert!(
                !text.contains('|') && !text.contains('\n'),
                "`{}`: {text:?} would break the table",
                key.name
            );
        }
    }
    for channel in keys::CHANNELS {
        assert!(
            keys::CHANNEL.takes.contains(&format!("`{channel}`")),
            "{channel}"
        );
    }
    let table = key_table();
    let rows = [
        "| [`crate`](#crate) | yes | yes |  |  | a path in a string |",
        "| [`kind`](#kind) | default | yes | yes |  | a kind word |",
        "| [`docs`](#docs) | base | yes | yes |  | an `http://` or `https://` URL |",
        "| [`code`](#code) |  | yes | yes |  | a string |",
        "| [`suggest`](#suggest) |  | yes | yes |  | a template string; repeatable |",
        "| [`skip`](#skip) |  |  |  | yes | flag |",
    ];
    for row in rows {
        assert!(table.contains(row), "{row}\n{table}");
    }
}
