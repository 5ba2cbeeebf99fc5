//! interbase's `toolerror` contract ("ToolError — Structured MCP Error Contract"):
//! the wire examples and the JSON Schema of its "Wire Format", the two mapping tables
//! of its "Adoption Guide" ("Mapping HTTP status codes", "Mapping connection
//! errors") and the pattern of its "Agent-Side Parsing".

use std::io;
use std::time::Duration;

use serde_json::{Value, json};
use tool_error::client::{NextAction, Parsed};
use tool_error::{Envelope, Kind, Limits, Policy, ToolError};
use tool_error_examples::interbase::{
    self, AgentStep, Conflict, InterlockError, MAX_TRANSIENT_ATTEMPTS, UpstreamError, Wire,
    on_tool_error, type_for_connection_error, type_for_http_status,
};
use tool_error_tests::parse_json;

fn validator() -> jsonschema::Validator {
    let schema = parse_json(interbase::SCHEMA);
    jsonschema::draft202012::new(&schema).expect("the documented schema compiles")
}

#[track_caller]
fn assert_valid(validator: &jsonschema::Validator, output: &Value) {
    let errors: Vec<String> = validator
        .iter_errors(output)
        .map(|e| e.to_string())
        .collect();
    assert!(
        errors.is_empty(),
        "{output} violates the documented schema: {errors:?}"
    );
}

/// The three examples of the contract's "Wire Format" section, copied.
fn documented_examples() -> [Value; 3] {
    [
        json!({
            "type": "NOT_FOUND",
            "message": "agent \"fd-safety\" not registered",
            "recoverable": false
        }),
        json!({
            "type": "CONFLICT",
            "message": "reservation conflict: 2 conflicts",
            "recoverable": true,
            "data": {
                "conflicts": [
                    {"agent_id": "agent-2", "pattern": "src/*.go", "held_by": "agent-2"}
                ]
            }
        }),
        json!({
            "type": "TRANSIENT",
            "message": "rate limited",
            "recoverable": true,
            "data": {
                "retry_after": 30
            }
        }),
    ]
}

/// Example 2 says "2 conflicts" but lists one. We read the count in the message as
/// the coordinator's total and the list as what it chose to send, so the variant
/// keeps both (`total: 2`, one `Conflict`) and reproduces the example as written.
#[test]
fn the_three_wire_examples_are_reproduced_exactly() {
    let ours = interbase::wire_examples();
    for (error, expected) in ours.iter().zip(documented_examples()) {
        assert_eq!(interbase::wire(error), expected);
        // The text an agent receives is that same JSON.
        let text = parse_json(&interbase::wire_text(error));
        assert_eq!(text, expected);
    }
}

#[test]
fn the_examples_travel_as_the_text_of_an_mcp_error_result() {
    for (error, expected) in interbase::wire_examples().iter().zip(documented_examples()) {
        let result = interbase::tool_result(error);
        assert_eq!(result["isError"], true);
        assert_eq!(result["content"][0]["type"], "text");
        let text = result["content"][0]["text"].as_str().unwrap();
        assert_eq!(parse_json(text), expected);
        assert!(result.get("structuredContent").is_none());
    }
}

#[test]
fn the_schema_validator_is_strict_about_extra_keys() {
    // A control: without it, a validator that accepts everything would pass the
    // checks below.
    let validator = validator();
    let extra = json!({"type": "INTERNAL", "message": "x", "recoverable": false, "code": "X"});
    assert!(!validator.is_valid(&extra));
    let bad_type = json!({"type": "FATAL", "message": "x", "recoverable": false});
    assert!(!validator.is_valid(&bad_type));
    let data_not_object =
        json!({"type": "INTERNAL", "message": "x", "recoverable": false, "data": 3});
    assert!(!validator.is_valid(&data_not_object));
}

