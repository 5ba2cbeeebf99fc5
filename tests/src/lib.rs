//! Integration and UI tests for tool-error; the tests live in `tests/`.
//!
//! This library holds the helpers several test modules share, so each exists once: a
//! fixed clock, reading rendered output back as JSON, MCP requests and results,
//! example binaries, and captured logs.

// The README's examples and the migration guide's compile and run as doc tests
// here, where every integration they show and the lock crate are dependencies.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
mod readme {}

#[cfg(doctest)]
#[doc = include_str!("../../runtime/src/migrating.md")]
mod migrating {}

use std::path::{Path, PathBuf};
use std::process::Command;

use rmcp::model::{CallToolRequestParams, CallToolResult};
use serde_json::Value;
use tool_error::clock::FixedClock;
use tool_error::{Envelope, Policy, ToolError};

/// The time tests render at when the time itself is not what they check.
pub const TIMESTAMP: &str = "2025-10-27T14:35:22Z";

/// A clock stopped at [`TIMESTAMP`].
#[track_caller]
pub fn clock() -> FixedClock {
    clock_at(TIMESTAMP)
}

/// A clock stopped at `rfc3339`, for a test whose expected output fixes its own time
/// (a documented example, say).
///
/// # Panics
///
/// If `rfc3339` is not an RFC 3339 timestamp.
#[track_caller]
pub fn clock_at(rfc3339: &str) -> FixedClock {
    FixedClock::from_rfc3339(rfc3339)
        .unwrap_or_else(|error| panic!("not an RFC 3339 timestamp ({error}): {rfc3339}"))
}

/// `text` as JSON: rendered output, a documented example, a response body.
///
/// # Panics
///
/// If `text` is not one JSON value; the message shows the text.
#[track_caller]
pub fn parse_json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|error| panic!("invalid JSON ({error}): {text}"))
}

/// The native envelope of `error`, under the default policy and an empty context.
///
/// # Panics
///
/// If the rendering is not one JSON value.
#[track_caller]
pub fn native(error: &dyn ToolError) -> Value {
    parse_json(&Envelope::new(error).to_json())
}

/// The native envelope of `error` under `policy`, with an empty context.
///
/// # Panics
///
/// If the rendering is not one JSON value.
#[track_caller]
pub fn native_with(error: &dyn ToolError, policy: &Policy) -> Value {
    parse_json(&Envelope::new(error).with_policy(policy).to_json())
}

/// An MCP `tools/call` request for the tool `name` with `arguments`.
///
/// # Panics
///
/// If `arguments` is not a JSON object.
#[track_caller]
pub fn tool_call(name: &'static str, arguments: Value) -> CallToolRequestParams {
    let Value::Object(arguments) = arguments else {
        panic!("tool arguments must be an object, got {arguments}")
    };
    CallToolRequestParams::new(name).with_arguments(arguments)
}

/// An MCP client of `server`, which is served in-process on the other end of a
/// pipe, and the server's task (it ends once the client cancels).
pub async fn serve_in_process<S: rmcp::ServerHandler>(
    server: S,
) -> (
    rmcp::service::RunningService<rmcp::RoleClient, ()>,
    tokio::task::JoinHandle<()>,
) {
    use rmcp::ServiceExt;
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let server_task = tokio::spawn(async move {
        let running = server.serve(server_io).await.expect("server starts");
        let _ = running.waiting().await;
    });
    let client = ().serve(client_io).await.expect("client connects");
    (client, server_task)
}

/// The text of an MCP tool result: its first content block, which must be text.
///
/// # Panics
///
/// If the result has no content, or the first block is not text.
#[track_caller]
pub fn mcp_text(result: &CallToolResult) -> &str {
    let block = result.content.first().expect("the result has content");
    &block.as_text().expect("text content").text
}

/// The envelope an MCP tool result carries as its text, parsed.
///
/// # Panics
///
/// As [`mcp_text`], and if the text is not one JSON value.
#[track_caller]
pub fn mcp_envelope(result: &CallToolResult) -> Value {
    parse_json(mcp_text(result))
}

