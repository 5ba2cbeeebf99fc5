//! `recovery-agent`: a scripted agent that plays Gem-Flux's three recovery scenarios
//! against `gem-flux-mcp`, deciding only from the structured fields of each error.
//!
//! ```sh
//! cargo run -p tool-error-examples --bin recovery-agent
//! ```
//!
//! It spawns `gem-flux-mcp` (the path in `GEM_FLUX_MCP`, else `cargo run` of the
//! example when started by cargo, else the binary beside this one), connects with
//! rmcp's client over stdio, and prints a transcript: each call (`→`), each answer
//! (`←`), each decision. The last line is `recovered N/3`.
//!
//! The agent knows what it wants (a glucose media, a model that grows) and what a
//! chemist knows (a carbon source has C and H in its formula, a nitrogen source has
//! N). Everything else comes from the server's answers: `error_code`, `error_type`,
//! `details`, and the `next_calls` extension (the tool, its arguments, what the
//! caller must add, and whether the call only reads). It never reads `message` or
//! `suggestions`: those are for a language model. It runs a next call without asking
//! only when the call is `read_only` and needs nothing from it beyond what it knows;
//! a call that would change something is reported to its user instead.
//!
//! 1. Invalid compound ID: `build_media` with a wrong glucose ID fails with
//!    `INVALID_COMPOUND_IDS`; the next call is `search_compounds`, to which the agent
//!    adds the name it meant; it retries with the ID found.
//! 2. Gapfilling infeasible: gapfilling `demo_draft` on a media without nitrogen
//!    fails with `GAPFILL_INFEASIBLE`; the next call `get_media` lists the media,
//!    `get_compound_name` gives each compound's formula, no formula has N, so the
//!    agent finds a nitrogen source, builds a complete media and gapfills again.
//! 3. FBA infeasible after gapfilling: the model was gapfilled for a media whose
//!    glucose uptake is closed; `run_fba` fails with `FBA_INFEASIBLE`, which should
//!    not happen after a successful gapfill. The agent runs the read-only next calls:
//!    `export_model_json` shows a gapfilled model with exchange reactions and a
//!    biomass reaction (so gapfilling again cannot help), `get_media` the media's
//!    bounds, and `get_compound_name` the formulas; glucose, its only carbon source,
//!    may not be taken up. It reports that to its user and offers no call: the
//!    documented outcome ("check media"), not a retry loop.

use std::error::Error;
use std::path::PathBuf;
use std::process::Stdio;

use rmcp::model::CallToolRequestParams;
use rmcp::service::RunningService;
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use tool_error::client::ParsedNextCall;
use tool_error_examples::gem_flux::formula::Formula;

type BoxError = Box<dyn Error + Send + Sync>;

/// A failed call, as Gem-Flux's envelope carries it: only the structured fields.
#[derive(Debug, Deserialize)]
struct Failure {
    error_type: String,
    error_code: String,
    #[serde(default)]
    details: Value,
    #[serde(default)]
    next_calls: Vec<ParsedNextCall>,
}

/// What a tool call came back with.
enum Reply {
    Done(Value),
    Failed(Failure),
}

/// How a scenario ended.
enum Outcome {
    /// The goal was reached after recovering.
    Succeeded(String),
    /// The agent stopped and told its user what it found (the right end when
    /// retrying cannot help).
    Reported(String),
    /// The agent could not recover.
    Failed(String),
}

struct Agent {
    client: RunningService<RoleClient, ()>,
}

