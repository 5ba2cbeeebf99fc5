//! `gem-flux-mcp`: Gem-Flux's database, media and model tools as a real MCP server
//! over stdio, built with rmcp, every failure answered with Gem-Flux's flat envelope.
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
//! | `get_compound_name` | `compound_id` (`^cpd[0-9]{5}$`) | `{compound_id, name, formula}` | `INVALID_ID_FORMAT`, `COMPOUND_NOT_FOUND` |
//! | `get_reaction_name` | `reaction_id` (`^rxn[0-9]{5}$`) | `{reaction_id, name, definition}` | `INVALID_ID_FORMAT`, `REACTION_NOT_FOUND` |
//! | `search_compounds` | `query` (not blank), `limit?` (1..=100, default 10) | `{query, count, compounds}` | `EMPTY_QUERY`, `INVALID_LIMIT` |
//! | `search_reactions` | `query` (not blank), `limit?` (1..=100, default 10) | `{query, count, reactions}` | `EMPTY_QUERY`, `INVALID_LIMIT` |
//! | `build_media` | `compounds` (at least 1, each `^cpd[0-9]{5}$`), `default_uptake?` (> 0, default 100), `custom_bounds?` (keys `^cpd[0-9]{5}$`, values 2 numbers) | `{media_id, ...}` | Gem-Flux's `build_media` codes, in its order |
//! | `get_media` | `media_id` | the stored media | `MEDIA_NOT_FOUND` |
//! | `list_media` | none | `{count, media}`: each media's `media_id` and `num_compounds` | none |
//! | `build_model` | `protein_sequences` (at least 1; keys without whitespace, values `^[ACDEFGHIKLMNPQRSTVWY]+$`), `template?` (`GramNegative` (default), `GramPositive`, `Core`), `annotate_with_rast?` | `{model_id, template, num_genes, num_reactions, ...}` | Gem-Flux's `build_model` codes, in its order |
//! | `gapfill_model` | `model_id`, `media_id`, `target_growth?` (> 0 and < 5, default 0.01), `max_complexity?` (1..=100, default 10) | `{model_id, gapfilled_model_id, reactions_added, num_reactions_added, ...}` | Gem-Flux's `gapfill_model` codes, in its order |
//! | `run_fba` | `model_id`, `media_id`, `objective?` (default `bio1`), `flux_threshold?` (>= 0, default 1e-6) | `{objective_value, growth_rate, fluxes, ...}` | Gem-Flux's `run_fba` codes, in its order |
//! | `export_model_json` | `model_id` | the model: reactions, exchange reactions, biomass, gapfilling | `MODEL_NOT_FOUND` |
//! | `list_models` | none | `{count, models}`: each model's `model_id`, `template`, `is_gapfilled`, `gapfilled_media`, `num_reactions` | none |
//!
//! Each bound in parentheses is in the tool's input schema (`pattern`,
//! `minimum` / `maximum`, `exclusiveMinimum` / `exclusiveMaximum`, `minItems` /
//! `maxItems`, `minProperties`, `propertyNames`, `enum`), so a client knows it
//! before it calls, and the tool checks it with Gem-Flux's code: a `limit` of 0 is
//! `INVALID_LIMIT`. What a schema cannot say (that an ID exists, that a media's
//! lower bound is below its upper one, that every `custom_bounds` key is one of
//! `compounds`) only the tool checks.
//!
//! Every tool declares `idempotentHint`. The lookups, searches, `get_media`, the
//! two lists, `run_fba` and `export_model_json` only read (`readOnlyHint`, and
//! idempotent), so an agent may run the errors' `read_only` next calls to them
//! without asking; `MODEL_NOT_FOUND` and `MEDIA_NOT_FOUND` offer `list_models` /
//! `list_media` before a call that builds. `build_media` and `build_model` add a
//! new media or model under a new ID on every call: not destructive, not
//! idempotent. `gapfill_model` replaces an earlier `X.gf` (destructive), and the
//! same call again stores the same model under the same ID (idempotent).
//!
//! The model tools run over a toy, deterministic model with no solver
//! (`tool_error_examples::gem_flux::toy` documents every rule). Each session starts
//! with one draft, `demo_draft`; `build_model` adds `model_001`, `model_002`, ...;
//! gapfilling `X` makes `X.gf` (replacing an earlier one). Gapfilling asks the
//! media for a carbon source (a formula with C and H) and a nitrogen source (a
//! formula with N), judged from formulas alone; FBA grows a gapfilled model only
//! when those sources' uptake is allowed (lower bound below 0). So a media whose
//! only carbon source may not be taken up gapfills, and then FBA is infeasible: the
//! toy's deliberate quirk. All three templates are loaded; RAST is unavailable (the
//! server runs offline).
//!
//! Arguments that cannot be read into a tool's arguments (a number where a string
//! belongs, a missing key) are refused before the tool runs: `INVALID_ARGUMENTS`, a
//! `validation_error` naming the bad argument's path and what the schema asks for
//! there, and suggesting exactly that (`Send 'query' as a string (...)`), one
//! argument per error as Gem-Flux documents. The router does not check the schema's
//! bounds (`McpOptions::with_argument_check(false)`): they are Gem-Flux's own rules,
//! each answered by the tool with Gem-Flux's code, in Gem-Flux's order of checks,
//! with details a schema violation does not carry. An unknown tool is a JSON-RPC
//! error -32602. The error
//! plumbing is tool-error's `rmcp` feature: handlers return `Result<_, GemFluxError>`
//! and use `?`, and `call_tool` sets the per-call scope in one line.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Json;
use rmcp::{ServerHandler, ServiceExt, tool, tool_handler, tool_router};
use schemars::{JsonSchema, Schema};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tool_error::args::{ArgumentError, Violation, ViolationKind};
use tool_error::rmcp::{McpOptions, Parameters};
use tool_error::tracing::{Level, Levels};
use tool_error::{ClientContext, Options, StaticCatalog, ToolError};
use tool_error_examples::gem_flux::errors::{
    MAX_COMPLEXITY_LIMIT, MAX_TARGET_GROWTH, TEMPLATE_NAMES,
};
use tool_error_examples::gem_flux::toy::{
    self, FbaSolution, GapfillReport, MediaEntry, ModelExport, ModelSummary, ToyMedia, ToyModel,
};
use tool_error_examples::gem_flux::validate::{MAX_SEARCH_LIMIT, patterns};
use tool_error_examples::gem_flux::{
    self, Biochemistry, BuildMediaArgs, BuildModelArgs, Compound, FbaArgs, GapfillArgs, GemFlux,
    GemFluxError, Reaction, SearchTarget, ServerResources, SessionError, SessionState,
};

