use super::*;

#[test]
fn legacy_on_non_json_and_on_json_without_a_kind() {
    assert!(matches!(parse(""), Parsed::Legacy(_)));
    assert!(matches!(parse("[1,2]"), Parsed::Legacy(_)));
    assert!(matches!(
        parse(r#"{"type":"WEIRD","message":"x"}"#),
        Parsed::Legacy(_)
    ));
    assert_eq!(parse("oops").next_action(), NextAction::GiveUp);
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let deep = "[".repeat(100_000);
    assert!(matches!(parse(&deep), Parsed::Legacy(_)));
}

#[test]
fn decision_table() {
    use NextAction::*;
    let s = Some(Duration::from_secs(5));
    let decide = |kind, recoverable, after| NextAction::decide(kind, recoverable, after, None);
    assert_eq!(decide(Kind::Transient, true, s), Retry { after: s });
    assert_eq!(decide(Kind::Transient, false, s), GiveUp);
    assert_eq!(decide(Kind::Validation, true, None), FixInput);
    assert_eq!(decide(Kind::Validation, false, None), GiveUp);
    assert_eq!(decide(Kind::NotFound, false, None), WorkAround);
    assert_eq!(decide(Kind::Conflict, true, None), WorkAround);
    assert_eq!(decide(Kind::Conflict, true, s), Retry { after: s });
    assert_eq!(decide(Kind::Permission, true, None), Escalate);
    assert_eq!(decide(Kind::Internal, true, None), GiveUp);
}

#[test]
fn a_retry_follows_the_advice() {
    use NextAction::*;
    let s = Some(Duration::from_secs(5));
    let check = Some(super::Retry::CheckFirst);
    let safe = Some(super::Retry::Safe);
    assert_eq!(
        NextAction::decide(Kind::Transient, true, s, check),
        CheckThenRetry { after: s }
    );
    assert_eq!(
        NextAction::decide(Kind::Transient, true, None, safe),
        Retry { after: None }
    );
    assert_eq!(
        NextAction::decide(Kind::Conflict, true, s, check),
        CheckThenRetry { after: s }
    );
    // Advice never turns another decision into a retry.
    assert_eq!(
        NextAction::decide(Kind::Validation, true, s, check),
        FixInput
    );
    assert_eq!(NextAction::decide(Kind::Transient, false, s, safe), GiveUp);
}

#[test]
fn retry_advice_is_read_leniently() {
    let read = |retry: &str| {
        parse(&format!(
            r#"{{"code":"BUSY","kind":"TRANSIENT","message":"busy","recoverable":true{retry}}}"#
        ))
        .envelope()
        .map(|envelope| envelope.retry)
    };
    assert_eq!(read(""), Some(None));
    assert_eq!(read(r#","retry":"safe""#), Some(Some(super::Retry::Safe)));
    assert_eq!(
        read(r#","retry":"check_first""#),
        Some(Some(super::Retry::CheckFirst))
    );
    // A value this version does not know is read carefully, not dropped.
    assert_eq!(
        read(r#","retry":"later""#),
        Some(Some(super::Retry::CheckFirst))
    );
    assert_eq!(read(r#","retry":null"#), Some(None));
}

/// `depth` arrays, one inside the other, around `null`: built without recursion.
fn nested(depth: usize) -> Value {
    let mut value = Value::Null;
    for _ in 0..depth {
        value = Value::Array(vec![value]);
    }
    value
}

/// Takes `value` apart without recursion: dropping a deep value the ordinary way
/// recurses once per level, which is what the test must not do itself.
fn dismantle(value: Value) {
    let mut pending = vec![value];
    while let Some(value) = pending.pop() {
        match value {
            Value::Array(items) => pending.extend(items),
            Value::Object(members) => pending.extend(members.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

#[test]
fn a_value_of_any_depth_is_read_without_overflowing_the_stack() {
    let deep = nested(100_000);
    assert_eq!(
        parse_value(&deep),
        Parsed::Legacy("a JSON value nested more than 128 levels deep".into())
    );
    dismantle(deep);
    // Inside an envelope too: details nested too deep do not reach the clone.
    let mut envelope = serde_json::json!({"code": "DEEP", "kind": "VALIDATION", "message": "m", "recoverable": true});
    envelope["details"] = nested(100_000);
    assert!(matches!(parse_value(&envelope), Parsed::Legacy(_)));
    dismantle(envelope);
    // As deep as serde_json reads text: read.
    let mut envelope = serde_json::json!({"code": "DEEP", "kind": "VALIDATION", "message": "m", "recoverable": true});
    envelope["details"] = nested(127);
    assert!(parse_value(&envelope).envelope().is_some());
    // One level more is not read at all: the reason, not the text.
    assert_eq!(
        parse_value(&nested(129)),
        Parsed::Legacy("a JSON value nested more than 128 levels deep".into())
    );
    assert_eq!(
        parse_value(&nested(128)),
        Parsed::Legacy(nested(128).to_string())
    );
}
