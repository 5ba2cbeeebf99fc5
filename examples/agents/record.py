"""Record what agent frameworks hand the model when an MCP tool call fails.

For each scenario (a tool call expected to fail, optionally after a few setup
calls) and each framework, this script starts the given stdio MCP server afresh,
drives the call through the framework with a scripted model (no LLM, no network),
and captures the tool result exactly as it sits in the model's next request:

- ``mcp``: the raw ``CallToolResult`` from the official MCP Python SDK
  (text content, ``structuredContent``, ``isError``) or the JSON-RPC error, for reference;
- ``pydantic-ai``: the part answering the tool call in the messages a
  ``FunctionModel`` receives on its next turn, rendered as providers render it:
  ``model_response_str()`` (OpenAI, Groq, Mistral, ...: errors wrapped in
  ``{"error": ...}``) and, as ``native``, without that wrapper (providers with an
  error flag of their own, e.g. Anthropic); the scripted model then repeats the
  call once, to show whether the run goes on or aborts on its retry limit;
- ``openai-agents``: the ``output`` of the ``function_call_output`` item that a
  custom ``Model`` receives in its next ``input``.

Run by hand, in a virtualenv with requirements.txt installed::

    python record.py [--scenarios FILE] [--out FILE] [--server-log FILE] -- COMMAND [ARGS...]
    python record.py --out before.json -- /path/to/gem-flux-mcp
    python record.py --out after.json -- cargo run -q -p tool-error-examples --bin gem-flux-mcp
    python record.py --compare before.json after.json

Without ``--scenarios`` it plays scenarios.json beside this file (Gem-Flux's
example server). A scenario file is a JSON list of objects::

    {"name": "...", "tool": "...", "arguments": {...},
     "setup": [{"tool": "...", "arguments": {...}, "save": {"var": "dotted.path"}}]}

``setup`` calls run first on the same connection and must succeed; ``save`` keeps
fields of their results (structuredContent, or the JSON text), and an argument
string ``"${var}"`` anywhere later is replaced by the saved value.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import shlex
import sys
from importlib.metadata import version
from pathlib import Path
from typing import Any

import openai
from agents import Agent, ModelResponse, Runner, Usage, default_tool_error_function, set_tracing_disabled
from agents.mcp import MCPServerStdio
from agents.models.interface import Model
from fastmcp.client.transports import StdioTransport
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText
from pydantic_ai import Agent as PydanticAgent
from pydantic_ai.mcp import MCPToolset
from pydantic_ai.messages import ModelMessage, ModelRequest, ModelResponse as PydanticResponse
from pydantic_ai.messages import TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

FRAMEWORKS = ("mcp", "pydantic-ai", "openai-agents")
PACKAGES = ("mcp", "pydantic-ai-slim", "fastmcp-slim", "openai-agents", "openai")
TIMEOUT = 300  # seconds; generous, so that `cargo run` may build first


def _no_openai_client(*_args: Any, **_kwargs: Any) -> None:
    raise RuntimeError("an OpenAI client was constructed; this script must not reach the network")


openai.OpenAI.__init__ = _no_openai_client  # type: ignore[method-assign]
openai.AsyncOpenAI.__init__ = _no_openai_client  # type: ignore[method-assign]
set_tracing_disabled(True)


# ---------------------------------------------------------------- scenarios

def substitute(value: Any, saved: dict[str, Any]) -> Any:
    if isinstance(value, str) and (m := re.fullmatch(r"\$\{(\w+)\}", value)):
        return saved[m.group(1)]
    if isinstance(value, dict):
        return {k: substitute(v, saved) for k, v in value.items()}
    if isinstance(value, list):
        return [substitute(v, saved) for v in value]
    return value


def dig(value: Any, path: str) -> Any:
    for key in path.split("."):
        value = value[int(key)] if isinstance(value, list) else value[key]
    return value


def result_value(structured: Any, texts: list[str]) -> Any:
    """A successful result's value: its structuredContent, else its text, parsed if JSON."""
    if structured is not None:
        return structured
    try:
        return json.loads(texts[0]) if texts else None
    except ValueError:
        return texts[0]


