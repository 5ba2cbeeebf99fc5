//! Gem-Flux's error handling and validation specification: the response structure,
//! the eight full error responses, the code catalog, the validation orders and the
//! log entry.
//!
//! The expected JSON below is copied verbatim from the specification's sections
//! "Error Response Format" ("Standard Error Response Structure"), "Common Error
//! Patterns" (the "Response Example" of each of its eight patterns) and "Error
//! Logging" ("Server-Side Logging", "Error Log Entry"). Every one of its ten complete
//! JSON objects is compared whole, as parsed JSON.
//!
//! Readings taken where the specification contradicts itself:
//! - Examples 1 and 3 (and the structure example) write `"jsonrpc_error_code"`
//!   twice. A JSON object cannot hold a key twice in any meaningful way, both
//!   occurrences carry the same value, and the field list documents the key once, so
//!   we read it as one key and emit it once. `duplicate_keys_agree` checks that the
//!   reading loses nothing.
//! - The structure example and example 1 give `INVALID_COMPOUND_IDS` different
//!   messages, counts and suggestions. Both are reproduced: one variant, with a
//!   constructor per wording (`invalid_compound_ids_provided`, and
//!   `invalid_compound_ids`, which `build_media`'s validator uses).
//! - The log entry's `GAPFILL_INFEASIBLE` has a different message and fewer details
//!   than example 3's, and a `stack_trace`. We read it as the entry for a gapfill that
//!   stopped with an exception (see `log_entry_reproduces_the_spec_example`).
//! - The name lookups' code list is headed by both tools; each tool gets all of it.

use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::{Value, json};
use tool_error::args::InputSchema;
use tool_error::clock::SystemClock;
use tool_error::tracing::Level;
use tool_error::{Context, Envelope, Options, Policy, StaticCatalog, ToolError};
use tool_error_examples::gem_flux::errors::AMINO_ACIDS;
use tool_error_examples::gem_flux::validate::patterns;
use tool_error_examples::gem_flux::{
    self, Biochemistry, BuildMediaArgs, BuildModelArgs, Compound, DatabaseError, FbaArgs, FbaError,
    GapfillArgs, GapfillError, GemFluxError, LibraryError, MediaError, ModelError, SearchTarget,
    ServerError, ServerResources, SessionError, SessionSnapshot, TOOL_CODES,
};
use tool_error_tests::{clock_at, parse_json};

fn render(error: &dyn ToolError, tool: &str, timestamp: &str) -> Value {
    gem_flux::render(error, tool, clock_at(timestamp))
}

// --- the response structure and the eight examples ------------------------------------

const STRUCTURE: &str = r#"{
  "success": false,
  "error_type": "validation_error",
  "jsonrpc_error_code": -32000,
  "error_code": "INVALID_COMPOUND_IDS",
  "jsonrpc_error_code": -32000,
  "message": "Invalid compound IDs provided",
  "details": {
    "invalid_ids": ["cpd99999", "cpd00ABC"],
    "valid_ids": ["cpd00027", "cpd00007"],
    "total_invalid": 2,
    "total_valid": 2
  },
  "suggestions": [
    "Verify compound IDs against ModelSEED database using search_compounds tool",
    "Check for typos in compound IDs",
    "Use get_compound_name to validate individual IDs"
  ],
  "tool_name": "build_media",
  "timestamp": "2025-10-27T14:32:15Z"
}"#;

const EXAMPLE_1: &str = r#"{
  "success": false,
  "error_type": "validation_error",
  "jsonrpc_error_code": -32000,
  "error_code": "INVALID_COMPOUND_IDS",
  "jsonrpc_error_code": -32000,
  "message": "2 compound IDs not found in ModelSEED database",
  "details": {
    "invalid_ids": ["cpd99999", "cpd00ABC"],
    "valid_ids": ["cpd00027", "cpd00007", "cpd00001"],
    "total_provided": 5,
    "total_invalid": 2
  },
  "suggestions": [
    "Use search_compounds tool to find correct compound IDs",
    "Common compounds: cpd00027 (glucose), cpd00007 (O2), cpd00001 (H2O)",
    "Check for typos in compound IDs"
  ],
  "tool_name": "build_media",
  "timestamp": "2025-10-27T14:32:15Z"
}"#;

const EXAMPLE_2: &str = r#"{
  "success": false,
  "error_type": "not_found_error",
  "error_code": "MODEL_NOT_FOUND",
  "jsonrpc_error_code": -32001,
  "message": "Model 'model_xyz' not found in current session",
  "details": {
    "requested_id": "model_xyz",
    "available_models": [
      "model_20251027_a1b2c3",
      "model_20251027_d4e5f6.gf"
    ],
    "num_available": 2
  },
  "suggestions": [
    "Use build_model tool to create a new model",
    "Check model_id spelling",
    "Available models listed in details.available_models"
  ],
  "tool_name": "run_fba",
  "timestamp": "2025-10-27T14:35:22Z"
}"#;

const EXAMPLE_3: &str = r#"{
  "success": false,
  "error_type": "infeasibility_error",
  "jsonrpc_error_code": -32002,
  "error_code": "GAPFILL_INFEASIBLE",
  "jsonrpc_error_code": -32002,
  "message": "Gapfilling could not find solution to enable growth in specified media",
  "details": {
    "model_id": "model_20251027_a1b2c3",
    "media_id": "media_20251027_x9y8z7",
    "target_growth": 0.01,
    "max_complexity": 10,
    "media_compounds": 15,
    "template_reactions_available": 4523
  },
  "suggestions": [
    "Verify media contains carbon source (glucose, acetate, etc.)",
    "Try increasing max_complexity parameter",
    "Check media with get_compound_name for each compound",
    "Try complete media (LB, M9+aa) instead of minimal media",
    "Verify model has biomass reaction using export_model_json"
  ],
  "tool_name": "gapfill_model",
  "timestamp": "2025-10-27T14:40:11Z"
}"#;

const EXAMPLE_4: &str = r#"{
  "success": false,
  "error_type": "infeasibility_error",
  "jsonrpc_error_code": -32002,
  "error_code": "FBA_INFEASIBLE",
  "message": "FBA optimization failed - model infeasible in specified media",
  "details": {
    "model_id": "model_20251027_a1b2c3.gf",
    "media_id": "media_20251027_x9y8z7",
    "objective": "bio1",
    "solver_status": "infeasible",
    "num_reactions": 860,
    "num_metabolites": 781,
    "num_exchange_reactions": 123
  },
  "suggestions": [
    "Verify media contains essential nutrients (C, N, P, S sources)",
    "Check exchange reaction bounds are not too restrictive",
    "Try gapfilling model first if not already gapfilled",
    "Use get_compound_name to verify media composition",
    "Export model and check biomass reaction composition"
  ],
  "tool_name": "run_fba",
  "timestamp": "2025-10-27T14:45:33Z"
}"#;

const EXAMPLE_5: &str = r#"{
  "success": false,
  "error_type": "validation_error",
  "jsonrpc_error_code": -32000,
  "error_code": "INVALID_PROTEIN_SEQUENCES",
  "message": "2 protein sequences contain invalid characters",
  "details": {
    "invalid_sequences": {
      "prot_001": "Contains invalid character 'X' at position 45",
      "prot_003": "Empty sequence"
    },
    "valid_sequences": ["prot_002", "prot_004", "prot_005"],
    "total_sequences": 5,
    "total_invalid": 2,
    "allowed_characters": "ACDEFGHIKLMNPQRSTVWY"
  },
  "suggestions": [
    "Use standard amino acid alphabet: ACDEFGHIKLMNPQRSTVWY",
    "Remove sequences with ambiguous residues (X, B, Z)",
    "Verify sequences are protein (not DNA/RNA)",
    "Check for empty sequences"
  ],
  "tool_name": "build_model",
  "timestamp": "2025-10-27T14:50:44Z"
}"#;

