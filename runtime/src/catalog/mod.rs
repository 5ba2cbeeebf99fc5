//! The static description of every code: one [`Catalog`] per error type, the
//! crate-wide [`CrateCatalog`], the codes tool-error sends itself, the compile-time
//! uniqueness check, the generated reference documents, and the lock file that keeps
//! codes stable.

mod build;
mod builtin;
mod coverage;
pub mod lock;
mod model;
mod reference;
mod registry;
mod text_diff;
mod unique;

pub use builtin::BuiltinEntry;
pub use coverage::Listed;
pub(crate) use coverage::unlisted;
pub use model::{Catalog, Entry, FieldInfo, StaticCatalog};
pub use registry::{CrateCatalog, FindByDowncast, FindNothing, Finder, Probe};
pub(crate) use unique::str_eq;

pub use unique::{assert_unique, first_duplicate_code_in, leaf_count};
