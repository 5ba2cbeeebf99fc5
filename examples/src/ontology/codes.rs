//! The server's code reference and code table, regenerated from the catalog of
//! [`OntologyError`].

use tool_error::{Catalog, StaticCatalog};

use super::errors::OntologyError;

/// The server's "Error Code Reference": every code with its one-line description,
/// in case-insensitive alphabetical order, generated from the catalog.
pub fn code_reference() -> String {
    let mut entries: Vec<(&str, &str)> = <OntologyError as StaticCatalog>::CATALOG
        .leaves()
        .map(|(_, entry)| (entry.code(), entry.summary()))
        .collect();
    entries.sort_by_key(|(code, _)| code.to_lowercase());
    entries
        .iter()
        .map(|(code, summary)| format!("{code:<25}- {summary}\n"))
        .collect()
}

/// The server's "Standard Error Codes" table (Markdown), generated from the catalog.
pub fn code_table() -> String {
    let catalog: &'static Catalog = <OntologyError as StaticCatalog>::CATALOG;
    let mut out = String::from(
        "| Error Code | Usage | Example Scenario |\n|------------|-------|------------------|\n",
    );
    for (_, entry) in catalog.leaves() {
        let line = |prefix: &str| {
            entry
                .doc()
                .lines()
                .find_map(|line| line.strip_prefix(prefix))
                .unwrap_or("")
        };
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            entry.code(),
            line("Usage: "),
            line("Example: ")
        ));
    }
    out
}
