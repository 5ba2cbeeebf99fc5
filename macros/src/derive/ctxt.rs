//! Collects every error found in one input, so all are reported at once.

use std::cell::RefCell;
use std::fmt::Display;

use proc_macro2::{Span, TokenStream};
use quote::ToTokens;

/// The error list of one derive invocation.
#[derive(Default)]
pub(crate) struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
}

impl Ctxt {
    /// Records an error spanning `tokens`.
    pub(crate) fn error_spanned_by<T: ToTokens>(&self, tokens: T, message: impl Display) {
        self.push(syn::Error::new_spanned(tokens.into_token_stream(), message));
    }

    /// Records an error at `span`.
    pub(crate) fn error_at(&self, span: Span, message: impl Display) {
        self.push(syn::Error::new(span, message));
    }

    /// Records an error produced by syn.
    pub(crate) fn push(&self, error: syn::Error) {
        self.errors.borrow_mut().push(error);
    }

    /// Whether any error was recorded.
    pub(crate) fn has_errors(&self) -> bool {
        !self.errors.borrow().is_empty()
    }

    /// Every error as `compile_error!` invocations.
    pub(crate) fn to_compile_errors(&self) -> TokenStream {
        self.errors
            .borrow()
            .iter()
            .map(syn::Error::to_compile_error)
            .collect()
    }
}