const EXAMPLE_6: &str = r#"{
  "success": false,
  "error_type": "library_error",
  "jsonrpc_error_code": -32003,
  "error_code": "MODELSEEDPY_ERROR",
  "message": "ModelSEEDpy library error during model building",
  "details": {
    "library": "ModelSEEDpy",
    "operation": "MSBuilder.build_base_model",
    "exception_type": "ValueError",
    "exception_message": "Template GramNegative not found",
    "template_requested": "GramNegative"
  },
  "suggestions": [
    "Verify template name is valid: GramNegative, GramPositive, Core",
    "Check ModelSEEDpy templates loaded correctly at server startup",
    "Restart server if templates failed to load",
    "Check server logs for template loading errors"
  ],
  "tool_name": "build_model",
  "timestamp": "2025-10-27T14:55:12Z"
}"#;

const EXAMPLE_7: &str = r#"{
  "success": false,
  "error_type": "library_error",
  "jsonrpc_error_code": -32003,
  "error_code": "COBRAPY_SOLVER_ERROR",
  "message": "COBRApy solver failed during optimization",
  "details": {
    "library": "COBRApy",
    "operation": "model.optimize",
    "solver": "glpk",
    "exception_type": "OptimizationError",
    "exception_message": "Solver status: numerical_error"
  },
  "suggestions": [
    "Try different solver if available (CPLEX, Gurobi, GLPK)",
    "Check model for numerical instability (very large/small coefficients)",
    "Verify model is well-formed using export_model_json",
    "Contact support if error persists"
  ],
  "tool_name": "run_fba",
  "timestamp": "2025-10-27T15:00:28Z"
}"#;

const EXAMPLE_8: &str = r#"{
  "success": false,
  "error_type": "database_error",
  "jsonrpc_error_code": -32004,
  "error_code": "COMPOUND_NOT_FOUND",
  "message": "Compound 'cpd99999' not found in ModelSEED database",
  "details": {
    "requested_id": "cpd99999",
    "database": "compounds.tsv",
    "total_compounds": 33993,
    "similar_ids": ["cpd00999", "cpd09999"]
  },
  "suggestions": [
    "Use search_compounds to find correct ID",
    "Check for typos in compound ID",
    "Verify compound exists in ModelSEED database",
    "Similar IDs listed in details.similar_ids"
  ],
  "tool_name": "get_compound_name",
  "timestamp": "2025-10-27T15:05:41Z"
}"#;

/// The specification's "Error Log Entry" ("Error Logging", "Server-Side Logging"),
/// verbatim.
const LOG_ENTRY: &str = r#"{
  "timestamp": "2025-10-27T15:15:22Z",
  "level": "ERROR",
  "tool_name": "gapfill_model",
  "error_type": "infeasibility_error",
  "jsonrpc_error_code": -32002,
  "error_code": "GAPFILL_INFEASIBLE",
  "message": "Gapfilling failed for model_xyz in media_abc",
  "details": {
    "model_id": "model_xyz",
    "media_id": "media_abc",
    "target_growth": 0.01
  },
  "stack_trace": "...",
  "session_id": "session_123"
}"#;

#[test]
fn duplicate_keys_agree() {
    for example in [STRUCTURE, EXAMPLE_1, EXAMPLE_3] {
        let values: BTreeSet<&str> = example
            .lines()
            .filter(|line| line.trim_start().starts_with("\"jsonrpc_error_code\""))
            .map(|line| line.trim().trim_end_matches(','))
            .collect();
        let occurrences = example.matches("\"jsonrpc_error_code\"").count();
        assert_eq!(occurrences, 2, "the specification repeats the key here");
        assert_eq!(values.len(), 1, "both occurrences carry one value");
    }
}

#[test]
fn structure_example_invalid_compound_ids_provided() {
    // The general wording of INVALID_COMPOUND_IDS: four IDs given, two rejected.
    let error = MediaError::invalid_compound_ids_provided(
        vec!["cpd99999".into(), "cpd00ABC".into()],
        vec!["cpd00027".into(), "cpd00007".into()],
    );
    assert_eq!(
        render(&error, "build_media", "2025-10-27T14:32:15Z"),
        parse_json(STRUCTURE)
    );
    // Through the umbrella, as a tool returns it.
    let error = GemFluxError::from(error);
    assert_eq!(
        render(&error, "build_media", "2025-10-27T14:32:15Z"),
        parse_json(STRUCTURE)
    );
}

#[test]
fn example_1_invalid_compound_ids_from_the_validator() {
    // Two failures of different steps (cpd99999 is unknown, cpd00ABC malformed)
    // are reported together, as the specification's example 1 does.
    let args = BuildMediaArgs {
        compounds: ["cpd00027", "cpd00007", "cpd99999", "cpd00ABC", "cpd00001"]
            .map(String::from)
            .to_vec(),
        default_uptake: 100.0,
        custom_bounds: BTreeMap::new(),
    };
    let error = gem_flux::validate_build_media(&args, &Biochemistry::EMBEDDED).unwrap_err();
    assert_eq!(
        render(&error, "build_media", "2025-10-27T14:32:15Z"),
        parse_json(EXAMPLE_1)
    );
}

#[test]
fn example_2_model_not_found_from_the_validator() {
    let session = SessionSnapshot {
        models: BTreeMap::from([
            ("model_20251027_d4e5f6.gf".to_owned(), BTreeSet::new()),
            ("model_20251027_a1b2c3".to_owned(), BTreeSet::new()),
        ]),
        media: BTreeSet::from(["media_1".to_owned()]),
    };
    let args = FbaArgs {
        model_id: "model_xyz".into(),
        media_id: "media_1".into(),
        objective: "bio1".into(),
        flux_threshold: 0.0,
    };
    let error = gem_flux::validate_fba(&args, &session).unwrap_err();
    assert_eq!(
        render(&error, "run_fba", "2025-10-27T14:35:22Z"),
        parse_json(EXAMPLE_2)
    );
}

#[test]
fn example_3_gapfill_infeasible() {
    let error = GapfillError::no_solution(
        "model_20251027_a1b2c3",
        "media_20251027_x9y8z7",
        0.01,
        10,
        15,
        4523,
    );
    assert_eq!(
        render(&error, "gapfill_model", "2025-10-27T14:40:11Z"),
        parse_json(EXAMPLE_3)
    );
}

#[test]
fn example_4_fba_infeasible() {
    let error = FbaError::FbaInfeasible {
        model_id: "model_20251027_a1b2c3.gf".into(),
        media_id: "media_20251027_x9y8z7".into(),
        objective: "bio1".into(),
        solver_status: "infeasible",
        num_reactions: 860,
        num_metabolites: 781,
        num_exchange_reactions: 123,
        next: None,
    };
    assert_eq!(
        render(&error, "run_fba", "2025-10-27T14:45:33Z"),
        parse_json(EXAMPLE_4)
    );
}

