#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Every key at least once (each in `KEYS`: the test at the end of `run` lists
//! them), with the values they should produce.

use std::time::Duration;

use tool_error::next_call::Call;
use tool_error::{Channel, Envelope, Kind, Native, StaticCatalog, ToolError};

/// A coded error the checkout wraps as it is.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("payment gateway down")]
#[tool_error(kind = transient, integrations = false)]
struct GatewayDown;

/// Errors of the checkout service.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(
    crate = "::tool_error",
    rename_all = "SCREAMING_SNAKE_CASE",
    domain = "checkout",
    legacy_jsonrpc,
    kind = validation,
    category = "checkout_error",
    channel = result,
    docs = "https://docs.example.com/errors/",
    integrations = false,
)]
enum CheckoutError {
    /// The cart is empty.
    #[error("cart {cart} is empty")]
    #[tool_error(
        code = "CART_EMPTY",
        kind = conflict,
        category = "cart_error",
        recoverable = false,
        no_effect,
        message = "Cart '{cart}' has no items",
        suggest = "Add an item to {cart:?}",
        suggest = "Literal {{braces}}",
        jsonrpc = -31001,
        http = 422,
        channel = protocol,
        next_call(tool = "list_carts", args(limit = 5), read_only),
    )]
    Empty {
        cart: String,
        #[tool_error(skip)]
        internal_id: u64,
        #[tool_error(redact)]
        token: String,
        #[tool_error(rename = "customer_id")]
        customer: u32,
        #[tool_error(display)]
        store: std::net::Ipv4Addr,
        #[tool_error(retry_after)]
        wait: Option<Duration>,
        #[tool_error(suggestions)]
        alternatives: Vec<String>,
    },
    #[error("declined")]
    #[tool_error(recoverable)]
    Declined {
        #[tool_error(details)]
        reasons: Vec<String>,
        #[tool_error(next_calls)]
        next: Vec<Call>,
    },
    #[error(transparent)]
    #[tool_error(transparent)]
    Gateway(GatewayDown),
}

pub(crate) fn run() {
    let error = CheckoutError::Empty {
        cart: "c1".into(),
        internal_id: 9,
        token: "secret".into(),
        customer: 5,
        store: std::net::Ipv4Addr::LOCALHOST,
        wait: None,
        alternatives: vec!["Try cart c2".into()],
    };
    assert_eq!(error.code(), "CART_EMPTY");
    assert_eq!(error.kind(), Kind::Conflict);
    assert_eq!(error.category(), Some("cart_error"));
    assert!(!error.recoverable());
    assert_eq!(error.jsonrpc_code(), -31001);
    assert_eq!(error.http_status(), 422);
    assert_eq!(error.channel(), Channel::Protocol);
    assert_eq!(error.domain(), Some("checkout"));
    assert_eq!(error.retry_after(), None);
    assert!(error.no_effect());
    let entry = error.entry().unwrap();
    assert_eq!(
        entry.docs_url(),
        Some("https://docs.example.com/errors/CART_EMPTY")
    );
    assert_eq!(entry.next_calls()[0].tool(), "list_carts");
    let value = Envelope::new(&error).to_value(&Native);
    assert_eq!(value["details"]["store"], "127.0.0.1");
    let declined = CheckoutError::Declined {
        reasons: vec![],
        next: vec![Call::new("retry_payment").read_only()],
    };
    assert!(!declined.no_effect());
    assert_eq!(declined.code(), "DECLINED");
    assert_eq!(declined.category(), Some("checkout_error"));
    // No explicit `jsonrpc`: the kind's MCP default, whatever `legacy_jsonrpc` says.
    assert_eq!(declined.jsonrpc_code(), -32602);
    let value = Envelope::new(&declined).to_value(&Native);
    assert_eq!(value["next_calls"][0]["tool"], "retry_payment");
    let wrapped = CheckoutError::Gateway(GatewayDown);
    assert_eq!(wrapped.code(), "GATEWAY_DOWN");
    assert_eq!(wrapped.kind(), Kind::Transient);
    assert_eq!(
        CheckoutError::CATALOG.summary(),
        "Errors of the checkout service."
    );

    // Every key of the generated table is used above, as a key is written.
    let table = include_str!("../../../runtime/src/derive/keys.md");
    let this = include_str!("every_key.rs");
    let keys: Vec<&str> = table
        .lines()
        .filter_map(|line| line.strip_prefix("| [`")?.split('`').next())
        .collect();
    assert!(keys.len() >= 25, "the key table was not read: {keys:?}");
    for key in keys {
        let used = [
            format!("{key} ="),
            format!("{key},"),
            format!("{key})"),
            format!("{key}("),
        ]
        .iter()
        .any(|written| {
            this.contains(&format!("({written}")) || this.contains(&format!(" {written}"))
        });
        assert!(used, "every_key.rs does not use `{key}`");
    }
}
