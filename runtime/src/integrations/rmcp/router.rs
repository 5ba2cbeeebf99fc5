//! rmcp's tool router, wrapped so every call runs inside a scope.

use core::future::Future;
use std::borrow::Cow;
use std::sync::Arc;

use ::rmcp::ErrorData;
use ::rmcp::handler::server::tool::{ToolCallContext, ToolRouter};
use ::rmcp::model::{CallToolResponse, Tool};
use ::rmcp::service::MaybeSend;

use super::scope::{Scope, Scoped};
use crate::Options;

/// A server's `ToolRouter` seen through tool-error: hand it to rmcp's
/// `#[tool_handler]` and every tool call runs with the tool name, the request id,
/// the [`Options`] and the tool's declaration in reach of the errors it returns:
/// `#[tool_handler(router = tool_error::rmcp::Router::new(&self.tool_router))]`
/// (the [module documentation](super) shows a whole server).
///
/// `#[tool_handler]` accepts any expression with `call`, `list_all` and `get`; this
/// type has the three. Listing and lookup are the wrapped router's own; `call` adds
/// the scope, answers arguments that [`Parameters`](super::Parameters) could not read
/// with an argument-error result, and leaves unknown tools to rmcp (JSON-RPC
/// -32602).
#[derive(Debug)]
pub struct Router<'r, S> {
    tools: &'r ToolRouter<S>,
    options: Option<&'r Options>,
}

impl<'r, S> Router<'r, S> {
    /// Wraps `tools`; errors convert with the [installed](Options::install) options.
    pub fn new(tools: &'r ToolRouter<S>) -> Self {
        Router {
            tools,
            options: None,
        }
    }

    /// Converts with `options` instead of the installed ones (e.g. options kept in
    /// the server's state).
    #[must_use]
    pub fn with_options(mut self, options: &'r Options) -> Self {
        self.options = Some(options);
        self
    }
}

impl<'r, S: MaybeSend + 'static> Router<'r, S> {
    /// Every enabled tool, as the wrapped router lists them.
    pub fn list_all(&self) -> Vec<Tool> {
        self.tools.list_all()
    }

    /// One tool's declaration, as the wrapped router has it.
    pub fn get(&self, name: &str) -> Option<&'r Tool> {
        self.tools.get(name)
    }

    /// Calls the tool `context` names inside a scope that carries its name, the
    /// request id (with its JSON type), the options and whether the tool declares
    /// an `outputSchema`.
    pub async fn call(
        &self,
        context: ToolCallContext<'_, S>,
    ) -> Result<CallToolResponse, ErrorData> {
        let options = self.options.unwrap_or_else(|| Options::installed()).clone();
        let tool = self.tools.get(&context.name);
        let has_output_schema = tool.map(|tool| tool.output_schema.is_some());
        // The declared name, usually a `&'static str` the macro wrote, so the scope
        // holds it without copying the one the request carried.
        let name = tool.map_or_else(|| context.name.clone(), |tool| tool.name.clone());
        let scope = Arc::new(Scope::new(
            options,
            Some(name),
            Some(context.request_context.id.clone()),
            has_output_schema,
        ));
        let output = Scoped::new(scope.clone(), self.tools.call(context)).await;
        match scope.take_argument_failure() {
            Some(response) => Ok(response),
            None => output,
        }
    }
}

/// Runs `future` as a call of `tool` under `options`: every derived error converted
/// while it runs (on any thread it moves to) names the tool and uses the options.
/// For servers that dispatch tool calls themselves rather than through rmcp's
/// `ToolRouter`; with the router, [`Router`] does this for every call.
pub fn scope<F: Future, T: Into<Cow<'static, str>>>(
    options: &Options,
    tool: T,
    future: F,
) -> impl Future<Output = F::Output> + use<F, T> {
    Scoped::new(
        Arc::new(Scope::new(options.clone(), Some(tool.into()), None, None)),
        future,
    )
}