/// `limit` of `search_compounds` and `search_reactions` when the call gives none.
const DEFAULT_LIMIT: i64 = 10;
/// `default_uptake` of `build_media` when the call gives none (mmol/gDW/h).
const DEFAULT_UPTAKE: f64 = 100.0;
/// The upper (secretion) bound of compounds without custom bounds.
const DEFAULT_SECRETION: f64 = 100.0;
/// `target_growth` of `gapfill_model` when the call gives none (1/h).
const DEFAULT_TARGET_GROWTH: f64 = 0.01;
/// `max_complexity` of `gapfill_model` when the call gives none.
const DEFAULT_MAX_COMPLEXITY: i64 = 10;
/// `flux_threshold` of `run_fba` when the call gives none.
const DEFAULT_FLUX_THRESHOLD: f64 = 1e-6;

/// Tool arguments that cannot be read into the tool's arguments (a wrong type, a
/// missing key): Gem-Flux's `validation_error`
/// (-32000), with the ontology server's `parameter` / `expected` / `actual` details.
/// `expected` is what the tool's input schema says of the argument, so the
/// suggestion can say what to send: a model cannot call tools/list itself.
///
/// Gem-Flux documents one bad parameter per error, and reading the arguments
/// stops at the first. An error with several (a router that checks the schema
/// reports every argument at once) keeps the first in `parameter`, `expected` and
/// `actual` (a client that knows only Gem-Flux's shape reads what it always read),
/// lists the others under `other_parameters`, names them all in its message, and
/// suggests a fix for each.
#[derive(Debug, thiserror::Error, ToolError)]
#[error("{message}")]
#[tool_error(
    domain = "gem-flux",
    legacy_jsonrpc,
    code = "INVALID_ARGUMENTS",
    kind = validation,
    category = "validation_error",
    jsonrpc = -32000
)]
struct InvalidArguments {
    #[tool_error(details)]
    details: BadParameters,
    #[tool_error(skip)]
    message: String,
    /// `Send '<parameter>' as <expected>`, one per bad parameter.
    #[tool_error(suggestions)]
    fixes: Vec<String>,
}

