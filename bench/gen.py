#!/usr/bin/env python3
"""Writes the crates bench/compile-time.sh builds: one enum of N variants, three ways.

Each variant has a thiserror message, a code, a kind, two fields and two
suggestions (one interpolated):
  thiserror    thiserror only
  derive       thiserror + #[derive(ToolError)]
  handwritten  thiserror + the ToolError impl a person writes today: one match per method

SHAPES=k in the environment (default 1) cycles the two fields' types through k
combinations (up to 32), so that variants do not all share one shape; SHAPES=0
gives every variant a field type of its own (`count` is a `PhantomData<[u8; i]>`).
By default every variant names its fields `name` and `count`; FIELD_NAMES=distinct
names them `name_i` and `count_i`, so that no two variants list the same details.
"""
import os
import pathlib
import sys

KINDS = ["validation", "not_found", "conflict", "permission", "transient", "internal"]
KIND_NAMES = ["Validation", "NotFound", "Conflict", "Permission", "Transient", "Internal"]
NAME_TYPES = ["String", "Box<str>", "std::borrow::Cow<'static, str>", "&'static str"]
COUNT_TYPES = ["u64", "u32", "u16", "u8", "i64", "i32", "i16", "usize"]
SHAPES = max(0, min(int(os.environ.get("SHAPES", "1")), len(NAME_TYPES) * len(COUNT_TYPES)))
DISTINCT = os.environ.get("FIELD_NAMES", "shared") == "distinct"


def field_names(i):
    return (f"name_{i}", f"count_{i}") if DISTINCT else ("name", "count")


def field_types(i):
    if SHAPES == 0:
        return "String", f"std::marker::PhantomData<[u8; {i}]>"
    shape = i % SHAPES
    return NAME_TYPES[shape % len(NAME_TYPES)], COUNT_TYPES[shape // len(NAME_TYPES)]


def variant_lines(i, derive):
    kind = KINDS[i % len(KINDS)]
    name, count = field_names(i)
    out = [f'    /// Variant {i} of the generated enum.',
           f'    #[error("operation {i} failed for {{{name}}}")]']
    if derive:
        out.append(f'    #[tool_error(code = "GEN_ERROR_{i}", kind = {kind}, '
                   f'suggest = "Retry operation {i} later", suggest = "Check {{{name}}} spelling")]')
    name_type, count_type = field_types(i)
    out.append(f'    Variant{i} {{ {name}: {name_type}, {count}: {count_type} }},')
    return out


def enum_source(n, derive):
    lines = ["#[derive(Debug, thiserror::Error" + (", tool_error::ToolError" if derive else "") + ")]",
             "pub enum GeneratedError {"]
    for i in range(n):
        lines += variant_lines(i, derive)
    lines.append("}")
    return "\n".join(lines)


def handwritten_impl(n):
    def arms(body):
        return "\n".join(body(i) for i in range(n))
    return f"""
impl tool_error::ToolError for GeneratedError {{
    fn code(&self) -> &'static str {{
        match self {{
{arms(lambda i: f'            Self::Variant{i} {{ .. }} => "GEN_ERROR_{i}",')}
        }}
    }}
    fn kind(&self) -> tool_error::Kind {{
        match self {{
{arms(lambda i: f'            Self::Variant{i} {{ .. }} => tool_error::Kind::{KIND_NAMES[i % 6]},')}
        }}
    }}
    fn details(&self, details: &mut tool_error::DetailWriter<'_>) {{
        match self {{
{arms(lambda i: '            Self::Variant{0} {{ {1}, {2} }} => {{ details.field("{1}", {1}).field("{2}", {2}); }}'.format(i, *field_names(i)))}
        }}
    }}
    fn suggestions(&self, suggestions: &mut tool_error::SuggestionWriter<'_>) {{
        match self {{
{arms(lambda i: '            Self::Variant{0} {{ {1}, .. }} => {{ suggestions.push(&"Retry operation {0} later").push(&format_args!("Check {{{1}}} spelling")); }}'.format(i, field_names(i)[0]))}
        }}
    }}
}}
"""


def main():
    out_dir = pathlib.Path(sys.argv[1])
    runtime = pathlib.Path(sys.argv[2]).resolve()
    sizes = [int(s) for s in sys.argv[3].split()]
    members = []
    for n in sizes:
        for flavour in ["thiserror", "derive", "handwritten"]:
            name = f"gen-{flavour}-{n}"
            members.append(name)
            crate = out_dir / name
            (crate / "src").mkdir(parents=True, exist_ok=True)
            deps = 'thiserror = "2"\n'
            if flavour != "thiserror":
                deps += f'tool-error = {{ path = "{runtime}" }}\n'
            (crate / "Cargo.toml").write_text(
                f'[package]\nname = "{name}"\nversion = "0.0.0"\nedition = "2024"\npublish = false\n\n'
                f'[dependencies]\n{deps}')
            source = "//! Generated for the compile-time benchmark.\n#![allow(dead_code)]\n\n"
            source += enum_source(n, flavour == "derive") + "\n"
            if flavour == "handwritten":
                source += handwritten_impl(n)
            (crate / "src" / "lib.rs").write_text(source)
    quoted = ", ".join(f'"{m}"' for m in members)
    (out_dir / "Cargo.toml").write_text(
        f'[workspace]\nresolver = "3"\nmembers = [{quoted}]\n\n[profile.dev]\nincremental = false\n')


if __name__ == "__main__":
    main()
