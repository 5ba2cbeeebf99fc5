//! The tour binary: `--json` prints one JSON object per line covering every example
//! system, and the readable output shows every sample.
//!
//! The binary belongs to another package, so `CARGO_BIN_EXE_tour` is not set here;
//! `example_binary` asks cargo to build it (a no-op when it is up to date).

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::OnceLock;

use serde_json::Value;
use tool_error_examples::{Sample, exa, gem_flux, interbase, mdmcp, ontology};
use tool_error_tests::{example_binary, parse_json};

fn tour_binary() -> &'static PathBuf {
    static BINARY: OnceLock<PathBuf> = OnceLock::new();
    BINARY.get_or_init(|| example_binary("tour"))
}

fn run(args: &[&str]) -> Output {
    Command::new(tour_binary())
        .args(args)
        .env("NO_COLOR", "1")
        .output()
        .expect("the tour runs")
}

/// Every example system's samples, from the library the binary is built from.
fn all_samples() -> Vec<Sample> {
    [
        gem_flux::samples(),
        mdmcp::samples(),
        interbase::samples(),
        exa::samples(),
        ontology::samples(),
    ]
    .concat()
}

#[test]
fn json_lines_cover_every_system() {
    let output = run(&["--json"]);
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    let lines: Vec<Value> = stdout.lines().map(parse_json).collect();
    for line in &lines {
        let object = line.as_object().expect("each line is an object");
        assert!(object["system"].is_string() && object["title"].is_string());
        assert!(object.contains_key("output"));
    }

    let expected = all_samples();
    let systems: BTreeSet<&str> = expected.iter().map(|sample| sample.system).collect();
    assert_eq!(systems.len(), 5, "five example systems: {systems:?}");
    // Every sample of every system is printed, exactly as the library renders it.
    for sample in &expected {
        let found = lines.iter().any(|line| {
            line["system"] == sample.system
                && line["title"] == sample.title.as_str()
                && line["output"] == sample.output
        });
        assert!(found, "missing: {} / {}", sample.system, sample.title);
    }
    let printed: BTreeSet<&str> = lines
        .iter()
        .filter_map(|line| line["system"].as_str())
        .collect();
    assert!(printed.is_superset(&systems));
}

#[test]
fn readable_output_has_headings_and_every_title_without_colour() {
    let output = run(&[]);
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        !stdout.contains('\u{1b}'),
        "NO_COLOR and a pipe mean no escapes"
    );
    for sample in all_samples() {
        assert!(stdout.contains(&format!("══ {} ", sample.system)));
        assert!(stdout.contains(&format!("── {}\n", sample.title)));
    }
    // The pretty JSON is the sample's output, parseable as printed.
    let first = stdout
        .split("── ")
        .nth(1)
        .and_then(|block| block.split_once('\n'))
        .map(|(_, rest)| rest.split("\n\n").next().unwrap_or(""))
        .expect("a sample block");
    let parsed = parse_json(first);
    assert_eq!(parsed, all_samples()[0].output);
}

#[test]
fn unknown_arguments_are_refused() {
    let output = run(&["--colour=always"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("usage: tour"));
}

/// The README quotes the tour's first lines (its error count among them): they must
/// be what the tour prints, line for line.
#[test]
fn the_readme_quotes_the_tour_as_it_prints() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md");
    let (_, after) = readme
        .split_once("It begins:\n\n```text\n")
        .expect("the README quotes the tour after \"It begins:\"");
    let (quoted, _) = after.split_once("\n```").expect("the quote ends");
    let output = run(&[]);
    assert!(output.status.success());
    let printed = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        printed.starts_with(&format!("{quoted}\n")),
        "README.md quotes the tour as\n{quoted}\n\nbut it prints\n{}",
        printed
            .lines()
            .take(quoted.lines().count())
            .collect::<Vec<_>>()
            .join("\n")
    );
}
