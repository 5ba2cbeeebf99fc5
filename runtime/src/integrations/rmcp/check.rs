//! The startup check of a server's next calls against its own tools.

use rmcp::model::Tool;

use crate::Catalog;
use crate::next_call::{self, Report, ServedTool};

/// Checks every next call declared in `catalogs` against `tools` (what the server's
/// `ToolRouter::list_all` returns): each names a served tool, sends arguments the
/// tool declares, with values its `inputSchema` accepts, and, when marked
/// `read_only`, names a tool whose annotations say `read_only_hint = true` and not
/// `destructive_hint = true`. A tool without annotations is not read-only (MCP's
/// default), so mark each tool a `read_only` call names with
/// `#[tool(annotations(read_only_hint = true))]`, or drop `read_only` from the call
/// so agents confirm it. See [`next_call::check`].
///
/// Call it where the server starts, so a broken suggestion stops the server before
/// an agent follows it, or in a test:
///
/// ```rust,ignore
/// tool_error::rmcp::check_next_calls(&Server::tool_router().list_all(), ERROR_CODES.types().iter().copied())?;
/// ```
pub fn check_next_calls(
    tools: &[Tool],
    catalogs: impl IntoIterator<Item = &'static Catalog>,
) -> Result<(), Report> {
    let served = tools.iter().map(|tool| {
        let annotations = tool.annotations.as_ref();
        ServedTool::new(&tool.name, &tool.input_schema)
            .with_read_only_hint(annotations.and_then(|annotations| annotations.read_only_hint))
            .with_destructive_hint(annotations.and_then(|annotations| annotations.destructive_hint))
    });
    next_call::check(catalogs, served)
}