#[test]
fn example_5_invalid_protein_sequences_from_the_validator() {
    let long_with_x = format!("{}X{}", "M".repeat(44), "ACDE");
    let args = BuildModelArgs {
        protein_sequences: BTreeMap::from([
            ("prot_001".to_owned(), long_with_x),
            ("prot_002".to_owned(), "MKVLAAGIVG".to_owned()),
            ("prot_003".to_owned(), String::new()),
            ("prot_004".to_owned(), "MSTNPKPQRK".to_owned()),
            ("prot_005".to_owned(), "MADEEKLPPG".to_owned()),
        ]),
        template: "GramNegative".into(),
        annotate_with_rast: false,
    };
    let error = gem_flux::validate_build_model(&args, &resources()).unwrap_err();
    assert_eq!(
        render(&error, "build_model", "2025-10-27T14:50:44Z"),
        parse_json(EXAMPLE_5)
    );
}

#[test]
fn example_6_modelseedpy_error() {
    let error = LibraryError::modelseedpy(
        "model building",
        "MSBuilder.build_base_model",
        "ValueError",
        "Template GramNegative not found",
    )
    .with_template("GramNegative");
    assert_eq!(
        render(&error, "build_model", "2025-10-27T14:55:12Z"),
        parse_json(EXAMPLE_6)
    );
}

#[test]
fn example_7_cobrapy_solver_error() {
    let error = LibraryError::cobrapy_solver(
        "model.optimize",
        "glpk",
        "OptimizationError",
        "Solver status: numerical_error",
    );
    assert_eq!(
        render(&error, "run_fba", "2025-10-27T15:00:28Z"),
        parse_json(EXAMPLE_7)
    );
}

#[test]
fn example_8_compound_not_found() {
    // The example is from the full database (33,993 compounds); the error carries
    // whatever the database reports.
    let error = DatabaseError::CompoundNotFound {
        requested_id: "cpd99999".into(),
        database: "compounds.tsv",
        total_compounds: 33993,
        similar_ids: vec!["cpd00999".into(), "cpd09999".into()],
    };
    assert_eq!(
        render(&error, "get_compound_name", "2025-10-27T15:05:41Z"),
        parse_json(EXAMPLE_8)
    );
}

/// A compound table of the full database's size (33,993) holding the two IDs of
/// example 8 near `cpd99999` and no other: the real compounds, `cpd00999` and
/// `cpd09999`, and filler IDs with at most two nines (so three or more digits away
/// from `99999`).
fn full_size_compounds() -> Vec<Compound> {
    fn leak(text: String) -> &'static str {
        Box::leak(text.into_boxed_str())
    }
    let mut compounds: Vec<Compound> = gem_flux::COMPOUNDS.to_vec();
    for id in ["cpd00999", "cpd09999"] {
        compounds.push(Compound {
            id,
            name: "example compound",
            formula: "C",
        });
    }
    // Above every embedded ID; 999 and 9999 (three and four nines) are skipped.
    assert!(gem_flux::COMPOUNDS.iter().all(|c| c.id < "cpd00100"));
    let nines = |n: u32| format!("{n:05}").bytes().filter(|b| *b == b'9').count();
    let mut number = 100;
    while compounds.len() < 33993 {
        let id = format!("cpd{number:05}");
        if nines(number) <= 2 {
            compounds.push(Compound {
                id: leak(id),
                name: "filler",
                formula: "C",
            });
        }
        number += 1;
    }
    compounds.sort_by(|a, b| a.id.cmp(b.id));
    compounds
}

#[test]
fn example_8_from_the_lookup_in_a_full_size_database() {
    let compounds = full_size_compounds();
    let database = Biochemistry::from_sorted(&compounds, gem_flux::REACTIONS).unwrap();
    assert_eq!(database.compound_count(), 33993);
    let error = gem_flux::lookup_compound(Some(&database), "cpd99999").unwrap_err();
    assert_eq!(
        render(&error, "get_compound_name", "2025-10-27T15:05:41Z"),
        parse_json(EXAMPLE_8)
    );
}

/// Example 8 lists `similar_ids` as `["cpd00999", "cpd09999"]`: `cpd09999` is one
/// digit from `cpd99999` and `cpd00999` two, so the list is not ranked by closeness;
/// it is in ID order, the order of the database. The rule we implement: keep the
/// closest candidates (fewest differing digits, then lowest ID) up to the limit, then
/// list them in ID order.
#[test]
fn similar_ids_keep_the_closest_and_list_them_in_id_order() {
    // Two IDs one digit away, two IDs two digits away, a limit of three.
    let ids = ["cpd00999", "cpd01999", "cpd09999", "cpd99998"];
    assert_eq!(
        gem_flux::biochem::similar_ids(ids.iter().copied(), "cpd", "cpd99999", 3),
        ["cpd00999", "cpd09999", "cpd99998"],
        "both close IDs and the lower of the farther two, listed in ID order"
    );
    assert_eq!(
        gem_flux::biochem::similar_ids(ids[..3].iter().copied(), "cpd", "cpd99999", 2),
        ["cpd00999", "cpd09999"],
        "example 8's list: the closer ID second"
    );
    // The order given does not matter.
    assert_eq!(
        gem_flux::biochem::similar_ids(["cpd09999", "cpd00999"].into_iter(), "cpd", "cpd99999", 5),
        ["cpd00999", "cpd09999"]
    );
}

// --- the catalog --------------------------------------------------------------------

/// Every code of the specification's "Tool-Specific Error Handling" sections with its
/// `error_type`. Codes that appear in its full examples ("Common Error Patterns")
/// take the example's type; for the others the type follows its definitions of the
/// types ("Error Response Fields", `error_type`; `validation_error`: input
/// validation failed; `library_error`: ModelSEEDpy or COBRApy, whose templates and
/// RAST client these are; `database_error`: lookup failed, which an unloaded
/// database is one trigger of, listed under example 8).
const SPEC_CODES: &[(&[&str], &str, &str)] = &[
    (BUILD_MEDIA, "INVALID_COMPOUND_IDS", "validation_error"),
    (BUILD_MEDIA, "EMPTY_COMPOUNDS_LIST", "validation_error"),
    (BUILD_MEDIA, "INVALID_BOUNDS_FORMAT", "validation_error"),
    (BUILD_MEDIA, "BOUNDS_OUT_OF_ORDER", "validation_error"),
    (BUILD_MEDIA, "NEGATIVE_UPTAKE", "validation_error"),
    (BUILD_MEDIA, "COMPOUND_NOT_IN_LIST", "validation_error"),
    (BUILD_MODEL, "INVALID_PROTEIN_SEQUENCES", "validation_error"),
    (BUILD_MODEL, "EMPTY_PROTEIN_SEQUENCES", "validation_error"),
    (BUILD_MODEL, "INVALID_TEMPLATE_NAME", "validation_error"),
    (BUILD_MODEL, "MODELSEEDPY_ERROR", "library_error"),
    (BUILD_MODEL, "RAST_UNAVAILABLE", "library_error"),
    (GAPFILL, "MODEL_NOT_FOUND", "not_found_error"),
    (GAPFILL, "MEDIA_NOT_FOUND", "not_found_error"),
    (GAPFILL, "GAPFILL_INFEASIBLE", "infeasibility_error"),
    (GAPFILL, "INVALID_TARGET_GROWTH", "validation_error"),
    (GAPFILL, "TEMPLATE_NOT_LOADED", "library_error"),
    (GAPFILL, "MAX_COMPLEXITY_EXCEEDED", "infeasibility_error"),
    (RUN_FBA, "MODEL_NOT_FOUND", "not_found_error"),
    (RUN_FBA, "MEDIA_NOT_FOUND", "not_found_error"),
    (RUN_FBA, "OBJECTIVE_NOT_FOUND", "not_found_error"),
    (RUN_FBA, "FBA_INFEASIBLE", "infeasibility_error"),
    (RUN_FBA, "FBA_UNBOUNDED", "infeasibility_error"),
    (RUN_FBA, "COBRAPY_SOLVER_ERROR", "library_error"),
    (RUN_FBA, "INVALID_FLUX_THRESHOLD", "validation_error"),
    (NAME_LOOKUPS, "COMPOUND_NOT_FOUND", "database_error"),
    (NAME_LOOKUPS, "REACTION_NOT_FOUND", "database_error"),
    (NAME_LOOKUPS, "INVALID_ID_FORMAT", "validation_error"),
    (NAME_LOOKUPS, "DATABASE_NOT_LOADED", "database_error"),
    (SEARCHES, "EMPTY_QUERY", "validation_error"),
    (SEARCHES, "INVALID_LIMIT", "validation_error"),
    (SEARCHES, "DATABASE_NOT_LOADED", "database_error"),
];

