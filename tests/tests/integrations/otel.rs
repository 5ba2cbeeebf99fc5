//! What an OpenTelemetry pipeline receives of the spans a test makes: a
//! tracing-opentelemetry layer exporting into the SDK's in-memory exporter, set as
//! this thread's subscriber.

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use tracing::subscriber::DefaultGuard;
use tracing_subscriber::layer::SubscriberExt as _;

/// Spans exported while this lives (a current-thread runtime's tasks included).
pub(crate) struct Capture {
    exporter: InMemorySpanExporter,
    provider: SdkTracerProvider,
    _guard: DefaultGuard,
}

impl Capture {
    pub(crate) fn start() -> Capture {
        let exporter = InMemorySpanExporter::default();
        let provider = SdkTracerProvider::builder()
            .with_simple_exporter(exporter.clone())
            .build();
        let subscriber = tracing_subscriber::registry()
            .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("tests")));
        let guard = tracing::subscriber::set_default(subscriber);
        Capture {
            exporter,
            provider,
            _guard: guard,
        }
    }

    /// Every span that has ended so far.
    pub(crate) fn spans(&self) -> Vec<SpanData> {
        self.provider.force_flush().unwrap();
        self.exporter.get_finished_spans().unwrap()
    }
}

/// The attribute `key` of `span`, as text.
pub(crate) fn attribute(span: &SpanData, key: &str) -> Option<String> {
    span.attributes
        .iter()
        .find(|kv| kv.key.as_str() == key)
        .map(|kv| kv.value.to_string())
}
