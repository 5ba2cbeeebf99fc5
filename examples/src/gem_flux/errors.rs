//! Every error code of Gem-Flux, grouped as Gem-Flux groups them, with its
//! `error_type` as the category and the legacy JSON-RPC code.
//!
//! The enums opt into `legacy_jsonrpc`, so each variant's JSON-RPC code comes from its
//! category through the legacy table: `validation_error` -32000,
//! `not_found_error` -32001, `infeasibility_error` -32002, `library_error` -32003,
//! `database_error` -32004, `timeout_error` -32005, `server_error` -32603.

use std::collections::BTreeMap;

use tool_error::ToolError;

/// The amino acid alphabet protein sequences must use.
pub const AMINO_ACIDS: &str = "ACDEFGHIKLMNPQRSTVWY";

/// The templates `build_model` accepts.
pub const TEMPLATE_NAMES: [&str; 3] = ["GramNegative", "GramPositive", "Core"];

/// Session resources that do not exist (used by `gapfill_model` and `run_fba`).
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(
    domain = "gem-flux",
    legacy_jsonrpc,
    kind = not_found,
    category = "not_found_error"
)]
pub enum SessionError {
    /// The model ID is not in the current session.
    #[error("Model '{requested_id}' not found in current session")]
    #[tool_error(
        suggest = "Use build_model tool to create a new model",
        suggest = "Check model_id spelling",
        suggest = "Available models listed in details.available_models"
    )]
    ModelNotFound {
        /// The ID asked for.
        requested_id: String,
        /// Every model ID of the session.
        available_models: Vec<String>,
        /// `available_models.len()`, which Gem-Flux sends as its own key.
        num_available: usize,
    },

    /// The media ID is not in the current session.
    #[error("Media '{requested_id}' not found in current session")]
    #[tool_error(
        suggest = "Use build_media tool to create a new media",
        suggest = "Check media_id spelling",
        suggest = "Available media listed in details.available_media"
    )]
    MediaNotFound {
        /// The ID asked for.
        requested_id: String,
        /// Every media ID of the session.
        available_media: Vec<String>,
        /// `available_media.len()`.
        num_available: usize,
    },
}

impl SessionError {
    /// `MODEL_NOT_FOUND` for `requested_id`, listing what the session has.
    pub fn model_not_found(requested_id: impl Into<String>, available: Vec<String>) -> Self {
        SessionError::ModelNotFound {
            requested_id: requested_id.into(),
            num_available: available.len(),
            available_models: available,
        }
    }

    /// `MEDIA_NOT_FOUND` for `requested_id`, listing what the session has.
    pub fn media_not_found(requested_id: impl Into<String>, available: Vec<String>) -> Self {
        SessionError::MediaNotFound {
            requested_id: requested_id.into(),
            num_available: available.len(),
            available_media: available,
        }
    }
}

