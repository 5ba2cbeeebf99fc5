//! [`GemFluxError`], the umbrella over every group, and [`TOOL_CODES`], the codes
//! each tool can return.

use tool_error::ToolError;

use super::analysis::{FbaError, GapfillError, SessionError};
use super::backend::{DatabaseError, LibraryError, ServerError};
use super::building::{MediaError, ModelError};

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
    /// A `gapfill_model` argument is wrong or gapfilling found no solution (boxed:
    /// an infeasible gapfill carries the call, the search's figures and a traceback).
    #[error(transparent)]
    #[tool_error(transparent)]
    Gapfill(#[from] Box<GapfillError>),
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

impl From<GapfillError> for GemFluxError {
    fn from(error: GapfillError) -> Self {
        GemFluxError::Gapfill(Box::new(error))
    }
}

/// The codes each tool can return: Gem-Flux's tool-specific lists, a list it gives
/// to two tools jointly given to each of them, plus the two codes its validation
/// orders need but do not name.
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
    // Gem-Flux gives the two name lookups one list, headed by both names; each
    // tool gets the whole list, as written.
    (
        "get_compound_name",
        &[
            "COMPOUND_NOT_FOUND",
            "REACTION_NOT_FOUND",
            "INVALID_ID_FORMAT",
            "DATABASE_NOT_LOADED",
        ],
    ),
    (
        "get_reaction_name",
        &[
            "COMPOUND_NOT_FOUND",
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
