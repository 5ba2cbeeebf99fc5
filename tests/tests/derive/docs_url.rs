//! A documentation URL per code: the problem+json `type`, the native envelope's
//! `docs`, a link in the generated reference, read back by the client parser.

use std::fmt;

use serde_json::json;
use tool_error::{Catalog, Entry, Envelope, Kind, Native, Problem, StaticCatalog, ToolError};

/// A hand-written contract whose catalog entry declares a documentation URL.
#[derive(Debug)]
struct QuotaExceeded;

impl fmt::Display for QuotaExceeded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("quota exceeded")
    }
}

static QUOTA: Catalog = Catalog::new(
    "QuotaExceeded",
    module_path!(),
    &[
        Entry::new("QuotaExceeded", "QUOTA_EXCEEDED", Kind::Permission)
            .with_docs_url("https://docs.example.com/errors/quota")
            .with_doc("The account used its monthly quota."),
    ],
);

impl StaticCatalog for QuotaExceeded {
    const CATALOG: &'static Catalog = &QUOTA;
}

impl ToolError for QuotaExceeded {
    fn code(&self) -> &'static str {
        "QUOTA_EXCEEDED"
    }
    fn kind(&self) -> Kind {
        Kind::Permission
    }
    fn catalog(&self) -> Option<&'static Catalog> {
        Some(&QUOTA)
    }
    fn entry(&self) -> Option<&'static Entry> {
        QUOTA.entries().first()
    }
}

tool_error::crate_catalog!(static CODES = [QuotaExceeded], name = "quota");

#[test]
fn the_url_is_the_problem_type_and_the_native_docs() {
    let envelope = Envelope::new(&QuotaExceeded);
    assert_eq!(
        envelope.docs_url(),
        Some("https://docs.example.com/errors/quota")
    );

    let problem = envelope.to_value(&Problem::new());
    assert_eq!(problem["type"], "https://docs.example.com/errors/quota");
    // With a type URI, the title is the code's description, not the reason phrase.
    assert_eq!(problem["title"], "The account used its monthly quota.");
    // The code's own URL wins over the profile's base.
    let based = envelope.to_value(&Problem::with_type_base("https://errors.example.com/"));
    assert_eq!(based["type"], "https://docs.example.com/errors/quota");

    let native = envelope.to_value(&Native);
    assert_eq!(native["docs"], "https://docs.example.com/errors/quota");
    let schema = serde_json::from_str(Native::SCHEMA).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    assert!(validator.is_valid(&native), "{native}");

    // The client reads it back from either format.
    let parsed = tool_error::client::parse(&native.to_string());
    assert_eq!(
        parsed.envelope().unwrap().docs.as_deref(),
        Some("https://docs.example.com/errors/quota")
    );
    let parsed = tool_error::client::parse(&problem.to_string());
    assert_eq!(
        parsed.envelope().unwrap().docs.as_deref(),
        Some("https://docs.example.com/errors/quota")
    );
}

#[test]
fn codes_without_a_url_are_unchanged() {
    let io = std::io::Error::other("x");
    let bare = Envelope::new(&io);
    assert_eq!(bare.docs_url(), None);
    assert_eq!(bare.to_value(&Native).get("docs"), None);
    assert_eq!(bare.to_value(&Problem::new())["type"], "about:blank");
    assert_eq!(
        tool_error::client::parse(&bare.to_value(&Problem::new()).to_string())
            .envelope()
            .unwrap()
            .docs,
        None
    );
}

#[test]
fn the_reference_links_each_documented_code() {
    let markdown = tool_error_lock::markdown(&CODES);
    assert!(
        markdown.contains("| [`QUOTA_EXCEEDED`](https://docs.example.com/errors/quota) |"),
        "{markdown}"
    );
    let reference = tool_error_lock::json(&CODES);
    assert_eq!(
        reference["types"][0]["codes"][0]["docs"],
        json!("https://docs.example.com/errors/quota")
    );
}

/// The derive: an enum-level base gets each code appended; a variant's own URL wins.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(docs = "https://docs.example.com/errors/")]
enum LibraryError {
    #[error("document '{id}' not found")]
    #[tool_error(kind = not_found)]
    DocumentMissing { id: String },

    #[error("the index is being rebuilt")]
    #[tool_error(kind = transient, docs = "https://status.example.com/index")]
    IndexRebuilding,
}

/// A struct's `docs` is its code's URL.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("slow down")]
#[tool_error(kind = transient, docs = "https://docs.example.com/rate-limits")]
struct RateLimited;

#[test]
fn the_derive_appends_codes_to_a_base_and_keeps_own_urls() {
    let missing = LibraryError::DocumentMissing { id: "d1".into() };
    assert_eq!(
        Envelope::new(&missing).docs_url(),
        Some("https://docs.example.com/errors/DOCUMENT_MISSING")
    );
    assert_eq!(
        Envelope::new(&LibraryError::IndexRebuilding).to_value(&Problem::new())["type"],
        "https://status.example.com/index"
    );
    assert_eq!(
        Envelope::new(&RateLimited).to_value(&Native)["docs"],
        "https://docs.example.com/rate-limits"
    );
    let entry =
        tool_error::Catalog::find(<LibraryError as StaticCatalog>::CATALOG, "DOCUMENT_MISSING")
            .unwrap();
    assert_eq!(
        entry.docs_url(),
        Some("https://docs.example.com/errors/DOCUMENT_MISSING")
    );
}
