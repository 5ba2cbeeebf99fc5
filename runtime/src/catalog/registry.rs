//! Every error type of a crate in one place: the crate-wide catalog.

use std::collections::BTreeMap;

use super::model::{Catalog, Entry};

/// The error types of one crate, declared with [`crate_catalog!`](crate::crate_catalog),
/// which also proves at compile time that no two of them share a code.
///
/// ```
/// use tool_error::ToolError;
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// #[error("missing")]
/// #[tool_error(code = "USER_MISSING", kind = not_found)]
/// pub struct UserMissing;
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// pub enum OrderError {
///     #[error("order missing")]
///     #[tool_error(kind = not_found)]
///     OrderMissing,
///     #[error(transparent)]
///     #[tool_error(transparent)]
///     User(#[from] UserMissing),
/// }
///
/// tool_error::crate_catalog!(pub static ERROR_CODES = [OrderError, UserMissing]);
///
/// let codes: Vec<_> = ERROR_CODES.entries().map(|(_, entry)| entry.code()).collect();
/// assert_eq!(codes, ["ORDER_MISSING", "USER_MISSING"]);
/// assert!(ERROR_CODES.find("USER_MISSING").is_some());
/// ```
#[derive(Clone, Copy, Debug)]
#[non_exhaustive]
pub struct CrateCatalog {
    pub(crate) name: &'static str,
    pub(crate) version: &'static str,
    pub(crate) types: &'static [&'static Catalog],
}

/// An entry with the catalog of the type that declares it.
type Located = (&'static Catalog, &'static Entry);

impl CrateCatalog {
    /// The crate name (`CARGO_PKG_NAME` of the declaring crate), or the name given
    /// to [`crate_catalog!`](crate::crate_catalog).
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The declaring crate's version (`CARGO_PKG_VERSION`).
    pub const fn version(&self) -> &'static str {
        self.version
    }

    /// The listed types, in the order given.
    pub const fn types(&self) -> &'static [&'static Catalog] {
        self.types
    }

    /// Every code-carrying entry of every listed type, including the types they wrap
    /// with `transparent`, each once, ordered by code, with the catalog of the type
    /// that declares it.
    pub fn entries(&self) -> impl Iterator<Item = (&'static Catalog, &'static Entry)> + use<> {
        let mut by_code: BTreeMap<&'static str, Located> = BTreeMap::new();
        for catalog in self.types {
            for (owner, entry) in catalog.leaves() {
                by_code.entry(entry.code).or_insert((owner, entry));
            }
        }
        by_code.into_values()
    }

    /// Every type with at least one code, listed or reached through `transparent`,
    /// in the order first met.
    pub fn declaring_types(&self) -> Vec<&'static Catalog> {
        let mut types: Vec<&'static Catalog> = Vec::new();
        for catalog in self.types {
            for (owner, _) in catalog.leaves() {
                if !types.iter().any(|seen| same_catalog(seen, owner)) {
                    types.push(owner);
                }
            }
        }
        types
    }

    /// The entry for `code`, with the catalog of the type that declares it.
    pub fn find(&self, code: &str) -> Option<(&'static Catalog, &'static Entry)> {
        self.types
            .iter()
            .flat_map(|catalog| catalog.leaves())
            .find(|(_, entry)| entry.code == code)
    }
}

/// Two catalogs are the same type when they are the same static, or (for generic
/// types, whose catalogs are per instantiation) have the same name and entries.
pub(crate) fn same_catalog(a: &Catalog, b: &Catalog) -> bool {
    core::ptr::eq(a, b)
        || (a.type_name == b.type_name
            && a.module_path == b.module_path
            && a.entries.len() == b.entries.len()
            && a.entries
                .iter()
                .zip(b.entries)
                .all(|(x, y)| x.variant == y.variant && x.code == y.code))
}

/// Declares the crate-wide catalog: a `static` [`CrateCatalog`] of the listed types,
/// plus a compile-time check that their codes (nested ones included) are unique.
///
/// The catalog is named after the crate (`CARGO_PKG_NAME`) unless `name = "..."`
/// follows the list, for a crate that hosts several independent servers and keeps
/// one catalog, lock file and reference per server.
///
/// ```
/// # use tool_error::ToolError;
/// # #[derive(Debug, thiserror::Error, ToolError)]
/// # #[error("a")]
/// # #[tool_error(kind = validation)]
/// # pub struct BadInput;
/// # #[derive(Debug, thiserror::Error, ToolError)]
/// # #[error("b")]
/// # #[tool_error(kind = not_found)]
/// # pub struct NoSuchJob;
/// tool_error::crate_catalog!(pub static ERROR_CODES = [BadInput]);
/// assert_eq!(ERROR_CODES.name(), "tool-error");
///
/// // A second server in the same crate, with its own name.
/// tool_error::crate_catalog!(pub static SCHEDULER_CODES = [NoSuchJob], name = "scheduler");
/// assert_eq!(SCHEDULER_CODES.name(), "scheduler");
/// ```
#[macro_export]
macro_rules! crate_catalog {
    ($vis:vis static $name:ident = [$($ty:ty),+ $(,)?] $(;)?) => {
        $crate::crate_catalog!(
            $vis static $name = [$($ty),+], name = ::core::env!("CARGO_PKG_NAME")
        );
    };
    ($vis:vis static $name:ident = [$($ty:ty),+ $(,)?], name = $label:expr $(,)? $(;)?) => {
        /// Every error code of this crate.
        $vis static $name: $crate::CrateCatalog = $crate::__private::crate_catalog(
            $label,
            ::core::env!("CARGO_PKG_VERSION"),
            &[$(<$ty as $crate::__private::StaticCatalog>::CATALOG),+],
        );
        $crate::assert_unique_codes!($($ty),+);
    };
}
