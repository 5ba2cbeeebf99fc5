//! The limiting serializer against serde_json alone, cut by cut.

use core::cell::Cell;

use super::*;
use serde_json::json;

/// The value as limited, and whether a cut was reported.
fn render<T: Serialize + ?Sized>(value: &T, limits: Limits) -> (serde_json::Value, bool) {
    let flag = Cell::new(false);
    let limited = Limited::new(value, &limits, Cuts::into(&flag));
    let text = serde_json::to_string(&limited).expect("serialises");
    (serde_json::from_str(&text).expect("valid JSON"), flag.get())
}

#[test]
fn strings_are_cut_on_char_boundaries() {
    let limits = Limits::DEFAULT.with_max_string_chars(3);
    assert_eq!(render("héllo", limits), (json!("hél…[truncated]"), true));
    assert_eq!(render("abc", limits), (json!("abc"), false));
}

#[test]
fn collections_keep_max_items_and_mark_the_rest() {
    let limits = Limits::DEFAULT.with_max_items(2);
    assert_eq!(
        render(&[1, 2, 3, 4], limits),
        (json!([1, 2, "…[truncated]"]), true)
    );
    assert_eq!(render(&[1, 2], limits), (json!([1, 2]), false));
    let map: std::collections::BTreeMap<_, _> = [("a", 1), ("b", 2), ("c", 3)].into();
    assert_eq!(
        render(&map, limits),
        (json!({"a": 1, "b": 2, "…[truncated]": 1}), true)
    );
}

#[test]
fn byte_strings_at_the_item_limit_are_whole() {
    let limits = Limits::DEFAULT.with_max_items(2);
    assert_eq!(
        render(&Bytes(&[1, 2, 3]), limits),
        (json!([1, 2, "…[truncated]"]), true)
    );
    assert_eq!(render(&Bytes(&[1, 2]), limits), (json!([1, 2]), false));
}

/// Serialised with `serialize_bytes`.
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

#[test]
fn deep_values_become_the_mark() {
    let limits = Limits::DEFAULT.with_max_depth(2);
    let deep = json!({"a": {"b": {"c": 1}}});
    assert_eq!(
        render(&deep, limits),
        (json!({"a": {"b": "…[truncated]"}}), true)
    );
    let shallow = json!({"a": {"b": 1}});
    assert_eq!(render(&shallow, limits), (shallow.clone(), false));
}

#[test]
fn the_ceiling_holds_under_unlimited() {
    // Built and dropped iteratively, well within serde_json's own limits.
    let levels = Limits::DEPTH_CEILING + 5;
    let deep = (0..levels).fold(json!("bottom"), |inner, _| json!([inner]));
    let (value, cut) = render(&deep, Limits::UNLIMITED);
    assert!(cut);
    let mut node = &value;
    let mut depth = 0;
    while let Some(next) = node.get(0) {
        node = next;
        depth += 1;
    }
    assert_eq!(depth, Limits::DEPTH_CEILING);
    assert_eq!(node, MARK);
}

#[test]
fn wrappers_count_toward_the_ceiling() {
    #[derive(serde::Serialize)]
    struct Wrapper(Option<Box<Wrapper>>);
    let deep =
        (0..Limits::DEPTH_CEILING).fold(Wrapper(None), |inner, _| Wrapper(Some(Box::new(inner))));
    // Each level is a newtype and a `Some`: two steps.
    let (value, cut) = render(&deep, Limits::UNLIMITED);
    assert_eq!((value, cut), (json!(MARK), true));
    let shallow = (0..10).fold(Wrapper(None), |inner, _| Wrapper(Some(Box::new(inner))));
    assert_eq!(render(&shallow, Limits::DEFAULT), (json!(null), false));
}
