//! Reads `#[tool_error(...)]` attributes into [`Keys`], one slot per key, recording
//! every malformed value, unknown key and duplicate in the context and moving on.

use proc_macro2::{Span, TokenTree};
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Attribute, LitStr, Token};

use super::ctxt::Ctxt;
use super::symbol::{self, CHANNEL_ALIASES, CHANNELS, KIND_ALIASES, KINDS};

/// A key that may be given once, with the span of where it was written.
pub(crate) struct Slot<T> {
    pub(crate) value: Option<T>,
    pub(crate) span: Span,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        Slot {
            value: None,
            span: Span::call_site(),
        }
    }
}

impl<T> Slot<T> {
    pub(crate) fn is_set(&self) -> bool {
        self.value.is_some()
    }

    pub(crate) fn get(&self) -> Option<&T> {
        self.value.as_ref()
    }
}

/// An integer value with the span of its literal.
#[derive(Clone, Copy)]
pub(crate) struct Int {
    pub(crate) value: i64,
    pub(crate) span: Span,
}

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

/// Every key of one attribute site.
#[derive(Default)]
pub(crate) struct Keys {
    pub(crate) krate: Slot<syn::Path>,
    pub(crate) rename_all: Slot<LitStr>,
    pub(crate) domain: Slot<LitStr>,
    pub(crate) legacy_jsonrpc: Slot<()>,
    pub(crate) integrations: Slot<bool>,
    pub(crate) code: Slot<LitStr>,
    pub(crate) kind: Slot<&'static str>,
    pub(crate) category: Slot<LitStr>,
    pub(crate) recoverable: Slot<bool>,
    pub(crate) message: Slot<LitStr>,
    pub(crate) suggest: Vec<LitStr>,
    pub(crate) next_call: Vec<NextCall>,
    pub(crate) jsonrpc: Slot<Int>,
    pub(crate) http: Slot<Int>,
    pub(crate) channel: Slot<&'static str>,
    pub(crate) transparent: Slot<()>,
    pub(crate) docs: Slot<LitStr>,
    pub(crate) skip: Slot<()>,
    pub(crate) redact: Slot<()>,
    pub(crate) rename: Slot<LitStr>,
    pub(crate) retry_after: Slot<()>,
    pub(crate) suggestions: Slot<()>,
    pub(crate) details: Slot<()>,
    /// Every key written, in order, for placement checks.
    pub(crate) written: Vec<(&'static str, Span)>,
}

impl Keys {
    /// Reads every `#[tool_error(...)]` among `attrs`.
    pub(crate) fn from_attrs(cx: &Ctxt, attrs: &[Attribute]) -> Keys {
        let mut keys = Keys::default();
        for attr in attrs
            .iter()
            .filter(|attr| attr.path().is_ident("tool_error"))
        {
            if !matches!(attr.meta, syn::Meta::List(_)) {
                cx.error_spanned_by(
                    attr,
                    "`#[tool_error]` takes its keys in parentheses: write e.g. `#[tool_error(kind = validation)]`",
                );
                continue;
            }
            let result = attr.parse_nested_meta(|meta| {
                keys.read(cx, &meta);
                Ok(())
            });
            if let Err(error) = result {
                cx.push(error);
            }
        }
        keys
    }

