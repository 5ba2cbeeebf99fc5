//! The tour: one error contract, every wire format the runtime ships.
//!
//! `cargo run -p tool-error-examples --bin tour` (add `--json` for one JSON object per line).

use tool_error::{
    Context, Envelope, FixedClock, JsonRpc, McpToolResult, Native, Problem, Profile, ToolError,
};

/// Errors of a session-based modelling server.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux")]
enum SessionError {
    /// The model id is not in this session.
    #[error("Model '{model_id}' not found in current session")]
    #[tool_error(
        kind = not_found,
        suggest = "Use build_model tool to create a new model",
        suggest = "Check model_id spelling",
    )]
    ModelNotFound {
        model_id: String,
        available_models: Vec<String>,
    },

    /// Too many calls in a short time.
    #[error("rate limited")]
    #[tool_error(kind = transient)]
    RateLimited {
        #[tool_error(retry_after)]
        wait_seconds: u64,
    },
}

fn main() {
    let json_lines = std::env::args().any(|arg| arg == "--json");
    let clock = FixedClock::from_rfc3339("2025-10-27T14:35:22Z")
        .unwrap_or(FixedClock(std::time::UNIX_EPOCH));
    let context = Context::new().with_tool("run_fba").with_clock(&clock);
    let errors = [
        SessionError::ModelNotFound {
            model_id: "model_xyz".into(),
            available_models: vec!["model_20251027_a1b2c3".into()],
        },
        SessionError::RateLimited { wait_seconds: 30 },
    ];
    for error in &errors {
        let envelope = Envelope::new(error).with_context(context);
        show(json_lines, error.code(), "native", &envelope, &Native);
        show(
            json_lines,
            error.code(),
            "json-rpc",
            &envelope,
            &JsonRpc::new(),
        );
        show(
            json_lines,
            error.code(),
            "mcp",
            &envelope,
            &McpToolResult::new(),
        );
        show(
            json_lines,
            error.code(),
            "problem+json",
            &envelope,
            &Problem::new(),
        );
    }
}

fn show<P: Profile>(
    json_lines: bool,
    code: &str,
    format: &str,
    envelope: &Envelope<'_>,
    profile: &P,
) {
    if json_lines {
        let value = envelope.to_value(profile);
        let line = serde_json::json!({ "code": code, "format": format, "output": value });
        println!("{line}");
    } else {
        println!("── {code} as {format}");
        println!("{}\n", envelope.render_pretty(profile));
    }
}
