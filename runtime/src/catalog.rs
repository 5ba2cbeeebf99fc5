//! The static description of every code a type can produce.

use crate::{Channel, Kind};

/// The static catalog of an error type: one [`Entry`] per variant, in declaration order.
///
/// The derive builds it as `static` data; the same tables drive rendering, so the
/// catalog cannot drift from what the server sends.
#[derive(Clone, Copy, Debug)]
pub struct Catalog {
    /// The Rust type name, e.g. `SessionError`.
    pub type_name: &'static str,
    /// The module that declares the type (`module_path!()`); with the type name, it
    /// tells two types apart.
    pub module_path: &'static str,
    /// The `domain` the type declares, if any.
    pub domain: Option<&'static str>,
    /// The type's doc comment.
    pub doc: &'static str,
    /// One entry per variant (one entry for a struct).
    pub entries: &'static [Entry],
}

/// Everything static about one variant.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The Rust variant name (the type name for a struct).
    pub variant: &'static str,
    /// The stable code. Empty for a transparent entry, whose codes live in
    /// [`transparent`](Entry::transparent).
    pub code: &'static str,
    /// The decision class.
    pub kind: Kind,
    /// The free-form category, e.g. `infeasibility_error`.
    pub category: Option<&'static str>,
    /// Whether retrying (possibly with changed input) may succeed.
    pub recoverable: bool,
    /// The JSON-RPC error code.
    pub jsonrpc_code: i32,
    /// The HTTP status.
    pub http_status: u16,
    /// Whether the error is a tool result or a protocol error.
    pub channel: Channel,
    /// The explicit `message = "..."` template; `None` means the type's `Display`.
    pub message: Option<&'static str>,
    /// The `suggest = "..."` templates, in order.
    pub suggestions: &'static [&'static str],
    /// Which suggestions are plain text, rendered as written without looking for
    /// placeholders: bit `i` for suggestion `i` (the first 64). The derive sets it;
    /// `0`, the default, makes every suggestion a template, which is always correct
    /// (a template without placeholders renders as written), only slower.
    pub plain_suggestions: u64,
    /// The placeholders the templates fill, in argument-slot order (`model_id`,
    /// `count:?`); see [`Template`](crate::Template).
    pub args: &'static [&'static str],
    /// Whether a field appends suggestions at run time.
    pub dynamic_suggestions: bool,
    /// The detail fields, in render order.
    pub fields: &'static [FieldInfo],
    /// Whether the single detail field *is* the `details` object (`#[tool_error(details)]`)
    /// rather than one key of it.
    pub details_field: bool,
    /// Whether a field carries a retry hint.
    pub retry_after: bool,
    /// The variant's doc comment, used as its description.
    pub doc: &'static str,
    /// For a `transparent` variant: the catalog of the wrapped type, which supplies
    /// every code of this variant.
    pub transparent: Option<&'static Catalog>,
}

/// A detail field as the catalog lists it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldInfo {
    /// The key written in `details` (after `rename`).
    pub name: &'static str,
    /// Whether the value is replaced by the redaction marker unless the policy reveals it.
    pub redact: bool,
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
}

