//! The `axum` feature: derived errors as `application/problem+json` responses.

use std::time::Duration;

use axum_core::extract::FromRequest;
use axum_core::response::{IntoResponse, Response};
use serde_json::{Value, json};
use tool_error::axum::{HttpOptions, problem_response};
use tool_error::{ClientContext, Options, Problem, ToolError};
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
    // No timestamp: the client context leaves it to the log by default.
    let body = body_json(response).await;
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
    // The request id and the clock reach the log, not the client, by default...
    assert_eq!(body.get("instance"), None);
    assert_eq!(body.get("timestamp"), None);
    // ...unless the options show them.
    let showing = options.clone().with_client_context(ClientContext::ALL);
    let error = DocsError::LibraryNotFound {
        library: "serde".into(),
    };
    let body = body_json(problem_response(&error, &context, &showing)).await;
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
    // A masked error carries the request id, for a person to quote to the operator.
    assert_eq!(body["instance"], "req_42");
}

/// The retry advice a handler's transient error gets for `method`, through a router
/// with or without `request_scope`.
async fn retry_advice(method: http::Method, scoped: bool) -> Value {
    use axum::routing::any;
    use tower::ServiceExt;
    let mut app = axum::Router::new().route(
        "/search",
        any(|| async {
            Err::<String, _>(DocsError::RateLimited {
                wait: Duration::from_secs(2),
            })
        }),
    );
    if scoped {
        app = app.layer(axum::middleware::from_fn(tool_error::axum::request_scope));
    }
    let request = http::Request::builder()
        .method(method)
        .uri("/search")
        .body(axum::body::Body::empty())
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    assert_eq!(response.status(), http::StatusCode::SERVICE_UNAVAILABLE);
    body_json(response).await["retry"].clone()
}

#[tokio::test]
async fn a_transient_error_says_whether_repeating_the_request_is_safe() {
    use http::Method;
    // RFC 9110: GET, PUT and DELETE are idempotent, POST and PATCH are not.
    for (method, advice) in [
        (Method::GET, "safe"),
        (Method::PUT, "safe"),
        (Method::DELETE, "safe"),
        (Method::POST, "check_first"),
        (Method::PATCH, "check_first"),
    ] {
        assert_eq!(retry_advice(method.clone(), true).await, advice, "{method}");
    }
    // Without the middleware nothing tells the conversion what the request did.
    assert_eq!(retry_advice(Method::GET, false).await, "check_first");
}

// Framework errors: the extractors, the fallbacks and `Rejection`.

mod rejections {
    use std::collections::BTreeMap;

    use axum::Router;
    use axum::body::Body;
    use axum::extract::DefaultBodyLimit;
    use axum::routing::{get, post};
    use axum_core::extract::{FromRequest, FromRequestParts};
    use axum_core::response::{IntoResponse, Response};
    use http::{Request, StatusCode, header};
    use serde::Deserialize;
    use serde_json::{Value, json};
    use tool_error::args::{self, ViolationKind};
    use tool_error::axum::{Json, Path, Query, Rejection};
    use tool_error::{Kind, StaticCatalog, ToolError};
    use tool_error_tests::logs::{self, Captured};
    use tool_error_tests::parse_json;
    use tower::ServiceExt;

    /// What a request to `router` came back with, and what was logged meanwhile.
    struct Answer {
        status: StatusCode,
        headers: http::HeaderMap,
        body: String,
        events: Vec<Captured>,
    }

    impl Answer {
        #[track_caller]
        fn problem(&self) -> Value {
            assert_eq!(
                self.headers[header::CONTENT_TYPE],
                "application/problem+json",
                "{}",
                self.body
            );
            let problem = parse_json(&self.body);
            assert_eq!(problem["status"], self.status.as_u16());
            problem
        }
    }

    fn call(router: Router, request: Request<Body>) -> Answer {
        let mut answer = None;
        let events = logs::capture(|| {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .build()
                .expect("a runtime");
            answer = Some(runtime.block_on(async {
                let response = router.oneshot(request).await.expect("infallible");
                let (parts, body) = response.into_parts();
                let body = String::from_request(Request::new(body), &())
                    .await
                    .expect("a UTF-8 body");
                (parts.status, parts.headers, body)
            }));
        });
        let (status, headers, body) = answer.expect("the request ran");
        Answer {
            status,
            headers,
            body,
            events,
        }
    }

    fn json_request(content_type: Option<&str>, body: &str) -> Request<Body> {
        let mut request = Request::post("/")
            .body(Body::from(body.to_owned()))
            .unwrap();
        if let Some(content_type) = content_type {
            request.headers_mut().insert(
                header::CONTENT_TYPE,
                content_type.parse().expect("a header value"),
            );
        }
        request
    }

