//! End to end: `recovery-agent` spawns `gem-flux-mcp`, plays Gem-Flux's three
//! recovery scenarios over MCP, and recovers from all three.
//!
//! Both binaries belong to the examples package; `example_binary` builds them.

use std::process::Command;

use tool_error_tests::example_binary;

#[test]
fn the_agent_recovers_from_all_three_scenarios() {
    let output = Command::new(example_binary("recovery-agent"))
        .env("GEM_FLUX_MCP", example_binary("gem-flux-mcp"))
        .env_remove("CARGO")
        .output()
        .expect("recovery-agent runs");
    let transcript = String::from_utf8(output.stdout).expect("the transcript is text");
    assert!(
        output.status.success(),
        "{transcript}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        transcript.lines().last(),
        Some("recovered 3/3"),
        "{transcript}"
    );

    // Scenario 1: the wrong ID is found again through the next call, with the
    // agent's own query added to the server's arguments.
    let first = section(&transcript, "Scenario 1", "Scenario 2");
    assert_in(first, "← INVALID_COMPOUND_IDS (validation_error)");
    assert_in(
        first,
        "next call: search_compounds {\"limit\":5} (read-only, caller adds query)",
    );
    assert_in(
        first,
        "→ search_compounds {\"limit\":5,\"query\":\"glucose\"}",
    );
    assert_in(
        first,
        "→ build_media {\"compounds\":[\"cpd00027\",\"cpd00007\",\"cpd00001\"]}",
    );
    assert_in(first, "recovered: media");

    // Scenario 2: the next call reads the media; the formulas lack N; a complete
    // media gapfills.
    let second = section(&transcript, "Scenario 2", "Scenario 3");
    assert_in(second, "← GAPFILL_INFEASIBLE (infeasibility_error)");
    assert_in(second, "→ get_media {\"media_id\":\"media_002\"}");
    assert_in(second, "decision: no formula has N");
    assert_in(second, "\"cpd00013\"]}");
    assert_in(second, "recovered: \"demo_draft.gf\" gapfilled");

    // Scenario 3: the server offers only calls that read; the agent runs both,
    // finds the closed glucose uptake, and reports it without offering a call.
    let third = section(&transcript, "Scenario 3", "recovered 3/3");
    assert_in(third, "← FBA_INFEASIBLE (infeasibility_error)");
    assert_eq!(third.matches("    next call: ").count(), 2, "{third}");
    assert!(!third.contains("changes state"), "{third}");
    assert_in(
        third,
        "→ export_model_json {\"model_id\":\"demo_draft.gf\"}",
    );
    assert_in(third, "→ get_media {\"media_id\":\"media_004\"}");
    assert_in(third, "→ get_compound_name {\"compound_id\":\"cpd00027\"}");
    assert_in(
        third,
        "reported to the user: Unexpected FBA failure after successful gapfill",
    );
    assert_in(
        third,
        "no carbon source may be taken up: cpd00027 (lower bound 0)",
    );
    assert!(!third.contains("confirmation"), "{third}");
    assert_eq!(third.matches("→ gapfill_model").count(), 1, "{third}");
}

fn section<'a>(text: &'a str, from: &str, to: &str) -> &'a str {
    let start = text
        .find(from)
        .unwrap_or_else(|| panic!("no {from:?} in\n{text}"));
    let end = text[start..].find(to).map_or(text.len(), |end| start + end);
    &text[start..end]
}

fn assert_in(text: &str, needle: &str) {
    assert!(text.contains(needle), "{needle:?} not in\n{text}");
}
