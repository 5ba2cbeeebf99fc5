//! The errors of the model-building tools: `build_media` ([`MediaError`]) and
//! `build_model` ([`ModelError`]), with the alphabet and template names they check
//! against.

use std::collections::BTreeMap;

use tool_error::ToolError;

/// The amino acid alphabet protein sequences must use.
pub const AMINO_ACIDS: &str = "ACDEFGHIKLMNPQRSTVWY";

/// The templates `build_model` accepts.
pub const TEMPLATE_NAMES: [&str; 3] = ["GramNegative", "GramPositive", "Core"];

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
    #[error("{}", .report.message(*.total_invalid))]
    #[tool_error(jsonrpc = -32000, next_call(tool = "search_compounds", args(query = _, limit = 5), read_only))]
    InvalidCompoundIds {
        /// The rejected IDs, in the order given.
        invalid_ids: Vec<String>,
        /// The accepted IDs, in the order given.
        valid_ids: Vec<String>,
        /// How many IDs the call had (in the database check's report).
        total_provided: Option<usize>,
        /// `invalid_ids.len()`.
        total_invalid: usize,
        /// `valid_ids.len()` (in the general report).
        total_valid: Option<usize>,
        /// Which of Gem-Flux's two wordings this is; its suggestions are the
        /// response's.
        #[tool_error(suggestions)]
        report: CompoundIdReport,
    },

    /// The compounds list is empty.
    #[error("No compounds provided: the compounds list is empty")]
    #[tool_error(
        jsonrpc = -32000,
        suggest = "Provide at least one ModelSEED compound ID, e.g. cpd00027 (D-Glucose)",
        suggest = "Use search_compounds tool to find compound IDs",
        next_call(tool = "search_compounds", args(query = _, limit = 5), read_only)
    )]
    EmptyCompoundsList,

    /// A `custom_bounds` value is not `[lower, upper]` with two finite numbers.
    #[error("custom_bounds for '{compound_id}' must be [lower, upper] with two finite numbers")]
    #[tool_error(
        jsonrpc = -32000,
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
        jsonrpc = -32000,
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
        jsonrpc = -32000,
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
        jsonrpc = -32000,
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
    /// `INVALID_COMPOUND_IDS` as `build_media`'s database check reports it:
    /// "2 compound IDs not found in ModelSEED database", with how many IDs the call
    /// had. The counts are computed.
    pub fn invalid_compound_ids(
        invalid_ids: Vec<String>,
        valid_ids: Vec<String>,
        total_provided: usize,
    ) -> Self {
        MediaError::InvalidCompoundIds {
            total_invalid: invalid_ids.len(),
            invalid_ids,
            valid_ids,
            total_provided: Some(total_provided),
            total_valid: None,
            report: CompoundIdReport::NotInDatabase,
        }
    }

    /// `INVALID_COMPOUND_IDS` in the general wording of Gem-Flux's response
    /// structure: "Invalid compound IDs provided", with how many IDs were valid and
    /// how many not. The counts are computed.
    pub fn invalid_compound_ids_provided(invalid_ids: Vec<String>, valid_ids: Vec<String>) -> Self {
        MediaError::InvalidCompoundIds {
            total_invalid: invalid_ids.len(),
            total_valid: Some(valid_ids.len()),
            invalid_ids,
            valid_ids,
            total_provided: None,
            report: CompoundIdReport::InvalidProvided,
        }
    }
}

/// How an `INVALID_COMPOUND_IDS` response is worded. Gem-Flux documents the code
/// twice, with different messages, counts and suggestions: once as the general
/// shape of every error response, once as what `build_media` reports after
/// checking the IDs against the database. One code, so one variant; this says which
/// wording it carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompoundIdReport {
    /// `build_media`'s database check: "2 compound IDs not found in ModelSEED
    /// database", with `total_provided`.
    NotInDatabase,
    /// The general wording: "Invalid compound IDs provided", with `total_valid`.
    InvalidProvided,
}

impl CompoundIdReport {
    /// The message for `total_invalid` rejected IDs.
    pub fn message(self, total_invalid: usize) -> String {
        match self {
            CompoundIdReport::NotInDatabase => {
                let ids = if total_invalid == 1 { "ID" } else { "IDs" };
                format!("{total_invalid} compound {ids} not found in ModelSEED database")
            }
            CompoundIdReport::InvalidProvided => "Invalid compound IDs provided".to_owned(),
        }
    }

    /// The suggestions, most useful first.
    pub const fn suggestions(self) -> &'static [&'static str] {
        match self {
            CompoundIdReport::NotInDatabase => &[
                "Use search_compounds tool to find correct compound IDs",
                "Common compounds: cpd00027 (glucose), cpd00007 (O2), cpd00001 (H2O)",
                "Check for typos in compound IDs",
            ],
            CompoundIdReport::InvalidProvided => &[
                "Verify compound IDs against ModelSEED database using search_compounds tool",
                "Check for typos in compound IDs",
                "Use get_compound_name to validate individual IDs",
            ],
        }
    }
}

// What the derive reads from a `suggestions` field: its items, in order.
impl IntoIterator for &CompoundIdReport {
    type Item = &'static &'static str;
    type IntoIter = core::slice::Iter<'static, &'static str>;

    fn into_iter(self) -> Self::IntoIter {
        self.suggestions().iter()
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
        jsonrpc = -32000,
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
        jsonrpc = -32000,
        kind = validation,
        category = "validation_error",
        suggest = "Provide protein_sequences as an object of sequence ID to amino acid sequence",
        suggest = "Translate genes to protein before calling build_model"
    )]
    EmptyProteinSequences,

    /// The template name is not one the server knows.
    #[error("Template '{template}' is not a valid template name")]
    #[tool_error(
        jsonrpc = -32000,
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
        jsonrpc = -32003,
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
