use proptest::prelude::*;
use serde_json::json;

use super::*;

/// The words at `path` of `schema`, an object, for a schema the server checks.
fn at(schema: &Value, path: &str) -> Option<String> {
    expected_at(schema.as_object()?, path, Rules::Checked)
}

/// Checks the `path => words` lines of `table` against `schema`.
fn check(schema: &Value, table: &str) {
    for line in table.lines().filter(|line| !line.trim().is_empty()) {
        let (path, words) = line.split_once("=>").unwrap_or_default();
        assert_eq!(
            at(schema, path.trim()).as_deref(),
            Some(words.trim()),
            "{line}"
        );
    }
}

/// Checks the `schema => words` lines of `table`, each schema a field's.
fn check_fields(table: &str) {
    for line in table.lines().filter(|line| !line.trim().is_empty()) {
        let (field, words) = line.split_once("=>").unwrap_or_default();
        let field: Value = serde_json::from_str(field).expect(field);
        let schema = json!({ "type": "object", "properties": { "x": field } });
        assert_eq!(at(&schema, "x").as_deref(), Some(words.trim()), "{line}");
    }
}

#[test]
fn paths_as_the_deserialiser_writes_them() {
    let steps = parse_path(r#"custom_bounds.cpd-1[1]["odd key"]["a.b[0]"]["q\"u\\"][""].7"#);
    assert_eq!(
        format!("{steps:?}"),
        r#"Some([Key("custom_bounds"), Key("cpd-1"), Index(1), Key("odd key"), Key("a.b[0]"), Key("q\"u\\"), Key(""), Key("7")])"#
    );
    assert_eq!(parse_path(""), Some(vec![]));
    let bad = r#"a. a..b a[ a[] a[x] a[-1] a[+1] a[1 a["x a["x" a["x"]b ["\u12"] ["\"] a[99999999999999999999999]"#;
    for path in bad.split(' ') {
        assert_eq!(parse_path(path), None, "{path}");
    }
}

#[test]
fn a_tool_input() {
    // As schemars writes it for rmcp.
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "AddNote",
        "type": "object",
        "properties": {
            "urgency": {
                "description": "How urgent the note is, 1 = low",
                "format": "uint8", "maximum": 5, "minimum": 1, "type": "integer"
            },
            "limit": { "format": "uint32", "minimum": 0, "type": ["integer", "null"] },
            "priority": { "$ref": "#/$defs/Priority" },
            "maybe": { "anyOf": [{ "$ref": "#/$defs/Priority" }, { "type": "null" }] },
            "level": { "$ref": "#/$defs/Level" },
            "owner": { "$ref": "#/$defs/Person" },
            "reviewer": {
                "anyOf": [{ "$ref": "#/$defs/Person" }, { "type": "null" }],
                "description": "Who reviews it."
            },
            "compounds": { "items": { "type": "string" }, "type": "array" },
            "people": { "items": { "$ref": "#/$defs/Person" }, "type": ["array", "null"] },
            "custom_bounds": {
                "additionalProperties": {
                    "items": { "format": "double", "type": "number" }, "type": "array"
                },
                "type": "object"
            },
            "id": { "format": "uuid", "type": "string" },
            "pair": {
                "maxItems": 2, "minItems": 2, "type": "array",
                "prefixItems": [
                    { "format": "uint8", "maximum": 255, "minimum": 0, "type": "integer" },
                    { "type": "string" }
                ]
            }
        },
        "required": ["urgency", "priority", "owner", "compounds"],
        "$defs": {
            "Priority": {
                "description": "How urgent.\n\nLonger text that is not shown.",
                "enum": ["low", "medium", "high"],
                "type": "string"
            },
            "Level": {
                "oneOf": [
                    { "enum": ["info", "warn"], "type": "string" },
                    { "const": "debug", "description": "Everything.", "type": "string" }
                ]
            },
            "Person": {
                "properties": {
                    "name": { "maxLength": 64, "minLength": 1, "type": "string" },
                    "email": { "format": "email", "type": ["string", "null"] }
                },
                "required": ["name"],
                "type": "object"
            }
        }
    });
    check(
        &schema,
        r#"
        => an object with required fields: urgency, priority, owner, compounds
        urgency => an integer from 1 to 5 (How urgent the note is, 1 = low)
        limit => a non-negative integer or null
        priority => one of: low, medium, high (How urgent)
        maybe => one of: low, medium, high, null (How urgent)
        level => one of: info, warn, debug
        owner => an object with required fields: name
        owner.name => a string of 1 to 64 characters
        owner.email => an email string or null
        reviewer => an object with required fields: name; or null (Who reviews it)
        reviewer.name => a string of 1 to 64 characters
        compounds => an array of strings
        compounds[1] => a string
        people => an array of objects with required fields: name; or null
        people[3].name => a string of 1 to 64 characters
        custom_bounds => an object whose values are arrays of numbers
        custom_bounds.cpd00027 => an array of numbers
        custom_bounds.cpd00027[1] => a number
        custom_bounds["odd key"][0] => a number
        id => a UUID string
        pair => an array of 2 items
        pair[0] => an integer from 0 to 255
        pair[1] => a string
    "#,
    );
    for path in "x urgency.x compounds.x compounds[0][0] pair[2] id[ id.".split(' ') {
        assert_eq!(at(&schema, path), None, "{path}");
    }
    // A schema nothing checks: the words state what reading the input enforces
    // (types, choices, required fields), never a bound, length, count or format.
    let read = |path: &str| expected_at(schema.as_object().unwrap(), path, Rules::Read);
    for (path, words) in [
        ("urgency", "an integer (How urgent the note is, 1 = low)"),
        ("limit", "an integer or null"),
        ("priority", "one of: low, medium, high (How urgent)"),
        ("owner", "an object with required fields: name"),
        ("owner.name", "a string"),
        ("owner.email", "a string or null"),
        ("id", "a string"),
        ("pair", "an array"),
        ("pair[0]", "an integer"),
    ] {
        assert_eq!(read(path).as_deref(), Some(words), "{path}");
    }
}

