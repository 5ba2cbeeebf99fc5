//! What one call carries to every error converted while it runs: a value made
//! current for each poll of the call's future, on whichever thread polls it.
//!
//! A derived `IntoCallToolResult` or `IntoResponse` impl takes no arguments, yet
//! the envelope wants the tool, the request and the options of the call; the
//! integrations that see the call (rmcp's router, an axum middleware) wrap its
//! future in [`Scoped`], and the conversion reads the scope with [`Slot::with_current`].
//! The scope is moved into the thread's slot for each poll and back out after it,
//! so it travels with the future, not the thread: concurrent calls on a
//! multi-threaded runtime never see each other's.

use core::cell::Cell;
use core::fmt;
use core::future::Future;
use core::pin::Pin;
use core::task::{Context as TaskContext, Poll};
use std::thread::LocalKey;

/// A type a call scope holds, with the thread-local slot where it is current.
pub(crate) trait Slot: Send + Sized + 'static {
    /// The slot: one `thread_local!` per scope type, so scopes of two integrations
    /// (an MCP server behind an HTTP one) never hide each other.
    fn slot() -> &'static LocalKey<Cell<Option<Box<Self>>>>;

    /// Runs `f` with the scope of this type current on this thread, if any.
    ///
    /// The scope is lent to `f`, out of the slot, and put back when `f` returns or
    /// unwinds; a conversion that runs inside `f` sees no scope, which no conversion
    /// does.
    fn with_current<R>(f: impl FnOnce(Option<&mut Self>) -> R) -> R {
        // No scope is current while `f` runs: the current one is lent to it.
        let mut none = None;
        let mut entered = Entered::new(&mut none);
        f(entered.previous.as_deref_mut())
    }
}

/// Puts `scope` in the slot and returns what was there (nothing, and `scope` is
/// dropped, only while the thread is being torn down).
fn put<S: Slot>(scope: Option<Box<S>>) -> Option<Box<S>> {
    S::slot()
        .try_with(|slot| slot.replace(scope))
        .ok()
        .flatten()
}

/// Puts the contract of `error`, which the call is answered with, on the call's
/// span.
pub(crate) fn record(span: &tracing::Span, error: &dyn crate::ToolError) {
    span.record("tool_error.code", error.code());
    span.record("tool_error.kind", error.kind().as_str());
    span.record("tool_error.recoverable", error.recoverable());
}

/// A scope made current for the duration of one poll (or none, for the duration
/// of [`Slot::with_current`]): the scope that was current is kept here and put
/// back, and the entered one returns home, on drop, even if the poll unwinds.
struct Entered<'a, S: Slot> {
    home: &'a mut Option<Box<S>>,
    previous: Option<Box<S>>,
}

impl<'a, S: Slot> Entered<'a, S> {
    fn new(home: &'a mut Option<Box<S>>) -> Self {
        let previous = put(home.take());
        Entered { home, previous }
    }
}

impl<S: Slot> Drop for Entered<'_, S> {
    fn drop(&mut self) {
        *self.home = put(self.previous.take());
    }
}

pin_project_lite::pin_project! {
    /// A future running inside a scope. Once it is ready, the integration takes
    /// the scope back to read what the call left in it.
    pub(crate) struct Scoped<S, F> {
        // Boxed, so making it current moves a pointer.
        scope: Option<Box<S>>,
        #[pin]
        future: F,
    }
}

impl<S, F> Scoped<S, F> {
    pub(crate) fn new(scope: S, future: F) -> Self {
        Scoped {
            scope: Some(Box::new(scope)),
            future,
        }
    }

    /// The scope, once the future is ready (none only if the thread was being torn
    /// down while the future ran).
    #[cfg_attr(not(feature = "rmcp"), allow(dead_code))]
    pub(crate) fn take_scope(self: Pin<&mut Self>) -> Option<Box<S>> {
        self.project().scope.take()
    }
}

impl<S, F> fmt::Debug for Scoped<S, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Scoped").finish_non_exhaustive()
    }
}

impl<S: Slot, F: Future> Future for Scoped<S, F> {
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<F::Output> {
        let this = self.project();
        let _entered = Entered::new(this.scope);
        this.future.poll(cx)
    }
}
