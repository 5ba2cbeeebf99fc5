//! End to end over real HTTP: the document library (`http-api`) served in-process
//! on 127.0.0.1:0, spoken to over TCP in plain HTTP/1.1.
//!
//! Server and client run on one current-thread runtime inside `logs::capture`, so
//! every log event the server emits is captured, per test.

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tool_error_examples::doc_library::{self, Library, SearchQuota};
use tool_error_tests::logs::{self, Captured};
use tool_error_tests::parse_json;

/// Runs `exchange` against a fresh library with `quota`; returns its output and
/// every event logged meanwhile.
fn with_server<F, Fut, T>(quota: SearchQuota, exchange: F) -> (T, Vec<Captured>)
where
    F: FnOnce(SocketAddr) -> Fut,
    Fut: Future<Output = T>,
{
    // The options the binary installs; the first test to get here installs them.
    let _ = doc_library::options().install();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let mut output = None;
    let events = logs::capture(|| {
        output = Some(runtime.block_on(async {
            let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
            let addr = listener.local_addr().expect("a bound address");
            let server = tokio::spawn(doc_library::serve(listener, Library::sample(quota)));
            let output = exchange(addr).await;
            server.abort();
            output
        }));
    });
    (output.expect("the exchange ran"), events)
}

/// One request and its response, with the default quota.
fn one(request: Request) -> (Reply, Vec<Captured>) {
    with_server(SearchQuota::DEFAULT, |addr| request.send(addr))
}

struct Request {
    method: &'static str,
    target: String,
    headers: Vec<(&'static str, String)>,
    body: Option<String>,
}

fn get(target: &str) -> Request {
    Request {
        method: "GET",
        target: target.to_owned(),
        headers: Vec::new(),
        body: None,
    }
}

fn post_json(target: &str, body: &str) -> Request {
    Request {
        method: "POST",
        target: target.to_owned(),
        headers: vec![("Content-Type", "application/json".to_owned())],
        body: Some(body.to_owned()),
    }
}

impl Request {
    fn method(mut self, method: &'static str) -> Self {
        self.method = method;
        self
    }

    fn without_headers(mut self) -> Self {
        self.headers.clear();
        self
    }

    fn header(mut self, name: &'static str, value: &str) -> Self {
        self.headers.push((name, value.to_owned()));
        self
    }

    async fn send(self, addr: SocketAddr) -> Reply {
        let mut head = format!(
            "{} {} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n",
            self.method, self.target
        );
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        let body = self.body.unwrap_or_default();
        if !body.is_empty() || self.method == "POST" {
            head.push_str(&format!("Content-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        let mut stream = TcpStream::connect(addr).await.expect("the server accepts");
        stream
            .write_all(head.as_bytes())
            .await
            .expect("request sent");
        stream.write_all(body.as_bytes()).await.expect("body sent");
        let mut raw = Vec::new();
        tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut raw))
            .await
            .expect("the server answers within 10 s")
            .expect("the response is read");
        Reply::parse(&raw)
    }
}

/// A response as it came over the wire.
#[derive(Debug)]
struct Reply {
    status: u16,
    /// Names in lower case.
    headers: Vec<(String, String)>,
    body: String,
}

impl Reply {
    fn parse(raw: &[u8]) -> Reply {
        let text = String::from_utf8(raw.to_vec()).expect("a UTF-8 response");
        let (head, rest) = text.split_once("\r\n\r\n").expect("a header block");
        let mut lines = head.split("\r\n");
        let status_line = lines.next().expect("a status line");
        let mut parts = status_line.splitn(3, ' ');
        assert_eq!(parts.next(), Some("HTTP/1.1"), "{status_line}");
        let status = parts
            .next()
            .and_then(|code| code.parse().ok())
            .expect("a status code");
        let headers: Vec<(String, String)> = lines
            .map(|line| {
                let (name, value) = line.split_once(':').expect("name: value");
                (name.trim().to_ascii_lowercase(), value.trim().to_owned())
            })
            .collect();
        let mut reply = Reply {
            status,
            headers,
            body: String::new(),
        };
        reply.body = if reply.header("transfer-encoding") == Some("chunked") {
            dechunk(rest)
        } else {
            let length: usize = reply
                .header("content-length")
                .expect("a content-length")
                .parse()
                .expect("a number");
            assert_eq!(rest.len(), length, "the body has its declared length");
            rest.to_owned()
        };
        reply
    }

    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.as_str())
    }