impl Entry {
    /// A blank entry for building tables by hand: code and kind as given, every other
    /// property at the kind's default.
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
            plain_suggestions: 0,
            args: &[],
            dynamic_suggestions: false,
            fields: &[],
            details_field: false,
            retry_after: false,
            doc: "",
            transparent: None,
        }
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

    /// Sets [`jsonrpc_code`](Entry::jsonrpc_code) from the [`legacy`](crate::legacy)
    /// mapping of the kind and category (so set the category first).
    #[must_use]
    pub const fn with_legacy_jsonrpc_code(mut self) -> Self {
        self.jsonrpc_code = crate::legacy::jsonrpc_code(self.kind, self.category);
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

    /// Sets [`message`](Entry::message).
    #[must_use]
    pub const fn with_message(mut self, message: &'static str) -> Self {
        self.message = Some(message);
        self
    }

    /// Sets [`suggestions`](Entry::suggestions), all treated as templates
    /// ([`plain_suggestions`](Entry::plain_suggestions) is reset).
    #[must_use]
    pub const fn with_suggestions(mut self, suggestions: &'static [&'static str]) -> Self {
        self.suggestions = suggestions;
        // New templates: none is known to be plain text.
        self.plain_suggestions = 0;
        self
    }

    /// Sets [`args`](Entry::args).
    #[must_use]
    pub const fn with_args(mut self, args: &'static [&'static str]) -> Self {
        self.args = args;
        self
    }

    /// Sets [`dynamic_suggestions`](Entry::dynamic_suggestions).
    #[must_use]
    pub const fn with_dynamic_suggestions(mut self) -> Self {
        self.dynamic_suggestions = true;
        self
    }

    /// Sets [`fields`](Entry::fields).
    #[must_use]
    pub const fn with_fields(mut self, fields: &'static [FieldInfo]) -> Self {
        self.fields = fields;
        self
    }

    /// Sets [`details_field`](Entry::details_field).
    #[must_use]
    pub const fn with_details_field(mut self) -> Self {
        self.details_field = true;
        self
    }

    /// Sets [`retry_after`](Entry::retry_after).
    #[must_use]
    pub const fn with_retry_after(mut self) -> Self {
        self.retry_after = true;
        self
    }

    /// Sets [`doc`](Entry::doc).
    #[must_use]
    pub const fn with_doc(mut self, doc: &'static str) -> Self {
        self.doc = doc;
        self
    }

    /// The entry of a `transparent` variant, whose codes come from `inner`.
    pub const fn transparent(variant: &'static str, inner: &'static Catalog) -> Self {
        let mut entry = Entry::new(variant, "", Kind::Internal);
        entry.transparent = Some(inner);
        entry
    }

    /// The first line of the doc comment: the short description.
    pub fn summary(&self) -> &'static str {
        first_line(self.doc)
    }
}

impl Catalog {
    /// A catalog for tables built by hand; `module_path` is usually `module_path!()`.
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

    /// The own entries and, recursively, the entries of transparent variants, each
    /// paired with the catalog that declares it. Transparent entries themselves are
    /// not yielded: only entries that carry a code.
    pub fn leaves(&'static self) -> Leaves {
        Leaves {
            stack: vec![((self, self.entries), 0)],
        }
    }

    /// Finds the entry for a code among [`leaves`](Catalog::leaves).
    pub fn find(&'static self, code: &str) -> Option<&'static Entry> {
        self.leaves()
            .map(|(_, entry)| entry)
            .find(|entry| entry.code == code)
    }

    /// The codes of [`leaves`](Catalog::leaves), in order.
    pub fn codes(&'static self) -> impl Iterator<Item = &'static str> {
        self.leaves().map(|(_, entry)| entry.code)
    }

    /// The first line of the type's doc comment.
    pub fn summary(&self) -> &'static str {
        first_line(self.doc)
    }
}

/// Iterator over the code-carrying entries of a catalog, depth first.
#[derive(Debug)]
pub struct Leaves {
    stack: Vec<((&'static Catalog, &'static [Entry]), usize)>,
}

impl Iterator for Leaves {
    type Item = (&'static Catalog, &'static Entry);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let ((catalog, entries), index) = self.stack.last_mut()?;
            let Some(entry) = entries.get(*index) else {
                self.stack.pop();
                continue;
            };
            *index += 1;
            let catalog = *catalog;
            match entry.transparent {
                // Nesting is bounded by the type structure, which the compiler has already
                // proven finite for everything but hand-built cyclic tables; cap it anyway.
                Some(inner) if self.stack.len() < MAX_NESTING => {
                    self.stack.push(((inner, inner.entries), 0));
                }
                Some(_) => {}
                None => return Some((catalog, entry)),
            }
        }
    }
}

/// How deep transparent nesting is followed.
pub const MAX_NESTING: usize = 32;

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

