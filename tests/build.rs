//! Writes `big_catalog.rs`: a hand-built catalog of 3,000 codes (two of them in a
//! second type) for the test that the compile-time uniqueness check scales. Comparing
//! every pair of 3,000 codes in constant evaluation exceeds the compiler's budget and
//! fails the build; the check must not.

use std::fmt::Write as _;
use std::path::PathBuf;

const CODES: usize = 3000;

fn main() {
    let mut source = String::from(
        "/// 3,000 distinct codes.\npub static BIG: tool_error::Catalog = tool_error::Catalog::new(\"Big\", module_path!(), &[\n",
    );
    for i in 0..CODES {
        // Codes share a long prefix, as generated codes do: the slow case for a
        // byte-by-byte comparison.
        let _ = writeln!(
            source,
            "    tool_error::Entry::new(\"Variant{i}\", \"GENERATED_ERROR_CODE_{i}\", tool_error::Kind::Internal),"
        );
    }
    source.push_str("]);\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("big_catalog.rs");
    if let Err(error) = std::fs::write(&out, source) {
        println!("cargo::error=cannot write {}: {error}", out.display());
    }
    println!("cargo::rerun-if-changed=build.rs");
}