    fn read(&mut self, cx: &Ctxt, meta: &ParseNestedMeta<'_>) {
        let Some(name) = meta.path.get_ident().map(ToString::to_string) else {
            cx.error_spanned_by(
                &meta.path,
                format!(
                    "unknown `tool_error` key: expected one of {}",
                    symbol::one_of(symbol::all_keys())
                ),
            );
            skip_value(meta);
            return;
        };
        let span = meta.path.span();
        let Some(key) = symbol::all_keys().find(|key| *key == name) else {
            let message = match symbol::closest_key(&name) {
                Some(close) => {
                    format!("unknown `tool_error` key `{name}`: did you mean `{close}`?")
                }
                None => format!(
                    "unknown `tool_error` key `{name}`: expected one of {}",
                    symbol::one_of(symbol::all_keys())
                ),
            };
            cx.error_at(span, message);
            skip_value(meta);
            return;
        };
        self.written.push((key, span));
        match key {
            "crate" => {
                let path = string(cx, meta, key, "crate = \"::tool_error\"")
                    .and_then(|lit| match lit.parse::<syn::Path>() {
                        Ok(path) => Some(path),
                        Err(_) => {
                            cx.error_spanned_by(
                                &lit,
                                "`crate` expects a path in a string, e.g. `crate = \"::tool_error\"`",
                            );
                            None
                        }
                    });
                set(cx, &mut self.krate, key, span, path);
            }
            "rename_all" => {
                let value = string(cx, meta, key, "rename_all = \"snake_case\"");
                set(cx, &mut self.rename_all, key, span, value);
            }
            "domain" => {
                let value = string(cx, meta, key, "domain = \"billing\"");
                set(cx, &mut self.domain, key, span, value);
            }
            "legacy_jsonrpc" => {
                let value = flag(cx, meta, key);
                set(cx, &mut self.legacy_jsonrpc, key, span, value);
            }
            "integrations" => {
                let value = boolean(cx, meta, key);
                set(cx, &mut self.integrations, key, span, value);
            }
            "code" => {
                let value = string(cx, meta, key, "code = \"MODEL_NOT_FOUND\"");
                set(cx, &mut self.code, key, span, value);
            }
            "kind" => {
                let value = word(cx, meta, key, (KINDS, KIND_ALIASES), "kind = not_found");
                set(cx, &mut self.kind, key, span, value);
            }
            "category" => {
                let value = string(cx, meta, key, "category = \"database_error\"");
                set(cx, &mut self.category, key, span, value);
            }
            "docs" => {
                let value = string(cx, meta, key, "docs = \"https://docs.example.com/errors/\"");
                set(cx, &mut self.docs, key, span, value);
            }
            "recoverable" => {
                let value = boolean(cx, meta, key);
                set(cx, &mut self.recoverable, key, span, value);
            }
            "message" => {
                let value = string(cx, meta, key, "message = \"Model '{model_id}' not found\"");
                set(cx, &mut self.message, key, span, value);
            }
            "suggest" => {
                if let Some(value) =
                    string(cx, meta, key, "suggest = \"Check the model_id spelling\"")
                {
                    self.suggest.push(value);
                }
            }
            "next_call" => {
                if let Some(call) = next_call(cx, meta, span) {
                    self.next_call.push(call);
                }
            }
            "jsonrpc" => {
                let value = integer(cx, meta, key, "jsonrpc = -32602");
                set(cx, &mut self.jsonrpc, key, span, value);
            }
            "http" => {
                let value = integer(cx, meta, key, "http = 404");
                set(cx, &mut self.http, key, span, value);
            }
            "channel" => {
                let value = word(
                    cx,
                    meta,
                    key,
                    (CHANNELS, CHANNEL_ALIASES),
                    "channel = protocol",
                );
                set(cx, &mut self.channel, key, span, value);
            }
            "transparent" => {
                let value = flag(cx, meta, key);
                set(cx, &mut self.transparent, key, span, value);
            }
            "skip" => {
                let value = flag(cx, meta, key);
                set(cx, &mut self.skip, key, span, value);
            }
            "redact" => {
                let value = flag(cx, meta, key);
                set(cx, &mut self.redact, key, span, value);
            }
            "rename" => {
                let value = string(cx, meta, key, "rename = \"requested_id\"");
                set(cx, &mut self.rename, key, span, value);
            }
            "retry_after" => {
                let value = flag(cx, meta, key);
                set(cx, &mut self.retry_after, key, span, value);
            }
            "suggestions" => {
                let value = flag(cx, meta, key);
                set(cx, &mut self.suggestions, key, span, value);
            }
            "details" => {
                let value = flag(cx, meta, key);
                set(cx, &mut self.details, key, span, value);
            }
            _ => skip_value(meta),
        }
    }
}

fn set<T>(cx: &Ctxt, slot: &mut Slot<T>, key: &str, span: Span, value: Option<T>) {
    let Some(value) = value else { return };
    if slot.is_set() {
        cx.error_at(
            span,
            format!("duplicate `{key}`: give it once (only `suggest` and `next_call` may repeat)"),
        );
        return;
    }
    slot.value = Some(value);
    slot.span = span;
}

/// The example every `next_call` message shows.
const NEXT_CALL_EXAMPLE: &str =
    "next_call(tool = \"get_model\", args(model_id, limit = 5), read_only)";

/// `next_call(tool = "...", args(...), read_only)`.
fn next_call(cx: &Ctxt, meta: &ParseNestedMeta<'_>, span: Span) -> Option<NextCall> {
    if !meta.input.peek(syn::token::Paren) {
        cx.error_at(
            span,
            format!("`next_call` takes its keys in parentheses: write `{NEXT_CALL_EXAMPLE}`"),
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
                        "unknown key `{written}` in `next_call`: expected `tool`, `args` or `read_only`, e.g. `{NEXT_CALL_EXAMPLE}`"
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

/// Skips `= anything` or `(anything)` so parsing can go on after a bad key.
fn skip_value(meta: &ParseNestedMeta<'_>) {
    let input = meta.input;
    if input.peek(Token![=]) {
        let _ = input.parse::<Token![=]>();
        skip_to_comma(input);
    } else if input.peek(syn::token::Paren) {
        let _ = input.parse::<TokenTree>();
    }
}

fn skip_to_comma(input: ParseStream<'_>) {
    while !input.is_empty() && !input.peek(Token![,]) {
        if input.parse::<TokenTree>().is_err() {
            break;
        }
    }
}

/// `key = <value>`: the stream after `=`, or an error naming an example.
fn value_stream<'a>(
    cx: &Ctxt,
    meta: &'a ParseNestedMeta<'a>,
    key: &str,
    example: &str,
) -> Option<ParseStream<'a>> {
    if meta.input.peek(Token![=]) {
        let _ = meta.input.parse::<Token![=]>();
        Some(meta.input)
    } else {
        cx.error_spanned_by(
            &meta.path,
            format!("`{key}` needs a value: write `{example}`"),
        );
        skip_value(meta);
        None
    }
}

fn string(cx: &Ctxt, meta: &ParseNestedMeta<'_>, key: &str, example: &str) -> Option<LitStr> {
    let input = value_stream(cx, meta, key, example)?;
    if input.peek(LitStr)
        && let Ok(lit) = input.parse::<LitStr>()
    {
        return Some(lit);
    }
    let span = input.span();
    skip_to_comma(input);
    cx.error_at(
        span,
        format!("`{key}` expects a string literal: write `{example}`"),
    );
    None
}

fn integer(cx: &Ctxt, meta: &ParseNestedMeta<'_>, key: &str, example: &str) -> Option<Int> {
    let input = value_stream(cx, meta, key, example)?;
    let span = input.span();
    let negative = input.peek(Token![-]) && input.parse::<Token![-]>().is_ok();
    let parsed = if input.peek(syn::LitInt) {
        input.parse::<syn::LitInt>().ok()
    } else {
        None
    };
    let value = parsed
        .as_ref()
        .filter(|lit| lit.suffix().is_empty())
        .and_then(|lit| lit.base10_parse::<i64>().ok())
        .map(|value| if negative { -value } else { value });
    match value {
        Some(value) => Some(Int {
            value,
            span: parsed.map_or(span, |lit| lit.span()),
        }),
        None => {
            skip_to_comma(input);
            cx.error_at(
                parsed.map_or(span, |lit| lit.span()),
                format!("`{key}` expects an integer without suffix: write `{example}`"),
            );
            None
        }
    }
}

fn boolean(cx: &Ctxt, meta: &ParseNestedMeta<'_>, key: &str) -> Option<bool> {
    let input = meta.input;
    let mut span = input.span();
    if input.peek(Token![=]) {
        let _ = input.parse::<Token![=]>();
        span = input.span();
        if input.peek(syn::LitBool)
            && let Ok(lit) = input.parse::<syn::LitBool>()
        {
            return Some(lit.value);
        }
        skip_to_comma(input);
    } else if input.peek(syn::token::Paren) {
        skip_value(meta);
    } else {
        return Some(true);
    }
    cx.error_at(
        span,
        format!("`{key}` expects `true` or `false`: write `{key}` or `{key} = false`"),
    );
    None
}

fn flag(cx: &Ctxt, meta: &ParseNestedMeta<'_>, key: &str) -> Option<()> {
    if meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren) {
        cx.error_spanned_by(
            &meta.path,
            format!("`{key}` takes no value: write just `{key}`"),
        );
        skip_value(meta);
        return None;
    }
    Some(())
}

/// The accepted spellings of a word key, each with the name generated code uses,
/// and other names people write for them.
type Words = (
    &'static [(&'static str, &'static str)],
    &'static [(&'static str, &'static str)],
);

/// `key = word` or `key = "word"`, checked against `choices`.
fn word(
    cx: &Ctxt,
    meta: &ParseNestedMeta<'_>,
    key: &str,
    (choices, aliases): Words,
    example: &str,
) -> Option<&'static str> {
    let input = value_stream(cx, meta, key, example)?;
    let span = input.span();
    let written = if input.peek(LitStr) {
        input.parse::<LitStr>().ok().map(|lit| lit.value())
    } else if input.peek(syn::Ident) {
        input
            .parse::<syn::Ident>()
            .ok()
            .map(|ident| ident.to_string())
    } else {
        None
    };
    let found = written
        .as_deref()
        .and_then(|written| choices.iter().find(|(spelling, _)| *spelling == written));
    if let Some((_, name)) = found {
        return Some(name);
    }
    skip_to_comma(input);
    let spellings = symbol::one_of(choices.iter().map(|(spelling, _)| *spelling));
    let spelling_list = choices.iter().map(|(spelling, _)| *spelling);
    match written {
        Some(written) => match symbol::closest(&written, spelling_list, aliases) {
            Some(close) => cx.error_at(
                span,
                format!("unknown {key} `{written}`: did you mean `{key} = {close}`? expected one of {spellings}"),
            ),
            None => cx.error_at(
                span,
                format!("unknown {key} `{written}`: expected one of {spellings}"),
            ),
        },
        None => cx.error_at(
            span,
            format!("`{key}` expects one of {spellings}: write `{example}`"),
        ),
    }
    None
}
