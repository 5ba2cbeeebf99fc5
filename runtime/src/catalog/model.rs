//! The catalog's data: one [`Catalog`] per error type, one [`Entry`] per code.

use crate::next_call::CallSpec;
use crate::{Channel, Kind};

/// The static catalog of an error type: one [`Entry`] per variant, in declaration order.
///
/// The derive builds it as `static` data, and the same tables drive rendering, so the
/// catalog cannot drift from what the server sends. Read it through
/// [`StaticCatalog::CATALOG`] or [`ToolError::catalog`](crate::ToolError::catalog):
///
/// ```
/// use tool_error::{Kind, StaticCatalog, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[tool_error(domain = "orders")]
/// /// Failures of the order service.
/// pub enum OrderError {
///     /// The order id is unknown.
///     #[error("order {id} not found")]
///     #[tool_error(kind = not_found, suggest = "List orders with list_orders")]
///     NotFound { id: u64 },
///     #[error("try again")]
///     #[tool_error(kind = transient)]
///     Busy,
/// }
///
/// let catalog = OrderError::CATALOG;
/// assert_eq!(catalog.type_name(), "OrderError");
/// assert_eq!(catalog.domain(), Some("orders"));
/// assert_eq!(catalog.codes().collect::<Vec<_>>(), ["NOT_FOUND", "BUSY"]);
///
/// let entry = catalog.find("NOT_FOUND").unwrap();
/// assert_eq!(entry.kind(), Kind::NotFound);
/// assert_eq!(entry.summary(), "The order id is unknown.");
/// assert_eq!(entry.suggestions(), ["List orders with list_orders"]);
/// assert_eq!(entry.fields()[0].name(), "id");
/// ```
///
/// A hand-written [`ToolError`](crate::ToolError) impl can describe its codes the same
/// way with the `const` builders [`Catalog::new`] and [`Entry::new`].
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Catalog {
    pub(crate) type_name: &'static str,
    pub(crate) module_path: &'static str,
    pub(crate) domain: Option<&'static str>,
    pub(crate) doc: &'static str,
    pub(crate) entries: &'static [Entry],
}

/// Everything static about one code: its variant, kind, codes on each wire, detail
/// fields and suggestions.
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct Entry {
    pub(crate) variant: &'static str,
    pub(crate) code: &'static str,
    pub(crate) kind: Kind,
    pub(crate) category: Option<&'static str>,
    pub(crate) recoverable: bool,
    pub(crate) jsonrpc_code: i32,
    pub(crate) http_status: u16,
    pub(crate) channel: Channel,
    /// The explicit `message = "..."` template; `None` means the type's `Display`.
    pub(crate) message: Option<&'static str>,
    pub(crate) suggestions: &'static [&'static str],
    /// The placeholders the templates fill, in argument-slot order (`model_id`,
    /// `count:?`).
    pub(crate) args: &'static [&'static str],
    pub(crate) dynamic_suggestions: bool,
    /// Whether a `#[tool_error(next_calls)]` field adds calls at run time.
    pub(crate) dynamic_next_calls: bool,
    pub(crate) fields: &'static [FieldInfo],
    /// Whether the single detail field *is* the `details` object.
    pub(crate) details_field: bool,
    pub(crate) retry_after: bool,
    /// Whether the call was refused before it had any effect (`no_effect`).
    pub(crate) no_effect: bool,
    pub(crate) doc: &'static str,
    pub(crate) docs_url: Option<&'static str>,
    pub(crate) next_calls: &'static [CallSpec],
    pub(crate) transparent: Option<&'static Catalog>,
}

/// A detail field as the catalog lists it: its key in `details`, and whether its
/// value is redacted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FieldInfo {
    pub(crate) name: &'static str,
    pub(crate) redact: bool,
}

impl FieldInfo {
    /// A detail field shown as is.
    pub const fn new(name: &'static str) -> Self {
        FieldInfo {
            name,
            redact: false,
        }
    }

    /// A detail field rendered as the redaction marker unless the policy reveals it.
    pub const fn redacted(name: &'static str) -> Self {
        FieldInfo { name, redact: true }
    }

