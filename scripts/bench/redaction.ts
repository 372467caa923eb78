// What redaction adds to a write: the bench's own lesson captures and tool calls redacted in this process, with redaction on and off, in one run.
import { redactFailureReport, redactToolCall } from "../../src/domain/redaction/inputs.js";
import { RedactionTally, createRedactor } from "../../src/domain/redaction/redactor.js";
import type { FailureReport } from "../../src/domain/lessons/types.js";
import type { ToolCallInput } from "../../src/domain/tools/types.js";
import { lessonBody, toolCallBody } from "./scenarios.js";

export interface RedactionCost {
  iterations: number;
  /** CPU µs per write with redaction on, with it off, and the difference: what redaction adds. */
  lesson: { onUs: number; offUs: number; addedUs: number };
  toolCall: { onUs: number; offUs: number; addedUs: number };
}

function cpuUsPer(iterations: number, run: (i: number) => void): number {
  const before = process.cpuUsage();
  for (let i = 0; i < iterations; i += 1) run(i);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / iterations;
}

/** Warms both paths, then times each over `iterations` writes of the bench's own mix. */
export function measureRedaction(iterations: number): RedactionCost {
  const on = createRedactor({ enabled: true });
  const off = createRedactor({ enabled: false });
  const lessons = Array.from({ length: 500 }, () => JSON.parse(lessonBody()) as FailureReport);
  const kinds = ["failure", "fix", "success", "success"] as const;
  const calls = Array.from({ length: 500 }, (_, i) => toolCallBody(kinds[i % kinds.length]!, "search", i) as unknown as ToolCallInput);
  const lesson = (redactor: typeof on) => (i: number) => void redactFailureReport(redactor, lessons[i % lessons.length]!, new RedactionTally());
  const call = (redactor: typeof on) => (i: number) => void redactToolCall(redactor, calls[i % calls.length]!, new RedactionTally());
  for (const warm of [lesson(on), lesson(off), call(on), call(off)]) cpuUsPer(Math.min(iterations, 20_000), warm);
  const measure = (run: (redactor: typeof on) => (i: number) => void) => {
    const onUs = cpuUsPer(iterations, run(on));
    const offUs = cpuUsPer(iterations, run(off));
    return { onUs, offUs, addedUs: onUs - offUs };
  };
  return { iterations, lesson: measure(lesson), toolCall: measure(call) };
}

export function printRedactionCost(cost: RedactionCost): void {
  const row = (name: string, m: RedactionCost["lesson"]) =>
    `${name.padEnd(30)} ${m.onUs.toFixed(2).padStart(9)} ${m.offUs.toFixed(2).padStart(9)} ${m.addedUs.toFixed(2).padStart(12)}`;
  process.stdout.write(
    [
      `\nredaction: the bench's writes redacted in this process, ${cost.iterations} of each (CPU µs per write; the budget is 10 µs added)`,
      `${"write".padEnd(30)} ${"on".padStart(9)} ${"off".padStart(9)} ${"added".padStart(12)}`,
      row("POST lessons (a capture)", cost.lesson),
      row("POST tool-calls (a call)", cost.toolCall),
      "",
    ].join("\n"),
  );
}
