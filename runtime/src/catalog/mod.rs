//! The static description of every code: one [`Catalog`] per error type, the
//! crate-wide [`CrateCatalog`], the codes tool-error sends itself, the compile-time
//! uniqueness check, the generated reference documents, and the lock file that keeps
//! codes stable.

mod build;
mod builtin;
pub(crate) mod coverage;
pub mod lock;
pub(crate) mod model;
mod reference;
pub(crate) mod registry;
mod text_diff;
pub(crate) mod unique;

pub use builtin::BuiltinEntry;
pub(crate) use coverage::unlisted;
pub use model::{Catalog, Entry, FieldInfo, StaticCatalog};
pub use registry::CrateCatalog;
pub(crate) use registry::Finder;
pub(crate) use unique::str_eq;