#[test]
fn a_description_is_added_when_it_says_more_than_the_rules() {
    let schema = json!({
        "type": "object",
        "properties": {
            "priority": {
                "type": "integer", "minimum": 1, "maximum": 5,
                "description": "Integer from 1 to 5."
            },
            "compound_id": {
                "type": "string", "pattern": "^cpd\\d{5}$",
                "description": "A ModelSEED compound ID"
            }
        }
    });
    check(
        &schema,
        r#"
        priority => an integer from 1 to 5
        compound_id => a string matching the pattern ^cpd\d{5}$ (A ModelSEED compound ID)
    "#,
    );
}

#[test]
fn words() {
    check_fields(
        r#"
        {"type": "boolean"} => a boolean
        {"type": "integer", "format": "int64"} => an integer
        {"type": "integer", "minimum": 1} => an integer of at least 1
        {"type": "integer", "maximum": 10} => an integer of at most 10
        {"type": "integer", "minimum": -128, "maximum": 127} => an integer from -128 to 127
        {"type": "integer", "exclusiveMinimum": 0} => an integer above 0
        {"type": "integer", "minimum": 0, "exclusiveMinimum": true} => an integer above 0
        {"type": "integer", "minimum": 0, "maximum": 18446744073709551615} => a non-negative integer
        {"type": "integer", "minimum": -9223372036854775808} => an integer
        {"type": "integer", "maximum": 999999999999999999} => an integer of at most 999999999999999999
        {"type": "number", "minimum": 0.0} => a non-negative number
        {"type": "number", "minimum": 0.5, "maximum": 10} => a number from 0.5 to 10
        {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 5} => a number above 0 and below 5
        {"type": "number", "minimum": 0, "exclusiveMaximum": 1} => a number of at least 0 and below 1
        {"type": "number", "exclusiveMinimum": 0, "maximum": 1e20} => a number above 0
        {"type": "number", "exclusiveMaximum": 5} => a number below 5
        {"type": "string", "nullable": true} => a string or null
        {"type": "string", "format": "date-time"} => an RFC 3339 date-time string
        {"type": "string", "format": "date"} => a YYYY-MM-DD date string
        {"type": "string", "format": "ipv4"} => an ipv4 string
        {"type": "string", "format": "hostname"} => a hostname string
        {"type": "string", "format": "cpd-id"} => a string
        {"type": "string", "format": "idn-email"} => a string
        {"type": "string", "minLength": 1} => a non-empty string
        {"type": "string", "minLength": 1, "format": "uuid"} => a non-empty UUID string
        {"type": "string", "minLength": 8} => a string of at least 8 characters
        {"type": "string", "minLength": 0, "maxLength": 1} => a string of at most 1 character
        {"type": "string", "minLength": 3, "maxLength": 3} => a string of 3 characters
        {"type": "string", "description": "Sent.\nAs is."} => a string (Sent. As is.)
        {"type": "string", "description": "Wait for it..."} => a string (Wait for it...)
        {"type": "string", "description": " \n "} => a string
        {"const": "Empty"} => Empty
        {"enum": [1, 2.5, true, null, "a b", {"k": 1}]} => one of: 1, 2.5, true, null, a b, {"k":1}
        {"enum": ["", "5", "null", " x", "a,b"]} => one of: "", "5", "null", " x", "a,b"
        {"anyOf": [{"const": "a"}, {"type": "null"}]} => one of: a, null
        {"enum": ["a", null], "type": ["string", "null"]} => one of: a, null
        {"type": "array"} => an array
        {"type": "array", "minItems": 2} => an array of at least 2 items
        {"type": "array", "items": {"type": "string"}, "minItems": 1} => an array of at least 1 string
        {"type": "array", "items": {"type": "string"}, "maxItems": 4} => an array of at most 4 strings
        {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 255}, "minItems": 1, "maxItems": 3} => an array of 1 to 3 integers from 0 to 255
        {"type": "array", "items": {"enum": ["a", "b"]}} => an array of items, each one of: a, b
        {"type": "array", "items": {"type": ["string", "null"]}} => an array of items, each a string or null
        {"type": "array", "items": {"type": "array", "items": {"type": "array"}}} => an array of arrays of arrays
        {"type": "object"} => an object
        {"type": "object", "additionalProperties": {"type": "boolean"}} => an object whose values are booleans
        {"type": "object", "additionalProperties": {"enum": ["on", "off"]}} => an object whose values are each one of: on, off
        {"allOf": [{"type": "integer"}, {"maximum": 9}], "description": "Capped."} => an integer of at most 9 (Capped)
    "#,
    );
    let many: Vec<String> = (0..25).map(|n| format!("v{n}")).collect();
    let words = at(&json!({ "properties": { "x": { "enum": many } } }), "x");
    let words = words.unwrap_or_default();
    assert!(words.starts_with("one of: v0, v1, ") && words.ends_with(", v19, and 5 more"));
}

