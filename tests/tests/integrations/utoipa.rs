//! The `utoipa` feature: an OpenAPI document for an axum router lists every code of
//! its handlers' errors under the right status, as `application/problem+json`.
//!
//! The document is built by utoipa (through utoipa-axum's router) and read back by
//! `oas3`, a parser of OpenAPI 3.1 that shares no code with utoipa: its `$ref`s must
//! resolve and its responses must have the shape the specification gives them.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum_core::extract::FromRequest;
use http::{Request, header};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tool_error::axum::{
    HttpOptions, Json, Path, Rejection, method_not_allowed, not_found, problem_response,
};
use tool_error::utoipa::Merged;
use tool_error::{AnyError, Catalog, Context, Options, Policy, Problem, StaticCatalog, ToolError};
use tool_error_tests::parse_json;
use tower::ServiceExt;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

const PLANTED_MASKED: &str = "PLANTED-MASKED-MESSAGE";
const PLANTED_REDACTED: &str = "PLANTED-REDACTED-VALUE";

/// Stock the warehouse tracks.
#[derive(Debug, thiserror::Error, ToolError)]
enum StockError {
    /// Fewer items are left than were asked for.
    #[error("only {left} of {sku} left")]
    #[tool_error(
        kind = conflict,
        message = "only {left} of {sku} left",
        suggest = "Order at most {left}"
    )]
    OutOfStock { sku: String, left: u32 },
}

/// Failures of the order API.
#[derive(Debug, thiserror::Error, ToolError)]
enum OrderError {
    /// The order id is unknown.
    #[error("order {id} not found")]
    #[tool_error(
        kind = not_found,
        message = "order {id} not found",
        docs = "https://errors.example.com/ORDER_NOT_FOUND",
        suggest = "List the orders with list_orders",
        next_call(tool = "list_orders", args(customer = _, limit = 20), read_only)
    )]
    OrderNotFound { id: u64 },

    /// The payment card was declined,
    /// so the customer needs another.
    #[error("card of {customer} declined")]
    #[tool_error(
        kind = permission,
        http = 402,
        category = "payment",
        suggest = "Ask {customer} for another card",
        next_call(tool = "update_card", args(customer, note = "declined {card_last4}"))
    )]
    CardDeclined {
        customer: String,
        card_last4: String,
        #[tool_error(redact)]
        card_token: String,
    },

    /// Too many orders at once.
    #[error("too many orders")]
    #[tool_error(kind = transient, http = 429, suggest = "Wait for the time Retry-After gives")]
    RateLimited {
        #[tool_error(retry_after)]
        wait: Duration,
    },

    /// The payment provider failed.
    #[error("provider said: {reply}")]
    #[tool_error(kind = internal)]
    Provider {
        // In the message only, which the mask hides.
        #[tool_error(skip)]
        reply: String,
    },

    #[error(transparent)]
    #[tool_error(transparent)]
    Stock(#[from] StockError),
}

/// One error of every code `OrderError` has, the secrets planted where the
/// redaction and the mask must hide them.
fn every_order_error() -> Vec<OrderError> {
    vec![
        OrderError::OrderNotFound { id: 7 },
        OrderError::CardDeclined {
            customer: "ada".into(),
            card_last4: "4242".into(),
            card_token: PLANTED_REDACTED.into(),
        },
        OrderError::RateLimited {
            wait: Duration::from_millis(1500),
        },
        OrderError::Provider {
            reply: PLANTED_MASKED.into(),
        },
        OrderError::Stock(StockError::OutOfStock {
            sku: "tea".into(),
            left: 2,
        }),
    ]
}

#[derive(Serialize, utoipa::ToSchema)]
struct Order {
    id: u64,
    sku: String,
}

#[derive(Deserialize, utoipa::ToSchema)]
struct NewOrder {
    sku: String,
}

