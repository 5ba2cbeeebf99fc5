//! Five MCP servers and error contracts, each rebuilt with tool-error from the errors
//! it documents: one module per system, shared by the tour and the tests. And
//! `doc_library`, an HTTP API built with axum, served by the `http-api` binary.

pub mod doc_library;
pub mod exa;
pub mod gem_flux;
pub mod go;
pub mod interbase;
pub mod mdmcp;
pub mod ontology;

use tool_error::CrateCatalog;

// One catalog per system: each is a separate server with its own code space (two of
// them may well use the same code), so each has its own lock file and reference under
// `examples/error-codes/`, checked by the tests.
tool_error::crate_catalog!(pub static GEM_FLUX_CODES = [gem_flux::GemFluxError], name = "gem-flux");
tool_error::crate_catalog!(pub static MDMCP_CODES = [mdmcp::MdmcpError], name = "mdmcp");
tool_error::crate_catalog!(
    pub static INTERBASE_CODES = [interbase::InterlockError],
    name = "interbase",
);
tool_error::crate_catalog!(pub static EXA_CODES = [exa::ExaError], name = "exa");
tool_error::crate_catalog!(
    pub static ONTOLOGY_CODES = [
        ontology::OntologyError,
        ontology::RepositoryError,
        ontology::ProtocolError,
    ],
    name = "ontology",
);

tool_error::crate_catalog!(
    pub static DOC_LIBRARY_CODES = [doc_library::LibraryError],
    name = "doc-library",
);

/// Every catalog of the examples: the five systems' in the tour's order, then the
/// HTTP API's.
pub fn catalogs() -> [&'static CrateCatalog; 6] {
    [
        &GEM_FLUX_CODES,
        &MDMCP_CODES,
        &INTERBASE_CODES,
        &EXA_CODES,
        &ONTOLOGY_CODES,
        &DOC_LIBRARY_CODES,
    ]
}

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