def describe(error: BaseException) -> str:
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    return f"{type(error).__name__}: {error}"


async def run_setup(scenario: dict, call: Any) -> dict[str, Any]:
    """Runs the scenario's setup steps with `call(tool, args) -> value`; returns the saved values."""
    saved: dict[str, Any] = {}
    for step in scenario.get("setup", []):
        value = await call(step["tool"], substitute(step.get("arguments", {}), saved))
        for name, path in step.get("save", {}).items():
            saved[name] = dig(value, path)
    return saved


def tool_named(names: list[str], tool: str) -> str:
    if tool not in names:
        raise ValueError(f"the framework offers no tool {tool!r}, only {', '.join(names)}")
    return tool


def call_label(scenario: dict) -> str:
    return f"{scenario['tool']} {json.dumps(scenario.get('arguments', {}))}"


# ---------------------------------------------------------------- frameworks

async def record_mcp(command: list[str], scenario: dict) -> dict:
    params = StdioServerParameters(command=command[0], args=command[1:])
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()

        async def call(tool: str, args: dict) -> Any:
            result = await session.call_tool(tool, args)
            texts = [c.text for c in result.content if c.type == "text"]
            if result.is_error:
                raise RuntimeError(f"setup call {tool} failed: {texts}")
            return result_value(result.structured_content, texts)

        args = substitute(scenario.get("arguments", {}), await run_setup(scenario, call))
        try:
            result = await session.call_tool(scenario["tool"], args)
        except Exception as error:  # a JSON-RPC error answers the call instead of a result
            data = getattr(getattr(error, "error", None), "data", None)
            text = f"JSON-RPC error {getattr(error, 'code', '?')}: {error}" + (
                f" data={json.dumps(data)}" if data is not None else "")
            return {"kind": "jsonrpc_error", "text": text, "arguments": args}
        texts = [c.text for c in result.content if c.type == "text"]
        record = {"kind": "CallToolResult", "isError": result.is_error, "text": "\n".join(texts),
                  "content_blocks": len(result.content), "arguments": args}
        if result.structured_content is not None:
            record["structuredContent"] = result.structured_content
            record["structuredContent_chars"] = len(json.dumps(result.structured_content))
        return record


async def record_pydantic_ai(command: list[str], scenario: dict) -> dict:
    toolset = MCPToolset(StdioTransport(command=command[0], args=command[1:], keep_alive=False),
                         init_timeout=TIMEOUT, read_timeout=TIMEOUT)
    seen: list[list[ModelMessage]] = []
    args: dict = {}

    def scripted(messages: list[ModelMessage], info: AgentInfo) -> PydanticResponse:
        # Calls the tool twice (as a model repeating its call would), then stops; the
        # second request is the capture, the third (if any) tells whether the run went on.
        seen.append(list(messages))
        if len(seen) <= 2:
            name = tool_named([t.name for t in info.function_tools], scenario["tool"])
            return PydanticResponse(parts=[ToolCallPart(tool_name=name, args=args)])
        return PydanticResponse(parts=[TextPart("done")])

    agent = PydanticAgent(FunctionModel(scripted), toolsets=[toolset])
    async with agent:
        args.update(substitute(scenario.get("arguments", {}),
                               await run_setup(scenario, toolset.direct_call_tool)))
        run_error = None
        try:
            await agent.run("Make the scripted tool call.")
        except Exception as error:
            run_error = describe(error)
    record: dict = {"arguments": args, "max_retries": getattr(agent, "_max_tool_retries", "?")}
    if len(seen) < 2:
        raise RuntimeError(f"the model got no second request ({run_error})")
    request = seen[1][-1]
    assert isinstance(request, ModelRequest)
    part = next(p for p in request.parts if getattr(p, "tool_name", None))
    record["kind"] = type(part).__name__ + (f" outcome={part.outcome}" if hasattr(part, "outcome") else "")
    if run_error:
        record["same_call_again"] = f"run aborted: {run_error}"
    elif len(seen) > 2:
        again = next(p for p in seen[2][-1].parts if getattr(p, "tool_name", None))
        record["same_call_again"] = f"run went on: {type(again).__name__} outcome={getattr(again, 'outcome', '?')}"
    record["content"] = part.content
    if hasattr(part, "model_response_str"):
        record["text"] = part.model_response_str()
        record["native"] = part.model_response_str(wrap_if_error=False)
    else:
        record["text"] = part.model_response()
    return record


