//! A toy, deterministic stand-in for metabolic models, gapfilling and flux balance
//! analysis, so `gem-flux-mcp` can serve `build_model`, `gapfill_model`, `run_fba`
//! and `export_model_json` without a solver. Nothing here solves a linear program:
//! each outcome follows from the rules below, which are simple enough to predict by
//! hand, and the errors are Gem-Flux's own.
//!
//! # What a model holds
//!
//! Every model is a [`ToyModel`] built over the embedded database
//! ([`Biochemistry::EMBEDDED`]):
//!
//! - metabolic reactions, ModelSEED reactions in the cytosol (`rxn00001_c0`). A
//!   draft holds [`DRAFT_REACTIONS`]: the three reactions of the embedded table
//!   among water, oxygen, peroxide, pyrophosphate and phosphate;
//! - one exchange reaction per database compound (`EX_cpd00027_e0`), bounds
//!   `[-1000, 1000]`, so any media built from the database can be applied;
//! - the biomass reaction `bio1`, the objective: a toy composition of energy
//!   (ATP, water) and amino acids (glutamate, glycine, alanine), which is why growth
//!   needs both carbon and nitrogen;
//! - the genes it was built from, and, once gapfilled, the model it came from and
//!   the media it was gapfilled for.
//!
//! Metabolites are counted as every database compound in the cytosol (`c0`) and the
//! extracellular space (`e0`). The draft `demo_draft` ([`ToyModel::demo_draft`]) is
//! a draft on the `GramNegative` template with five E. coli locus tags as genes;
//! `build_model` drafts look the same, with the caller's sequence IDs as genes.
//!
//! # Carbon and nitrogen sources
//!
//! Judged from the compound's formula alone ([`Formula`]): a **carbon source** has
//! carbon *and* hydrogen, i.e. it is organic; CO2 (`cpd00011`) is not one, since the
//! toy organism, like E. coli, cannot fix carbon. A **nitrogen source** has
//! nitrogen (ammonia `cpd00013`, amino acids, nucleotides). One compound can be both
//! (glycine). A compound whose formula cannot be read is neither.
//!
//! # Gapfilling ([`ToyModel::gapfill`])
//!
//! The template of every name holds the whole embedded reaction table. Gapfilling
//! succeeds when the media has at least one carbon source and at least one
//! nitrogen source, judged from formulas only: **uptake bounds are not looked
//! at**. Otherwise it is `GAPFILL_INFEASIBLE`. The solution adds every template
//! reaction the model lacks (four for a draft), unless that is more than
//! `max_complexity` (`MAX_COMPLEXITY_EXCEEDED`). The result is a new model,
//! `<model_id>.gf`, remembering the media; gapfilling the same model again
//! replaces it. `target_growth` is checked by the tool but any valid target is
//! reached.
//!
//! # Flux balance analysis ([`ToyModel::fba`])
//!
//! A model grows when it is gapfilled **and** the media has a carbon source and a
//! nitrogen source whose uptake is allowed (lower bound below zero). Otherwise it
//! is `FBA_INFEASIBLE`, with the model's real reaction, metabolite and exchange
//! counts. The toy takes, of each kind, the source with the largest allowed uptake
//! (the lower compound ID on a tie); the smaller of the two uptakes, capped at
//! [`MAX_SOURCE_UPTAKE`], is the flux through both exchanges, and growth (`bio1`)
//! is [`GROWTH_YIELD`] times it: glucose and ammonia at the default uptake of 100
//! give `0.1 × 10 = 1.0` per hour. Every other reaction carries no flux. The
//! objective value is the objective reaction's flux in that solution.
//!
//! # The deliberate quirk
//!
//! Because gapfilling reads formulas and FBA reads bounds, a media that lists
//! glucose with `custom_bounds` `[0, 100]` (secretion only) and ammonia gapfills
//! fine, yet FBA on the gapfilled model is infeasible: Gem-Flux's "FBA infeasible on
//! a gapfilled model" case, which `export_model_json` and `get_media` help explain.
//!
//! ```
//! use tool_error::ToolError;
//! use tool_error_examples::gem_flux::Biochemistry;
//! use tool_error_examples::gem_flux::toy::{MediaEntry, ToyMedia, ToyModel};
//!
//! let db = Biochemistry::EMBEDDED;
//! let entry = |id, lower_bound| MediaEntry { compound: db.compound(id).unwrap(), lower_bound };
//! // Glucose may only be secreted, ammonia taken up.
//! let media = ToyMedia {
//!     media_id: "media_001",
//!     entries: vec![entry("cpd00027", 0.0), entry("cpd00013", -100.0)],
//! };
//! let draft = ToyModel::demo_draft();
//! let (gapfilled, report) = draft.gapfill(&media, 0.01, 10).unwrap();
//! assert_eq!(report.gapfilled_model_id, "demo_draft.gf");
//! assert_eq!(report.num_reactions_added, 4);
//! let error = gapfilled.fba(&media, "bio1", 1e-6).unwrap_err();
//! assert_eq!(error.code(), "FBA_INFEASIBLE");
//! ```

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::Serialize;
use tool_error::next_call::Call;

use super::biochem::{Biochemistry, COMPOUNDS, Compound, REACTIONS, Reaction};
use super::errors::{FbaError, GapfillError};
use super::formula::Formula;