/// The details: the first bad parameter, then the others.
#[derive(Debug, Serialize)]
struct BadParameters {
    #[serde(flatten)]
    first: BadParameter,
    /// Every bad parameter after the first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    other_parameters: Vec<BadParameter>,
}

/// One bad parameter, as Gem-Flux's details name it.
#[derive(Debug, Serialize)]
struct BadParameter {
    parameter: String,
    expected: String,
    actual: String,
    /// Gem-Flux's sentence for it (`'query' must be a string, got number`), in the
    /// message, not the details.
    #[serde(skip)]
    sentence: String,
}

impl BadParameter {
    /// A violation in Gem-Flux's words: a missing argument's `actual` is `missing`;
    /// a violation Gem-Flux has no sentence for (an unknown field, a rule of its own)
    /// keeps the runtime's.
    fn of(violation: &Violation) -> Self {
        let parameter = violation.field().to_owned();
        let expected = violation.expected().to_owned();
        let (actual, sentence) = match violation.kind() {
            ViolationKind::Missing => ("missing".to_owned(), format!("'{parameter}' is required")),
            _ if !expected.is_empty() && !violation.actual().is_empty() => (
                violation.actual().to_owned(),
                format!(
                    "'{parameter}' must be {expected}, got {}",
                    violation.actual()
                ),
            ),
            _ => (violation.actual().to_owned(), violation.to_string()),
        };
        BadParameter {
            parameter,
            expected,
            actual,
            sentence,
        }
    }
}

impl From<ArgumentError> for InvalidArguments {
    fn from(error: ArgumentError) -> Self {
        let mut bad: Vec<BadParameter> = error.violations().iter().map(BadParameter::of).collect();
        let fixes = bad
            .iter()
            .filter(|bad| !bad.expected.is_empty())
            .map(|bad| format!("Send '{}' as {}", bad.parameter, bad.expected))
            .collect();
        let sentences: Vec<String> = bad.iter().map(|bad| bad.sentence.clone()).collect();
        let message = match sentences.as_slice() {
            [one] => one.clone(),
            many => format!("{} parameters are invalid: {}", many.len(), many.join("; ")),
        };
        let first = bad.remove(0);
        InvalidArguments {
            details: BadParameters {
                first,
                other_parameters: bad,
            },
            message,
            fixes,
        }
    }
}

// The input schemas state every rule of the tools' own checks that JSON Schema
// can say (`gem_flux::validate` holds the checks, and the patterns beside them), so
// a client knows them before it calls. The tools still check them, each with the
// code and in the order Gem-Flux documents: the router does not (see
// `GemFluxServer::new`). What a schema cannot say stays in the descriptions or the
// tool alone: whether an ID exists, `lower < upper`, that every `custom_bounds` key
// is in `compounds`, and that RAST is unavailable offline.