    /// The key written in `details` (after `rename`).
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// Whether the value is replaced by the redaction marker unless the
    /// [`Policy`](crate::Policy) reveals it.
    pub const fn is_redacted(&self) -> bool {
        self.redact
    }
}

/// Reading an entry.
impl Entry {
    /// The Rust variant name (the type name for a struct).
    pub const fn variant(&self) -> &'static str {
        self.variant
    }

    /// The stable code. Empty for a `transparent` entry, whose codes are those of
    /// the [`wrapped`](Entry::wrapped) type.
    pub const fn code(&self) -> &'static str {
        self.code
    }

    /// The decision class.
    pub const fn kind(&self) -> Kind {
        self.kind
    }

    /// The free-form category, e.g. `infeasibility_error`.
    pub const fn category(&self) -> Option<&'static str> {
        self.category
    }

    /// Whether retrying (possibly with changed input) may succeed.
    pub const fn recoverable(&self) -> bool {
        self.recoverable
    }

    /// The JSON-RPC error code.
    pub const fn jsonrpc_code(&self) -> i32 {
        self.jsonrpc_code
    }

    /// The HTTP status.
    pub const fn http_status(&self) -> u16 {
        self.http_status
    }

    /// Whether the error is a tool result or a protocol error.
    pub const fn channel(&self) -> Channel {
        self.channel
    }

    /// The `message = "..."` template, if the variant declares one; without one the
    /// message is the type's `Display`, masked for internal errors.
    pub const fn message(&self) -> Option<&'static str> {
        self.message
    }

    /// The `suggest = "..."` templates, in order (placeholders unfilled).
    pub const fn suggestions(&self) -> &'static [&'static str] {
        self.suggestions
    }

    /// Whether a `#[tool_error(suggestions)]` field appends suggestions at run time.
    pub const fn has_dynamic_suggestions(&self) -> bool {
        self.dynamic_suggestions
    }

    /// Whether next calls built at run time are added to the declared ones.
    pub const fn has_dynamic_next_calls(&self) -> bool {
        self.dynamic_next_calls
    }

    /// The detail fields, in render order.
    pub const fn fields(&self) -> &'static [FieldInfo] {
        self.fields
    }

    /// Whether the one field in [`fields`](Entry::fields) is the whole `details`
    /// object (`#[tool_error(details)]`) rather than one key of it.
    pub const fn has_whole_details(&self) -> bool {
        self.details_field
    }

    /// Whether a field carries a retry hint.
    pub const fn has_retry_after(&self) -> bool {
        self.retry_after
    }

    /// Whether the call is refused before it has any effect (`no_effect`), so
    /// repeating it unchanged is safe whatever it does.
    pub const fn no_effect(&self) -> bool {
        self.no_effect
    }

    /// Where the code is documented for people (`docs = "..."`, or the type's `docs`
    /// base followed by the code): the problem+json `type`, the native envelope's
    /// `docs`, a link in the generated reference.
    pub const fn docs_url(&self) -> Option<&'static str> {
        self.docs_url
    }

    /// The variant's doc comment, its description.
    pub const fn doc(&self) -> &'static str {
        self.doc
    }

    /// The tool calls the variant suggests (`next_call(...)`), in order.
    pub const fn next_calls(&self) -> &'static [CallSpec] {
        self.next_calls
    }

    /// The first line of the doc comment: the short description, one line (a
    /// problem+json `title`, an OpenAPI summary).
    pub fn summary(&self) -> &'static str {
        first_line(self.doc)
    }

    /// The first paragraph of the doc comment, whole, its lines joined by spaces:
    /// the description a reference shows.
    ///
    /// ```
    /// let entry = tool_error::Entry::new("Bad", "BAD", tool_error::Kind::Validation)
    ///     .with_doc("Sequences with characters outside the alphabet,\nor empty.\n\nMore.");
    /// assert_eq!(entry.summary(), "Sequences with characters outside the alphabet,");
    /// assert_eq!(entry.description(), "Sequences with characters outside the alphabet, or empty.");
    /// ```
    pub fn description(&self) -> String {
        let lines = self.doc.trim_start().lines().map(str::trim);
        let paragraph: Vec<&str> = lines.take_while(|line| !line.is_empty()).collect();
        paragraph.join(" ")
    }

    /// For a `transparent` variant: the catalog of the wrapped type, which supplies
    /// every code of this variant.
    pub const fn wrapped(&self) -> Option<&'static Catalog> {
        self.transparent
    }
}

