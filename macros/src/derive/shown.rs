//! What a `Display` attribute can show: every way thiserror's `#[error(...)]` (and
//! the `#[display(...)]` of derive_more and similar crates, which read fields the
//! same way) reaches a field, so a `redact` field cannot leak through the default
//! message.
//!
//! thiserror binds every field of the variant to a local (`token`, or `_0` for a
//! tuple field) and formats the string with those locals in scope, so a field is
//! read by a `{token}` or `{0}` placeholder, by any argument expression that names
//! the local (`.token`, `token`, `_0`, `.0`, `.r#type`), by a string literal an
//! argument formats (`format!("{token}")`), through `self` (formatted whole or with
//! a method called on it), by `transparent` and by `fmt = path`, which hands every
//! field to `path`. The reading is deliberately generous: any identifier in an
//! argument that equals a field's name counts as reading that field.

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::ToTokens;
use syn::Attribute;

use super::name::unraw;

/// One way an attribute reaches a field (or every field).
pub(crate) struct Read {
    /// `error` or `display`, for messages.
    pub(crate) attr: String,
    pub(crate) target: Target,
    pub(crate) via: Via,
    /// The tokens the error points at.
    pub(crate) tokens: TokenStream,
}

/// What is read.
pub(crate) enum Target {
    /// The field a format string or expression names as written: a field name
    /// (without `r#`), a tuple index (`0`), or thiserror's local for a tuple field
    /// (`_0`).
    Named(String),
    /// Every field.
    Every,
}

/// How it is read.
pub(crate) enum Via {
    /// A format-string placeholder or an argument naming the field; the text as
    /// written (`{token}`, `.r#type`).
    Mention(String),
    /// `self`, formatted whole or with a method called on it; the text as written.
    WholeValue(String),
    /// `transparent`: the single field's `Display` is the message.
    Transparent,
    /// `fmt = path`: every field is an argument of `path`.
    FmtPath(String),
}

/// Whether `attr` is one this module reads.
pub(crate) fn is_display_attr(attr: &Attribute) -> bool {
    attr.path().is_ident("error") || attr.path().is_ident("display")
}

/// Every read of `attr`, an `#[error(...)]` or `#[display(...)]` attribute.
pub(crate) fn reads(attr: &Attribute) -> Vec<Read> {
    let name = if attr.path().is_ident("error") {
        "error"
    } else {
        "display"
    };
    let tokens = match &attr.meta {
        syn::Meta::List(list) => flatten(list.tokens.clone()),
        syn::Meta::NameValue(pair) => flatten(pair.value.to_token_stream()),
        syn::Meta::Path(_) => return Vec::new(),
    };
    let mut reader = Reader {
        attr: name,
        out: Vec::new(),
    };
    reader.attribute(&tokens);
    reader.out
}

struct Reader {
    attr: &'static str,
    out: Vec<Read>,
}

impl Reader {
    fn push(&mut self, target: Target, via: Via, tokens: TokenStream) {
        self.out.push(Read {
            attr: self.attr.to_owned(),
            target,
            via,
            tokens,
        });
    }

    fn attribute(&mut self, tokens: &[TokenTree]) {
        match tokens {
            [TokenTree::Ident(ident)] if ident == "transparent" => {
                self.push(Target::Every, Via::Transparent, ident.to_token_stream());
            }
            [TokenTree::Ident(ident), TokenTree::Punct(eq), rest @ ..]
                if ident == "fmt" && eq.as_char() == '=' =>
            {
                if let Some(TokenTree::Literal(_)) = rest.first()
                    && string_value(&rest[0]).is_some()
                {
                    // derive_more's older `fmt = "..."`: a format string.
                    self.format(rest);
                } else {
                    let path = rest
                        .iter()
                        .take_while(|token| !is_punct(token, ','))
                        .cloned()
                        .collect::<TokenStream>();
                    let written = path.to_string().replace(' ', "");
                    self.push(Target::Every, Via::FmtPath(written), path);
                }
            }
            [first, ..] if string_value(first).is_some() => self.format(tokens),
            // Anything else is read as an expression, which over-approximates.
            _ => self.expression(tokens),
        }
    }

    /// A format string and its arguments.
    fn format(&mut self, tokens: &[TokenTree]) {
        let Some((format, args)) = tokens.split_first() else {
            return;
        };
        let mut named = Vec::new();
        for arg in args.split(|token| is_punct(token, ',')) {
            match arg {
                [TokenTree::Ident(name), TokenTree::Punct(eq), value @ ..]
                    if eq.as_char() == '=' && !value.first().is_some_and(|t| is_punct(t, '=')) =>
                {
                    named.push(unraw(&name.to_string()).to_owned());
                    self.expression(value);
                }
                _ => self.expression(arg),
            }
        }
        // A placeholder naming an explicit argument shows that argument (read above).
        self.placeholders(format, &named);
    }

    /// The placeholders of a string literal, each a read of the local it names
    /// unless `named` (explicit named arguments) holds it.
    fn placeholders(&mut self, literal: &TokenTree, named: &[String]) {
        let Some(text) = string_value(literal) else {
            return;
        };
        for (name, written) in placeholder_names(&text) {
            if !named.contains(&name) {
                self.push(
                    Target::Named(name),
                    Via::Mention(written),
                    literal.to_token_stream(),
                );
            }
        }
    }

