#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Every key at least once, in one type, with the values they should produce.

use std::time::Duration;

use tool_error::{Channel, Kind, StaticCatalog, ToolError};

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
    )]
    Empty {
        cart: String,
        #[tool_error(skip)]
        internal_id: u64,
        #[tool_error(redact)]
        token: String,
        #[tool_error(rename = "customer_id")]
        customer: u32,
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
    },
}

pub(crate) fn run() {
    let error = CheckoutError::Empty {
        cart: "c1".into(),
        internal_id: 9,
        token: "secret".into(),
        customer: 5,
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
    let declined = CheckoutError::Declined { reasons: vec![] };
    assert!(!declined.no_effect());
    assert_eq!(declined.code(), "DECLINED");
    assert_eq!(declined.category(), Some("checkout_error"));
    // `checkout_error` is not in the legacy table: the kind's MCP default stays.
    assert_eq!(declined.jsonrpc_code(), -32602);
    assert_eq!(
        CheckoutError::CATALOG.summary(),
        "Errors of the checkout service."
    );
}