/// Answers `/orders/{id}` with the error of `every_order_error` at `id`.
#[utoipa::path(
    get,
    path = "/orders/{id}",
    params(("id" = u64, Path, description = "The order id")),
    responses(
        (status = 200, description = "The order", body = Order),
        Merged<(OrderError, Rejection)>,
    )
)]
async fn get_order(Path(id): Path<usize>) -> Result<Json<Order>, OrderError> {
    match every_order_error().into_iter().nth(id) {
        Some(error) => Err(error),
        None => Ok(Json(Order {
            id: id as u64,
            sku: "tea".into(),
        })),
    }
}

#[utoipa::path(
    post,
    path = "/orders",
    request_body = NewOrder,
    responses(
        (status = 201, description = "The order placed", body = Order),
        OrderError,
        AnyError,
    )
)]
async fn create_order(Json(order): Json<NewOrder>) -> Result<Json<Order>, OrderError> {
    Ok(Json(Order {
        id: 1,
        sku: order.sku,
    }))
}

#[derive(OpenApi)]
#[openapi(
    info(title = "orders", version = "1.0.0"),
    components(schemas(tool_error::Problem))
)]
struct ApiDoc;

/// The router and the document utoipa builds for it.
fn app() -> (Router, utoipa::openapi::OpenApi) {
    let (router, document) = OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(get_order))
        .routes(routes!(create_order))
        .split_for_parts();
    let router = router
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed);
    (router, document)
}

fn document_json() -> String {
    app().1.to_pretty_json().expect("the document serialises")
}

