//! The responses of section 5 of mdmcp's documentation and the errors behind them,
//! for the tour.

use tool_error::clock::FixedClock;
use tool_error::{Context, Options, RequestId};

use super::errors::{PolicyViolation, ProcessFailure, ResourceLimit, ValidationFailure};
use super::profile::ServerConfig;
use crate::Sample;

const SYSTEM: &str = "mdmcp";

/// The four responses in section 5 of mdmcp's documentation, each under the
/// configuration that produces it, then 5.1 and 5.2 under the default configuration
/// (policy location redacted, examples left out).
pub fn samples() -> Vec<Sample> {
    let clock = FixedClock::from_rfc3339("2024-01-15T10:30:45Z")
        .unwrap_or(FixedClock(std::time::UNIX_EPOCH));
    let documented = ServerConfig {
        redact_sensitive: false,
        include_examples: true,
        ..ServerConfig::default()
    };
    let verbose = ServerConfig {
        verbose_errors: true,
        ..ServerConfig::default()
    };
    let path = example_path_not_allowed();
    let argument = example_invalid_argument();
    let file = ResourceLimit::file_too_large(104_857_600, 10_485_760);
    let timeout = example_timeout();
    let server = Options::new()
        .with_server_version("0.3.6")
        .with_clock(clock);
    let verbose_context = server.context().with_request_id("req_abc123");
    let sample = |title: &str, output| Sample {
        system: SYSTEM,
        title: title.to_owned(),
        output,
    };
    vec![
        sample(
            "5.1 path_not_allowed (fs.read)",
            documented.render(RequestId::Number(1), &path, Context::new()),
        ),
        sample(
            "5.2 invalid_argument (cmd.run)",
            documented.render(RequestId::Number(2), &argument, Context::new()),
        ),
        sample(
            "5.3 file_too_large (fs.read)",
            ServerConfig::default().render(RequestId::Number(3), &file, Context::new()),
        ),
        sample(
            "5.4 timeout (cmd.run, verbose_errors)",
            verbose.render(RequestId::Number(4), &timeout, verbose_context),
        ),
        sample(
            "5.1 under the default config: policy_location redacted",
            ServerConfig::default().render(RequestId::Number(1), &path, Context::new()),
        ),
        sample(
            "5.2 under the default config: no examples",
            ServerConfig::default().render(RequestId::Number(2), &argument, Context::new()),
        ),
    ]
}

/// Example 5.1's error.
pub fn example_path_not_allowed() -> PolicyViolation {
    PolicyViolation::path_not_allowed(
        "/etc/passwd",
        ["/home/user", "/tmp", "/var/app"]
            .map(String::from)
            .to_vec(),
    )
}

/// Example 5.2's error.
pub fn example_invalid_argument() -> ValidationFailure {
    ValidationFailure::blocked_argument(
        1,
        "-rf",
        &["-rf", "--force"],
        vec!["-n".into(), "--dry-run".into()],
        vec![
            "Remove the -rf flag".into(),
            "Use safer alternatives like -i for interactive mode".into(),
        ],
    )
}

/// Example 5.4's error.
pub fn example_timeout() -> ResourceLimit {
    ResourceLimit::timeout(
        "python script.py",
        5000,
        5000,
        "request:timeoutMs",
        ProcessFailure::new("Process killed due to timeout")
            .caused_by(ProcessFailure::new("Signal SIGTERM sent to process 12345")),
    )
}
