//! The error contract of a crate, kept in CI: `error-codes.lock`, the committed
//! record of every code a [tool-error](https://docs.rs/tool-error) server can send,
//! and the test that fails when a change would break the agents that rely on it;
//! the code reference generated from the same catalog; and the check that every
//! derived error type is listed.
//!
//! It is for tests, so it is a dev-dependency: a server's own build carries none
//! of it.
//!
//! ```toml
//! [dependencies]
//! tool-error = "0.1"
//!
//! [dev-dependencies]
//! tool-error-lock = "0.1"
//! ```
//!
//! Codes are public API: agents branch on them. Removing or renaming a code, or
//! changing its kind, category, recoverable flag, channel, JSON-RPC or HTTP code,
//! dropping a detail field or a retry hint, breaks clients silently. The lock file
//! lists every code with those properties (sorted JSON, one property per line, so
//! diffs read well); [`assert_lock!`] compares the crate's catalog (its
//! `tool_error::crate_catalog!`) with it in an ordinary test:
//!
//! ```no_run
//! # use tool_error::ToolError;
//! # #[derive(Debug, thiserror::Error, ToolError)]
//! # #[error("a")]
//! # #[tool_error(kind = validation)]
//! # pub struct BadInput;
//! tool_error::crate_catalog!(pub static ERROR_CODES = [BadInput]);
//!
//! #[test]
//! fn error_codes_are_stable() {
//!     tool_error_lock::assert_lock!(ERROR_CODES); // compares with <crate>/error-codes.lock
//! }
//! ```
//!
//! | `TOOL_ERROR_LOCK` | breaking change | addition or doc change | lock file |
//! | --- | --- | --- | --- |
//! | unset | fails, with a report | fails until recorded | never written |
//! | `update` | fails, with a report | passes | written when nothing breaks |
//! | `force` | passes | passes | always written |
//!
//! A missing lock file fails unless `TOOL_ERROR_LOCK` is `update` or `force`. An
//! addition is no break, but a lock that lacks it fails too: a code that agents can
//! receive and the lock does not hold could later be removed without a word, so
//! the lock is kept exactly current. For the same reason the check fails, whatever
//! the mode, when the crate derives `ToolError` for a type that none of its
//! `crate_catalog!`s lists ([`Failure::Unlisted`]).
//!
//! The lock has two sections: `codes`, every code of the listed types, and
//! `builtin`, the codes tool-error sends itself that the crate does not declare
//! (`CrateCatalog::builtin_entries`: `INVALID_ARGUMENTS`, `INTERNAL_ERROR`,
//! `CONNECTION_FAILED`, `TIMED_OUT`, and those of the integrations its features
//! turn on). A change there comes with a tool-error release or a change of its
//! features, not from the crate: the check fails as stale and says so, in a section
//! of its own, and `TOOL_ERROR_LOCK=update` records it, never needing `force` (which
//! would accept a break of the crate's own too). A code that moves from one section
//! to the other (the crate starts declaring `INVALID_ARGUMENTS` itself, say) is
//! compared like any code of the crate: a new declaring variant, and whatever
//! properties differ. If one of
//! the crate's types declares a built-in code itself (an `InvalidArguments` variant
//! is `INVALID_ARGUMENTS`), the lock records the crate's and the references mark the
//! built-in one: clients can then receive two contracts under one code, so consider
//! renaming yours, or wrapping `tool_error::args::ArgumentError` with `transparent`.
//!
//! Neither the lock nor the generated references ([`markdown`], [`json`]) record
//! the crate's version, so a release alone changes neither. When a check fails, the
//! message ends with a unified diff of the file, committed against current
//! (`---`/`+++` labels, `@@` hunks, three lines of context), cut after 200 lines
//! with a count of what was left out.

#![forbid(unsafe_code)]

use core::fmt;
use std::path::Path;

use diff::unified_diff;
use tool_error::CrateCatalog;

/// The environment variable that lets a test write lock and reference files.
pub(crate) const LOCK_ENV: &str = "TOOL_ERROR_LOCK";

/// The lock file format version written by this crate.
const FORMAT: u32 = 1;

mod coverage;
mod diff;
mod file;
mod reference;
mod report;

use file::Lock;
pub use reference::{json, markdown};
pub use report::{Change, Report};

/// What [`check`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Outcome {
    /// The lock matches the catalog exactly.
    Unchanged,
    /// Only compatible changes, recorded: the lock file was rewritten
    /// ([`Mode::Update`] or [`Mode::Force`]).
    Compatible {
        /// The changes.
        report: Report,
        /// The unified diff from the committed lock file (none: empty) to the
        /// current lock, cut after 200 lines.
        diff: String,
    },
    /// Breaking changes accepted with `TOOL_ERROR_LOCK=force`; the lock was written.
    Forced(Report),
}