// The specification's headings: one list per tool, one shared by the two name
// lookups and one by the two searches.
const BUILD_MEDIA: &[&str] = &["build_media"];
const BUILD_MODEL: &[&str] = &["build_model"];
const GAPFILL: &[&str] = &["gapfill_model"];
const RUN_FBA: &[&str] = &["run_fba"];
const NAME_LOOKUPS: &[&str] = &["get_compound_name", "get_reaction_name"];
const SEARCHES: &[&str] = &["search_compounds", "search_reactions"];

/// The specification's mapping of error types to JSON-RPC codes ("Error Response
/// Fields", `jsonrpc_error_code`, "Mapping to error_type").
fn spec_jsonrpc_code(error_type: &str) -> i32 {
    match error_type {
        "validation_error" => -32000,
        "not_found_error" => -32001,
        "infeasibility_error" => -32002,
        "library_error" => -32003,
        "database_error" => -32004,
        "timeout_error" => -32005,
        other => panic!("the specification maps no code for {other}"),
    }
}

#[test]
fn every_spec_code_exists_with_its_error_type() {
    let catalog = <GemFluxError as StaticCatalog>::CATALOG;
    for (tools, code, error_type) in SPEC_CODES {
        let entry = catalog
            .find(code)
            .unwrap_or_else(|| panic!("{code} ({tools:?}) is missing"));
        assert_eq!(entry.category(), Some(*error_type), "{code}");
        assert_eq!(
            entry.jsonrpc_code(),
            spec_jsonrpc_code(error_type),
            "{code}"
        );
    }
}

/// Codes a tool's validation order needs but the specification's list for that tool
/// does not name (see `TOOL_CODES`): build_model's step 5 ("Verify template loaded")
/// uses gapfill_model's TEMPLATE_NOT_LOADED, and gapfill_model's step 4 ("Check
/// max_complexity reasonable") has no code, so it gets INVALID_MAX_COMPLEXITY.
const VALIDATION_ORDER_CODES: &[(&str, &str)] = &[
    ("build_model", "TEMPLATE_NOT_LOADED"),
    ("gapfill_model", "INVALID_MAX_COMPLEXITY"),
];

#[test]
fn tool_codes_are_each_tools_own_spec_list() {
    let tools: BTreeSet<&str> = SPEC_CODES
        .iter()
        .flat_map(|(tools, _, _)| tools.iter().copied())
        .collect();
    let listed: BTreeSet<&str> = TOOL_CODES.iter().map(|(name, _)| *name).collect();
    assert_eq!(listed, tools, "one entry per tool the specification names");
    for tool in tools {
        // A list headed by several tools is each tool's list.
        let mut expected: BTreeSet<&str> = SPEC_CODES
            .iter()
            .filter(|(tools, _, _)| tools.contains(&tool))
            .map(|(_, code, _)| *code)
            .collect();
        expected.extend(
            VALIDATION_ORDER_CODES
                .iter()
                .filter(|(name, _)| *name == tool)
                .map(|(_, code)| *code),
        );
        let (_, codes) = TOOL_CODES.iter().find(|(name, _)| *name == tool).unwrap();
        let actual: BTreeSet<&str> = codes.iter().copied().collect();
        assert_eq!(actual.len(), codes.len(), "{tool} lists a code twice");
        assert_eq!(actual, expected, "{tool}");
    }
}

#[test]
fn every_catalog_entry_uses_a_spec_error_type_and_its_legacy_code() {
    const TYPES: [&str; 7] = [
        "validation_error",
        "not_found_error",
        "infeasibility_error",
        "library_error",
        "database_error",
        "server_error",
        "timeout_error",
    ];
    let catalog = <GemFluxError as StaticCatalog>::CATALOG;
    let mut seen = BTreeSet::new();
    for code in catalog.codes() {
        let entry = catalog.find(code).expect("listed codes are found");
        let category = entry.category().expect("every code has an error_type");
        assert!(TYPES.contains(&category), "{code}: {category}");
        // server_error has no legacy code: it keeps the internal error's -32603.
        let legacy = match category {
            "server_error" => -32603,
            other => spec_jsonrpc_code(other),
        };
        assert_eq!(entry.jsonrpc_code(), legacy, "{code}");
        assert!(seen.insert(code), "{code} appears twice");
    }
    // The catalog is the specification's codes plus three it needs but does not name:
    // gapfill's step 4 check, and codes for its server_error and timeout_error types.
    let mut expected: BTreeSet<&str> = SPEC_CODES.iter().map(|(_, code, _)| *code).collect();
    expected.extend([
        "INVALID_MAX_COMPLEXITY",
        "INTERNAL_SERVER_ERROR",
        "OPERATION_TIMEOUT",
    ]);
    assert_eq!(seen, expected);
}

// --- the profile ----------------------------------------------------------------------

fn is_spec_timestamp(text: &str) -> bool {
    // YYYY-MM-DDTHH:MM:SSZ
    let pattern = "dddd-dd-ddTdd:dd:ddZ";
    text.len() == pattern.len()
        && text.chars().zip(pattern.chars()).all(|(c, p)| match p {
            'd' => c.is_ascii_digit(),
            _ => c == p,
        })
}

#[test]
fn timestamps_have_the_spec_format_with_any_clock() {
    let error = gem_flux::MediaError::EmptyCompoundsList;
    let with_clock = gem_flux::render(&error, "build_media", SystemClock);
    assert!(is_spec_timestamp(with_clock["timestamp"].as_str().unwrap()));
    let without_clock = Envelope::new(&error).to_value(&gem_flux::GemFlux::DOCUMENTED);
    assert!(is_spec_timestamp(
        without_clock["timestamp"].as_str().unwrap()
    ));
    assert_eq!(without_clock["tool_name"], "unknown");
}

#[test]
fn internal_failures_are_masked_server_errors() {
    let error: GemFluxError = ServerError::InternalServerError {
        source: "disk /var/lib/gemflux full".into(),
    }
    .into();
    let response = render(&error, "run_fba", "2025-10-27T15:00:00Z");
    assert_eq!(response["error_type"], "server_error");
    assert_eq!(response["error_code"], "INTERNAL_SERVER_ERROR");
    assert_eq!(response["jsonrpc_error_code"], -32603);
    assert_eq!(response["message"], "Internal error");
    assert!(!response.to_string().contains("/var/lib"));
}

#[test]
fn timeouts_use_the_timeout_code() {
    let error = ServerError::OperationTimeout {
        operation: "gapfill".into(),
        timeout_seconds: 300,
    };
    let response = render(&error, "gapfill_model", "2025-10-27T15:00:00Z");
    assert_eq!(response["error_type"], "timeout_error");
    assert_eq!(response["jsonrpc_error_code"], -32005);
}