fn every_output() -> Vec<Value> {
    let mut outputs: Vec<Value> = interbase::samples().into_iter().map(|s| s.output).collect();
    outputs.extend(
        interbase::wire_examples()
            .iter()
            .map(|e| interbase::wire(e)),
    );
    for status in [400, 401, 404, 409, 418, 429, 500, 503, 302, 0, u16::MAX] {
        let error = UpstreamError::status("check conflicts", "intermute", status, "boom");
        outputs.push(interbase::wire(&error));
        outputs.push(interbase::wire(&error.with_retry_after(7)));
    }
    for kind in [
        io::ErrorKind::ConnectionRefused,
        io::ErrorKind::TimedOut,
        io::ErrorKind::NotFound,
    ] {
        let error = UpstreamError::connection("reserve", "intermute", io::Error::from(kind));
        outputs.push(interbase::wire(&error));
    }
    outputs
}

#[test]
fn every_interbase_output_matches_the_documented_schema() {
    let validator = validator();
    let outputs = every_output();
    assert!(outputs.len() > 30);
    for output in &outputs {
        assert_valid(&validator, output);
    }
}

#[test]
fn hostile_values_and_size_limits_still_match_the_schema() {
    let validator = validator();
    let huge = "x".repeat(200_000);
    let conflicts: Vec<Conflict> = (0..5_000)
        .map(|i| Conflict {
            agent_id: format!("agent-{i}"),
            pattern: "\"\\\u{0}\u{7f}{}".to_owned(),
            held_by: if i == 0 {
                huge.clone()
            } else {
                "y".repeat(1_000)
            },
        })
        .collect();
    let errors: Vec<Box<dyn ToolError>> = vec![
        Box::new(InterlockError::AgentNotRegistered {
            agent: huge.clone(),
        }),
        Box::new(InterlockError::ReservationConflict {
            total: usize::MAX,
            conflicts,
        }),
        Box::new(InterlockError::InvalidPattern {
            pattern: huge.clone(),
            reason: "\u{2028}\u{fffd}".into(),
        }),
        Box::new(InterlockError::RateLimited {
            retry_after: u64::MAX,
        }),
    ];
    let tight = Policy::DEFAULT.with_limits(Limits::DEFAULT.with_max_envelope_bytes(512));
    for error in &errors {
        for policy in [&Policy::DEFAULT, &tight] {
            let text = Envelope::new(error.as_ref())
                .with_policy(policy)
                .render(&Wire);
            let value = parse_json(&text);
            assert_valid(&validator, &value);
            assert!(
                text.len() <= policy.limits.max_envelope_bytes,
                "{}",
                text.len()
            );
        }
    }
}

/// The contract's table ("Mapping HTTP status codes"), row by row, then its last row
/// ("Other 4xx: VALIDATION or INTERNAL (case by case)") as the project reads it.
///
/// A reading the project chose: the table names the two types but not the cases. We
/// decide them by who can fix the request. A 4xx about the server's own side of the
/// exchange (credentials, method, headers, negotiation, protocol) is INTERNAL: no
/// change to the agent's input helps. Any other 4xx is about what the agent asked
/// for and is VALIDATION. No other 4xx gets a type outside those two, even where
/// another type would be tempting (401, 408, 410, 412). A status outside the table
/// altogether (not 4xx or 5xx) is INTERNAL, the contract's fallback for what it
/// cannot classify.
#[test]
fn the_http_status_table_row_by_row() {
    // | 400, 422 | VALIDATION |
    assert_eq!(type_for_http_status(400), Kind::Validation);
    assert_eq!(type_for_http_status(422), Kind::Validation);
    // | 403 | PERMISSION |
    assert_eq!(type_for_http_status(403), Kind::Permission);
    // | 404 | NOT_FOUND |
    assert_eq!(type_for_http_status(404), Kind::NotFound);
    // | 409 | CONFLICT |
    assert_eq!(type_for_http_status(409), Kind::Conflict);
    // | 429, 5xx | TRANSIENT |
    assert_eq!(type_for_http_status(429), Kind::Transient);
    for status in 500..=599 {
        assert_eq!(type_for_http_status(status), Kind::Transient, "{status}");
    }
    // | Other 4xx | VALIDATION or INTERNAL (case by case) |
    let internal = [
        401, 402, 405, 406, 407, 408, 411, 415, 417, 421, 425, 426, 428, 431,
    ];
    assert_eq!(interbase::INTERNAL_4XX, internal);
    for status in (400..=499).filter(|s| ![400, 403, 404, 409, 422, 429].contains(s)) {
        let expected = if internal.contains(&status) {
            Kind::Internal
        } else {
            Kind::Validation
        };
        assert_eq!(type_for_http_status(status), expected, "{status}");
    }
    for status in [410, 412, 413, 414, 416, 418, 423, 451, 499] {
        assert_eq!(type_for_http_status(status), Kind::Validation, "{status}");
    }
    // Not an error status at all: nothing an agent can do.
    for status in [0, 100, 200, 204, 302, 399, 600, u16::MAX] {
        assert_eq!(type_for_http_status(status), Kind::Internal, "{status}");
    }
}

