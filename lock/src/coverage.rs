//! Whether a crate's catalogs cover every error type it derives: a concrete derived
//! type registers itself (so an `AnyError` finds it), and a type no
//! `crate_catalog!` lists would send codes no lock records.

use std::collections::BTreeSet;

use tool_error::__private::{crate_catalog_module, listed_catalogs, registered_catalogs};
use tool_error::{Catalog, CrateCatalog};

/// The first segment of a module path: the crate it belongs to.
fn crate_of(module_path: &str) -> &str {
    module_path.split("::").next().unwrap_or(module_path)
}

/// Every derived type of `catalog`'s crate, with the codes it declares itself, that
/// no catalog of that crate reaches: each as `` `Type` (module): CODE, CODE ``.
pub(crate) fn unlisted(catalog: &CrateCatalog) -> Vec<String> {
    let krate = crate_of(crate_catalog_module(catalog));
    let mut catalogs: Vec<&CrateCatalog> = listed_catalogs()
        .filter(|other| crate_of(crate_catalog_module(other)) == krate)
        .collect();
    catalogs.push(catalog);
    let listed: BTreeSet<&str> = catalogs
        .into_iter()
        .flat_map(|catalog| catalog.types())
        .flat_map(|types| types.leaves())
        .map(|(_, entry)| entry.code())
        .collect();
    let mut unlisted: Vec<String> = registered_catalogs()
        .filter(|declared| crate_of(declared.module_path()) == krate)
        .filter_map(|declared| {
            let missing: Vec<&str> = own_codes(declared)
                .filter(|code| !listed.contains(code))
                .collect();
            (!missing.is_empty()).then(|| {
                format!(
                    "`{}` ({}): {}",
                    declared.type_name(),
                    declared.module_path(),
                    missing.join(", ")
                )
            })
        })
        .collect();
    unlisted.sort();
    unlisted.dedup();
    unlisted
}

/// The codes a type declares itself, not through `transparent`.
fn own_codes(catalog: &'static Catalog) -> impl Iterator<Item = &'static str> {
    catalog
        .entries()
        .iter()
        .filter(|entry| entry.wrapped().is_none())
        .map(|entry| entry.code())
}
