//! The scope that carries a tool call's name, request id, options and declaration
//! to every conversion while the call runs.

use std::borrow::Cow;
use std::cell::Cell;
use std::sync::Arc;
use std::thread::LocalKey;

use ::rmcp::model::{CallToolResponse, JsonObject, NumberOrString, Tool};

use super::served::ServedTools;
use crate::integrations::call_scope::{self, Slot};
use crate::{Context, Options, RequestId};

/// What a scope carries.
pub(super) struct Scope {
    pub(super) options: Options,
    pub(super) tool: Option<Cow<'static, str>>,
    pub(super) request_id: Option<NumberOrString>,
    /// The tool's declaration, when the router knows the tool.
    pub(super) tool_declaration: Option<Declaration>,
    /// The call's span (see [`Router::call`](super::Router::call)); disabled
    /// outside the router.
    pub(super) span: tracing::Span,
    /// The envelope result of arguments [`Parameters`](super::Parameters) failed to
    /// read, which replaces the plain-text result rmcp's router makes of the
    /// extractor's error.
    pub(super) argument_failure: Option<Box<CallToolResponse>>,
}

/// What a tool's declaration tells its errors.
pub(super) struct Declaration {
    /// Whether it declares an `outputSchema`.
    pub(super) has_output_schema: bool,
    /// Whether the router checks the call's arguments against the input schema, so
    /// an argument error may state every rule of it.
    pub(super) checked: bool,
    /// Whether a call may be repeated unchanged: `readOnlyHint` or `idempotentHint`
    /// is true (MCP's defaults for both are false).
    pub(super) idempotent: bool,
    /// Its input schema, which argument errors describe their fields from.
    pub(super) input_schema: Arc<JsonObject>,
    /// Every tool the server serves, which next calls are checked against.
    pub(super) served: Arc<ServedTools>,
}

impl Declaration {
    pub(super) fn of(tool: &Tool, checked: bool, served: Arc<ServedTools>) -> Self {
        let hints = tool.annotations.as_ref();
        let hint = |hint: Option<bool>| hint == Some(true);
        Declaration {
            has_output_schema: tool.output_schema.is_some(),
            checked,
            idempotent: hints
                .is_some_and(|hints| hint(hints.read_only_hint) || hint(hints.idempotent_hint)),
            input_schema: tool.input_schema.clone(),
            served,
        }
    }
}

impl Scope {
    pub(super) fn new(
        options: Options,
        tool: Option<Cow<'static, str>>,
        request_id: Option<NumberOrString>,
        tool_declaration: Option<Declaration>,
        span: tracing::Span,
    ) -> Self {
        Scope {
            options,
            tool,
            request_id,
            tool_declaration,
            span,
            argument_failure: None,
        }
    }

    /// The call's context: its tool, request id and whether it is idempotent (a tool
    /// the router does not know is not).
    pub(super) fn context(&self) -> Context<'_> {
        let mut context = self.options.context();
        if let Some(tool) = &self.tool {
            context = context.with_tool(tool);
        }
        if let Some(request_id) = &self.request_id {
            context = context.with_request_id(request_id_of(request_id));
        }
        let declared = self.tool_declaration.as_ref();
        if let Some(declared) = declared {
            context.served = Some(&*declared.served);
        }
        context.with_idempotent(declared.is_some_and(|declared| declared.idempotent))
    }

    /// Whether the tool declares an `outputSchema`, when the router knows the tool.
    pub(super) fn has_output_schema(&self) -> Option<bool> {
        self.tool_declaration
            .as_ref()
            .map(|declared| declared.has_output_schema)
    }
}

/// rmcp's request id with its JSON type.
fn request_id_of(id: &NumberOrString) -> RequestId<'_> {
    match id {
        NumberOrString::Number(number) => RequestId::Number(*number),
        NumberOrString::String(text) => RequestId::String(text),
    }
}

thread_local! {
    static CURRENT: Cell<Option<Box<Scope>>> = const { Cell::new(None) };
}

impl Slot for Scope {
    fn slot() -> &'static LocalKey<Cell<Option<Box<Self>>>> {
        &CURRENT
    }
}

/// A future running inside a tool call's scope; see [`Router::call`](super::Router::call).
pub(super) type Scoped<F> = call_scope::Scoped<Scope, F>;
