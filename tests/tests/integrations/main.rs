//! One module per integration family: rmcp, axum, jsonrpsee, tracing, schemars,
//! utoipa, and the validation libraries (garde, validator). All run under the default
//! options; none installs its own.

mod axum;
mod jsonrpsee;
mod otel;
mod rmcp;
mod schemars;
mod trace_context;
mod tracing;
mod utoipa;
mod validation;