/// How many leaves (code-carrying entries, reached through `transparent` nesting as
/// [`Catalog::leaves`] reaches them) the catalogs have; the size of the table the
/// compile-time uniqueness check sorts.
pub const fn leaf_count(catalogs: &[&'static Catalog]) -> usize {
    let mut count = 0;
    let mut i = 0;
    while i < catalogs.len() {
        count += leaves_in(catalogs[i], 0);
        i += 1;
    }
    count
}

const fn leaves_in(catalog: &'static Catalog, depth: usize) -> usize {
    let mut count = 0;
    let mut e = 0;
    while e < catalog.entries.len() {
        match catalog.entries[e].transparent {
            Some(inner) if depth + 1 < MAX_NESTING => count += leaves_in(inner, depth + 1),
            Some(_) => {}
            None => count += 1,
        }
        e += 1;
    }
    count
}

/// Returns a code that appears twice among the leaves of the given catalogs: the
/// run-time twin of [`assert_unique_codes!`](crate::assert_unique_codes), for any
/// number of catalogs built at run time or by hand.
///
/// The same variant reached twice (a type listed beside a type that wraps it with
/// `transparent`) is one code, not a duplicate; variants are told apart by type name
/// (module path, type name and variant name).
///
/// ```
/// use tool_error::{StaticCatalog, ToolError, first_duplicate_code};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("missing")]
/// #[tool_error(code = "MISSING", kind = not_found)]
/// struct Missing;
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("gone")]
/// #[tool_error(code = "MISSING", kind = not_found)]
/// struct Gone;
///
/// assert_eq!(first_duplicate_code(&[Missing::CATALOG, Gone::CATALOG]), Some("MISSING"));
/// assert_eq!(first_duplicate_code(&[Missing::CATALOG, Missing::CATALOG]), None);
/// ```
pub fn first_duplicate_code(catalogs: &[&'static Catalog]) -> Option<&'static str> {
    let mut leaves: Vec<Leaf> = catalogs
        .iter()
        .flat_map(|catalog| catalog.leaves())
        .map(|(catalog, entry)| Leaf::new(catalog, entry))
        .collect();
    leaves.sort_unstable_by(|a, b| a.code.cmp(b.code));
    // In a run of one code, two different variants are neighbours somewhere.
    leaves
        .windows(2)
        .find(|pair| pair[0].code == pair[1].code && !pair[0].same_variant(&pair[1]))
        .map(|pair| pair[0].code)
}

/// The constant-evaluation form of [`first_duplicate_code`], behind
/// `assert_unique_codes!`, `crate_catalog!` and the derive's check of `transparent`
/// nesting: `N` is [`leaf_count`] of the same list (leaves past `N` are not looked
/// at, which is why this form is not public). The leaves are sorted by a hash of
/// their code, so the cost grows as `N log N` with a small constant: thousands of
/// codes stay well within the compiler's budget for constant evaluation, where
/// comparing every pair of codes would not.
pub const fn first_duplicate_code_in<const N: usize>(
    catalogs: &[&'static Catalog],
) -> Option<&'static str> {
    let mut leaves = [Leaf::EMPTY; N];
    let mut len = 0;
    let mut i = 0;
    while i < catalogs.len() {
        collect_leaves(catalogs[i], &mut leaves, &mut len, 0);
        i += 1;
    }
    // (hash of the code, leaf index), sorted: equal codes become neighbours.
    let mut keys: [(u64, usize); N] = [(0, 0); N];
    let mut k = 0;
    while k < len {
        keys[k] = (fnv1a(leaves[k].code), k);
        k += 1;
    }
    sort_keys(&mut keys, len);
    // Within a run of equal hashes (almost always one code), any two leaves with the
    // same code but different variants are a duplicate.
    let mut start = 0;
    while start < len {
        let mut end = start + 1;
        while end < len && keys[end].0 == keys[start].0 {
            end += 1;
        }
        let mut a = start;
        while a < end {
            let first = &leaves[keys[a].1];
            let mut b = a + 1;
            while b < end {
                let other = &leaves[keys[b].1];
                if str_eq(first.code, other.code) && !first.same_variant(other) {
                    return Some(first.code);
                }
                b += 1;
            }
            a += 1;
        }
        start = end;
    }
    None
}

/// A leaf: its code and the variant that declares it.
#[derive(Clone, Copy)]
struct Leaf {
    code: &'static str,
    module_path: &'static str,
    type_name: &'static str,
    variant: &'static str,
}

impl Leaf {
    /// Fills the unused slots of the constant-evaluation table.
    const EMPTY: Leaf = Leaf {
        code: "",
        module_path: "",
        type_name: "",
        variant: "",
    };

    const fn new(catalog: &'static Catalog, entry: &'static Entry) -> Leaf {
        Leaf {
            code: entry.code,
            module_path: catalog.module_path,
            type_name: catalog.type_name,
            variant: entry.variant,
        }
    }

    const fn same_variant(&self, other: &Leaf) -> bool {
        str_eq(self.module_path, other.module_path)
            && str_eq(self.type_name, other.type_name)
            && str_eq(self.variant, other.variant)
    }
}

/// Appends the leaves of `catalog` to `leaves[len..]`, as many as fit.
const fn collect_leaves<const N: usize>(
    catalog: &'static Catalog,
    leaves: &mut [Leaf; N],
    len: &mut usize,
    depth: usize,
) {
    let mut e = 0;
    while e < catalog.entries.len() {
        let entry = &catalog.entries[e];
        match entry.transparent {
            Some(inner) if depth + 1 < MAX_NESTING => collect_leaves(inner, leaves, len, depth + 1),
            Some(_) => {}
            None if *len < N => {
                leaves[*len] = Leaf::new(catalog, entry);
                *len += 1;
            }
            None => {}
        }
        e += 1;
    }
}

/// 64-bit FNV-1a: a few steps per byte, which matters in constant evaluation.
const fn fnv1a(text: &str) -> u64 {
    let bytes = text.as_bytes();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}

/// Heapsort of `keys[..len]`: `N log N` comparisons and no allocation, as constant
/// evaluation requires.
const fn sort_keys<const N: usize>(keys: &mut [(u64, usize); N], len: usize) {
    let mut start = len / 2;
    while start > 0 {
        start -= 1;
        sift_down(keys, start, len);
    }
    let mut end = len;
    while end > 1 {
        end -= 1;
        let held = keys[0];
        keys[0] = keys[end];
        keys[end] = held;
        sift_down(keys, 0, end);
    }
}

const fn sift_down<const N: usize>(keys: &mut [(u64, usize); N], mut root: usize, end: usize) {
    loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && keys[child].0 < keys[child + 1].0 {
            child += 1;
        }
        if keys[root].0 >= keys[child].0 {
            return;
        }
        let held = keys[root];
        keys[root] = keys[child];
        keys[child] = held;
        root = child;
    }
}

pub(crate) const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Fails the build when two of the listed error types (or the types they wrap with
/// `transparent`) share a code.
///
/// ```
/// use tool_error::{assert_unique_codes, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("missing")]
/// #[tool_error(code = "USER_MISSING", kind = not_found)]
/// struct UserMissing;
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("missing")]
/// #[tool_error(code = "ORDER_MISSING", kind = not_found)]
/// struct OrderMissing;
///
/// assert_unique_codes!(UserMissing, OrderMissing);
/// ```
///
/// With a shared code the build stops with
/// `error code `...` is used more than once`, naming the code.
#[macro_export]
macro_rules! assert_unique_codes {
    ($($ty:ty),+ $(,)?) => {
        const _: () = {
            const CATALOGS: &[&$crate::Catalog] = &[$(<$ty as $crate::StaticCatalog>::CATALOG),+];
            $crate::__private::assert_unique::<{ $crate::leaf_count(CATALOGS) }>(CATALOGS)
        };
    };
}
