//! The key tables of the documentation agree with the derive's key table: every key
//! listed, nothing else, and each key only where it may be written, whether the
//! table has a column per place or a row per place. The documents are read from the repository when the
//! test runs, so the published crate does not carry them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::derive::keys::{self, KEYS, Key, Place};

/// A key table in the documentation: the file, the header of the column that names
/// the keys, and how the file holds Markdown.
struct DocsTable {
    /// The file, from the repository's root.
    file: &'static str,
    /// The header of the column that names the keys; the table is the first one
    /// with a column of that name.
    key_column: &'static str,
    /// Whether the Markdown is in `//!` comments (crate docs) rather than the file.
    in_doc_comments: bool,
}

/// Every key table; placement is checked as well, in a table whose header has an
/// `on a <place>` column per place and in one with a row per place (`| place | keys |`).
const DOCS_TABLES: &[DocsTable] = &[
    // The front page: `| place | keys |`, one row per place.
    DocsTable {
        file: "README.md",
        key_column: "keys",
        in_doc_comments: false,
    },
    // The crate docs' "Attribute reference": the same shape.
    DocsTable {
        file: "runtime/src/lib.rs",
        key_column: "keys",
        in_doc_comments: true,
    },
    // The derive's page, "Keys at a glance": one row per key, a column per place.
    DocsTable {
        file: "runtime/src/derive.md",
        key_column: "key",
        in_doc_comments: false,
    },
];

#[test]
fn docs_key_tables_match_the_derive() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    if !root.join("Cargo.toml").is_file() {
        eprintln!("skipped: {} is not the repository's root", root.display());
        return;
    }
    let mut problems = String::new();
    for table in DOCS_TABLES {
        for problem in check(&root, table) {
            let _ = writeln!(problems, "{}: {problem}", table.file);
        }
    }
    assert!(
        problems.is_empty(),
        "the documentation's key tables differ from the derive's key table \
         (macros/src/derive/keys.rs):\n{problems}"
    );
}

/// What is wrong with one table, each problem with its line.
fn check(root: &Path, table: &DocsTable) -> Vec<String> {
    let path: PathBuf = root.join(table.file);
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(error) => return vec![format!("cannot read {}: {error}", path.display())],
    };
    let lines = markdown_lines(&text, table.in_doc_comments);
    let Some(found) = find_table(&lines, table.key_column) else {
        return vec![format!(
            "no key table: a Markdown table whose header has a `{}` column",
            table.key_column
        )];
    };
    let mut problems = Vec::new();
    let key_column = found.column(table.key_column).unwrap_or_default();
    let mut listed: Vec<&str> = Vec::new();
    for row in &found.rows {
        let cell = row.cells.get(key_column).map_or("", String::as_str);
        for name in code_spans(cell) {
            match keys::find(name) {
                Some(key) => {
                    listed.push(key.name);
                    problems.extend(placement(&found, row, key));
                }
                None => problems.push(format!(
                    "line {}: lists `{name}`, which is not a key of the derive",
                    row.line
                )),
            }
        }
    }
    for key in KEYS.iter().filter(|key| !listed.contains(&key.name)) {
        problems.push(format!(
            "line {}: the table lacks `{}`",
            found.header_line, key.name
        ));
    }
    problems.extend(rows_by_place(&found, table.key_column));
    problems
}

/// The places a `| place | keys |` table has a row for.
#[derive(Clone, Copy, PartialEq)]
enum RowPlace {
    /// The enum or struct itself; on an enum also the variants' defaults.
    Type,
    Variant,
    Field,
}

impl RowPlace {
    /// The place a row's `place` cell names.
    fn named(cell: &str) -> Option<Self> {
        let cell = cell.to_ascii_lowercase();
        if cell.contains("field") {
            Some(Self::Field)
        } else if cell.contains("variant") {
            Some(Self::Variant)
        } else if cell.contains("enum") {
            Some(Self::Type)
        } else {
            None
        }
    }

    /// Whether `key` may be listed in this row (a struct takes every key an enum
    /// does, and a code's keys too).
    fn may_list(self, key: &Key) -> bool {
        match self {
            Self::Type => key.belongs(Place::Struct),
            _ => self.must_list(key),
        }
    }

    /// Whether this row must list `key`: every key of the place (for the type's
    /// row, every key an enum takes, its variants' defaults included).
    fn must_list(self, key: &Key) -> bool {
        match self {
            Self::Type => key.belongs(Place::Enum),
            Self::Variant => key.belongs(Place::Variant),
            Self::Field => key.belongs(Place::Field),
        }
    }
}

