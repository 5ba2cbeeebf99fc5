//! Whether an error that invites a retry may be retried unchanged.

use serde::{Deserialize, Serialize};

/// The server's advice on repeating a failed call unchanged, the native envelope's
/// `retry` (`"safe"` or `"check_first"`).
///
/// It is given for an error that invites a retry: a recoverable `TRANSIENT` error,
/// or a recoverable error with a retry hint (a validation error never: it took no
/// effect and asks for new input). Whether repeating the call is safe depends on
/// what the call does, not on the error: a timeout while creating a record may have
/// created it. So it comes from the call ([`Context::with_idempotent`](crate::Context::with_idempotent),
/// which the integrations set from the tool's annotations or the HTTP method) or
/// from the error itself, when it says the call was refused before it ran
/// (`#[tool_error(no_effect)]`, [`ToolError::no_effect`](crate::ToolError::no_effect)).
///
/// It is what MCP's draft `ToolFailure` proposal calls `retryable` (with
/// `retry_after` as `retryNotBefore`): a client may repeat the call by itself only
/// when the advice is `safe`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub enum Retry {
    /// Repeating the call unchanged is safe: it only reads, it is idempotent, or
    /// it was refused before it had any effect.
    Safe,
    /// The failed call may have taken effect: check whether it did (read the
    /// resource it would have changed) before repeating it.
    CheckFirst,
}
