//! The `axum` feature: derived errors as `application/problem+json` responses.

use std::time::Duration;

use axum_core::extract::FromRequest;
use axum_core::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tool_error::axum::{HttpOptions, problem_response};
use tool_error::{Options, Problem, ToolError};
use tool_error_tests::{TIMESTAMP, clock, parse_json};

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "exa")]
enum DocsError {
    /// The library is not indexed.
    #[error("Library '{library}' not found")]
    #[tool_error(kind = not_found, suggest = "Search for the library first")]
    LibraryNotFound { library: String },

    #[error("rate limited")]
    #[tool_error(kind = transient)]
    RateLimited {
        #[tool_error(retry_after)]
        wait: Duration,
    },

    #[error("query too long: {length} characters")]
    #[tool_error(kind = validation, http = 422)]
    QueryTooLong { length: usize },

    #[error("upstream said: {0}")]
    #[tool_error(kind = internal)]
    Upstream(String),
}

async fn body_json(response: Response) -> Value {
    // axum's own String extractor reads the body.
    let request = http::Request::new(response.into_body());
    let text = String::from_request(request, &())
        .await
        .expect("a UTF-8 body");
    parse_json(&text)
}

#[tokio::test]
async fn into_response_is_problem_json_with_the_status() {
    let response = DocsError::LibraryNotFound {
        library: "tokio".into(),
    }
    .into_response();
    assert_eq!(response.status(), http::StatusCode::NOT_FOUND);
    assert_eq!(
        response.headers()[http::header::CONTENT_TYPE],
        "application/problem+json"
    );
    assert!(response.headers().get(http::header::RETRY_AFTER).is_none());
    let mut body = body_json(response).await;
    let timestamp = body
        .as_object_mut()
        .unwrap()
        .remove("timestamp")
        .expect("the default clock stamps the problem");
    assert!(humantime::parse_rfc3339(timestamp.as_str().unwrap()).is_ok());
    assert_eq!(
        body,
        json!({
            "type": "about:blank",
            "title": "Not Found",
            "status": 404,
            "detail": "Library 'tokio' not found",
            "code": "LIBRARY_NOT_FOUND",
            "kind": "NOT_FOUND",
            "recoverable": true,
            "details": { "library": "tokio" },
            "suggestions": ["Search for the library first"],
        })
    );
}

#[tokio::test]
async fn retry_after_header_rounds_up_to_whole_seconds() {
    let response = DocsError::RateLimited {
        wait: Duration::from_millis(1500),
    }
    .into_response();
    assert_eq!(response.status(), http::StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(response.headers()[http::header::RETRY_AFTER], "2");
    assert_eq!(body_json(response).await["retry_after"], 1.5);

    let whole = DocsError::RateLimited {
        wait: Duration::from_secs(30),
    }
    .into_response();
    assert_eq!(whole.headers()[http::header::RETRY_AFTER], "30");
}

#[tokio::test]
async fn the_longest_retry_hint_saturates_instead_of_overflowing() {
    // u64::MAX seconds and a fraction: rounding up must not wrap to 0 ("retry now").
    let response = DocsError::RateLimited {
        wait: Duration::MAX,
    }
    .into_response();
    assert_eq!(
        response.headers()[http::header::RETRY_AFTER],
        u64::MAX.to_string().as_str()
    );
}

#[tokio::test]
async fn explicit_status_override() {
    let response = DocsError::QueryTooLong { length: 5000 }.into_response();
    assert_eq!(response.status(), http::StatusCode::UNPROCESSABLE_ENTITY);
    let body = body_json(response).await;
    assert_eq!(body["status"], 422);
    assert_eq!(body["title"], "Unprocessable Content");
}

#[tokio::test]
async fn explicit_options_type_base_instance_and_masking() {
    let options = Options::new()
        .with_http(
            HttpOptions::new().with_problem(Problem::with_type_base("https://errors.example.com/")),
        )
        .with_clock(clock());
    let context = options.context().with_request_id("req_42");
    let response = problem_response(
        &DocsError::LibraryNotFound {
            library: "serde".into(),
        },
        &context,
        &options,
    );
    let body = body_json(response).await;
    assert_eq!(body["type"], "https://errors.example.com/LIBRARY_NOT_FOUND");
    assert_eq!(body["title"], "The library is not indexed.");
    assert_eq!(body["instance"], "req_42");
    assert_eq!(body["timestamp"], TIMESTAMP);

    let response = problem_response(
        &DocsError::Upstream("token=abc123 rejected".into()),
        &context,
        &options,
    );
    assert_eq!(response.status(), http::StatusCode::INTERNAL_SERVER_ERROR);
    let body = body_json(response).await;
    assert_eq!(body["detail"], "Internal error");
    assert!(!body.to_string().contains("abc123"));
}
