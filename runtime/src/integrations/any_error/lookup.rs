//! How an [`AnyError`](super::AnyError) finds the contract inside a cause chain:
//! every concrete derived type registers a finder when the program starts, the
//! runtime knows its own error types, and catalogs installed with
//! [`Options::with_catalog`] add the rest (generic types, hand-written impls).

use std::error::Error as StdError;

use crate::catalog::Finder;
use crate::error::causes;
use crate::integrations::foreign;
use crate::{Catalog, Options, ToolError};

/// A finder the derive registers for each concrete type, so an `AnyError` finds a
/// coded error without any catalog installed. Collected with `inventory`: its
/// registrations run before `main` on Linux, macOS, Windows, the BSDs and
/// WebAssembly, and it is plain `macro_rules!`; `linkme` covers no WebAssembly and
/// brings a proc-macro crate of its own.
#[allow(missing_debug_implementations)] // a function pointer, never shown
pub struct Registration {
    find: Finder,
    /// The type's catalog, for the check that a crate's catalogs list every type
    /// (the `tool-error-lock` crate's).
    catalog: Option<&'static Catalog>,
}

impl Registration {
    /// The registration of a derived type: its catalog, and its finder.
    pub const fn of(catalog: &'static Catalog, find: Finder) -> Self {
        Registration {
            find,
            catalog: Some(catalog),
        }
    }
}

/// The catalog of every registered type: what the lock check (`tool-error-lock`)
/// reads of the registrations, every derived type the program holds.
pub fn registered_catalogs() -> impl Iterator<Item = &'static Catalog> {
    inventory::iter::<Registration>
        .into_iter()
        .filter_map(|registration| registration.catalog)
}

inventory::collect!(Registration);

fn find_nothing<'a>(_: &'a (dyn StdError + 'static)) -> Option<&'a (dyn ToolError + 'static)> {
    None
}

// Proof that registrations run on this platform: this one always exists.
inventory::submit!(Registration {
    find: find_nothing,
    catalog: None,
});

fn registrations_run() -> bool {
    inventory::iter::<Registration>.into_iter().next().is_some()
}

/// The runtime's own error types that a handler may pass up through `?`: argument
/// errors, and JSON-RPC errors rmcp or jsonrpsee built.
const BUILT_IN: &[Finder] = &[
    downcast::<crate::args::ArgumentError>,
    #[cfg(feature = "rmcp")]
    downcast::<::rmcp::ErrorData>,
    #[cfg(feature = "jsonrpsee")]
    downcast::<::jsonrpsee_types::ErrorObjectOwned>,
];

/// `error` as a `T`, as its contract. A plain function rather than the derive's
/// finder macro, whose probe quietly finds nothing for a type that is not an
/// `Error`: here a type that stopped being one fails to compile.
fn downcast<'a, T: ToolError + StdError + 'static>(
    error: &'a (dyn StdError + 'static),
) -> Option<&'a (dyn ToolError + 'static)> {
    error
        .downcast_ref::<T>()
        .map(|found| found as &(dyn ToolError + 'static))
}

/// Where a contract sits in a chain: `depth` links below the outermost error,
/// recognised by `find`.
#[derive(Clone, Copy)]
pub(super) struct Found {
    pub(super) depth: usize,
    find: Finder,
}

impl Found {
    /// The error at the found link of `chain`, as its contract.
    pub(super) fn resolve<'a>(
        &self,
        chain: &'a (dyn StdError + 'static),
    ) -> Option<&'a (dyn ToolError + 'static)> {
        (self.find)(link(chain, self.depth)?)
    }
}

/// The error `depth` links below `chain`.
pub(super) fn link<'a>(
    chain: &'a (dyn StdError + 'static),
    depth: usize,
) -> Option<&'a (dyn StdError + 'static)> {
    causes(chain).nth(depth)
}

/// The outermost error of `chain` that has a contract: a registered derived type,
/// one of the runtime's own, or a type of a catalog in `options`; in a chain with
/// none, the outermost failure read by its kind (a refused connection, a timeout).
pub(super) fn locate(chain: &(dyn StdError + 'static), options: &Options) -> Option<Found> {
    let catalogs = options
        .catalogs()
        .iter()
        .flat_map(|catalog| catalog.finders);
    let registered = inventory::iter::<Registration>
        .into_iter()
        .map(|registration| &registration.find);
    let finders: Vec<Finder> = catalogs
        .chain(registered)
        .chain(BUILT_IN)
        .copied()
        .collect();
    first_found(chain, &finders).or_else(|| first_found(chain, foreign::FINDERS))
}

/// The outermost error of `chain` one of `finders` recognises.
fn first_found(chain: &(dyn StdError + 'static), finders: &[Finder]) -> Option<Found> {
    causes(chain).enumerate().find_map(|(depth, current)| {
        let find = *finders.iter().find(|find| find(current).is_some())?;
        Some(Found { depth, find })
    })
}

/// Says once per process, when nothing could have found a coded error: the
/// platform ran no registrations and no catalog is installed.
pub(super) fn warn_if_blind(options: &Options) {
    static WARNED: std::sync::Once = std::sync::Once::new();
    if registrations_run() || !options.catalogs().is_empty() {
        return;
    }
    WARNED.call_once(|| {
        warn(
            "error types register themselves before main, but on this platform no \
             registration ran, so an AnyError renders every error as INTERNAL_ERROR; \
             install the crate catalog: Options::new().with_catalog(&ERROR_CODES).install()",
        );
    });
}

/// Warns the operator of a setup that makes coded errors render as internal ones:
/// through `tracing` when it is on (every integration turns it on), else on
/// standard error, since such a server must hear of it somewhere.
pub(super) fn warn(message: &str) {
    #[cfg(feature = "tracing")]
    ::tracing::warn!(target: "tool_error", "{message}");
    #[cfg(not(feature = "tracing"))]
    eprintln!("tool_error: {message}");
}

/// Registers a concrete derived type, so an `AnyError` finds it; the derive calls it.
#[doc(hidden)]
#[macro_export]
macro_rules! __tool_error_register {
    ($ty:ty) => {
        $crate::__private::inventory::submit! {
            $crate::__private::Registration::of(
                <$ty as $crate::__private::StaticCatalog>::CATALOG,
                $crate::__tool_error_finder!($ty),
            )
        }
    };
}

/// The finder of `$ty`: a downcast when it is an error type with a contract, one
/// that finds nothing otherwise (see [`Probe`](crate::__private::Probe)).
#[doc(hidden)]
#[macro_export]
macro_rules! __tool_error_finder {
    ($ty:ty) => {{
        fn find<'a>(
            error: &'a (dyn ::std::error::Error + 'static),
        ) -> ::core::option::Option<&'a (dyn $crate::ToolError + 'static)> {
            #[allow(unused_imports)]
            use $crate::__private::{FindByDowncast as _, FindNothing as _};
            (&&$crate::__private::Probe::<$ty>::new()).find(error)
        }
        find as $crate::__private::Finder
    }};
}