#[test]
fn network_failures_are_transient() {
    // "connection refused, timeout, DNS" and their relatives.
    for kind in [
        io::ErrorKind::ConnectionRefused,
        io::ErrorKind::ConnectionReset,
        io::ErrorKind::ConnectionAborted,
        io::ErrorKind::NotConnected,
        io::ErrorKind::TimedOut,
        io::ErrorKind::BrokenPipe,
        io::ErrorKind::HostUnreachable,
        io::ErrorKind::NetworkUnreachable,
    ] {
        assert_eq!(
            type_for_connection_error(&io::Error::from(kind)),
            Some(Kind::Transient),
            "{kind:?}"
        );
    }
    // A real failed name lookup, as the standard library reports it (no network
    // needed: `.invalid` never resolves).
    use std::net::ToSocketAddrs;
    let dns = "no-such-host.invalid:80"
        .to_socket_addrs()
        .expect_err(".invalid must not resolve");
    assert_eq!(
        type_for_connection_error(&dns),
        Some(Kind::Transient),
        "{dns}"
    );
    // Not about the network.
    for kind in [
        io::ErrorKind::NotFound,
        io::ErrorKind::PermissionDenied,
        io::ErrorKind::InvalidData,
    ] {
        assert_eq!(type_for_connection_error(&io::Error::from(kind)), None);
    }
}

/// "Mapping connection errors" says "DNS" failures are TRANSIENT without saying how
/// one is told; a lookup failure has no `io::ErrorKind`, so its text decides. These
/// are the ways resolvers and clients word it.
#[test]
fn dns_failures_are_recognised_in_every_wording() {
    for text in [
        // Rust's standard library, over glibc, macOS and Windows.
        "failed to lookup address information: Name or service not known",
        "failed to lookup address information: Temporary failure in name resolution",
        "failed to lookup address information: nodename nor servname provided, or not known",
        "No such host is known. (os error 11001)",
        // The C resolver alone.
        "Non-recoverable failure in name resolution",
        "No address associated with hostname",
        // Go's resolver.
        "dial tcp: lookup intermute.internal: no such host",
        "dial tcp: lookup intermute.internal on 10.0.0.2:53: server misbehaving",
        // Node.
        "getaddrinfo ENOTFOUND intermute.internal",
        "getaddrinfo EAI_AGAIN intermute.internal",
        "Error: ENOTFOUND",
        "EAI_AGAIN",
        // curl and Rust HTTP clients.
        "Could not resolve host: intermute.internal",
        "Couldn't resolve host name",
        "error sending request: dns error: task failed",
        "DNS lookup timed out",
    ] {
        let error = io::Error::other(text);
        assert!(interbase::is_dns_failure(&error), "{text}");
        assert_eq!(
            type_for_connection_error(&error),
            Some(Kind::Transient),
            "{text}"
        );
    }
    // Found in a cause too.
    #[derive(Debug)]
    struct Wrapped(io::Error);
    impl std::fmt::Display for Wrapped {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("reserving files")
        }
    }
    impl std::error::Error for Wrapped {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }
    let wrapped = io::Error::other(Wrapped(io::Error::other("getaddrinfo ENOTFOUND x")));
    assert_eq!(type_for_connection_error(&wrapped), Some(Kind::Transient));
    // Texts that only look alike.
    for text in [
        "entity not found",
        "file /etc/dnsmasq.conf not found",
        "no such file or directory",
        "resolved 3 hosts",
        "permission denied",
    ] {
        let error = io::Error::other(text);
        assert!(!interbase::is_dns_failure(&error), "{text}");
        assert_eq!(type_for_connection_error(&error), None, "{text}");
    }
}

