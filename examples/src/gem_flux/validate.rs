//! Argument checks for each tool, in the order Gem-Flux documents, as pure
//! functions: the first failing step decides the error.
//!
//! Where two consecutive steps share one code (compound ID format and existence;
//! sequence ID and sequence alphabet), the steps run together and the one error lists
//! every offending item, as Gem-Flux's `INVALID_COMPOUND_IDS` example does with a
//! malformed ID (`cpd00ABC`) beside an unknown one (`cpd99999`).

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use tool_error::next_call::Call;

use super::biochem::{Biochemistry, Compound, Reaction, is_compound_id, is_reaction_id};
use super::errors::{
    AMINO_ACIDS, COMPOUNDS_FILE, DatabaseError, FbaError, GapfillError, GemFluxError, LibraryError,
    MAX_COMPLEXITY_LIMIT, MAX_TARGET_GROWTH, MediaError, ModelError, REACTIONS_FILE, SessionError,
    TEMPLATE_NAMES,
};

/// How many similar IDs an error lists at most.
pub const MAX_SIMILAR_IDS: usize = 5;

/// `build_media` arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BuildMediaArgs {
    /// ModelSEED compound IDs of the media.
    pub compounds: Vec<String>,
    /// The uptake rate of every compound without custom bounds (mmol/gDW/h).
    pub default_uptake: f64,
    /// Per-compound `[lower, upper]` exchange bounds.
    #[serde(default)]
    pub custom_bounds: BTreeMap<String, Vec<f64>>,
}

/// Checks `build_media` arguments:
/// 1. compounds not empty (`EMPTY_COMPOUNDS_LIST`);
/// 2. every ID has the `cpd\d{5}` format and
/// 3. is in the database (`INVALID_COMPOUND_IDS`, listing all failures);
/// 4. `default_uptake > 0` (`NEGATIVE_UPTAKE`);
/// 5. every `custom_bounds` value is two finite numbers (`INVALID_BOUNDS_FORMAT`);
/// 6. every `custom_bounds` key is in compounds (`COMPOUND_NOT_IN_LIST`);
/// 7. every pair has `lower < upper` (`BOUNDS_OUT_OF_ORDER`).
///
/// Step 7 rejects `[0, 0]`, which Gem-Flux's general bounds section calls
/// "blocked": `build_media` documents `lower_bound >= upper_bound` as an error, and a
/// compound the media must not supply is simply left out of `compounds`.
pub fn validate_build_media(
    args: &BuildMediaArgs,
    database: &Biochemistry<'_>,
) -> Result<(), GemFluxError> {
    if args.compounds.is_empty() {
        return Err(MediaError::EmptyCompoundsList.into());
    }
    let (valid_ids, invalid_ids): (Vec<String>, Vec<String>) = args
        .compounds
        .iter()
        .cloned()
        .partition(|id| is_compound_id(id) && database.compound(id).is_some());
    if !invalid_ids.is_empty() {
        let total = args.compounds.len();
        return Err(MediaError::invalid_compound_ids(invalid_ids, valid_ids, total).into());
    }
    if !is_positive(args.default_uptake) {
        return Err(MediaError::NegativeUptake {
            default_uptake: args.default_uptake,
        }
        .into());
    }
    for (compound_id, value) in &args.custom_bounds {
        if !matches!(value.as_slice(), [lower, upper] if lower.is_finite() && upper.is_finite()) {
            return Err(MediaError::InvalidBoundsFormat {
                compound_id: compound_id.clone(),
                value: value.clone(),
            }
            .into());
        }
    }
    for compound_id in args.custom_bounds.keys() {
        if !args.compounds.contains(compound_id) {
            return Err(MediaError::CompoundNotInList {
                compound_id: compound_id.clone(),
                compounds: args.compounds.clone(),
            }
            .into());
        }
    }
    for (compound_id, value) in &args.custom_bounds {
        if let [lower, upper] = value.as_slice()
            && lower >= upper
        {
            return Err(MediaError::BoundsOutOfOrder {
                compound_id: compound_id.clone(),
                lower_bound: *lower,
                upper_bound: *upper,
            }
            .into());
        }
    }
    Ok(())
}

/// `build_model` arguments.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BuildModelArgs {
    /// Sequence ID to amino acid sequence.
    pub protein_sequences: BTreeMap<String, String>,
    /// The template name, one of [`TEMPLATE_NAMES`].
    pub template: String,
    /// Whether to annotate the genome with RAST first.
    #[serde(default)]
    pub annotate_with_rast: bool,
}

/// What the server has available, for the steps that check it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServerResources {
    /// The templates loaded at startup.
    pub loaded_templates: Vec<String>,
    /// Whether RAST annotation can be reached (false in offline mode).
    pub rast_available: bool,
}