impl Catalog {
    /// A catalog for a hand-written [`ToolError`](crate::ToolError) impl;
    /// `module_path` is usually `module_path!()`. See [`Entry::new`] for an example.
    pub const fn new(
        type_name: &'static str,
        module_path: &'static str,
        entries: &'static [Entry],
    ) -> Self {
        Catalog {
            type_name,
            module_path,
            domain: None,
            doc: "",
            entries,
        }
    }

    /// Sets [`domain`](Catalog::domain).
    #[must_use]
    pub const fn with_domain(mut self, domain: &'static str) -> Self {
        self.domain = Some(domain);
        self
    }

    /// Sets [`doc`](Catalog::doc).
    #[must_use]
    pub const fn with_doc(mut self, doc: &'static str) -> Self {
        self.doc = doc;
        self
    }

    /// The Rust type name, e.g. `SessionError`.
    pub const fn type_name(&self) -> &'static str {
        self.type_name
    }

    /// The module that declares the type (`module_path!()`); with the type name, it
    /// tells two types apart.
    pub const fn module_path(&self) -> &'static str {
        self.module_path
    }

    /// The `domain` the type declares, if any.
    pub const fn domain(&self) -> Option<&'static str> {
        self.domain
    }

    /// The type's doc comment.
    pub const fn doc(&self) -> &'static str {
        self.doc
    }

    /// The first line of the type's doc comment.
    pub fn summary(&self) -> &'static str {
        first_line(self.doc)
    }

    /// The type's own entries, one per variant in declaration order, including
    /// `transparent` ones (which carry no code of their own).
    pub const fn entries(&self) -> &'static [Entry] {
        self.entries
    }

    /// Every code-carrying entry, depth first: the own entries and, in place of each
    /// `transparent` one, the entries of the wrapped type, each paired with the
    /// catalog that declares it.
    pub fn leaves(&'static self) -> impl Iterator<Item = (&'static Catalog, &'static Entry)> {
        Leaves {
            stack: vec![(self, 0)],
        }
    }

    /// The entry for a code, among [`leaves`](Catalog::leaves).
    pub fn find(&'static self, code: &str) -> Option<&'static Entry> {
        self.leaves()
            .map(|(_, entry)| entry)
            .find(|entry| entry.code == code)
    }

    /// The codes of [`leaves`](Catalog::leaves), in order.
    pub fn codes(&'static self) -> impl Iterator<Item = &'static str> {
        self.leaves().map(|(_, entry)| entry.code)
    }
}

/// Iterator over the code-carrying entries of a catalog, depth first.
struct Leaves {
    stack: Vec<(&'static Catalog, usize)>,
}

impl Iterator for Leaves {
    type Item = (&'static Catalog, &'static Entry);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (catalog, index) = self.stack.last_mut()?;
            let Some(entry) = catalog.entries.get(*index) else {
                self.stack.pop();
                continue;
            };
            *index += 1;
            let catalog = *catalog;
            match entry.transparent {
                // Nesting is bounded by the type structure, which the compiler has already
                // proven finite for everything but hand-built cyclic tables; cap it anyway.
                Some(inner) if self.stack.len() < MAX_NESTING => self.stack.push((inner, 0)),
                Some(_) => {}
                None => return Some((catalog, entry)),
            }
        }
    }
}

/// How deep transparent nesting is followed.
pub(crate) const MAX_NESTING: usize = 32;

fn first_line(doc: &'static str) -> &'static str {
    doc.trim_start().lines().next().unwrap_or("").trim_end()
}

/// Implemented by every derived type: its catalog as a constant, usable in `const`
/// checks such as [`assert_unique_codes!`](crate::assert_unique_codes).
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no static catalog",
    label = "`{Self}` is not a derived tool error",
    note = "`transparent` and `assert_unique_codes!` need types with `#[derive(tool_error::ToolError)]`"
)]
pub trait StaticCatalog {
    /// The type's catalog.
    const CATALOG: &'static Catalog;
}