#[derive(Debug, Deserialize, JsonSchema)]
struct CompoundIdArgs {
    /// A ModelSEED compound ID: `cpd` and five digits, e.g. `cpd00027`.
    #[schemars(regex(pattern = patterns::COMPOUND_ID))]
    compound_id: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct ReactionIdArgs {
    /// A ModelSEED reaction ID: `rxn` and five digits, e.g. `rxn00001`.
    #[schemars(regex(pattern = patterns::REACTION_ID))]
    reaction_id: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct SearchArgs {
    /// Text to find in compound names or IDs (case-insensitive).
    #[schemars(regex(pattern = patterns::QUERY))]
    query: String,
    /// How many compounds to return, 1 to 100 (default 10).
    #[serde(default)]
    #[schemars(range(min = 1, max = MAX_SEARCH_LIMIT))]
    limit: Option<i64>,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct ReactionSearchArgs {
    /// Text to find in reaction names or IDs (case-insensitive).
    #[schemars(regex(pattern = patterns::QUERY))]
    query: String,
    /// How many reactions to return, 1 to 100 (default 10).
    #[serde(default)]
    #[schemars(range(min = 1, max = MAX_SEARCH_LIMIT))]
    limit: Option<i64>,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct BuildMediaParams {
    /// ModelSEED compound IDs of the media.
    #[schemars(length(min = 1), inner(regex(pattern = patterns::COMPOUND_ID)))]
    compounds: Vec<String>,
    /// Uptake rate of every compound without custom bounds, mmol/gDW/h (default 100).
    #[serde(default)]
    #[schemars(extend("exclusiveMinimum" = 0))]
    default_uptake: Option<f64>,
    /// Per-compound `[lower, upper]` exchange bounds, keyed by compound ID.
    #[serde(default)]
    #[schemars(transform = bounds_by_compound)]
    custom_bounds: Option<BTreeMap<String, Vec<f64>>>,
}

/// `custom_bounds`: keyed by compound IDs (a key of another form cannot be one of
/// `compounds`), each value two numbers.
fn bounds_by_compound(schema: &mut Schema) {
    schema.insert(
        "propertyNames".to_owned(),
        json!({ "pattern": patterns::COMPOUND_ID }),
    );
    if let Some(pair) = schema
        .get_mut("additionalProperties")
        .and_then(Value::as_object_mut)
    {
        pair.insert("minItems".to_owned(), json!(2));
        pair.insert("maxItems".to_owned(), json!(2));
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
struct MediaIdArgs {
    /// A media ID returned by build_media.
    media_id: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct BuildModelParams {
    /// Sequence ID (no whitespace) to protein sequence in the amino acid alphabet
    /// ACDEFGHIKLMNPQRSTVWY.
    #[schemars(transform = protein_sequences)]
    protein_sequences: BTreeMap<String, String>,
    /// The template: GramNegative (default), GramPositive or Core.
    // A string, not an enum type: a name outside the choices is Gem-Flux's
    // INVALID_TEMPLATE_NAME, which the tool answers, not a failure to read.
    #[serde(default)]
    #[schemars(transform = template_choices)]
    template: Option<String>,
    /// Annotate the genome with RAST first (default false; this server is offline).
    #[serde(default)]
    annotate_with_rast: Option<bool>,
}

/// `protein_sequences`: at least one, each ID without whitespace, each sequence
/// amino acid letters.
fn protein_sequences(schema: &mut Schema) {
    schema.insert("minProperties".to_owned(), json!(1));
    schema.insert(
        "propertyNames".to_owned(),
        json!({ "pattern": patterns::SEQUENCE_ID }),
    );
    if let Some(sequence) = schema
        .get_mut("additionalProperties")
        .and_then(Value::as_object_mut)
    {
        sequence.insert("pattern".to_owned(), json!(patterns::SEQUENCE));
    }
}

/// `template`: one of the template names, or null for the default.
fn template_choices(schema: &mut Schema) {
    let mut choices: Vec<Value> = TEMPLATE_NAMES.iter().map(|name| json!(name)).collect();
    choices.push(Value::Null);
    schema.insert("enum".to_owned(), Value::Array(choices));
}

#[derive(Debug, Deserialize, JsonSchema)]
struct GapfillParams {
    /// The model to gapfill, e.g. demo_draft.
    model_id: String,
    /// The media it must grow in, from build_media.
    media_id: String,
    /// The growth rate to reach, 1/h, above 0 and below 5 (default 0.01).
    #[serde(default)]
    #[schemars(extend("exclusiveMinimum" = 0, "exclusiveMaximum" = MAX_TARGET_GROWTH))]
    target_growth: Option<f64>,
    /// The most reactions gapfilling may add, 1 to 100 (default 10).
    #[serde(default)]
    #[schemars(range(min = 1, max = MAX_COMPLEXITY_LIMIT))]
    max_complexity: Option<i64>,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct FbaParams {
    /// The model to optimise, usually a gapfilled one (ID ending in .gf).
    model_id: String,
    /// The media whose bounds constrain the exchanges.
    media_id: String,
    /// The reaction to maximise (default bio1, the biomass reaction).
    #[serde(default)]
    objective: Option<String>,
    /// Fluxes smaller in magnitude are left out of the result (default 1e-6).
    #[serde(default)]
    #[schemars(range(min = 0))]
    flux_threshold: Option<f64>,
}

#[derive(Debug, Deserialize, JsonSchema)]
struct ModelIdArgs {
    /// A model ID: demo_draft, one returned by build_model, or a gapfilled one.
    model_id: String,
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

/// One reaction as the tools return it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
struct ReactionInfo {
    reaction_id: String,
    name: String,
    /// The equation with compound names.
    definition: String,
}

impl From<&Reaction> for ReactionInfo {
    fn from(reaction: &Reaction) -> Self {
        ReactionInfo {
            reaction_id: reaction.id.to_owned(),
            name: reaction.name.to_owned(),
            definition: reaction.definition.to_owned(),
        }
    }
}

#[derive(Debug, Serialize, JsonSchema)]
struct ReactionSearchResult {
    query: String,
    count: usize,
    reactions: Vec<ReactionInfo>,
}

/// One model of the session, as list_models shows it.
#[derive(Debug, Serialize, JsonSchema)]
struct ModelListing {
    model_id: String,
    /// The template it was built on.
    template: String,
    is_gapfilled: bool,
    /// The media it was gapfilled for; null for a draft.
    gapfilled_media: Option<String>,
    /// Metabolic, exchange and biomass reactions.
    num_reactions: usize,
}

#[derive(Debug, Serialize, JsonSchema)]
struct ModelList {
    count: usize,
    models: Vec<ModelListing>,
}

/// One media of the session, as list_media shows it.
#[derive(Debug, Serialize, JsonSchema)]
struct MediaListing {
    media_id: String,
    num_compounds: usize,
}

#[derive(Debug, Serialize, JsonSchema)]
struct MediaList {
    count: usize,
    media: Vec<MediaListing>,
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

impl Media {
    /// The media as the toy model reads it: each compound with its lower bound.
    fn as_toy<'a>(&'a self, database: &Biochemistry<'static>) -> ToyMedia<'a> {
        let entries = self
            .compounds
            .iter()
            .filter_map(|entry| {
                let compound = database.compound(&entry.compound_id)?;
                Some(MediaEntry {
                    compound,
                    lower_bound: entry.lower_bound,
                })
            })
            .collect();
        ToyMedia {
            media_id: &self.media_id,
            entries,
        }
    }
}

/// The session: models and media, in memory.
struct Session {
    models: BTreeMap<String, ToyModel>,
    media: BTreeMap<String, Media>,
    /// How many models build_model made, for the next ID.
    models_built: usize,
}

impl Session {
    /// A session holding only `demo_draft`.
    fn new() -> Self {
        let draft = ToyModel::demo_draft();
        Session {
            models: BTreeMap::from([(draft.id().to_owned(), draft)]),
            media: BTreeMap::new(),
            models_built: 0,
        }
    }

    fn model(&self, model_id: &str) -> Result<&ToyModel, SessionError> {
        self.models
            .get(model_id)
            .ok_or_else(|| SessionError::model_not_found(model_id, self.model_ids()))
    }

    fn media(&self, media_id: &str) -> Result<&Media, SessionError> {
        self.media
            .get(media_id)
            .ok_or_else(|| SessionError::media_not_found(media_id, self.media_ids()))
    }
}

impl SessionState for Session {
    fn model_ids(&self) -> Vec<String> {
        self.models.keys().cloned().collect()
    }
    fn media_ids(&self) -> Vec<String> {
        self.media.keys().cloned().collect()
    }
    fn has_model(&self, model_id: &str) -> bool {
        self.models.contains_key(model_id)
    }
    fn has_media(&self, media_id: &str) -> bool {
        self.media.contains_key(media_id)
    }
    fn model_has_reaction(&self, model_id: &str, reaction_id: &str) -> bool {
        self.models
            .get(model_id)
            .is_some_and(|model| model.has_reaction(reaction_id))
    }
}

/// The server: the embedded ModelSEED slice and an in-memory session.
struct GemFluxServer {
    tool_router: ToolRouter<Self>,
    errors: Options,
    database: Biochemistry<'static>,
    resources: ServerResources,
    session: Mutex<Session>,
}

#[tool_router]
impl GemFluxServer {
    fn new() -> Self {
        GemFluxServer {
            tool_router: Self::tool_router(),
            errors: Options::new()
                .with_profile(GemFlux::DOCUMENTED.with_next_calls())
                // Gem-Flux's envelope requires `tool_name` and `timestamp`, which
                // tool-error otherwise keeps for the log.
                .with_client_context(ClientContext::AGENT.with_tool(true).with_timestamp(true))
                .with_server_version(env!("CARGO_PKG_VERSION"))
                // Gem-Flux logs every failed call at ERROR.
                .with_log_levels(Levels::uniform(Level::ERROR))
                // The input schemas state the tools' own rules (a limit of 1 to
                // 100, an ID's form...), which Gem-Flux answers with its own codes
                // (INVALID_LIMIT, INVALID_ID_FORMAT...), in its order of steps, with
                // details a schema violation does not carry (similar and valid
                // IDs). The tools check them; a router check would answer
                // INVALID_ARGUMENTS first. Arguments that cannot be read (a
                // string for a number, a missing key) are still refused before
                // the tool runs, by `Parameters`.
                .with_mcp(
                    McpOptions::new()
                        .with_argument_check(false)
                        .with_argument_error(InvalidArguments::from),
                ),
            database: Biochemistry::EMBEDDED,
            // Every template is loaded; there is no network, so no RAST.
            resources: ServerResources {
                loaded_templates: TEMPLATE_NAMES.iter().map(|name| name.to_string()).collect(),
                rast_available: false,
            },
            session: Mutex::new(Session::new()),
        }
    }

    fn session(&self) -> std::sync::MutexGuard<'_, Session> {
        self.session.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Look up a ModelSEED compound by ID: its name and formula.
    #[tool(annotations(read_only_hint = true, idempotent_hint = true))]
    fn get_compound_name(
        &self,
        Parameters(args): Parameters<CompoundIdArgs>,
    ) -> Result<Json<CompoundInfo>, GemFluxError> {
        let compound = gem_flux::lookup_compound(Some(&self.database), &args.compound_id)?;
        Ok(Json(CompoundInfo::from(compound)))
    }

    /// Look up a ModelSEED reaction by ID: its name and equation.
    #[tool(annotations(read_only_hint = true, idempotent_hint = true))]
    fn get_reaction_name(
        &self,
        Parameters(args): Parameters<ReactionIdArgs>,
    ) -> Result<Json<ReactionInfo>, GemFluxError> {
        let reaction = gem_flux::lookup_reaction(Some(&self.database), &args.reaction_id)?;
        Ok(Json(ReactionInfo::from(reaction)))
    }

    /// Find ModelSEED compounds whose name or ID contains the query.
    #[tool(annotations(read_only_hint = true, idempotent_hint = true))]
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

    /// Find ModelSEED reactions whose name or ID contains the query.
    #[tool(annotations(read_only_hint = true, idempotent_hint = true))]
    fn search_reactions(
        &self,
        Parameters(args): Parameters<ReactionSearchArgs>,
    ) -> Result<Json<ReactionSearchResult>, GemFluxError> {
        let requested = args.limit.unwrap_or(DEFAULT_LIMIT);
        let (query, limit) = gem_flux::validate_search(
            Some(&self.database),
            SearchTarget::Reactions,
            &args.query,
            requested,
        )?;
        let reactions: Vec<ReactionInfo> = self
            .database
            .search_reactions(query, limit)
            .into_iter()
            .map(ReactionInfo::from)
            .collect();
        Ok(Json(ReactionSearchResult {
            query: query.to_owned(),
            count: reactions.len(),
            reactions,
        }))
    }

    /// Build a growth media from ModelSEED compounds; returns its media_id.
    // Every call stores a new media under a new ID: additive, not idempotent.
    #[tool(annotations(
        read_only_hint = false,
        destructive_hint = false,
        idempotent_hint = false
    ))]
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
        let mut session = self.session();
        let media = Media {
            media_id: format!("media_{:03}", session.media.len() + 1),
            default_uptake: args.default_uptake,
            num_compounds: compounds.len(),
            compounds,
        };
        session.media.insert(media.media_id.clone(), media.clone());
        Ok(Json(media))
    }

    /// Fetch a media built earlier in this session.
    #[tool(annotations(read_only_hint = true, idempotent_hint = true))]
    fn get_media(
        &self,
        Parameters(args): Parameters<MediaIdArgs>,
    ) -> Result<Json<Media>, GemFluxError> {
        Ok(Json(self.session().media(&args.media_id)?.clone()))
    }

    /// List the media built in this session: each media_id with its number of
    /// compounds.
    #[tool(annotations(read_only_hint = true, idempotent_hint = true))]
    fn list_media(&self) -> Json<MediaList> {
        let media: Vec<MediaListing> = self
            .session()
            .media
            .values()
            .map(|media| MediaListing {
                media_id: media.media_id.clone(),
                num_compounds: media.num_compounds,
            })
            .collect();
        Json(MediaList {
            count: media.len(),
            media,
        })
    }

    /// Build a draft metabolic model from protein sequences on a template; returns
    /// its model_id. A draft does not grow until gapfilled. The session also starts
    /// with a ready draft, demo_draft.
    // Every call stores a new model under a new ID: additive, not idempotent.
    #[tool(annotations(
        read_only_hint = false,
        destructive_hint = false,
        idempotent_hint = false
    ))]
    fn build_model(
        &self,
        Parameters(params): Parameters<BuildModelParams>,
    ) -> Result<Json<ModelSummary>, GemFluxError> {
        let args = BuildModelArgs {
            protein_sequences: params.protein_sequences,
            template: params
                .template
                .unwrap_or_else(|| toy::DEFAULT_TEMPLATE.to_owned()),
            annotate_with_rast: params.annotate_with_rast.unwrap_or(false),
        };
        gem_flux::validate_build_model(&args, &self.resources)?;
        let mut session = self.session();
        session.models_built += 1;
        let model_id = format!("model_{:03}", session.models_built);
        let genes = args.protein_sequences.into_keys().collect();
        let model = ToyModel::draft(model_id.clone(), args.template, genes);
        let summary = model.summary();
        session.models.insert(model_id, model);
        Ok(Json(summary))
    }

    /// Gapfill a model so it can grow in a media: adds template reactions and
    /// stores the result as <model_id>.gf. Needs a carbon and a nitrogen source in
    /// the media.
    // Gapfilling again replaces the earlier <model_id>.gf: not only additive. The
    // toy is deterministic and the result's ID comes from the arguments, so the
    // same call again stores the same model under the same ID: idempotent.
    #[tool(annotations(
        read_only_hint = false,
        destructive_hint = true,
        idempotent_hint = true
    ))]
    fn gapfill_model(
        &self,
        Parameters(params): Parameters<GapfillParams>,
    ) -> Result<Json<GapfillReport>, GemFluxError> {
        let mut session = self.session();
        let template = session
            .models
            .get(&params.model_id)
            .map(|model| model.template().to_owned())
            .unwrap_or_default();
        let args = GapfillArgs {
            model_id: params.model_id,
            media_id: params.media_id,
            target_growth: params.target_growth.unwrap_or(DEFAULT_TARGET_GROWTH),
            max_complexity: params.max_complexity.unwrap_or(DEFAULT_MAX_COMPLEXITY),
            template,
        };
        gem_flux::validate_gapfill(&args, &*session, &self.resources)?;
        // Validated to 1..=100.
        let max_complexity = u32::try_from(args.max_complexity).unwrap_or(u32::MAX);
        let (gapfilled, report) = {
            let model = session.model(&args.model_id)?;
            let media = session.media(&args.media_id)?;
            model.gapfill(
                &media.as_toy(&self.database),
                args.target_growth,
                max_complexity,
            )?
        };
        session.models.insert(gapfilled.id().to_owned(), gapfilled);
        Ok(Json(report))
    }

