//! What a successful `tools/call` costs end to end, in process: an rmcp client and
//! server over `tokio::io::duplex`, the same tool served through rmcp's own
//! `ToolRouter` and `Parameters` extractor (twice, as two types, so the compiler
//! places two copies of the code) and through tool-error's `Router` and
//! `Parameters`, with the router's check of the arguments against the input schema
//! on (the default with the feature `jsonschema`) and off (what the `rmcp` feature
//! alone does), called in interleaved rounds (see `support/rounds.rs`).
//!
//! Each call is a whole round trip: the client writes the request, the server reads
//! and routes it, extracts the arguments, runs the tool and writes the result, and
//! the client reads it. All servers run on one current-thread runtime, so every
//! side sees the same scheduling.
//!
//! `cargo bench -p tool-error-tests --bench success` (`ROUNDS=n` to change the 201
//! rounds; without `--bench`, as under `cargo test --benches`, one quick round).
//! With `RECORDER=prometheus` a Prometheus recorder is installed first, so every
//! tool-error call also records `mcp.server.operation.duration` (rmcp's records
//! nothing); without it the `metrics` calls find no recorder. With
//! `TRACEPARENT=1` the W3C trace-context propagator is installed and every call, on
//! both sides, carries a `traceparent` in its `_meta`, which tool-error's router
//! reads with the feature `opentelemetry` when a subscriber records its span (none
//! does here: what a server pays for the feature when it is not tracing).