#[test]
fn empty_details_are_left_out() {
    let response = render(
        &gem_flux::MediaError::EmptyCompoundsList,
        "build_media",
        "2025-10-27T15:00:00Z",
    );
    let keys: Vec<&str> = response
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        BTreeSet::from_iter(keys),
        BTreeSet::from([
            "success",
            "error_type",
            "error_code",
            "jsonrpc_error_code",
            "message",
            "suggestions",
            "tool_name",
            "timestamp"
        ])
    );
}

// --- the log entry ----------------------------------------------------------------------

/// The error and context of the specification's log entry.
///
/// A reading the project chose. The entry is `GAPFILL_INFEASIBLE`, but with a
/// message and details unlike example 3's, and a `stack_trace`. We read it as the
/// entry for a gapfill that stopped with an exception: only the call's arguments
/// are known (model, media, target growth; no search figures), the message names the
/// model and media, and the exception's traceback is the error's cause, which the
/// log shows as `stack_trace`. The specification elides the traceback as `"..."`; the
/// traceback given here is that same text, so the whole entry can be compared.
fn spec_log_error() -> GapfillError {
    GapfillError::raised("model_xyz", "media_abc", 0.01, "...")
}

fn spec_log_context(options: &Options) -> Context<'_> {
    options
        .context()
        .with_tool("gapfill_model")
        .with_session_id("session_123")
}

#[test]
fn log_entry_reproduces_the_spec_example() {
    let error = spec_log_error();
    let clock = clock_at("2025-10-27T15:15:22Z");
    let entry = gem_flux::log_entry(
        &Envelope::new(&error).with_context(spec_log_context(&Options::new().with_clock(clock))),
    );
    assert_eq!(entry, parse_json(LOG_ENTRY));
}

#[test]
fn a_raised_gapfill_logs_its_traceback_and_responds_without_it() {
    let traceback = "Traceback (most recent call last):\n  File \"gapfill.py\", line 88, in run\nmodelseedpy.core.exceptions.GapfillingError: no solution";
    let error = GapfillError::raised("model_1", "media_1", 0.1, traceback);
    let clock = clock_at("2025-10-27T15:15:22Z");
    let options = Options::new().with_clock(clock);
    let context = options.context().with_tool("gapfill_model");
    let entry = gem_flux::log_entry(&Envelope::new(&error).with_context(context));
    assert_eq!(entry["stack_trace"], traceback);
    assert_eq!(entry["message"], "Gapfilling failed for model_1 in media_1");
    assert!(entry.get("session_id").is_none());

    let response = render(&error, "gapfill_model", "2025-10-27T15:15:22Z");
    assert_eq!(
        response["message"],
        "Gapfilling failed for model_1 in media_1"
    );
    assert_eq!(
        response["details"],
        json!({"model_id": "model_1", "media_id": "media_1", "target_growth": 0.1})
    );
    assert!(!response.to_string().contains("Traceback"));
    // A finished search keeps example 3's message and has no trace to log.
    let searched = GapfillError::no_solution("model_1", "media_1", 0.1, 10, 15, 4523);
    let entry = gem_flux::log_entry(&Envelope::new(&searched).with_context(context));
    assert_eq!(
        entry["message"],
        "Gapfilling could not find solution to enable growth in specified media"
    );
    assert!(entry.get("stack_trace").is_none());
}

// --- the server's JSON log lines --------------------------------------------------------

/// A `Write` into a shared buffer, for capturing log lines.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let mut buffer = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        buffer.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The lines gem-flux-mcp's log subscriber writes while `emit` runs, each parsed.
fn log_lines(emit: impl FnOnce()) -> Vec<Value> {
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = gem_flux::log::subscriber(move || writer.clone());
    tracing::subscriber::with_default(subscriber, emit);
    let bytes = captured
        .0
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    let text = String::from_utf8(bytes).expect("UTF-8");
    assert!(text.ends_with('\n'), "every line ends: {text:?}");
    text.lines().map(parse_json).collect()
}

#[test]
fn the_servers_log_line_for_an_error_is_the_specs_log_entry() {
    // tool-error's tracing event of the specification's error, as the server's
    // subscriber writes it. Like `log_entry`, the event is of a verbose envelope, which
    // lets the cause out as the stack trace.
    let error = spec_log_error();
    let options = Options::new().with_clock(clock_at("2025-10-27T15:15:22Z"));
    let verbose = Policy::DEFAULT.with_verbose(true);
    let envelope = Envelope::new(&error)
        .with_context(spec_log_context(&options))
        .with_policy(&verbose);
    let lines = log_lines(|| tool_error::tracing::record_at(&envelope, Level::ERROR));
    assert_eq!(lines, [parse_json(LOG_ENTRY)]);
}

#[test]
fn the_servers_log_lines_follow_the_response_policy() {
    // Under the policy responses use, the line is the entry of what the caller saw:
    // here every field but the absent session, and no cause to show.
    let error = gem_flux::lookup_compound(Some(&Biochemistry::EMBEDDED), "cpd00039").unwrap_err();
    let clock = clock_at("2025-10-27T15:05:41Z");
    let options = Options::new().with_clock(clock);
    let context = options.context().with_tool("get_compound_name");
    let envelope = Envelope::new(&error).with_context(context);
    let lines = log_lines(|| tool_error::tracing::record_at(&envelope, Level::ERROR));
    assert_eq!(lines, [gem_flux::log_entry(&envelope)]);
    assert_eq!(lines[0]["error_code"], "COMPOUND_NOT_FOUND");

    // An internal failure stays masked in the line, as in the response; `log_entry`
    // unmasks it.
    let internal = ServerError::InternalServerError {
        source: "disk /var/lib/gemflux full".into(),
    };
    let envelope = Envelope::new(&internal).with_context(context);
    let lines = log_lines(|| tool_error::tracing::record_at(&envelope, Level::ERROR));
    assert_eq!(lines[0]["message"], "Internal error");
    assert_eq!(lines[0]["error_type"], "server_error");
    assert!(lines[0].get("stack_trace").is_none());
    assert!(!lines[0].to_string().contains("/var/lib"));

    // Without a tool or clock: the specification's required keys are still there.
    let bare = Envelope::new(&gem_flux::MediaError::EmptyCompoundsList);
    let lines = log_lines(|| tool_error::tracing::record_at(&bare, Level::ERROR));
    let line = &lines[0];
    assert_eq!(line["tool_name"], "unknown");
    assert!(is_spec_timestamp(line["timestamp"].as_str().unwrap()));
    assert_eq!(line["jsonrpc_error_code"], -32000);
}

#[test]
fn other_log_events_are_json_lines_too() {
    let lines = log_lines(|| {
        tracing::info!(compounds = 39, "gem-flux-mcp ready on stdio");
        tracing::warn!("slow lookup");
        tracing::debug!("not written: below INFO");
    });
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["level"], "INFO");
    assert_eq!(lines[0]["message"], "gem-flux-mcp ready on stdio");
    assert_eq!(lines[0]["compounds"], 39);
    assert!(is_spec_timestamp(lines[0]["timestamp"].as_str().unwrap()));
    assert_eq!(lines[1]["level"], "WARNING", "Gem-Flux's name for WARN");
}