    /// Run flux balance analysis: maximise the objective (default bio1, growth) of a
    /// model under a media's exchange bounds. Models grow only once gapfilled.
    #[tool(annotations(read_only_hint = true, idempotent_hint = true))]
    fn run_fba(
        &self,
        Parameters(params): Parameters<FbaParams>,
    ) -> Result<Json<FbaSolution>, GemFluxError> {
        let args = FbaArgs {
            model_id: params.model_id,
            media_id: params.media_id,
            objective: params
                .objective
                .unwrap_or_else(|| toy::BIOMASS_ID.to_owned()),
            flux_threshold: params.flux_threshold.unwrap_or(DEFAULT_FLUX_THRESHOLD),
        };
        let session = self.session();
        gem_flux::validate_fba(&args, &*session)?;
        let model = session.model(&args.model_id)?;
        let media = session.media(&args.media_id)?;
        let solution = model.fba(
            &media.as_toy(&self.database),
            &args.objective,
            args.flux_threshold,
        )?;
        Ok(Json(solution))
    }

    /// Export a model as JSON: its reactions, exchange reactions (EX_cpdNNNNN_e0),
    /// biomass reaction (bio1), and whether and for which media it was gapfilled.
    #[tool(annotations(read_only_hint = true, idempotent_hint = true))]
    fn export_model_json(
        &self,
        Parameters(args): Parameters<ModelIdArgs>,
    ) -> Result<Json<ModelExport>, GemFluxError> {
        Ok(Json(self.session().model(&args.model_id)?.export()))
    }