/// In a table with a `place` column (a row per place, its keys in one cell): each
/// row lists exactly the keys of its place, and there is a row for each place.
fn rows_by_place(table: &Table, key_column: &str) -> Vec<String> {
    let (Some(place_column), Some(key_column)) = (table.column("place"), table.column(key_column))
    else {
        return Vec::new();
    };
    let mut problems = Vec::new();
    let mut seen = Vec::new();
    for row in &table.rows {
        let place_cell = row.cells.get(place_column).map_or("", String::as_str);
        let Some(place) = RowPlace::named(place_cell) else {
            problems.push(format!(
                "line {}: `{place_cell}` names no place (an enum or struct, a variant, a field)",
                row.line
            ));
            continue;
        };
        seen.push(place);
        let cell = row.cells.get(key_column).map_or("", String::as_str);
        let listed: Vec<&str> = code_spans(cell).collect();
        for key in KEYS {
            let here = listed.contains(&key.name);
            if here && !place.may_list(key) {
                problems.push(format!(
                    "line {}: lists `{}` for {place_cell}, where the derive refuses it",
                    row.line, key.name
                ));
            } else if !here && place.must_list(key) {
                problems.push(format!(
                    "line {}: leaves out that `{}` may be written on {place_cell}",
                    row.line, key.name
                ));
            }
        }
    }
    for (place, name) in [
        (RowPlace::Type, "the enum or struct"),
        (RowPlace::Variant, "a variant"),
        (RowPlace::Field, "a field"),
    ] {
        if !seen.contains(&place) {
            problems.push(format!("line {}: no row for {name}", table.header_line));
        }
    }
    problems
}

/// In a table with a column per place: a cell says the key may be written there
/// exactly when it may; on an enum, a default says so rather than `yes`; the value
/// column says `repeatable` exactly for the keys that repeat.
fn placement(table: &Table, row: &Row, key: &Key) -> Vec<String> {
    let places = [
        ("on an enum", Place::Enum),
        ("on a struct", Place::Struct),
        ("on a variant", Place::Variant),
        ("on a field", Place::Field),
    ];
    let mut problems = Vec::new();
    for (header, place) in places {
        let Some(column) = table.column(header) else {
            continue;
        };
        let cell = row.cells.get(column).map_or("", |cell| cell.trim());
        let name = key.name;
        let line = row.line;
        match (cell.is_empty(), key.belongs(place)) {
            (false, false) => problems.push(format!(
                "line {line}: puts `{name}` {header}, where the derive refuses it"
            )),
            (true, true) => problems.push(format!(
                "line {line}: leaves out that `{name}` may be written {header}"
            )),
            _ => {}
        }
        let default = key.is_enum_default();
        if place == Place::Enum && !cell.is_empty() && (cell == "yes") == default {
            let what = if default {
                "a default for the variants, not `yes`"
            } else {
                "`yes`"
            };
            problems.push(format!(
                "line {line}: `{name}` on an enum is {what}, but the table says `{cell}`"
            ));
        }
    }
    if let Some(column) = table.column("value") {
        let says = row
            .cells
            .get(column)
            .is_some_and(|cell| cell.contains("repeatable"));
        if says != key.repeatable {
            let is = if key.repeatable { "is" } else { "is not" };
            problems.push(format!(
                "line {}: `{}` {is} repeatable, but its value column says otherwise",
                row.line, key.name
            ));
        }
    }
    problems
}

/// A Markdown table: its header's line and cells, and its rows.
struct Table {
    header_line: usize,
    header: Vec<String>,
    rows: Vec<Row>,
}

struct Row {
    line: usize,
    cells: Vec<String>,
}

impl Table {
    /// The index of the column whose header is `name` (case and spaces aside).
    fn column(&self, name: &str) -> Option<usize> {
        self.header
            .iter()
            .position(|cell| cell.trim().eq_ignore_ascii_case(name))
    }
}

/// The Markdown of `text` with 1-based line numbers: the file itself, or the text
/// of its `//!` comments.
fn markdown_lines(text: &str, in_doc_comments: bool) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .filter_map(|(index, line)| {
            let line = if in_doc_comments {
                let rest = line.trim_start().strip_prefix("//!")?;
                rest.strip_prefix(' ').unwrap_or(rest)
            } else {
                line
            };
            Some((index + 1, line))
        })
        .collect()
}

