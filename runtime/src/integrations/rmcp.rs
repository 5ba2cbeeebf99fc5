//! The `rmcp` integration.

/// Implements the `rmcp` conversions for a derived type.
#[doc(hidden)]
#[macro_export]
macro_rules! __tool_error_rmcp {
    ($($input:tt)*) => {};
}
