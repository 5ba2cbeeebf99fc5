//! The derive's cases that must compile and run (`tests/ui/pass/`), one module per
//! case, each written as a user's crate would be and with its own lints. They are a
//! test binary rather than trybuild cases so that trybuild, left with only cases
//! that must fail, checks them all in one `cargo check`; and one binary, so the
//! cases build and link once. Every case runs even after one fails, and the binary
//! fails if any did, naming each.

/// Declares each case's module and lists it in [`CASES`], by its module's name with
/// the function that runs it: one list, so a case cannot be declared and not run.
macro_rules! cases {
    ($($case:ident),* $(,)?) => {
        $(mod $case;)*

        const CASES: &[(&str, fn())] = &[$((stringify!($case), $case::run)),*];
    };
}

cases!(
    assert_unique_codes,
    code_limits,
    crate_path,
    doc_macros,
    every_key,
    field_types_by_trait,
    generic_types,
    hand_written_display,
    hygiene,
    legacy_jsonrpc,
    lifetimes,
    macro_rules,
    only_transparent,
    raw_identifiers,
    redact_outside_message,
    rename_all,
    sources,
    structs,
    transparent_nesting,
    variant_shapes,
);

fn main() {
    let unlisted = unlisted_cases();
    if !unlisted.is_empty() {
        eprintln!(
            "ui/pass has cases this binary does not run; list each in `cases!`: {}",
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
