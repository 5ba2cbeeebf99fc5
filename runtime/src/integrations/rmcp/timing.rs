//! A tool call's duration, recorded in the histogram of OpenTelemetry's MCP
//! conventions ([`OPERATION_DURATION`](crate::metrics::OPERATION_DURATION)) with
//! the feature `metrics`; without it, nothing.

use std::borrow::Cow;

use ::rmcp::model::ProtocolVersion;

/// A tool call's start, and what its duration is recorded under.
#[derive(Debug)]
pub(super) struct Timing {
    #[cfg(feature = "metrics")]
    started: std::time::Instant,
    #[cfg(feature = "metrics")]
    tool: Option<Cow<'static, str>>,
    #[cfg(feature = "metrics")]
    protocol_version: Option<&'static str>,
}

impl Timing {
    /// Starts timing a call of the served `tool` (`None`: no such tool) under
    /// `protocol_version`.
    #[cfg(feature = "metrics")]
    pub(super) fn start(
        tool: Option<&Cow<'static, str>>,
        protocol_version: Option<&ProtocolVersion>,
    ) -> Self {
        // A label holds only what the server knows: a version rmcp knows, as rmcp
        // spells it.
        let protocol_version = protocol_version.and_then(|given| {
            ProtocolVersion::KNOWN_VERSIONS
                .iter()
                .map(ProtocolVersion::as_str)
                .find(|known| *known == given.as_str())
        });
        Timing {
            started: std::time::Instant::now(),
            tool: tool.cloned(),
            protocol_version,
        }
    }

    /// Without the feature `metrics`, nothing is timed.
    #[cfg(not(feature = "metrics"))]
    pub(super) fn start(_: Option<&Cow<'static, str>>, _: Option<&ProtocolVersion>) -> Self {
        Timing {}
    }

    /// Records the call's duration, with `error_type` when it failed.
    #[cfg(feature = "metrics")]
    pub(super) fn record(&self, error_type: Option<&str>) {
        let mut labels = vec![
            ::metrics::Label::new("mcp.method.name", "tools/call"),
            ::metrics::Label::new("gen_ai.operation.name", "execute_tool"),
        ];
        if let Some(tool) = &self.tool {
            labels.push(::metrics::Label::new("gen_ai.tool.name", tool.clone()));
        }
        if let Some(version) = self.protocol_version {
            labels.push(::metrics::Label::new("mcp.protocol.version", version));
        }
        if let Some(error_type) = error_type {
            labels.push(::metrics::Label::new("error.type", error_type.to_owned()));
        }
        ::metrics::histogram!(crate::metrics::OPERATION_DURATION, labels)
            .record(self.started.elapsed().as_secs_f64());
    }

    /// Without the feature `metrics`, nothing is recorded.
    #[cfg(not(feature = "metrics"))]
    pub(super) fn record(&self, _: Option<&str>) {}
}
