use tool_error::ToolError;

#[derive(ToolError)]
#[tool_error(kind = internal)]
union Bits {
    int: u32,
    float: f32,
}

fn main() {}