/// Builds the binary `name` of the examples package and returns its path (a no-op
/// build when it is up to date).
///
/// A test of this package gets no example binary from cargo. It is built with the
/// selection the project's test command builds (`--workspace --all-features` and the
/// test targets), into the running test's own target directory and profile, so only
/// the binary itself is compiled.
///
/// # Panics
///
/// If cargo cannot build it; the message has cargo's errors.
pub fn example_binary(name: &str) -> PathBuf {
    // A test runs as <target>/<profile>/deps/<test>-<hash>.
    let exe = std::env::current_exe().expect("the test knows its path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("the test executable is in <target>/<profile>/deps");
    let target_dir = profile_dir.parent().expect("a target directory");
    let profile = match profile_dir.file_name().and_then(|name| name.to_str()) {
        Some("debug") | None => "dev",
        Some(other) => other,
    };
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests package is in the workspace");
    let output = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .current_dir(workspace)
        .args([
            "build",
            "--quiet",
            "--workspace",
            "--all-features",
            "--tests",
        ])
        .args(["--bin", name, "--profile", profile, "--message-format=json"])
        .arg("--target-dir")
        .arg(target_dir)
        .output()
        .expect("cargo runs");
    assert!(
        output.status.success(),
        "building {name} failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|message| message["target"]["name"] == name && message["profile"]["test"] == false)
        .find_map(|message| message["executable"].as_str().map(PathBuf::from))
        .unwrap_or_else(|| panic!("cargo reports no executable for {name}"))
}

/// The body of an axum response as text.
pub fn body_text(response: axum_core::response::Response) -> String {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime")
        .block_on(async {
            use axum_core::extract::FromRequest;
            let request = http::Request::new(response.into_body());
            String::from_request(request, &()).await
        })
        .unwrap_or_default()
}

/// Captured `tracing` events, to check what a server logs.
pub mod logs {
    use std::collections::BTreeMap;
    use std::fmt;
    use std::sync::{Arc, Mutex};

    use tracing::Level;
    use tracing::field::{Field, Visit};
    use tracing_subscriber::layer::{Context as LayerContext, SubscriberExt};
    use tracing_subscriber::{Layer, Registry};

    /// One captured event: level, target and every field as text.
    #[derive(Debug, Clone)]
    pub struct Captured {
        pub level: Level,
        pub target: String,
        pub fields: BTreeMap<String, String>,
    }

    impl Captured {
        pub fn field(&self, name: &str) -> Option<&str> {
            self.fields.get(name).map(String::as_str)
        }
    }

    struct Fields<'a>(&'a mut BTreeMap<String, String>);

    impl Visit for Fields<'_> {
        fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
            self.0.insert(field.name().to_owned(), format!("{value:?}"));
        }
        fn record_str(&mut self, field: &Field, value: &str) {
            self.0.insert(field.name().to_owned(), value.to_owned());
        }
    }

    #[derive(Clone, Default)]
    struct Capture(Arc<Mutex<Vec<Captured>>>);

    impl<S: tracing::Subscriber> Layer<S> for Capture {
        fn on_event(&self, event: &tracing::Event<'_>, _: LayerContext<'_, S>) {
            let mut fields = BTreeMap::new();
            event.record(&mut Fields(&mut fields));
            self.0.lock().unwrap().push(Captured {
                level: *event.metadata().level(),
                target: event.metadata().target().to_owned(),
                fields,
            });
        }
    }

    /// Runs `f` with a subscriber that captures every event on this thread.
    pub fn capture(f: impl FnOnce()) -> Vec<Captured> {
        let capture = Capture::default();
        let subscriber = Registry::default().with(capture.clone());
        tracing::subscriber::with_default(subscriber, f);
        capture.0.lock().unwrap().clone()
    }
}

/// ARCHITECTURE.md is the map a newcomer reads first: it names every source file of
/// the runtime, and every file it names exists.
#[cfg(test)]
mod architecture {
    use std::collections::BTreeSet;
    use std::path::{Path, PathBuf};

    /// Every file below `dir`, as paths relative to `root`.
    fn files(root: &Path, dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(root.join(dir)).expect("a readable folder") {
            let path = dir.join(entry.expect("an entry").file_name());
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if matches!(name, "target" | ".git") {
                continue;
            }
            if root.join(&path).is_dir() {
                files(root, &path, out);
            } else {
                out.push(path.to_string_lossy().replace('\\', "/"));
            }
        }
    }

    #[test]
    fn architecture_names_every_runtime_file_and_only_files_that_exist() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("the workspace");
        let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
        // What stands between backticks and looks like a file path.
        let named: BTreeSet<&str> = text
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|token| {
                let path_like = token
                    .chars()
                    .all(|c| c.is_alphanumeric() || "_-./".contains(c));
                path_like && [".rs", ".md", ".sh"].iter().any(|ext| token.ends_with(ext))
            })
            .collect();

        let mut all = Vec::new();
        files(root, &PathBuf::new(), &mut all);
        let missing: Vec<&str> = named
            .iter()
            .copied()
            .filter(|name| {
                !all.iter()
                    .any(|file| file == name || file.ends_with(&format!("/{name}")))
            })
            .collect();
        assert!(
            missing.is_empty(),
            "ARCHITECTURE.md names files that do not exist: {missing:?}"
        );

        let mut runtime = Vec::new();
        files(&root.join("runtime/src"), &PathBuf::new(), &mut runtime);
        let unnamed: Vec<&String> = runtime
            .iter()
            .filter(|file| file.ends_with(".rs") && !file.ends_with("tests.rs"))
            .filter(|file| !named.contains(file.as_str()))
            .collect();
        assert!(
            unnamed.is_empty(),
            "ARCHITECTURE.md's runtime table lacks: {unnamed:?}"
        );
    }
}
