//! Prints what `#[derive(ToolError)]` expands an item to, for reading generated code
//! and for the compile-time experiments in BENCHMARKS.md:
//!
//! `cargo run -q --manifest-path fuzz/Cargo.toml --example print_expansion < item.rs | rustfmt`

use std::io::{Read, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut source = String::new();
    if let Err(error) = std::io::stdin().read_to_string(&mut source) {
        eprintln!("cannot read stdin: {error}");
        return ExitCode::FAILURE;
    }
    match source.parse::<proc_macro2::TokenStream>() {
        Ok(tokens) => {
            let expansion = tool_error_fuzz::derive::expand(tokens);
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = writeln!(std::io::stdout(), "{expansion}");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("not Rust tokens: {error}");
            ExitCode::FAILURE
        }
    }
}