#[test]
fn wrapped_http_failures_render_through_the_tables() {
    // The "Before" text of the "Adoption Guide" becomes the message of a structured
    // error.
    let error = UpstreamError::status("check conflicts", "intermute", 500, "internal error");
    assert_eq!(
        interbase::wire(&error),
        json!({
            "type": "TRANSIENT",
            "message": "check conflicts: intermute 500: internal error",
            "recoverable": true,
            "data": {"service": "intermute", "status": 500}
        })
    );
    let limited =
        UpstreamError::status("reserve", "intermute", 429, "slow down").with_retry_after(30);
    assert_eq!(interbase::wire(&limited)["data"]["retry_after"], 30);
    let missing = UpstreamError::status("release", "intermute", 404, "no such reservation");
    assert_eq!(interbase::wire(&missing)["type"], "NOT_FOUND");
    assert_eq!(interbase::wire(&missing)["recoverable"], false);
    let refused = UpstreamError::connection(
        "reserve",
        "intermute",
        io::Error::from(io::ErrorKind::ConnectionRefused),
    );
    assert_eq!(interbase::wire(&refused)["type"], "TRANSIENT");
    assert_eq!(
        interbase::wire(&refused)["data"],
        json!({"service": "intermute"})
    );
    // An I/O error that is not about the connection is INTERNAL: message masked.
    let odd = UpstreamError::connection("reserve", "intermute", io::Error::other("secret path"));
    assert_eq!(interbase::wire(&odd)["type"], "INTERNAL");
    assert_eq!(interbase::wire(&odd)["message"], "Internal error");
}

#[test]
fn the_six_types_cover_every_kind() {
    let kinds: Vec<Value> = interbase::samples()
        .iter()
        .map(|s| s.output["type"].clone())
        .collect();
    for kind in Kind::ALL {
        assert!(
            kinds.contains(&json!(kind.as_str())),
            "{kind} has no sample"
        );
    }
}

#[test]
fn the_internal_error_keeps_its_cause_out_of_the_wire() {
    let error = InterlockError::Store {
        source: io::Error::other("/var/lib/interlock/db: disk full"),
    };
    let wire = interbase::wire(&error);
    assert_eq!(wire["message"], "reservation store unavailable");
    assert_eq!(wire["recoverable"], false);
    assert!(!wire.to_string().contains("disk full"));
}

const BACKOFF: Duration = Duration::from_secs(2);

#[test]
fn the_agent_pattern_on_the_documented_examples() {
    let [not_found, conflict, transient] = interbase::wire_examples();
    assert_eq!(
        on_tool_error(&interbase::wire_text(&not_found), BACKOFF),
        AgentStep::SkipResource
    );
    assert_eq!(
        on_tool_error(&interbase::wire_text(&conflict), BACKOFF),
        AgentStep::Negotiate {
            holders: vec!["agent-2".into()]
        }
    );
    assert_eq!(
        on_tool_error(&interbase::wire_text(&transient), BACKOFF),
        AgentStep::Retry {
            delay: Duration::from_secs(30),
            max_attempts: MAX_TRANSIENT_ATTEMPTS
        }
    );
    assert_eq!(MAX_TRANSIENT_ATTEMPTS, 3);
}

