//! Checks that every declared next call would be accepted by the server that
//! suggests it.

use core::{fmt, ptr};

use serde_json::{Map, Value};

use super::{ArgumentValue, CallSpec};
use crate::{Catalog, Entry};

/// A tool as a server serves it: what [`match_tools`] compares next calls with.
///
/// Its name and input schema, and the two MCP annotations that decide whether an
/// agent may run it unasked: `readOnlyHint` ([`with_read_only_hint`](Self::with_read_only_hint))
/// and `destructiveHint` ([`with_destructive_hint`](Self::with_destructive_hint)).
/// An unset `readOnlyHint` is false, as MCP defines it: a tool built with
/// [`new`](Self::new) alone is not read-only, and a next call marked `read_only`
/// that names it fails the check. MCP reads `destructiveHint` only when
/// `readOnlyHint` is false; a tool that declares both true contradicts itself and
/// is refused too.
///
/// ```
/// use serde_json::json;
/// use tool_error::next_call::{self, ServedTool};
/// use tool_error::{StaticCatalog, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// enum OrderError {
///     #[error("order {id} not found")]
///     #[tool_error(kind = not_found, next_call(tool = "list_orders", args(limit = 10), read_only))]
///     NotFound { id: u64 },
/// }
///
/// // A tool as `tools/list` gives it: `inputSchema` and `annotations`.
/// let listed = json!({
///     "name": "list_orders",
///     "inputSchema": {"type": "object", "properties": {"limit": {"type": "integer"}}},
///     "annotations": {"readOnlyHint": true}
/// });
/// let schema = listed["inputSchema"].as_object().unwrap();
/// let hint = |name: &str| listed["annotations"][name].as_bool();
/// let tool = ServedTool::new("list_orders", schema)
///     .with_read_only_hint(hint("readOnlyHint"))
///     .with_destructive_hint(hint("destructiveHint"));
/// assert!(next_call::match_tools([OrderError::CATALOG], [tool]).is_ok());
///
/// // Without annotations the tool may write, so the `read_only` call fails.
/// let report = next_call::match_tools([OrderError::CATALOG], [ServedTool::new("list_orders", schema)])
///     .unwrap_err();
/// assert!(report.to_string().contains("`list_orders` has no readOnlyHint annotation (MCP's default is false)"));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct ServedTool<'a> {
    name: &'a str,
    input_schema: &'a Map<String, Value>,
    read_only_hint: Option<bool>,
    destructive_hint: Option<bool>,
}

impl<'a> ServedTool<'a> {
    /// A tool named `name` whose arguments must match `input_schema` (a JSON Schema
    /// object, as MCP's `tools/list` gives it), with no annotations.
    pub fn new(name: &'a str, input_schema: &'a Map<String, Value>) -> Self {
        ServedTool {
            name,
            input_schema,
            read_only_hint: None,
            destructive_hint: None,
        }
    }

    /// With the tool's `readOnlyHint` annotation (`None`: not set, which MCP reads
    /// as false). Only `Some(true)` lets a next call marked `read_only` name the
    /// tool.
    #[must_use]
    pub fn with_read_only_hint(mut self, read_only_hint: Option<bool>) -> Self {
        self.read_only_hint = read_only_hint;
        self
    }

    /// With the tool's `destructiveHint` annotation (`None`: not set). A tool that
    /// declares `Some(true)` is never a target for a next call marked `read_only`,
    /// whatever its `readOnlyHint` says.
    #[must_use]
    pub fn with_destructive_hint(mut self, destructive_hint: Option<bool>) -> Self {
        self.destructive_hint = destructive_hint;
        self
    }

