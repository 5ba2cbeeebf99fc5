//! The crate-wide catalog, the lock file and the generated references.

// The error types below exist for their catalogs; most variants are never built.
#![allow(dead_code, unreachable_pub)]

use std::path::PathBuf;

use tool_error::{CrateCatalog, Kind, StaticCatalog, ToolError};
use tool_error_lock::{self as lock, Change, Failure, Mode, Outcome, Report};
use tool_error_tests::parse_json;

/// The contract as it was released.
mod v1 {
    use tool_error::ToolError;

    /// Errors of the order service.
    #[derive(Debug, thiserror::Error, ToolError)]
    #[tool_error(domain = "orders")]
    pub enum OrderError {
        /// The order does not exist.
        #[error("order {id} missing")]
        #[tool_error(kind = not_found, suggest = "List orders with `list_orders`")]
        OrderMissing { id: String, known: Vec<String> },
        /// Too many requests.
        #[error("slow down")]
        #[tool_error(kind = transient)]
        RateLimited {
            #[tool_error(retry_after)]
            seconds: u64,
        },
        #[error("bad quantity")]
        #[tool_error(kind = validation, category = "input")]
        BadQuantity { quantity: i64 },
        #[error("forbidden")]
        #[tool_error(kind = permission)]
        Forbidden,
        #[error("db down")]
        #[tool_error(kind = internal)]
        Database,
        #[error("payment")]
        #[tool_error(kind = conflict, http = 409)]
        PaymentPending,
        #[error(transparent)]
        #[tool_error(transparent)]
        Stock(#[from] StockError),
    }

    /// Stock problems.
    #[derive(Debug, thiserror::Error, ToolError)]
    #[error("out of stock: {sku}")]
    #[tool_error(kind = conflict, code = "OUT_OF_STOCK")]
    pub struct StockError {
        pub sku: String,
    }

    tool_error::crate_catalog!(pub static CODES = [OrderError, StockError]);
}

/// The same contract after a careless refactoring: every breaking class once.
mod v2 {
    use tool_error::ToolError;

    #[derive(Debug, thiserror::Error, ToolError)]
    #[tool_error(domain = "orders")]
    pub enum OrderError {
        /// The order does not exist (reworded doc: compatible).
        #[error("order {id} missing")]
        #[tool_error(kind = not_found, code = "ORDER_NOT_FOUND")] // renamed
        OrderMissing { id: String, hint: String }, // `known` removed, `hint` added
        #[error("slow down")]
        #[tool_error(kind = internal)] // kind changed, retry hint dropped
        RateLimited,
        #[error("bad quantity")]
        #[tool_error(kind = validation, category = "quantity", recoverable = false)]
        BadQuantity { quantity: i64 },
        #[error("forbidden")]
        #[tool_error(kind = permission, channel = protocol)]
        Forbidden,
        #[error("db down")]
        #[tool_error(kind = internal, jsonrpc = -31000)]
        Database,
        #[error("payment")]
        #[tool_error(kind = conflict, http = 402, no_effect)] // now claims a safe retry
        PaymentPending,
        #[error("new")]
        #[tool_error(kind = validation)]
        BrandNew,
        #[error(transparent)]
        #[tool_error(transparent)]
        Stock(#[from] super::v1::StockError),
    }

    tool_error::crate_catalog!(pub static CODES = [OrderError]);
}

/// Only compatible changes from v1: a new code, a new detail, a new doc line.
mod v1_1 {
    use tool_error::ToolError;

    /// Errors of the order service.
    #[derive(Debug, thiserror::Error, ToolError)]
    #[tool_error(domain = "orders")]
    pub enum OrderError {
        /// The order does not exist (for this customer).
        #[error("order {id} missing")]
        #[tool_error(kind = not_found, suggest = "List orders with `list_orders`")]
        OrderMissing {
            id: String,
            known: Vec<String>,
            customer: String,
        },
        /// Too many requests.
        #[error("slow down")]
        #[tool_error(kind = transient)]
        RateLimited {
            #[tool_error(retry_after)]
            seconds: u64,
        },
        #[error("bad quantity")]
        #[tool_error(kind = validation, category = "input")]
        BadQuantity { quantity: i64 },
        #[error("forbidden")]
        #[tool_error(kind = permission)]
        Forbidden,
        #[error("db down")]
        #[tool_error(kind = internal)]
        Database,
        #[error("payment")]
        #[tool_error(kind = conflict, http = 409)]
        PaymentPending,
        #[error("address")]
        #[tool_error(kind = validation)]
        BadAddress,
        #[error(transparent)]
        #[tool_error(transparent)]
        Stock(#[from] super::v1::StockError),
    }