/// The first table whose header has a column named `column`.
fn find_table(lines: &[(usize, &str)], column: &str) -> Option<Table> {
    let mut index = 0;
    while index < lines.len() {
        let (line, text) = lines[index];
        let is_table = |text: &str| text.trim_start().starts_with('|');
        if !is_table(text) {
            index += 1;
            continue;
        }
        let header = cells(text);
        let mut rows = Vec::new();
        index += 1;
        while index < lines.len() && is_table(lines[index].1) {
            let (row_line, row_text) = lines[index];
            let row = cells(row_text);
            let separator = row
                .iter()
                .all(|cell| cell.trim().chars().all(|c| matches!(c, '-' | ':')));
            if !separator {
                rows.push(Row {
                    line: row_line,
                    cells: row,
                });
            }
            index += 1;
        }
        let table = Table {
            header_line: line,
            header,
            rows,
        };
        if table.column(column).is_some() {
            return Some(table);
        }
    }
    None
}

/// The cells of a table line `| a | b |`.
fn cells(line: &str) -> Vec<String> {
    let line = line.trim();
    let line = line.strip_prefix('|').unwrap_or(line);
    let line = line.strip_suffix('|').unwrap_or(line);
    line.split('|').map(|cell| cell.trim().to_owned()).collect()
}

/// The texts between backticks in a cell.
fn code_spans(cell: &str) -> impl Iterator<Item = &str> {
    cell.split('`').skip(1).step_by(2)
}

/// The extraction itself, on tables written the ways the documents write them.
#[test]
fn tables_are_found_by_their_header() {
    let readme =
        "intro\n\n| place | keys |\n| --- | --- |\n| a field | `skip`, `redact` (repeatable) |\n";
    let lines = markdown_lines(readme, false);
    let table = find_table(&lines, "keys").unwrap();
    assert_eq!(table.header_line, 3);
    assert_eq!(table.rows.len(), 1);
    let keys: Vec<&str> = code_spans(&table.rows[0].cells[1]).collect();
    assert_eq!(keys, ["skip", "redact"]);

    let crate_docs = "//! text\n//!\n//! | key | on a field |\n//! | --- | --- |\n//! | [`skip`](#skip) | yes |\nfn f() {}\n";
    let lines = markdown_lines(crate_docs, true);
    let table = find_table(&lines, "key").unwrap();
    assert_eq!((table.header_line, table.rows[0].line), (3, 5));
    assert_eq!(table.column("on a field"), Some(1));
    assert_eq!(
        code_spans(&table.rows[0].cells[0]).collect::<Vec<_>>(),
        ["skip"]
    );
    assert!(find_table(&lines, "keys").is_none());
}

/// A `| place | keys |` table is checked row by row: a key in the wrong row, a key
/// missing from its row, and a place with no row are each reported.
#[test]
fn place_rows_list_exactly_their_keys() {
    // The rule a row is held to, pinned by example rather than read from itself.
    let lists = |place: RowPlace, name: &str| place.must_list(keys::find(name).unwrap());
    for name in ["rename_all", "kind", "docs"] {
        assert!(lists(RowPlace::Type, name), "the type's row lists `{name}`");
    }
    for name in ["code", "skip"] {
        assert!(
            !lists(RowPlace::Type, name),
            "the type's row leaves out `{name}`"
        );
    }
    assert!(lists(RowPlace::Variant, "code") && lists(RowPlace::Variant, "kind"));
    assert!(!lists(RowPlace::Variant, "rename_all") && !lists(RowPlace::Variant, "skip"));
    assert!(lists(RowPlace::Field, "skip") && lists(RowPlace::Field, "redact"));
    assert!(!lists(RowPlace::Field, "code"));

    let listing = |place: RowPlace| {
        KEYS.iter()
            .filter(|key| place.must_list(key))
            .map(|key| format!("`{}`", key.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let table_text = |field_row: &str| {
        format!(
            "| place | keys |\n| --- | --- |\n| the enum or struct | {} |\n| a variant | {} |\n{field_row}",
            listing(RowPlace::Type),
            listing(RowPlace::Variant),
        )
    };
    let problems = |text: &str| {
        let lines = markdown_lines(text, false);
        rows_by_place(&find_table(&lines, "keys").unwrap(), "keys")
    };

    let complete = table_text(&format!("| a field | {} |\n", listing(RowPlace::Field)));
    assert_eq!(problems(&complete), Vec::<String>::new());

    let without_skip = complete.replace("`skip`, ", "").replace(", `skip`", "");
    assert_eq!(
        problems(&without_skip),
        ["line 5: leaves out that `skip` may be written on a field"]
    );

    let skip_on_variant = complete.replace("| a variant | ", "| a variant | `skip`, ");
    assert_eq!(
        problems(&skip_on_variant),
        ["line 4: lists `skip` for a variant, where the derive refuses it"]
    );

    assert_eq!(problems(&table_text("")), ["line 1: no row for a field"]);
}
