//! The derive's expansion timed outside the compiler: the same pipeline the
//! `derive_expand` fuzz target drives, on the enums `bench/compile-time.sh` builds
//! (each variant: a thiserror message, a code, a kind, two fields, two suggestions).
//!
//! `cargo bench --manifest-path fuzz/Cargo.toml --bench expand`
//!
//! Beside the expansion it times parsing the same item with syn into a
//! `DeriveInput`, which every derive does first: their ratio is what the derive's own
//! work (reading the attributes, checking, generating) costs on top of parsing.
//! Rounds alternate the two, and ratios are medians of per-round ratios. Built with
//! the bench profile; cargo builds proc macros unoptimised by default, so in a user's
//! build both take several times longer, in about the same proportion.

use std::hint::black_box;
use std::time::Instant;

use proc_macro2::TokenStream;
use tool_error_fuzz::derive;

const KINDS: [&str; 6] = [
    "validation",
    "not_found",
    "conflict",
    "permission",
    "transient",
    "internal",
];

fn generated_enum(variants: usize) -> TokenStream {
    let mut source =
        String::from("#[derive(Debug, thiserror::Error, ToolError)]\npub enum GeneratedError {\n");
    for i in 0..variants {
        let kind = KINDS[i % KINDS.len()];
        source.push_str(&format!(
            "    /// Variant {i} of the generated enum.\n    #[error(\"operation {i} failed for {{name}}\")]\n    #[tool_error(code = \"GEN_ERROR_{i}\", kind = {kind}, suggest = \"Retry operation {i} later\", suggest = \"Check {{name}} spelling\")]\n    Variant{i} {{ name: String, count: u64 }},\n"
        ));
    }
    source.push('}');
    source.parse().unwrap_or_default()
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or(f64::NAN)
}

fn main() {
    let full = std::env::args().any(|arg| arg == "--bench");
    let rounds = if full { 31 } else { 1 };
    println!(
        "{:>6} {:>14} {:>14} {:>16}",
        "N", "syn parse", "expand", "expand / parse"
    );
    for variants in [250, 1000, 2000] {
        let input = generated_enum(variants);
        let (mut parse, mut expand, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..rounds {
            let start = Instant::now();
            black_box(syn::parse2::<syn::DeriveInput>(black_box(input.clone())).is_ok());
            let parsed = start.elapsed().as_secs_f64();
            let start = Instant::now();
            black_box(derive::expand(black_box(input.clone())));
            let expanded = start.elapsed().as_secs_f64();
            parse.push(parsed);
            expand.push(expanded);
            ratios.push(expanded / parsed);
        }
        println!(
            "{variants:>6} {:>12.1}ms {:>12.1}ms {:>15.2}x",
            median(parse) * 1e3,
            median(expand) * 1e3,
            median(ratios)
        );
    }
}