#[test]
fn the_agent_pattern_branch_by_branch() {
    let step = |text: &str| on_tool_error(text, BACKOFF);
    // TRANSIENT without retry_after: the agent's own backoff.
    assert_eq!(
        step(r#"{"type":"TRANSIENT","message":"busy","recoverable":true}"#),
        AgentStep::Retry {
            delay: BACKOFF,
            max_attempts: 3
        }
    );
    assert_eq!(
        step(r#"{"type":"VALIDATION","message":"bad glob","recoverable":true}"#),
        AgentStep::FixInputAndRetryOnce {
            message: "bad glob".into()
        }
    );
    // CONFLICT without conflicts: wait and retry.
    assert_eq!(
        step(r#"{"type":"CONFLICT","message":"locked","recoverable":true}"#),
        AgentStep::WaitAndRetry { delay: BACKOFF }
    );
    assert_eq!(
        step(
            r#"{"type":"CONFLICT","message":"locked","recoverable":true,"data":{"retry_after":5}}"#
        ),
        AgentStep::WaitAndRetry {
            delay: Duration::from_secs(5)
        }
    );
    // Holders in order, without repeats; agent_id when held_by is missing.
    assert_eq!(
        step(
            r#"{"type":"CONFLICT","message":"c","recoverable":true,"data":{"conflicts":[
                {"held_by":"b"},{"agent_id":"a"},{"held_by":"b"},{"pattern":"x"}]}}"#
        ),
        AgentStep::Negotiate {
            holders: vec!["b".into(), "a".into()]
        }
    );
    assert_eq!(
        step(r#"{"type":"PERMISSION","message":"no","recoverable":false}"#),
        AgentStep::Escalate
    );
    assert_eq!(
        step(r#"{"type":"INTERNAL","message":"oops","recoverable":false}"#),
        AgentStep::GiveUp { legacy: false }
    );
    // Step 3 of "Agent-Side Parsing": `recoverable: false` vetoes a retry.
    assert_eq!(
        step(r#"{"type":"TRANSIENT","message":"gone for good","recoverable":false}"#),
        AgentStep::GiveUp { legacy: false }
    );
}

#[test]
fn legacy_texts_fall_back_to_give_up() {
    for text in [
        "check conflicts: intermute 500: internal error",
        "",
        "{not json",
        r#"{"message":"no type"}"#,
        r#"{"type":"EXPLODED","message":"unknown type","recoverable":true}"#,
        "[1,2,3]",
        &"[".repeat(10_000),
    ] {
        assert!(
            matches!(interbase::parse(text), Parsed::Legacy(_)),
            "{text:.40}"
        );
        assert_eq!(
            on_tool_error(text, BACKOFF),
            AgentStep::GiveUp { legacy: true }
        );
    }
}

#[test]
fn the_agent_pattern_agrees_with_the_runtimes_next_action() {
    // Where the contract and `NextAction` differ (a CONFLICT listing no holders: the
    // contract waits and retries, `NextAction` works around), the contract's pattern
    // wins.
    for sample in interbase::samples() {
        let text = sample.output.to_string();
        let ours = on_tool_error(&text, BACKOFF).next_action();
        let runtime = interbase::parse(&text).next_action();
        match ours {
            NextAction::Retry { .. } => assert!(matches!(runtime, NextAction::Retry { .. })),
            other => assert_eq!(other, runtime, "{}", sample.title),
        }
    }
    let bare_conflict = r#"{"type":"CONFLICT","message":"locked","recoverable":true}"#;
    assert_eq!(
        interbase::parse(bare_conflict).next_action(),
        NextAction::WorkAround
    );
    assert!(matches!(
        on_tool_error(bare_conflict, BACKOFF).next_action(),
        NextAction::Retry { .. }
    ));
}

#[test]
fn the_agent_reads_the_text_of_our_error_results_back_whole() {
    // The text of the MCP tool result, as the agent receives it.
    let [_, conflict, _] = interbase::wire_examples();
    let result = interbase::tool_result(&conflict);
    let text = result["content"][0]["text"].as_str().expect("a text item");
    let parsed = interbase::parse(text);
    let envelope = parsed.envelope().expect("structured");
    assert_eq!(envelope.kind, Kind::Conflict);
    assert_eq!(envelope.message, "reservation conflict: 2 conflicts");
    assert!(envelope.recoverable);
    assert_eq!(
        envelope.details.as_ref().unwrap()["conflicts"][0]["held_by"],
        "agent-2"
    );
}