#[test]
fn log_entry_keeps_what_the_response_hides() {
    #[derive(Debug, thiserror::Error)]
    #[error("connection reset")]
    struct Reset;
    #[derive(Debug, thiserror::Error)]
    #[error("solver process died")]
    struct Died(#[source] Reset);

    let error = ServerError::InternalServerError {
        source: Box::new(Died(Reset)),
    };
    let options = Options::new().with_clock(clock_at("2025-10-27T15:15:22Z"));
    let envelope = Envelope::new(&error).with_context(options.context().with_tool("run_fba"));
    let entry = gem_flux::log_entry(&envelope);
    assert_eq!(
        entry["message"],
        "internal server error: solver process died"
    );
    assert_eq!(
        entry["stack_trace"], "solver process died: connection reset",
        "the causes, outermost first"
    );
    assert!(entry.get("session_id").is_none());
    assert_eq!(
        envelope.to_value(&gem_flux::GemFlux::DOCUMENTED)["message"],
        "Internal error"
    );
}

// --- validation orders ------------------------------------------------------------------

fn code_of<T>(result: Result<T, GemFluxError>) -> &'static str {
    match result {
        Ok(_) => "OK",
        Err(error) => error.code(),
    }
}

fn resources() -> ServerResources {
    ServerResources {
        loaded_templates: vec!["GramNegative".into(), "Core".into()],
        rast_available: false,
    }
}

#[test]
fn build_media_checks_in_the_spec_order() {
    let db = Biochemistry::EMBEDDED;
    // Every step fails; fixing one step at a time walks the documented order.
    let mut args = BuildMediaArgs {
        compounds: vec![],
        default_uptake: -1.0,
        custom_bounds: BTreeMap::from([
            ("cpd00011".to_owned(), vec![5.0, -5.0]),
            ("cpd00027".to_owned(), vec![1.0]),
        ]),
    };
    let mut seen = vec![code_of(gem_flux::validate_build_media(&args, &db))];
    args.compounds = vec!["cpd00027".into(), "CPD00007".into()];
    seen.push(code_of(gem_flux::validate_build_media(&args, &db)));
    args.compounds = vec!["cpd00027".into(), "cpd00007".into()];
    seen.push(code_of(gem_flux::validate_build_media(&args, &db)));
    args.default_uptake = 10.0;
    seen.push(code_of(gem_flux::validate_build_media(&args, &db)));
    args.custom_bounds
        .insert("cpd00027".into(), vec![-10.0, 100.0]);
    seen.push(code_of(gem_flux::validate_build_media(&args, &db)));
    args.compounds.push("cpd00011".into());
    seen.push(code_of(gem_flux::validate_build_media(&args, &db)));
    args.custom_bounds
        .insert("cpd00011".into(), vec![-5.0, 5.0]);
    seen.push(code_of(gem_flux::validate_build_media(&args, &db)));
    assert_eq!(
        seen,
        [
            "EMPTY_COMPOUNDS_LIST",
            "INVALID_COMPOUND_IDS",
            "NEGATIVE_UPTAKE",
            "INVALID_BOUNDS_FORMAT",
            "COMPOUND_NOT_IN_LIST",
            "BOUNDS_OUT_OF_ORDER",
            "OK"
        ]
    );
}

#[test]
fn build_media_details() {
    let db = Biochemistry::EMBEDDED;
    let args = |uptake: f64, bounds: &[(&str, &[f64])]| BuildMediaArgs {
        compounds: vec!["cpd00027".into()],
        default_uptake: uptake,
        custom_bounds: bounds
            .iter()
            .map(|(id, pair)| (id.to_string(), pair.to_vec()))
            .collect(),
    };
    let error = gem_flux::validate_build_media(&args(f64::NAN, &[]), &db).unwrap_err();
    assert_eq!(error.code(), "NEGATIVE_UPTAKE", "NaN is not > 0");
    let error = gem_flux::validate_build_media(&args(0.0, &[]), &db).unwrap_err();
    assert_eq!(error.code(), "NEGATIVE_UPTAKE", "the rule is > 0");

    let error =
        gem_flux::validate_build_media(&args(1.0, &[("cpd00027", &[1.0, f64::INFINITY])]), &db)
            .unwrap_err();
    assert_eq!(error.code(), "INVALID_BOUNDS_FORMAT");

    // The specification's "Validation Helpers" call [0, 0] "blocked", but build_media's
    // own rule is lower < upper; the tool's rule wins.
    let error =
        gem_flux::validate_build_media(&args(1.0, &[("cpd00027", &[0.0, 0.0])]), &db).unwrap_err();
    let response = render(&error, "build_media", "2025-10-27T15:00:00Z");
    assert_eq!(response["error_code"], "BOUNDS_OUT_OF_ORDER");
    assert_eq!(
        response["details"],
        json!({"compound_id": "cpd00027", "lower_bound": 0.0, "upper_bound": 0.0})
    );

    let one = BuildMediaArgs {
        compounds: vec!["cpd00027".into(), "glucose".into()],
        ..args(1.0, &[])
    };
    let response = render(
        &gem_flux::validate_build_media(&one, &db).unwrap_err(),
        "build_media",
        "2025-10-27T15:00:00Z",
    );
    assert_eq!(
        response["message"],
        "1 compound ID not found in ModelSEED database"
    );
    assert_eq!(response["details"]["invalid_ids"], json!(["glucose"]));
    assert_eq!(response["details"]["total_provided"], 2);
}

#[test]
fn build_model_checks_in_the_spec_order() {
    let mut args = BuildModelArgs {
        protein_sequences: BTreeMap::new(),
        template: "GramPositive".into(),
        annotate_with_rast: true,
    };
    let resources = resources();
    let mut seen = vec![code_of(gem_flux::validate_build_model(&args, &resources))];
    args.protein_sequences.insert("bad id".into(), "MKV".into());
    seen.push(code_of(gem_flux::validate_build_model(&args, &resources)));
    args.protein_sequences.clear();
    args.protein_sequences.insert("p1".into(), "MKVB".into());
    seen.push(code_of(gem_flux::validate_build_model(&args, &resources)));
    args.protein_sequences.insert("p1".into(), "MKV".into());
    args.template = "gramnegative".into();
    seen.push(code_of(gem_flux::validate_build_model(&args, &resources)));
    args.template = "GramPositive".into();
    seen.push(code_of(gem_flux::validate_build_model(&args, &resources)));
    args.template = "GramNegative".into();
    seen.push(code_of(gem_flux::validate_build_model(&args, &resources)));
    args.annotate_with_rast = false;
    seen.push(code_of(gem_flux::validate_build_model(&args, &resources)));
    assert_eq!(
        seen,
        [
            "EMPTY_PROTEIN_SEQUENCES",
            "INVALID_PROTEIN_SEQUENCES",
            "INVALID_PROTEIN_SEQUENCES",
            "INVALID_TEMPLATE_NAME",
            "TEMPLATE_NOT_LOADED",
            "RAST_UNAVAILABLE",
            "OK"
        ]
    );
}

#[test]
fn protein_sequence_problems_are_described_per_sequence() {
    let args = BuildModelArgs {
        protein_sequences: BTreeMap::from([
            ("p1".to_owned(), "MKBV".to_owned()),
            ("p 2".to_owned(), "MKV".to_owned()),
            ("p3".to_owned(), "mkv".to_owned()),
        ]),
        template: "Core".into(),
        annotate_with_rast: false,
    };
    let error = gem_flux::validate_build_model(&args, &resources()).unwrap_err();
    let response = render(&error, "build_model", "2025-10-27T15:00:00Z");
    assert_eq!(
        response["details"]["invalid_sequences"],
        json!({
            "p1": "Contains invalid character 'B' at position 3",
            "p 2": "Invalid sequence ID: must be non-empty without whitespace",
            "p3": "Contains invalid character 'm' at position 1"
        })
    );
    assert_eq!(
        response["message"],
        "3 protein sequences contain invalid characters"
    );
}

