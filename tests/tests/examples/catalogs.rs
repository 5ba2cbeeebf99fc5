//! The example systems commit their lock files and generated references under
//! `examples/error-codes/`; these tests fail when one is stale. To regenerate after a
//! deliberate change: `TOOL_ERROR_LOCK=update cargo test -p tool-error-tests --test
//! examples catalogs`, then review and commit the diff.

use std::path::PathBuf;

use tool_error::CrateCatalog;
use tool_error_examples::catalogs;
use tool_error_lock::{self as lock, Mode, Outcome};
use tool_error_tests::parse_json;

fn committed(catalog: &CrateCatalog, extension: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/error-codes")
        .join(format!("{}.{extension}", catalog.name()))
}

#[test]
fn lock_files_hold_no_breaking_change_and_are_current() {
    for catalog in catalogs() {
        let path = committed(catalog, "lock");
        // First the readable report of breaking changes, then exact freshness: an
        // example's lock is regenerated with every addition.
        match lock::check(catalog, &path, Mode::from_env()) {
            Ok(Outcome::Unchanged | Outcome::Compatible { .. }) => {}
            Ok(Outcome::Forced(report)) => eprintln!("{} forced:\n{report}", path.display()),
            Ok(other) => panic!("{}: {other:?}", path.display()),
            Err(failure) => panic!("{}: {failure}", path.display()),
        }
    }
}

#[test]
fn markdown_references_are_current() {
    for catalog in catalogs() {
        lock::assert_generated(&committed(catalog, "md"), &lock::markdown(catalog));
    }
}

#[test]
fn json_references_are_current() {
    for catalog in catalogs() {
        let text = serde_json::to_string_pretty(&lock::json(catalog)).unwrap() + "\n";
        lock::assert_generated(&committed(catalog, "json"), &text);
    }
}

#[test]
fn every_code_of_every_system_is_in_its_committed_lock() {
    // Independent of the generator: the lock parsed back must name each code the
    // catalog reaches, with the same kind.
    for catalog in catalogs() {
        let text = std::fs::read_to_string(committed(catalog, "lock")).unwrap();
        let lock = parse_json(&text);
        let codes = lock["codes"].as_object().expect("a map of codes");
        let mut count = 0;
        for (_, entry) in catalog.entries() {
            let locked = codes.get(entry.code()).unwrap_or_else(|| {
                panic!("{}: {} missing from the lock", catalog.name(), entry.code())
            });
            assert_eq!(locked["kind"], entry.kind().as_str(), "{}", entry.code());
            count += 1;
        }
        assert_eq!(codes.len(), count, "{}", catalog.name());
        assert!(count > 0, "{} has no codes", catalog.name());
        // The built-in codes the system does not declare, in their own section.
        let builtin = lock["builtin"]
            .as_object()
            .expect("a map of built-in codes");
        let mut expected = 0;
        for builtin_entry in catalog.builtin_entries() {
            let code = builtin_entry.code();
            if catalog.find(code).is_some() {
                assert!(!builtin.contains_key(code), "{}: {code}", catalog.name());
                continue;
            }
            let locked = builtin.get(code).unwrap_or_else(|| {
                panic!("{}: built-in {code} missing from the lock", catalog.name())
            });
            assert_eq!(
                locked["kind"],
                builtin_entry.entry().kind().as_str(),
                "{code}"
            );
            expected += 1;
        }
        assert_eq!(builtin.len(), expected, "{}", catalog.name());
        // Unless the system reaches it itself (the HTTP API wraps `ArgumentError`).
        assert_eq!(
            builtin.contains_key("INVALID_ARGUMENTS"),
            catalog.find("INVALID_ARGUMENTS").is_none(),
            "{}",
            catalog.name()
        );
    }
}