    tool_error::crate_catalog!(pub static CODES = [OrderError]);
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("catalog-tests");
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// A number no other call in this process gets: tests run in parallel, and each
/// needs its own scratch file.
fn unique() -> usize {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The lock file `catalog` writes, as `lock::check` writes it for a new lock.
fn lock_text(catalog: &CrateCatalog) -> String {
    let path = scratch(&format!("written-{}.lock", unique()));
    let outcome = lock::check(catalog, &path, Mode::Update).expect("a new lock is written");
    assert!(matches!(outcome, Outcome::Compatible { .. }));
    std::fs::read_to_string(&path).expect("lock written")
}

/// The report of checking `catalog` against the committed lock text.
fn check_against(committed: &str, catalog: &CrateCatalog) -> Report {
    let path = scratch(&format!("against-{}.lock", unique()));
    std::fs::write(&path, committed).expect("write");
    match lock::check(catalog, &path, Mode::Check) {
        Ok(Outcome::Unchanged) => Report::default(),
        Err(Failure::Breaking { report, .. } | Failure::Stale { report, .. }) => report,
        other => panic!("{other:?}"),
    }
}

#[test]
fn crate_catalog_lists_nested_codes_once_sorted() {
    let codes: Vec<&str> = v1::CODES.entries().map(|(_, entry)| entry.code()).collect();
    assert_eq!(
        codes,
        [
            "BAD_QUANTITY",
            "DATABASE",
            "FORBIDDEN",
            "ORDER_MISSING",
            "OUT_OF_STOCK",
            "PAYMENT_PENDING",
            "RATE_LIMITED"
        ]
    );
    let (owner, entry) = v1::CODES.find("OUT_OF_STOCK").expect("nested code found");
    assert_eq!(owner.type_name(), "StockError");
    assert_eq!(entry.kind(), Kind::Conflict);
    let types: Vec<&str> = v1::CODES
        .declaring_types()
        .iter()
        .map(|c| c.type_name())
        .collect();
    assert_eq!(types, ["OrderError", "StockError"]);
    // The same catalog is what the values render from.
    let error = v1::OrderError::Stock(v1::StockError { sku: "A1".into() });
    assert_eq!(error.code(), "OUT_OF_STOCK");
    let catalog = error.catalog().expect("derived types have a catalog");
    assert_eq!(catalog.type_name(), "OrderError");
    assert_eq!(
        catalog.entries().len(),
        <v1::OrderError as StaticCatalog>::CATALOG.entries().len()
    );
}

#[test]
fn lock_text_is_sorted_pretty_json_that_reads_back() {
    let text = lock_text(&v1::CODES);
    assert!(text.ends_with("}\n"));
    // What was written reads back as the same contract.
    assert_eq!(check_against(&text, &v1::CODES), Report::default());
    let value = parse_json(&text);
    assert_eq!(value["format"], 1);
    assert_eq!(
        value["codes"]["ORDER_MISSING"],
        serde_json::json!({
            "type": "OrderError",
            "variant": "OrderMissing",
            "kind": "NOT_FOUND",
            "recoverable": true,
            "channel": "result",
            "jsonrpc": -31404,
            "http": 404,
            "details": ["id", "known"],
            "description": "The order does not exist."
        })
    );
    assert_eq!(value["codes"]["RATE_LIMITED"]["retry_after"], true);
    let positions: Vec<usize> = ["\"BAD_QUANTITY\"", "\"DATABASE\"", "\"RATE_LIMITED\""]
        .iter()
        .map(|code| text.find(code).expect("code present"))
        .collect();
    assert!(
        positions.windows(2).all(|w| w[0] < w[1]),
        "codes are sorted"
    );
}

#[test]
fn every_breaking_class_is_detected_and_named() {
    let report = check_against(&lock_text(&v1::CODES), &v2::CODES);
    let breaking: Vec<String> = report.breaking.iter().map(ToString::to_string).collect();
    let expected = [
        "BAD_QUANTITY: category changed from input to quantity",
        "BAD_QUANTITY: recoverable changed from true to false",
        "DATABASE: jsonrpc changed from -32603 to -31000",
        "FORBIDDEN: channel changed from result to protocol",
        "ORDER_MISSING: renamed to ORDER_NOT_FOUND (clients matching ORDER_MISSING break)",
        "PAYMENT_PENDING: http changed from 409 to 402",
        "PAYMENT_PENDING: no_effect changed from false to true",
        "RATE_LIMITED: kind changed from TRANSIENT to INTERNAL",
        // The kind's defaults moved with it: each is reported, since clients may read any.
        "RATE_LIMITED: recoverable changed from true to false",
        "RATE_LIMITED: jsonrpc changed from -31503 to -32603",
        "RATE_LIMITED: http changed from 503 to 500",
        "RATE_LIMITED: retry_after changed from true to false",
    ];
    for line in expected {
        assert!(
            breaking.contains(&line.to_owned()),
            "missing `{line}` in {breaking:#?}"
        );
    }
    assert_eq!(breaking.len(), expected.len(), "{breaking:#?}");
    assert!(report.compatible.contains(&Change::Added {
        code: "BRAND_NEW".into()
    }));
    assert!(report.compatible.contains(&Change::Added {
        code: "ORDER_NOT_FOUND".into()
    }));

    // The committed lock knew a detail the code no longer has, and a code that is
    // gone outright.
    let mut committed = parse_json(&lock_text(&v1::CODES));
    committed["codes"]["BAD_QUANTITY"]["details"]
        .as_array_mut()
        .expect("details")
        .push("unit".into());
    committed["codes"]["GHOST"] = committed["codes"]["DATABASE"].clone();
    committed["codes"]["GHOST"]["variant"] = "Ghost".into();
    let report = check_against(&committed.to_string(), &v1::CODES);
    assert_eq!(
        report.breaking,
        [
            Change::DetailRemoved {
                code: "BAD_QUANTITY".into(),
                field: "unit".into()
            },
            Change::Removed {
                code: "GHOST".into(),
                renamed_to: None
            }
        ]
    );
}

#[test]
fn additions_and_doc_changes_break_nothing_but_fail_until_recorded() {
    let path = scratch("compatible.lock");
    std::fs::write(&path, lock_text(&v1::CODES)).expect("write");

    let failure = lock::check(&v1_1::CODES, &path, Mode::Check).expect_err("a lagging lock");
    let message = failure.to_string();
    let Failure::Stale { report, .. } = failure else {
        panic!("{failure:?}")
    };
    assert!(
        message.contains("Nothing breaks: run the test with TOOL_ERROR_LOCK=update"),
        "{message}"
    );
    assert!(report.breaking.is_empty());
    let compatible: Vec<String> = report.compatible.iter().map(ToString::to_string).collect();
    assert_eq!(
        compatible,
        [
            "ORDER_MISSING: detail field `customer` added",
            "ORDER_MISSING: description changed",
            "BAD_ADDRESS: added",
        ]
    );
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        lock_text(&v1::CODES)
    );

    // Blessing writes the new lock; the next check sees no change.
    let outcome = lock::check(&v1_1::CODES, &path, Mode::Update).expect("update");
    assert!(matches!(outcome, Outcome::Compatible { .. }));
    assert_eq!(
        lock::check(&v1_1::CODES, &path, Mode::Check).expect("clean"),
        Outcome::Unchanged
    );
}

/// A lock written by an earlier tool-error: one built-in code gone, one with
/// another HTTP status. The change is tool-error's, reported apart, and `update`
/// records it without `force`.
#[test]
fn a_change_to_the_built_in_codes_is_reported_apart_and_recorded_by_update() {
    let mut earlier = parse_json(&lock_text(&v1::CODES));
    let builtin = earlier["builtin"]
        .as_object_mut()
        .expect("a builtin section");
    builtin["TIMED_OUT"]["http"] = 503.into();
    builtin.insert("RETIRED_CODE".into(), builtin["TIMED_OUT"].clone());
    let path = scratch("builtin-changed.lock");
    std::fs::write(&path, format!("{earlier:#}\n")).expect("write");

    let failure = lock::check(&v1::CODES, &path, Mode::Check).expect_err("a lagging lock");
    let message = failure.to_string();
    let Failure::Stale { report, .. } = failure else {
        panic!("{failure:?}")
    };
    assert!(
        report.breaking.is_empty() && report.compatible.is_empty(),
        "{report:?}"
    );
    let builtin: Vec<String> = report.builtin.iter().map(ToString::to_string).collect();
    assert_eq!(
        builtin,
        [
            "RETIRED_CODE: removed",
            "TIMED_OUT: http changed from 503 to 504"
        ]
    );
    assert!(
        message.contains("the codes tool-error sends itself"),
        "{message}"
    );
    let outcome = lock::check(&v1::CODES, &path, Mode::Update).expect("recorded");
    assert!(matches!(outcome, Outcome::Compatible { .. }));
    assert_eq!(
        lock::check(&v1::CODES, &path, Mode::Check).expect("clean"),
        Outcome::Unchanged
    );
}

#[test]
fn breaking_changes_fail_even_under_update_and_pass_only_when_forced() {
    let path = scratch("breaking.lock");
    std::fs::write(&path, lock_text(&v1::CODES)).expect("write");
    for mode in [Mode::Check, Mode::Update] {
        match lock::check(&v2::CODES, &path, mode) {
            Err(Failure::Breaking { report, .. }) => assert_eq!(report.breaking.len(), 12),
            other => panic!("{mode:?}: {other:?}"),
        }
    }
    let message = match lock::check(&v2::CODES, &path, Mode::Check) {
        Err(failure) => failure.to_string(),
        Ok(outcome) => panic!("{outcome:?}"),
    };
    assert!(
        message.starts_with("12 breaking change(s) to the error contract:\n  - "),
        "{message}"
    );
    assert!(message.contains("TOOL_ERROR_LOCK=force"), "{message}");
    // The lock file is untouched by failing checks.
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        lock_text(&v1::CODES)
    );

