#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Field types the derive cannot read from the syntax are decided by trait: a type
//! alias, a type passed through a `macro_rules!` fragment (an invisible group), a
//! type of one's own that implements `RetryAfter`, and suggestions fields written
//! as a reference (directly or through a fragment) or through an alias.

use std::time::Duration;

use tool_error::{Envelope, RetryAfter, ToolError};

type Seconds = u64;
type Hint = &'static str;

/// A backoff policy of one's own.
#[derive(Debug)]
pub struct Backoff {
    attempt: u32,
}

impl RetryAfter for Backoff {
    fn retry_after(&self) -> Option<Duration> {
        Some(Duration::from_secs(1 << self.attempt))
    }
}

macro_rules! with_types {
    ($wait:ty, $hints:ty, $note:ty) => {
        #[derive(Debug, thiserror::Error, ToolError)]
        #[tool_error(kind = transient)]
        pub enum RateError {
            #[error("alias")]
            Alias {
                #[tool_error(retry_after)]
                wait: Seconds,
            },
            #[error("fragment")]
            Fragment {
                #[tool_error(retry_after)]
                wait: $wait,
                #[tool_error(suggestions)]
                hints: $hints,
                note: $note,
            },
            #[error("own type")]
            Own {
                #[tool_error(retry_after)]
                wait: Backoff,
            },
            #[error("slice")]
            Slice {
                #[tool_error(suggestions)]
                hints: &'static [&'static str],
            },
            #[error("optional text")]
            OptionalText {
                #[tool_error(suggestions)]
                hints: Option<Hint>,
            },
        }
    };
}

with_types!(Option<Duration>, &'static [&'static str], Option<String>);

fn json(error: &RateError) -> String {
    Envelope::new(error).to_json()
}

pub(crate) fn run() {
    let alias = RateError::Alias { wait: 4 };
    assert_eq!(alias.retry_after(), Some(Duration::from_secs(4)));

    let fragment = RateError::Fragment {
        wait: Some(Duration::from_secs(2)),
        hints: &["Retry later"],
        note: None,
    };
    assert_eq!(fragment.retry_after(), Some(Duration::from_secs(2)));
    // `note` is an `Option` seen through the fragment's group: absent when `None`.
    let text = json(&fragment);
    assert!(!text.contains("details"), "{text}");
    assert!(text.contains(r#""suggestions":["Retry later"]"#), "{text}");
    let noted = RateError::Fragment {
        wait: None,
        hints: &[],
        note: Some("n".into()),
    };
    assert!(json(&noted).contains(r#""details":{"note":"n"}"#));

    let own = RateError::Own {
        wait: Backoff { attempt: 3 },
    };
    assert_eq!(own.retry_after(), Some(Duration::from_secs(8)));

    let slice = RateError::Slice {
        hints: &["One", "Two"],
    };
    assert!(json(&slice).contains(r#""suggestions":["One","Two"]"#));
    let optional = RateError::OptionalText {
        hints: Some("Three"),
    };
    assert!(json(&optional).contains(r#""suggestions":["Three"]"#));
}
