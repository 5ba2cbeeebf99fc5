//! The `jsonrpsee` integration.

/// Implements the `jsonrpsee` conversions for a derived type.
#[doc(hidden)]
#[macro_export]
macro_rules! __tool_error_jsonrpsee {
    ($($input:tt)*) => {};
}