    assert!(matches!(
        lock::check(&v2::CODES, &path, Mode::Force),
        Ok(Outcome::Forced(_))
    ));
    assert_eq!(
        lock::check(&v2::CODES, &path, Mode::Check).expect("clean"),
        Outcome::Unchanged
    );
}

#[test]
fn a_missing_lock_fails_until_written_and_garbage_is_reported() {
    let path = scratch("missing.lock");
    assert!(matches!(
        lock::check(&v1::CODES, &path, Mode::Check),
        Err(Failure::Missing)
    ));
    assert!(matches!(
        lock::check(&v1::CODES, &path, Mode::Update),
        Ok(Outcome::Compatible { .. })
    ));
    assert_eq!(
        lock::check(&v1::CODES, &path, Mode::Check).expect("clean"),
        Outcome::Unchanged
    );

    std::fs::write(&path, "not a lock").expect("write");
    assert!(matches!(
        lock::check(&v1::CODES, &path, Mode::Check),
        Err(Failure::Unreadable(_))
    ));
}

#[test]
fn assert_lock_macro_passes_on_a_matching_lock_and_panics_with_the_report() {
    let path = scratch("macro.lock");
    std::fs::write(&path, lock_text(&v1::CODES)).expect("write");
    tool_error_lock::assert_lock!(v1::CODES, path);
    if std::env::var("TOOL_ERROR_LOCK").is_ok_and(|mode| mode == "force") {
        return; // forcing accepts anything by design
    }
    let panic = std::panic::catch_unwind(|| tool_error_lock::assert_lock!(v2::CODES, path))
        .expect_err("breaking changes fail");
    let message = panic.downcast_ref::<String>().expect("string message");
    assert!(
        message.contains("RATE_LIMITED: kind changed from TRANSIENT to INTERNAL"),
        "{message}"
    );
}

#[test]
fn a_stale_generated_reference_fails() {
    let path = scratch("REFERENCE.md");
    std::fs::write(&path, lock::markdown(&v1::CODES)).expect("write");
    lock::assert_generated(&path, &lock::markdown(&v1::CODES));
    if std::env::var("TOOL_ERROR_LOCK").is_ok() {
        return; // the environment asked to rewrite generated files
    }
    let stale =
        std::panic::catch_unwind(|| lock::assert_generated(&path, &lock::markdown(&v1_1::CODES)));
    let message = stale.expect_err("stale file fails");
    let message = message.downcast_ref::<String>().expect("string message");
    let label = path.display();
    assert!(
        message.starts_with(&format!(
            "{label} is stale: run the test with TOOL_ERROR_LOCK=update and commit the file\n\
             --- {label} (committed)\n\
             +++ {label} (generated)\n\
             @@ -"
        )),
        "{message}"
    );
    // v1.1 rewords ORDER_MISSING's description and adds BAD_ADDRESS.
    let lines: Vec<&str> = message.lines().collect();
    assert!(lines.contains(&"-| `ORDER_MISSING` | NOT_FOUND | yes | The order does not exist. | List orders with `list_orders` |"), "{message}");
    assert!(lines.contains(&"+| `ORDER_MISSING` | NOT_FOUND | yes | The order does not exist (for this customer). | List orders with `list_orders` |"), "{message}");
    assert!(
        lines.contains(&"+| `BAD_ADDRESS` | VALIDATION | yes |  |  |"),
        "{message}"
    );
    // A few lines of context, not the whole file.
    assert!(
        lines.contains(&" | `RATE_LIMITED` | TRANSIENT | yes | Too many requests. |  |"),
        "{message}"
    );
    assert!(!message.contains("# Error codes of"), "{message}");
}

#[test]
fn markdown_reference_groups_codes_by_type() {
    let markdown = lock::markdown(&v1::CODES);
    let expected_start = "# Error codes of `tool-error-tests`\n\n\
        Generated from the crate's error catalog; do not edit by hand.\n\n\
        ## `OrderError`\n\n\
        Errors of the order service.\n\n\
        Domain: `orders`\n\n\
        | code | kind | recoverable | description | suggestions |\n\
        | --- | --- | --- | --- | --- |\n\
        | `ORDER_MISSING` | NOT_FOUND | yes | The order does not exist. | List orders with `list_orders` |\n\
        | `RATE_LIMITED` | TRANSIENT | yes | Too many requests. |  |\n";
    assert!(markdown.starts_with(expected_start), "{markdown}");
    assert!(markdown.contains("## `StockError`\n\nStock problems.\n\n"));
    // A struct's doc describes both the type and its one code.
    assert!(
        markdown.contains("| `OUT_OF_STOCK` | CONFLICT | yes | Stock problems. |  |\n"),
        "{markdown}"
    );
    // The transparent variant is not a row of its own.
    assert!(!markdown.contains("`STOCK`"));
}

/// `v1`'s contract under a name of its own, as released at 1.4.2 and after a
/// version bump to 1.5.0 with no other change. `crate_catalog!` takes the version
/// from `CARGO_PKG_VERSION`; the function it expands to takes any.
mod released {
    use tool_error::{CrateCatalog, StaticCatalog};

