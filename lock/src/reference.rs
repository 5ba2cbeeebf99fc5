//! The catalog as documents: a Markdown code reference and JSON.

use core::fmt::Write as _;

use serde_json::{Value, json};

use tool_error::__private::{Piece, pieces, same_catalog};
use tool_error::catalog::BuiltinEntry;
use tool_error::{Catalog, CrateCatalog, Entry};

/// A Markdown reference: one section per declaring type, one table row per code
/// (code, kind, recoverable, description, suggestions), like a hand-kept error
/// code table but generated from the same tables the server renders from; then
/// the section "Built-in codes": the codes tool-error sends itself
/// ([`CrateCatalog::builtin_entries`]), each with what sends it.
///
/// A description is the first paragraph of the code's doc comment, whole. A
/// suggestion reads as a reader reads it: `{{` and `}}` are the braces they stand
/// for, and a placeholder is marked `<field>`, filled with the error's field when
/// sent, so it is never mistaken for literal braces.
///
/// The crate's version is not written, so a release alone leaves a committed
/// reference current.
pub fn markdown(crate_catalog: &CrateCatalog) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Error codes of `{}`\n", crate_catalog.name());
    let _ = writeln!(
        out,
        "Generated from the crate's error catalog; do not edit by hand.\n"
    );
    for catalog in crate_catalog.declaring_types() {
        let _ = writeln!(out, "## `{}`\n", catalog.type_name());
        if !catalog.doc().is_empty() {
            let _ = writeln!(out, "{}\n", catalog.doc());
        }
        if let Some(domain) = catalog.domain() {
            let _ = writeln!(out, "Domain: `{domain}`\n");
        }
        out.push_str("| code | kind | recoverable | description | suggestions |\n");
        out.push_str("| --- | --- | --- | --- | --- |\n");
        for entry in own_entries(catalog) {
            let suggestions: Vec<String> = entry
                .suggestions()
                .iter()
                .map(|template| shown(template))
                .collect();
            let code = match entry.docs_url() {
                Some(url) => format!("[`{}`]({})", entry.code(), url.replace(')', "%29")),
                None => format!("`{}`", entry.code()),
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} |",
                code,
                entry.kind(),
                recoverable_cell(entry),
                cell(&entry.description()),
                suggestions.join("<br>"),
            );
        }
        out.push('\n');
    }
    out.push_str("## Built-in codes\n\n");
    out.push_str(
        "Sent by tool-error itself, whatever the crate's own types declare; each only \
         by the part of tool-error its last column names, so a server that does not \
         use that part never sends it.\n\n",
    );
    out.push_str("| code | kind | recoverable | description | suggestions | sent by |\n");
    out.push_str("| --- | --- | --- | --- | --- | --- |\n");
    for builtin in crate_catalog.builtin_entries() {
        let entry = builtin.entry();
        let suggestions: Vec<String> = entry
            .suggestions()
            .iter()
            .map(|template| shown(template))
            .collect();
        let mut sent_by = cell(builtin.sent_by());
        if let Some(declared) = also_declared_by(crate_catalog, &builtin) {
            let _ = write!(
                sent_by,
                "; **also declared by the crate as `{declared}`**: clients can receive either"
            );
        }
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} | {} |",
            entry.code(),
            entry.kind(),
            recoverable_cell(entry),
            cell(&entry.description()),
            suggestions.join("<br>"),
            sent_by,
        );
    }
    out
}

/// The reference as JSON: the crate's name; per type its codes with every catalog
/// property; and under `builtin`, the codes tool-error sends itself, each with
/// its `type`, what sends it (`sent_by`) and, when a listed type declares the
/// same code, `also_declared_by` (`Type::Variant`, or `Type` for a struct).
///
/// Descriptions are the doc comments whole, and suggestions and messages are the
/// templates as written (`{field}` a placeholder, `{{` and `}}` literal braces), for
/// a tool to fill or show as it sees fit; the Markdown reference shows them as a
/// reader reads them.
///
/// The crate's version is not written, so a release alone leaves a committed
/// reference current; object keys are sorted whatever serde_json's
/// `preserve_order` feature, so the text does not depend on which crates a build
/// includes.
pub fn json(crate_catalog: &CrateCatalog) -> Value {
    let types: Vec<Value> = crate_catalog
        .declaring_types()
        .into_iter()
        .map(|catalog| {
            let codes: Vec<Value> = own_entries(catalog).map(entry_json).collect();
            json!({
                "type": catalog.type_name(),
                "domain": catalog.domain(),
                "description": catalog.doc(),
                "codes": codes,
            })
        })
        .collect();
    let builtin: Vec<Value> = crate_catalog
        .builtin_entries()
        .map(|builtin| {
            let mut value = entry_json(builtin.entry());
            if let Some(object) = value.as_object_mut() {
                object.insert(
                    "type".to_owned(),
                    Value::from(builtin.catalog().type_name()),
                );
                object.insert("sent_by".to_owned(), Value::from(builtin.sent_by()));
                if let Some(declared) = also_declared_by(crate_catalog, &builtin) {
                    object.insert("also_declared_by".to_owned(), Value::from(declared));
                }
            }
            value
        })
        .collect();
    let mut reference =
        json!({ "crate": crate_catalog.name(), "types": types, "builtin": builtin });
    // Sorted keys whatever serde_json's `preserve_order` feature, which another
    // crate of the build may turn on: a committed reference must not depend on
    // which packages `cargo test` builds.
    reference.sort_all_objects();
    reference
}

