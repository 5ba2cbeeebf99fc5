//! The typed view of a derive input: the type, its variants (one for a struct) and
//! their fields, with every `#[tool_error]` key read and every template parsed.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Attribute, Data, DeriveInput, Fields, Generics, Ident, Member, Type};

use super::attr::{self, Written};
use super::case::RenameRule;
use super::ctxt::Ctxt;
use super::doc::Doc;
use super::keys::{self, Place};
use super::name::member_name;
use super::next_call;
use super::shown::{self, Read};
use super::template::{self, Template};

/// Enum or struct.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Enum,
    Struct,
}

/// The whole input.
pub(crate) struct Input<'a> {
    pub(crate) ident: &'a Ident,
    pub(crate) generics: &'a Generics,
    pub(crate) shape: Shape,
    /// The type's own keys.
    pub(crate) attrs: attr::Container,
    /// The defaults an enum sets for its variants; none for a struct, whose keys
    /// are its single variant's.
    pub(crate) defaults: attr::Variant,
    /// Every key written on the type.
    pub(crate) written: Written,
    pub(crate) doc: Doc,
    pub(crate) rename: RenameRule,
    /// The variants; a struct has exactly one, named after the type.
    pub(crate) variants: Vec<Variant<'a>>,
}

/// One variant (or the struct).
pub(crate) struct Variant<'a> {
    pub(crate) ident: &'a Ident,
    /// The keys describing this code (for a struct, written on the type).
    pub(crate) attrs: attr::Variant,
    /// Every key written on the variant (for a struct, on the type).
    pub(crate) written: Written,
    pub(crate) fields: Vec<Field<'a>>,
    pub(crate) doc: Doc,
    /// What the variant's `#[error(...)]` (or `#[display(...)]`) can show, its own or
    /// the enum's; read to keep redacted fields out of the message.
    pub(crate) shown: Vec<Read>,
    /// The code, explicit or derived with `rename_all`.
    pub(crate) code: String,
    /// Where the code came from: the `code = "..."` literal or the variant name.
    pub(crate) code_span: Span,
    pub(crate) message: Option<Template>,
    pub(crate) suggest: Vec<Template>,
    pub(crate) next_calls: Vec<NextCall>,
}

/// One `next_call(...)` with its text arguments parsed as templates.
pub(crate) type NextCall = next_call::NextCall<Template>;

/// An argument's value, text parsed as a template.
pub(crate) type ArgValue = next_call::ArgValue<Template>;

impl NextCall {
    /// The fields sent as values, each once, in order of first use.
    pub(crate) fn value_fields(calls: &[NextCall]) -> Vec<&Ident> {
        let mut fields: Vec<&Ident> = Vec::new();
        for arg in calls.iter().flat_map(|call| &call.args) {
            if let ArgValue::Field(ident) = &arg.value
                && !fields.contains(&ident)
            {
                fields.push(ident);
            }
        }
        fields
    }
}

/// One field.
pub(crate) struct Field<'a> {
    pub(crate) member: Member,
    pub(crate) ty: &'a Type,
    pub(crate) span: Span,
    pub(crate) attrs: attr::Field,
    /// Every key written on the field.
    pub(crate) written: Written,
    /// `#[source]`, `#[from]` or named `source`: the cause, never a detail.
    pub(crate) source: bool,
    /// `#[backtrace]` or of type `Backtrace`: never a detail.
    pub(crate) backtrace: bool,
}

/// What a field contributes to the rendered error.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Role {
    /// A key of `details`.
    Detail,
    /// The whole `details` value.
    WholeDetails,
    /// The retry hint.
    RetryAfter,
    /// Appended suggestions.
    Suggestions,
    /// Next calls built at run time.
    NextCalls,
    /// The cause or backtrace.
    Source,
    /// Nothing (skipped, or a tuple field not asked for).
    Hidden,
}