/// Each code of `catalogs` with the status its response is sent with.
fn expected_codes(catalogs: &[&'static Catalog]) -> BTreeMap<&'static str, u16> {
    catalogs
        .iter()
        .flat_map(|catalog| catalog.leaves())
        .map(|(_, entry)| (entry.code(), entry.http_status()))
        .collect()
}

/// `status -> codes` of the problem+json examples of one operation, checked on the
/// way: every response has a description, the `Problem` schema (resolved through
/// the components) and an example per code whose `code` and `status` agree.
fn documented_codes(
    spec: &oas3::Spec,
    operation: &oas3::spec::Operation,
) -> BTreeMap<String, BTreeSet<String>> {
    let mut found = BTreeMap::new();
    let responses = operation.responses.as_ref().expect("responses");
    for (status, response) in responses {
        let response = response.resolve(spec).expect("the response resolves");
        assert!(
            response
                .description
                .as_deref()
                .is_some_and(|text| !text.is_empty()),
            "{status} has no description"
        );
        let Some(media) = response.content.get("application/problem+json") else {
            continue;
        };
        let schema = media
            .schema(spec)
            .expect("the schema's $ref resolves")
            .expect("a schema");
        let oas3::spec::Schema::Object(schema) = schema else {
            panic!("the problem schema is an object schema");
        };
        let oas3::spec::ObjectOrReference::Object(schema) = *schema else {
            panic!("the reference was followed");
        };
        assert!(schema.properties.contains_key("code"));
        let codes: &mut BTreeSet<String> = found.entry(status.clone()).or_default();
        for (name, example) in media.examples(spec) {
            let value = example.value.expect("an example value");
            assert_eq!(value["code"], name.as_str());
            if status != "default" {
                assert_eq!(value["status"].to_string(), *status, "{name}");
            }
            codes.insert(name);
        }
    }
    found
}

fn parse(document: &str) -> oas3::Spec {
    let spec = oas3::from_json(document).expect("oas3 parses the document");
    let version = spec.validate_version().expect("a supported version");
    assert_eq!((version.major, version.minor), (3, 1));
    spec
}

#[test]
fn every_code_is_listed_under_its_status_as_problem_json() {
    let document = document_json();
    let spec = parse(&document);

    let get = spec
        .operation(&http::Method::GET, "/orders/{id}")
        .expect("GET /orders/{id}");
    let documented = documented_codes(&spec, get);
    let expected = expected_codes(&[OrderError::CATALOG, Rejection::CATALOG]);
    let mut listed = 0;
    for (code, status) in &expected {
        assert!(
            documented[&status.to_string()].contains(*code),
            "{code} is not under {status}: {documented:?}"
        );
        listed += 1;
    }
    // Both types' codes, overlapping statuses merged rather than replaced: the
    // rejections' 400 and 404 beside the handler's 404.
    assert_eq!(
        documented.values().map(BTreeSet::len).sum::<usize>(),
        listed
    );
    assert!(documented["404"].contains("ORDER_NOT_FOUND"));
    assert!(documented["404"].contains("ROUTE_NOT_FOUND"));
    for status in ["400", "404", "405", "413", "415"] {
        assert!(documented.contains_key(status), "rejections' {status}");
    }

    let post = spec
        .operation(&http::Method::POST, "/orders")
        .expect("POST /orders");
    let documented = documented_codes(&spec, post);
    let mut expected: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (code, status) in expected_codes(&[OrderError::CATALOG]) {
        expected
            .entry(status.to_string())
            .or_default()
            .insert(code.to_owned());
    }
    // AnyError: a default response with the schema and no examples.
    expected.insert("default".into(), BTreeSet::new());
    assert_eq!(documented, expected);
    assert_eq!(
        expected["409"],
        BTreeSet::from(["OUT_OF_STOCK".to_owned()]),
        "the transparent variant's codes"
    );
}

#[test]
fn an_example_is_the_body_as_far_as_the_catalog_knows_it() {
    let document = parse_json(&document_json());
    let responses = &document["paths"]["/orders"]["post"]["responses"];
    let example = |status: &str, code: &str| {
        responses[status]["content"]["application/problem+json"]["examples"][code].clone()
    };

    assert_eq!(
        example("404", "ORDER_NOT_FOUND"),
        json!({
            "summary": "The order id is unknown.",
            "value": {
                // A code with its own docs URL: the type, and its description as title.
                "type": "https://errors.example.com/ORDER_NOT_FOUND",
                "title": "The order id is unknown.",
                "status": 404,
                "detail": "order {id} not found",
                "code": "ORDER_NOT_FOUND",
                "kind": "NOT_FOUND",
                "recoverable": true,
                "details": {"id": "{id}"},
                "suggestions": ["List the orders with list_orders"],
                "next_calls": [{
                    "tool": "list_orders",
                    "arguments": {"limit": 20},
                    "caller_supplies": ["customer"],
                    "read_only": true
                }]
            }
        })
    );
    assert_eq!(
        example("402", "CARD_DECLINED"),
        json!({
            // The summary is the doc's first line; `detail`, the description, its
            // first paragraph whole.
            "summary": "The payment card was declined,",
            "description": "`detail` is the error's message, known at run time; shown here, the code's description.",
            "value": {
                "type": "about:blank",
                "title": "Payment Required",
                "status": 402,
                "detail": "The payment card was declined, so the customer needs another.",
                "code": "CARD_DECLINED",
                "kind": "PERMISSION",
                "recoverable": false,
                "category": "payment",
                "details": {
                    "customer": "{customer}",
                    "card_last4": "{card_last4}",
                    "card_token": "[REDACTED]"
                },
                "suggestions": ["Ask {customer} for another card"],
                "next_calls": [{
                    "tool": "update_card",
                    "arguments": {"customer": "{customer}", "note": "declined {card_last4}"},
                    "read_only": false
                }]
            }
        })
    );
    assert_eq!(
        example("500", "PROVIDER")["value"]["detail"],
        "Internal error"
    );

    let too_many = &responses["429"];
    assert_eq!(too_many["description"], "Too Many Requests: RATE_LIMITED");
    assert_eq!(
        too_many["headers"]["Retry-After"]["schema"],
        json!({"type": "integer", "minimum": 0})
    );
    assert!(responses["404"]["headers"].is_null());
    assert_eq!(
        example("429", "RATE_LIMITED")["description"],
        "`detail` is the error's message, known at run time; shown here, the code's \
         description. `retry_after` (and `Retry-After`) come from the error, at run time."
    );
}

#[test]
fn no_example_holds_a_redacted_value_or_a_masked_message() {
    let document = document_json();
    let examples: Vec<Value> = {
        let value = parse_json(&document);
        let mut examples = Vec::new();
        for path in value["paths"].as_object().unwrap().values() {
            for operation in path.as_object().unwrap().values() {
                for response in operation["responses"].as_object().unwrap().values() {
                    let media = &response["content"]["application/problem+json"];
                    if let Some(found) = media["examples"].as_object() {
                        examples.extend(found.values().cloned());
                    }
                }
            }
        }
        examples
    };
    assert!(examples.len() >= 2 * 5, "{} examples", examples.len());
    for planted in [PLANTED_MASKED, PLANTED_REDACTED] {
        assert!(!document.contains(planted), "{planted} in the document");
    }
    // Where the values would be: the marker and the mask, as a client gets them.
    let card = examples
        .iter()
        .find(|example| example["value"]["code"] == "CARD_DECLINED")
        .unwrap();
    assert_eq!(card["value"]["details"]["card_token"], "[REDACTED]");
    let provider = examples
        .iter()
        .find(|example| example["value"]["code"] == "PROVIDER")
        .unwrap();
    assert_eq!(provider["value"]["detail"], "Internal error");
    assert!(provider["value"].get("details").is_none(), "{provider}");

    // The same errors on the wire hide the same things.
    for error in every_order_error() {
        let text = tool_error::Envelope::new(&error).render(&Problem::new());
        assert!(!text.contains(PLANTED_REDACTED), "{text}");
        assert!(!text.contains(PLANTED_MASKED), "{text}");
    }

    // Unredacted or unmasked by the options, an example still holds no value: a
    // placeholder stands where the value would be.
    let revealing = Options::new().with_policy(Policy::DEFAULT.with_redaction(false));
    let responses = tool_error::utoipa::responses(&[OrderError::CATALOG], &revealing);
    let text = serde_json::to_string(&responses).unwrap();
    assert!(text.contains(r#""card_token":"{card_token}""#), "{text}");
    assert!(!text.contains(PLANTED_REDACTED));
    let verbose = Options::new().with_policy(Policy::DEFAULT.with_verbose(true));
    let responses = tool_error::utoipa::responses(&[OrderError::CATALOG], &verbose);
    let provider = &serde_json::to_value(&responses).unwrap()["500"]["content"]["application/problem+json"]
        ["examples"]["PROVIDER"];
    // Unmasked, the message is the error's own, known at run time: the example
    // shows the code's description in its place.
    assert_eq!(
        provider["value"]["detail"], "The payment provider failed.",
        "{provider}"
    );
    assert!(
        !serde_json::to_string(&responses)
            .unwrap()
            .contains(PLANTED_MASKED)
    );
}

/// What an example says is what the wire says, for every member the catalog knows.
#[test]
fn examples_agree_with_rendered_bodies() {
    let typed = Options::new().with_http(
        HttpOptions::new().with_problem(Problem::with_type_base("https://errors.example.com/")),
    );
    for options in [Options::new(), typed] {
        let responses = serde_json::to_value(tool_error::utoipa::responses(
            &[OrderError::CATALOG],
            &options,
        ))
        .unwrap();
        for error in every_order_error() {
            let response = problem_response(&error, &Context::new(), &options);
            let status = response.status().as_u16().to_string();
            let body = body_json(response);
            let example = &responses[&status]["content"]["application/problem+json"]["examples"]
                [error.code()]["value"];
            for member in [
                "type",
                "title",
                "status",
                "code",
                "kind",
                "recoverable",
                "category",
            ] {
                assert_eq!(example.get(member), body.get(member), "{member} of {body}");
            }
            let keys = |value: &Value| -> Vec<String> {
                value
                    .as_object()
                    .map(|object| object.keys().cloned().collect())
                    .unwrap_or_default()
            };
            assert_eq!(keys(&example["details"]), keys(&body["details"]), "{body}");
            assert_eq!(
                example["suggestions"].as_array().map(Vec::len),
                body["suggestions"].as_array().map(Vec::len),
                "{body}"
            );
            let detail = &example["detail"];
            let entry = error.entry().unwrap();
            match entry.message() {
                // A template's placeholders are what the body fills.
                Some(_) => assert!(detail.as_str().unwrap().contains('{')),
                // A masked message is the same fixed text; any other message is
                // known only at run time, and the example shows the description.
                None if body["detail"] == "Internal error" => {
                    assert_eq!(detail, &body["detail"])
                }
                None => assert_eq!(detail, &entry.description(), "{body}"),
            }
        }
    }
}

#[test]
fn the_problem_schema_validates_real_bodies_and_the_examples() {
    let schema = parse_json(Problem::SCHEMA);
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    let (router, document) = app();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let spec = parse(&document.to_json().unwrap());

    // Real requests: handler errors and the router's and extractors' refusals.
    let requests = [
        ("GET", "/orders/0", None, ""),
        ("GET", "/orders/1", None, ""),
        ("GET", "/orders/2", None, ""),
        ("GET", "/orders/3", None, ""),
        ("GET", "/orders/4", None, ""),
        ("GET", "/orders/x", None, ""),
        ("GET", "/nope", None, ""),
        ("DELETE", "/orders/1", None, ""),
        ("POST", "/orders", Some("text/plain"), "{}"),
        ("POST", "/orders", Some("application/json"), "{\"sku\": 5}"),
    ];
    let mut seen = BTreeSet::new();
    for (method, uri, content_type, body) in requests {
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(content_type) = content_type {
            request = request.header(header::CONTENT_TYPE, content_type);
        }
        let request = request.body(Body::from(body)).unwrap();
        let response = runtime
            .block_on(router.clone().oneshot(request))
            .expect("infallible");
        let status = response.status().as_u16();
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            "application/problem+json"
        );
        let body = runtime.block_on(async {
            let request = Request::new(response.into_body());
            parse_json(&String::from_request(request, &()).await.unwrap())
        });
        let errors: Vec<String> = validator
            .iter_errors(&body)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{body}: {errors:?}");
        let code = body["code"].as_str().unwrap().to_owned();
        // The router's own 404 and 405 belong to no operation; every other body is
        // documented on the operation that sent it, under its status.
        if uri.starts_with("/orders/") && method == "GET" {
            let operation = spec.operation(&http::Method::GET, "/orders/{id}").unwrap();
            let documented = documented_codes(&spec, operation);
            assert!(documented[&status.to_string()].contains(&code), "{code}");
        }
        seen.insert(code);
    }
    assert_eq!(
        seen,
        [
            "CARD_DECLINED",
            "INVALID_ARGUMENTS",
            "METHOD_NOT_ALLOWED",
            "ORDER_NOT_FOUND",
            "OUT_OF_STOCK",
            "PROVIDER",
            "RATE_LIMITED",
            "ROUTE_NOT_FOUND",
            "UNSUPPORTED_MEDIA_TYPE",
        ]
        .into_iter()
        .map(String::from)
        .collect()
    );

    // The examples fit the schema too, but for what only run time knows: a
    // `detail` without a template.
    let value = parse_json(&document.to_json().unwrap());
    let responses = &value["paths"]["/orders/{id}"]["get"]["responses"];
    for response in responses.as_object().unwrap().values() {
        let media = &response["content"]["application/problem+json"];
        for example in media["examples"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|e| e.1)
        {
            let mut errors: Vec<String> = validator
                .iter_errors(&example["value"])
                .map(|e| e.to_string())
                .collect();
            if example["value"].get("detail").is_none() {
                assert_eq!(errors, [r#""detail" is a required property"#]);
                errors.clear();
            }
            assert!(errors.is_empty(), "{example}: {errors:?}");
        }
    }
}

#[test]
fn the_problem_component_is_the_published_schema() {
    let document = parse_json(&document_json());
    let component = &document["components"]["schemas"]["Problem"];
    let mut published = parse_json(Problem::SCHEMA);
    let object = published.as_object_mut().unwrap();
    object.remove("$schema");
    object.remove("$id");
    assert_eq!(*component, published);
}

fn body_json(response: axum_core::response::Response) -> Value {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    runtime.block_on(async {
        let request = Request::new(response.into_body());
        parse_json(&String::from_request(request, &()).await.unwrap())
    })
}
