//! The catalog as documents: a Markdown code reference and JSON.

use core::fmt::Write as _;

use serde_json::{Value, json};

use super::model::{Catalog, Entry};
use super::registry::CrateCatalog;

impl CrateCatalog {
    /// A Markdown reference: one section per declaring type, one table row per code
    /// (code, kind, recoverable, description, suggestions), like a hand-kept error
    /// code table but generated from the same tables the server renders from.
    pub fn to_markdown(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "# Error codes of `{}` {}\n", self.name, self.version);
        let _ = writeln!(
            out,
            "Generated from the crate's error catalog; do not edit by hand.\n"
        );
        for catalog in self.declaring_types() {
            let _ = writeln!(out, "## `{}`\n", catalog.type_name);
            if !catalog.doc.is_empty() {
                let _ = writeln!(out, "{}\n", catalog.doc);
            }
            if let Some(domain) = catalog.domain {
                let _ = writeln!(out, "Domain: `{domain}`\n");
            }
            out.push_str("| code | kind | recoverable | description | suggestions |\n");
            out.push_str("| --- | --- | --- | --- | --- |\n");
            for entry in own_entries(catalog) {
                let suggestions: Vec<String> = entry
                    .suggestions
                    .iter()
                    .map(|template| cell(template))
                    .collect();
                let code = match entry.docs_url {
                    Some(url) => format!("[`{}`]({})", entry.code, url.replace(')', "%29")),
                    None => format!("`{}`", entry.code),
                };
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} |",
                    code,
                    entry.kind,
                    if entry.recoverable { "yes" } else { "no" },
                    cell(entry.summary()),
                    suggestions.join("<br>"),
                );
            }
            out.push('\n');
        }
        out
    }

    /// The reference as JSON: crate, version, and per type its codes with every
    /// catalog property.
    pub fn to_json(&self) -> Value {
        let types: Vec<Value> = self
            .declaring_types()
            .into_iter()
            .map(|catalog| {
                let codes: Vec<Value> = own_entries(catalog).map(entry_json).collect();
                json!({
                    "type": catalog.type_name,
                    "domain": catalog.domain,
                    "description": catalog.doc,
                    "codes": codes,
                })
            })
            .collect();
        json!({ "crate": self.name, "version": self.version, "types": types })
    }
}

fn own_entries(catalog: &'static Catalog) -> impl Iterator<Item = &'static Entry> {
    catalog
        .entries
        .iter()
        .filter(|entry| entry.transparent.is_none())
}

fn entry_json(entry: &Entry) -> Value {
    let mut value = json!({
        "code": entry.code,
        "variant": entry.variant,
        "kind": entry.kind,
        "category": entry.category,
        "recoverable": entry.recoverable,
        "jsonrpc": entry.jsonrpc_code,
        "http": entry.http_status,
        "channel": entry.channel,
        "message": entry.message,
        "suggestions": entry.suggestions,
        "dynamic_suggestions": entry.dynamic_suggestions,
        "details": entry.fields.iter().map(|field| json!({"name": field.name, "redacted": field.redact})).collect::<Vec<_>>(),
        "retry_after": entry.retry_after,
        "description": entry.doc,
    });
    // Only when declared, so references of catalogs without URLs stay as they were.
    if let (Some(url), Some(object)) = (entry.docs_url, value.as_object_mut()) {
        object.insert("docs".to_owned(), Value::from(url));
    }
    value
}

/// Text safe inside a Markdown table cell.
fn cell(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('|', "\\|")
        .replace("\r\n", "<br>")
        .replace('\n', "<br>")
}