/// `build_media` argument errors.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(
    domain = "gem-flux",
    legacy_jsonrpc,
    kind = validation,
    category = "validation_error"
)]
pub enum MediaError {
    /// One or more compound IDs are malformed or not in the database.
    #[error(
        "{total_invalid} compound {} not found in ModelSEED database",
        if *.total_invalid == 1 { "ID" } else { "IDs" }
    )]
    #[tool_error(
        suggest = "Use search_compounds tool to find correct compound IDs",
        suggest = "Common compounds: cpd00027 (glucose), cpd00007 (O2), cpd00001 (H2O)",
        suggest = "Check for typos in compound IDs"
    )]
    InvalidCompoundIds {
        /// The rejected IDs, in the order given.
        invalid_ids: Vec<String>,
        /// The accepted IDs, in the order given.
        valid_ids: Vec<String>,
        /// How many IDs the call had.
        total_provided: usize,
        /// `invalid_ids.len()`.
        total_invalid: usize,
    },

    /// The compounds list is empty.
    #[error("No compounds provided: the compounds list is empty")]
    #[tool_error(
        suggest = "Provide at least one ModelSEED compound ID, e.g. cpd00027 (D-Glucose)",
        suggest = "Use search_compounds tool to find compound IDs"
    )]
    EmptyCompoundsList,

    /// A `custom_bounds` value is not `[lower, upper]` with two finite numbers.
    #[error("custom_bounds for '{compound_id}' must be [lower, upper] with two finite numbers")]
    #[tool_error(
        suggest = "Write each bound as a two-number list, e.g. {{\"cpd00027\": [-5, 100]}}",
        suggest = "Use a negative lower bound for uptake and a positive upper bound for secretion"
    )]
    InvalidBoundsFormat {
        /// The key whose value is malformed.
        compound_id: String,
        /// The value as given.
        value: Vec<f64>,
    },

    /// A `custom_bounds` pair has `lower >= upper`.
    #[error(
        "Bounds for '{compound_id}' are out of order: lower bound {lower_bound} must be less than upper bound {upper_bound}"
    )]
    #[tool_error(
        suggest = "Swap the two numbers so the lower bound comes first",
        suggest = "Leave a compound out of the media instead of giving it equal bounds"
    )]
    BoundsOutOfOrder {
        /// The key of the pair.
        compound_id: String,
        /// The first number.
        lower_bound: f64,
        /// The second number.
        upper_bound: f64,
    },

    /// `default_uptake` is not greater than zero.
    #[error("default_uptake must be greater than 0 (got {default_uptake})")]
    #[tool_error(
        suggest = "Give default_uptake as a positive rate in mmol/gDW/h, e.g. 100",
        suggest = "Use custom_bounds to restrict individual compounds instead"
    )]
    NegativeUptake {
        /// The value as given.
        default_uptake: f64,
    },

    /// A `custom_bounds` key is not one of the media's compounds.
    #[error("custom_bounds key '{compound_id}' is not in the compounds list")]
    #[tool_error(
        suggest = "Add '{compound_id}' to compounds, or remove it from custom_bounds",
        suggest = "Check the custom_bounds keys for typos"
    )]
    CompoundNotInList {
        /// The key that is not a compound of the media.
        compound_id: String,
        /// The media's compounds.
        compounds: Vec<String>,
    },
}

impl MediaError {
    /// `INVALID_COMPOUND_IDS`; the counts are computed.
    pub fn invalid_compound_ids(
        invalid_ids: Vec<String>,
        valid_ids: Vec<String>,
        total_provided: usize,
    ) -> Self {
        MediaError::InvalidCompoundIds {
            total_invalid: invalid_ids.len(),
            invalid_ids,
            valid_ids,
            total_provided,
        }
    }
}

/// `build_model` errors that are not library failures.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux", legacy_jsonrpc)]
pub enum ModelError {
    /// Sequences with characters outside the amino acid alphabet, empty sequences or
    /// malformed sequence IDs.
    #[error(
        "{total_invalid} protein {} invalid characters",
        if *.total_invalid == 1 { "sequence contains" } else { "sequences contain" }
    )]
    #[tool_error(
        kind = validation,
        category = "validation_error",
        suggest = "Use standard amino acid alphabet: ACDEFGHIKLMNPQRSTVWY",
        suggest = "Remove sequences with ambiguous residues (X, B, Z)",
        suggest = "Verify sequences are protein (not DNA/RNA)",
        suggest = "Check for empty sequences"
    )]
    InvalidProteinSequences {
        /// Sequence ID to what is wrong with it.
        invalid_sequences: BTreeMap<String, String>,
        /// The IDs of the good sequences.
        valid_sequences: Vec<String>,
        /// How many sequences the call had.
        total_sequences: usize,
        /// `invalid_sequences.len()`.
        total_invalid: usize,
        /// Always [`AMINO_ACIDS`].
        allowed_characters: &'static str,
    },

    /// `protein_sequences` is empty.
    #[error("No protein sequences provided")]
    #[tool_error(
        kind = validation,
        category = "validation_error",
        suggest = "Provide protein_sequences as an object of sequence ID to amino acid sequence",
        suggest = "Translate genes to protein before calling build_model"
    )]
    EmptyProteinSequences,

    /// The template name is not one the server knows.
    #[error("Template '{template}' is not a valid template name")]
    #[tool_error(
        kind = validation,
        category = "validation_error",
        suggest = "Verify template name is valid: GramNegative, GramPositive, Core",
        suggest = "Template names are case-sensitive"
    )]
    InvalidTemplateName {
        /// The name as given.
        template: String,
        /// The names that are valid.
        valid_templates: Vec<String>,
    },

    /// RAST annotation was requested while the server runs offline.
    #[error("RAST annotation requested but unavailable (server is in offline mode)")]
    #[tool_error(
        kind = conflict,
        category = "library_error",
        suggest = "Retry build_model without requesting RAST annotation",
        suggest = "Ask the operator to run the server with network access if annotation is required"
    )]
    RastUnavailable,
}

