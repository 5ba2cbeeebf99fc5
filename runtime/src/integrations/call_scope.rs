//! What one call carries to every error converted while it runs: a value made
//! current for each poll of the call's future, on whichever thread polls it.
//!
//! A derived `IntoCallToolResult` or `IntoResponse` impl takes no arguments, yet
//! the envelope wants the tool, the request and the options of the call; the
//! integrations that see the call (rmcp's router, an axum middleware) wrap its
//! future in [`Scoped`], and the conversion reads [`current`]. The value travels with
//! the future, not the thread, so concurrent calls on a multi-threaded runtime never
//! see each other's.

use core::cell::RefCell;
use core::fmt;
use core::future::Future;
use core::pin::Pin;
use core::task::{Context as TaskContext, Poll};
use std::sync::Arc;
use std::thread::LocalKey;

/// A type a call scope holds, with the thread-local slot where it is current.
pub(crate) trait Slot: Send + Sync + Sized + 'static {
    /// The slot: one `thread_local!` per scope type, so scopes of two integrations
    /// (an MCP server behind an HTTP one) never hide each other.
    fn slot() -> &'static LocalKey<RefCell<Option<Arc<Self>>>>;
}

/// The scope of type `S` current on this thread, if any.
pub(crate) fn current<S: Slot>() -> Option<Arc<S>> {
    S::slot()
        .try_with(|current| current.try_borrow().ok().and_then(|scope| scope.clone()))
        .ok()
        .flatten()
}

/// Puts `scope` in the slot and returns what was there (nothing if the slot is
/// unavailable, which only happens while the thread is being torn down).
fn swap<S: Slot>(scope: Option<Arc<S>>) -> Option<Arc<S>> {
    S::slot()
        .try_with(|current| {
            current
                .try_borrow_mut()
                .ok()
                .and_then(|mut slot| core::mem::replace(&mut *slot, scope))
        })
        .ok()
        .flatten()
}

/// Makes a scope current for the duration of one poll; restores the previous one
/// on drop, even if the poll unwinds.
struct Enter<S: Slot> {
    previous: Option<Arc<S>>,
}

impl<S: Slot> Enter<S> {
    fn new(scope: Arc<S>) -> Self {
        Enter {
            previous: swap(Some(scope)),
        }
    }
}

impl<S: Slot> Drop for Enter<S> {
    fn drop(&mut self) {
        // The scope taken out is dropped here, after the slot is released.
        drop(swap(self.previous.take()));
    }
}

/// A future running inside a scope.
pub(crate) struct Scoped<S, F> {
    scope: Arc<S>,
    future: Pin<Box<F>>,
}

impl<S, F> Scoped<S, F> {
    pub(crate) fn new(scope: Arc<S>, future: F) -> Self {
        Scoped {
            scope,
            future: Box::pin(future),
        }
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
        let this = self.get_mut();
        let _enter = Enter::new(this.scope.clone());
        this.future.as_mut().poll(cx)
    }
}