    const TYPES: &[&tool_error::Catalog] = &[
        <super::v1::OrderError as StaticCatalog>::CATALOG,
        <super::v1::StockError as StaticCatalog>::CATALOG,
    ];

    pub static V1_4_2: CrateCatalog =
        tool_error::__private::crate_catalog("orders", "1.4.2", module_path!(), TYPES, &[]);
    pub static V1_5_0: CrateCatalog =
        tool_error::__private::crate_catalog("orders", "1.5.0", module_path!(), TYPES, &[]);
    // The same through the macro, with the test crate's own version.
    tool_error::crate_catalog!(pub static DECLARED = [super::v1::OrderError, super::v1::StockError], name = "orders");
}

#[test]
fn a_version_bump_alone_leaves_the_references_and_the_lock_current() {
    assert_eq!(released::V1_4_2.version(), "1.4.2");
    assert_eq!(released::V1_5_0.version(), "1.5.0");
    assert_eq!(released::DECLARED.version(), env!("CARGO_PKG_VERSION"));
    let markdown = scratch("released.md");
    let json = scratch("released.json");
    let lock_path = scratch("released.lock");
    let json_text = |catalog: &CrateCatalog| {
        serde_json::to_string_pretty(&lock::json(catalog)).expect("json") + "\n"
    };
    std::fs::write(&markdown, lock::markdown(&released::V1_4_2)).expect("write");
    std::fs::write(&json, json_text(&released::V1_4_2)).expect("write");
    std::fs::write(&lock_path, lock_text(&released::V1_4_2)).expect("write");

    for bumped in [&released::V1_5_0, &released::DECLARED] {
        // Neither passes by writing: the files keep their released text.
        lock::assert_generated(&markdown, &lock::markdown(bumped));
        lock::assert_generated(&json, &json_text(bumped));
        tool_error_lock::assert_lock!(bumped, lock_path);
        assert_eq!(
            lock::check(bumped, &lock_path, Mode::Check).expect("clean"),
            Outcome::Unchanged
        );
        assert_eq!(
            std::fs::read_to_string(&markdown).expect("read"),
            lock::markdown(&released::V1_4_2)
        );
        assert_eq!(
            std::fs::read_to_string(&lock_path).expect("read"),
            lock_text(&released::V1_4_2)
        );
    }
    // No version anywhere in the documents.
    let written = std::fs::read_to_string(&markdown).expect("read")
        + &std::fs::read_to_string(&json).expect("read")
        + &std::fs::read_to_string(&lock_path).expect("read");
    assert!(!written.contains("1.4.2"), "{written}");
    assert!(
        written.starts_with("# Error codes of `orders`\n\n"),
        "{written}"
    );
    assert_eq!(
        parse_json(&json_text(&released::V1_4_2)).get("version"),
        None
    );
}

#[test]
fn a_breaking_change_prints_the_report_then_a_diff_of_the_lock() {
    if std::env::var("TOOL_ERROR_LOCK").is_ok_and(|mode| mode == "force") {
        return; // forcing accepts anything by design
    }
    let path = scratch("diffed.lock");
    std::fs::write(&path, lock_text(&v1::CODES)).expect("write");
    let panic = std::panic::catch_unwind(|| tool_error_lock::assert_lock!(v2::CODES, path))
        .expect_err("breaking changes fail");
    let message = panic.downcast_ref::<String>().expect("string message");
    let label = path.display();
    // The report as before, then the diff.
    let report = check_against(&lock_text(&v1::CODES), &v2::CODES).to_string();
    let expected_start = format!(
        "{label}: {report}If these changes are intended, run the test with TOOL_ERROR_LOCK=force \
         and commit the lock file.\n\n--- {label} (committed)\n+++ {label} (current)\n@@ -"
    );
    assert!(message.starts_with(&expected_start), "{message}");
    let lines: Vec<&str> = message.lines().collect();
    for line in [
        r#"-    "ORDER_MISSING": {"#,
        r#"+    "ORDER_NOT_FOUND": {"#,
        r#"-      "kind": "TRANSIENT","#,
        r#"+      "kind": "INTERNAL","#,
        r#"+    "BRAND_NEW": {"#,
    ] {
        assert!(lines.contains(&line), "missing `{line}` in\n{message}");
    }
    assert!(
        lines.iter().filter(|line| line.starts_with("@@ -")).count() >= 2,
        "{message}"
    );
    // A lock that lags by compatible changes fails with the same diff.
    let compatible = scratch("diffed-compatible.lock");
    std::fs::write(&compatible, lock_text(&v1::CODES)).expect("write");
    let Err(Failure::Stale { diff, .. }) = lock::check(&v1_1::CODES, &compatible, Mode::Check)
    else {
        panic!("a lagging lock fails")
    };
    assert!(
        diff.lines().any(|line| line == r#"+    "BAD_ADDRESS": {"#),
        "{diff}"
    );
}

/// The codes tool-error sends itself, with the properties its documentation gives
/// them (`args::ArgumentError`, `axum::Rejection`, `AnyError`).
const BUILTIN: [(&str, &str, u16); 15] = [
    ("INVALID_ARGUMENTS", "VALIDATION", 400),
    ("INTERNAL_ERROR", "INTERNAL", 500),
    ("CONNECTION_FAILED", "TRANSIENT", 502),
    ("TIMED_OUT", "TRANSIENT", 504),
    ("ROUTE_NOT_FOUND", "NOT_FOUND", 404),
    ("METHOD_NOT_ALLOWED", "VALIDATION", 405),
    ("UNSUPPORTED_MEDIA_TYPE", "VALIDATION", 415),
    ("BODY_TOO_LARGE", "VALIDATION", 413),
    ("BODY_UNREADABLE", "VALIDATION", 400),
    ("PARSE_ERROR", "VALIDATION", 400),
    ("INVALID_REQUEST", "VALIDATION", 400),
    ("METHOD_NOT_FOUND", "NOT_FOUND", 404),
    ("INVALID_PARAMS", "VALIDATION", 400),
    ("RESOURCE_NOT_FOUND", "NOT_FOUND", 404),
    ("PROTOCOL_ERROR", "INTERNAL", 500),
];

#[test]
fn the_references_and_the_lock_list_the_built_in_codes_in_their_own_section() {
    let builtin: Vec<(&str, String, u16)> = v1::CODES
        .builtin_entries()
        .map(|b| {
            (
                b.code(),
                b.entry().kind().to_string(),
                b.entry().http_status(),
            )
        })
        .collect();
    let expected: Vec<(&str, String, u16)> = BUILTIN
        .iter()
        .map(|(code, kind, http)| (*code, (*kind).to_owned(), *http))
        .collect();
    assert_eq!(builtin, expected);
    // Not the crate's own codes: `entries` and `find` are the listed types'.
    assert!(v1::CODES.find("INVALID_ARGUMENTS").is_none());
    assert_eq!(v1::CODES.entries().count(), 7);

    let markdown = lock::markdown(&v1::CODES);
    let (own, section) = markdown
        .split_once("## Built-in codes\n\n")
        .expect("a built-in section");
    assert!(own.contains("## `StockError`"), "{markdown}");
    assert!(
        section.contains("| code | kind | recoverable | description | suggestions | sent by |\n"),
        "{section}"
    );
    for (code, kind, _) in BUILTIN {
        let row = section
            .lines()
            .find(|line| line.starts_with(&format!("| `{code}` | {kind} | ")))
            .unwrap_or_else(|| panic!("no row for {code} in\n{section}"));
        assert_eq!(row.matches(" | ").count(), 5, "{row}");
        assert!(!own.contains(code), "{code} listed among the crate's own");
    }
    let row = |code: &str| {
        section
            .lines()
            .find(|line| line.starts_with(&format!("| `{code}`")))
            .unwrap_or_default()
            .to_owned()
    };
    assert!(row("ROUTE_NOT_FOUND").contains("axum"), "{section}");
    assert!(row("INVALID_ARGUMENTS").contains("Parameters"), "{section}");
    assert!(row("INTERNAL_ERROR").contains("AnyError"), "{section}");
    assert!(!section.contains("also declared"), "{section}");

    let json = lock::json(&v1::CODES);
    let listed = json["builtin"].as_array().expect("a builtin list");
    let codes: Vec<&str> = listed.iter().filter_map(|b| b["code"].as_str()).collect();
    assert_eq!(codes, BUILTIN.map(|(code, _, _)| code));
    assert_eq!(listed[0]["type"], "ArgumentError");
    assert_eq!(listed[0]["jsonrpc"], -32602);
    assert_eq!(listed[2]["type"], "Failure");
    assert_eq!(listed[4]["type"], "Rejection");
    assert!(
        listed
            .iter()
            .all(|b| b["sent_by"].as_str().is_some_and(|s| !s.is_empty()))
    );
    assert!(listed.iter().all(|b| b.get("also_declared_by").is_none()));

    let lock = parse_json(&lock_text(&v1::CODES));
    let section = lock["builtin"].as_object().expect("a builtin section");
    let locked: Vec<&str> = section.keys().map(String::as_str).collect();
    let mut sorted = BUILTIN.map(|(code, _, _)| code);
    sorted.sort_unstable();
    assert_eq!(locked, sorted);
    for (code, kind, http) in BUILTIN {
        assert_eq!(section[code]["kind"], kind, "{code}");
        assert_eq!(section[code]["http"], http, "{code}");
        assert!(lock["codes"].get(code).is_none(), "{code}");
    }
    assert_eq!(section["INVALID_ARGUMENTS"]["jsonrpc"], -32602);
    assert_eq!(
        section["INVALID_ARGUMENTS"]["details"],
        serde_json::json!(["violations"])
    );
}

/// A crate that declares a built-in code itself, and one that wraps the built-in type.
mod shadowing {
    use tool_error::ToolError;

    #[derive(Debug, thiserror::Error, ToolError)]
    pub enum ApiError {
        /// Our own check of the arguments.
        #[error("bad {field}")]
        #[tool_error(kind = validation, http = 422)]
        InvalidArguments { field: String },
        #[error("missing")]
        #[tool_error(kind = not_found)]
        Missing,
    }

    tool_error::crate_catalog!(pub static OWN = [ApiError], name = "own-arguments");

    #[derive(Debug, thiserror::Error, ToolError)]
    pub enum Wrapping {
        #[error(transparent)]
        #[tool_error(transparent)]
        Arguments(#[from] tool_error::args::ArgumentError),
        #[error("missing")]
        #[tool_error(kind = not_found)]
        Missing,
    }

    tool_error::crate_catalog!(pub static WRAPPED = [Wrapping], name = "wrapped-arguments");
}

#[test]
fn a_type_that_declares_a_built_in_code_wins_and_the_built_in_one_is_flagged() {
    // The crate's declaration is the one `entries`, `find` and the lock hold.
    let (owner, entry) = shadowing::OWN.find("INVALID_ARGUMENTS").expect("declared");
    assert_eq!((owner.type_name(), entry.http_status()), ("ApiError", 422));
    let own: Vec<&str> = shadowing::OWN.entries().map(|(_, e)| e.code()).collect();
    assert_eq!(own, ["INVALID_ARGUMENTS", "MISSING"]);
    // tool-error still sends its own INVALID_ARGUMENTS: it stays listed as built-in.
    let builtin = shadowing::OWN
        .builtin_entries()
        .find(|b| b.code() == "INVALID_ARGUMENTS")
        .expect("still built in");
    assert_eq!(builtin.entry().http_status(), 400);

    let lock = parse_json(&lock_text(&shadowing::OWN));
    assert_eq!(lock["codes"]["INVALID_ARGUMENTS"]["type"], "ApiError");
    assert_eq!(lock["codes"]["INVALID_ARGUMENTS"]["http"], 422);
    assert!(lock["builtin"].get("INVALID_ARGUMENTS").is_none(), "{lock}");
    assert_eq!(
        lock["builtin"].as_object().map(|b| b.len()),
        Some(BUILTIN.len() - 1)
    );

    let markdown = lock::markdown(&shadowing::OWN);
    let (own, section) = markdown.split_once("## Built-in codes").expect("section");
    assert_eq!(own.matches("`INVALID_ARGUMENTS`").count(), 1, "{markdown}");
    let row = section
        .lines()
        .find(|line| line.starts_with("| `INVALID_ARGUMENTS` |"))
        .expect("the built-in row stays");
    assert!(
        row.contains("also declared by the crate as `ApiError::InvalidArguments`"),
        "{row}"
    );
    let json = lock::json(&shadowing::OWN);
    assert_eq!(json["builtin"][0]["code"], "INVALID_ARGUMENTS");
    assert_eq!(
        json["builtin"][0]["also_declared_by"],
        "ApiError::InvalidArguments"
    );
    assert!(json["builtin"][1].get("also_declared_by").is_none());

    // Declaring it later moves the code from `builtin` to `codes`: a new declaring
    // variant and a changed status, not a removal.
    let committed = lock_text(&released::V1_4_2);
    let report = check_against(&committed, &shadowing::OWN);
    let about: Vec<String> = report
        .breaking
        .iter()
        .chain(&report.compatible)
        .map(ToString::to_string)
        .filter(|change| change.starts_with("INVALID_ARGUMENTS"))
        .collect();
    assert_eq!(
        about,
        [
            "INVALID_ARGUMENTS: http changed from 400 to 422",
            "INVALID_ARGUMENTS: detail field `violations` removed",
            "INVALID_ARGUMENTS: detail field `field` added",
            "INVALID_ARGUMENTS: description changed",
            "INVALID_ARGUMENTS: declaring variant changed",
        ]
    );

    // Wrapping the built-in type declares nothing new: one contract, no flag.
    let (owner, _) = shadowing::WRAPPED
        .find("INVALID_ARGUMENTS")
        .expect("wrapped");
    assert_eq!(owner.type_name(), "ArgumentError");
    assert!(!lock::markdown(&shadowing::WRAPPED).contains("also declared"));
    let lock = parse_json(&lock_text(&shadowing::WRAPPED));
    assert_eq!(lock["codes"]["INVALID_ARGUMENTS"]["type"], "ArgumentError");
    assert!(lock["builtin"].get("INVALID_ARGUMENTS").is_none());
}

#[test]
fn json_reference_carries_every_catalog_property() {
    let json = lock::json(&v1::CODES);
    assert_eq!(json["crate"], "tool-error-tests");
    assert_eq!(json.get("version"), None);
    // This test crate builds serde_json with `preserve_order` (a dependency turns it
    // on), so maps keep their insertion order: the keys come sorted, as they would
    // be without the feature, and the text is the same either way.
    fn assert_sorted(value: &serde_json::Value) {
        match value {
            serde_json::Value::Object(map) => {
                let keys: Vec<&String> = map.keys().collect();
                let mut sorted = keys.clone();
                sorted.sort();
                assert_eq!(keys, sorted);
                map.values().for_each(assert_sorted);
            }
            serde_json::Value::Array(items) => items.iter().for_each(assert_sorted),
            _ => {}
        }
    }
    assert_sorted(&json);
    assert_sorted(&lock::json(&shadowing::OWN));
    let text = serde_json::to_string(&json).expect("text");
    assert!(
        text.starts_with(
            r#"{"builtin":[{"category":null,"channel":"result","code":"INVALID_ARGUMENTS""#
        ),
        "{text}"
    );
    let order = &json["types"][0];
    assert_eq!(order["type"], "OrderError");
    assert_eq!(order["domain"], "orders");
    let missing = &order["codes"][0];
    assert_eq!(
        missing,
        &serde_json::json!({
            "code": "ORDER_MISSING",
            "variant": "OrderMissing",
            "kind": "NOT_FOUND",
            "category": null,
            "recoverable": true,
            "jsonrpc": -31404,
            "http": 404,
            "channel": "result",
            "message": null,
            "suggestions": ["List orders with `list_orders`"],
            "dynamic_suggestions": false,
            "details": [{"name": "id", "redacted": false}, {"name": "known", "redacted": false}],
            "retry_after": false,
            "description": "The order does not exist."
        })
    );
}

#[test]
fn const_uniqueness_accepts_distinct_codes_and_a_type_listed_beside_its_wrapper() {
    // Compiles only because the codes are distinct; a type wrapped with `transparent`
    // and also listed is one code, not two.
    tool_error::assert_unique_codes!(v1::OrderError, v1::StockError);
    const DISTINCT: &[&tool_error::Catalog] = &[
        <v1::OrderError as StaticCatalog>::CATALOG,
        <v1::StockError as StaticCatalog>::CATALOG,
    ];
    assert_eq!(first_duplicate_code(DISTINCT), None);
    // Same-named types in two modules are two types: their shared codes clash (one
    // of them is named).
    const TWO_MODULES: &[&tool_error::Catalog] = &[
        <v1::OrderError as StaticCatalog>::CATALOG,
        <v1_1::OrderError as StaticCatalog>::CATALOG,
    ];
    let shared: Vec<&str> = <v1::OrderError as StaticCatalog>::CATALOG
        .leaves()
        .map(|(_, entry)| entry.code())
        .filter(|code| {
            <v1_1::OrderError as StaticCatalog>::CATALOG
                .leaves()
                .any(|(_, other)| other.code() == *code)
        })
        .collect();
    let named = first_duplicate_code(TWO_MODULES);
    assert!(
        named.is_some_and(|code| shared.contains(&code)),
        "{named:?}"
    );
    let clash: &[&'static tool_error::Catalog] = &[
        <v1::StockError as StaticCatalog>::CATALOG,
        <Duplicate as StaticCatalog>::CATALOG,
    ];
    assert_eq!(first_duplicate_code(clash), Some("OUT_OF_STOCK"));
}

/// The check `assert_unique_codes!` runs at compile time, run here with room for
/// every leaf.
fn first_duplicate_code(catalogs: &[&'static tool_error::Catalog]) -> Option<&'static str> {
    assert!(tool_error::__private::leaf_count(catalogs) <= 256);
    first_duplicate_code_in::<256>(catalogs)
}

#[derive(Debug, thiserror::Error, ToolError)]
#[error("dup")]
#[tool_error(kind = conflict, code = "OUT_OF_STOCK")]
struct Duplicate;

/// A catalog built by hand, as a type implementing `ToolError` without the derive would.
static HAND_BUILT: tool_error::Catalog = tool_error::Catalog::new(
    "Handmade",
    module_path!(),
    &[tool_error::Entry::new("Only", "HANDMADE", Kind::Transient)
        .with_category("timeout_error")
        .with_jsonrpc_code(-32005)
        .with_fields(&[
            tool_error::catalog::FieldInfo::new("a"),
            tool_error::catalog::FieldInfo::redacted("b"),
        ])
        .with_doc("Built without the derive.")],
)
.with_domain("hand");

/// A type whose `ToolError` impl is written by hand lists its catalog the same way.
struct Handmade;

impl StaticCatalog for Handmade {
    const CATALOG: &'static tool_error::Catalog = &HAND_BUILT;
}

tool_error::crate_catalog!(static HANDMADE_CODES = [Handmade], name = "handmade");

#[test]
fn hand_built_catalogs_use_the_const_builders() {
    let entry = &HAND_BUILT.entries()[0];
    assert_eq!(entry.jsonrpc_code(), -32005);
    assert_eq!(entry.category(), Some("timeout_error"));
    assert!(entry.recoverable());
    assert_eq!(entry.fields()[0], tool_error::catalog::FieldInfo::new("a"));
    assert_eq!(entry.fields()[1].name(), "b");
    assert!(entry.fields()[1].is_redacted());
    assert_eq!(HAND_BUILT.domain(), Some("hand"));
    assert_eq!(
        HANDMADE_CODES.find("HANDMADE").map(|(_, e)| e.doc()),
        Some("Built without the derive.")
    );
    let lock = parse_json(&lock_text(&HANDMADE_CODES));
    assert_eq!(
        lock["codes"]["HANDMADE"]["redacted"],
        serde_json::json!(["b"])
    );
}

/// 3,000 hand-built codes; see `tests/build.rs`.
mod big {
    include!(concat!(env!("OUT_DIR"), "/big_catalog.rs"));

    /// Reuses one of `BIG`'s codes in another type.
    pub static CLASHING: tool_error::Catalog = tool_error::Catalog::new(
        "Clashing",
        module_path!(),
        &[tool_error::Entry::new(
            "Again",
            "GENERATED_ERROR_CODE_2999",
            tool_error::Kind::Internal,
        )],
    );
}

// Evaluated by the compiler, as `assert_unique_codes!` evaluates it: thousands of
// codes must stay within its budget for constant evaluation (this fails the build
// when they do not).
use tool_error::__private::{first_duplicate_code_in, leaf_count};

const BIG_ALONE: &[&tool_error::Catalog] = &[&big::BIG];
const BIG_ALONE_DUPLICATE: Option<&str> =
    first_duplicate_code_in::<{ leaf_count(BIG_ALONE) }>(BIG_ALONE);
const BIG_CLASHING: &[&tool_error::Catalog] = &[&big::BIG, &big::CLASHING, &big::BIG];
const BIG_CLASHING_DUPLICATE: Option<&str> =
    first_duplicate_code_in::<{ leaf_count(BIG_CLASHING) }>(BIG_CLASHING);

#[test]
fn the_const_uniqueness_check_scales_to_thousands_of_codes() {
    assert_eq!(leaf_count(BIG_ALONE), 3000);
    assert_eq!(BIG_ALONE_DUPLICATE, None);
    // Listing `BIG` twice is the same variants again, not a duplicate; the one code
    // reused by another type is.
    assert_eq!(leaf_count(BIG_CLASHING), 6001);
    assert_eq!(BIG_CLASHING_DUPLICATE, Some("GENERATED_ERROR_CODE_2999"));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Against a direct reading of the rule: a code is a duplicate when two different
    /// variants (type, variant) declare it.
    #[test]
    fn the_const_uniqueness_check_agrees_with_the_rule(
        declared in proptest::collection::vec((0u8..3, 0u8..4, 0u8..12), 0..60),
    ) {
        use std::collections::{BTreeMap, BTreeSet};

        // Each (type, variant) declares one code; codes come from a small set, so
        // clashes are common. A variant declared twice keeps its first code.
        let mut by_variant: BTreeMap<(u8, u8), u8> = BTreeMap::new();
        for (ty, variant, code) in &declared {
            by_variant.entry((*ty, *variant)).or_insert(*code);
        }
        let leak = |text: String| -> &'static str { Box::leak(text.into_boxed_str()) };
        let catalogs: Vec<&'static tool_error::Catalog> = (0u8..3)
            .map(|ty| {
                let entries: Vec<tool_error::Entry> = by_variant
                    .iter()
                    .filter(|((owner, _), _)| *owner == ty)
                    .map(|((_, variant), code)| {
                        tool_error::Entry::new(
                            leak(format!("V{variant}")),
                            leak(format!("CODE_{code}")),
                            Kind::Validation,
                        )
                    })
                    .collect();
                let catalog = tool_error::Catalog::new(
                    leak(format!("T{ty}")),
                    "m",
                    Box::leak(entries.into_boxed_slice()),
                );
                &*Box::leak(Box::new(catalog))
            })
            .collect();
        // Every type listed twice: the same variants again are never duplicates.
        let mut listed = catalogs.clone();
        listed.extend(catalogs.iter().copied());

        let mut owners: BTreeMap<u8, BTreeSet<(u8, u8)>> = BTreeMap::new();
        for (owner, code) in &by_variant {
            owners.entry(*code).or_default().insert(*owner);
        }
        let duplicated: BTreeSet<String> = owners
            .iter()
            .filter(|(_, owners)| owners.len() > 1)
            .map(|(code, _)| format!("CODE_{code}"))
            .collect();

        let count = leaf_count(&listed);
        proptest::prop_assert_eq!(count, 2 * by_variant.len());
        proptest::prop_assert_eq!(
            count,
            listed.iter().map(|catalog| catalog.leaves().count()).sum::<usize>()
        );
        // The constant-evaluation check (run here at run time, with room for every
        // leaf) agrees with the rule.
        match first_duplicate_code_in::<256>(&listed) {
            Some(code) => proptest::prop_assert!(duplicated.contains(code), "{code} {duplicated:?}"),
            None => proptest::prop_assert!(duplicated.is_empty(), "missed {duplicated:?}"),
        }
    }
}