/// The ID of the draft every session starts with.
pub const DEMO_DRAFT_ID: &str = "demo_draft";
/// The template of [`ToyModel::demo_draft`], and of `build_model` when none is given.
pub const DEFAULT_TEMPLATE: &str = "GramNegative";
/// The biomass reaction, every model's objective.
pub const BIOMASS_ID: &str = "bio1";
/// What gapfilling appends to a model ID (ModelSEED's convention).
pub const GAPFILLED_SUFFIX: &str = ".gf";
/// The metabolic reactions of a draft: the embedded reactions whose compounds are
/// all in the embedded compound table.
pub const DRAFT_REACTIONS: [&str; 3] = ["rxn00001", "rxn00006", "rxn00008"];
/// The genes of [`ToyModel::demo_draft`]: E. coli K-12 locus tags (thrA, thrB, thrC,
/// dnaK, dnaJ).
pub const DEMO_DRAFT_GENES: [&str; 5] = ["b0002", "b0003", "b0004", "b0014", "b0015"];
/// Growth per unit of limiting uptake: 1/h per mmol/gDW/h.
pub const GROWTH_YIELD: f64 = 0.1;
/// The most a single source is taken up (mmol/gDW/h): the toy's transport capacity.
pub const MAX_SOURCE_UPTAKE: f64 = 10.0;
/// The magnitude of the model's own reaction bounds (mmol/gDW/h).
pub const MODEL_BOUND: f64 = 1000.0;
/// `solver_status` of an infeasible toy FBA, as COBRApy reports it.
pub const INFEASIBLE: &str = "infeasible";

/// Compartment suffixes: the cytosol and the extracellular space.
const CYTOSOL: &str = "c0";
const EXTRACELLULAR: &str = "e0";

/// The biomass composition: (compound, coefficient) consumed, then produced.
const BIOMASS_REACTANTS: [(&str, f64); 5] = [
    ("cpd00001", 40.0), // H2O
    ("cpd00002", 40.0), // ATP
    ("cpd00023", 0.5),  // L-Glutamate
    ("cpd00033", 0.6),  // Glycine
    ("cpd00035", 0.5),  // L-Alanine
];
const BIOMASS_PRODUCTS: [(&str, f64); 3] = [
    ("cpd00008", 40.0), // ADP
    ("cpd00009", 40.0), // Phosphate
    ("cpd00067", 40.0), // H+
];

/// Whether the compound is a carbon source: its formula has carbon and hydrogen.
pub fn is_carbon_source(compound: &Compound) -> bool {
    Formula::parse(compound.formula).is_some_and(|f| f.contains("C") && f.contains("H"))
}

/// Whether the compound is a nitrogen source: its formula has nitrogen.
pub fn is_nitrogen_source(compound: &Compound) -> bool {
    Formula::parse(compound.formula).is_some_and(|f| f.contains("N"))
}

/// One compound of a media as the toy reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MediaEntry<'a> {
    /// The compound.
    pub compound: &'a Compound,
    /// Its exchange lower bound; below zero allows uptake.
    pub lower_bound: f64,
}

/// A media as the toy reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct ToyMedia<'a> {
    /// The media's ID.
    pub media_id: &'a str,
    /// Its compounds.
    pub entries: Vec<MediaEntry<'a>>,
}

impl ToyMedia<'_> {
    /// The carbon sources, by formula, in media order.
    pub fn carbon_sources(&self) -> Vec<&Compound> {
        self.sources(is_carbon_source)
    }

    /// The nitrogen sources, by formula, in media order.
    pub fn nitrogen_sources(&self) -> Vec<&Compound> {
        self.sources(is_nitrogen_source)
    }

    fn sources(&self, is_source: fn(&Compound) -> bool) -> Vec<&Compound> {
        self.entries
            .iter()
            .map(|entry| entry.compound)
            .filter(|compound| is_source(compound))
            .collect()
    }

    /// The source of this kind with the largest allowed uptake (lower ID on a tie),
    /// with that uptake; `None` when no source of the kind may be taken up.
    fn best_uptake(&self, is_source: fn(&Compound) -> bool) -> Option<(&Compound, f64)> {
        let mut best: Option<(&Compound, f64)> = None;
        for entry in &self.entries {
            let uptake = -entry.lower_bound;
            let allowed = uptake > 0.0;
            if !allowed || !is_source(entry.compound) {
                continue;
            }
            let better = match best {
                None => true,
                Some((current, most)) => {
                    uptake > most || (uptake == most && entry.compound.id < current.id)
                }
            };
            if better {
                best = Some((entry.compound, uptake));
            }
        }
        best
    }
}

/// How a gapfilled model came to be.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Gapfilling {
    from_model: String,
    media_id: String,
}

/// One metabolic reaction of a model.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ModelReaction {
    reaction: &'static Reaction,
    gapfilled: bool,
}

impl ModelReaction {
    fn id(&self) -> String {
        format!("{}_{CYTOSOL}", self.reaction.id)
    }
}

/// A toy metabolic model (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToyModel {
    id: String,
    template: String,
    genes: Vec<String>,
    reactions: Vec<ModelReaction>,
    gapfilling: Option<Gapfilling>,
}

impl ToyModel {
    /// A draft: [`DRAFT_REACTIONS`], every exchange and `bio1`.
    pub fn draft(id: impl Into<String>, template: impl Into<String>, genes: Vec<String>) -> Self {
        let reactions = REACTIONS
            .iter()
            .filter(|reaction| DRAFT_REACTIONS.contains(&reaction.id))
            .map(|reaction| ModelReaction {
                reaction,
                gapfilled: false,
            })
            .collect();
        ToyModel {
            id: id.into(),
            template: template.into(),
            genes,
            reactions,
            gapfilling: None,
        }
    }

    /// `demo_draft`, the draft every session starts with.
    pub fn demo_draft() -> Self {
        let genes = DEMO_DRAFT_GENES
            .iter()
            .map(|gene| gene.to_string())
            .collect();
        ToyModel::draft(DEMO_DRAFT_ID, DEFAULT_TEMPLATE, genes)
    }