impl ModelError {
    /// `INVALID_PROTEIN_SEQUENCES`; the counts and alphabet are filled in.
    pub fn invalid_protein_sequences(
        invalid_sequences: BTreeMap<String, String>,
        valid_sequences: Vec<String>,
        total_sequences: usize,
    ) -> Self {
        ModelError::InvalidProteinSequences {
            total_invalid: invalid_sequences.len(),
            invalid_sequences,
            valid_sequences,
            total_sequences,
            allowed_characters: AMINO_ACIDS,
        }
    }

    /// `INVALID_TEMPLATE_NAME` listing [`TEMPLATE_NAMES`].
    pub fn invalid_template_name(template: impl Into<String>) -> Self {
        ModelError::InvalidTemplateName {
            template: template.into(),
            valid_templates: TEMPLATE_NAMES.iter().map(|name| name.to_string()).collect(),
        }
    }
}

/// `gapfill_model` argument errors and outcomes.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux", legacy_jsonrpc)]
pub enum GapfillError {
    /// No combination of template reactions lets the model grow in the media.
    #[error("Gapfilling could not find solution to enable growth in specified media")]
    #[tool_error(
        kind = conflict,
        category = "infeasibility_error",
        suggest = "Verify media contains carbon source (glucose, acetate, etc.)",
        suggest = "Try increasing max_complexity parameter",
        suggest = "Check media with get_compound_name for each compound",
        suggest = "Try complete media (LB, M9+aa) instead of minimal media",
        suggest = "Verify model has biomass reaction using export_model_json"
    )]
    GapfillInfeasible {
        /// The model gapfilled.
        model_id: String,
        /// The media gapfilled for.
        media_id: String,
        /// The growth rate asked for (1/h).
        target_growth: f64,
        /// The largest number of reactions allowed.
        max_complexity: u32,
        /// How many compounds the media has.
        media_compounds: usize,
        /// How many template reactions could be added.
        template_reactions_available: usize,
    },

    /// `target_growth` is not in `0 < target_growth < 5`.
    #[error(
        "target_growth must be greater than 0 and less than {} (got {target_growth})",
        MAX_TARGET_GROWTH
    )]
    #[tool_error(
        kind = validation,
        category = "validation_error",
        suggest = "Use a small positive target such as 0.01",
        suggest = "Typical growth rates are 0.1-2.0 per hour"
    )]
    InvalidTargetGrowth {
        /// The value as given.
        target_growth: f64,
    },

    /// `max_complexity` is outside `1..=MAX_COMPLEXITY_LIMIT`.
    #[error(
        "max_complexity must be between 1 and {} (got {max_complexity})",
        MAX_COMPLEXITY_LIMIT
    )]
    #[tool_error(
        kind = validation,
        category = "validation_error",
        suggest = "Start with max_complexity 10 and raise it if gapfilling is infeasible"
    )]
    InvalidMaxComplexity {
        /// The value as given.
        max_complexity: i64,
    },

    /// The solution found needs more reactions than `max_complexity` allows.
    #[error(
        "Gapfilling solution requires {required_reactions} reactions, more than max_complexity {max_complexity}"
    )]
    #[tool_error(
        kind = conflict,
        category = "infeasibility_error",
        suggest = "Retry with max_complexity of at least {required_reactions}",
        suggest = "Try richer media so fewer reactions are needed"
    )]
    MaxComplexityExceeded {
        /// The model gapfilled.
        model_id: String,
        /// The media gapfilled for.
        media_id: String,
        /// The limit given.
        max_complexity: u32,
        /// How many reactions the solution adds.
        required_reactions: usize,
    },
}

