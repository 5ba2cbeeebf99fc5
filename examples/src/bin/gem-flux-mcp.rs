//! `gem-flux-mcp`: Gem-Flux's database and media tools as a real MCP server over
//! stdio, built with rmcp, every failure answered with Gem-Flux's flat envelope.
//!
//! ```sh
//! cargo run -p tool-error-examples --bin gem-flux-mcp
//! ```
//!
//! stdout carries only MCP messages; the log goes to stderr as JSON lines, one
//! object per line: each failed call is Gem-Flux's log entry (`timestamp`,
//! `level` `ERROR`, `tool_name`, `error_type`, `jsonrpc_error_code`, `error_code`,
//! `message`, `details`), written from tool-error's `tracing` event for the error
//! (see `tool_error_examples::gem_flux::log`); other lines are
//! `{timestamp, level, message, ...}`.
//!
//! | tool | arguments | returns | errors |
//! | --- | --- | --- | --- |
//! | `get_compound_name` | `compound_id` | `{compound_id, name, formula}` | `INVALID_ID_FORMAT`, `COMPOUND_NOT_FOUND` |
//! | `search_compounds` | `query`, `limit?` (1..=100, default 10) | `{query, count, compounds}` | `EMPTY_QUERY`, `INVALID_LIMIT` |
//! | `build_media` | `compounds`, `default_uptake?` (default 100), `custom_bounds?` | `{media_id, ...}` | Gem-Flux's `build_media` codes, in its order |
//! | `get_media` | `media_id` | the stored media | `MEDIA_NOT_FOUND` |
//!
//! Arguments that do not match a tool's input schema (a number where a string
//! belongs, a missing key) are `INVALID_ARGUMENTS`, a `validation_error` naming the
//! bad argument's path; an unknown tool is a JSON-RPC error -32602. The error
//! plumbing is tool-error's `rmcp` feature: handlers return `Result<_, GemFluxError>`
//! and use `?`, and `call_tool` sets the per-call scope in one line.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Json;
use rmcp::{ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use tool_error::args::ArgumentError;
use tool_error::rmcp::{McpOptions, Parameters};
use tool_error::tracing::{Level, Levels};
use tool_error::{Options, ToolError};
use tool_error_examples::gem_flux::{
    self, Biochemistry, BuildMediaArgs, Compound, GemFlux, GemFluxError, SearchTarget, SessionError,
};

/// `limit` of `search_compounds` when the call gives none.
const DEFAULT_LIMIT: i64 = 10;
/// `default_uptake` of `build_media` when the call gives none (mmol/gDW/h).
const DEFAULT_UPTAKE: f64 = 100.0;
/// The upper (secretion) bound of compounds without custom bounds.
const DEFAULT_SECRETION: f64 = 100.0;

/// Tool arguments that do not match the input schema: Gem-Flux's `validation_error`
/// (-32000), with the ontology server's `parameter` / `expected` / `actual` details.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("{message}")]
#[tool_error(
    domain = "gem-flux",
    legacy_jsonrpc,
    code = "INVALID_ARGUMENTS",
    kind = validation,
    category = "validation_error",
    suggest = "Check the tool's inputSchema (tools/list) and send every argument with its type"
)]
struct InvalidArguments {
    parameter: String,
    expected: String,
    actual: String,
    #[tool_error(skip)]
    message: String,
}