impl<'a> Input<'a> {
    /// Builds the view; `None` (with an error recorded) for unions.
    pub(crate) fn from_syn(cx: &Ctxt, input: &'a DeriveInput) -> Option<Input<'a>> {
        // A union is refused below; its keys are read as a struct's all the same, so
        // their mistakes are reported with the refusal.
        let place = match input.data {
            Data::Enum(_) => Place::Enum,
            Data::Struct(_) | Data::Union(_) => Place::Struct,
        };
        let site = attr::read(cx, &input.attrs, place);
        let written = site.written;
        let attrs = site.attrs.container;
        let rename = attrs.rename_all.get().copied().unwrap_or_default();
        let (shape, defaults, variants) = match &input.data {
            Data::Enum(data) => {
                let variants = data
                    .variants
                    .iter()
                    .map(|variant| {
                        let site = attr::read(cx, &variant.attrs, Place::Variant);
                        Variant::new(
                            cx,
                            &variant.ident,
                            (site.attrs.variant, site.written),
                            (&variant.attrs, &input.attrs),
                            &variant.fields,
                            rename,
                        )
                    })
                    .collect();
                (Shape::Enum, site.attrs.variant, variants)
            }
            Data::Struct(data) => {
                // A struct is one code: the keys on the type describe it.
                let variant = Variant::new(
                    cx,
                    &input.ident,
                    (site.attrs.variant, written.clone()),
                    (&input.attrs, &[]),
                    &data.fields,
                    rename,
                );
                (Shape::Struct, attr::Variant::default(), vec![variant])
            }
            Data::Union(data) => {
                cx.error_at(
                    data.union_token.span,
                    "`ToolError` cannot be derived for a union: use an enum or a struct",
                );
                return None;
            }
        };
        Some(Input {
            ident: &input.ident,
            generics: &input.generics,
            shape,
            attrs,
            defaults,
            written,
            doc: Doc::from_attrs(&input.attrs),
            rename,
            variants,
        })
    }

    /// Whether the feature-gated integration impls are generated (`integrations = false`
    /// opts out, for a type that implements those foreign traits by hand).
    pub(crate) fn integrations(&self) -> bool {
        self.attrs.integrations.get().copied().unwrap_or(true)
    }

    /// Whether `legacy_jsonrpc` is set.
    pub(crate) fn legacy_jsonrpc(&self) -> bool {
        self.attrs.legacy_jsonrpc.is_set()
    }
}

impl<'a> Variant<'a> {
    /// `attrs` are the variant's own attributes and the enum's (empty for a struct):
    /// thiserror gives a variant without its own `#[error(...)]` the enum's.
    fn new(
        cx: &Ctxt,
        ident: &'a Ident,
        (mut keys, written): (attr::Variant, Written),
        (attrs, enum_attrs): (&'a [Attribute], &'a [Attribute]),
        fields: &'a Fields,
        rename: RenameRule,
    ) -> Variant<'a> {
        let fields = fields
            .iter()
            .enumerate()
            .map(|(index, field)| Field::new(cx, index, field))
            .collect();
        let (code, code_span) = match keys.code.get() {
            Some(lit) => (lit.value(), lit.span()),
            None => (rename.apply(&ident.to_string()), ident.span()),
        };
        let message = keys
            .message
            .get()
            .and_then(|lit| template::parse(cx, lit, keys::MESSAGE.name));
        let suggest = keys
            .suggest
            .iter()
            .filter_map(|lit| template::parse(cx, lit, keys::SUGGEST.name))
            .collect();
        let next_calls = std::mem::take(&mut keys.next_call)
            .into_iter()
            .map(|call| call.map_text(|lit| template::parse(cx, &lit, keys::NEXT_CALL.name)))
            .collect();
        Variant {
            ident,
            attrs: keys,
            written,
            fields,
            doc: Doc::from_attrs(attrs),
            shown: display_attrs(attrs, enum_attrs)
                .flat_map(shown::reads)
                .collect(),
            code,
            code_span,
            message,
            suggest,
            next_calls,
        }
    }

    /// The string templates of the next calls' arguments.
    pub(crate) fn call_templates(&self) -> impl Iterator<Item = &Template> {
        self.next_calls
            .iter()
            .flat_map(|call| &call.args)
            .filter_map(|arg| match &arg.value {
                ArgValue::Text(template) => Some(template),
                _ => None,
            })
    }

    /// Whether the variant delegates to its single field.
    pub(crate) fn is_transparent(&self) -> bool {
        self.attrs.transparent.is_set()
    }

    /// The field a placeholder or name refers to.
    pub(crate) fn field_named(&self, name: &str) -> Option<&Field<'a>> {
        self.fields
            .iter()
            .find(|field| member_name(&field.member) == name)
    }

    /// The field a `Display` attribute reads by `name`: a field name, a tuple index,
    /// or `_0`, the local thiserror binds a tuple field to.
    pub(crate) fn field_read_by(&self, name: &str) -> Option<&Field<'a>> {
        self.field_named(name).or_else(|| {
            let index = name.strip_prefix('_')?;
            let is_index = !index.is_empty() && index.bytes().all(|b| b.is_ascii_digit());
            self.fields.iter().find(|field| {
                is_index
                    && matches!(field.member, Member::Unnamed(_))
                    && member_name(&field.member) == index
            })
        })
    }

    /// The fields with a role, in declaration order.
    pub(crate) fn fields_with(&self, role: Role) -> impl Iterator<Item = &Field<'a>> {
        let whole = self.fields.iter().any(|field| field.attrs.details.is_set());
        self.fields
            .iter()
            .filter(move |field| field.role(whole) == role)
    }

    /// The fields `details` shows, in the order the catalog entry lists them and
    /// the generated code hands their values over: one list, so the two agree.
    pub(crate) fn detail_fields(&self) -> impl Iterator<Item = &Field<'a>> {
        self.fields_with(Role::WholeDetails)
            .chain(self.fields_with(Role::Detail))
    }
}

