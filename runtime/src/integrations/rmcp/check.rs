//! The startup check of a server's next calls against its own tools.

use rmcp::model::Tool;

use crate::Catalog;
use crate::next_call::{self, Report, ServedTool};

/// Checks every next call declared in `catalogs` against `tools` (what the server's
/// `ToolRouter::list_all` returns): each names a served tool, sends arguments the
/// tool declares, with values its `inputSchema` accepts, and is not marked
/// `read_only` for a tool whose `readOnlyHint` is false. See [`next_call::check`].
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
        ServedTool::new(&tool.name, &tool.input_schema).with_read_only_hint(
            tool.annotations
                .as_ref()
                .and_then(|annotations| annotations.read_only_hint),
        )
    });
    next_call::check(catalogs, served)
}
