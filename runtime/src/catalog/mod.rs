//! The static description of every code: one [`Catalog`] per error type, the
//! crate-wide [`CrateCatalog`], the codes tool-error sends itself and the
//! compile-time uniqueness check. The lock file and the generated references that
//! read a catalog in CI are the `tool-error-lock` crate's.

mod build;
mod builtin;
pub(crate) mod model;
pub(crate) mod registry;
pub(crate) mod unique;

pub use builtin::BuiltinEntry;
pub use model::{Catalog, Entry, FieldInfo, StaticCatalog};
pub use registry::CrateCatalog;
pub(crate) use registry::Finder;