    /// Every field an argument expression may read.
    fn expression(&mut self, tokens: &[TokenTree]) {
        let mut i = 0;
        while i < tokens.len() {
            match &tokens[i] {
                TokenTree::Ident(ident) if ident == "self" => {
                    let member = match (tokens.get(i + 1), tokens.get(i + 2)) {
                        (Some(dot), Some(member)) if is_punct(dot, '.') => Some(member),
                        _ => None,
                    };
                    let call = tokens
                        .get(i + 3)
                        .is_some_and(|next| is_call(next) || is_punct(next, ':'));
                    match member {
                        Some(TokenTree::Ident(field)) if !call => {
                            let name = unraw(&field.to_string()).to_owned();
                            let written = format!("self.{field}");
                            self.push(
                                Target::Named(name),
                                Via::Mention(written),
                                field.to_token_stream(),
                            );
                            i += 3;
                        }
                        Some(TokenTree::Literal(index)) => {
                            self.index(&tokens[i..i + 3], index);
                            i += 3;
                        }
                        Some(method) => {
                            let end = (i + 4).min(tokens.len());
                            let span: TokenStream = tokens[i..end].iter().cloned().collect();
                            let written = format!("self.{method}(..)");
                            self.push(Target::Every, Via::WholeValue(written), span);
                            i = end;
                        }
                        None => {
                            let written = "self".to_owned();
                            self.push(
                                Target::Every,
                                Via::WholeValue(written),
                                ident.to_token_stream(),
                            );
                            i += 1;
                        }
                    }
                    continue;
                }
                // A path segment (`std::path::Path`) or a macro name (`format!`) is
                // not a local.
                TokenTree::Ident(_)
                    if (i > 0 && is_punct(&tokens[i - 1], ':'))
                        || tokens
                            .get(i + 1)
                            .is_some_and(|next| is_punct(next, ':') || is_punct(next, '!')) => {}
                TokenTree::Ident(ident) => {
                    let name = unraw(&ident.to_string()).to_owned();
                    // thiserror's `.token` shorthand: point at the dot too.
                    let dotted = i > 0 && is_punct(&tokens[i - 1], '.');
                    let (written, span) = if dotted {
                        (
                            format!(".{ident}"),
                            tokens[i - 1..=i].iter().cloned().collect(),
                        )
                    } else {
                        (ident.to_string(), ident.to_token_stream())
                    };
                    self.push(Target::Named(name), Via::Mention(written), span);
                }
                TokenTree::Punct(dot) if dot.as_char() == '.' => {
                    if let Some(TokenTree::Literal(index)) = tokens.get(i + 1) {
                        self.index(&tokens[i..i + 2], index);
                        i += 2;
                        continue;
                    }
                }
                TokenTree::Literal(_) => self.placeholders(&tokens[i], &[]),
                TokenTree::Group(group) => self.expression(&flatten(group.stream())),
                TokenTree::Punct(_) => {}
            }
            i += 1;
        }
    }

    /// `.0`, or `.0.1` (lexed as the float `0.1`): tuple field 0. `written` is the
    /// whole access (`.0`, `self.0`), for the error to point at.
    fn index(&mut self, written: &[TokenTree], literal: &proc_macro2::Literal) {
        let text = literal.to_string();
        let first = text.split('.').next().unwrap_or_default();
        if !first.is_empty() && first.chars().all(|c| c.is_ascii_digit()) {
            let span: TokenStream = written.iter().cloned().collect();
            let written = span.to_string().replace(' ', "");
            self.push(Target::Named(first.to_owned()), Via::Mention(written), span);
        }
    }
}

/// The names a format string reads, each with its placeholder as written: the
/// argument of `{name}`, `{name:spec}`, `{0}`, and any `name$` width or precision
/// inside a spec.
pub(crate) fn placeholder_names(format: &str) -> Vec<(String, String)> {
    let mut names = Vec::new();
    let mut rest = format;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        if let Some(escaped) = after.strip_prefix('{') {
            rest = escaped;
            continue;
        }
        let Some(close) = after.find('}') else { break };
        let inner = &after[..close];
        let written = format!("{{{inner}}}");
        let (argument, spec) = inner.split_once(':').unwrap_or((inner, ""));
        let argument = unraw(argument.trim());
        if !argument.is_empty() {
            names.push((argument.to_owned(), written.clone()));
        }
        // `{:width$}`, `{:.precision$}`: the named count is read too.
        for piece in spec.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$')) {
            if let Some(count) = piece.strip_suffix('$')
                && !count.is_empty()
            {
                names.push((count.to_owned(), written.clone()));
            }
        }
        rest = &after[close + 1..];
    }
    names
}

/// The tokens with invisible groups (around `macro_rules!` fragments) opened.
fn flatten(tokens: TokenStream) -> Vec<TokenTree> {
    let mut out = Vec::new();
    for token in tokens {
        match token {
            TokenTree::Group(group) if group.delimiter() == Delimiter::None => {
                out.extend(flatten(group.stream()));
            }
            other => out.push(other),
        }
    }
    out
}

fn is_punct(token: &TokenTree, c: char) -> bool {
    matches!(token, TokenTree::Punct(punct) if punct.as_char() == c)
}

/// `(...)` after a name: a call. (`::` after a name starts a turbofish, also a call.)
fn is_call(token: &TokenTree) -> bool {
    matches!(token, TokenTree::Group(group) if group.delimiter() == Delimiter::Parenthesis)
}

/// The value of a string literal token.
fn string_value(token: &TokenTree) -> Option<String> {
    let TokenTree::Literal(literal) = token else {
        return None;
    };
    match syn::Lit::new(literal.clone()) {
        syn::Lit::Str(lit) => Some(lit.value()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(format: &str) -> Vec<String> {
        placeholder_names(format)
            .into_iter()
            .map(|(name, _)| name)
            .collect()
    }

    #[test]
    fn placeholders_of_format_strings() {
        assert_eq!(
            names("{a} {{b}} {c:>8} {0:?} {} {:w$} {d:.p$}"),
            ["a", "c", "0", "w", "d", "p"]
        );
        assert_eq!(names("{r#type}"), ["type"]);
    }
}