    /// The model's ID.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The template it was built on (and is gapfilled from).
    pub fn template(&self) -> &str {
        &self.template
    }

    /// Whether it came out of gapfilling.
    pub fn is_gapfilled(&self) -> bool {
        self.gapfilling.is_some()
    }

    /// The media it was gapfilled for.
    pub fn gapfilled_media(&self) -> Option<&str> {
        self.gapfilling.as_ref().map(|g| g.media_id.as_str())
    }

    /// What may help after FBA in `media_id` found no solution, by the model's
    /// state: a model that is not gapfilled is gapfilled for that media (which
    /// changes the session: not read-only); a model gapfilled for another media is
    /// run in that one. A model gapfilled for this very media is left to the
    /// declared calls (export the model, read the media): gapfilling it again
    /// cannot help.
    pub fn after_infeasible_fba(&self, media_id: &str) -> Option<Call> {
        match self.gapfilled_media() {
            None => Some(
                Call::new("gapfill_model")
                    .with("model_id", self.id.clone())
                    .with("media_id", media_id),
            ),
            Some(gapfilled_for) if gapfilled_for != media_id => Some(
                Call::new("run_fba")
                    .with("model_id", self.id.clone())
                    .with("media_id", gapfilled_for)
                    .read_only(),
            ),
            Some(_) => None,
        }
    }

    /// Every reaction ID: metabolic, exchange, then `bio1`.
    pub fn reaction_ids(&self) -> Vec<String> {
        let metabolic = self.reactions.iter().map(ModelReaction::id);
        let exchanges = COMPOUNDS.iter().map(exchange_id);
        metabolic
            .chain(exchanges)
            .chain([BIOMASS_ID.to_owned()])
            .collect()
    }

    /// Whether the model has a reaction with this ID.
    pub fn has_reaction(&self, reaction_id: &str) -> bool {
        reaction_id == BIOMASS_ID
            || self.reactions.iter().any(|r| r.id() == reaction_id)
            || COMPOUNDS.iter().any(|c| exchange_id(c) == reaction_id)
    }

    /// How many reactions: metabolic, exchange and biomass.
    pub fn num_reactions(&self) -> usize {
        self.reactions.len() + self.num_exchange_reactions() + 1
    }

    /// How many exchange reactions: one per database compound.
    pub fn num_exchange_reactions(&self) -> usize {
        COMPOUNDS.len()
    }

    /// How many metabolites: every database compound in `c0` and in `e0`.
    pub fn num_metabolites(&self) -> usize {
        2 * COMPOUNDS.len()
    }