#[test]
fn a_long_description_is_cut_not_dropped() {
    let described = |description: &str| {
        let field = json!({ "type": "boolean", "description": description });
        at(&json!({ "properties": { "x": field } }), "x").unwrap_or_default()
    };
    let fits = "y".repeat(120);
    assert_eq!(described(&fits), format!("a boolean ({fits})"));
    // One character too many: cut, with the ellipsis in the count.
    let one_over = "x".repeat(121);
    assert_eq!(
        described(&one_over),
        format!("a boolean ({}…)", "x".repeat(119))
    );
    // Prose is cut after its last whole word.
    let prose = "The identifier of the compound in the ModelSEED database, as returned by \
                 search_compounds; never a name, a formula or an InChI key, which are refused.";
    assert!(prose.chars().count() > 120);
    let words = described(prose);
    assert_eq!(
        words,
        "a boolean (The identifier of the compound in the ModelSEED database, as returned by \
         search_compounds; never a name, a formula or…)"
    );
}

#[test]
fn shapes_not_covered_give_none() {
    let schema = json!({
        "$defs": {
            "Shape": { "oneOf": [
                { "enum": ["Empty"], "type": "string" },
                {
                    "additionalProperties": false,
                    "properties": { "Circle": {
                        "properties": { "radius": { "format": "double", "type": "number" } },
                        "required": ["radius"],
                        "type": "object"
                    } },
                    "required": ["Circle"],
                    "type": "object"
                }
            ] },
            "Wrapper<u8>": { "type": "string" }
        },
        "properties": {
            "shape": { "$ref": "#/$defs/Shape" },
            "untagged": { "anyOf": [{ "type": "integer" }, { "type": "string" }] },
            "several": { "type": ["integer", "string"] },
            "encoded": { "$ref": "#/$defs/Wrapper%3Cu8%3E" },
            "elsewhere": { "$ref": "other.json#/$defs/Shape" },
            "dangling": { "$ref": "#/$defs/Missing" },
            "pattern": { "patternProperties": { "^a": { "type": "string" } }, "type": "object" },
            "t": true,
            "empty": {},
            "unknown": { "type": "thing" }
        },
        "additionalProperties": false,
        "type": "object"
    });
    // A variant is a step of the path, into the one branch that has it.
    assert_eq!(
        at(&schema, "shape.Circle.radius").as_deref(),
        Some("a number")
    );
    let paths = "shape untagged several encoded elsewhere dangling pattern.a t empty unknown x";
    for path in paths.split(' ') {
        assert_eq!(at(&schema, path), None, "{path}");
    }
}

