//! Generated code written as source text and lexed once: the compiler's lexer is
//! far faster than building tokens one by one in a proc macro, which users compile
//! without optimisation. Only for tokens that need no spans of the user's.

// Not in the extern prelude of a crate that is not a proc macro (the harnesses that
// include the derive by path), so declared here; in the macro crate it is redundant.
#[allow(unused_extern_crates)]
extern crate proc_macro;

use proc_macro2::TokenStream;

/// `text` as tokens.
///
/// In a running macro the compiler lexes it directly: proc-macro2 would first lex
/// it again with its own lexer, to rule out text the compiler rejects, which
/// doubled what the tables of a large enum cost to expand. The compiler does not
/// always answer bad text with an error value (it may stop the build), so the
/// derive must only ever write text that lexes: every user-given string goes
/// through `lit`, every name is an identifier the input already had. Outside a
/// macro (unit tests, the fuzz harness) proc-macro2 lexes it and bad text is
/// `None`, which the derive turns into a `compile_error!` that the fuzz
/// properties refuse for valid input.
pub(super) fn lex(text: &str) -> Option<TokenStream> {
    if proc_macro::is_available() {
        text.parse::<proc_macro::TokenStream>()
            .ok()
            .map(TokenStream::from)
    } else {
        text.parse().ok()
    }
}