    /// Why a next call marked `read_only` may not name this tool, and the fix;
    /// `None` when the tool declares `readOnlyHint: true` and not
    /// `destructiveHint: true`.
    fn read_only_violation(&self) -> Option<String> {
        if super::only_reads(self.read_only_hint, self.destructive_hint) {
            return None;
        }
        const ANNOTATE: &str = "annotate it `readOnlyHint: true` (rmcp: `#[tool(annotations(read_only_hint = true))]`)";
        const DROP: &str = "drop `read_only` from the next call so agents confirm it first";
        let (says, fix) = match (self.read_only_hint, self.destructive_hint) {
            // Past `only_reads`, the one case left with `readOnlyHint: true`.
            (Some(true), _) => (
                "declares readOnlyHint: true but also destructiveHint: true",
                format!("{DROP}, or, if the tool only reads, remove its destructiveHint: true"),
            ),
            (read_only_hint, Some(true)) => (
                if read_only_hint == Some(false) {
                    "declares readOnlyHint: false and destructiveHint: true"
                } else {
                    "declares destructiveHint: true"
                },
                format!(
                    "{DROP}, or, if the tool only reads, {ANNOTATE} and remove its destructiveHint: true"
                ),
            ),
            (Some(false), _) => (
                "declares readOnlyHint: false",
                format!("if the tool only reads, {ANNOTATE}; otherwise {DROP}"),
            ),
            (None, Some(false)) => (
                "declares destructiveHint: false but no readOnlyHint (MCP's default is false)",
                format!("if the tool only reads, {ANNOTATE}; otherwise {DROP}"),
            ),
            (None, None) => (
                "has no readOnlyHint annotation (MCP's default is false)",
                format!("if the tool only reads, {ANNOTATE}; otherwise {DROP}"),
            ),
        };
        Some(format!(
            "the call is marked `read_only`, but `{}` {says}: {fix}",
            self.name
        ))
    }
}

/// Checks every next call declared in `catalogs` (and in the catalogs their
/// `transparent` variants wrap) against the tools a server serves:
///
/// - the call names a served tool;
/// - each argument is one the tool declares (when its schema lists `properties`);
/// - the arguments, each field filled with a sample value of its type (see
///   [`CallSpec::sample_arguments`]), validate against the tool's input schema,
///   apart from arguments the caller supplies and fields whose type has no sample,
///   which are only required to be declared;
/// - a call marked `read_only` names a tool that declares `readOnlyHint: true` and
///   does not declare `destructiveHint: true`. An unset `readOnlyHint` counts as
///   false, as MCP defines it, so a tool without annotations is no target for a
///   `read_only` call. Since an agent may run a `read_only` call without asking
///   its user, this keeps the server's `read_only` in line with the tool's own
///   annotations; the fix the report gives is to annotate the tool (with rmcp,
///   `#[tool(annotations(read_only_hint = true))]`) or to drop `read_only`.
///
/// Every mismatch is reported, each naming the variant, the tool and the violation.
///
/// ```
/// use serde_json::json;
/// use tool_error::next_call::{self, ServedTool};
/// use tool_error::{StaticCatalog, ToolError};
///
/// #[derive(Debug, thiserror::Error, ToolError)]
/// enum OrderError {
///     #[error("order {id} not found")]
///     #[tool_error(kind = not_found, next_call(tool = "list_orders", args(limit = 10), read_only))]
///     NotFound { id: u64 },
/// }
///
/// let schema = json!({"type": "object", "properties": {"limit": {"type": "string"}}});
/// let schema = schema.as_object().unwrap();
/// let tools = [ServedTool::new("list_orders", schema).with_read_only_hint(Some(true))];
/// let report = next_call::match_tools([OrderError::CATALOG], tools).unwrap_err();
/// assert_eq!(report.mismatches().len(), 1);
/// assert!(report.to_string().contains("OrderError::NotFound (NOT_FOUND), next call 1 (`list_orders`): its arguments do not match"));
/// ```
pub fn match_tools<'a>(
    catalogs: impl IntoIterator<Item = &'static Catalog>,
    tools: impl IntoIterator<Item = ServedTool<'a>>,
) -> Result<(), Mismatches> {
    let tools: Vec<ServedTool<'a>> = tools.into_iter().collect();
    let mut mismatches = Vec::new();
    // Each variant is checked once, however many of the catalogs list or wrap it.
    let mut checked: Vec<(*const Catalog, *const Entry)> = Vec::new();
    for listed in catalogs {
        for (catalog, entry) in listed.leaves() {
            let key = (ptr::from_ref(catalog), ptr::from_ref(entry));
            if checked.contains(&key) {
                continue;
            }
            checked.push(key);
            for (index, call) in entry.next_calls().iter().enumerate() {
                check_call(call, &tools, |violation| {
                    mismatches.push(Mismatch {
                        type_name: catalog.type_name(),
                        variant: entry.variant(),
                        code: entry.code(),
                        index,
                        tool: call.tool(),
                        violation,
                    });
                });
            }
        }
    }
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(Mismatches { mismatches })
    }
}

