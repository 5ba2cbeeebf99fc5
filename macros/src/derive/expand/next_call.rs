//! The next calls of a catalog entry, with a sample value for each argument taken
//! from a field.

use proc_macro2::{Literal, TokenStream};
use quote::quote;

use super::super::ast::{ArgValue, NextCall, Variant, ungroup};
use super::super::name::unraw;
use super::text::template;

/// The `next_call(...)` declarations: `&[__call(..), ..]`.
pub(super) fn next_calls(variant: &Variant<'_>) -> TokenStream {
    let value_fields = NextCall::value_fields(&variant.next_calls);
    let calls = variant.next_calls.iter().map(|call| {
        let tool = call
            .tool
            .as_ref()
            .map(syn::LitStr::value)
            .unwrap_or_default();
        let read_only = call.read_only;
        let args = call.args.iter().map(|arg| {
            let name = &arg.name;
            match &arg.value {
                ArgValue::Text(text) => {
                    let text = template(text);
                    quote!(__text(#name, #text))
                }
                ArgValue::Field(ident) => {
                    let field = unraw(&ident.to_string()).to_owned();
                    let index = value_fields
                        .iter()
                        .position(|candidate| *candidate == ident)
                        .unwrap_or_default();
                    let sample = variant
                        .field_named(&field)
                        .and_then(|found| sample_json(found.ty, &field))
                        .unwrap_or_default();
                    quote!(__field_arg(#name, #field, #index, #sample))
                }
                ArgValue::Int(value) => {
                    let value = Literal::i64_unsuffixed(*value);
                    quote!(__int(#name, #value))
                }
                ArgValue::Float(value) => {
                    // Finite: the reader refuses the rest.
                    let value = Literal::f64_unsuffixed(*value);
                    quote!(__float(#name, #value))
                }
                ArgValue::Bool(value) => quote!(__bool(#name, #value)),
                ArgValue::CallerSupplies => quote!(__caller(#name)),
            }
        });
        quote!(__call(#tool, #read_only, &[#(#args),*]))
    });
    quote!(&[#(#calls),*])
}

/// A sample of a field's value as JSON text, from how its type is written: the
/// field's name for text, `1` for integers, `1.5` for floats, `true`, one-element
/// arrays for sequences; `None` for a type it does not recognise.
fn sample_json(ty: &syn::Type, field: &str) -> Option<String> {
    match ungroup(ty) {
        syn::Type::Reference(reference) => sample_json(&reference.elem, field),
        syn::Type::Slice(slice) => Some(format!("[{}]", sample_json(&slice.elem, field)?)),
        syn::Type::Array(array) => Some(format!("[{}]", sample_json(&array.elem, field)?)),
        syn::Type::Path(path) => {
            let segment = path.path.segments.last()?;
            let name = segment.ident.to_string();
            let inner = || match &segment.arguments {
                syn::PathArguments::AngleBracketed(args) => {
                    args.args.iter().find_map(|arg| match arg {
                        syn::GenericArgument::Type(inner) => Some(inner),
                        _ => None,
                    })
                }
                _ => None,
            };
            match name.as_str() {
                "String" | "str" | "PathBuf" | "Path" | "OsString" | "char" => {
                    Some(format!("{field:?}"))
                }
                "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64"
                | "u128" | "usize" => Some("1".to_owned()),
                "f32" | "f64" => Some("1.5".to_owned()),
                "bool" => Some("true".to_owned()),
                "Vec" | "VecDeque" | "HashSet" | "BTreeSet" | "LinkedList" => {
                    Some(format!("[{}]", sample_json(inner()?, field)?))
                }
                // `Cow<'_, str>`: the first type argument, past the lifetime.
                "Option" | "Box" | "Arc" | "Rc" | "Cow" => sample_json(inner()?, field),
                _ => None,
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::sample_json;

    fn sample(ty: &str) -> Option<String> {
        sample_json(&syn::parse_str(ty).unwrap(), "id")
    }

    #[test]
    fn samples_follow_how_the_type_is_written() {
        assert_eq!(sample("String").as_deref(), Some(r#""id""#));
        assert_eq!(sample("Cow<'static, str>").as_deref(), Some(r#""id""#));
        assert_eq!(sample("&'a [u32]").as_deref(), Some("[1]"));
        assert_eq!(sample("Option<Vec<f64>>").as_deref(), Some("[1.5]"));
        assert_eq!(sample("std::sync::Arc<bool>").as_deref(), Some("true"));
        assert_eq!(sample("MyId"), None);
        assert_eq!(sample("Vec<MyId>"), None);
    }
}