/// Why [`check`] failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum Failure {
    /// Breaking changes.
    Breaking {
        /// The changes, breaking and compatible.
        report: Report,
        /// The unified diff from the committed lock file to the current lock, cut
        /// after 200 lines.
        diff: String,
    },
    /// Only compatible changes (additions, descriptions), not yet recorded: in
    /// [`Mode::Check`], a lock that lags is a failure too.
    Stale {
        /// The changes, all compatible.
        report: Report,
        /// The unified diff from the committed lock file to the current lock, cut
        /// after 200 lines.
        diff: String,
    },
    /// Derived error types of the crate that no `crate_catalog!` of it lists, each
    /// as `` `Type` (module): CODE, ... ``: agents can receive their codes (an
    /// `tool_error::AnyError` finds every derived type), but no lock records
    /// them.
    Unlisted(Vec<String>),
    /// The lock file does not exist.
    Missing,
    /// The lock file is not a lock.
    Unreadable(String),
    /// Reading or writing the file failed.
    Io(std::io::Error),
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::Breaking { report, diff } => write!(
                f,
                "{report}If these changes are intended, run the test with {LOCK_ENV}=force and commit the lock file.\n\n{}",
                diff.trim_end_matches('\n')
            ),
            Failure::Stale { report, diff } => write!(
                f,
                "the lock file is out of date.\n{report}Nothing breaks: run the test with {LOCK_ENV}=update and commit the lock file.\n\n{}",
                diff.trim_end_matches('\n')
            ),
            Failure::Unlisted(types) => {
                writeln!(
                    f,
                    "{} error type(s) derive ToolError but no crate_catalog! of the crate lists them, so agents can receive their codes while no lock records them:",
                    types.len()
                )?;
                for declared in types {
                    writeln!(f, "  - {declared}")?;
                }
                write!(
                    f,
                    "List each in the crate's crate_catalog! (a type only tests use can go in a crate_catalog! of its own inside the tests)."
                )
            }
            Failure::Missing => write!(
                f,
                "no lock file yet: run the test with {LOCK_ENV}=update and commit the file it writes"
            ),
            Failure::Unreadable(problem) => write!(f, "the lock file cannot be read: {problem}"),
            Failure::Io(error) => write!(f, "the lock file cannot be accessed: {error}"),
        }
    }
}

impl std::error::Error for Failure {}

/// How [`check`] may write files, from `TOOL_ERROR_LOCK`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mode {
    /// Compare only.
    Check,
    /// Write when nothing breaks.
    Update,
    /// Write always.
    Force,
}

impl Mode {
    /// The mode the environment asks for: `TOOL_ERROR_LOCK=update` (or `1`, `true`)
    /// is [`Update`](Mode::Update), `force` is [`Force`](Mode::Force), anything else
    /// or unset is [`Check`](Mode::Check).
    pub fn from_env() -> Mode {
        match std::env::var(LOCK_ENV).as_deref() {
            Ok("update") | Ok("1") | Ok("true") => Mode::Update,
            Ok("force") => Mode::Force,
            _ => Mode::Check,
        }
    }
}

/// Compares `catalog` with the lock file at `path`, writing it as `mode` allows:
/// the function behind [`assert_lock!`], for tools that want
/// the [`Report`] rather than a failed test.
///
/// ```standalone_crate
/// // A crate of its own: the check looks at every error type of the crate.
/// use tool_error_lock::{self as lock, Change, Mode, Outcome};
/// # use tool_error::ToolError;
/// # #[derive(Debug, thiserror::Error, ToolError)]
/// # #[error("a")]
/// # #[tool_error(kind = validation)]
/// # pub struct BadInput;
///
/// tool_error::crate_catalog!(pub static ERROR_CODES = [BadInput]);
///
/// let path = std::env::temp_dir().join(format!("check-doc-{}.lock", std::process::id()));
/// # let _ = std::fs::remove_file(&path);
/// // No lock yet: `Update` writes it and reports every code as added, the crate's
/// // own, and apart from them the built-in ones.
/// let Ok(Outcome::Compatible { report, .. }) = lock::check(&ERROR_CODES, &path, Mode::Update) else {
///     panic!("a new lock is written")
/// };
/// assert!(report.compatible.contains(&Change::Added { code: "BAD_INPUT".into() }));
/// assert!(report.builtin.contains(&Change::Added { code: "INVALID_ARGUMENTS".into() }));
/// // The next check finds nothing to report.
/// assert_eq!(lock::check(&ERROR_CODES, &path, Mode::Check).unwrap(), Outcome::Unchanged);
/// # let _ = std::fs::remove_file(&path);
/// ```
pub fn check(catalog: &CrateCatalog, path: &Path, mode: Mode) -> Result<Outcome, Failure> {
    let unlisted = coverage::unlisted(catalog);
    if !unlisted.is_empty() {
        return Err(Failure::Unlisted(unlisted));
    }
    let current = Lock::of(catalog);
    let current_text = current.to_text();
    let committed_text = match std::fs::read_to_string(path) {
        Ok(text) => Some(text),
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => None,
        Err(error) => return Err(Failure::Io(error)),
    };
    let committed = match &committed_text {
        Some(text) => Lock::from_text(text).map_err(|e| Failure::Unreadable(e.to_string()))?,
        None => Lock::empty(),
    };
    let diff = || {
        let label = path.display();
        unified_diff(
            committed_text.as_deref().unwrap_or(""),
            &current_text,
            &format!("{label} (committed)"),
            &format!("{label} (current)"),
        )
    };
    let write = || std::fs::write(path, &current_text).map_err(Failure::Io);
    let report = committed.diff(&current);
    if committed_text.is_none() {
        return match mode {
            Mode::Check => Err(Failure::Missing),
            Mode::Update | Mode::Force => {
                write()?;
                Ok(Outcome::Compatible {
                    report,
                    diff: diff(),
                })
            }
        };
    }
    if report.is_empty() {
        return Ok(Outcome::Unchanged);
    }
    match (report.breaking.is_empty(), mode) {
        (_, Mode::Force) => {
            write()?;
            Ok(Outcome::Forced(report))
        }
        (false, _) => Err(Failure::Breaking {
            report,
            diff: diff(),
        }),
        (true, Mode::Update) => {
            write()?;
            Ok(Outcome::Compatible {
                report,
                diff: diff(),
            })
        }
        (true, Mode::Check) => Err(Failure::Stale {
            report,
            diff: diff(),
        }),
    }
}