/// Checks `build_model` arguments:
/// 1. `protein_sequences` not empty (`EMPTY_PROTEIN_SEQUENCES`);
/// 2. every sequence ID is non-empty without whitespace and
/// 3. every sequence is non-empty and uses only [`AMINO_ACIDS`]
///    (`INVALID_PROTEIN_SEQUENCES`, listing all failures);
/// 4. the template name is valid (`INVALID_TEMPLATE_NAME`);
/// 5. the template is loaded (`TEMPLATE_NOT_LOADED`);
/// 6. RAST is available if requested (`RAST_UNAVAILABLE`).
pub fn validate_build_model(
    args: &BuildModelArgs,
    resources: &ServerResources,
) -> Result<(), GemFluxError> {
    if args.protein_sequences.is_empty() {
        return Err(ModelError::EmptyProteinSequences.into());
    }
    let mut invalid = BTreeMap::new();
    let mut valid = Vec::new();
    for (id, sequence) in &args.protein_sequences {
        match sequence_problem(id, sequence) {
            Some(problem) => {
                invalid.insert(id.clone(), problem);
            }
            None => valid.push(id.clone()),
        }
    }
    if !invalid.is_empty() {
        let total = args.protein_sequences.len();
        return Err(ModelError::invalid_protein_sequences(invalid, valid, total).into());
    }
    if !TEMPLATE_NAMES.contains(&args.template.as_str()) {
        return Err(ModelError::invalid_template_name(&args.template).into());
    }
    check_template_loaded(&args.template, resources)?;
    if args.annotate_with_rast && !resources.rast_available {
        return Err(ModelError::RastUnavailable.into());
    }
    Ok(())
}

/// What is wrong with one sequence, in Gem-Flux's wording; positions count from 1.
fn sequence_problem(id: &str, sequence: &str) -> Option<String> {
    if id.is_empty() || id.chars().any(char::is_whitespace) {
        return Some("Invalid sequence ID: must be non-empty without whitespace".to_owned());
    }
    if sequence.is_empty() {
        return Some("Empty sequence".to_owned());
    }
    sequence
        .chars()
        .enumerate()
        .find(|(_, residue)| !AMINO_ACIDS.contains(*residue))
        .map(|(index, residue)| {
            format!(
                "Contains invalid character '{residue}' at position {}",
                index + 1
            )
        })
}

fn check_template_loaded(template: &str, resources: &ServerResources) -> Result<(), GemFluxError> {
    if resources.loaded_templates.iter().any(|t| t == template) {
        Ok(())
    } else {
        Err(LibraryError::TemplateNotLoaded {
            template: template.to_owned(),
            loaded_templates: resources.loaded_templates.clone(),
        }
        .into())
    }
}

/// What the validators need to know about the session.
pub trait SessionState {
    /// Every model ID, sorted.
    fn model_ids(&self) -> Vec<String>;
    /// Every media ID, sorted.
    fn media_ids(&self) -> Vec<String>;
    /// Whether the model exists.
    fn has_model(&self, model_id: &str) -> bool;
    /// Whether the media exists.
    fn has_media(&self, media_id: &str) -> bool;
    /// Whether the model has the reaction (false when the model does not exist).
    fn model_has_reaction(&self, model_id: &str, reaction_id: &str) -> bool;
}

/// A plain [`SessionState`]: model IDs with their reaction IDs, and media IDs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SessionSnapshot {
    /// Model ID to the IDs of its reactions.
    pub models: BTreeMap<String, BTreeSet<String>>,
    /// Media IDs.
    pub media: BTreeSet<String>,
}

impl SessionState for SessionSnapshot {
    fn model_ids(&self) -> Vec<String> {
        self.models.keys().cloned().collect()
    }
    fn media_ids(&self) -> Vec<String> {
        self.media.iter().cloned().collect()
    }
    fn has_model(&self, model_id: &str) -> bool {
        self.models.contains_key(model_id)
    }
    fn has_media(&self, media_id: &str) -> bool {
        self.media.contains(media_id)
    }
    fn model_has_reaction(&self, model_id: &str, reaction_id: &str) -> bool {
        self.models
            .get(model_id)
            .is_some_and(|reactions| reactions.contains(reaction_id))
    }
}

fn check_model_and_media(
    session: &dyn SessionState,
    model_id: &str,
    media_id: &str,
) -> Result<(), GemFluxError> {
    if !session.has_model(model_id) {
        return Err(SessionError::model_not_found(model_id, session.model_ids()).into());
    }
    if !session.has_media(media_id) {
        return Err(SessionError::media_not_found(media_id, session.media_ids()).into());
    }
    Ok(())
}

/// `gapfill_model` arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GapfillArgs {
    /// The model to gapfill.
    pub model_id: String,
    /// The media it must grow in.
    pub media_id: String,
    /// The growth rate to reach (1/h).
    pub target_growth: f64,
    /// The most reactions the solution may add.
    pub max_complexity: i64,
    /// The template reactions are drawn from.
    pub template: String,
}