    /// The template reactions the model lacks: what gapfilling adds.
    fn missing_reactions(&self) -> Vec<&'static Reaction> {
        REACTIONS
            .iter()
            .filter(|reaction| !self.reactions.iter().any(|r| r.reaction.id == reaction.id))
            .collect()
    }

    /// What `build_model` reports about the model.
    pub fn summary(&self) -> ModelSummary {
        ModelSummary {
            model_id: self.id.clone(),
            template: self.template.clone(),
            num_genes: self.genes.len(),
            num_reactions: self.num_reactions(),
            num_metabolites: self.num_metabolites(),
            num_exchange_reactions: self.num_exchange_reactions(),
            objective: BIOMASS_ID.to_owned(),
            is_gapfilled: self.is_gapfilled(),
        }
    }

    /// Gapfills the model for `media` (see the module documentation). The
    /// arguments are the tool's, already validated.
    pub fn gapfill(
        &self,
        media: &ToyMedia<'_>,
        target_growth: f64,
        max_complexity: u32,
    ) -> Result<(ToyModel, GapfillReport), GapfillError> {
        let missing = self.missing_reactions();
        let carbon = media.carbon_sources();
        let nitrogen = media.nitrogen_sources();
        if carbon.is_empty() || nitrogen.is_empty() {
            return Err(GapfillError::no_solution(
                &self.id,
                media.media_id,
                target_growth,
                max_complexity,
                media.entries.len(),
                missing.len(),
            ));
        }
        if usize::try_from(max_complexity).is_ok_and(|limit| missing.len() > limit) {
            return Err(GapfillError::MaxComplexityExceeded {
                model_id: self.id.clone(),
                media_id: media.media_id.to_owned(),
                target_growth,
                max_complexity,
                required_reactions: missing.len(),
            });
        }
        let mut gapfilled = self.clone();
        gapfilled.id = format!("{}{GAPFILLED_SUFFIX}", self.id);
        gapfilled.gapfilling = Some(Gapfilling {
            from_model: self.id.clone(),
            media_id: media.media_id.to_owned(),
        });
        gapfilled
            .reactions
            .extend(missing.iter().map(|reaction| ModelReaction {
                reaction,
                gapfilled: true,
            }));
        gapfilled.reactions.sort_by_key(|r| r.reaction.id);
        let ids = |compounds: Vec<&Compound>| compounds.iter().map(|c| c.id.to_owned()).collect();
        let report = GapfillReport {
            model_id: self.id.clone(),
            gapfilled_model_id: gapfilled.id.clone(),
            media_id: media.media_id.to_owned(),
            template: self.template.clone(),
            target_growth,
            max_complexity,
            num_reactions_added: missing.len(),
            reactions_added: missing
                .iter()
                .map(|reaction| ReactionSummary::new(reaction, true))
                .collect(),
            carbon_sources: ids(carbon),
            nitrogen_sources: ids(nitrogen),
            num_reactions: gapfilled.num_reactions(),
        };
        Ok((gapfilled, report))
    }

    /// Runs the toy FBA in `media`, maximising `objective` (see the module
    /// documentation), and reports the fluxes whose magnitude is at least
    /// `flux_threshold` (and not zero). The objective must be one of the model's
    /// reactions and the threshold not negative (the tool checks both first).
    pub fn fba(
        &self,
        media: &ToyMedia<'_>,
        objective: &str,
        flux_threshold: f64,
    ) -> Result<FbaSolution, FbaError> {
        let sources = match (
            self.is_gapfilled(),
            media.best_uptake(is_carbon_source),
            media.best_uptake(is_nitrogen_source),
        ) {
            (true, Some(carbon), Some(nitrogen)) => (carbon, nitrogen),
            _ => {
                return Err(FbaError::FbaInfeasible {
                    model_id: self.id.clone(),
                    media_id: media.media_id.to_owned(),
                    objective: objective.to_owned(),
                    solver_status: INFEASIBLE,
                    num_reactions: self.num_reactions(),
                    num_metabolites: self.num_metabolites(),
                    num_exchange_reactions: self.num_exchange_reactions(),
                    next: self.after_infeasible_fba(media.media_id),
                });
            }
        };
        let ((carbon, carbon_uptake), (nitrogen, nitrogen_uptake)) = sources;
        let uptake = carbon_uptake.min(nitrogen_uptake).min(MAX_SOURCE_UPTAKE);
        let growth = GROWTH_YIELD * uptake;
        let mut fluxes = BTreeMap::new();
        fluxes.insert(BIOMASS_ID.to_owned(), growth);
        fluxes.insert(exchange_id(carbon), -uptake);
        fluxes.insert(exchange_id(nitrogen), -uptake);
        let objective_value = fluxes.get(objective).copied().unwrap_or(0.0);
        fluxes.retain(|_, flux| *flux != 0.0 && flux.abs() >= flux_threshold);
        Ok(FbaSolution {
            model_id: self.id.clone(),
            media_id: media.media_id.to_owned(),
            objective: objective.to_owned(),
            status: "optimal".to_owned(),
            objective_value,
            growth_rate: growth,
            carbon_source: carbon.id.to_owned(),
            nitrogen_source: nitrogen.id.to_owned(),
            flux_threshold,
            num_fluxes: fluxes.len(),
            fluxes,
        })
    }

    /// The model as `export_model_json` returns it.
    pub fn export(&self) -> ModelExport {
        let database = Biochemistry::EMBEDDED;
        let term = |&(compound_id, coefficient): &(&str, f64)| BiomassTerm {
            compound_id: compound_id.to_owned(),
            name: database
                .compound(compound_id)
                .map(|c| c.name.to_owned())
                .unwrap_or_default(),
            coefficient,
        };
        ModelExport {
            model_id: self.id.clone(),
            template: self.template.clone(),
            objective: BIOMASS_ID.to_owned(),
            is_gapfilled: self.is_gapfilled(),
            gapfilled_from: self.gapfilling.as_ref().map(|g| g.from_model.clone()),
            gapfilled_media: self.gapfilled_media().map(str::to_owned),
            num_reactions: self.num_reactions(),
            num_metabolites: self.num_metabolites(),
            num_exchange_reactions: self.num_exchange_reactions(),
            num_genes: self.genes.len(),
            genes: self.genes.clone(),
            reactions: self
                .reactions
                .iter()
                .map(|r| ReactionSummary::new(r.reaction, r.gapfilled))
                .collect(),
            exchange_reactions: COMPOUNDS
                .iter()
                .map(|compound| ExchangeReaction {
                    id: exchange_id(compound),
                    compound_id: compound.id.to_owned(),
                    compound_name: compound.name.to_owned(),
                    formula: compound.formula.to_owned(),
                    lower_bound: -MODEL_BOUND,
                    upper_bound: MODEL_BOUND,
                })
                .collect(),
            biomass_reaction: BiomassReaction {
                id: BIOMASS_ID.to_owned(),
                name: "Biomass".to_owned(),
                reactants: BIOMASS_REACTANTS.iter().map(term).collect(),
                products: BIOMASS_PRODUCTS.iter().map(term).collect(),
            },
        }
    }
}

/// `EX_<compound>_e0`.
fn exchange_id(compound: &Compound) -> String {
    format!("EX_{}_{EXTRACELLULAR}", compound.id)
}

/// A reaction's bounds from the arrow of its definition: `=>` forward only, `<=`
/// backward only, `<=>` both ways.
fn reaction_bounds(definition: &str) -> (f64, f64) {
    if definition.contains("<=>") {
        (-MODEL_BOUND, MODEL_BOUND)
    } else if definition.contains("<=") {
        (-MODEL_BOUND, 0.0)
    } else {
        (0.0, MODEL_BOUND)
    }
}

/// `build_model`'s result.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ModelSummary {
    /// The new model's ID.
    pub model_id: String,
    /// The template it was built on.
    pub template: String,
    /// How many genes (protein sequences) it has.
    pub num_genes: usize,
    /// Metabolic, exchange and biomass reactions.
    pub num_reactions: usize,
    /// Metabolites.
    pub num_metabolites: usize,
    /// Exchange reactions.
    pub num_exchange_reactions: usize,
    /// The objective reaction, `bio1`.
    pub objective: String,
    /// Whether the model is gapfilled (never, for a new draft).
    pub is_gapfilled: bool,
}

/// A metabolic reaction of a model.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ReactionSummary {
    /// The model's reaction ID, `rxnNNNNN_c0`.
    pub id: String,
    /// The ModelSEED name.
    pub name: String,
    /// The equation with compound names.
    pub definition: String,
    /// Lower flux bound (mmol/gDW/h).
    pub lower_bound: f64,
    /// Upper flux bound (mmol/gDW/h).
    pub upper_bound: f64,
    /// Whether gapfilling added it.
    pub gapfilled: bool,
}

