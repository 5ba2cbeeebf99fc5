#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! `#[error(...)]` messages that name redacted fields' names without showing them:
//! a named argument that shadows the field, a width taken from a named argument, a
//! path segment spelt like the field, and a variant whose own message replaces the
//! enum's.

use tool_error::{Envelope, ToolError};

#[derive(Debug, thiserror::Error, ToolError)]
#[error("denied for {user}")]
#[tool_error(kind = permission)]
enum AuthError {
    // Takes the enum's message, which shows only `user`.
    Denied {
        user: String,
        #[tool_error(redact)]
        token: String,
    },
    #[error("token {token} refused", token = "***")]
    Shadowed {
        #[tool_error(redact)]
        token: String,
    },
    #[error("[{:>width$}]", "x", width = 4)]
    Padded {
        #[tool_error(redact)]
        width: usize,
    },
    #[error("no file at {}", std::path::Path::new(.user).display())]
    Missing {
        user: String,
        #[tool_error(redact)]
        path: String,
    },
}

pub(crate) fn run() {
    let denied = AuthError::Denied {
        user: "ada".into(),
        token: "t0ken".into(),
    };
    assert_eq!(denied.to_string(), "denied for ada");
    let shadowed = AuthError::Shadowed {
        token: "t0ken".into(),
    };
    assert_eq!(shadowed.to_string(), "token *** refused");
    let padded = AuthError::Padded { width: 9 };
    assert_eq!(padded.to_string(), "[   x]");
    let missing = AuthError::Missing {
        user: "ada".into(),
        path: "/secret".into(),
    };
    assert_eq!(missing.to_string(), "no file at ada");
    for error in [&denied, &shadowed, &padded, &missing] {
        let json = Envelope::new(error).to_json();
        for secret in ["t0ken", "\"width\":9", "/secret"] {
            assert!(!json.contains(secret), "{json}");
        }
    }
}
