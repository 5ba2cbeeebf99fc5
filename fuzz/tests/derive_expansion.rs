//! The derive's expansion as a property: whatever the item and its attributes, it
//! never panics and always expands to items (the impls, or `compile_error!`s with
//! placeholder impls); valid inputs are accepted; unknown keys and redacted fields
//! interpolated into anything rendered are refused with an error that says so.
//!
//! Runs with `cargo test --manifest-path fuzz/Cargo.toml`; longer with
//! `PROPTEST_CASES=100000` (add `--release`).

use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use tool_error_fuzz::bytes::Bytes;
use tool_error_fuzz::derive_input::{self, DeriveCase};
use tool_error_fuzz::{check_expansion, derive};

fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config.failure_persistence = None;
    config
}

/// The expansion of `source`, as text.
fn expand(source: &str) -> String {
    let tokens = source.parse().expect("test inputs lex");
    derive::expand(tokens).to_string()
}

/// The messages of every `compile_error!` in an expansion.
fn errors(expansion: &str) -> Vec<String> {
    expansion
        .split("compile_error ! {")
        .skip(1)
        .map(|rest| rest.split(" }").next().unwrap_or_default().to_owned())
        .collect()
}

fn run(case: &DeriveCase) -> Result<(), TestCaseError> {
    let result = std::panic::catch_unwind(|| check_expansion(case));
    prop_assert!(result.is_ok(), "input: {:?}", case.source);
    Ok(())
}

proptest! {
    #![proptest_config(config(512))]

    /// Any bytes decode to an item (structured, valid, with token-soup attributes,
    /// token soup, or lexed text); its expansion never panics and parses as items.
    #[test]
    fn any_input_expands_to_items(data in prop::collection::vec(any::<u8>(), 0..1024)) {
        let case = derive_input::derive_case(&mut Bytes::new(&data));
        run(&case)?;
    }

    /// Valid inputs expand without a single error.
    #[test]
    fn valid_inputs_are_accepted(data in prop::collection::vec(any::<u8>(), 0..512)) {
        let case = derive_input::valid(&mut Bytes::new(&data));
        prop_assert!(case.must_pass);
        run(&case)?;
    }

    /// Token soup inside `#[tool_error(...)]` on a valid item.
    #[test]
    fn soup_in_attributes_expands_to_items(data in prop::collection::vec(any::<u8>(), 0..1024)) {
        let case = derive_input::structured(&mut Bytes::new(&data), true);
        run(&case)?;
    }

    /// An unknown key is refused, and the error names it.
    #[test]
    fn unknown_keys_are_named(key in "[a-z][a-z_]{0,15}") {
        prop_assume!(!derive_input::KEYS.contains(&key.as_str()));
        let source = format!(
            "#[tool_error(kind = validation)] enum E {{ #[tool_error({key})] Variant {{ x: u8 }} }}"
        );
        let messages = errors(&expand(&source));
        prop_assert!(
            messages.iter().any(|m| m.contains(&format!("`{key}`"))),
            "{key}: {messages:?}"
        );
    }

    /// A redacted field interpolated into a message, a suggestion or thiserror's
    /// `#[error(...)]` (in the format string or as an argument) is refused with an
    /// error that names the field and `redact`, whatever else the variant holds.
    #[test]
    fn redacted_fields_never_reach_a_template(
        name in prop::sample::select(vec!["secret", "token", "api_key", "password", "x"]),
        place in 0usize..6,
        other_fields in prop::collection::vec(prop::sample::select(vec!["id", "host", "count"]), 0..3),
        text in "[a-zA-Z .,'!]{0,20}",
        kind in prop::sample::select(vec!["validation", "internal", "permission"]),
    ) {
        let (tool_error_keys, error_attribute) = match place {
            0 => (format!(", message = \"{text}{{{name}}}\""), String::new()),
            1 => (format!(", message = \"{{{name}:?}}{text}\""), String::new()),
            2 => (format!(", suggest = \"ok\", suggest = \"{text} {{{name}}}\""), String::new()),
            3 => (String::new(), format!("#[error(\"{text}{{{name}}}\")]")),
            4 => (String::new(), format!("#[error(\"{{:>8}}\", {name})]")),
            _ => (String::new(), format!("#[error(\"{{}}\", self.{name})]")),
        };
        let mut fields: Vec<String> = other_fields
            .iter()
            .enumerate()
            .map(|(i, field)| format!("{field}{i}: String"))
            .collect();
        fields.push(format!("#[tool_error(redact)] {name}: String"));
        let source = format!(
            "#[tool_error(kind = {kind})] enum E {{ {error_attribute} #[tool_error(code = \"LEAKY\"{tool_error_keys})] Leaky {{ {} }} }}",
            fields.join(", ")
        );
        let messages = errors(&expand(&source));
        prop_assert!(
            messages.iter().any(|m| m.contains(&format!("`{name}`")) && m.contains("redact")),
            "not refused: {source}\n{messages:?}"
        );
    }
}

/// The generator must keep producing inputs the derive accepts, or the expansion
/// code behind the checks goes unfuzzed.
#[test]
fn the_structured_generator_reaches_the_expansion() {
    let mut clean = 0;
    let total = 400u64;
    for seed in 0..total {
        let data: Vec<u8> = (0..512u64)
            .map(|i| (seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i.wrapping_mul(0xBF58_476D)) as u8)
            .map(|b| b.rotate_left((seed % 7) as u32))
            .collect();
        let case = derive_input::derive_case(&mut Bytes::new(&data));
        if !derive::expand(case.tokens.clone())
            .to_string()
            .contains("compile_error")
        {
            clean += 1;
        }
    }
    assert!(
        clean * 5 >= total,
        "only {clean} of {total} inputs expanded cleanly"
    );
}

/// REGRESSION (derive, fixed): a redacted field with a raw name, interpolated by its
/// unraw name in `#[error(...)]` (rustc refuses `{r#type}` there, so `{type}` is
/// what users write), was accepted, and the secret reached the message.
#[test]
fn a_raw_named_redacted_field_in_the_error_format_is_refused() {
    let source = r#"#[tool_error(kind = permission)] enum E { #[error("token {type} refused")] Refused { #[tool_error(redact)] r#type: String } }"#;
    let messages = errors(&expand(source));
    assert!(
        messages.iter().any(|m| m.contains("redact")),
        "accepted: {messages:?}"
    );
}

/// REGRESSION (derive, fixed): `#[error("{:?}", self)]` shows every field through
/// `Debug`, redacted ones included, and is accepted.
#[test]
fn debug_of_self_in_the_error_format_is_refused_when_a_field_is_redacted() {
    let source = r#"#[tool_error(kind = permission)] enum E { #[error("refused: {:?}", self)] Refused { #[tool_error(redact)] token: String } }"#;
    let messages = errors(&expand(source));
    assert!(
        messages.iter().any(|m| m.contains("redact")),
        "accepted: {messages:?}"
    );
}
