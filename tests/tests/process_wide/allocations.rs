//! Allocation counts per render, measured with a counting global allocator.
//!
//! Rendering an error whose suggestions are static into a reused buffer must not
//! allocate at all; rendering into a new `String` allocates only the output.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::time::Duration;

use tool_error::{Envelope, JsonRpc, Native, Options, ToolError};
use tool_error_tests::clock;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is forwarded unchanged to the system allocator; the count is
// per thread so the test harness's other threads do not disturb it.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

#[derive(Debug, thiserror::Error, ToolError)]
#[tool_error(legacy_jsonrpc)]
enum MediaError {
    /// Some compound ids are unknown.
    #[error("{total_invalid} compound IDs not found in ModelSEED database")]
    #[tool_error(
        jsonrpc = -32000,
        kind = validation,
        category = "validation_error",
        suggest = "Use search_compounds tool to find correct compound IDs",
        suggest = "Common compounds: cpd00027 (glucose), cpd00007 (O2), cpd00001 (H2O)",
        suggest = "Check for typos in compound IDs",
    )]
    InvalidCompoundIds {
        invalid_ids: Vec<String>,
        total_invalid: usize,
    },

    /// The same with an interpolated suggestion.
    #[error("{total_invalid} compound IDs not found")]
    #[tool_error(
        kind = validation,
        suggest = "Use search_compounds tool",
        suggest = "Check {total_invalid} ids for typos",
    )]
    Interpolated {
        invalid_ids: Vec<String>,
        total_invalid: usize,
    },

    #[error("timed out")]
    #[tool_error(kind = transient)]
    Timeout {
        #[tool_error(retry_after)]
        after: Duration,
    },
}

#[test]
fn rendering_into_a_reused_buffer_allocates_nothing() {
    let options = Options::new().with_clock(clock());
    let context = options.context().with_tool("build_media");
    let errors = [
        MediaError::InvalidCompoundIds {
            invalid_ids: vec!["cpd99999".into(), "cpd00ABC".into()],
            total_invalid: 2,
        },
        MediaError::Interpolated {
            invalid_ids: vec!["cpd99999".into()],
            total_invalid: 1,
        },
        MediaError::Timeout {
            after: Duration::from_millis(1500),
        },
    ];
    let mut buffer = Vec::with_capacity(4096);
    for error in &errors {
        let envelope = Envelope::new(error).with_context(context);
        for _ in 0..3 {
            buffer.clear();
            let native = allocations_during(|| envelope.render_into(&Native, &mut buffer));
            assert_eq!(native, 0, "native render of {} allocated", error.code());
            assert!(serde_json::from_slice::<serde_json::Value>(&buffer).is_ok());
            buffer.clear();
            let jsonrpc = allocations_during(|| envelope.render_into(&JsonRpc::new(), &mut buffer));
            assert_eq!(jsonrpc, 0, "JSON-RPC render of {} allocated", error.code());
        }
    }
    // The interpolated suggestion really was interpolated, without a String.
    buffer.clear();
    Envelope::new(&errors[1]).render_into(&Native, &mut buffer);
    assert!(String::from_utf8_lossy(&buffer).contains("Check 1 ids for typos"));
}

#[test]
fn rendering_into_a_new_string_allocates_only_the_output() {
    let error = MediaError::InvalidCompoundIds {
        invalid_ids: (0..20).map(|i| format!("cpd{i:05}")).collect(),
        total_invalid: 20,
    };
    let envelope = Envelope::new(&error);
    let mut output = String::new();
    let count = allocations_during(|| output = envelope.to_json());
    // The output buffer starts at 512 bytes (`TEXT_ROOM`) and doubles: one
    // allocation plus one reallocation per doubling is all there is.
    let growths = (output.len().max(1) - 1) / 512;
    let expected = 1 + usize::try_from(usize::BITS - growths.leading_zeros()).unwrap_or(0);
    assert!(
        output.len() > 512,
        "the sample outgrows the first buffer: {}",
        output.len()
    );
    assert_eq!(count, expected, "{} bytes", output.len());
}
