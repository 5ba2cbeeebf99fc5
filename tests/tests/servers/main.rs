//! End to end: the example servers as a client meets them. `mcp_server` and
//! `recovery_agent` drive example binaries in child processes; `http_api` serves
//! the document library in this process and installs its options, which nothing
//! else here reads.

mod http_api;
mod mcp_server;
mod recovery_agent;