#[test]
fn recursive_types_end() {
    // schemars refers to a recursive root type as `#`.
    let tree = json!({
        "properties": {
            "children": { "items": { "$ref": "#" }, "type": "array" },
            "value": { "format": "int32", "type": "integer" }
        },
        "required": ["value", "children"],
        "type": "object"
    });
    check(
        &tree,
        "children[0].children[4].children => an array of objects with required fields: value, children",
    );
    let deep = format!("{}value", "children[0].".repeat(500));
    assert_eq!(at(&tree, &deep).as_deref(), Some("an integer"));
    // schemars' `Option<Box<Link>>` inside `Link`.
    let chain = json!({
        "$defs": { "Link": {
            "properties": {
                "next": { "anyOf": [{ "$ref": "#/$defs/Link" }, { "type": "null" }] },
                "weight": { "maximum": 65535, "minimum": 0, "type": "integer" }
            },
            "required": ["weight"],
            "type": "object"
        } },
        "properties": { "link": { "$ref": "#/$defs/Link" } }
    });
    let far = format!("link{}.weight", ".next".repeat(300));
    assert_eq!(
        at(&chain, &far).as_deref(),
        Some("an integer from 0 to 65535")
    );
    // `$ref`s that only lead to each other, a type that is only `Option` of
    // itself, and `allOf`s three wide and twelve deep.
    let mut defs = json!({
        "A": { "$ref": "#/$defs/B" },
        "B": { "$ref": "#/$defs/A" },
        "C": { "anyOf": [{ "$ref": "#/$defs/C" }, { "type": "null" }] },
        "W0": { "type": "string" }
    });
    for n in 1..=12 {
        let below = json!({ "$ref": format!("#/$defs/W{}", n - 1) });
        defs[format!("W{n}")] = json!({ "allOf": [below, below, below] });
    }
    let refs = |name: &str| json!({ "$ref": format!("#/$defs/{name}") });
    let properties = json!({ "a": refs("A"), "c": refs("C"), "w": refs("W12") });
    let cycles = json!({ "$defs": defs, "properties": properties });
    for path in ["a", "a.x", "c", "c.x", "w", "w.x", "w[0]"] {
        assert_eq!(at(&cycles, path), None, "{path}");
    }
}

/// Schemas made of schema keywords, `$ref`s into themselves and odd values.
fn schema() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        prop::sample::select(vec!["#", "#/$defs/a", "string", "array", "null"])
            .prop_map(Value::from),
        ".{0,8}".prop_map(Value::from),
    ];
    let keys = "type properties items prefixItems additionalProperties anyOf oneOf allOf $ref \
                $defs enum const minimum exclusiveMaximum minLength format description a";
    let key = prop::sample::select(keys.split(' ').collect::<Vec<_>>());
    leaf.prop_recursive(6, 96, 6, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(key.clone(), inner, 0..6)
                .prop_map(|entries| entries.into_iter().collect()),
        ]
    })
}

proptest! {
    #[test]
    fn any_schema_and_path_give_one_line_or_none(
        schema in schema(),
        path in "(\\.a|\\[0\\]|\\[1\\]|\\[\"a\"\\]|\\.\\$defs){0,6}|.{0,12}",
    ) {
        let schema = match schema {
            Value::Object(object) => object,
            other => Map::from_iter([("items".to_owned(), other)]),
        };
        if let Some(words) = expected_at(&schema, path.trim_start_matches('.'), Rules::Checked) {
            prop_assert!(!words.is_empty() && !words.contains('\n'), "{}", words);
        }
    }
}

/// The formats whose words the check states are exactly those the validator
/// enforces: each compiles when unknown formats are refused, and a few it does not
/// know do not.
#[cfg(feature = "jsonschema")]
#[test]
fn the_formats_put_in_words_are_the_ones_the_validator_checks() {
    let compiles = |format: &str| {
        let schema = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "string",
            "format": format
        });
        jsonschema::options()
            .should_validate_formats(true)
            .should_ignore_unknown_formats(false)
            .build(&schema)
            .is_ok()
    };
    for format in super::wording::CHECKED_FORMATS {
        assert!(
            compiles(format),
            "{format} is not a format the validator knows"
        );
    }
    for format in ["cpd-id", "idn-email", "idn-hostname", "ip", "uint8"] {
        assert!(
            !compiles(format),
            "{format} is checked: add it to CHECKED_FORMATS"
        );
    }
}