    /// The body as an RFC 9457 problem document with `status`: the media type, the
    /// standard members with their types, and the members every error carries.
    #[track_caller]
    fn problem(&self, status: u16) -> Value {
        assert_eq!(self.status, status, "{}", self.body);
        assert_eq!(
            self.header("content-type"),
            Some("application/problem+json"),
            "{self:?}"
        );
        let problem = parse_json(&self.body);
        let object = problem.as_object().expect("a JSON object");
        assert_eq!(problem["status"], status);
        assert_eq!(problem["type"], "about:blank");
        for member in ["title", "detail", "code", "kind"] {
            assert!(
                object.get(member).is_some_and(Value::is_string),
                "{member} is a string in {problem}"
            );
        }
        // The clock is the log's: two identical failures read the same.
        assert_eq!(object.get("timestamp"), None, "{problem}");
        assert!(problem["recoverable"].is_boolean(), "{problem}");
        problem
    }
}

fn dechunk(mut rest: &str) -> String {
    let mut body = String::new();
    loop {
        let (size, after) = rest.split_once("\r\n").expect("a chunk size");
        let size = usize::from_str_radix(size.trim(), 16).expect("a hex chunk size");
        if size == 0 {
            return body;
        }
        body.push_str(&after[..size]);
        rest = &after[size + 2..];
    }
}

/// The events with `code` as `error.type`.
fn logged<'a>(events: &'a [Captured], code: &str) -> Vec<&'a Captured> {
    events
        .iter()
        .filter(|event| event.target == "tool_error" && event.field("error.type") == Some(code))
        .collect()
}

#[track_caller]
fn assert_logged_once(events: &[Captured], code: &str) {
    let found = logged(events, code);
    assert_eq!(found.len(), 1, "one {code} event in {events:#?}");
}

#[test]
fn a_document_is_plain_json() {
    let (reply, events) = one(get("/docs/getting-started"));
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), Some("application/json"));
    let document = parse_json(&reply.body);
    assert_eq!(document["id"], "getting-started");
    assert_eq!(document["title"], "Getting started");
    assert!(logged(&events, "DOCUMENT_NOT_FOUND").is_empty());
}

#[test]
fn an_unknown_document_is_the_handlers_own_404() {
    let (reply, events) = one(get("/docs/no-such-doc"));
    let problem = reply.problem(404);
    assert_eq!(problem["code"], "DOCUMENT_NOT_FOUND");
    assert_eq!(problem["kind"], "NOT_FOUND");
    assert_eq!(problem["detail"], "document 'no-such-doc' not found");
    assert_eq!(problem["details"], json!({ "id": "no-such-doc" }));
    assert_logged_once(&events, "DOCUMENT_NOT_FOUND");
}

#[test]
fn an_unknown_route_is_route_not_found() {
    let (reply, events) = one(get("/documents?x=1"));
    let problem = reply.problem(404);
    assert_eq!(problem["code"], "ROUTE_NOT_FOUND");
    assert_eq!(problem["kind"], "NOT_FOUND");
    assert_eq!(problem["detail"], "no route for GET /documents");
    assert_eq!(
        problem["details"],
        json!({ "method": "GET", "path": "/documents" })
    );
    assert_logged_once(&events, "ROUTE_NOT_FOUND");
}

#[test]
fn a_wrong_method_is_405_with_the_allowed_ones() {
    let (replies, events) = with_server(SearchQuota::DEFAULT, |addr| async move {
        (
            get("/docs/getting-started")
                .method("DELETE")
                .send(addr)
                .await,
            post_json("/search", "{}").send(addr).await,
            get("/docs").send(addr).await,
        )
    });
    let (delete, post, get_docs) = replies;

    let problem = delete.problem(405);
    assert_eq!(problem["code"], "METHOD_NOT_ALLOWED");
    assert_eq!(problem["kind"], "VALIDATION");
    assert_eq!(
        problem["details"],
        json!({ "method": "DELETE", "path": "/docs/getting-started" })
    );
    assert_eq!(delete.header("allow"), Some("GET,HEAD"));

    assert_eq!(post.problem(405)["code"], "METHOD_NOT_ALLOWED");
    assert_eq!(post.header("allow"), Some("GET,HEAD"));
    assert_eq!(get_docs.problem(405)["details"]["method"], "GET");
    assert_eq!(get_docs.header("allow"), Some("POST"));
    assert_eq!(logged(&events, "METHOD_NOT_ALLOWED").len(), 3);
}

