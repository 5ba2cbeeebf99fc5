use tool_error::ToolError;

#[derive(Debug, thiserror::Error)]
#[error("disk busy")]
struct DiskBusy;

// One error, on the field, however many places the generated code uses the type.
#[derive(Debug, thiserror::Error, ToolError)]
enum StoreError {
    #[error(transparent)]
    #[tool_error(transparent)]
    Disk(DiskBusy),
}

fn main() {}
