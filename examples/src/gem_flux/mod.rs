//! Gem-Flux: an MCP server for genome-scale metabolic modelling, whose
//! tools answer every failure with one flat JSON envelope.
//!
//! - [`errors`]: every code of Gem-Flux as annotated enums, grouped as Gem-Flux
//!   groups them, under the umbrella [`GemFluxError`]; Gem-Flux's `error_type` is
//!   each code's category, its JSON-RPC code the legacy one for that category.
//! - [`profile`]: [`GemFlux`], the response envelope, and [`GemFluxLog`] /
//!   [`log_entry`], the server log entry.
//! - [`log`]: [`JsonLogFormat`], the server log as JSON lines, one entry per error.
//! - [`validate`]: argument checks per tool in Gem-Flux's documented order.
//! - [`biochem`]: a real slice of the ModelSEED database and ID helpers.
//! - [`formula`]: chemical formulas read into element counts.
//! - [`toy`]: a deterministic toy model, gapfiller and FBA for the model tools of
//!   `gem-flux-mcp`.
//!
//! ```
//! use tool_error::clock::FixedClock;
//! use tool_error_examples::gem_flux::{self, BuildMediaArgs, Biochemistry};
//!
//! let args = BuildMediaArgs {
//!     compounds: vec!["cpd00027".into(), "cpd27".into()],
//!     default_uptake: 10.0,
//!     custom_bounds: Default::default(),
//! };
//! let error = gem_flux::validate_build_media(&args, &Biochemistry::EMBEDDED).unwrap_err();
//! let clock = FixedClock::from_rfc3339("2025-10-27T14:32:15Z").unwrap();
//! let response = gem_flux::render(&error, "build_media", clock);
//! assert_eq!(response["error_code"], "INVALID_COMPOUND_IDS");
//! assert_eq!(response["jsonrpc_error_code"], -32000);
//! assert_eq!(response["details"]["invalid_ids"][0], "cpd27");
//! ```

pub mod biochem;
pub mod errors;
pub mod formula;
pub mod log;
pub mod profile;
mod samples;
pub mod toy;
pub mod validate;

pub use biochem::{Biochemistry, COMPOUNDS, Compound, REACTIONS, Reaction};
pub use errors::{
    CompoundIdReport, DatabaseError, FbaError, GapfillError, GemFluxError, LibraryError,
    LibraryTraceback, MediaError, ModelError, ServerError, SessionError, TOOL_CODES,
};
pub use log::JsonLogFormat;
pub use profile::{GemFlux, GemFluxLog, log_entry, render};
pub use samples::samples;
pub use validate::{
    BuildMediaArgs, BuildModelArgs, FbaArgs, GapfillArgs, SearchTarget, ServerResources,
    SessionSnapshot, SessionState, lookup_compound, lookup_reaction, validate_build_media,
    validate_build_model, validate_fba, validate_gapfill, validate_search,
};