fn session() -> SessionSnapshot {
    SessionSnapshot {
        models: BTreeMap::from([(
            "model_1".to_owned(),
            BTreeSet::from(["bio1".to_owned(), "rxn00001_c0".to_owned()]),
        )]),
        media: BTreeSet::from(["media_1".to_owned()]),
    }
}

#[test]
fn gapfill_checks_in_the_spec_order() {
    let session = session();
    let resources = resources();
    let mut args = GapfillArgs {
        model_id: "nope".into(),
        media_id: "nope".into(),
        target_growth: 0.0,
        max_complexity: 0,
        template: "GramPositive".into(),
    };
    let mut seen = vec![code_of(gem_flux::validate_gapfill(
        &args, &session, &resources,
    ))];
    args.model_id = "model_1".into();
    seen.push(code_of(gem_flux::validate_gapfill(
        &args, &session, &resources,
    )));
    args.media_id = "media_1".into();
    seen.push(code_of(gem_flux::validate_gapfill(
        &args, &session, &resources,
    )));
    args.target_growth = 5.0;
    seen.push(code_of(gem_flux::validate_gapfill(
        &args, &session, &resources,
    )));
    args.target_growth = 0.01;
    seen.push(code_of(gem_flux::validate_gapfill(
        &args, &session, &resources,
    )));
    args.max_complexity = 101;
    seen.push(code_of(gem_flux::validate_gapfill(
        &args, &session, &resources,
    )));
    args.max_complexity = 10;
    seen.push(code_of(gem_flux::validate_gapfill(
        &args, &session, &resources,
    )));
    args.template = "GramNegative".into();
    seen.push(code_of(gem_flux::validate_gapfill(
        &args, &session, &resources,
    )));
    assert_eq!(
        seen,
        [
            "MODEL_NOT_FOUND",
            "MEDIA_NOT_FOUND",
            "INVALID_TARGET_GROWTH",
            "INVALID_TARGET_GROWTH",
            "INVALID_MAX_COMPLEXITY",
            "INVALID_MAX_COMPLEXITY",
            "TEMPLATE_NOT_LOADED",
            "OK"
        ]
    );
}

#[test]
fn run_fba_checks_in_the_spec_order() {
    let session = session();
    let mut args = FbaArgs {
        model_id: String::new(),
        media_id: "nope".into(),
        objective: "bio2".into(),
        flux_threshold: -1.0,
    };
    let mut seen = vec![code_of(gem_flux::validate_fba(&args, &session))];
    args.model_id = "model_1".into();
    seen.push(code_of(gem_flux::validate_fba(&args, &session)));
    args.media_id = "media_1".into();
    seen.push(code_of(gem_flux::validate_fba(&args, &session)));
    args.objective = "bio1".into();
    seen.push(code_of(gem_flux::validate_fba(&args, &session)));
    args.flux_threshold = 0.0;
    seen.push(code_of(gem_flux::validate_fba(&args, &session)));
    assert_eq!(
        seen,
        [
            "MODEL_NOT_FOUND",
            "MEDIA_NOT_FOUND",
            "OBJECTIVE_NOT_FOUND",
            "INVALID_FLUX_THRESHOLD",
            "OK"
        ]
    );
}

#[test]
fn media_not_found_lists_the_session_media() {
    let error = SessionError::media_not_found("m9", vec!["lb".into(), "m9_glc".into()]);
    let response = render(&error, "run_fba", "2025-10-27T15:00:00Z");
    assert_eq!(response["error_type"], "not_found_error");
    assert_eq!(response["jsonrpc_error_code"], -32001);
    assert_eq!(
        response["details"],
        json!({"requested_id": "m9", "available_media": ["lb", "m9_glc"], "num_available": 2})
    );
}

#[test]
fn lookups_check_in_the_spec_order() {
    let db = Biochemistry::EMBEDDED;
    assert_eq!(
        code_of(gem_flux::lookup_compound(None, "glucose")),
        "DATABASE_NOT_LOADED"
    );
    assert_eq!(
        code_of(gem_flux::lookup_compound(Some(&db), "glucose")),
        "INVALID_ID_FORMAT"
    );
    assert_eq!(
        code_of(gem_flux::lookup_compound(Some(&db), "cpd99999")),
        "COMPOUND_NOT_FOUND"
    );
    assert_eq!(
        gem_flux::lookup_compound(Some(&db), "cpd00027")
            .unwrap()
            .name,
        "D-Glucose"
    );

    assert_eq!(
        code_of(gem_flux::lookup_reaction(None, "rxn1")),
        "DATABASE_NOT_LOADED"
    );
    assert_eq!(
        code_of(gem_flux::lookup_reaction(Some(&db), "RXN00001")),
        "INVALID_ID_FORMAT"
    );
    assert_eq!(
        code_of(gem_flux::lookup_reaction(Some(&db), "rxn99999")),
        "REACTION_NOT_FOUND"
    );
    assert_eq!(
        gem_flux::lookup_reaction(Some(&db), "rxn00001")
            .unwrap()
            .name,
        "diphosphate phosphohydrolase"
    );
}

#[test]
fn searches_check_in_the_spec_order() {
    let db = Biochemistry::EMBEDDED;
    let search = |db, query, limit| {
        code_of(gem_flux::validate_search(
            db,
            SearchTarget::Reactions,
            query,
            limit,
        ))
    };
    assert_eq!(search(None, "", 0), "DATABASE_NOT_LOADED");
    assert_eq!(search(Some(&db), "  ", 0), "EMPTY_QUERY");
    assert_eq!(search(Some(&db), "glucose", 0), "INVALID_LIMIT");
    assert_eq!(search(Some(&db), "glucose", -3), "INVALID_LIMIT");
    assert_eq!(
        gem_flux::validate_search(Some(&db), SearchTarget::Compounds, " glucose ", 10).unwrap(),
        ("glucose", 10)
    );
    let error = gem_flux::validate_search(None, SearchTarget::Reactions, "x", 1).unwrap_err();
    let response = render(&error, "search_reactions", "2025-10-27T15:00:00Z");
    assert_eq!(response["details"], json!({"database": "reactions.tsv"}));
    assert_eq!(response["jsonrpc_error_code"], -32004);
    assert_eq!(
        response["message"], "ModelSEED database 'reactions.tsv' is not loaded",
        "an explicit message is shown although the kind is internal"
    );
}