impl ReactionSummary {
    fn new(reaction: &Reaction, gapfilled: bool) -> Self {
        let (lower_bound, upper_bound) = reaction_bounds(reaction.definition);
        ReactionSummary {
            id: format!("{}_{CYTOSOL}", reaction.id),
            name: reaction.name.to_owned(),
            definition: reaction.definition.to_owned(),
            lower_bound,
            upper_bound,
            gapfilled,
        }
    }
}

/// `gapfill_model`'s result.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct GapfillReport {
    /// The model gapfilled.
    pub model_id: String,
    /// The new, gapfilled model: `<model_id>.gf`.
    pub gapfilled_model_id: String,
    /// The media gapfilled for.
    pub media_id: String,
    /// The template the reactions came from.
    pub template: String,
    /// The growth rate asked for (1/h).
    pub target_growth: f64,
    /// The most reactions the solution was allowed.
    pub max_complexity: u32,
    /// The reactions added.
    pub reactions_added: Vec<ReactionSummary>,
    /// `reactions_added.len()`.
    pub num_reactions_added: usize,
    /// The media's carbon sources (by formula: carbon and hydrogen).
    pub carbon_sources: Vec<String>,
    /// The media's nitrogen sources (by formula: nitrogen).
    pub nitrogen_sources: Vec<String>,
    /// Reactions in the gapfilled model.
    pub num_reactions: usize,
}

/// `run_fba`'s result.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct FbaSolution {
    /// The model.
    pub model_id: String,
    /// The media.
    pub media_id: String,
    /// The objective reaction.
    pub objective: String,
    /// Always `optimal` (an infeasible run is an error).
    pub status: String,
    /// The objective reaction's flux.
    pub objective_value: f64,
    /// The flux through `bio1` (1/h).
    pub growth_rate: f64,
    /// The carbon source taken up.
    pub carbon_source: String,
    /// The nitrogen source taken up.
    pub nitrogen_source: String,
    /// The threshold applied to `fluxes`.
    pub flux_threshold: f64,
    /// Reaction ID to flux (mmol/gDW/h; `bio1` in 1/h): the non-zero fluxes whose
    /// magnitude reaches `flux_threshold`; every other reaction carries none.
    pub fluxes: BTreeMap<String, f64>,
    /// `fluxes.len()`.
    pub num_fluxes: usize,
}

/// `export_model_json`'s result.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ModelExport {
    /// The model's ID.
    pub model_id: String,
    /// The template it was built on.
    pub template: String,
    /// The objective reaction, `bio1`.
    pub objective: String,
    /// Whether it came out of gapfilling.
    pub is_gapfilled: bool,
    /// The model it was gapfilled from.
    pub gapfilled_from: Option<String>,
    /// The media it was gapfilled for.
    pub gapfilled_media: Option<String>,
    /// Metabolic, exchange and biomass reactions.
    pub num_reactions: usize,
    /// Metabolites.
    pub num_metabolites: usize,
    /// Exchange reactions.
    pub num_exchange_reactions: usize,
    /// Genes.
    pub num_genes: usize,
    /// Gene IDs.
    pub genes: Vec<String>,
    /// Metabolic reactions.
    pub reactions: Vec<ReactionSummary>,
    /// Exchange reactions, one per database compound.
    pub exchange_reactions: Vec<ExchangeReaction>,
    /// The biomass reaction.
    pub biomass_reaction: BiomassReaction,
}

/// An exchange reaction.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct ExchangeReaction {
    /// `EX_<compound_id>_e0`.
    pub id: String,
    /// The compound exchanged.
    pub compound_id: String,
    /// Its name.
    pub compound_name: String,
    /// Its formula.
    pub formula: String,
    /// The model's lower bound; a media replaces it during FBA.
    pub lower_bound: f64,
    /// The model's upper bound; a media replaces it during FBA.
    pub upper_bound: f64,
}

/// The biomass reaction.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BiomassReaction {
    /// `bio1`.
    pub id: String,
    /// Its name.
    pub name: String,
    /// What it consumes.
    pub reactants: Vec<BiomassTerm>,
    /// What it produces.
    pub products: Vec<BiomassTerm>,
}

/// One compound of the biomass reaction.
#[derive(Debug, Clone, PartialEq, Serialize, JsonSchema)]
pub struct BiomassTerm {
    /// The compound.
    pub compound_id: String,
    /// Its name.
    pub name: String,
    /// How much per unit of biomass.
    pub coefficient: f64,
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use tool_error::ToolError;
    use tool_error::clock::FixedClock;

    use super::*;
    use crate::gem_flux::render;

    const DB: Biochemistry<'static> = Biochemistry::EMBEDDED;

