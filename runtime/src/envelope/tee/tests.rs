//! The tee against serde_json alone: every serde shape, and arbitrary JSON.

use std::collections::BTreeMap;

use proptest::prelude::*;
use serde::Serialize;
use serde_json::Value;

use super::write_and_build;

/// Both outputs of `value`, and what serde_json makes of it alone.
fn both<T: Serialize>(value: &T) -> ((String, Value), (String, Value)) {
    let mut text = Vec::new();
    let built = write_and_build(value, &mut text).unwrap();
    let alone = (
        serde_json::to_string(value).unwrap(),
        serde_json::to_value(value).unwrap(),
    );
    ((String::from_utf8(text).unwrap(), built), alone)
}

#[derive(Serialize)]
enum Shape {
    Unit,
    Newtype(u8),
    Tuple(i32, String),
    Struct { a: Option<bool>, b: Vec<char> },
}

#[derive(Serialize)]
struct Everything {
    unit: (),
    unit_struct: UnitStruct,
    newtype: Newtype,
    shapes: Vec<Shape>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<u8>,
    tuple: (u8, f64, &'static str),
    tuple_struct: TupleStruct,
    numbers: BTreeMap<i64, f32>,
    bytes: &'static [u8],
    nan: f64,
    collected: Collected,
}

#[derive(Serialize)]
struct UnitStruct;
#[derive(Serialize)]
struct Newtype(&'static str);
#[derive(Serialize)]
struct TupleStruct(u64, i128);

struct Collected;
impl Serialize for Collected {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(&format_args!("{}-{}", "a\"b", 7))
    }
}

#[test]
fn every_serde_shape_agrees_with_serde_json_alone() {
    let value = Everything {
        unit: (),
        unit_struct: UnitStruct,
        newtype: Newtype("n"),
        shapes: vec![
            Shape::Unit,
            Shape::Newtype(3),
            Shape::Tuple(-1, "t\n".into()),
            Shape::Struct {
                a: Some(true),
                b: vec!['x', 'é'],
            },
        ],
        skipped: None,
        tuple: (1, 2.5, "three"),
        tuple_struct: TupleStruct(u64::MAX, -5),
        numbers: [(1, 1.5), (-2, 0.25)].into_iter().collect(),
        bytes: b"ab",
        nan: f64::NAN,
        collected: Collected,
    };
    let (tee, alone) = both(&value);
    assert_eq!(tee, alone);
}

#[test]
fn a_value_serde_json_refuses_fails_the_tee_too() {
    let too_large = u128::MAX;
    let mut text = Vec::new();
    assert!(write_and_build(&too_large, &mut text).is_err());
    assert!(serde_json::to_value(too_large).is_err());
}

fn json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        ".{0,12}".prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((".{0,6}", inner), 0..6)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

proptest! {
    #[test]
    fn any_json_value_comes_out_the_same(value in json()) {
        let (tee, alone) = both(&value);
        prop_assert_eq!(tee, alone);
    }
}
