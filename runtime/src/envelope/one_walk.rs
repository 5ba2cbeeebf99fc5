//! Where the one walk of a derived error's details or suggestions stands.
//!
//! A derived error hands over every declared detail (or suggestion) in one call,
//! so the entry can be written as it arrives instead of after a walk that only
//! counts. Anything handed over one by one before that call is counted; anything
//! after it means the written entry was incomplete, and the render is made again
//! with two walks.

use core::cell::Cell;
use core::ops::ControlFlow;

use serde::ser;

pub(super) enum OneWalk<Seen, E> {
    /// Nothing written yet: what was handed over one by one so far.
    Pending(Seen),
    /// The declared values were written, with this result.
    Written(Result<(), E>),
    /// More came after the declared values were written.
    Conflict,
}

impl<Seen, E: ser::Error> OneWalk<Seen, E> {
    /// A value handed over one by one: added to what was seen by `see`, or a
    /// conflict once the declared values are written.
    pub(super) fn see(&mut self, see: impl FnOnce(&mut Seen)) {
        match self {
            OneWalk::Pending(seen) => see(seen),
            _ => *self = OneWalk::Conflict,
        }
    }

    /// The declared values, handed over in one call: written by `write` when
    /// `write_now` says so of what was seen (nothing came before them, and there
    /// is something to write; they are then all there is, unless more follow: a
    /// conflict), else added to what was seen by `add`.
    pub(super) fn declare(
        &mut self,
        write_now: impl Fn(&Seen) -> bool,
        write: impl FnOnce() -> Result<(), E>,
        add: impl FnOnce(&mut Seen),
    ) {
        match self {
            OneWalk::Pending(seen) if write_now(seen) => *self = OneWalk::Written(write()),
            OneWalk::Pending(seen) => add(seen),
            _ => *self = OneWalk::Conflict,
        }
    }

    /// How the walk ended: `Continue` with what was seen when nothing was written
    /// (the caller writes the entry the two-walk way), else `Break` with the
    /// entry's result. A conflict fails this attempt and tells the render, through
    /// `two_walks_needed`, to make it again with two walks.
    pub(super) fn outcome(
        self,
        two_walks_needed: &Cell<bool>,
        what: &str,
    ) -> ControlFlow<Result<(), E>, Seen> {
        match self {
            OneWalk::Pending(seen) => ControlFlow::Continue(seen),
            OneWalk::Written(result) => ControlFlow::Break(result),
            OneWalk::Conflict => {
                two_walks_needed.set(true);
                ControlFlow::Break(Err(ser::Error::custom(format_args!(
                    "{what} written after the declared ones"
                ))))
            }
        }
    }
}
