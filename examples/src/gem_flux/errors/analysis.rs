//! The errors of the analysis tools: session lookups ([`SessionError`]),
//! `gapfill_model` ([`GapfillError`]) and `run_fba` ([`FbaError`]), with the bounds
//! their arguments are checked against.

use tool_error::ToolError;
use tool_error::next_call::Call;

use super::backend::LibraryTraceback;

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
        jsonrpc = -32001,
        suggest = "Use build_model tool to create a new model",
        suggest = "Check model_id spelling",
        suggest = "Available models listed in details.available_models",
        // Reading what exists comes before making something new.
        next_call(tool = "list_models", read_only),
        next_call(tool = "build_model", args(protein_sequences = _))
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
        jsonrpc = -32001,
        suggest = "Use build_media tool to create a new media",
        suggest = "Check media_id spelling",
        suggest = "Available media listed in details.available_media",
        next_call(tool = "list_media", read_only),
        next_call(tool = "build_media", args(compounds = _))
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

/// `gapfill_model` argument errors and outcomes.
#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(domain = "gem-flux", legacy_jsonrpc)]
pub enum GapfillError {
    /// No combination of template reactions lets the model grow in the media.
    // Gem-Flux shows this code twice: as the response to a gapfill whose search ran
    // to the end without a solution (`no_solution`: the search's figures), and as the
    // log entry of a gapfill that stopped with an exception (`raised`: only the
    // call's arguments, and the traceback as the cause). The message follows.
    #[error("{}", infeasible_message(.model_id, .media_id, .source.is_some()))]
    #[tool_error(
        jsonrpc = -32002,
        kind = conflict,
        category = "infeasibility_error",
        suggest = "Verify media contains carbon source (glucose, acetate, etc.)",
        suggest = "Try increasing max_complexity parameter",
        suggest = "Check media with get_compound_name for each compound",
        suggest = "Try complete media (LB, M9+aa) instead of minimal media",
        suggest = "Verify model has biomass reaction using export_model_json",
        next_call(tool = "get_media", args(media_id), read_only),
        next_call(tool = "export_model_json", args(model_id), read_only)
    )]
    GapfillInfeasible {
        /// The model gapfilled.
        model_id: String,
        /// The media gapfilled for.
        media_id: String,
        /// The growth rate asked for (1/h).
        target_growth: f64,
        /// The largest number of reactions allowed (reported with the search).
        max_complexity: Option<u32>,
        /// How many compounds the media has (reported with the search).
        media_compounds: Option<usize>,
        /// How many template reactions could be added (reported with the search).
        template_reactions_available: Option<usize>,
        /// The gapfiller's traceback, when it stopped with an exception (logged,
        /// never sent to the caller).
        source: Option<LibraryTraceback>,
    },

    /// `target_growth` is not in `0 < target_growth < 5`.
    #[error(
        "target_growth must be greater than 0 and less than {} (got {target_growth})",
        MAX_TARGET_GROWTH
    )]
    #[tool_error(
        jsonrpc = -32000,
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
        jsonrpc = -32000,
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
        jsonrpc = -32002,
        kind = conflict,
        category = "infeasibility_error",
        suggest = "Retry with max_complexity of at least {required_reactions}",
        suggest = "Use build_media to make a richer media, so fewer reactions are needed",
        // The failed call with only the limit raised: target_growth goes along, or
        // the retry would quietly ask for the default growth instead.
        next_call(
            tool = "gapfill_model",
            args(model_id, media_id, target_growth, max_complexity = required_reactions)
        )
    )]
    MaxComplexityExceeded {
        /// The model gapfilled.
        model_id: String,
        /// The media gapfilled for.
        media_id: String,
        /// The growth rate asked for (1/h).
        target_growth: f64,
        /// The limit given.
        max_complexity: u32,
        /// How many reactions the solution adds.
        required_reactions: usize,
    },
}