#[test]
fn a_body_that_is_not_json_is_a_syntax_violation() {
    let (reply, events) = one(post_json("/docs", r#"{"id": "x", "title": "#));
    let problem = reply.problem(400);
    assert_eq!(problem["code"], "INVALID_ARGUMENTS");
    assert_eq!(problem["kind"], "VALIDATION");
    let violation = &problem["details"]["violations"][0];
    assert_eq!(violation["field"], "");
    assert_eq!(violation["violation"], "syntax");
    assert_eq!(violation["expected"], "valid JSON");
    assert_eq!(
        violation["actual"],
        "EOF while parsing a value at line 1 column 21"
    );
    assert_logged_once(&events, "INVALID_ARGUMENTS");
}

#[test]
fn a_field_of_the_wrong_type_is_named_by_its_path() {
    let body = r#"{"id": "notes", "title": "Notes", "body": "b", "tags": ["x", 7]}"#;
    let (reply, _) = one(post_json("/docs", body));
    let problem = reply.problem(400);
    assert_eq!(problem["code"], "INVALID_ARGUMENTS");
    assert_eq!(problem["detail"], "'tags[1]' has the wrong type");
    assert_eq!(
        problem["details"]["violations"],
        json!([{
            "field": "tags[1]",
            "violation": "wrong_type",
            "expected": "a string",
            "actual": "number"
        }])
    );
    assert!(problem.get("suggestions").is_none(), "{problem}");
}

#[test]
fn a_missing_field_is_named() {
    let (reply, _) = one(post_json("/docs", r#"{"id": "notes", "body": "b"}"#));
    let problem = reply.problem(400);
    assert_eq!(problem["code"], "INVALID_ARGUMENTS");
    assert_eq!(problem["detail"], "'title' is required");
    assert_eq!(
        problem["details"]["violations"],
        json!([{
            "field": "title",
            "violation": "missing",
            "expected": "a value"
        }])
    );
    assert!(problem.get("suggestions").is_none(), "{problem}");
}

#[test]
fn a_body_that_is_not_declared_json_is_415() {
    let body = r#"{"id": "notes", "title": "Notes", "body": "b"}"#;
    let ((text, none), events) = with_server(SearchQuota::DEFAULT, |addr| async move {
        (
            post_json("/docs", body)
                .without_headers()
                .header("Content-Type", "text/plain; charset=utf-8")
                .send(addr)
                .await,
            post_json("/docs", body).without_headers().send(addr).await,
        )
    });
    let problem = text.problem(415);
    assert_eq!(problem["code"], "UNSUPPORTED_MEDIA_TYPE");
    assert_eq!(problem["kind"], "VALIDATION");
    assert_eq!(
        problem["details"],
        json!({ "expected": "application/json", "actual": "text/plain; charset=utf-8" })
    );
    assert_eq!(
        problem["suggestions"],
        json!(["Send the body with the header Content-Type: application/json"])
    );
    let problem = none.problem(415);
    assert_eq!(
        problem["detail"],
        "expected a body with Content-Type application/json, got no Content-Type"
    );
    assert_eq!(problem["details"]["actual"], Value::Null);
    assert_eq!(logged(&events, "UNSUPPORTED_MEDIA_TYPE").len(), 2);
}

#[test]
fn a_valid_document_is_created_once() {
    let body = r#"{"id": "notes", "title": "Notes", "body": "three small words", "tags": ["x"]}"#;
    let ((created, again, read), events) = with_server(SearchQuota::DEFAULT, |addr| async move {
        (
            post_json("/docs", body).send(addr).await,
            post_json("/docs", body).send(addr).await,
            get("/docs/notes").send(addr).await,
        )
    });
    assert_eq!(created.status, 201, "{}", created.body);
    assert_eq!(created.header("location"), Some("/docs/notes"));
    assert_eq!(parse_json(&created.body)["words"], 3);
    let problem = again.problem(409);
    assert_eq!(problem["code"], "DOCUMENT_EXISTS");
    assert_eq!(problem["kind"], "CONFLICT");
    assert_eq!(read.status, 200);
    assert_logged_once(&events, "DOCUMENT_EXISTS");
}

#[test]
fn the_librarys_own_rules_report_every_bad_field() {
    let (reply, _) = one(post_json(
        "/docs",
        r#"{"id": "Not A Slug", "title": "  ", "body": ""}"#,
    ));
    let problem = reply.problem(400);
    assert_eq!(problem["code"], "INVALID_ARGUMENTS");
    let fields: Vec<&Value> = problem["details"]["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|violation| &violation["field"])
        .collect();
    assert_eq!(fields, ["id", "title"]);
}

#[test]
fn query_parameters_are_named_when_missing_or_bad() {
    let ((missing, text, range, unknown), _) =
        with_server(SearchQuota::DEFAULT, |addr| async move {
            (
                get("/search").send(addr).await,
                get("/search?q=rate&limit=ten").send(addr).await,
                get("/search?q=rate&limit=50").send(addr).await,
                get("/search?q=rate&sort=asc").send(addr).await,
            )
        });
    let problem = missing.problem(400);
    assert_eq!(problem["detail"], "'q' is required");
    assert_eq!(problem["details"]["violations"][0]["violation"], "missing");

    let violation = &text.problem(400)["details"]["violations"][0];
    assert_eq!(violation["field"], "limit");
    assert_eq!(violation["violation"], "invalid_value");
    assert_eq!(violation["expected"], "a non-negative integer");
    assert_eq!(violation["actual"], "\"ten\"");

    // Deserialises, then breaks the library's own range.
    let violation = &range.problem(400)["details"]["violations"][0];
    assert_eq!(violation["expected"], "an integer from 1 to 20");
    assert_eq!(violation["actual"], "50");

    let violation = &unknown.problem(400)["details"]["violations"][0];
    assert_eq!(violation["field"], "sort");
    assert_eq!(violation["violation"], "unknown_field");
    assert_eq!(violation["expected"], "one of: q, limit");
}

#[test]
fn search_finds_documents_by_words() {
    let (reply, _) = one(get("/search?q=Rate+limits&limit=5"));
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.header("content-type"), Some("application/json"));
    assert_eq!(
        parse_json(&reply.body),
        json!({
            "query": "Rate limits",
            "count": 1,
            "results": [{ "id": "rate-limits", "title": "Rate limits" }]
        })
    );
}

#[test]
fn the_broken_document_is_a_masked_500_whose_cause_is_logged() {
    let (reply, events) = one(get("/docs/broken"));
    let problem = reply.problem(500);
    assert_eq!(problem["code"], "RENDER_FAILED");
    assert_eq!(problem["kind"], "INTERNAL");
    assert_eq!(problem["recoverable"], false);
    assert_eq!(problem["detail"], "Internal error");
    assert!(!reply.body.contains("checksum"), "{}", reply.body);
    assert!(!reply.body.contains("could not render"), "{}", reply.body);

    let logged = logged(&events, "RENDER_FAILED");
    assert_eq!(logged.len(), 1, "{events:#?}");
    let event = logged[0];
    assert_eq!(event.level, tracing::Level::ERROR);
    assert_eq!(event.field("masked"), Some("true"));
    assert_eq!(
        event.field("message"),
        Some("could not render document 'broken'")
    );
    let cause = event
        .field("exception.message")
        .expect("the cause is logged");
    assert!(cause.starts_with("checksum mismatch: stored "), "{cause}");
}

#[test]
fn searches_over_the_quota_are_429_with_retry_after() {
    let quota = SearchQuota {
        limit: 2,
        window: Duration::from_secs(60),
    };
    let (replies, events) = with_server(quota, |addr| async move {
        let mut replies = Vec::new();
        for _ in 0..3 {
            replies.push(get("/search?q=guide").send(addr).await);
        }
        replies
    });
    assert_eq!(replies[0].status, 200);
    assert_eq!(replies[1].status, 200);
    let refused = &replies[2];
    let problem = refused.problem(429);
    assert_eq!(problem["code"], "SEARCH_RATE_LIMITED");
    assert_eq!(problem["kind"], "TRANSIENT");
    assert_eq!(problem["recoverable"], true);
    assert_eq!(problem["title"], "Too Many Requests");
    assert_eq!(problem["detail"], "at most 2 searches per 60 seconds");
    let header: u64 = refused
        .header("retry-after")
        .expect("a Retry-After header")
        .parse()
        .expect("whole seconds");
    assert!((1..=60).contains(&header), "{header}");
    assert_eq!(problem["retry_after"], header);
    // A GET may be repeated unchanged.
    assert_eq!(problem["retry"], "safe");
    let event = logged(&events, "SEARCH_RATE_LIMITED");
    assert_eq!(event.len(), 1);
    assert_eq!(event[0].level, tracing::Level::WARN);
}
