//! The task-local scope that carries a tool call's name, request id and options to
//! every conversion while the call runs.

use core::fmt;
use core::future::Future;
use core::pin::Pin;
use core::task::{Context as TaskContext, Poll};
use std::borrow::Cow;
use std::cell::RefCell;
use std::sync::{Arc, Mutex};

use ::rmcp::model::{CallToolResponse, NumberOrString};

use crate::{Context, Options, RequestId};

/// What a scope carries.
pub(super) struct Scope {
    pub(super) options: Options,
    pub(super) tool: Option<Cow<'static, str>>,
    pub(super) request_id: Option<NumberOrString>,
    /// Whether the tool declares an `outputSchema`, when the router knows the tool.
    pub(super) has_output_schema: Option<bool>,
    /// The envelope result of arguments [`Parameters`] failed to read, which replaces
    /// the plain-text result rmcp's router makes of the extractor's error.
    pub(super) argument_failure: Mutex<Option<CallToolResponse>>,
}

impl Scope {
    pub(super) fn new(
        options: Options,
        tool: Option<Cow<'static, str>>,
        request_id: Option<NumberOrString>,
        has_output_schema: Option<bool>,
    ) -> Self {
        Scope {
            options,
            tool,
            request_id,
            has_output_schema,
            argument_failure: Mutex::new(None),
        }
    }

    pub(super) fn context(&self) -> Context<'_> {
        let mut context = self.options.context();
        if let Some(tool) = &self.tool {
            context = context.with_tool(tool);
        }
        if let Some(request_id) = &self.request_id {
            context = context.with_request_id(request_id_of(request_id));
        }
        context
    }

    pub(super) fn set_argument_failure(&self, response: CallToolResponse) {
        let mut slot = self
            .argument_failure
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        *slot = Some(response);
    }

    pub(super) fn take_argument_failure(&self) -> Option<CallToolResponse> {
        self.argument_failure
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take()
    }
}

/// rmcp's request id with its JSON type.
pub(super) fn request_id_of(id: &NumberOrString) -> RequestId<'_> {
    match id {
        NumberOrString::Number(number) => RequestId::Number(*number),
        NumberOrString::String(text) => RequestId::String(text),
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Arc<Scope>>> = const { RefCell::new(None) };
}

pub(super) fn current() -> Option<Arc<Scope>> {
    CURRENT
        .try_with(|current| current.try_borrow().ok().and_then(|scope| scope.clone()))
        .ok()
        .flatten()
}

/// Puts `scope` in the slot and returns what was there (nothing if the slot is
/// unavailable, which only happens while the thread is being torn down).
pub(super) fn swap_current(scope: Option<Arc<Scope>>) -> Option<Arc<Scope>> {
    CURRENT
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
pub(super) struct Enter {
    previous: Option<Arc<Scope>>,
}

impl Enter {
    pub(super) fn new(scope: Arc<Scope>) -> Self {
        Enter {
            previous: swap_current(Some(scope)),
        }
    }
}

impl Drop for Enter {
    fn drop(&mut self) {
        // The scope taken out is dropped here, after the slot is released.
        drop(swap_current(self.previous.take()));
    }
}

/// A future running inside a scope; see [`Router::call`](super::Router::call).
pub(super) struct Scoped<F> {
    scope: Arc<Scope>,
    future: Pin<Box<F>>,
}

impl<F> Scoped<F> {
    pub(super) fn new(scope: Arc<Scope>, future: F) -> Self {
        Scoped {
            scope,
            future: Box::pin(future),
        }
    }
}

impl<F> fmt::Debug for Scoped<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Scoped")
            .field("tool", &self.scope.tool)
            .field("request_id", &self.scope.request_id)
            .finish_non_exhaustive()
    }
}

impl<F: Future> Future for Scoped<F> {
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<F::Output> {
        let this = self.get_mut();
        let _enter = Enter::new(this.scope.clone());
        this.future.as_mut().poll(cx)
    }
}