/// Checks `gapfill_model` arguments:
/// 1. the model exists (`MODEL_NOT_FOUND`);
/// 2. the media exists (`MEDIA_NOT_FOUND`);
/// 3. `0 < target_growth < 5` (`INVALID_TARGET_GROWTH`);
/// 4. `1 <= max_complexity <= 100` (`INVALID_MAX_COMPLEXITY`);
/// 5. the template is loaded (`TEMPLATE_NOT_LOADED`).
///
/// Steps 6 and 7 (gapfilling and its feasibility) are the operation itself; their
/// errors are `GAPFILL_INFEASIBLE` and `MAX_COMPLEXITY_EXCEEDED`.
pub fn validate_gapfill(
    args: &GapfillArgs,
    session: &dyn SessionState,
    resources: &ServerResources,
) -> Result<(), GemFluxError> {
    check_model_and_media(session, &args.model_id, &args.media_id)?;
    if !(args.target_growth > 0.0 && args.target_growth < MAX_TARGET_GROWTH) {
        return Err(GapfillError::InvalidTargetGrowth {
            target_growth: args.target_growth,
        }
        .into());
    }
    if !(1..=MAX_COMPLEXITY_LIMIT).contains(&args.max_complexity) {
        return Err(GapfillError::InvalidMaxComplexity {
            max_complexity: args.max_complexity,
        }
        .into());
    }
    check_template_loaded(&args.template, resources)
}

/// `run_fba` arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FbaArgs {
    /// The model to optimise.
    pub model_id: String,
    /// The media constraining its exchanges.
    pub media_id: String,
    /// The objective reaction, usually the biomass reaction `bio1`.
    pub objective: String,
    /// Fluxes below this magnitude are reported as zero.
    pub flux_threshold: f64,
}

/// Checks `run_fba` arguments:
/// 1. the model exists (`MODEL_NOT_FOUND`);
/// 2. the media exists (`MEDIA_NOT_FOUND`);
/// 3. the objective reaction is in the model (`OBJECTIVE_NOT_FOUND`);
/// 4. `flux_threshold >= 0` (`INVALID_FLUX_THRESHOLD`).
///
/// Steps 5 to 8 (constraints, optimisation, status) are the operation itself; their
/// errors are `FBA_INFEASIBLE`, `FBA_UNBOUNDED` and `COBRAPY_SOLVER_ERROR`.
pub fn validate_fba(args: &FbaArgs, session: &dyn SessionState) -> Result<(), GemFluxError> {
    check_model_and_media(session, &args.model_id, &args.media_id)?;
    if !session.model_has_reaction(&args.model_id, &args.objective) {
        return Err(FbaError::ObjectiveNotFound {
            model_id: args.model_id.clone(),
            objective: args.objective.clone(),
        }
        .into());
    }
    if !is_non_negative(args.flux_threshold) {
        return Err(FbaError::InvalidFluxThreshold {
            flux_threshold: args.flux_threshold,
        }
        .into());
    }
    Ok(())
}

/// A search by name with `tool`, the query the caller's own: what a malformed ID
/// is offered, for the kind of ID the caller wanted.
fn search(tool: &'static str) -> Call {
    Call::new(tool)
        .caller_supplies("query")
        .with("limit", 5)
        .read_only()
}

/// `get_compound_name`:
/// 1. the database is loaded (`DATABASE_NOT_LOADED`);
/// 2. the ID matches `cpd\d{5}` (`INVALID_ID_FORMAT`);
/// 3. the ID is in the database (`COMPOUND_NOT_FOUND`, with similar IDs).
pub fn lookup_compound<'a>(
    database: Option<&Biochemistry<'a>>,
    id: &str,
) -> Result<&'a Compound, GemFluxError> {
    let database = database.ok_or(DatabaseError::DatabaseNotLoaded {
        database: COMPOUNDS_FILE,
    })?;
    if !is_compound_id(id) {
        return Err(DatabaseError::InvalidIdFormat {
            requested_id: id.to_owned(),
            expected_pattern: r"cpd\d{5}",
            example: "cpd00027",
            similar_ids: owned(database.similar_compound_ids(id, MAX_SIMILAR_IDS)),
            search: Some(search("search_compounds")),
        }
        .into());
    }
    database.compound(id).ok_or_else(|| {
        DatabaseError::CompoundNotFound {
            requested_id: id.to_owned(),
            database: COMPOUNDS_FILE,
            total_compounds: database.compound_count(),
            similar_ids: owned(database.similar_compound_ids(id, MAX_SIMILAR_IDS)),
        }
        .into()
    })
}

