//! Gem-Flux's full error responses (its response structure and eight examples) and
//! its log entry, for the tour.

use std::collections::{BTreeMap, BTreeSet};

use tool_error::clock::FixedClock;
use tool_error::{Envelope, Options, ToolError};

use super::biochem::Biochemistry;
use super::errors::{DatabaseError, FbaError, GapfillError, LibraryError, MediaError, ModelError};
use super::profile::{log_entry, render};
use super::validate::{
    BuildMediaArgs, FbaArgs, SessionSnapshot, validate_build_media, validate_fba,
};
use crate::Sample;

const SYSTEM: &str = "Gem-Flux";

fn clock(timestamp: &str) -> FixedClock {
    FixedClock::from_rfc3339(timestamp).unwrap_or(FixedClock(std::time::UNIX_EPOCH))
}

fn sample(error: &dyn ToolError, tool: &str, timestamp: &str) -> Sample {
    Sample {
        system: SYSTEM,
        title: format!("{} ({tool})", error.code()),
        output: render(error, tool, clock(timestamp)),
    }
}

/// Every error Gem-Flux shows in full, in its order (its response structure, then
/// its eight examples), then its log entry. Where a validator reaches the example's
/// error from plain arguments, the sample comes from the validator.
pub fn samples() -> Vec<Sample> {
    let mut samples = Vec::new();

    // The response structure, in its general wording.
    let structure = MediaError::invalid_compound_ids_provided(
        ["cpd99999", "cpd00ABC"].map(String::from).to_vec(),
        ["cpd00027", "cpd00007"].map(String::from).to_vec(),
    );
    samples.push(sample(&structure, "build_media", "2025-10-27T14:32:15Z"));

    // 1. build_media with a malformed and an unknown ID among five.
    let media = BuildMediaArgs {
        compounds: ["cpd00027", "cpd00007", "cpd99999", "cpd00ABC", "cpd00001"]
            .map(String::from)
            .to_vec(),
        default_uptake: 100.0,
        custom_bounds: BTreeMap::new(),
    };
    if let Err(error) = validate_build_media(&media, &Biochemistry::EMBEDDED) {
        samples.push(sample(&error, "build_media", "2025-10-27T14:32:15Z"));
    }

    // 2. run_fba on a model the session does not have.
    let session = SessionSnapshot {
        models: ["model_20251027_a1b2c3", "model_20251027_d4e5f6.gf"]
            .into_iter()
            .map(|id| (id.to_owned(), BTreeSet::from(["bio1".to_owned()])))
            .collect(),
        media: BTreeSet::from(["media_20251027_x9y8z7".to_owned()]),
    };
    let fba = FbaArgs {
        model_id: "model_xyz".into(),
        media_id: "media_20251027_x9y8z7".into(),
        objective: "bio1".into(),
        flux_threshold: 1e-6,
    };
    if let Err(error) = validate_fba(&fba, &session) {
        samples.push(sample(&error, "run_fba", "2025-10-27T14:35:22Z"));
    }

    // 3. gapfilling finds no solution.
    let gapfill = gapfill_infeasible();
    samples.push(sample(&gapfill, "gapfill_model", "2025-10-27T14:40:11Z"));

    // 4. FBA on an infeasible model.
    let infeasible = FbaError::FbaInfeasible {
        model_id: "model_20251027_a1b2c3.gf".into(),
        media_id: "media_20251027_x9y8z7".into(),
        objective: "bio1".into(),
        solver_status: "infeasible",
        num_reactions: 860,
        num_metabolites: 781,
        num_exchange_reactions: 123,
        // Gem-Flux's documented body has no next calls.
        next: None,
    };
    samples.push(sample(&infeasible, "run_fba", "2025-10-27T14:45:33Z"));

    // 5. two bad protein sequences among five.
    let sequences = ModelError::invalid_protein_sequences(
        BTreeMap::from([
            (
                "prot_001".to_owned(),
                "Contains invalid character 'X' at position 45".to_owned(),
            ),
            ("prot_003".to_owned(), "Empty sequence".to_owned()),
        ]),
        ["prot_002", "prot_004", "prot_005"]
            .map(String::from)
            .to_vec(),
        5,
    );
    samples.push(sample(&sequences, "build_model", "2025-10-27T14:50:44Z"));

    // 6. ModelSEEDpy cannot find the template.
    let modelseedpy = LibraryError::modelseedpy(
        "model building",
        "MSBuilder.build_base_model",
        "ValueError",
        "Template GramNegative not found",
    )
    .with_template("GramNegative");
    samples.push(sample(&modelseedpy, "build_model", "2025-10-27T14:55:12Z"));

    // 7. the LP solver fails.
    let solver = LibraryError::cobrapy_solver(
        "model.optimize",
        "glpk",
        "OptimizationError",
        "Solver status: numerical_error",
    );
    samples.push(sample(&solver, "run_fba", "2025-10-27T15:00:28Z"));

    // 8. a compound lookup in the full database (33,993 compounds).
    let lookup = DatabaseError::CompoundNotFound {
        requested_id: "cpd99999".into(),
        database: "compounds.tsv",
        total_compounds: 33993,
        similar_ids: vec!["cpd00999".into(), "cpd09999".into()],
    };
    samples.push(sample(&lookup, "get_compound_name", "2025-10-27T15:05:41Z"));

    // The server's log entry for a gapfill that stopped with an exception (Gem-Flux
    // elides the traceback as "...").
    let raised = GapfillError::raised("model_xyz", "media_abc", 0.01, "...");
    let options = Options::new().with_clock(clock("2025-10-27T15:15:22Z"));
    let context = options
        .context()
        .with_tool("gapfill_model")
        .with_session_id("session_123");
    samples.push(Sample {
        system: SYSTEM,
        title: "GAPFILL_INFEASIBLE as a server log entry".to_owned(),
        output: log_entry(&Envelope::new(&raised).with_context(context)),
    });

    samples
}

fn gapfill_infeasible() -> GapfillError {
    GapfillError::no_solution(
        "model_20251027_a1b2c3",
        "media_20251027_x9y8z7",
        0.01,
        10,
        15,
        4523,
    )
}
