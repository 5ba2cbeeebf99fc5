//! `#[tool_error(display)]`: a field whose type has no `Serialize` (an HTTP status,
//! an address) is a detail written as its `Display` text, with `rename`, `redact`,
//! `Option` and the limits working on it as on any detail.

use std::net::{IpAddr, Ipv4Addr};

use http::StatusCode;
use tool_error::{Envelope, Limits, Policy, StaticCatalog, ToolError};

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(kind = transient)]
pub enum UpstreamError {
    #[error("the tracker answered {status}")]
    Answered {
        #[tool_error(display)]
        status: StatusCode,
        #[tool_error(display)]
        retried_with: Option<StatusCode>,
        #[tool_error(display, redact)]
        host: IpAddr,
    },

    #[error("the tracker answered {0}")]
    Tuple(#[tool_error(display, rename = "status")] StatusCode),
}

fn answered(retried_with: Option<StatusCode>) -> UpstreamError {
    UpstreamError::Answered {
        status: StatusCode::SERVICE_UNAVAILABLE,
        retried_with,
        host: IpAddr::V4(Ipv4Addr::new(10, 1, 2, 3)),
    }
}

#[test]
fn a_status_code_is_a_detail_through_its_display_text() {
    let json = Envelope::new(&answered(Some(StatusCode::TOO_MANY_REQUESTS))).to_json();
    assert!(
        json.contains(r#""details":{"status":"503 Service Unavailable","retried_with":"429 Too Many Requests","host":"[REDACTED]"}"#),
        "{json}"
    );
    assert!(!json.contains("10.1.2.3"), "{json}");

    let json = Envelope::new(&answered(None)).to_json();
    assert!(
        json.contains(r#""details":{"status":"503 Service Unavailable","host":"[REDACTED]"}"#),
        "{json}"
    );

    let json = Envelope::new(&UpstreamError::Tuple(StatusCode::NOT_FOUND)).to_json();
    assert!(
        json.contains(r#""details":{"status":"404 Not Found"}"#),
        "{json}"
    );
}

#[test]
fn a_display_detail_is_cut_and_unredacted_like_any_other() {
    let policy = Policy::DEFAULT
        .with_redaction(false)
        .with_limits(Limits::DEFAULT.with_max_string_chars(6));
    let json = Envelope::new(&answered(None))
        .with_policy(&policy)
        .to_json();
    assert!(
        json.contains(r#""details":{"status":"503 Se…[truncated]","host":"10.1.2…[truncated]"}"#),
        "{json}"
    );
}

#[test]
fn the_catalog_lists_display_fields_as_details() {
    let entry = UpstreamError::CATALOG.find("ANSWERED").unwrap();
    let fields: Vec<(&str, bool)> = entry
        .fields()
        .iter()
        .map(|field| (field.name(), field.is_redacted()))
        .collect();
    assert_eq!(
        fields,
        [("status", false), ("retried_with", false), ("host", true)]
    );
    assert_eq!(answered(None).code(), "ANSWERED");
}

tool_error::crate_catalog!(static DISPLAY_CODES = [UpstreamError], name = "display");