    fn compound(id: &str) -> &'static Compound {
        DB.compound(id)
            .unwrap_or_else(|| panic!("{id} is embedded"))
    }

    /// A media of `(compound, lower bound)` pairs.
    fn media<'a>(media_id: &'a str, entries: &[(&str, f64)]) -> ToyMedia<'a> {
        ToyMedia {
            media_id,
            entries: entries
                .iter()
                .map(|&(id, lower_bound)| MediaEntry {
                    compound: compound(id),
                    lower_bound,
                })
                .collect(),
        }
    }

    fn details(error: &dyn ToolError, tool: &str) -> serde_json::Value {
        let clock = FixedClock::from_rfc3339("2025-10-27T14:40:11Z").unwrap();
        render(error, tool, clock)["details"].clone()
    }

    const GLUCOSE: &str = "cpd00027";
    const AMMONIA: &str = "cpd00013";
    const PHOSPHATE: &str = "cpd00009";
    const WATER: &str = "cpd00001";
    const CO2: &str = "cpd00011";
    const GLYCINE: &str = "cpd00033";
    const ACETATE: &str = "cpd00029";

    #[test]
    fn an_infeasible_fba_offers_what_fits_the_models_state() {
        let tools = |calls: Option<Call>| -> Vec<serde_json::Value> {
            calls
                .iter()
                .map(|call| serde_json::from_str(&format!("{:?}", call.as_next_call())).unwrap())
                .collect()
        };
        let draft = ToyModel::demo_draft();
        // Not gapfilled: gapfill it for this media, with the user's consent.
        assert_eq!(
            tools(draft.after_infeasible_fba("media_002")),
            [
                json!({"tool": "gapfill_model", "arguments": {"model_id": "demo_draft", "media_id": "media_002"}, "read_only": false})
            ]
        );
        let glucose = media("media_001", &[(GLUCOSE, -5.0), (AMMONIA, -5.0)]);
        let (gapfilled, _) = draft.gapfill(&glucose, 0.01, 10).unwrap();
        // Gapfilled for another media: run it there.
        assert_eq!(
            tools(gapfilled.after_infeasible_fba("media_002")),
            [
                json!({"tool": "run_fba", "arguments": {"model_id": "demo_draft.gf", "media_id": "media_001"}, "read_only": true})
            ]
        );
        // Gapfilled for this media: nothing the run can add.
        assert!(gapfilled.after_infeasible_fba("media_001").is_none());
        // The error carries them.
        let water_only = media("media_002", &[(WATER, -5.0)]);
        let error = gapfilled.fba(&water_only, BIOMASS_ID, 1e-6).unwrap_err();
        assert_eq!(error.code(), "FBA_INFEASIBLE");
        let value = tool_error::Envelope::new(&error).to_value(&tool_error::Native);
        assert_eq!(value["next_calls"][2]["tool"], "run_fba");
    }

    #[test]
    fn sources_are_judged_from_formulas() {
        let classify = |id| {
            (
                is_carbon_source(compound(id)),
                is_nitrogen_source(compound(id)),
            )
        };
        assert_eq!(classify(GLUCOSE), (true, false), "C6H12O6");
        assert_eq!(classify(ACETATE), (true, false), "C2H3O2");
        assert_eq!(classify(AMMONIA), (false, true), "H4N");
        assert_eq!(classify(GLYCINE), (true, true), "C2H5NO2");
        assert_eq!(classify(CO2), (false, false), "CO2 is inorganic");
        assert_eq!(classify(PHOSPHATE), (false, false), "HO4P");
        assert_eq!(classify(WATER), (false, false), "H2O");
        assert_eq!(classify("cpd00067"), (false, false), "H+ is H");
        assert_eq!(classify("cpd00021"), (false, false), "Fe");
        assert_eq!(classify("cpd00028"), (true, true), "heme, C34H30FeN4O4");
        // Symbols that start with C or N are other elements.
        let made_up = |formula| Compound {
            id: "cpd00000",
            name: "test",
            formula,
        };
        for formula in ["CaCl2", "CoH2O2", "CuH2", "CdH2", "NaH", "NiH2", "NbH5"] {
            assert!(!is_carbon_source(&made_up(formula)), "{formula}");
            assert!(!is_nitrogen_source(&made_up(formula)), "{formula}");
        }
        assert!(!is_carbon_source(&made_up("(CH2O)n")), "unreadable");
    }

    #[test]
    fn drafts_are_built_from_the_embedded_tables() {
        for id in DRAFT_REACTIONS {
            assert!(DB.reaction(id).is_some(), "{id}");
        }
        for (id, _) in BIOMASS_REACTANTS.iter().chain(&BIOMASS_PRODUCTS) {
            assert!(DB.compound(id).is_some(), "{id}");
        }
        let draft = ToyModel::demo_draft();
        assert_eq!(draft.id(), "demo_draft");
        assert_eq!(draft.template(), "GramNegative");
        assert!(!draft.is_gapfilled());
        // 3 metabolic, one exchange per compound, bio1.
        assert_eq!(draft.num_exchange_reactions(), COMPOUNDS.len());
        assert_eq!(draft.num_reactions(), 3 + COMPOUNDS.len() + 1);
        assert_eq!(draft.num_metabolites(), 2 * COMPOUNDS.len());
        assert_eq!(draft.reaction_ids().len(), draft.num_reactions());
        for id in ["bio1", "rxn00001_c0", "EX_cpd00027_e0", "EX_cpd00067_e0"] {
            assert!(draft.has_reaction(id), "{id}");
        }
        for id in ["bio2", "rxn00002_c0", "rxn00001", "EX_cpd99999_e0", ""] {
            assert!(!draft.has_reaction(id), "{id}");
        }
        let summary = draft.summary();
        assert_eq!(summary.num_genes, 5);
        assert_eq!(summary.objective, "bio1");
    }

    #[test]
    fn gapfilling_needs_a_carbon_and_a_nitrogen_source() {
        let draft = ToyModel::demo_draft();
        // Glucose, phosphate, water: no nitrogen.
        let no_nitrogen = media(
            "media_001",
            &[(GLUCOSE, -100.0), (PHOSPHATE, -100.0), (WATER, -100.0)],
        );
        let error = draft.gapfill(&no_nitrogen, 0.01, 10).unwrap_err();
        assert_eq!(error.code(), "GAPFILL_INFEASIBLE");
        assert_eq!(
            details(&error, "gapfill_model"),
            json!({
                "model_id": "demo_draft",
                "media_id": "media_001",
                "target_growth": 0.01,
                "max_complexity": 10,
                "media_compounds": 3,
                "template_reactions_available": 4
            })
        );
        // CO2 and ammonia: no organic carbon.
        let no_carbon = media("media_002", &[(CO2, -100.0), (AMMONIA, -100.0)]);
        let error = draft.gapfill(&no_carbon, 0.01, 10).unwrap_err();
        assert_eq!(error.code(), "GAPFILL_INFEASIBLE");

        let complete = media(
            "media_003",
            &[(GLUCOSE, -100.0), (PHOSPHATE, -100.0), (AMMONIA, -100.0)],
        );
        let (gapfilled, report) = draft.gapfill(&complete, 0.01, 10).unwrap();
        assert_eq!(report.model_id, "demo_draft");
        assert_eq!(report.gapfilled_model_id, "demo_draft.gf");
        assert_eq!(gapfilled.id(), "demo_draft.gf");
        assert_eq!(gapfilled.gapfilled_media(), Some("media_003"));
        let added: Vec<&str> = report
            .reactions_added
            .iter()
            .map(|r| r.id.as_str())
            .collect();
        assert_eq!(
            added,
            ["rxn00002_c0", "rxn00003_c0", "rxn00004_c0", "rxn00007_c0"]
        );
        assert_eq!(report.num_reactions_added, 4);
        assert_eq!(report.carbon_sources, ["cpd00027"]);
        assert_eq!(report.nitrogen_sources, ["cpd00013"]);
        assert_eq!(report.num_reactions, draft.num_reactions() + 4);
        assert_eq!(gapfilled.num_reactions(), report.num_reactions);
        assert!(gapfilled.has_reaction("rxn00007_c0"));
        // The draft itself is unchanged.
        assert!(!draft.has_reaction("rxn00007_c0"));
        // One compound can be both sources.
        assert!(
            draft
                .gapfill(&media("m", &[(GLYCINE, -1.0)]), 0.01, 10)
                .is_ok()
        );
    }

    #[test]
    fn gapfilling_ignores_uptake_bounds() {
        let secretion_only = media("media_001", &[(GLUCOSE, 0.0), (AMMONIA, 0.0)]);
        let result = ToyModel::demo_draft().gapfill(&secretion_only, 0.01, 10);
        assert!(result.is_ok(), "{result:?}");
    }

    #[test]
    fn a_solution_larger_than_max_complexity_is_refused() {
        let complete = media("media_001", &[(GLUCOSE, -10.0), (AMMONIA, -10.0)]);
        let draft = ToyModel::demo_draft();
        let error = draft.gapfill(&complete, 0.01, 3).unwrap_err();
        assert_eq!(error.code(), "MAX_COMPLEXITY_EXCEEDED");
        assert_eq!(
            details(&error, "gapfill_model"),
            json!({
                "model_id": "demo_draft",
                "media_id": "media_001",
                "target_growth": 0.01,
                "max_complexity": 3,
                "required_reactions": 4
            })
        );
        assert!(draft.gapfill(&complete, 0.01, 4).is_ok());
        // Infeasibility is decided first.
        let no_nitrogen = media("media_002", &[(GLUCOSE, -10.0)]);
        let error = draft.gapfill(&no_nitrogen, 0.01, 1).unwrap_err();
        assert_eq!(error.code(), "GAPFILL_INFEASIBLE");
    }

    #[test]
    fn gapfilling_a_gapfilled_model_adds_nothing() {
        let complete = media("media_001", &[(GLUCOSE, -10.0), (AMMONIA, -10.0)]);
        let (once, _) = ToyModel::demo_draft().gapfill(&complete, 0.01, 10).unwrap();
        let (twice, report) = once.gapfill(&complete, 0.01, 1).unwrap();
        assert_eq!(twice.id(), "demo_draft.gf.gf");
        assert!(report.reactions_added.is_empty());
        assert_eq!(report.num_reactions_added, 0);
        assert_eq!(twice.num_reactions(), once.num_reactions());
    }

    fn gapfilled() -> ToyModel {
        let complete = media("media_gf", &[(GLUCOSE, -10.0), (AMMONIA, -10.0)]);
        ToyModel::demo_draft()
            .gapfill(&complete, 0.01, 10)
            .unwrap()
            .0
    }

    #[test]
    fn a_draft_never_grows() {
        let draft = ToyModel::demo_draft();
        let rich = media("media_001", &[(GLUCOSE, -100.0), (AMMONIA, -100.0)]);
        let error = draft.fba(&rich, "bio1", 1e-6).unwrap_err();
        assert_eq!(error.code(), "FBA_INFEASIBLE");
        assert_eq!(
            details(&error, "run_fba"),
            json!({
                "model_id": "demo_draft",
                "media_id": "media_001",
                "objective": "bio1",
                "solver_status": "infeasible",
                "num_reactions": 3 + COMPOUNDS.len() + 1,
                "num_metabolites": 2 * COMPOUNDS.len(),
                "num_exchange_reactions": COMPOUNDS.len()
            })
        );
    }

    #[test]
    fn fba_needs_carbon_and_nitrogen_uptake() {
        let model = gapfilled();
        // The quirk: glucose listed, but only secreted.
        let closed = media(
            "media_001",
            &[(GLUCOSE, 0.0), (AMMONIA, -100.0), (PHOSPHATE, -100.0)],
        );
        let error = model.fba(&closed, "bio1", 1e-6).unwrap_err();
        assert_eq!(error.code(), "FBA_INFEASIBLE");
        assert_eq!(
            details(&error, "run_fba")["num_reactions"],
            3 + 4 + COMPOUNDS.len() + 1
        );
        // Ammonia closed instead.
        let closed = media("media_002", &[(GLUCOSE, -10.0), (AMMONIA, 0.0)]);
        assert_eq!(
            model.fba(&closed, "bio1", 0.0).unwrap_err().code(),
            "FBA_INFEASIBLE"
        );
        // CO2 uptake does not help.
        let inorganic = media("media_003", &[(CO2, -10.0), (AMMONIA, -10.0)]);
        assert_eq!(
            model.fba(&inorganic, "bio1", 0.0).unwrap_err().code(),
            "FBA_INFEASIBLE"
        );
    }

    #[test]
    fn growth_is_the_yield_times_the_limiting_uptake() {
        let model = gapfilled();
        // Both at the default 100: capped at 10, growth 0.1 x 10.
        let open = media("media_001", &[(GLUCOSE, -100.0), (AMMONIA, -100.0)]);
        let solution = model.fba(&open, "bio1", 1e-6).unwrap();
        assert_eq!(solution.status, "optimal");
        assert_eq!(solution.objective_value, 1.0);
        assert_eq!(solution.growth_rate, 1.0);
        assert_eq!(
            solution.fluxes,
            BTreeMap::from([
                ("EX_cpd00013_e0".to_owned(), -10.0),
                ("EX_cpd00027_e0".to_owned(), -10.0),
                ("bio1".to_owned(), 1.0),
            ])
        );
        assert_eq!(solution.num_fluxes, 3);
        // Glucose limited to 5: 0.5.
        let limited = media("media_002", &[(GLUCOSE, -5.0), (AMMONIA, -100.0)]);
        let solution = model.fba(&limited, "bio1", 0.0).unwrap();
        assert_eq!(solution.objective_value, 0.5);
        assert_eq!(solution.fluxes["EX_cpd00013_e0"], -5.0);
        // The best carbon source is taken: acetate's 8 over glucose's 2.
        let two = media(
            "media_003",
            &[(GLUCOSE, -2.0), (ACETATE, -8.0), (AMMONIA, -100.0)],
        );
        let solution = model.fba(&two, "bio1", 0.0).unwrap();
        assert_eq!(solution.carbon_source, ACETATE);
        assert_eq!(solution.objective_value, 0.8);
        assert!(!solution.fluxes.contains_key("EX_cpd00027_e0"));
        // A tie goes to the lower ID.
        let tie = media(
            "media_004",
            &[(ACETATE, -3.0), (GLUCOSE, -3.0), (AMMONIA, -3.0)],
        );
        assert_eq!(model.fba(&tie, "bio1", 0.0).unwrap().carbon_source, GLUCOSE);
        // Glycine alone is both: one exchange.
        let glycine = media("media_005", &[(GLYCINE, -4.0)]);
        let solution = model.fba(&glycine, "bio1", 0.0).unwrap();
        assert_eq!(
            (
                solution.carbon_source.as_str(),
                solution.nitrogen_source.as_str()
            ),
            (GLYCINE, GLYCINE)
        );
        assert_eq!(solution.num_fluxes, 2);
    }

    #[test]
    fn the_threshold_hides_small_fluxes_and_the_objective_picks_a_flux() {
        let model = gapfilled();
        let trickle = media("media_001", &[(GLUCOSE, -0.5), (AMMONIA, -100.0)]);
        // Growth 0.05, exchanges -0.5.
        let solution = model.fba(&trickle, "bio1", 0.1).unwrap();
        assert_eq!(solution.objective_value, 0.05);
        assert_eq!(solution.num_fluxes, 2);
        assert!(!solution.fluxes.contains_key("bio1"));
        assert_eq!(solution.flux_threshold, 0.1);

        let by_exchange = model.fba(&trickle, "EX_cpd00027_e0", 0.0).unwrap();
        assert_eq!(by_exchange.objective_value, -0.5);
        let idle = model.fba(&trickle, "rxn00001_c0", 0.0).unwrap();
        assert_eq!(idle.objective_value, 0.0);
    }

    #[test]
    fn the_export_shows_exchanges_biomass_and_gapfilling() {
        let draft = ToyModel::demo_draft().export();
        assert!(!draft.is_gapfilled);
        assert_eq!(draft.gapfilled_media, None);
        assert_eq!(draft.reactions.len(), 3);
        assert!(draft.reactions.iter().all(|r| !r.gapfilled));

        let export = gapfilled().export();
        assert_eq!(export.model_id, "demo_draft.gf");
        assert!(export.is_gapfilled);
        assert_eq!(export.gapfilled_from.as_deref(), Some("demo_draft"));
        assert_eq!(export.gapfilled_media.as_deref(), Some("media_gf"));
        assert_eq!(export.reactions.len(), 7);
        assert_eq!(export.reactions.iter().filter(|r| r.gapfilled).count(), 4);
        assert_eq!(
            export.num_reactions,
            export.reactions.len() + export.exchange_reactions.len() + 1
        );
        let glucose = export
            .exchange_reactions
            .iter()
            .find(|r| r.id == "EX_cpd00027_e0")
            .unwrap();
        assert_eq!(glucose.compound_name, "D-Glucose");
        assert_eq!(
            (glucose.lower_bound, glucose.upper_bound),
            (-1000.0, 1000.0)
        );
        assert_eq!(export.biomass_reaction.id, "bio1");
        assert_eq!(export.biomass_reaction.reactants[1].name, "ATP");
        // Arrows give bounds: rxn00001 `=>`, rxn00003 `<=`, rxn00004 `<=>`.
        let bounds = |id: &str| {
            let r = export.reactions.iter().find(|r| r.id == id).unwrap();
            (r.lower_bound, r.upper_bound)
        };
        assert_eq!(bounds("rxn00001_c0"), (0.0, 1000.0));
        assert_eq!(bounds("rxn00003_c0"), (-1000.0, 0.0));
        assert_eq!(bounds("rxn00004_c0"), (-1000.0, 1000.0));
    }
}
