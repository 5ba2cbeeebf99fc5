//! Reading the value of one key (`key = value`, `key(...)` or a bare `key`): each
//! reader records what is wrong with the value, with an example of a correct one,
//! and skips to the next key. `next_call(...)`, a value with keys of its own, is
//! read in `next_call.rs` with the readers here.

use proc_macro2::{Span, TokenTree};
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::{LitStr, Token};

use super::case::RenameRule;
use super::ctxt::Ctxt;
use super::keys::Key;
use super::spelling;

/// An integer value with the span of its literal.
#[derive(Clone, Copy)]
pub(crate) struct Int {
    pub(crate) value: i64,
    pub(crate) span: Span,
}

/// One known key as written, its value not yet read.
pub(crate) struct Value<'a> {
    pub(crate) cx: &'a Ctxt,
    meta: &'a ParseNestedMeta<'a>,
    pub(crate) key: &'static Key,
    /// Where the key's name is written.
    pub(crate) span: Span,
}

impl<'a> Value<'a> {
    pub(crate) fn new(
        cx: &'a Ctxt,
        meta: &'a ParseNestedMeta<'a>,
        key: &'static Key,
        span: Span,
    ) -> Self {
        Value {
            cx,
            meta,
            key,
            span,
        }
    }

    /// `key = "..."`.
    pub(crate) fn string(&self) -> Option<LitStr> {
        string(self.cx, self.meta, self.key.name, self.key.example)
    }

    /// `key = "..."` that says something: blank text is reported (and kept, so the
    /// checks that follow see what was written).
    pub(crate) fn text(&self) -> Option<LitStr> {
        self.non_blank("give it text or remove it")
    }

    /// `suggest = "..."`: blank text is reported like [`Value::text`].
    pub(crate) fn suggestion(&self) -> Option<LitStr> {
        self.non_blank("write a recovery step or remove it")
    }

    fn non_blank(&self, fix: &str) -> Option<LitStr> {
        let lit = self.string()?;
        if lit.value().trim().is_empty() {
            let key = self.key.name;
            self.cx
                .error_spanned_by(&lit, format!("`{key}` is empty: {fix}"));
        }
        Some(lit)
    }

    /// `key = "https://..."`: anything but an absolute web address is reported (and
    /// kept).
    pub(crate) fn url(&self) -> Option<LitStr> {
        let lit = self.string()?;
        let url = lit.value();
        let rest = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"));
        let valid = rest.is_some_and(|rest| {
            !rest.is_empty() && !url.chars().any(|c| c.is_whitespace() || c.is_control())
        });
        if !valid {
            let (key, example) = (self.key.name, self.key.example);
            self.cx.error_spanned_by(
                &lit,
                format!(
                    "`{key}` is not a web address: write an absolute `https://` URL, e.g. `{example}`"
                ),
            );
        }
        Some(lit)
    }

    /// `key = "some::path"`.
    pub(crate) fn path(&self) -> Option<syn::Path> {
        let lit = self.string()?;
        match lit.parse::<syn::Path>() {
            Ok(path) => Some(path),
            Err(_) => {
                let (key, example) = (self.key.name, self.key.example);
                self.cx.error_spanned_by(
                    &lit,
                    format!("`{key}` expects a path in a string, e.g. `{example}`"),
                );
                None
            }
        }
    }

    /// `key = "snake_case"`, one of [`RenameRule::NAMES`].
    pub(crate) fn rename_rule(&self) -> Option<RenameRule> {
        let lit = self.string()?;
        let rule = RenameRule::from_name(&lit.value());
        if rule.is_none() {
            self.cx.error_spanned_by(
                &lit,
                format!(
                    "unknown `{}` rule `{}`: expected one of {}",
                    self.key.name,
                    lit.value(),
                    spelling::one_of(RenameRule::NAMES.iter().map(|(name, _)| *name))
                ),
            );
        }
        rule
    }

    /// A bare `key`.
    pub(crate) fn flag(&self) -> Option<()> {
        flag(self.cx, self.meta, self.key.name)
    }

