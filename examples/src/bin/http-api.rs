//! `http-api`: the document library over HTTP, built with axum, every error
//! answered as `application/problem+json`.
//!
//! ```sh
//! cargo run -p tool-error-examples --bin http-api
//! HTTP_API_ADDR=0.0.0.0:8080 cargo run -p tool-error-examples --bin http-api
//! ```
//!
//! Listens on `HTTP_API_ADDR` (default `127.0.0.1:3000`); logs go to stderr, one
//! event per error. The routes are listed in `tool_error_examples::doc_library`.

use std::io::IsTerminal;
use std::process::ExitCode;

use tokio::net::TcpListener;
use tool_error::tracing::Level;
use tool_error_examples::doc_library::{self, Library, SearchQuota};

const DEFAULT_ADDR: &str = "127.0.0.1:3000";

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .with_max_level(Level::INFO)
        .init();
    if doc_library::options().install().is_err() {
        tracing::warn!("error options were already installed");
    }

    let addr = std::env::var("HTTP_API_ADDR").unwrap_or_else(|_| DEFAULT_ADDR.to_owned());
    let listener = match TcpListener::bind(&addr).await {
        Ok(listener) => listener,
        Err(error) => {
            tracing::error!(%addr, %error, "cannot listen (set HTTP_API_ADDR to another address)");
            return ExitCode::FAILURE;
        }
    };
    match listener.local_addr() {
        Ok(local) => tracing::info!("document library listening on http://{local}"),
        Err(_) => tracing::info!("document library listening on {addr}"),
    }
    match doc_library::serve(listener, Library::sample(SearchQuota::DEFAULT)).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "the server stopped");
            ExitCode::FAILURE
        }
    }
}