/// The largest `target_growth` accepted (exclusive): Gem-Flux's plausibility bound
/// for biomass flux (< 5 per hour).
pub const MAX_TARGET_GROWTH: f64 = 5.0;

/// The largest `max_complexity` accepted. Gem-Flux asks for a "reasonable" value
/// without naming one; gapfilling solutions rarely add more than a few dozen
/// reactions.
pub const MAX_COMPLEXITY_LIMIT: i64 = 100;

/// `run_fba` argument errors and solver outcomes.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux", legacy_jsonrpc)]
pub enum FbaError {
    /// The objective reaction is not in the model.
    #[error("Objective reaction '{objective}' not found in model '{model_id}'")]
    #[tool_error(
        kind = not_found,
        category = "not_found_error",
        suggest = "Use the model's biomass reaction (usually bio1) as objective",
        suggest = "Check reaction IDs in the model using export_model_json"
    )]
    ObjectiveNotFound {
        /// The model.
        model_id: String,
        /// The reaction asked for.
        objective: String,
    },

    /// The linear program has no feasible solution.
    #[error("FBA optimization failed - model infeasible in specified media")]
    #[tool_error(
        kind = conflict,
        category = "infeasibility_error",
        suggest = "Verify media contains essential nutrients (C, N, P, S sources)",
        suggest = "Check exchange reaction bounds are not too restrictive",
        suggest = "Try gapfilling model first if not already gapfilled",
        suggest = "Use get_compound_name to verify media composition",
        suggest = "Export model and check biomass reaction composition"
    )]
    FbaInfeasible {
        /// The model.
        model_id: String,
        /// The media.
        media_id: String,
        /// The objective reaction.
        objective: String,
        /// What the solver reported.
        solver_status: String,
        /// Reactions in the model.
        num_reactions: usize,
        /// Metabolites in the model.
        num_metabolites: usize,
        /// Exchange reactions in the model.
        num_exchange_reactions: usize,
    },

    /// The objective can grow without limit.
    #[error("FBA optimization failed - objective '{objective}' is unbounded")]
    #[tool_error(
        kind = conflict,
        category = "infeasibility_error",
        suggest = "Give every uptake a finite lower bound (e.g. -10) in the media",
        suggest = "Check the model for reaction loops that create mass",
        suggest = "Export model and check exchange reaction bounds"
    )]
    FbaUnbounded {
        /// The model.
        model_id: String,
        /// The media.
        media_id: String,
        /// The objective reaction.
        objective: String,
        /// What the solver reported.
        solver_status: String,
    },

    /// `flux_threshold` is negative.
    #[error("flux_threshold must be >= 0 (got {flux_threshold})")]
    #[tool_error(
        kind = validation,
        category = "validation_error",
        suggest = "Use 0 to report every non-zero flux, or a small positive value such as 1e-6"
    )]
    InvalidFluxThreshold {
        /// The value as given.
        flux_threshold: f64,
    },
}

