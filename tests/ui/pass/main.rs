//! The derive's cases that must compile and run (`tests/ui/pass/`), one module per
//! case, each written as a user's crate would be and with its own lints. They are a
//! test binary rather than trybuild cases so that trybuild, left with only cases
//! that must fail, checks them all in one `cargo check`; and one binary, so the
//! cases build and link once. Every case runs even after one fails, and the binary
//! fails if any did, naming each.

mod assert_unique_codes;
mod code_limits;
mod crate_path;
mod doc_macros;
mod every_key;
mod field_types_by_trait;
mod generic_types;
mod hand_written_display;
mod hygiene;
mod legacy_jsonrpc;
mod lifetimes;
mod macro_rules;
mod only_transparent;
mod raw_identifiers;
mod redact_outside_message;
mod rename_all;
mod sources;
mod structs;
mod transparent_nesting;
mod variant_shapes;

/// Every case, by its module's name, with the function that runs it.
const CASES: &[(&str, fn())] = &[
    ("assert_unique_codes", assert_unique_codes::run),
    ("code_limits", code_limits::run),
    ("crate_path", crate_path::run),
    ("doc_macros", doc_macros::run),
    ("every_key", every_key::run),
    ("field_types_by_trait", field_types_by_trait::run),
    ("generic_types", generic_types::run),
    ("hand_written_display", hand_written_display::run),
    ("hygiene", hygiene::run),
    ("legacy_jsonrpc", legacy_jsonrpc::run),
    ("lifetimes", lifetimes::run),
    ("macro_rules", macro_rules::run),
    ("only_transparent", only_transparent::run),
    ("raw_identifiers", raw_identifiers::run),
    ("redact_outside_message", redact_outside_message::run),
    ("rename_all", rename_all::run),
    ("sources", sources::run),
    ("structs", structs::run),
    ("transparent_nesting", transparent_nesting::run),
    ("variant_shapes", variant_shapes::run),
];

fn main() {
    let unlisted = unlisted_cases();
    if !unlisted.is_empty() {
        eprintln!(
            "ui/pass has cases this binary does not run; declare each as a module and list it in CASES: {}",
            unlisted.join(", ")
        );
        std::process::exit(1);
    }
    let mut failed = Vec::new();
    for (name, run) in CASES {
        // A failed assertion panics; the panic hook has printed where and why.
        let passed = std::panic::catch_unwind(*run).is_ok();
        println!("case {name} ... {}", if passed { "ok" } else { "FAILED" });
        if !passed {
            failed.push(*name);
        }
    }
    if !failed.is_empty() {
        eprintln!(
            "{} of {} cases failed: {}",
            failed.len(),
            CASES.len(),
            failed.join(", ")
        );
        std::process::exit(1);
    }
    println!("{} cases passed", CASES.len());
}

/// The case files of this folder that [`CASES`] lacks: one left out would never even
/// be compiled.
fn unlisted_cases() -> Vec<String> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/pass");
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return vec![format!("(cannot read {})", folder.display())];
    };
    let mut unlisted: Vec<String> = entries
        .flatten()
        .filter_map(|entry| {
            let file = entry.file_name().to_string_lossy().into_owned();
            let case = file.strip_suffix(".rs")?;
            let listed = case == "main" || CASES.iter().any(|(name, _)| *name == case);
            (!listed).then(|| case.to_owned())
        })
        .collect();
    unlisted.sort();
    unlisted
}