    /// A bare `key` (true), or `key = true` or `key = false`.
    pub(crate) fn boolean(&self) -> Option<bool> {
        let (cx, meta, key) = (self.cx, self.meta, self.key.name);
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

    /// `key = -123`, without a suffix.
    pub(crate) fn integer(&self) -> Option<Int> {
        let (cx, key, example) = (self.cx, self.key.name, self.key.example);
        let input = value_stream(cx, self.meta, key, example)?;
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
        let span = parsed.map_or(span, |lit| lit.span());
        if value.is_none() {
            skip_to_comma(input);
            cx.error_at(
                span,
                format!("`{key}` expects an integer without suffix: write `{example}`"),
            );
        }
        Some(Int {
            value: value?,
            span,
        })
    }

    /// `key = word` or `key = "word"`, one of `choices`; `aliases` map other
    /// libraries' words to ours for the hint.
    pub(crate) fn word(
        &self,
        choices: &'static [&'static str],
        aliases: &'static [(&'static str, &'static str)],
    ) -> Option<&'static str> {
        let (cx, key, example) = (self.cx, self.key.name, self.key.example);
        let input = value_stream(cx, self.meta, key, example)?;
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
            .and_then(|written| choices.iter().find(|spelling| **spelling == written));
        if let Some(spelling) = found {
            return Some(spelling);
        }
        skip_to_comma(input);
        let spelling_list = choices.iter().copied();
        let spellings = spelling::one_of(spelling_list.clone());
        let message = match written {
            Some(written) => {
                match spelling::closest(&written, spelling_list, aliases.iter().copied()) {
                    Some(close) => format!(
                        "unknown {key} `{written}`: did you mean `{key} = {close}`? expected one of {spellings}"
                    ),
                    None => format!("unknown {key} `{written}`: expected one of {spellings}"),
                }
            }
            None => format!("`{key}` expects one of {spellings}: write `{example}`"),
        };
        cx.error_at(span, message);
        None
    }

    /// The key as written, for readers of values with keys of their own
    /// (`next_call(...)`).
    pub(crate) fn meta(&self) -> &'a ParseNestedMeta<'a> {
        self.meta
    }
}

/// `name = "..."`, for a key or the part of one (`tool` in `next_call`).
pub(crate) fn string(
    cx: &Ctxt,
    meta: &ParseNestedMeta<'_>,
    name: &str,
    example: &str,
) -> Option<LitStr> {
    let input = value_stream(cx, meta, name, example)?;
    if input.peek(LitStr)
        && let Ok(lit) = input.parse::<LitStr>()
    {
        return Some(lit);
    }
    let span = input.span();
    skip_to_comma(input);
    cx.error_at(
        span,
        format!("`{name}` expects a string literal: write `{example}`"),
    );
    None
}

/// A bare `name`, for a key or the part of one (`read_only` in `next_call`).
pub(crate) fn flag(cx: &Ctxt, meta: &ParseNestedMeta<'_>, name: &str) -> Option<()> {
    if meta.input.peek(Token![=]) || meta.input.peek(syn::token::Paren) {
        cx.error_spanned_by(
            &meta.path,
            format!("`{name}` takes no value: write just `{name}`"),
        );
        skip_value(meta);
        return None;
    }
    Some(())
}

/// `name = <value>`: the stream after `=`, or an error naming an example.
fn value_stream<'a>(
    cx: &Ctxt,
    meta: &'a ParseNestedMeta<'a>,
    name: &str,
    example: &str,
) -> Option<ParseStream<'a>> {
    if meta.input.peek(Token![=]) {
        let _ = meta.input.parse::<Token![=]>();
        Some(meta.input)
    } else {
        cx.error_spanned_by(
            &meta.path,
            format!("`{name}` needs a value: write `{example}`"),
        );
        skip_value(meta);
        None
    }
}

/// Skips `= anything` or `(anything)` so reading can go on after a bad key.
pub(crate) fn skip_value(meta: &ParseNestedMeta<'_>) {
    let input = meta.input;
    if input.peek(Token![=]) {
        let _ = input.parse::<Token![=]>();
        skip_to_comma(input);
    } else if input.peek(syn::token::Paren) {
        let _ = input.parse::<TokenTree>();
    }
}

/// Skips the rest of a value, up to the comma before the next key.
pub(crate) fn skip_to_comma(input: ParseStream<'_>) {
    while !input.is_empty() && !input.peek(Token![,]) {
        if input.parse::<TokenTree>().is_err() {
            break;
        }
    }
}