impl From<ArgumentError> for InvalidArguments {
    fn from(error: ArgumentError) -> Self {
        // Gem-Flux reports one parameter per error: the first one found.
        let first = &error.violations()[0];
        InvalidArguments {
            parameter: first.field().to_owned(),
            expected: first.expected().to_owned(),
            actual: first.actual().to_owned(),
            message: error.to_string(),
        }
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
struct CompoundIdArgs {
    /// A ModelSEED compound ID: `cpd` and five digits, e.g. `cpd00027`.
    compound_id: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct SearchArgs {
    /// Text to find in compound names or IDs (case-insensitive).
    query: String,
    /// How many compounds to return, 1 to 100 (default 10).
    #[serde(default)]
    limit: Option<i64>,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct BuildMediaParams {
    /// ModelSEED compound IDs of the media.
    compounds: Vec<String>,
    /// Uptake rate of every compound without custom bounds, mmol/gDW/h (default 100).
    #[serde(default)]
    default_uptake: Option<f64>,
    /// Per-compound `[lower, upper]` exchange bounds, keyed by compound ID.
    #[serde(default)]
    custom_bounds: Option<BTreeMap<String, Vec<f64>>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct MediaIdArgs {
    /// A media ID returned by build_media.
    media_id: String,
}

/// One compound as the tools return it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
struct CompoundInfo {
    compound_id: String,
    name: String,
    formula: String,
}

impl From<&Compound> for CompoundInfo {
    fn from(compound: &Compound) -> Self {
        CompoundInfo {
            compound_id: compound.id.to_owned(),
            name: compound.name.to_owned(),
            formula: compound.formula.to_owned(),
        }
    }
}

#[derive(Debug, Serialize, JsonSchema)]
struct SearchResult {
    query: String,
    count: usize,
    compounds: Vec<CompoundInfo>,
}

/// One compound of a media with its exchange bounds.
#[derive(Debug, Clone, Serialize, JsonSchema)]
struct MediaCompound {
    compound_id: String,
    name: String,
    lower_bound: f64,
    upper_bound: f64,
}

/// A media as build_media stores it and get_media returns it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
struct Media {
    media_id: String,
    default_uptake: f64,
    num_compounds: usize,
    compounds: Vec<MediaCompound>,
}

/// The server: the embedded ModelSEED slice and an in-memory media store.
struct GemFluxServer {
    tool_router: ToolRouter<Self>,
    errors: Options,
    database: Biochemistry<'static>,
    media: Mutex<BTreeMap<String, Media>>,
}

#[tool_router]
impl GemFluxServer {
    fn new() -> Self {
        GemFluxServer {
            tool_router: Self::tool_router(),
            errors: Options::new()
                .with_profile(GemFlux::DOCUMENTED.with_next_calls())
                .with_server_version(env!("CARGO_PKG_VERSION"))
                // Gem-Flux logs every failed call at ERROR.
                .with_log_levels(Levels::uniform(Level::ERROR))
                .with_mcp(McpOptions::new().with_argument_error(InvalidArguments::from)),
            database: Biochemistry::EMBEDDED,
            media: Mutex::new(BTreeMap::new()),
        }
    }

    /// Look up a ModelSEED compound by ID: its name and formula.
    #[tool]
    fn get_compound_name(
        &self,
        Parameters(args): Parameters<CompoundIdArgs>,
    ) -> Result<Json<CompoundInfo>, GemFluxError> {
        let compound = gem_flux::lookup_compound(Some(&self.database), &args.compound_id)?;
        Ok(Json(CompoundInfo::from(compound)))
    }

    /// Find ModelSEED compounds whose name or ID contains the query.
    #[tool]
    fn search_compounds(
        &self,
        Parameters(args): Parameters<SearchArgs>,
    ) -> Result<Json<SearchResult>, GemFluxError> {
        let requested = args.limit.unwrap_or(DEFAULT_LIMIT);
        let (query, limit) = gem_flux::validate_search(
            Some(&self.database),
            SearchTarget::Compounds,
            &args.query,
            requested,
        )?;
        let compounds: Vec<CompoundInfo> = self
            .database
            .search_compounds(query, limit)
            .into_iter()
            .map(CompoundInfo::from)
            .collect();
        Ok(Json(SearchResult {
            query: query.to_owned(),
            count: compounds.len(),
            compounds,
        }))
    }

    /// Build a growth media from ModelSEED compounds; returns its media_id.
    #[tool]
    fn build_media(
        &self,
        Parameters(params): Parameters<BuildMediaParams>,
    ) -> Result<Json<Media>, GemFluxError> {
        let args = BuildMediaArgs {
            compounds: params.compounds,
            default_uptake: params.default_uptake.unwrap_or(DEFAULT_UPTAKE),
            custom_bounds: params.custom_bounds.unwrap_or_default(),
        };
        gem_flux::validate_build_media(&args, &self.database)?;
        let compounds = args
            .compounds
            .iter()
            .filter_map(|id| self.database.compound(id))
            .map(|compound| {
                let custom = args.custom_bounds.get(compound.id).map(Vec::as_slice);
                let (lower_bound, upper_bound) = match custom {
                    Some(&[lower, upper]) => (lower, upper),
                    _ => (-args.default_uptake, DEFAULT_SECRETION),
                };
                MediaCompound {
                    compound_id: compound.id.to_owned(),
                    name: compound.name.to_owned(),
                    lower_bound,
                    upper_bound,
                }
            })
            .collect::<Vec<_>>();
        let mut store = self.media.lock().unwrap_or_else(PoisonError::into_inner);
        let media = Media {
            media_id: format!("media_{:03}", store.len() + 1),
            default_uptake: args.default_uptake,
            num_compounds: compounds.len(),
            compounds,
        };
        store.insert(media.media_id.clone(), media.clone());
        Ok(Json(media))
    }

    /// Fetch a media built earlier in this session.
    #[tool]
    fn get_media(
        &self,
        Parameters(args): Parameters<MediaIdArgs>,
    ) -> Result<Json<Media>, GemFluxError> {
        let store = self.media.lock().unwrap_or_else(PoisonError::into_inner);
        match store.get(&args.media_id) {
            Some(media) => Ok(Json(media.clone())),
            None => Err(SessionError::media_not_found(
                args.media_id,
                store.keys().cloned().collect(),
            )
            .into()),
        }
    }
}

// The one line: every error below renders with this call's tool name, request id
// and the server's options.
#[tool_handler(
    router = tool_error::rmcp::Router::new(&self.tool_router).with_options(&self.errors),
    name = "gem-flux",
    instructions = "ModelSEED compound lookups and growth media. Errors are JSON objects with error_code, message, details and suggestions."
)]
impl ServerHandler for GemFluxServer {}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    tracing::subscriber::set_global_default(gem_flux::log::subscriber(std::io::stderr))?;

    tracing::info!(
        compounds = Biochemistry::EMBEDDED.compound_count(),
        "gem-flux-mcp ready on stdio"
    );
    let service = GemFluxServer::new().serve(rmcp::transport::stdio()).await?;
    service.waiting().await?;
    Ok(())
}
