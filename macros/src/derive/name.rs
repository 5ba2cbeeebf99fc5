//! Names as users write them in format strings, codes and detail keys: a raw
//! identifier's `r#` is not part of the name (`r#type` is written `{type}`, its
//! details key is `type`).

use syn::Member;

/// `name` without the `r#` of a raw identifier.
pub(crate) fn unraw(name: &str) -> &str {
    name.strip_prefix("r#").unwrap_or(name)
}

/// A field's name as format strings write it: `r#type` is `type`, `.0` is `0`.
pub(crate) fn member_name(member: &Member) -> String {
    match member {
        Member::Named(ident) => unraw(&ident.to_string()).to_owned(),
        Member::Unnamed(index) => index.index.to_string(),
    }
}
