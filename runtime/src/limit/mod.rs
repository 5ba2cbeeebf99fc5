//! Size limits applied while serialising: strings cut, collections shortened, deep
//! values replaced, always leaving valid output and a visible mark where data was cut.
//!
//! `text` cuts one string or `Display` output to a number of characters;
//! `serializer` applies every limit to a whole value, cutting its strings with
//! `text`.

mod serializer;
mod text;

pub(crate) use serializer::Limited;
pub(crate) use text::{Truncated, serialize_display, serialize_str_cut};

use crate::Limits;

const MARK: &str = Limits::TRUNCATION_MARK;