/// Failures inside ModelSEEDpy or COBRApy.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(
    domain = "gem-flux",
    legacy_jsonrpc,
    kind = internal,
    category = "library_error"
)]
pub enum LibraryError {
    /// MSBuilder, MSGenome, MSGapfill or MSMedia raised an exception.
    #[error("ModelSEEDpy library error during {during}")]
    #[tool_error(
        message = "ModelSEEDpy library error during {during}",
        suggest = "Verify template name is valid: GramNegative, GramPositive, Core",
        suggest = "Check ModelSEEDpy templates loaded correctly at server startup",
        suggest = "Restart server if templates failed to load",
        suggest = "Check server logs for template loading errors"
    )]
    ModelseedpyError {
        /// Always `ModelSEEDpy`.
        library: &'static str,
        /// The call that failed, e.g. `MSBuilder.build_base_model`.
        operation: String,
        /// The Python exception class.
        exception_type: String,
        /// The Python exception text.
        exception_message: String,
        /// The template the call used, when one was involved.
        template_requested: Option<String>,
        /// What the tool was doing, e.g. `model building` (in the message only).
        #[tool_error(skip)]
        during: &'static str,
    },

    /// The linear programming solver failed.
    #[error("COBRApy solver failed during optimization")]
    #[tool_error(
        message = "COBRApy solver failed during optimization",
        suggest = "Try different solver if available (CPLEX, Gurobi, GLPK)",
        suggest = "Check model for numerical instability (very large/small coefficients)",
        suggest = "Verify model is well-formed using export_model_json",
        suggest = "Contact support if error persists"
    )]
    CobrapySolverError {
        /// Always `COBRApy`.
        library: &'static str,
        /// The call that failed, e.g. `model.optimize`.
        operation: String,
        /// The solver in use.
        solver: String,
        /// The Python exception class.
        exception_type: String,
        /// The Python exception text.
        exception_message: String,
    },

    /// A ModelSEEDpy template the call needs is not loaded (`build_model` and
    /// `gapfill_model`).
    #[error("Template '{template}' is not loaded")]
    #[tool_error(
        message = "Template '{template}' is not loaded",
        suggest = "Check ModelSEEDpy templates loaded correctly at server startup",
        suggest = "Restart server if templates failed to load",
        suggest = "Check server logs for template loading errors"
    )]
    TemplateNotLoaded {
        /// The template asked for.
        template: String,
        /// The templates the server has loaded.
        loaded_templates: Vec<String>,
    },
}

impl LibraryError {
    /// `MODELSEEDPY_ERROR` while `during` (e.g. `model building`).
    pub fn modelseedpy(
        during: &'static str,
        operation: impl Into<String>,
        exception_type: impl Into<String>,
        exception_message: impl Into<String>,
    ) -> Self {
        LibraryError::ModelseedpyError {
            library: "ModelSEEDpy",
            operation: operation.into(),
            exception_type: exception_type.into(),
            exception_message: exception_message.into(),
            template_requested: None,
            during,
        }
    }

    /// Records the template a `MODELSEEDPY_ERROR` involved.
    #[must_use]
    pub fn with_template(mut self, template: impl Into<String>) -> Self {
        if let LibraryError::ModelseedpyError {
            template_requested, ..
        } = &mut self
        {
            *template_requested = Some(template.into());
        }
        self
    }

    /// `COBRAPY_SOLVER_ERROR`.
    pub fn cobrapy_solver(
        operation: impl Into<String>,
        solver: impl Into<String>,
        exception_type: impl Into<String>,
        exception_message: impl Into<String>,
    ) -> Self {
        LibraryError::CobrapySolverError {
            library: "COBRApy",
            operation: operation.into(),
            solver: solver.into(),
            exception_type: exception_type.into(),
            exception_message: exception_message.into(),
        }
    }
}

/// The database files compounds and reactions are read from.
pub const COMPOUNDS_FILE: &str = "compounds.tsv";
/// See [`COMPOUNDS_FILE`].
pub const REACTIONS_FILE: &str = "reactions.tsv";