impl Agent {
    async fn call(&self, tool: &str, arguments: Map<String, Value>) -> Result<Reply, BoxError> {
        println!("  → {tool} {}", Value::Object(arguments.clone()));
        let request = CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments);
        let result = self.client.call_tool(request).await?;
        if result.is_error == Some(true) {
            let text = result
                .content
                .iter()
                .find_map(|content| content.as_text().map(|text| text.text.clone()))
                .ok_or("an error result without text")?;
            let failure: Failure = serde_json::from_str(&text)?;
            println!(
                "  ← {} ({}) details {}",
                failure.error_code, failure.error_type, failure.details
            );
            for call in &failure.next_calls {
                let access = if call.read_only {
                    "read-only"
                } else {
                    "changes state"
                };
                let supplied = if call.caller_supplies.is_empty() {
                    String::new()
                } else {
                    format!(", caller adds {}", call.caller_supplies.join(", "))
                };
                println!(
                    "    next call: {} {} ({access}{supplied})",
                    call.tool,
                    Value::Object(call.arguments.clone())
                );
            }
            return Ok(Reply::Failed(failure));
        }
        let value = result.structured_content.unwrap_or(Value::Null);
        println!("  ← ok {}", summary(&value));
        Ok(Reply::Done(value))
    }

    /// Runs a next call the agent may run without asking: read-only, and every
    /// argument it must add known.
    async fn follow(
        &self,
        call: &ParsedNextCall,
        supplied: &[(&str, Value)],
    ) -> Result<Option<Reply>, BoxError> {
        let missing: Vec<&String> = call
            .caller_supplies
            .iter()
            .filter(|name| !supplied.iter().any(|(known, _)| known == name))
            .collect();
        if !call.read_only || !missing.is_empty() {
            return Ok(None);
        }
        let arguments = call.arguments_with(supplied.iter().cloned());
        Ok(Some(self.call(&call.tool, arguments).await?))
    }
}

fn decide(text: impl AsRef<str>) {
    println!("  decision: {}", text.as_ref());
}

fn args(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => Map::new(),
    }
}

/// A short view of a successful result for the transcript.
fn summary(value: &Value) -> String {
    let keys = [
        "media_id",
        "gapfilled_model_id",
        "num_reactions_added",
        "growth_rate",
        "compound_id",
        "name",
        "formula",
        "count",
        "model_id",
        "num_exchange_reactions",
    ];
    let shown: Vec<String> = keys
        .iter()
        .filter_map(|key| Some(format!("{key}={}", value.get(*key)?)))
        .collect();
    if shown.is_empty() {
        value.to_string()
    } else {
        shown.join(" ")
    }
}

/// Whether `formula` (as `get_compound_name` returns it) has `element`; an
/// unreadable formula has none.
fn has(formula: &str, element: &str) -> bool {
    Formula::parse(formula).is_some_and(|formula| formula.contains(element))
}

/// What a chemist knows: an organic compound (C and H) is a carbon source.
fn is_carbon_source(formula: &str) -> bool {
    has(formula, "C") && has(formula, "H")
}

/// A compound with N is a nitrogen source.
fn is_nitrogen_source(formula: &str) -> bool {
    has(formula, "N")
}

/// Scenario 1: a wrong compound ID, found again by name.
async fn invalid_compound_id(agent: &Agent) -> Result<Outcome, BoxError> {
    // What the agent wants, by name, and the IDs it believes those have: the one
    // for glucose is wrong.
    let wanted = [
        ("glucose", "cpd99999"),
        ("O2", "cpd00007"),
        ("H2O", "cpd00001"),
    ];
    let mut compounds: Vec<String> = wanted.iter().map(|(_, id)| (*id).to_owned()).collect();
    for _attempt in 0..3 {
        let reply = agent
            .call("build_media", args(json!({ "compounds": compounds })))
            .await?;
        let failure = match reply {
            Reply::Done(media) => {
                return Ok(Outcome::Succeeded(format!(
                    "media {} built with {}",
                    media["media_id"],
                    compounds.join(", ")
                )));
            }
            Reply::Failed(failure) => failure,
        };
        if failure.error_code != "INVALID_COMPOUND_IDS" {
            return Ok(Outcome::Failed(format!(
                "unexpected {}",
                failure.error_code
            )));
        }
        let invalid: Vec<String> =
            serde_json::from_value(failure.details["invalid_ids"].clone()).unwrap_or_default();
        let Some(search) = failure
            .next_calls
            .iter()
            .find(|call| call.caller_supplies.iter().any(|name| name == "query"))
        else {
            return Ok(Outcome::Failed("no next call to find the IDs with".into()));
        };
        for id in invalid {
            let Some((name, _)) = wanted.iter().find(|(_, believed)| *believed == id) else {
                return Ok(Outcome::Failed(format!("{id} is not one the agent chose")));
            };
            decide(format!(
                "{id} is invalid (details.invalid_ids); run the read-only next call {} with query {name:?}, the compound it was meant to be",
                search.tool
            ));
            let Some(Reply::Done(found)) = agent.follow(search, &[("query", json!(name))]).await?
            else {
                return Ok(Outcome::Failed(format!("{} found nothing", search.tool)));
            };
            let hits = found["compounds"].as_array().cloned().unwrap_or_default();
            // The hit named like the wanted compound, ignoring a D- or L- prefix.
            let wanted_name = name.to_lowercase();
            let chosen = hits
                .iter()
                .find(|hit| bare_name(hit) == wanted_name)
                .or_else(|| hits.first())
                .and_then(|hit| hit["compound_id"].as_str().map(str::to_owned));
            let Some(chosen) = chosen else {
                return Ok(Outcome::Failed(format!("no compound named {name}")));
            };
            decide(format!("replace {id} with {chosen} and build again"));
            for compound in &mut compounds {
                if *compound == id {
                    compound.clone_from(&chosen);
                }
            }
        }
    }
    Ok(Outcome::Failed("still invalid after three attempts".into()))
}

