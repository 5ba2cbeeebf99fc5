//! Size limits applied while serialising: strings cut, collections shortened, deep
//! values replaced, always leaving valid output and a visible mark where data was cut.
//!
//! `text` cuts one string or `Display` output to a number of characters;
//! `serializer` applies every limit to a whole value, cutting its strings with
//! `text`. Every cut is reported to a [`Cuts`], so a profile can say that its
//! output was cut even when the cut was made deep inside a streamed value.

mod serializer;
mod text;

use core::cell::Cell;

pub(crate) use serializer::Limited;
pub(crate) use text::{Text, Truncated};

use crate::Limits;

const MARK: &str = Limits::TRUNCATION_MARK;

/// Where cuts are reported: a flag set by the first cut, or nowhere.
///
/// `Copy` and borrowed, so it travels inside the (copyable) envelope and its views
/// to wherever a limit applies; the flag itself is owned by whoever reads it.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Cuts<'a>(Option<&'a Cell<bool>>);

impl<'a> Cuts<'a> {
    /// Cuts are not reported.
    pub(crate) const IGNORED: Cuts<'static> = Cuts(None);

    /// Cuts set `flag`.
    pub(crate) fn into(flag: &'a Cell<bool>) -> Self {
        Cuts(Some(flag))
    }

    /// Reports one cut.
    pub(crate) fn record(self) {
        if let Some(flag) = self.0 {
            flag.set(true);
        }
    }
}
