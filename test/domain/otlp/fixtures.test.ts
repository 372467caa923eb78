// Golden fixtures for the dialects that cannot run here (Python frameworks, the coding CLIs), built from their documented attribute names: each maps to the calls it expects.
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mapLogRecord, mapSpan } from "../../../src/domain/otlp/dialects/index.js";
import type { ExportLogsRequest, ExportTraceRequest, MappedItem } from "../../../src/domain/otlp/types.js";
import { logRecordsOf, spansOf } from "../../../src/domain/otlp/views.js";

const FOLDER = new URL("../../fixtures/otlp/", import.meta.url);

interface Fixture {
  about: string;
  signal: "traces" | "logs";
  request: unknown;
  expected: { ignored: number; calls: Array<{ dialect: string; session_id: string; input: Record<string, unknown> }> };
}

const fixtures = readdirSync(FOLDER)
  .filter((name) => name.endsWith(".json"))
  .map((name) => [name.replace(/\.json$/, ""), JSON.parse(readFileSync(new URL(name, FOLDER), "utf8")) as Fixture] as const);

function mapped(fixture: Fixture): MappedItem[] {
  return fixture.signal === "traces" ? spansOf(fixture.request as ExportTraceRequest).map(mapSpan) : logRecordsOf(fixture.request as ExportLogsRequest).map(mapLogRecord);
}

describe("the golden OTLP fixtures", () => {
  it("cover the Python frameworks and the three coding CLIs", () => {
    expect(fixtures.map(([name]) => name).sort()).toEqual(["claude-code", "codex", "gemini-cli", "google-adk", "mcp-tools-call", "openai-agents-genai", "openinference-langchain", "strands"]);
  });

  it.each(fixtures)("%s maps to the calls it expects", (_name, fixture) => {
    const items = mapped(fixture);
    const calls = items.flatMap((item) => (item.kind === "call" ? [{ dialect: item.dialect, session_id: item.sessionId, input: item.input }] : []));
    expect(calls).toEqual(fixture.expected.calls);
    expect(items.filter((item) => item.kind === "ignored")).toHaveLength(fixture.expected.ignored);
    expect(items.filter((item) => item.kind === "refused")).toEqual([]);
  });
});
