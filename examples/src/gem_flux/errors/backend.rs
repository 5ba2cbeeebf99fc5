//! Failures below the tools: ModelSEEDpy and COBRApy ([`LibraryError`]), the
//! biochemistry database ([`DatabaseError`]) and the server itself
//! ([`ServerError`]).

use tool_error::ToolError;
use tool_error::next_call::Call;

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
        jsonrpc = -32003,
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
        jsonrpc = -32003,
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
        jsonrpc = -32003,
        message = "Template '{template}' is not loaded",
        suggest = "Use build_model with a template listed in details.loaded_templates",
        suggest = "Ask the operator to restart the server if '{template}' failed to load"
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

/// The traceback a library exception came with, as the library wrote it. It is the
/// cause of the error it explains: server logs show it, responses never do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibraryTraceback(pub String);

impl std::fmt::Display for LibraryTraceback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for LibraryTraceback {}

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
        jsonrpc = -32004,
        kind = not_found,
        category = "database_error",
        suggest = "Use search_compounds to find correct ID",
        suggest = "Check for typos in compound ID",
        suggest = "Verify compound exists in ModelSEED database",
        suggest = "Similar IDs listed in details.similar_ids",
        next_call(tool = "search_compounds", args(query = _, limit = 5), read_only)
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
        jsonrpc = -32004,
        kind = not_found,
        category = "database_error",
        suggest = "Use search_reactions to find correct ID",
        suggest = "Check for typos in reaction ID",
        suggest = "Similar IDs listed in details.similar_ids",
        next_call(tool = "search_reactions", args(query = _, limit = 5), read_only)
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
        jsonrpc = -32000,
        kind = validation,
        category = "validation_error",
        suggest = "IDs are lowercase with five digits, e.g. {example}",
        suggest = "Similar IDs listed in details.similar_ids",
        suggest = "Use search_compounds or search_reactions to find IDs by name"
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
        /// The search for IDs of the kind the caller wanted: the failing lookup
        /// knows whether that was a compound's or a reaction's.
        #[tool_error(next_calls)]
        search: Option<Call>,
    },

    /// The database files are not loaded.
    #[error("ModelSEED database '{database}' is not loaded")]
    #[tool_error(
        jsonrpc = -32004,
        kind = internal,
        category = "database_error",
        message = "ModelSEED database '{database}' is not loaded",
        suggest = "Tell the user the ModelSEED database is unavailable: retrying will not help",
        suggest = "Ask the operator to restart the server so it loads {database}"
    )]
    DatabaseNotLoaded {
        /// The file that is missing.
        database: &'static str,
    },

    /// The search query is empty or blank.
    #[error("Search query is empty")]
    #[tool_error(
        jsonrpc = -32000,
        kind = validation,
        category = "validation_error",
        suggest = "Search by name or ID fragment, e.g. \"glucose\""
    )]
    EmptyQuery,

    /// The result limit is not an integer from 1 to 100.
    #[error("limit must be an integer from 1 to 100 (got {limit})")]
    #[tool_error(
        jsonrpc = -32000,
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
        jsonrpc = -32005,
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
    #[tool_error(jsonrpc = -32603, kind = internal, category = "server_error")]
    InternalServerError {
        /// The cause.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}