/// `Type::Variant` of the listed type's entry that declares `builtin`'s code,
/// when it is another entry than the built-in one (a listed type that wraps
/// `ArgumentError`, say, declares nothing new).
fn also_declared_by(crate_catalog: &CrateCatalog, builtin: &BuiltinEntry) -> Option<String> {
    let (owner, entry) = crate_catalog.find(builtin.code())?;
    let same =
        same_catalog(owner, builtin.catalog()) && entry.variant() == builtin.entry().variant();
    (!same).then(|| match entry.variant() == owner.type_name() {
        true => owner.type_name().to_owned(), // a struct
        false => format!("{}::{}", owner.type_name(), entry.variant()),
    })
}

fn own_entries(catalog: &'static Catalog) -> impl Iterator<Item = &'static Entry> {
    catalog
        .entries()
        .iter()
        .filter(|entry| entry.wrapped().is_none())
}

fn entry_json(entry: &Entry) -> Value {
    let mut value = json!({
        "code": entry.code(),
        "variant": entry.variant(),
        "kind": entry.kind(),
        "category": entry.category(),
        "recoverable": entry.recoverable(),
        "jsonrpc": entry.jsonrpc_code(),
        "http": entry.http_status(),
        "channel": entry.channel(),
        "message": entry.message(),
        "suggestions": entry.suggestions(),
        "dynamic_suggestions": entry.has_dynamic_suggestions(),
        "details": entry.fields().iter().map(|field| json!({"name": field.name(), "redacted": field.is_redacted()})).collect::<Vec<_>>(),
        "retry_after": entry.has_retry_after(),
        "description": entry.doc(),
    });
    // Only when declared, so references of catalogs without it stay as they were.
    if let (true, Some(object)) = (entry.no_effect(), value.as_object_mut()) {
        object.insert("no_effect".to_owned(), Value::Bool(true));
    }
    if let (true, Some(object)) = (entry.has_dynamic_next_calls(), value.as_object_mut()) {
        object.insert("dynamic_next_calls".to_owned(), Value::Bool(true));
    }
    // Only when declared, so references of catalogs without URLs stay as they were.
    if let (Some(url), Some(object)) = (entry.docs_url(), value.as_object_mut()) {
        object.insert("docs".to_owned(), Value::from(url));
    }
    value
}

/// Whether the code is recoverable, and when its call is refused before it has any
/// effect, that a retry is safe.
fn recoverable_cell(entry: &Entry) -> &'static str {
    match (entry.recoverable(), entry.no_effect()) {
        (true, true) => "yes; no effect, safe to retry",
        (true, false) => "yes",
        (false, _) => "no",
    }
}

/// A template (plain text, not Markdown) as a reader reads it, for a table cell:
/// literal braces as they are sent, each placeholder (`{field}`, `{field:?}`) as
/// `<field>`, angle brackets escaped so Markdown shows them rather than reading
/// HTML.
fn shown(template: &str) -> String {
    let mut out = String::with_capacity(template.len());
    let text = |out: &mut String, text: &str| {
        let escaped = text
            .replace('\\', "\\\\")
            .replace('|', "\\|")
            .replace('<', "\\<")
            .replace('>', "\\>");
        // Line breaks last: the `<br>` that stands for one is markup.
        out.push_str(&escaped.replace("\r\n", "<br>").replace('\n', "<br>"));
    };
    for piece in pieces(template) {
        match piece {
            Piece::Text(literal) => text(&mut out, literal),
            Piece::Placeholder(name) => {
                out.push_str("\\<");
                out.push_str(name.trim_end_matches(":?"));
                out.push_str("\\>");
            }
        }
    }
    out
}

/// Text safe inside a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace("\r\n", "<br>")
        .replace('\n', "<br>")
}

#[cfg(test)]
mod tests {
    use super::shown;

    #[test]
    fn a_template_reads_as_sent_with_its_placeholders_marked() {
        assert_eq!(
            shown(r#"e.g. {{"cpd00027": [-5, 100]}}"#),
            r#"e.g. {"cpd00027": [-5, 100]}"#
        );
        assert_eq!(
            shown("Check '{model_id}' and {count:?}"),
            r"Check '\<model_id\>' and \<count\>"
        );
        // Markdown's own characters in the text stay text.
        assert_eq!(shown("a|b <c>"), r"a\|b \<c\>");
        assert_eq!(shown("two\nlines"), "two<br>lines");
        // A brace the derive would have refused is shown as written.
        assert_eq!(shown("a } b { c"), "a } b { c");
    }
}
