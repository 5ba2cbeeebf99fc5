#![deny(warnings)]
// What trybuild allowed when these ran as its cases: a case declares more than it
// uses, and none of the workspace's lints applied.
#![allow(
    dead_code,
    unreachable_pub,
    missing_debug_implementations,
    rust_2018_idioms
)]
//! Generated code names everything by absolute path, and matching a deprecated
//! variant is not a use of it: neither causes an error or a warning.

mod shadowing {
    #![allow(dead_code, non_camel_case_types)]

    use std::fmt;

    use tool_error::ToolError;

    // Types that shadow the names generated code might otherwise use unqualified.
    pub struct str;
    pub struct bool;
    pub struct usize;
    pub struct i32;
    pub struct u16;
    pub struct Option;
    pub struct Some;
    pub struct Result;
    pub trait FnMut {}

    #[derive(Debug, ToolError)]
    #[tool_error(kind = validation)]
    pub enum Shadowed {
        #[tool_error(suggest = "Check {id}")]
        Invalid {
            id: ::core::primitive::u32,
            note: ::core::option::Option<::core::primitive::u8>,
        },
    }

    impl fmt::Display for Shadowed {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("shadowed")
        }
    }
}

mod deprecation {
    use tool_error::ToolError;

    #[derive(Debug, thiserror::Error, ToolError)]
    #[tool_error(kind = validation)]
    pub enum Versioned {
        #[deprecated = "use New"]
        #[error("old")]
        Old,
        #[error("new")]
        New,
    }
}

use tool_error::ToolError;

pub(crate) fn run() {
    let shadowed = shadowing::Shadowed::Invalid { id: 4, note: None };
    assert_eq!(shadowed.code(), "INVALID");
    assert_eq!(deprecation::Versioned::New.code(), "NEW");
}