/// A search hit's name, lowercased, without a D- or L- prefix.
fn bare_name(hit: &Value) -> String {
    let name = hit["name"].as_str().unwrap_or("").to_lowercase();
    match name.strip_prefix("d-").or_else(|| name.strip_prefix("l-")) {
        Some(bare) => bare.to_owned(),
        None => name,
    }
}

/// The formulas of a media's compounds, asked one by one with `get_compound_name`.
async fn formulas(agent: &Agent, media: &Value) -> Result<Vec<(String, String)>, BoxError> {
    let mut formulas = Vec::new();
    let ids: Vec<String> = media["compounds"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|compound| compound["compound_id"].as_str().map(str::to_owned))
        .collect();
    for id in ids {
        if let Reply::Done(compound) = agent
            .call("get_compound_name", args(json!({ "compound_id": id })))
            .await?
        {
            let formula = compound["formula"].as_str().unwrap_or("").to_owned();
            formulas.push((id, formula));
        }
    }
    Ok(formulas)
}

/// Scenario 2: gapfilling fails on a media without nitrogen.
async fn gapfilling_infeasible(agent: &Agent) -> Result<Outcome, BoxError> {
    let mut compounds = vec!["cpd00027", "cpd00009", "cpd00001", "cpd00007"]
        .into_iter()
        .map(str::to_owned)
        .collect::<Vec<_>>();
    let Reply::Done(media) = agent
        .call("build_media", args(json!({ "compounds": compounds })))
        .await?
    else {
        return Ok(Outcome::Failed("the first media was refused".into()));
    };
    let mut media_id = media["media_id"].clone();
    for _attempt in 0..3 {
        let reply = agent
            .call(
                "gapfill_model",
                args(json!({ "model_id": "demo_draft", "media_id": media_id })),
            )
            .await?;
        let failure = match reply {
            Reply::Done(report) => {
                return Ok(Outcome::Succeeded(format!(
                    "{} gapfilled for {media_id} with {} reactions",
                    report["gapfilled_model_id"], report["num_reactions_added"]
                )));
            }
            Reply::Failed(failure) => failure,
        };
        if failure.error_code != "GAPFILL_INFEASIBLE" {
            return Ok(Outcome::Failed(format!(
                "unexpected {}",
                failure.error_code
            )));
        }
        let Some(inspect) = failure
            .next_calls
            .iter()
            .find(|call| call.read_only && call.arguments.contains_key("media_id"))
        else {
            return Ok(Outcome::Failed(
                "no read-only call to inspect the media".into(),
            ));
        };
        decide(format!(
            "infeasible (error_type {}): run the read-only next call {} to see what the media holds",
            failure.error_type, inspect.tool
        ));
        let Some(Reply::Done(media)) = agent.follow(inspect, &[]).await? else {
            return Ok(Outcome::Failed("the media could not be read".into()));
        };
        decide("look up each compound's formula with get_compound_name");
        let formulas = formulas(agent, &media).await?;
        let carbon = formulas.iter().any(|(_, f)| is_carbon_source(f));
        let nitrogen = formulas.iter().any(|(_, f)| is_nitrogen_source(f));
        let missing = match (carbon, nitrogen) {
            (false, _) => ("glucose", "C"),
            (true, false) => ("NH3", "N"),
            (true, true) => {
                return Ok(Outcome::Failed(
                    "the media has carbon and nitrogen, yet gapfilling fails".into(),
                ));
            }
        };
        decide(format!(
            "no formula has {}: search for a source ({})",
            missing.1, missing.0
        ));
        let Reply::Done(found) = agent
            .call(
                "search_compounds",
                args(json!({ "query": missing.0, "limit": 5 })),
            )
            .await?
        else {
            return Ok(Outcome::Failed("the search failed".into()));
        };
        let source = found["compounds"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|hit| has(hit["formula"].as_str().unwrap_or(""), missing.1))
            .and_then(|hit| hit["compound_id"].as_str().map(str::to_owned));
        let Some(source) = source else {
            return Ok(Outcome::Failed(format!("no {} source found", missing.1)));
        };
        decide(format!("add {source} and build a complete media"));
        compounds.push(source);
        let Reply::Done(media) = agent
            .call("build_media", args(json!({ "compounds": compounds })))
            .await?
        else {
            return Ok(Outcome::Failed("the complete media was refused".into()));
        };
        media_id = media["media_id"].clone();
        decide(format!("gapfill again with {media_id}"));
    }
    Ok(Outcome::Failed(
        "still infeasible after three attempts".into(),
    ))
}