    /// List the models of this session (demo_draft, built and gapfilled ones): each
    /// model_id, template, whether and for which media it is gapfilled, and its
    /// number of reactions.
    #[tool(annotations(read_only_hint = true, idempotent_hint = true))]
    fn list_models(&self) -> Json<ModelList> {
        let models: Vec<ModelListing> = self
            .session()
            .models
            .values()
            .map(|model| ModelListing {
                model_id: model.id().to_owned(),
                template: model.template().to_owned(),
                is_gapfilled: model.is_gapfilled(),
                gapfilled_media: model.gapfilled_media().map(str::to_owned),
                num_reactions: model.num_reactions(),
            })
            .collect();
        Json(ModelList {
            count: models.len(),
            models,
        })
    }
}

// The one line: every error below renders with this call's tool name, request id
// and the server's options.
#[tool_handler(
    router = tool_error::rmcp::Router::new(&self.tool_router).with_options(&self.errors),
    name = "gem-flux",
    instructions = "ModelSEED compound and reaction lookups, growth media and metabolic models. Typical flow: search_compounds, build_media, gapfill_model (demo_draft is a ready draft model; build_model makes more), run_fba on the gapfilled model (ID ending in .gf), export_model_json to inspect a model. get_compound_name / get_reaction_name and search_compounds / search_reactions look up the database; get_media, list_models and list_media show what this session holds. Models are a deterministic toy: gapfilling needs a carbon source (formula with C and H) and a nitrogen source (formula with N) in the media; FBA also needs their uptake allowed (lower bound below 0). Errors are JSON objects with error_code, message, details, suggestions and next_calls (tool calls that may fix the error; read_only ones only read)."
)]
impl ServerHandler for GemFluxServer {}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    tracing::subscriber::set_global_default(gem_flux::log::subscriber(std::io::stderr))?;

    // Every next call the errors suggest must name one of these tools and send
    // arguments its input schema accepts, and a `read_only` one must name a tool
    // annotated read_only_hint = true; a broken one stops the server here, before
    // an agent follows it.
    let tools = GemFluxServer::tool_router().list_all();
    tool_error::rmcp::check_next_calls(&tools, [<GemFluxError as StaticCatalog>::CATALOG])?;

    tracing::info!(
        compounds = Biochemistry::EMBEDDED.compound_count(),
        "gem-flux-mcp ready on stdio"
    );
    let service = GemFluxServer::new().serve(rmcp::transport::stdio()).await?;
    service.waiting().await?;
    Ok(())
}
