//! The example systems (the `tool-error-examples` package), one module per
//! documented error contract they reproduce, plus the tour and the committed
//! catalogs of every example:
//!
//! - `gem_flux`: Gem-Flux's error handling and validation specification
//! - `mdmcp`: mdmcp's enhanced error handling design
//! - `interbase`: interbase's `toolerror` contract
//! - `exa`: the Exa docs server's error handling specification
//! - `ontology`, `ontology_params`: the ontology server's tool error handling
//!   patterns and its parameter validation templates

mod catalogs;
mod exa;
mod gem_flux;
mod interbase;
mod mdmcp;
mod ontology;
mod ontology_params;
mod tour;