impl GapfillError {
    /// `GAPFILL_INFEASIBLE` after a search that found no solution, with the search's
    /// figures.
    pub fn no_solution(
        model_id: impl Into<String>,
        media_id: impl Into<String>,
        target_growth: f64,
        max_complexity: u32,
        media_compounds: usize,
        template_reactions_available: usize,
    ) -> Self {
        GapfillError::GapfillInfeasible {
            model_id: model_id.into(),
            media_id: media_id.into(),
            target_growth,
            max_complexity: Some(max_complexity),
            media_compounds: Some(media_compounds),
            template_reactions_available: Some(template_reactions_available),
            source: None,
        }
    }

    /// `GAPFILL_INFEASIBLE` when the gapfiller stopped with an exception: the call's
    /// arguments and the exception's traceback.
    pub fn raised(
        model_id: impl Into<String>,
        media_id: impl Into<String>,
        target_growth: f64,
        traceback: impl Into<String>,
    ) -> Self {
        GapfillError::GapfillInfeasible {
            model_id: model_id.into(),
            media_id: media_id.into(),
            target_growth,
            max_complexity: None,
            media_compounds: None,
            template_reactions_available: None,
            source: Some(LibraryTraceback(traceback.into())),
        }
    }
}

/// The message of `GAPFILL_INFEASIBLE`: "Gapfilling could not find solution ..."
/// after a search, "Gapfilling failed for <model> in <media>" after an exception.
fn infeasible_message(model_id: &str, media_id: &str, raised: bool) -> String {
    if raised {
        format!("Gapfilling failed for {model_id} in {media_id}")
    } else {
        "Gapfilling could not find solution to enable growth in specified media".to_owned()
    }
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
        jsonrpc = -32001,
        kind = not_found,
        category = "not_found_error",
        suggest = "Use the model's biomass reaction (usually bio1) as objective",
        suggest = "Check reaction IDs in the model using export_model_json",
        next_call(tool = "export_model_json", args(model_id), read_only)
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
        jsonrpc = -32002,
        kind = conflict,
        category = "infeasibility_error",
        suggest = "Verify media contains essential nutrients (C, N, P, S sources)",
        suggest = "Check exchange reaction bounds are not too restrictive",
        suggest = "Try gapfilling model first if not already gapfilled",
        suggest = "Use get_compound_name to verify media composition",
        suggest = "Export model and check biomass reaction composition",
        next_call(tool = "export_model_json", args(model_id), read_only),
        next_call(tool = "get_media", args(media_id), read_only)
    )]
    FbaInfeasible {
        /// The model.
        model_id: String,
        /// The media.
        media_id: String,
        /// The objective reaction.
        objective: String,
        /// What the solver reported.
        solver_status: &'static str,
        /// Reactions in the model.
        num_reactions: usize,
        /// Metabolites in the model.
        num_metabolites: usize,
        /// Exchange reactions in the model.
        num_exchange_reactions: usize,
        /// What fits the model's state, built by the run that failed: gapfilling a
        /// model that is not gapfilled, or FBA in the media a gapfilled model was
        /// gapfilled for, when that is another.
        #[tool_error(next_calls)]
        next: Option<Call>,
    },

    /// The objective can grow without limit.
    #[error("FBA optimization failed - objective '{objective}' is unbounded")]
    #[tool_error(
        jsonrpc = -32002,
        kind = conflict,
        category = "infeasibility_error",
        suggest = "Use build_media to give every uptake a finite lower bound (e.g. -10)",
        suggest = "Check the model for reaction loops that create mass with export_model_json",
        suggest = "Check exchange reaction bounds with export_model_json",
        next_call(tool = "get_media", args(media_id), read_only),
        next_call(tool = "export_model_json", args(model_id), read_only)
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
        jsonrpc = -32000,
        kind = validation,
        category = "validation_error",
        suggest = "Use 0 to report every non-zero flux, or a small positive value such as 1e-6"
    )]
    InvalidFluxThreshold {
        /// The value as given.
        flux_threshold: f64,
    },
}
