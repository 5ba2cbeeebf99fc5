//! Every error code of Gem-Flux, grouped as Gem-Flux groups them, with its
//! `error_type` as the category and the legacy JSON-RPC code.
//!
//! Gem-Flux gives each category a JSON-RPC code of the pre-2026 range:
//! `validation_error` -32000, `not_found_error` -32001, `infeasibility_error`
//! -32002, `library_error` -32003, `database_error` -32004, `timeout_error`
//! -32005, `server_error` -32603. Each variant states its category's code with
//! `jsonrpc = ...`; the enums opt into `legacy_jsonrpc`, which allows codes in that
//! range.
//!
//! - [`building`]: `build_media` and `build_model`.
//! - [`analysis`]: session lookups, `gapfill_model` and `run_fba`.
//! - [`backend`]: the libraries, the database and the server.
//! - [`umbrella`]: [`GemFluxError`] over them all, and [`TOOL_CODES`].

pub mod analysis;
pub mod backend;
pub mod building;
pub mod umbrella;

pub use analysis::{FbaError, GapfillError, MAX_COMPLEXITY_LIMIT, MAX_TARGET_GROWTH, SessionError};
pub use backend::{
    COMPOUNDS_FILE, DatabaseError, LibraryError, LibraryTraceback, REACTIONS_FILE, ServerError,
};
pub use building::{AMINO_ACIDS, CompoundIdReport, MediaError, ModelError, TEMPLATE_NAMES};
pub use umbrella::{GemFluxError, TOOL_CODES};