use std::hint::black_box;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::RunningService;
use rmcp::{RoleClient, ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use serde_json::json;
use tokio::runtime::Runtime;
use tool_error::rmcp::McpOptions;
use tool_error::{Options, ToolError};

#[path = "support/rounds.rs"]
mod rounds;

use rounds::{Candidate, Ratio, Settings};

/// The tool's arguments.
#[derive(Debug, serde::Deserialize, rmcp::schemars::JsonSchema)]
struct MediaArgs {
    media_id: String,
    limit: u32,
}

/// What the tool answers: the same text on both servers.
fn describe(args: &MediaArgs) -> String {
    format!("media {} ({} compounds)", args.media_id, args.limit)
}

/// The error the tool-error server's tool may return (never, here).
#[derive(Debug, thiserror::Error, ToolError)]
enum MediaError {
    #[error("media '{media_id}' not found")]
    #[tool_error(kind = not_found, suggest = "List the media with list_media")]
    NotFound { media_id: String },
}

/// The tool served with rmcp's own router and extractor, as a type named `$server`.
macro_rules! rmcp_server {
    ($server:ident) => {
        #[derive(Clone)]
        struct $server {
            tool_router: ToolRouter<Self>,
        }

        #[tool_router]
        impl $server {
            #[tool(description = "Describe a media")]
            fn get_media(
                &self,
                rmcp::handler::server::wrapper::Parameters(args): rmcp::handler::server::wrapper::Parameters<MediaArgs>,
            ) -> Result<String, rmcp::ErrorData> {
                if args.media_id.is_empty() {
                    return Err(rmcp::ErrorData::invalid_params("no media id", None));
                }
                Ok(describe(&args))
            }
        }

        // The router the server holds, as tool-error's side uses it (rmcp's
        // default, `Self::tool_router()`, would build the router again on every
        // call).
        #[tool_handler(router = self.tool_router)]
        impl ServerHandler for $server {}
    };
}

rmcp_server!(RmcpServer);
// The same code again under another type: the compiler lays out a second copy of
// rmcp's server, so the two rmcp servers' ratio shows what code placement alone
// does to a call's time.
rmcp_server!(RmcpCopy);

/// The same tool served through tool-error's router and extractor.
#[derive(Clone)]
struct ToolErrorServer {
    tool_router: ToolRouter<Self>,
    options: Options,
}

#[tool_router]
impl ToolErrorServer {
    #[tool(description = "Describe a media")]
    fn get_media(
        &self,
        tool_error::rmcp::Parameters(args): tool_error::rmcp::Parameters<MediaArgs>,
    ) -> Result<String, MediaError> {
        if args.media_id.is_empty() {
            return Err(MediaError::NotFound {
                media_id: args.media_id,
            });
        }
        Ok(describe(&args))
    }
}

#[tool_handler(router = tool_error::rmcp::Router::new(&self.tool_router).with_options(&self.options))]
impl ServerHandler for ToolErrorServer {}

type Client = RunningService<RoleClient, ()>;

/// `server` on one end of a pipe (a task of `runtime`), a client on the other.
fn connect<S: ServerHandler>(runtime: &Runtime, server: S) -> Client {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    runtime.spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    runtime
        .block_on(().serve(client_io))
        .expect("the client connects")
}

fn request() -> CallToolRequestParams {
    let serde_json::Value::Object(arguments) =
        json!({ "media_id": "glucose_minimal", "limit": 20 })
    else {
        unreachable!("an object literal")
    };
    let mut request = CallToolRequestParams::new("get_media").with_arguments(arguments);
    if std::env::var_os("TRACEPARENT").is_some() {
        let mut meta = rmcp::model::RequestMetaObject::new();
        meta.set_traceparent("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01");
        request.meta = Some(meta);
    }
    request
}

/// One call, round trip. A function of its own (`inline(never)`), so a profile can
/// count what one call runs (both servers run on this thread, inside `block_on`).
#[inline(never)]
fn call(runtime: &Runtime, client: &Client) -> CallToolResult {
    runtime
        .block_on(client.call_tool(request()))
        .expect("the call succeeds")
}

fn main() {
    let settings = Settings::from_args();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    if std::env::var_os("TRACEPARENT").is_some() {
        opentelemetry::global::set_text_map_propagator(
            opentelemetry_sdk::propagation::TraceContextPropagator::new(),
        );
    }
    if std::env::var("RECORDER").is_ok_and(|recorder| recorder == "prometheus") {
        metrics_exporter_prometheus::PrometheusBuilder::new()
            .install_recorder()
            .expect("the only recorder");
    }
    let rmcp_client = connect(
        &runtime,
        RmcpServer {
            tool_router: RmcpServer::tool_router(),
        },
    );
    let copy_client = connect(
        &runtime,
        RmcpCopy {
            tool_router: RmcpCopy::tool_router(),
        },
    );
    let tool_error_client = connect(
        &runtime,
        ToolErrorServer {
            tool_router: ToolErrorServer::tool_router(),
            options: Options::new(),
        },
    );
    let unchecked_client = connect(
        &runtime,
        ToolErrorServer {
            tool_router: ToolErrorServer::tool_router(),
            options: Options::new().with_mcp(McpOptions::new().with_argument_check(false)),
        },
    );

    // Both answer the same call with the same result.
    let ours = call(&runtime, &tool_error_client);
    let theirs = call(&runtime, &rmcp_client);
    assert_eq!(ours, theirs);
    assert_eq!(call(&runtime, &copy_client), theirs);
    assert_eq!(call(&runtime, &unchecked_client), theirs);
    assert_eq!(ours.is_error, Some(false));

    let mut candidates = vec![
        Candidate::new("rmcp: Router + Parameters", || {
            black_box(call(&runtime, black_box(&rmcp_client)));
        }),
        Candidate::new("rmcp again: Router + Parameters", || {
            black_box(call(&runtime, black_box(&copy_client)));
        }),
        Candidate::new("tool-error: Router + Parameters", || {
            black_box(call(&runtime, black_box(&tool_error_client)));
        }),
        Candidate::new("tool-error, unchecked: Router + Parameters", || {
            black_box(call(&runtime, black_box(&unchecked_client)));
        }),
    ];
    rounds::run(&mut candidates, &settings);
    rounds::print_times(&candidates, &settings);
    rounds::print_ratios(
        &candidates,
        &[
            Ratio {
                top: "tool-error, unchecked: Router + Parameters",
                bottom: "rmcp: Router + Parameters",
                label: "tool-error without the schema check / rmcp, one successful call",
                target: "<= 1.02",
            },
            Ratio {
                top: "tool-error, unchecked: Router + Parameters",
                bottom: "rmcp again: Router + Parameters",
                label: "tool-error without the schema check / rmcp's second copy",
                target: "<= 1.02",
            },
            Ratio {
                top: "tool-error: Router + Parameters",
                bottom: "rmcp: Router + Parameters",
                label: "tool-error with the schema check / rmcp, one successful call",
                target: "<= 1.10",
            },
            Ratio {
                top: "rmcp again: Router + Parameters",
                bottom: "rmcp: Router + Parameters",
                label: "rmcp's two copies (placement alone)",
                target: "",
            },
        ],
    );
}