fn check_call(call: &CallSpec, tools: &[ServedTool<'_>], mut report: impl FnMut(String)) {
    let Some(tool) = tools.iter().find(|tool| tool.name == call.tool()) else {
        let served: Vec<&str> = tools.iter().map(|tool| tool.name).collect();
        report(format!(
            "no tool is named `{}`; the server serves {}",
            call.tool(),
            if served.is_empty() {
                "none".to_owned()
            } else {
                served.join(", ")
            }
        ));
        return;
    };
    if call.is_read_only()
        && let Some(violation) = tool.read_only_violation()
    {
        report(violation);
    }
    let declared = tool
        .input_schema
        .get("properties")
        .and_then(Value::as_object);
    if let Some(declared) = declared {
        for argument in call.arguments() {
            if !declared.contains_key(argument.name()) {
                let names: Vec<&str> = declared.keys().map(String::as_str).collect();
                report(format!(
                    "`{}` has no argument `{}`; its arguments are {}",
                    tool.name,
                    argument.name(),
                    names.join(", ")
                ));
            }
        }
    }
    // Arguments without a sample cannot be checked by value: the caller's own, and
    // fields of types the derive does not recognise. Their absence is excused, as
    // a caller-supplied argument's is when an error sends the call; the instance
    // holds every other argument.
    let unsampled: Vec<&str> = call
        .arguments()
        .iter()
        .filter(|argument| argument.value().sample().is_none())
        .map(|argument| argument.name())
        .collect();
    let schema = Value::Object(tool.input_schema.clone());
    let validator = match jsonschema::validator_for(&schema) {
        Ok(validator) => validator,
        Err(error) => {
            report(format!(
                "the input schema of `{}` is not a valid JSON Schema: {error}",
                tool.name
            ));
            return;
        }
    };
    let instance = Value::Object(call.sample_arguments());
    for error in crate::args::refusals(&validator, &instance, &unsampled) {
        let at = error.instance_path().to_string();
        let value = sample_shown(call, &at);
        report(format!(
            "its arguments do not match the input schema of `{}`{}: {error}",
            tool.name, value
        ));
    }
}

/// Where a failing value came from, for the report: the declared argument at the
/// top of `path`.
fn sample_shown(call: &CallSpec, path: &str) -> String {
    let name = path.trim_start_matches('/').split('/').next().unwrap_or("");
    let Some(argument) = call
        .arguments()
        .iter()
        .find(|argument| argument.name() == name)
    else {
        return String::new();
    };
    match argument.value() {
        ArgumentValue::Field { field, .. } => {
            format!(" at `{name}` (the field `{field}`, sampled from its type)")
        }
        ArgumentValue::Text(template) => format!(" at `{name}` (the text \"{template}\")"),
        _ => format!(" at `{name}`"),
    }
}

/// One next call that the server would not accept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    type_name: &'static str,
    variant: &'static str,
    code: &'static str,
    /// The call's place among its variant's, from 0.
    index: usize,
    tool: &'static str,
    violation: String,
}

impl Mismatch {
    /// The error type declaring the call.
    pub fn type_name(&self) -> &'static str {
        self.type_name
    }

    /// The variant declaring the call.
    pub fn variant(&self) -> &'static str {
        self.variant
    }

    /// The variant's code.
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// The tool the call names.
    pub fn tool(&self) -> &'static str {
        self.tool
    }

    /// What is wrong.
    pub fn violation(&self) -> &str {
        &self.violation
    }
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}::{} ({}), next call {} (`{}`): {}",
            self.type_name,
            self.variant,
            self.code,
            self.index + 1,
            self.tool,
            self.violation
        )
    }
}

/// Every next call that does not match the server's tools.
#[derive(Clone, PartialEq, Eq)]
pub struct Mismatches {
    mismatches: Vec<Mismatch>,
}

impl Mismatches {
    /// The mismatches, catalog by catalog in the order given, each in declaration
    /// order, with a `transparent` variant's in its place.
    pub fn mismatches(&self) -> &[Mismatch] {
        &self.mismatches
    }
}

impl fmt::Display for Mismatches {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.mismatches.len();
        let noun = if count == 1 {
            "next call does"
        } else {
            "next calls do"
        };
        write!(f, "{count} {noun} not match the server's tools:")?;
        for mismatch in &self.mismatches {
            write!(f, "\n- {mismatch}")?;
        }
        Ok(())
    }
}

// `unwrap()` and `expect()` print the `Debug` form: make it the readable report.
impl fmt::Debug for Mismatches {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Mismatches {}