    async fn extract_json<T: serde::de::DeserializeOwned>(
        content_type: Option<&str>,
        body: &str,
    ) -> Result<T, Rejection> {
        Json::<T>::from_request(json_request(content_type, body), &())
            .await
            .map(|Json(value)| value)
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Media {
        compounds: Vec<String>,
        uptake: Option<u8>,
    }

    #[tokio::test]
    async fn json_reads_json_and_json_suffixed_media_types() {
        for content_type in [
            "application/json",
            "application/json; charset=utf-8",
            "Application/JSON",
            "application/merge-patch+json",
        ] {
            let media: Media = extract_json(Some(content_type), r#"{"compounds": ["cpd1"]}"#)
                .await
                .unwrap_or_else(|error| panic!("{content_type}: {error}"));
            assert_eq!(media.compounds, ["cpd1"]);
        }
        for content_type in [
            "text/json",
            "application/jsonx",
            "application/x-www-form-urlencoded",
        ] {
            let rejection = extract_json::<Media>(Some(content_type), "{}")
                .await
                .unwrap_err();
            match &rejection {
                Rejection::UnsupportedMediaType { expected, actual } => {
                    assert_eq!(*expected, "application/json");
                    assert_eq!(actual.as_deref(), Some(content_type));
                }
                other => panic!("{content_type}: {other:?}"),
            }
            assert_eq!(rejection.code(), "UNSUPPORTED_MEDIA_TYPE");
            assert_eq!(rejection.http_status(), 415);
        }
    }

    #[tokio::test]
    async fn json_names_the_bad_field_or_the_bad_syntax() {
        let rejection = extract_json::<Media>(
            Some("application/json"),
            r#"{"compounds": ["cpd1"], "uptake": 300}"#,
        )
        .await
        .unwrap_err();
        let Rejection::InvalidArguments(error) = &rejection else {
            panic!("{rejection:?}");
        };
        let violation = &error.violations()[0];
        assert_eq!(violation.field(), "uptake");
        assert_eq!(violation.kind(), ViolationKind::InvalidValue);
        assert_eq!(violation.expected(), "an integer from 0 to 255");
        assert_eq!(violation.actual(), "300");
        assert_eq!(rejection.code(), "INVALID_ARGUMENTS");
        assert_eq!(rejection.kind(), Kind::Validation);
        assert_eq!(rejection.http_status(), 400);

        let rejection = extract_json::<Media>(Some("application/json"), "{\"compounds\": [")
            .await
            .unwrap_err();
        let Rejection::InvalidArguments(error) = &rejection else {
            panic!("{rejection:?}");
        };
        assert_eq!(error.violations()[0].kind(), ViolationKind::Syntax);
        assert_eq!(error.violations()[0].field(), "");

        // Not UTF-8 at all: still one syntax violation, not a panic or a 500.
        let request = Request::post("/")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from(vec![0xff, 0xfe]))
            .unwrap();
        let rejection = Json::<Value>::from_request(request, &()).await.unwrap_err();
        assert_eq!(rejection.code(), "INVALID_ARGUMENTS");
    }

    #[test]
    fn a_body_over_the_limit_is_413() {
        let router = Router::new()
            .route(
                "/",
                post(|Json(value): Json<Value>| async move { Json(value) }),
            )
            .layer(DefaultBodyLimit::max(16));
        let body = format!(r#"{{"text": "{}"}}"#, "x".repeat(100));
        let answer = call(router, json_request(Some("application/json"), &body));
        assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
        let problem = answer.problem();
        assert_eq!(problem["code"], "BODY_TOO_LARGE");
        assert_eq!(problem["kind"], "VALIDATION");
        assert_eq!(problem["suggestions"], json!(["Send a smaller body"]));
    }

    #[test]
    fn json_as_a_response_is_application_json() {
        let router = Router::new().route("/", get(|| async { Json(json!({"ok": true})) }));
        let answer = call(router, Request::get("/").body(Body::empty()).unwrap());
        assert_eq!(answer.status, StatusCode::OK);
        assert_eq!(answer.headers[header::CONTENT_TYPE], "application/json");
        assert_eq!(parse_json(&answer.body), json!({"ok": true}));

        // A value JSON cannot hold is the server's bug: a masked 500, the reason
        // in the log.
        let router = Router::new().route(
            "/",
            get(|| async { Json(BTreeMap::from([((1, 2), "pair key")])) }),
        );
        let answer = call(router, Request::get("/").body(Body::empty()).unwrap());
        assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
        let problem = answer.problem();
        assert_eq!(problem["code"], "INTERNAL_ERROR");
        assert_eq!(problem["detail"], "Internal error");
        let event = answer
            .events
            .iter()
            .find(|event| event.field("error.type") == Some("INTERNAL_ERROR"))
            .expect("the failure is logged");
        assert_eq!(event.field("message"), Some("key must be a string"));
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "lowercase")]
    enum Order {
        Asc,
        Desc,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Search {
        q: String,
        limit: Option<u8>,
        exact: Option<bool>,
        order: Option<Order>,
    }

    async fn extract_query(query: &str) -> Result<Search, Rejection> {
        let request = Request::get(format!("/search?{query}")).body(()).unwrap();
        let (mut parts, ()) = request.into_parts();
        Query::<Search>::from_request_parts(&mut parts, &())
            .await
            .map(|Query(search)| search)
    }

    #[track_caller]
    fn only_violation(rejection: &Rejection) -> (String, ViolationKind, String, String) {
        let Rejection::InvalidArguments(error) = rejection else {
            panic!("{rejection:?}");
        };
        assert_eq!(error.violations().len(), 1);
        let violation = &error.violations()[0];
        (
            violation.field().to_owned(),
            violation.kind(),
            violation.expected().to_owned(),
            violation.actual().to_owned(),
        )
    }

    #[tokio::test]
    async fn query_reads_text_as_the_fields_ask() {
        let search = extract_query("q=hello+w%C3%B6rld&limit=5&exact=true&order=desc")
            .await
            .unwrap();
        assert_eq!(
            search,
            Search {
                q: "hello wörld".into(),
                limit: Some(5),
                exact: Some(true),
                order: Some(Order::Desc),
            }
        );
        // A number-looking value is still text for a string field.
        assert_eq!(extract_query("q=42").await.unwrap().q, "42");

        let cases = [
            ("", ("q", ViolationKind::Missing, "a value", "")),
            (
                "q=a&limit=ten",
                (
                    "limit",
                    ViolationKind::InvalidValue,
                    "an integer from 0 to 255",
                    "\"ten\"",
                ),
            ),
            (
                "q=a&limit=300",
                (
                    "limit",
                    ViolationKind::InvalidValue,
                    "an integer from 0 to 255",
                    "300",
                ),
            ),
            (
                "q=a&exact=yes",
                ("exact", ViolationKind::InvalidValue, "a boolean", "\"yes\""),
            ),
            (
                "q=a&order=up",
                (
                    "order",
                    ViolationKind::NotAllowed,
                    "one of: asc, desc",
                    "\"up\"",
                ),
            ),
            (
                "q=a&q=b",
                ("q", ViolationKind::Duplicate, "a single value", ""),
            ),
        ];
        for (query, (field, kind, expected, actual)) in cases {
            let rejection = extract_query(query).await.unwrap_err();
            assert_eq!(
                only_violation(&rejection),
                (
                    field.to_owned(),
                    kind,
                    expected.to_owned(),
                    actual.to_owned()
                ),
                "{query}"
            );
            assert_eq!(rejection.http_status(), 400);
        }
    }

    #[test]
    fn from_pairs_reads_tuples_and_single_values() {
        let pair: (String, u16) = args::from_pairs([("name", "cpd"), ("n", "7")]).unwrap();
        assert_eq!(pair, ("cpd".to_owned(), 7));
        let error =
            args::from_pairs::<(String, u16), _, _>([("name", "cpd"), ("n", "x")]).unwrap_err();
        assert_eq!(error.violations()[0].field(), "n");
        let one: u32 = args::from_pairs([("id", "12")]).unwrap();
        assert_eq!(one, 12);
        let error = args::from_pairs::<u32, _, _>([("id", "-1")]).unwrap_err();
        assert_eq!(error.to_string(), "'id' has an invalid value");
        let violation = &error.violations()[0];
        assert_eq!(violation.expected(), "an integer from 0 to 4294967295");
        assert_eq!(violation.actual(), "-1");
        let error = args::from_pairs::<u32, &str, &str>([]).unwrap_err();
        assert_eq!(error.violations()[0].kind(), ViolationKind::WrongLength);
        assert_eq!(error.violations()[0].field(), "");
        // More pairs than the tuple reads.
        let error = args::from_pairs::<(String,), _, _>([("a", "x"), ("b", "y")]).unwrap_err();
        let violation = &error.violations()[0];
        assert_eq!(violation.kind(), ViolationKind::WrongLength);
        assert_eq!(violation.field(), "");
        assert_eq!(violation.expected(), "an array of 1 item");
        assert_eq!(violation.actual(), "2 items");
    }

    #[derive(Debug, Deserialize)]
    struct Pair {
        model: String,
        index: u8,
    }

    fn path_router() -> Router {
        Router::new()
            .route(
                "/items/{id}",
                get(|Path(id): Path<u32>| async move { format!("item {id}") }),
            )
            .route(
                "/models/{model}/reactions/{index}",
                get(|Path(pair): Path<Pair>| async move {
                    format!("{} #{}", pair.model, pair.index)
                }),
            )
            .route(
                "/tuple/{a}/{b}",
                get(|Path((a, b)): Path<(String, bool)>| async move { format!("{a} {b}") }),
            )
            // A handler asking for a parameter its route does not have.
            .route(
                "/plain",
                get(|Path(id): Path<String>| async move { id }),
            )
    }

    fn get_path(path: &str) -> Answer {
        call(
            path_router(),
            Request::get(path).body(Body::empty()).unwrap(),
        )
    }

    #[test]
    fn path_reads_parameters_by_name_position_or_alone() {
        assert_eq!(get_path("/items/42").body, "item 42");
        assert_eq!(get_path("/models/m%201/reactions/3").body, "m 1 #3");
        assert_eq!(get_path("/tuple/x/true").body, "x true");

        let answer = get_path("/items/forty-two");
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
        let problem = answer.problem();
        assert_eq!(problem["code"], "INVALID_ARGUMENTS");
        assert_eq!(
            problem["details"]["violations"][0],
            json!({
                "field": "id",
                "violation": "invalid_value",
                "expected": "an integer from 0 to 4294967295",
                "actual": "\"forty-two\""
            })
        );

        let problem = get_path("/models/m1/reactions/999").problem();
        assert_eq!(problem["details"]["violations"][0]["field"], "index");
        let problem = get_path("/tuple/x/maybe").problem();
        assert_eq!(problem["details"]["violations"][0]["field"], "b");

        // Bytes that are not UTF-8 once decoded are the client's doing.
        let answer = get_path("/items/%FF");
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
        assert_eq!(answer.problem()["code"], "INVALID_ARGUMENTS");
    }

    #[test]
    fn a_path_type_that_does_not_fit_the_route_is_a_masked_500() {
        let answer = get_path("/plain");
        assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
        let problem = answer.problem();
        assert_eq!(problem["code"], "INTERNAL_ERROR");
        assert_eq!(problem["detail"], "Internal error");
        assert!(!answer.body.contains("Path"), "{}", answer.body);
        let event = answer
            .events
            .iter()
            .find(|event| event.field("error.type") == Some("INTERNAL_ERROR"))
            .expect("logged");
        assert!(
            event
                .field("message")
                .is_some_and(|message| message.contains("do not fit the handler's `Path` type")),
            "{event:?}"
        );
    }

    #[test]
    fn fallbacks_answer_unknown_routes_and_methods() {
        let router = || {
            Router::new()
                .route("/docs", get(|| async { "[]" }))
                .fallback(tool_error::axum::not_found)
                .method_not_allowed_fallback(tool_error::axum::method_not_allowed)
        };
        let answer = call(router(), Request::get("/nope").body(Body::empty()).unwrap());
        assert_eq!(answer.status, StatusCode::NOT_FOUND);
        assert_eq!(answer.problem()["code"], "ROUTE_NOT_FOUND");
        let logged: Vec<_> = answer
            .events
            .iter()
            .filter(|event| event.field("error.type") == Some("ROUTE_NOT_FOUND"))
            .collect();
        assert_eq!(logged.len(), 1);
        assert_eq!(logged[0].level, tracing::Level::INFO);

        let answer = call(router(), Request::put("/docs").body(Body::empty()).unwrap());
        assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(answer.headers[header::ALLOW], "GET,HEAD");
        let problem = answer.problem();
        assert_eq!(problem["code"], "METHOD_NOT_ALLOWED");
        assert_eq!(problem["detail"], "/docs does not accept PUT");
    }

    fn every_rejection() -> Vec<Rejection> {
        vec![
            Rejection::RouteNotFound {
                method: http::Method::GET,
                path: "/x".into(),
            },
            Rejection::MethodNotAllowed {
                method: http::Method::PUT,
                path: "/x".into(),
            },
            Rejection::UnsupportedMediaType {
                expected: "application/json",
                actual: None,
            },
            Rejection::BodyTooLarge,
            Rejection::BodyUnreadable("connection reset".into()),
            Rejection::InvalidArguments(args::from_str::<u8>("\"a\"").unwrap_err()),
            Rejection::Server("no params".into()),
        ]
    }

    #[test]
    fn the_catalog_says_what_renders() {
        let catalog = <Rejection as StaticCatalog>::CATALOG;
        assert_eq!(
            catalog.codes().collect::<Vec<_>>(),
            [
                "ROUTE_NOT_FOUND",
                "METHOD_NOT_ALLOWED",
                "UNSUPPORTED_MEDIA_TYPE",
                "BODY_TOO_LARGE",
                "BODY_UNREADABLE",
                "INVALID_ARGUMENTS",
                "INTERNAL_ERROR",
            ]
        );
        let statuses: Vec<u16> = every_rejection()
            .iter()
            .map(|rejection| {
                let entry = rejection.entry().expect("every rejection has an entry");
                assert_eq!(entry.code(), rejection.code());
                assert_eq!(entry.kind(), rejection.kind());
                assert_eq!(entry.http_status(), rejection.http_status());
                rejection.http_status()
            })
            .collect();
        assert_eq!(statuses, [404, 405, 415, 413, 400, 400, 500]);
    }

    #[test]
    fn each_rejection_renders_as_problem_json_and_is_logged_once() {
        for rejection in every_rejection() {
            let code = rejection.code();
            let mut response: Option<Response> = None;
            let events = logs::capture(|| response = Some(rejection.into_response()));
            let response = response.expect("converted");
            assert_eq!(
                response.headers()[header::CONTENT_TYPE],
                "application/problem+json"
            );
            let body = parse_json(&tool_error_tests::body_text(response));
            assert_eq!(body["code"], code);
            let logged = events
                .iter()
                .filter(|event| event.field("error.type") == Some(code))
                .count();
            assert_eq!(logged, 1, "{code}: {events:#?}");
            if code == "INTERNAL_ERROR" {
                assert_eq!(body["detail"], "Internal error");
            }
        }
    }
}

/// With `request_scope`, each request is a server span after the HTTP conventions:
/// an error for a 5xx answer only, with the error's contract either way.
#[tokio::test]
async fn request_spans_are_errors_for_5xx_only() {
    use axum::routing::get;
    use opentelemetry::trace::Status;
    use opentelemetry_sdk::trace::SpanData;
    use tower::ServiceExt;

    use super::otel::{Capture, attribute};

    let capture = Capture::start();

    let app = axum::Router::new()
        .route(
            "/libraries/{name}",
            get(
                |axum::extract::Path(name): axum::extract::Path<String>| async move {
                    match name.as_str() {
                        "tokio" => Ok("indexed".to_owned()),
                        "busy" => Err(DocsError::RateLimited {
                            wait: Duration::from_secs(1),
                        }),
                        _ => Err(DocsError::LibraryNotFound { library: name }),
                    }
                },
            ),
        )
        .layer(axum::middleware::from_fn(tool_error::axum::request_scope));
    for path in ["/libraries/serde", "/libraries/busy", "/libraries/tokio"] {
        let request = http::Request::get(path)
            .body(axum::body::Body::empty())
            .unwrap();
        app.clone().oneshot(request).await.unwrap();
    }
    let spans = capture.spans();
    let requests: Vec<&SpanData> = spans
        .iter()
        .filter(|span| span.name == "GET /libraries/{name}")
        .collect();
    assert_eq!(requests.len(), 3, "{spans:?}");

    // 404: the client's error, so the span stays unmarked, but says which code.
    let missing = requests[0];
    assert_eq!(
        attribute(missing, "http.response.status_code").as_deref(),
        Some("404")
    );
    assert_eq!(
        attribute(missing, "http.route").as_deref(),
        Some("/libraries/{name}")
    );
    assert_eq!(
        attribute(missing, "tool_error.code").as_deref(),
        Some("LIBRARY_NOT_FOUND")
    );
    assert_eq!(attribute(missing, "error.type"), None);
    assert_eq!(missing.status, Status::Unset);

    // 503: the server's, so an error.
    let busy = requests[1];
    assert_eq!(attribute(busy, "error.type").as_deref(), Some("503"));
    assert_eq!(
        attribute(busy, "tool_error.code").as_deref(),
        Some("RATE_LIMITED")
    );
    assert!(matches!(busy.status, Status::Error { .. }));

    let fine = requests[2];
    assert_eq!(
        attribute(fine, "http.response.status_code").as_deref(),
        Some("200")
    );
    assert_eq!(attribute(fine, "tool_error.code"), None);
    assert_eq!(fine.status, Status::Unset);
}
