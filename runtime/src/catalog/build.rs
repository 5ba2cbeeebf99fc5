//! Building entries by hand, for a hand-written `ToolError` impl. What only the
//! derive declares (templates it has already parsed, the roles of its fields) is
//! set by its short builders in `__private::short`.

use super::model::{Catalog, Entry, FieldInfo};
use crate::next_call::CallSpec;
use crate::{Channel, Kind};

/// Building an entry by hand, for a hand-written [`ToolError`](crate::ToolError) impl.
impl Entry {
    /// An entry with the given code and kind and every other property at the kind's
    /// default.
    ///
    /// ```
    /// use tool_error::catalog::FieldInfo;
    /// use tool_error::{Catalog, Entry, Kind};
    ///
    /// static UPSTREAM: Catalog = Catalog::new(
    ///     "UpstreamError",
    ///     module_path!(),
    ///     &[
    ///         Entry::new("Timeout", "UPSTREAM_TIMEOUT", Kind::Transient).with_retry_after(),
    ///         Entry::new("Rejected", "UPSTREAM_REJECTED", Kind::Validation)
    ///             .with_http_status(422)
    ///             .with_fields(&[FieldInfo::new("reason")]),
    ///     ],
    /// )
    /// .with_domain("upstream");
    ///
    /// assert_eq!(UPSTREAM.find("UPSTREAM_REJECTED").unwrap().http_status(), 422);
    /// ```
    pub const fn new(variant: &'static str, code: &'static str, kind: Kind) -> Self {
        Entry {
            variant,
            code,
            kind,
            category: None,
            recoverable: kind.default_recoverable(),
            jsonrpc_code: kind.default_jsonrpc_code(),
            http_status: kind.default_http_status(),
            channel: Channel::Result,
            message: None,
            suggestions: &[],
            args: &[],
            dynamic_suggestions: false,
            dynamic_next_calls: false,
            fields: &[],
            details_field: false,
            retry_after: false,
            no_effect: false,
            doc: "",
            docs_url: None,
            next_calls: &[],
            transparent: None,
        }
    }

    /// The entry of a variant that wraps another error type and takes its codes.
    pub const fn transparent(variant: &'static str, inner: &'static Catalog) -> Self {
        let mut entry = Entry::new(variant, "", Kind::Internal);
        entry.transparent = Some(inner);
        entry
    }

    /// Sets [`docs_url`](Entry::docs_url).
    #[must_use]
    pub const fn with_docs_url(mut self, url: &'static str) -> Self {
        self.docs_url = Some(url);
        self
    }

    /// Sets [`next_calls`](Entry::next_calls), for a hand-written error whose
    /// [`ToolError::next_calls`](crate::ToolError::next_calls) writes these calls,
    /// so the catalog lists them and [`next_call::match_tools`](crate::next_call) sees them.
    #[must_use]
    pub const fn with_next_calls(mut self, calls: &'static [CallSpec]) -> Self {
        self.next_calls = calls;
        self
    }

    /// Sets [`category`](Entry::category).
    #[must_use]
    pub const fn with_category(mut self, category: &'static str) -> Self {
        self.category = Some(category);
        self
    }

    /// Sets [`recoverable`](Entry::recoverable).
    #[must_use]
    pub const fn with_recoverable(mut self, recoverable: bool) -> Self {
        self.recoverable = recoverable;
        self
    }

    /// Sets [`jsonrpc_code`](Entry::jsonrpc_code).
    #[must_use]
    pub const fn with_jsonrpc_code(mut self, code: i32) -> Self {
        self.jsonrpc_code = code;
        self
    }

    /// Sets [`http_status`](Entry::http_status).
    #[must_use]
    pub const fn with_http_status(mut self, status: u16) -> Self {
        self.http_status = status;
        self
    }

    /// Sets [`channel`](Entry::channel).
    #[must_use]
    pub const fn with_channel(mut self, channel: Channel) -> Self {
        self.channel = channel;
        self
    }

    /// Sets [`suggestions`](Entry::suggestions).
    #[must_use]
    pub const fn with_suggestions(mut self, suggestions: &'static [&'static str]) -> Self {
        self.suggestions = suggestions;
        self
    }

    /// Sets [`fields`](Entry::fields).
    #[must_use]
    pub const fn with_fields(mut self, fields: &'static [FieldInfo]) -> Self {
        self.fields = fields;
        self
    }

    /// Marks the entry as carrying a retry hint ([`has_retry_after`](Entry::has_retry_after)).
    #[must_use]
    pub const fn with_retry_after(mut self) -> Self {
        self.retry_after = true;
        self
    }

    /// Marks the call as refused before it had any effect
    /// ([`no_effect`](Entry::no_effect)).
    #[must_use]
    pub const fn with_no_effect(mut self) -> Self {
        self.no_effect = true;
        self
    }

    /// Sets [`doc`](Entry::doc).
    #[must_use]
    pub const fn with_doc(mut self, doc: &'static str) -> Self {
        self.doc = doc;
        self
    }
}
