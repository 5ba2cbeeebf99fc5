//! What the derive emits beside compile errors: impls that satisfy every use of the
//! type, so one mistake in the attributes does not cascade into errors elsewhere.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

/// Placeholder `ToolError` and `StaticCatalog` impls (and the integrations built on
/// them); their bodies never run because compilation already failed.
pub(crate) fn dummy(input: &DeriveInput, krate: &TokenStream, integrations: bool) -> TokenStream {
    // A union is refused outright; an impl for it would only add errors (it has no
    // `Display` or `Debug` to satisfy the trait's supertraits).
    if let syn::Data::Union(_) = input.data {
        return TokenStream::new();
    }
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    let mut predicates = vec![super::bound::displayable(ident, &input.generics)];
    if let Some(where_clause) = where_clause {
        predicates.extend(where_clause.predicates.iter().map(|p| quote!(#p)));
    }
    let type_name = super::name::unraw(&ident.to_string()).to_owned();
    let integrations = integrations.then(|| {
        quote!(__tool_error::integrations! { [#impl_generics] [#ident #ty_generics] [where #(#predicates,)*] })
    });
    quote! {
        const _: () = {
            // One import of the crate path, so a wrong path is one error.
            use #krate::__private as __tool_error;

            #[automatically_derived]
            impl #impl_generics __tool_error::ToolError for #ident #ty_generics where #(#predicates,)* {
                fn code(&self) -> &'static ::core::primitive::str {
                    ::core::unreachable!()
                }
                fn kind(&self) -> __tool_error::Kind {
                    ::core::unreachable!()
                }
            }

            #[automatically_derived]
            impl #impl_generics __tool_error::StaticCatalog for #ident #ty_generics #where_clause {
                const CATALOG: &'static __tool_error::Catalog = &__tool_error::catalog(
                    #type_name,
                    ::core::module_path!(),
                    ::core::option::Option::None,
                    "",
                    &[],
                );
            }

            // Integration impls too, so uses of the type through them report nothing.
            #integrations
        };
    }
}
