//! `next_call(tool = "...", args(...), read_only)`: the tool call a variant
//! suggests, as written, and how it is read.

use proc_macro2::Span;
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{LitStr, Token};

use super::ctxt::Ctxt;
use super::value::{Value, flag, skip_to_comma, skip_value, string};

/// One `next_call(...)`: a tool call the variant suggests. `T` is how a text
/// argument is held: the literal as written here, the parsed template in the ast.
pub(crate) struct NextCall<T = LitStr> {
    pub(crate) tool: Option<LitStr>,
    pub(crate) args: Vec<CallArg<T>>,
    pub(crate) read_only: bool,
    /// Whether `tool` was written, even with a bad value (already reported).
    pub(crate) tool_written: bool,
    /// The `next_call` key, for errors about the whole call.
    pub(crate) span: Span,
}

/// One argument of a `next_call`'s `args(...)`.
pub(crate) struct CallArg<T = LitStr> {
    pub(crate) name: String,
    pub(crate) span: Span,
    pub(crate) value: ArgValue<T>,
}

/// What an argument is set to.
pub(crate) enum ArgValue<T = LitStr> {
    /// `name = "text {field}"`.
    Text(T),
    /// `name = field`, or just `name` for the field of that name.
    Field(syn::Ident),
    Int(i64),
    Float(f64),
    Bool(bool),
    /// `name = _`.
    CallerSupplies,
}

impl<T> NextCall<T> {
    /// The call with each text argument converted by `convert`; an argument it
    /// refuses (having reported why) is dropped.
    pub(crate) fn map_text<U>(self, mut convert: impl FnMut(T) -> Option<U>) -> NextCall<U> {
        let args = self
            .args
            .into_iter()
            .filter_map(|arg| {
                let value = match arg.value {
                    ArgValue::Text(text) => ArgValue::Text(convert(text)?),
                    ArgValue::Field(ident) => ArgValue::Field(ident),
                    ArgValue::Int(value) => ArgValue::Int(value),
                    ArgValue::Float(value) => ArgValue::Float(value),
                    ArgValue::Bool(value) => ArgValue::Bool(value),
                    ArgValue::CallerSupplies => ArgValue::CallerSupplies,
                };
                Some(CallArg {
                    name: arg.name,
                    span: arg.span,
                    value,
                })
            })
            .collect();
        NextCall {
            tool: self.tool,
            args,
            read_only: self.read_only,
            tool_written: self.tool_written,
            span: self.span,
        }
    }
}

/// Reads `next_call(tool = "...", args(...), read_only)`, the key's `value`; its
/// example is a correct call, shown by messages about the call's shape.
pub(crate) fn read(value: &Value<'_>) -> Option<NextCall> {
    let (cx, meta, span, example) = (value.cx, value.meta(), value.span, value.key.example);
    if !meta.input.peek(syn::token::Paren) {
        cx.error_at(
            span,
            format!("`next_call` takes its keys in parentheses: write `{example}`"),
        );
        skip_value(meta);
        return None;
    }
    let mut call = NextCall {
        tool: None,
        args: Vec::new(),
        read_only: false,
        tool_written: false,
        span,
    };
    let mut seen_args = false;
    let result = meta.parse_nested_meta(|inner| {
        let name = inner.path.get_ident().map(ToString::to_string);
        let key_span = inner.path.span();
        match name.as_deref() {
            Some("tool") => {
                call.tool_written = true;
                let value = string(cx, &inner, "tool", "tool = \"search_compounds\"");
                if value.is_some() && call.tool.is_some() {
                    cx.error_at(key_span, "duplicate `tool` in `next_call`: give it once");
                } else if value.is_some() {
                    call.tool = value;
                }
            }
            Some("args") => {
                if seen_args {
                    cx.error_at(
                        key_span,
                        "duplicate `args` in `next_call`: list every argument in one `args(...)`",
                    );
                }
                seen_args = true;
                call_args(cx, &inner, &mut call.args);
            }
            Some("read_only") => {
                if flag(cx, &inner, "read_only").is_some() {
                    if call.read_only {
                        cx.error_at(key_span, "duplicate `read_only` in `next_call`: give it once");
                    }
                    call.read_only = true;
                }
            }
            _ => {
                let written = name.unwrap_or_else(|| "?".to_owned());
                cx.error_at(
                    key_span,
                    format!(
                        "unknown key `{written}` in `next_call`: expected `tool`, `args` or `read_only`, e.g. `{example}`"
                    ),
                );
                skip_value(&inner);
            }
        }
        Ok(())
    });
    if let Err(error) = result {
        cx.push(error);
    }
    Some(call)
}