/// Errors of the database tools (`get_compound_name`, `get_reaction_name`,
/// `search_compounds`, `search_reactions`).
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux", legacy_jsonrpc)]
pub enum DatabaseError {
    /// The compound ID is well formed but not in the database.
    #[error("Compound '{requested_id}' not found in ModelSEED database")]
    #[tool_error(
        kind = not_found,
        category = "database_error",
        suggest = "Use search_compounds to find correct ID",
        suggest = "Check for typos in compound ID",
        suggest = "Verify compound exists in ModelSEED database",
        suggest = "Similar IDs listed in details.similar_ids"
    )]
    CompoundNotFound {
        /// The ID asked for.
        requested_id: String,
        /// The file looked in.
        database: &'static str,
        /// How many compounds the database holds.
        total_compounds: usize,
        /// Known IDs close to the one asked for.
        similar_ids: Vec<String>,
    },

    /// The reaction ID is well formed but not in the database.
    #[error("Reaction '{requested_id}' not found in ModelSEED database")]
    #[tool_error(
        kind = not_found,
        category = "database_error",
        suggest = "Use search_reactions to find correct ID",
        suggest = "Check for typos in reaction ID",
        suggest = "Similar IDs listed in details.similar_ids"
    )]
    ReactionNotFound {
        /// The ID asked for.
        requested_id: String,
        /// The file looked in.
        database: &'static str,
        /// How many reactions the database holds.
        total_reactions: usize,
        /// Known IDs close to the one asked for.
        similar_ids: Vec<String>,
    },

    /// The ID does not match `cpd\d{5}` / `rxn\d{5}`.
    #[error("'{requested_id}' does not match the expected ID pattern {expected_pattern}")]
    #[tool_error(
        kind = validation,
        category = "validation_error",
        suggest = "IDs are lowercase with five digits, e.g. {example}",
        suggest = "Use the search tools to find IDs by name"
    )]
    InvalidIdFormat {
        /// The ID asked for.
        requested_id: String,
        /// The pattern it must match.
        expected_pattern: &'static str,
        /// A valid ID of the same kind.
        example: &'static str,
        /// Known IDs the text probably stands for.
        similar_ids: Vec<String>,
    },

    /// The database files are not loaded.
    #[error("ModelSEED database '{database}' is not loaded")]
    #[tool_error(
        kind = internal,
        category = "database_error",
        message = "ModelSEED database '{database}' is not loaded",
        suggest = "Restart the server so it loads the database files",
        suggest = "Check server logs for database loading errors"
    )]
    DatabaseNotLoaded {
        /// The file that is missing.
        database: &'static str,
    },

    /// The search query is empty or blank.
    #[error("Search query is empty")]
    #[tool_error(
        kind = validation,
        category = "validation_error",
        suggest = "Search by name or ID fragment, e.g. \"glucose\""
    )]
    EmptyQuery,

    /// The result limit is not an integer from 1 to 100.
    #[error("limit must be an integer from 1 to 100 (got {limit})")]
    #[tool_error(
        kind = validation,
        category = "validation_error",
        suggest = "Use a limit such as 10"
    )]
    InvalidLimit {
        /// The value as given.
        limit: i64,
    },
}