/// `get_reaction_name`: as [`lookup_compound`], for `rxn\d{5}` IDs.
pub fn lookup_reaction<'a>(
    database: Option<&Biochemistry<'a>>,
    id: &str,
) -> Result<&'a Reaction, GemFluxError> {
    let database = database.ok_or(DatabaseError::DatabaseNotLoaded {
        database: REACTIONS_FILE,
    })?;
    if !is_reaction_id(id) {
        return Err(DatabaseError::InvalidIdFormat {
            requested_id: id.to_owned(),
            expected_pattern: r"rxn\d{5}",
            example: "rxn00001",
            similar_ids: owned(database.similar_reaction_ids(id, MAX_SIMILAR_IDS)),
            search: Some(search("search_reactions")),
        }
        .into());
    }
    database.reaction(id).ok_or_else(|| {
        DatabaseError::ReactionNotFound {
            requested_id: id.to_owned(),
            database: REACTIONS_FILE,
            total_reactions: database.reaction_count(),
            similar_ids: owned(database.similar_reaction_ids(id, MAX_SIMILAR_IDS)),
        }
        .into()
    })
}

/// What a search looks through.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchTarget {
    /// `search_compounds`.
    Compounds,
    /// `search_reactions`.
    Reactions,
}

/// `search_compounds` / `search_reactions`:
/// 1. the database is loaded (`DATABASE_NOT_LOADED`);
/// 2. the query is not blank (`EMPTY_QUERY`);
/// 3. the limit is positive and at most [`MAX_SEARCH_LIMIT`] (`INVALID_LIMIT`).
///
/// Returns the trimmed query and the limit.
pub fn validate_search<'q>(
    database: Option<&Biochemistry<'_>>,
    target: SearchTarget,
    query: &'q str,
    limit: i64,
) -> Result<(&'q str, usize), GemFluxError> {
    if database.is_none() {
        let database = match target {
            SearchTarget::Compounds => COMPOUNDS_FILE,
            SearchTarget::Reactions => REACTIONS_FILE,
        };
        return Err(DatabaseError::DatabaseNotLoaded { database }.into());
    }
    let query = query.trim();
    if query.is_empty() {
        return Err(DatabaseError::EmptyQuery.into());
    }
    match usize::try_from(limit) {
        Ok(limit) if (1..=MAX_SEARCH_LIMIT).contains(&limit) => Ok((query, limit)),
        _ => Err(DatabaseError::InvalidLimit { limit }.into()),
    }
}

/// The largest page a search returns. Gem-Flux asks only for a positive limit;
/// an upper bound keeps one call from returning the whole database.
pub const MAX_SEARCH_LIMIT: usize = 100;

/// The checks above that a JSON Schema `pattern` can say, for the tools' input
/// schemas: each pattern refuses exactly the strings its check refuses.
///
/// Whitespace is spelled out as Unicode's White_Space, what [`str::trim`] and
/// [`char::is_whitespace`] know, rather than as `\s`, whose meaning differs between
/// regex engines (ECMAScript's, which JSON Schema names, leaves out U+0085 and adds
/// U+FEFF).
pub mod patterns {
    /// Unicode's White_Space, as the inside of a character class.
    macro_rules! white_space {
        () => {
            r"\t-\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000"
        };
    }

    /// A compound ID as [`lookup_compound`](super::lookup_compound) and
    /// [`validate_build_media`](super::validate_build_media) accept its form:
    /// `cpd` and five ASCII digits (`INVALID_ID_FORMAT`, `INVALID_COMPOUND_IDS`).
    pub const COMPOUND_ID: &str = "^cpd[0-9]{5}$";
    /// A reaction ID as [`lookup_reaction`](super::lookup_reaction) accepts its
    /// form: `rxn` and five ASCII digits (`INVALID_ID_FORMAT`).
    pub const REACTION_ID: &str = "^rxn[0-9]{5}$";
    /// A search query that is not blank: a character other than whitespace
    /// (`EMPTY_QUERY`).
    pub const QUERY: &str = concat!("[^", white_space!(), "]");
    /// A protein sequence ID: not empty, no whitespace (`INVALID_PROTEIN_SEQUENCES`).
    pub const SEQUENCE_ID: &str = concat!("^[^", white_space!(), "]+$");
    /// A protein sequence: not empty, only the letters of
    /// [`AMINO_ACIDS`](crate::gem_flux::errors::AMINO_ACIDS) (`INVALID_PROTEIN_SEQUENCES`).
    pub const SEQUENCE: &str = "^[ACDEFGHIKLMNPQRSTVWY]+$";
}

// NaN is neither: these spell that out where `!(x > 0.0)` would hide it.
fn is_positive(value: f64) -> bool {
    value > 0.0
}

fn is_non_negative(value: f64) -> bool {
    value >= 0.0
}

fn owned(ids: Vec<&str>) -> Vec<String> {
    ids.into_iter().map(str::to_owned).collect()
}
