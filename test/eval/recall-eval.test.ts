// npm run eval:recall end to end on a Loghub-style directory written from our own agent-style fixtures: capture, hold out, ask.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { heldOut, recallTable, scoreRecall } from "../../scripts/eval/recall.js";

interface Fixture {
  group: string;
  message: string;
}

const FIXTURES: Fixture[] = JSON.parse(readFileSync(new URL("../fixtures/failures/agent-errors.json", import.meta.url), "utf8"));
const csvField = (text: string) => `"${text.replaceAll('"', '""')}"`;

const dir = mkdtempSync(join(tmpdir(), "recall-eval-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the recall evaluation", () => {
  it("holds out a tenth of each template (at least one line), leaving out templates of one line", () => {
    const truth = [...Array<string>(25).fill("a"), "b", "c", "c"];
    const { held, singletons } = heldOut(truth, 1);
    expect(singletons).toBe(1);
    expect([...held].filter((i) => truth[i] === "a")).toHaveLength(3);
    expect([...held].filter((i) => truth[i] === "c")).toHaveLength(1);
    expect([...held].some((i) => truth[i] === "b")).toBe(false);
    expect(heldOut(truth, 1).held).toEqual(held);
  });

  it("recalls each held-out agent failure's own template first", { timeout: 60_000 }, async () => {
    mkdirSync(join(dir, "Agents"));
    const rows = ["LineId,Content,EventId", ...FIXTURES.map((fixture, i) => `${i + 1},${csvField(fixture.message)},${fixture.group}`)];
    writeFileSync(join(dir, "Agents", "Agents_2k.log_structured.csv"), `${rows.join("\n")}\n`);
    const scores = await scoreRecall(dir, "Agents");
    const groups = new Set(FIXTURES.map((fixture) => fixture.group));
    expect(scores.queries + scores.singletons).toBe(groups.size);
    expect(scores.queries).toBeGreaterThan(5);
    expect(scores).toMatchObject({ r1: 1, r5: 1, mrr: 1 });
    expect(recallTable([scores])).toContain("| Agents |");
  });
});