/// Scenario 3: FBA fails on a model gapfilled a moment ago.
async fn fba_infeasible_after_gapfill(agent: &Agent) -> Result<Outcome, BoxError> {
    let media = agent
        .call(
            "build_media",
            args(json!({
                "compounds": ["cpd00027", "cpd00013", "cpd00009", "cpd00001", "cpd00007"],
                "custom_bounds": { "cpd00027": [0, 100] }
            })),
        )
        .await?;
    let Reply::Done(media) = media else {
        return Ok(Outcome::Failed("the media was refused".into()));
    };
    let media_id = media["media_id"].clone();
    let Reply::Done(report) = agent
        .call(
            "gapfill_model",
            args(json!({ "model_id": "demo_draft", "media_id": media_id })),
        )
        .await?
    else {
        return Ok(Outcome::Failed("gapfilling failed".into()));
    };
    let model_id = report["gapfilled_model_id"].clone();
    let reply = agent
        .call(
            "run_fba",
            args(json!({ "model_id": model_id, "media_id": media_id })),
        )
        .await?;
    let failure = match reply {
        Reply::Done(solution) => {
            return Ok(Outcome::Failed(format!(
                "FBA grew ({}), the scenario expected it not to",
                solution["growth_rate"]
            )));
        }
        Reply::Failed(failure) => failure,
    };
    if failure.error_code != "FBA_INFEASIBLE" {
        return Ok(Outcome::Failed(format!(
            "unexpected {}",
            failure.error_code
        )));
    }
    decide(format!(
        "{} on {model_id}, gapfilled for this media a moment ago: unexpected, so inspect before anything else",
        failure.error_code
    ));
    // The read-only next calls, told apart by what they read.
    let reads = |argument: &str| {
        failure
            .next_calls
            .iter()
            .find(|call| call.read_only && call.arguments.contains_key(argument))
    };
    let (Some(inspect_model), Some(inspect_media)) = (reads("model_id"), reads("media_id")) else {
        return Ok(Outcome::Failed(
            "no read-only calls to inspect the model and the media".into(),
        ));
    };
    let Some(Reply::Done(model)) = agent.follow(inspect_model, &[]).await? else {
        return Ok(Outcome::Failed("the model could not be read".into()));
    };
    let exchanges = model["exchange_reactions"].as_array().map_or(0, Vec::len);
    let biomass = model["biomass_reaction"]["id"].as_str().unwrap_or("");
    if exchanges == 0 || biomass.is_empty() {
        return Ok(Outcome::Failed("the model is incomplete".into()));
    }
    if model["is_gapfilled"] != true {
        // Only here would gapfilling help; it changes the session, so it is the
        // user's call.
        return Ok(Outcome::Reported(format!(
            "{model_id} is not gapfilled: gapfill it for {media_id} (gapfill_model), with your confirmation"
        )));
    }
    decide(format!(
        "the model is gapfilled, with {exchanges} exchange reactions and biomass reaction {biomass:?}: gapfilling again cannot help; run the read-only next call {} to see the media's bounds",
        inspect_media.tool
    ));
    let Some(Reply::Done(media)) = agent.follow(inspect_media, &[]).await? else {
        return Ok(Outcome::Failed("the media could not be read".into()));
    };
    decide("look up each compound's formula with get_compound_name");
    let formulas = formulas(agent, &media).await?;
    let lower_bound = |id: &str| {
        media["compounds"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|compound| compound["compound_id"] == id)
            .and_then(|compound| compound["lower_bound"].as_f64())
    };
    // Per kind of source: the sources the media lists, and whether any of them
    // may be taken up (a lower bound below 0).
    let mut closed = Vec::new();
    for (kind, is_source) in [
        ("carbon", is_carbon_source as fn(&str) -> bool),
        ("nitrogen", is_nitrogen_source),
    ] {
        let sources: Vec<(&str, Option<f64>)> = formulas
            .iter()
            .filter(|(_, formula)| is_source(formula))
            .map(|(id, _)| (id.as_str(), lower_bound(id)))
            .collect();
        let open = sources
            .iter()
            .any(|(_, bound)| bound.is_some_and(|bound| bound < 0.0));
        if !sources.is_empty() && !open {
            let listed: Vec<String> = sources
                .iter()
                .map(|(id, bound)| match bound {
                    Some(bound) => format!("{id} (lower bound {bound})"),
                    None => (*id).to_owned(),
                })
                .collect();
            closed.push(format!(
                "no {kind} source may be taken up: {}",
                listed.join(", ")
            ));
        }
    }
    if closed.is_empty() {
        return Ok(Outcome::Reported(format!(
            "Unexpected FBA failure after successful gapfill of {model_id} in {media_id}: the model and the media look complete; needs a closer look"
        )));
    }
    decide(format!(
        "in the media, {}. The media, not the model, stops growth; building a new one is the user's choice",
        closed.join("; ")
    ));
    Ok(Outcome::Reported(format!(
        "Unexpected FBA failure after successful gapfill of {model_id} in {media_id}: the model has its exchange and biomass reactions, but in the media {}. Check the media: a media built with that uptake allowed (a lower bound below 0) should grow",
        closed.join("; ")
    )))
}