impl<'a> Field<'a> {
    fn new(cx: &Ctxt, index: usize, field: &'a syn::Field) -> Field<'a> {
        let member = match &field.ident {
            Some(ident) => Member::Named(ident.clone()),
            None => Member::Unnamed(syn::Index {
                index: u32::try_from(index).unwrap_or(u32::MAX),
                span: field.ty.span(),
            }),
        };
        let has = |name: &str| field.attrs.iter().any(|attr| attr.path().is_ident(name));
        let ty = ungroup(&field.ty);
        let named_source = field.ident.as_ref().is_some_and(|ident| ident == "source");
        let site = attr::read(cx, &field.attrs, Place::Field);
        Field {
            member,
            ty: &field.ty,
            span: field
                .ident
                .as_ref()
                .map_or_else(|| field.ty.span(), Ident::span),
            attrs: site.attrs.field,
            written: site.written,
            source: has("source") || has("from") || named_source,
            backtrace: has("backtrace")
                || last_segment_is(ty, "Backtrace")
                || option_inner(ty).is_some_and(|inner| last_segment_is(inner, "Backtrace")),
        }
    }

    /// The role of this field; `whole` says whether some field of its variant is `details`.
    pub(crate) fn role(&self, whole: bool) -> Role {
        let keys = &self.attrs;
        if keys.skip.is_set() {
            Role::Hidden
        } else if keys.details.is_set() {
            Role::WholeDetails
        } else if keys.retry_after.is_set() {
            Role::RetryAfter
        } else if keys.suggestions.is_set() {
            Role::Suggestions
        } else if keys.next_calls.is_set() {
            Role::NextCalls
        } else if self.source || self.backtrace {
            Role::Source
        } else if whole {
            Role::Hidden
        } else if matches!(self.member, Member::Named(_)) || keys.rename.is_set() {
            Role::Detail
        } else {
            Role::Hidden
        }
    }

    /// The key this field has in `details`.
    pub(crate) fn detail_name(&self) -> String {
        match self.attrs.rename.get() {
            Some(lit) => lit.value(),
            None => member_name(&self.member),
        }
    }

    /// Whether the field's type is written `Option<...>` (absent from details when `None`).
    pub(crate) fn is_option(&self) -> bool {
        last_segment_is(self.ty, "Option")
    }
}

/// `ty` without the invisible group a `macro_rules!` fragment (`$t:ty`) puts around
/// it, or the parentheses of `(T)`: what every syntactic look at a type sees.
pub(crate) fn ungroup(ty: &Type) -> &Type {
    match ty {
        Type::Group(group) => ungroup(&group.elem),
        Type::Paren(paren) => ungroup(&paren.elem),
        other => other,
    }
}

/// Whether `ty` is a path whose last segment is `name`.
pub(crate) fn last_segment_is(ty: &Type, name: &str) -> bool {
    match ungroup(ty) {
        Type::Path(path) => path
            .path
            .segments
            .last()
            .is_some_and(|segment| segment.ident == name),
        _ => false,
    }
}

/// `T` of a type written `Option<T>`.
pub(crate) fn option_inner(ty: &Type) -> Option<&Type> {
    let Type::Path(path) = ungroup(ty) else {
        return None;
    };
    let segment = path.path.segments.last()?;
    if segment.ident != "Option" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(args) = &segment.arguments else {
        return None;
    };
    match args.args.first()? {
        syn::GenericArgument::Type(inner) => Some(ungroup(inner)),
        _ => None,
    }
}

/// The attributes that make the variant's `Display`: its own `#[error]` and
/// `#[display]`, and for each of the two it lacks, the enum's.
fn display_attrs<'a>(
    attrs: &'a [Attribute],
    enum_attrs: &'a [Attribute],
) -> impl Iterator<Item = &'a Attribute> {
    let own = |name: &str| attrs.iter().any(|attr| attr.path().is_ident(name));
    let (own_error, own_display) = (own("error"), own("display"));
    let inherited = enum_attrs.iter().filter(move |attr| {
        (attr.path().is_ident("error") && !own_error)
            || (attr.path().is_ident("display") && !own_display)
    });
    attrs
        .iter()
        .filter(|attr| shown::is_display_attr(attr))
        .chain(inherited)
}