/// The `name = value` (or bare `name`) list of `args(...)`.
fn call_args(cx: &Ctxt, meta: &ParseNestedMeta<'_>, args: &mut Vec<CallArg>) {
    if !meta.input.peek(syn::token::Paren) {
        cx.error_spanned_by(
            &meta.path,
            "`args` lists the arguments in parentheses: write e.g. `args(model_id, limit = 5, query = \"{name}\")`",
        );
        skip_value(meta);
        return;
    }
    let result = meta.parse_nested_meta(|arg| {
        let Some(ident) = arg.path.get_ident() else {
            cx.error_spanned_by(
                &arg.path,
                "an argument of `next_call` is one name: write e.g. `args(model_id = model_id)`",
            );
            skip_value(&arg);
            return Ok(());
        };
        let name = super::name::unraw(&ident.to_string()).to_owned();
        let span = ident.span();
        let value = if arg.input.peek(Token![=]) {
            let _ = arg.input.parse::<Token![=]>();
            call_arg_value(cx, arg.input, &name)
        } else if arg.input.peek(syn::token::Paren) {
            cx.error_at(
                span,
                format!("`{name}(...)` is not an argument: write `{name} = value`"),
            );
            skip_value(&arg);
            None
        } else {
            // `args(model_id)`: the field of the same name.
            Some(ArgValue::Field(ident.clone()))
        };
        if let Some(value) = value {
            args.push(CallArg { name, span, value });
        }
        Ok(())
    });
    if let Err(error) = result {
        cx.push(error);
    }
}

/// The value after `name =` in `args(...)`.
fn call_arg_value(cx: &Ctxt, input: ParseStream<'_>, name: &str) -> Option<ArgValue> {
    let span = input.span();
    let negative = input.peek(Token![-]) && input.parse::<Token![-]>().is_ok();
    let sign = if negative { -1.0 } else { 1.0 };
    let value = if negative {
        None
    } else if input.peek(LitStr) {
        input.parse::<LitStr>().ok().map(ArgValue::Text)
    } else if input.peek(syn::LitBool) {
        input
            .parse::<syn::LitBool>()
            .ok()
            .map(|lit| ArgValue::Bool(lit.value))
    } else if input.peek(Token![_]) {
        input
            .parse::<Token![_]>()
            .ok()
            .map(|_| ArgValue::CallerSupplies)
    } else if input.peek(syn::Ident) {
        input.parse::<syn::Ident>().ok().map(ArgValue::Field)
    } else {
        None
    };
    let value = value.or_else(|| {
        if input.peek(syn::LitInt) {
            let lit = input.parse::<syn::LitInt>().ok()?;
            let parsed = lit.base10_parse::<i64>().ok()?;
            Some(ArgValue::Int(if negative { -parsed } else { parsed }))
        } else if input.peek(syn::LitFloat) {
            let lit = input.parse::<syn::LitFloat>().ok()?;
            let parsed = lit
                .base10_parse::<f64>()
                .ok()
                .filter(|value| value.is_finite())?;
            Some(ArgValue::Float(sign * parsed))
        } else {
            None
        }
    });
    if value.is_none() {
        skip_to_comma(input);
        cx.error_at(
            span,
            format!(
                "`{name}` in `next_call` needs a value an agent can send: a string template (`{name} = \"{{field}}\"`), a field (`{name} = field`), a number, `true` or `false`, or `_` when the caller supplies it"
            ),
        );
    }
    value
}
