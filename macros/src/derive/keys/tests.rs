use super::*;

#[test]
fn names_and_aliases_are_unambiguous() {
    let mut seen: Vec<&str> = Vec::new();
    for key in KEYS {
        for name in std::iter::once(key.name).chain(key.aliases.iter().copied()) {
            assert!(!seen.contains(&name), "`{name}` names two keys");
            seen.push(name);
        }
    }
}

#[test]
fn each_key_belongs_somewhere_and_the_struct_takes_every_code_key() {
    for key in KEYS {
        assert!(
            [Place::Enum, Place::Struct, Place::Variant, Place::Field]
                .iter()
                .any(|place| key.belongs(*place)),
            "{}",
            key.name
        );
        let on_struct = matches!(key.home, Home::Type | Home::Code { .. });
        assert_eq!(key.belongs(Place::Struct), on_struct, "{}", key.name);
    }
}

#[test]
fn the_keys_an_enum_sets_for_its_variants() {
    let on_enum: Vec<&str> = KEYS
        .iter()
        .filter(|key| key.is_enum_default())
        .map(|key| key.name)
        .collect();
    assert_eq!(on_enum, ["kind", "category", "channel", "docs"]);
    assert_eq!(
        DOCS.home,
        Home::Code {
            on_enum: Some(OnEnum::Base)
        }
    );
}