class ScriptedModel(Model):
    """Calls one tool, then records the input of the next request and stops."""

    def __init__(self, tool: str, args: dict):
        self.tool, self.args, self.inputs = tool, args, []

    async def get_response(self, system_instructions, input, model_settings, tools, output_schema,
                           handoffs, tracing, **_kwargs) -> ModelResponse:
        self.inputs.append(input)
        if len(self.inputs) == 1:
            name = tool_named([t.name for t in tools], self.tool)
            item = ResponseFunctionToolCall(type="function_call", call_id="call_1", name=name,
                                            arguments=json.dumps(self.args))
        else:
            item = ResponseOutputMessage(
                type="message", id="msg_1", role="assistant", status="completed",
                content=[ResponseOutputText(type="output_text", text="done", annotations=[])])
        return ModelResponse(output=[item], usage=Usage(), response_id=None)

    def stream_response(self, *args, **kwargs):
        raise NotImplementedError("the scripted model does not stream")


async def record_openai_agents(command: list[str], scenario: dict) -> dict:
    raised: list[str] = []

    def failure(ctx: Any, error: Exception) -> str:
        """The SDK's default failure text, noting the exception the model does not see."""
        raised.append(describe(error))
        return default_tool_error_function(ctx, error)

    server = MCPServerStdio(params={"command": command[0], "args": command[1:]}, name="server",
                            client_session_timeout_seconds=TIMEOUT, failure_error_function=failure)
    async with server:
        async def call(tool: str, args: dict) -> Any:
            result = await server.call_tool(tool, args)
            texts = [c.text for c in result.content if c.type == "text"]
            if result.is_error:
                raise RuntimeError(f"setup call {tool} failed: {texts}")
            return result_value(result.structured_content, texts)

        args = substitute(scenario.get("arguments", {}), await run_setup(scenario, call))
        model = ScriptedModel(scenario["tool"], args)
        agent = Agent(name="recorder", instructions="Make the scripted tool call.",
                      model=model, mcp_servers=[server])
        await Runner.run(agent, "Make the scripted tool call.")
    if len(model.inputs) < 2:
        raise RuntimeError(f"the model got no second request ({raised})")
    item = next(i for i in model.inputs[1] if isinstance(i, dict) and i.get("type") == "function_call_output")
    output = item["output"]
    if raised:  # the tool raised instead of returning; the model sees the failure text
        return {"kind": "function_call_output.output (str, from failure_error_function)", "output": output,
                "text": output, "tool_exception": raised[0], "arguments": args}
    if isinstance(output, str):
        return {"kind": "function_call_output.output (str)", "output": output, "text": output, "arguments": args}
    # A list of content items: the model reads the text of its input_text items.
    kinds = ", ".join(part.get("type", "?") for part in output)
    text = "\n".join(part["text"] if part.get("type") == "input_text" else json.dumps(part) for part in output)
    return {"kind": f"function_call_output.output (list: {kinds})", "output": output, "text": text,
            "arguments": args}


RECORDERS = {"mcp": record_mcp, "pydantic-ai": record_pydantic_ai, "openai-agents": record_openai_agents}


# ---------------------------------------------------------------- output

def show(capture: dict) -> None:
    print(f"-- {capture['framework']}: {capture['kind']}, {capture['chars']} chars"
          if capture["chars"] is not None else f"-- {capture['framework']}: {capture['kind']}")
    if "arguments" in capture and json.dumps(capture["arguments"]) not in capture["call"]:
        print(f"   arguments: {json.dumps(capture['arguments'])}")
    for key in ("isError", "max_retries", "same_call_again", "tool_exception", "error"):
        if key in capture:
            print(f"   {key}: {capture[key]}")
    if capture["chars"] is not None:
        print(f"   text: {capture['text']}")
    if "native" in capture and capture["native"] != capture["text"]:
        print(f"   native ({len(capture['native'])} chars): {capture['native']}")
    if "structuredContent" in capture:
        print(f"   structuredContent ({capture['structuredContent_chars']} chars): "
              f"{json.dumps(capture['structuredContent'])}")