/// Failures of the server itself. Gem-Flux names the `server_error` and
/// `timeout_error` types without codes; these two codes are ours.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux", legacy_jsonrpc)]
pub enum ServerError {
    /// The operation ran past its time limit.
    #[error("Operation '{operation}' exceeded the time limit of {timeout_seconds} seconds")]
    #[tool_error(
        kind = transient,
        category = "timeout_error",
        suggest = "Retry the call; the server may have been busy",
        suggest = "Reduce the problem size (e.g. lower max_complexity) if it keeps timing out"
    )]
    OperationTimeout {
        /// What ran out of time.
        operation: String,
        /// The limit.
        timeout_seconds: u64,
    },

    /// An unexpected failure; its text stays in the logs unless verbose.
    #[error("internal server error: {source}")]
    #[tool_error(kind = internal, category = "server_error")]
    InternalServerError {
        /// The cause.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

/// Every Gem-Flux error: what the tools return and what the server renders.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux")]
pub enum GemFluxError {
    /// A model or media ID is not in the session.
    #[error(transparent)]
    #[tool_error(transparent)]
    Session(#[from] SessionError),
    /// A `build_media` argument is wrong.
    #[error(transparent)]
    #[tool_error(transparent)]
    Media(#[from] MediaError),
    /// A `build_model` argument is wrong or RAST is unavailable.
    #[error(transparent)]
    #[tool_error(transparent)]
    Model(#[from] ModelError),
    /// A `gapfill_model` argument is wrong or gapfilling found no solution.
    #[error(transparent)]
    #[tool_error(transparent)]
    Gapfill(#[from] GapfillError),
    /// A `run_fba` argument is wrong or the solver found no optimum.
    #[error(transparent)]
    #[tool_error(transparent)]
    Fba(#[from] FbaError),
    /// ModelSEEDpy or COBRApy failed (boxed: its exception details are the largest
    /// variant, and every `Result` carries this enum).
    #[error(transparent)]
    #[tool_error(transparent)]
    Library(#[from] Box<LibraryError>),
    /// A database tool failed.
    #[error(transparent)]
    #[tool_error(transparent)]
    Database(#[from] DatabaseError),
    /// The server failed.
    #[error(transparent)]
    #[tool_error(transparent)]
    Server(#[from] ServerError),
}

impl From<LibraryError> for GemFluxError {
    fn from(error: LibraryError) -> Self {
        GemFluxError::Library(Box::new(error))
    }
}

/// The codes each tool can return: Gem-Flux's tool-specific lists, plus the two codes
/// its validation orders need but do not name.
pub const TOOL_CODES: &[(&str, &[&str])] = &[
    (
        "build_media",
        &[
            "INVALID_COMPOUND_IDS",
            "EMPTY_COMPOUNDS_LIST",
            "INVALID_BOUNDS_FORMAT",
            "BOUNDS_OUT_OF_ORDER",
            "NEGATIVE_UPTAKE",
            "COMPOUND_NOT_IN_LIST",
        ],
    ),
    (
        "build_model",
        &[
            "INVALID_PROTEIN_SEQUENCES",
            "EMPTY_PROTEIN_SEQUENCES",
            "INVALID_TEMPLATE_NAME",
            "MODELSEEDPY_ERROR",
            "RAST_UNAVAILABLE",
            // Validation step 5 ("Verify template loaded") needs a code Gem-Flux
            // lists only under gapfill_model.
            "TEMPLATE_NOT_LOADED",
        ],
    ),
    (
        "gapfill_model",
        &[
            "MODEL_NOT_FOUND",
            "MEDIA_NOT_FOUND",
            "GAPFILL_INFEASIBLE",
            "INVALID_TARGET_GROWTH",
            "TEMPLATE_NOT_LOADED",
            "MAX_COMPLEXITY_EXCEEDED",
            // Validation step 4 ("Check max_complexity reasonable") has no code in
            // Gem-Flux; named like its INVALID_TARGET_GROWTH.
            "INVALID_MAX_COMPLEXITY",
        ],
    ),
    (
        "run_fba",
        &[
            "MODEL_NOT_FOUND",
            "MEDIA_NOT_FOUND",
            "OBJECTIVE_NOT_FOUND",
            "FBA_INFEASIBLE",
            "FBA_UNBOUNDED",
            "COBRAPY_SOLVER_ERROR",
            "INVALID_FLUX_THRESHOLD",
        ],
    ),
    (
        "get_compound_name",
        &[
            "COMPOUND_NOT_FOUND",
            "INVALID_ID_FORMAT",
            "DATABASE_NOT_LOADED",
        ],
    ),
    (
        "get_reaction_name",
        &[
            "REACTION_NOT_FOUND",
            "INVALID_ID_FORMAT",
            "DATABASE_NOT_LOADED",
        ],
    ),
    (
        "search_compounds",
        &["EMPTY_QUERY", "INVALID_LIMIT", "DATABASE_NOT_LOADED"],
    ),
    (
        "search_reactions",
        &["EMPTY_QUERY", "INVALID_LIMIT", "DATABASE_NOT_LOADED"],
    ),
];