/// Compares a generated file (a reference document, say) with `content`; with
/// `TOOL_ERROR_LOCK` set, writes it instead of failing. Test helper: keeps a
/// committed code reference in step with the catalog.
///
/// A stale file fails with `<path> is stale: run the test with TOOL_ERROR_LOCK=update
/// and commit the file`, followed by a unified diff from the committed file to
/// `content` (cut after 200 lines, with a count of what was left out). The
/// references [`markdown`] and [`json`] leave the
/// crate's version out, so a release alone never makes them stale.
///
/// ```no_run
/// # use tool_error::ToolError;
/// # #[derive(Debug, thiserror::Error, ToolError)]
/// # #[error("a")]
/// # #[tool_error(kind = validation)]
/// # pub struct BadInput;
/// tool_error::crate_catalog!(pub static ERROR_CODES = [BadInput]);
///
/// #[test]
/// fn the_code_reference_is_current() {
///     let path = concat!(env!("CARGO_MANIFEST_DIR"), "/ERROR_CODES.md");
///     tool_error_lock::assert_generated(path.as_ref(), &tool_error_lock::markdown(&ERROR_CODES));
/// }
/// ```
///
/// # Panics
///
/// When the file differs and the environment does not ask for an update: that is the
/// test failing.
#[allow(clippy::panic)]
#[track_caller] // the failure points at the test, not here
pub fn assert_generated(path: &Path, content: &str) {
    let committed = std::fs::read_to_string(path).ok();
    if committed.as_deref() == Some(content) {
        return;
    }
    if Mode::from_env() != Mode::Check {
        if let Err(error) = std::fs::write(path, content) {
            panic!("cannot write {}: {error}", path.display());
        }
        return;
    }
    let label = path.display();
    match committed {
        Some(committed) => panic!(
            "{label} is stale: run the test with {LOCK_ENV}=update and commit the file\n{}",
            unified_diff(
                &committed,
                content,
                &format!("{label} (committed)"),
                &format!("{label} (generated)"),
            )
            .trim_end_matches('\n')
        ),
        None => panic!(
            "{label} does not exist: run the test with {LOCK_ENV}=update and commit the file"
        ),
    }
}

/// What [`assert_lock!`] expands to; not API.
#[doc(hidden)]
pub mod __private {
    use std::path::Path;

    use tool_error::CrateCatalog;

    use crate::{Mode, Outcome, check};

    /// The test behind [`assert_lock!`](crate::assert_lock): panics on breaking
    /// changes, a lock that lacks compatible changes, or an unreadable or missing
    /// lock, with the report as the message.
    #[allow(clippy::panic)]
    #[track_caller]
    pub fn assert_lock(catalog: &CrateCatalog, path: &Path) {
        match check(catalog, path, Mode::from_env()) {
            Ok(Outcome::Unchanged | Outcome::Compatible { .. } | Outcome::Forced(_)) => {}
            Err(failure) => panic!("{}: {failure}", path.display()),
        }
    }
}

/// Fails the test when the crate catalog breaks its committed lock file
/// (`error-codes.lock` beside the crate's `Cargo.toml`, or the path given).
/// See the [crate documentation](crate) for the environment variable that writes it.
#[macro_export]
macro_rules! assert_lock {
    ($catalog:expr $(,)?) => {
        $crate::__private::assert_lock(
            &$catalog,
            ::std::path::Path::new(::core::concat!(
                ::core::env!("CARGO_MANIFEST_DIR"),
                "/error-codes.lock"
            )),
        )
    };
    ($catalog:expr, $path:expr $(,)?) => {
        $crate::__private::assert_lock(&$catalog, ::std::path::Path::new(&$path))
    };
}
