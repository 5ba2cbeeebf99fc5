//! The tour: the errors that five MCP systems document, reproduced with tool-error and
//! shown in each system's own wire format.
//!
//! `cargo run -p tool-error-examples --bin tour` prints them for people (colour
//! when the terminal supports it; `NO_COLOR` turns it off); `--json` prints one JSON
//! object per line: `{"system": ..., "title": ..., "output": ...}`.

use std::io::{self, Write};
use std::process::ExitCode;

use anstyle::{AnsiColor, Style};
use tool_error::clock::FixedClock;
use tool_error::{Envelope, JsonRpc, McpToolResult, Native, Options, Problem, Profile};
use tool_error_examples::{Sample, exa, gem_flux, interbase, mdmcp, ontology};

/// Each system, with what it is and the format its errors take.
fn sections() -> Vec<(&'static str, Vec<Sample>)> {
    vec![
        (
            "metabolic-modelling MCP server · tool results as a flat envelope with legacy JSON-RPC codes",
            gem_flux::samples(),
        ),
        (
            "sandboxed file and command server · JSON-RPC error responses whose data is an ErrorContext",
            mdmcp::samples(),
        ),
        (
            "error contract of the Demarch MCP servers · the toolerror wire format, HTTP and connection mappings",
            interbase::samples(),
        ),
        (
            "documentation MCP server · ToolResponse results: success, error {message, code, tool, operation, ...}",
            exa::samples(),
        ),
        (
            "ontology tools MCP server · {error, code, message, details} results and protocol errors",
            ontology::samples(),
        ),
        (
            "the same error through each built-in profile",
            built_in_profiles(),
        ),
    ]
}

const BUILT_IN: &str = "tool-error built-in profiles";

/// Gem-Flux's `MODEL_NOT_FOUND` through the runtime's own profiles, for comparison.
fn built_in_profiles() -> Vec<Sample> {
    let error =
        gem_flux::SessionError::model_not_found("model_xyz", vec!["model_20251027_a1b2c3".into()]);
    let clock = FixedClock::from_rfc3339("2025-10-27T14:35:22Z")
        .unwrap_or(FixedClock(std::time::UNIX_EPOCH));
    let options = Options::new().with_clock(clock);
    let envelope = Envelope::new(&error).with_context(options.context().with_tool("run_fba"));
    fn render<P: Profile>(envelope: &Envelope<'_>, name: &str, profile: &P) -> Sample {
        Sample {
            system: BUILT_IN,
            title: format!("{} as {name}", envelope.code()),
            output: envelope.to_value(profile),
        }
    }
    vec![
        render(&envelope, "the native envelope", &Native),
        render(&envelope, "a JSON-RPC error object", &JsonRpc::new()),
        render(&envelope, "an MCP tool result", &McpToolResult::new()),
        render(&envelope, "RFC 9457 problem+json", &Problem::new()),
    ]
}

const USAGE: &str = "usage: tour [--json]\n\n  --json  one JSON object per line: {\"system\", \"title\", \"output\"}\n";

fn main() -> ExitCode {
    let mut json_lines = false;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--json" => json_lines = true,
            "-h" | "--help" => {
                print!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => {
                eprint!("tour: unknown argument `{other}`\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let sections = sections();
    let written = if json_lines {
        write_json_lines(&mut io::stdout().lock(), &sections)
    } else {
        write_for_people(&mut anstream::stdout().lock(), &sections)
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        // `tour | head` closes the pipe early; that is not a failure.
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("tour: {error}");
            ExitCode::FAILURE
        }
    }
}

fn write_json_lines(out: &mut dyn Write, sections: &[(&str, Vec<Sample>)]) -> io::Result<()> {
    for sample in sections.iter().flat_map(|(_, samples)| samples) {
        let line = serde_json::json!({
            "system": sample.system,
            "title": sample.title,
            "output": sample.output,
        });
        writeln!(out, "{line}")?;
    }
    out.flush()
}

const HEADING: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::BrightWhite)));
const TITLE: Style = Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(AnsiColor::Cyan)));
const NOTE: Style = Style::new().dimmed();
const KEY: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Blue)));
const STRING: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));
const NUMBER: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Yellow)));
const LITERAL: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Magenta)));

fn write_for_people(out: &mut dyn Write, sections: &[(&str, Vec<Sample>)]) -> io::Result<()> {
    let total: usize = sections.iter().map(|(_, samples)| samples.len()).sum();
    writeln!(
        out,
        "{HEADING}tool-error tour{HEADING:#} {NOTE}· {total} errors, each in its system's own format{NOTE:#}\n"
    )?;
    for (about, samples) in sections {
        let Some(system) = samples.first().map(|sample| sample.system) else {
            continue;
        };
        let rule = "═".repeat(72usize.saturating_sub(system.chars().count() + 4));
        writeln!(out, "{HEADING}══ {system} {rule}{HEADING:#}")?;
        writeln!(out, "{NOTE}{about}{NOTE:#}\n")?;
        for sample in samples {
            writeln!(out, "{TITLE}── {}{TITLE:#}", sample.title)?;
            let pretty = serde_json::to_string_pretty(&sample.output).unwrap_or_default();
            write_highlighted(out, &pretty)?;
            writeln!(out, "\n")?;
        }
    }
    out.flush()
}

/// Writes pretty-printed JSON with keys, strings, numbers and literals coloured.
fn write_highlighted(out: &mut dyn Write, json: &str) -> io::Result<()> {
    let bytes = json.as_bytes();
    let mut start = 0;
    let mut index = 0;
    while index < bytes.len() {
        let (end, style) = match bytes[index] {
            b'"' => {
                let end = string_end(bytes, index);
                let is_key = bytes[end..]
                    .iter()
                    .find(|b| !b.is_ascii_whitespace())
                    .is_some_and(|b| *b == b':');
                (end, if is_key { KEY } else { STRING })
            }
            b'-' | b'0'..=b'9' => {
                let end = index
                    + bytes[index..]
                        .iter()
                        .take_while(|b| {
                            b.is_ascii_digit() || matches!(b, b'-' | b'+' | b'.' | b'e' | b'E')
                        })
                        .count();
                (end, NUMBER)
            }
            b't' | b'f' | b'n' => {
                let end = index
                    + bytes[index..]
                        .iter()
                        .take_while(|b| b.is_ascii_alphabetic())
                        .count();
                (end, LITERAL)
            }
            _ => {
                index += 1;
                continue;
            }
        };
        write!(
            out,
            "{}{style}{}{style:#}",
            &json[start..index],
            &json[index..end]
        )?;
        start = end;
        index = end;
    }
    write!(out, "{}", &json[start..])
}

/// The index just past the string literal opening at `open`.
fn string_end(bytes: &[u8], open: usize) -> usize {
    let mut index = open + 1;
    while index < bytes.len() {
        match bytes[index] {
            b'\\' => index += 2,
            b'"' => return index + 1,
            _ => index += 1,
        }
    }
    bytes.len()
}