def table(rows: list[list[str]], header: list[str]) -> None:
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, ["-" * w for w in widths], *rows]:
        print("  ".join(str(c).ljust(w) if i < 2 else str(c).rjust(w) for i, (c, w) in enumerate(zip(row, widths))))


async def record(command: list[str], scenarios: list[dict], frameworks: list[str]) -> list[dict]:
    captures = []
    for scenario in scenarios:
        print(f"\n== {scenario['name']}: {call_label(scenario)}")
        for framework in frameworks:
            capture = {"scenario": scenario["name"], "call": call_label(scenario), "framework": framework}
            try:
                capture.update(await RECORDERS[framework](command, scenario))
                capture["chars"] = len(capture["text"])
            except Exception as error:
                capture.update(kind="failed to record", text="", error=describe(error), chars=None)
            captures.append(capture)
            show(capture)
    print("\n== Summary: characters the model received")
    table([[c["scenario"], c["framework"], "failed" if c["chars"] is None else c["chars"]] for c in captures],
          ["scenario", "framework", "chars"])
    return captures


def compare(before_path: str, after_path: str) -> None:
    before, after = (json.loads(Path(p).read_text()) for p in (before_path, after_path))
    old = {(c["scenario"], c["framework"]): c for c in before["captures"]}
    new = {(c["scenario"], c["framework"]): c for c in after["captures"]}
    print(f"before: {before_path}: {before['server']}\nafter:  {after_path}: {after['server']}\n")
    rows, changed = [], []
    for key in [*old, *(k for k in new if k not in old)]:
        a, b = old.get(key, {}).get("chars"), new.get(key, {}).get("chars")
        delta = f"{b - a:+d}" if a is not None and b is not None else ""
        rows.append([key[0], key[1], "-" if a is None else a, "-" if b is None else b, delta])
        kinds = old.get(key, {}).get("kind"), new.get(key, {}).get("kind")
        if None not in kinds and kinds[0] != kinds[1]:
            changed.append(f"{key[0]} / {key[1]}: {kinds[0]} -> {kinds[1]}")
    table(rows, ["scenario", "framework", "before", "after", "delta"])
    if changed:
        print("\nwhat the model receives changed kind:\n  " + "\n  ".join(changed))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenarios", default=str(Path(__file__).with_name("scenarios.json")))
    parser.add_argument("--frameworks", default=",".join(FRAMEWORKS), help="comma-separated subset of "
                        + ", ".join(FRAMEWORKS))
    parser.add_argument("--only", help="play only the scenarios whose name contains this text")
    parser.add_argument("--out", help="write the captures to this JSON file")
    parser.add_argument("--server-log", help="append the server's stderr to this file (default: inherit)")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"), help="compare two --out files")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="the stdio MCP server's command line")
    options = parser.parse_args()
    if options.compare:
        return compare(*options.compare)
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("give the server's command line after --")
    label = shlex.join(command)
    if options.server_log:
        command = ["sh", "-c", f'exec "$@" 2>>{shlex.quote(options.server_log)}', "sh", *command]
    scenarios = json.loads(Path(options.scenarios).read_text())
    if options.only:
        scenarios = [s for s in scenarios if options.only in s["name"]]
    frameworks = options.frameworks.split(",")
    unknown = set(frameworks) - set(FRAMEWORKS)
    if unknown:
        parser.error(f"unknown frameworks: {', '.join(sorted(unknown))}")
    versions = {p: version(p) for p in PACKAGES}
    print(f"server: {label}\nversions: {', '.join(f'{p} {v}' for p, v in versions.items())}")
    captures = asyncio.run(record(command, scenarios, frameworks))
    if options.out:
        Path(options.out).write_text(json.dumps(
            {"server": label, "versions": versions, "captures": captures}, indent=2, default=str) + "\n")
        print(f"\nwrote {options.out}")


if __name__ == "__main__":
    sys.exit(main())
