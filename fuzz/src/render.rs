//! The render target: one error, context and policy decoded from the input
//! (`model`), through every built-in profile, checked by `checks`.

use crate::bytes::Bytes;
use crate::{checks, model};

/// Panics with the first broken promise.
pub fn run(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let case = model::case(&mut bytes);
    let policy = model::policy(&mut bytes);
    let ctx = model::ctx(&mut bytes);
    if let Err(failure) = checks::check_case(&case, &ctx, &policy) {
        panic!("{failure}");
    }
}
