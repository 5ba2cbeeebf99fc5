//! The caller's trace context (SEP-414): a client writes the W3C `traceparent`,
//! `tracestate` and `baggage` of its own span into a request's `params._meta`.
//! OpenTelemetry's MCP conventions ask the server to use the context extracted
//! from there as the parent of its span, and to link the context it would
//! otherwise have had (the connection's span, or an HTTP request's), so an
//! agent's trace goes on into the server's.

use ::rmcp::model::JsonObject;
use opentelemetry::propagation::Extractor;
use opentelemetry::trace::TraceContextExt as _;
use tracing_opentelemetry::OpenTelemetrySpanExt as _;

/// Makes the context in `meta`, extracted with the globally configured
/// propagator, the parent of `span`, and links the span's ambient parent. Nothing
/// changes when no subscriber records the span, when no propagator is installed,
/// or when `meta` holds no valid context (a missing or malformed `traceparent`).
/// Baggage rides in the parent context and is never copied into attributes.
pub(super) fn adopt(span: &tracing::Span, meta: &JsonObject) {
    if span.is_disabled() {
        return;
    }
    let parent = opentelemetry::global::get_text_map_propagator(|propagator| {
        propagator.extract(&Meta(meta))
    });
    // Only a context read from `_meta` is remote: what a propagator returns when it
    // reads nothing is the current context (the no-op one returns it whatever it is
    // given), here the connection's span, which must stay the parent.
    let span_of_parent = parent.span();
    let remote = span_of_parent.span_context();
    if !(remote.is_valid() && remote.is_remote()) {
        return;
    }
    let ambient = tracing::Span::current().context();
    let ambient = ambient.span().span_context().clone();
    if span.set_parent(parent).is_ok() && ambient.is_valid() {
        span.add_link(ambient);
    }
}

/// A request's `_meta` as a propagator reads it: its string-valued keys.
struct Meta<'a>(&'a JsonObject);

impl Extractor for Meta<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key)?.as_str()
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(String::as_str).collect()
    }
}
