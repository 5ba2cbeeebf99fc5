//! The `axum` integration.

/// Implements the `axum` conversions for a derived type.
#[doc(hidden)]
#[macro_export]
macro_rules! __tool_error_axum {
    ($($input:tt)*) => {};
}