/// Prints how a scenario ended; 1 when it counts as recovered.
fn report(outcome: Outcome) -> usize {
    match outcome {
        Outcome::Succeeded(what) => {
            println!("  recovered: {what}\n");
            1
        }
        Outcome::Reported(report) => {
            println!("  reported to the user: {report}\n");
            1
        }
        Outcome::Failed(why) => {
            println!("  NOT recovered: {why}\n");
            0
        }
    }
}

/// The server to spawn: `GEM_FLUX_MCP`, else `cargo run` of the example when this
/// agent was started by cargo, else the binary beside this one.
fn server_command() -> tokio::process::Command {
    if let Some(path) = std::env::var_os("GEM_FLUX_MCP") {
        return tokio::process::Command::new(path);
    }
    if let Some(cargo) = std::env::var_os("CARGO") {
        let mut command = tokio::process::Command::new(cargo);
        command
            .args([
                "run",
                "--quiet",
                "-p",
                "tool-error-examples",
                "--bin",
                "gem-flux-mcp",
            ])
            .current_dir(env!("CARGO_MANIFEST_DIR"));
        return command;
    }
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("gem-flux-mcp")))
        .unwrap_or_else(|| PathBuf::from("gem-flux-mcp"));
    tokio::process::Command::new(beside)
}

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let (transport, _stderr) = TokioChildProcess::builder(server_command())
        .stderr(Stdio::null())
        .spawn()?;
    let agent = Agent {
        client: ().serve(transport).await?,
    };

    let mut recovered = 0;
    println!("Scenario 1: invalid compound ID");
    let first = invalid_compound_id(&agent).await?;
    recovered += report(first);
    println!("Scenario 2: gapfilling infeasible");
    let second = gapfilling_infeasible(&agent).await?;
    recovered += report(second);
    println!("Scenario 3: FBA infeasible on a gapfilled model");
    let third = fba_infeasible_after_gapfill(&agent).await?;
    recovered += report(third);
    agent.client.cancel().await?;
    println!("recovered {recovered}/3");
    Ok(())
}
