//! The five seed systems of `../shared/seeds/` rebuilt with tool-error, one module
//! each, shared by the tour and the tests.

pub mod exa;
pub mod gem_flux;
pub mod interbase;
pub mod mdmcp;
pub mod ontology;

/// One error as the tour shows it: which system, what happened, and the exact
/// output that system's format produces.
#[derive(Debug, Clone)]
pub struct Sample {
    /// The system, e.g. `Gem-Flux`.
    pub system: &'static str,
    /// A short heading, e.g. `INVALID_COMPOUND_IDS (build_media)`.
    pub title: String,
    /// The rendered output.
    pub output: serde_json::Value,
}