/// The patterns `gem-flux-mcp` declares in its input schemas refuse exactly the
/// strings the tools' own checks refuse with Gem-Flux's codes, read by the same
/// JSON Schema checker the runtime uses: for sample IDs and sequences, and for
/// every character up to U+3100 and U+FEFF alone, where the whitespace is.
#[test]
fn schema_patterns_refuse_what_the_checks_refuse() {
    let compiled = |pattern: &str| {
        let schema = json!({ "type": "string", "pattern": pattern });
        InputSchema::new(Arc::new(schema.as_object().unwrap().clone())).unwrap()
    };
    let [compound_id, reaction_id, query, sequence_id, sequence] = [
        patterns::COMPOUND_ID,
        patterns::REACTION_ID,
        patterns::QUERY,
        patterns::SEQUENCE_ID,
        patterns::SEQUENCE,
    ]
    .map(compiled);
    let accepts = |schema: &InputSchema, text: &str| schema.check(&json!(text)).is_ok();
    let db = Biochemistry::EMBEDDED;
    let build = |id: &str, residues: &str| {
        let args = BuildModelArgs {
            protein_sequences: BTreeMap::from([(id.to_owned(), residues.to_owned())]),
            template: "GramNegative".into(),
            annotate_with_rast: false,
        };
        code_of(gem_flux::validate_build_model(&args, &resources()))
    };
    let blank = |text: &str| {
        code_of(gem_flux::validate_search(
            Some(&db),
            SearchTarget::Compounds,
            text,
            10,
        )) == "EMPTY_QUERY"
    };
    let samples = [
        "cpd00027",
        "cpd99999",
        "cpd0002",
        "cpd000271",
        "CPD00027",
        "cpd00027\n",
        " cpd00027",
        "cpd\u{661}\u{662}\u{663}\u{664}\u{665}",
        "rxn00001",
        "rxn0000a",
        "",
        " x ",
        "a b",
        "glucose",
        "MKV",
        "mkv",
        "MKVX",
        "ACDEFGHIKLMNPQRSTVWY",
        "BJOUXZ",
        "prot_1",
        "\u{e9}",
    ];
    for text in samples {
        let id_format = |result| code_of(result) != "INVALID_ID_FORMAT";
        assert_eq!(
            accepts(&compound_id, text),
            id_format(gem_flux::lookup_compound(Some(&db), text).map(drop)),
            "compound ID {text:?}"
        );
        assert_eq!(
            accepts(&reaction_id, text),
            id_format(gem_flux::lookup_reaction(Some(&db), text).map(drop)),
            "reaction ID {text:?}"
        );
        assert_eq!(accepts(&query, text), !blank(text), "query {text:?}");
        assert_eq!(
            accepts(&sequence_id, text),
            build(text, "MKV") == "OK",
            "sequence ID {text:?}"
        );
        assert_eq!(
            accepts(&sequence, text),
            build("prot_1", text) == "OK",
            "sequence {text:?}"
        );
    }
    let characters = ('\0'..='\u{3100}').chain(['\u{feff}']);
    for text in characters.map(String::from) {
        assert_eq!(accepts(&query, &text), !blank(&text), "query {text:?}");
        let id = format!("p{text}1");
        let read = build(&id, "MKV") == "OK";
        assert_eq!(accepts(&sequence_id, &id), read, "sequence ID {id:?}");
    }
    assert_eq!(patterns::SEQUENCE, format!("^[{AMINO_ACIDS}]+$"));
}

#[test]
fn lookup_errors_carry_similar_ids() {
    let db = Biochemistry::EMBEDDED;
    let details = |id: &str| {
        let error = gem_flux::lookup_compound(Some(&db), id).unwrap_err();
        render(&error, "get_compound_name", "2025-10-27T15:00:00Z")["details"].clone()
    };
    assert_eq!(details("CPD00027")["similar_ids"], json!(["cpd00027"]));
    assert_eq!(details("cpd27")["similar_ids"], json!(["cpd00027"]));
    assert_eq!(details("cpd27")["expected_pattern"], r"cpd\d{5}");
    let unknown = details("cpd00039");
    assert_eq!(
        unknown["similar_ids"],
        json!(["cpd00009", "cpd00019", "cpd00029", "cpd00030", "cpd00031"])
    );
    assert_eq!(unknown["total_compounds"], db.compound_count());
    assert_eq!(details("cpd99999")["similar_ids"], json!([]));
}

// --- the compound table -----------------------------------------------------------------

#[test]
fn the_compound_table_is_real_sorted_and_large_enough() {
    let db = Biochemistry::EMBEDDED;
    assert!(gem_flux::COMPOUNDS.len() >= 30);
    for (id, name, formula) in [
        ("cpd00001", "H2O", "H2O"),
        ("cpd00007", "O2", "O2"),
        ("cpd00027", "D-Glucose", "C6H12O6"),
        ("cpd00029", "Acetate", "C2H3O2"),
    ] {
        let compound = db.compound(id).unwrap();
        assert_eq!((compound.name, compound.formula), (name, formula));
    }
    assert!(
        Biochemistry::from_sorted(gem_flux::COMPOUNDS, gem_flux::REACTIONS).is_some(),
        "the embedded tables are sorted, so binary search finds every row"
    );
    for compound in gem_flux::COMPOUNDS {
        assert!(
            gem_flux::biochem::is_compound_id(compound.id),
            "{}",
            compound.id
        );
        assert_eq!(db.compound(compound.id), Some(compound));
    }
    let unsorted = [gem_flux::COMPOUNDS[1], gem_flux::COMPOUNDS[0]];
    assert!(Biochemistry::from_sorted(&unsorted, &[]).is_none());
    assert_eq!(
        db.search_compounds("GLUC", 10)
            .iter()
            .map(|c| c.id)
            .collect::<Vec<_>>(),
        ["cpd00026", "cpd00027", "cpd00037"]
    );
}

#[test]
fn reaction_search_matches_names_and_ids() {
    let db = Biochemistry::EMBEDDED;
    let ids = |query, limit| {
        db.search_reactions(query, limit)
            .iter()
            .map(|r| r.id)
            .collect::<Vec<_>>()
    };
    // Case-insensitive, in table order.
    assert_eq!(ids("  PEROXIDE ", 10), ["rxn00006", "rxn00008"]);
    assert_eq!(ids("pyruvate", 10), ["rxn00003", "rxn00004"]);
    assert_eq!(ids("rxn0000", 3), ["rxn00001", "rxn00002", "rxn00003"]);
    assert_eq!(ids("rxn00007", 10), ["rxn00007"]);
    assert!(ids("glucose synthase", 10).is_empty());
}

#[test]
fn id_patterns() {
    use gem_flux::biochem::{is_compound_id, is_reaction_id};
    for valid in ["cpd00027", "cpd00001"] {
        assert!(is_compound_id(valid));
    }
    for invalid in [
        "cpd27",
        "CPD00027",
        "compound_027",
        "cpd000271",
        "cpd0002a",
        "cpd٠٠٠٢٧",
    ] {
        assert!(!is_compound_id(invalid), "{invalid}");
    }
    assert!(is_reaction_id("rxn00148") && is_reaction_id("rxn05459"));
    for invalid in ["rxn148", "RXN00148", "reaction_148"] {
        assert!(!is_reaction_id(invalid), "{invalid}");
    }
}

#[test]
fn library_and_model_errors_render_their_types() {
    let cases: [(&dyn ToolError, &str, i32); 4] = [
        (&ModelError::RastUnavailable, "library_error", -32003),
        (
            &ModelError::invalid_template_name("Gram"),
            "validation_error",
            -32000,
        ),
        (
            &LibraryError::TemplateNotLoaded {
                template: "Core".into(),
                loaded_templates: vec![],
            },
            "library_error",
            -32003,
        ),
        (
            &GapfillError::MaxComplexityExceeded {
                model_id: "m".into(),
                media_id: "n".into(),
                target_growth: 0.01,
                max_complexity: 10,
                required_reactions: 14,
            },
            "infeasibility_error",
            -32002,
        ),
    ];
    for (error, error_type, code) in cases {
        let response = render(error, "t", "2025-10-27T15:00:00Z");
        assert_eq!(response["error_type"], error_type, "{}", error.code());
        assert_eq!(response["jsonrpc_error_code"], code, "{}", error.code());
    }
    let response = render(
        &GapfillError::MaxComplexityExceeded {
            model_id: "m".into(),
            media_id: "n".into(),
            target_growth: 0.01,
            max_complexity: 10,
            required_reactions: 14,
        },
        "gapfill_model",
        "2025-10-27T15:00:00Z",
    );
    assert_eq!(
        response["suggestions"][0],
        "Retry with max_complexity of at least 14"
    );
    assert_eq!(
        render(
            &ModelError::invalid_template_name("Gram"),
            "t",
            "2025-10-27T15:00:00Z"
        )["details"]["valid_templates"],
        json!(["GramNegative", "GramPositive", "Core"])
    );
}
