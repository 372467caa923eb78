// Grouping accuracy of failure templates on agent-style error messages, as npm run eval:templates measures it on Loghub.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { groupingAccuracy } from "../../../scripts/eval/grouping-accuracy.js";
import { parseCsv } from "../../../scripts/eval/loghub.js";
import { learnedTemplateIds } from "../../../scripts/eval/templates.js";
import { failureSignature } from "../../../src/domain/lessons/signature.js";

const FIXTURES: Array<{ group: string; message: string }> = JSON.parse(
  readFileSync(new URL("../../fixtures/failures/agent-errors.json", import.meta.url), "utf8"),
);
const messages = FIXTURES.map((fixture) => fixture.message);
const truth = FIXTURES.map((fixture) => fixture.group);

describe("grouping agent-style failures", () => {
  it("puts every message, learned online in order, in exactly its true group", () => {
    expect(groupingAccuracy(learnedTemplateIds(messages), truth)).toBe(1);
  });

  it("does better than today's signatures on the same messages", () => {
    const today = groupingAccuracy(messages.map((message) => failureSignature("Error", message)), truth);
    expect(today).toBeLessThan(1);
  });
});

describe("grouping accuracy", () => {
  it("counts a message correct only when its predicted group is exactly its true group", () => {
    // a and b are split (both wrong); c and d are merged with e, which is another group (all three wrong); f is right.
    expect(groupingAccuracy(["1", "2", "3", "3", "3", "4"], ["A", "A", "C", "C", "E", "F"])).toBeCloseTo(1 / 6);
    expect(groupingAccuracy(["x", "x", "y"], ["A", "A", "B"])).toBe(1);
  });
});

describe("reading a Loghub CSV", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    const text = 'LineId,Content,EventId\r\n1,"a, b ""c""",E1\n2,"two\nlines",E2\n3,plain,E3';
    expect(parseCsv(text)).toEqual([
      ["LineId", "Content", "EventId"],
      ["1", 'a, b "c"', "E1"],
      ["2", "two\nlines", "E2"],
      ["3", "plain", "E3"],
    ]);
  });
});
