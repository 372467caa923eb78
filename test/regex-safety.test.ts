// Every regular expression the service and the command line run is linear in its input, as a ReDoS analyser finds it.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { check } from "recheck";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { mightHoldPattern } from "../src/domain/redaction/redactor.js";
import { pathPattern } from "../src/plugins/route-table.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SOURCES = ["src", "clients/cli/src"];

interface FoundRegex {
  where: string;
  source: string;
  flags: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|mts)$/.test(name) && !name.endsWith(".d.ts"))
    .map((name) => join(ROOT, dir, name));
}

/** Every regex literal, and every `new RegExp(...)` whose pattern is a literal, with the line it is on. */
function regexesOf(file: string): { literals: FoundRegex[]; dynamic: string[] } {
  const text = readFileSync(file, "utf8");
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const literals: FoundRegex[] = [];
  const dynamic: string[] = [];
  const where = (node: ts.Node) => `${relative(ROOT, file)}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const closing = node.text.lastIndexOf("/");
      literals.push({ where: where(node), source: node.text.slice(1, closing), flags: node.text.slice(closing + 1) });
    } else if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern && ts.isStringLiteral(pattern)) {
        literals.push({ where: where(node), source: pattern.text, flags: flags && ts.isStringLiteral(flags) ? flags.text : "" });
      } else dynamic.push(where(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return { literals, dynamic };
}

const found = SOURCES.flatMap(sourceFiles).map(regexesOf);
const literals = found.flatMap((file) => file.literals);

/**
 * The pattern with every counted repetition cut to at most 3 (`{1,256}` → `{1,3}`, `{20,}` → `{2,}`). A
 * repetition bounded by n costs at most n steps per try, so a pattern that is linear once its counts are
 * small is linear as written, times a constant: the analyser's fuzzer cannot tell {1,256} from + below 256.
 */
function withSmallCounts(source: string): string {
  return source
    .replace(/\{(\d+),(\d+)\}/g, (_all, least: string, most: string) => `{${Math.min(Number(least), 2)},${Math.min(Number(most), 3)}}`)
    .replace(/\{(\d+),\}/g, (_all, least: string) => `{${Math.min(Number(least), 2)},}`)
    .replace(/\{(\d+)\}/g, (_all, count: string) => `{${Math.min(Number(count), 3)}}`);
}

/** recheck's verdict on the pattern as written, else on it with small counts; null when linear. */
async function nonLinear(regex: FoundRegex): Promise<string | null> {
  const asWritten = await check(regex.source, regex.flags, { timeout: 2_000 });
  if (asWritten.status === "safe") return null;
  const bounded = await check(withSmallCounts(regex.source), regex.flags, { timeout: 10_000 });
  if (bounded.status === "safe") return null;
  const complexity = "complexity" in bounded && bounded.complexity ? ` (${bounded.complexity.summary})` : "";
  return `${regex.where} /${regex.source}/${regex.flags}: ${bounded.status}${complexity}`;
}

/** Runs `work` on every item, `width` at a time. */
async function inBatches<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += width) results.push(...(await Promise.all(items.slice(i, i + width).map(work))));
  return results;
}

describe("regular expressions", () => {
  it("are found in the sources (the scan itself works)", () => {
    expect(literals.length).toBeGreaterThan(50);
    expect(withSmallCounts("a{1,256}b{20,}c{40}")).toBe("a{1,3}b{2,}c{3}");
  });

  it("are each linear in their input, by recheck's analysis", { timeout: 180_000 }, async () => {
    const flagged = (await inBatches(literals, 4, nonLinear)).filter((verdict) => verdict !== null);
    expect(flagged).toEqual([]);
  });

  it("are told apart from backtracking ones (the check can fail)", { timeout: 60_000 }, async () => {
    const quadratic = { where: "here", source: "([A-Z]+)([A-Z][a-z])", flags: "g" };
    expect(await nonLinear(quadratic)).toMatch(/vulnerable/);
    expect(await nonLinear({ where: "here", source: "\\s*\\n\\s*", flags: "g" })).toMatch(/vulnerable/);
  });

  it("are built at run time only by builders whose every pattern is checked here", { timeout: 60_000 }, async () => {
    expect(found.flatMap((file) => file.dynamic).map((where) => where.split(":")[0]).sort()).toEqual(["src/domain/redaction/redactor.ts", "src/plugins/route-table.ts"]);
    const built = [
      mightHoldPattern(["ssn", "card.number", "x-(secret)*"]),
      pathPattern("/tasks/:task_id/lessons/:lesson_id"),
      pathPattern("/dashboard/*"),
      pathPattern("/openapi.json"),
    ];
    const verdicts = await inBatches(built, 4, (regex) => nonLinear({ where: "built", source: regex.source, flags: regex.flags }));
    expect(verdicts).toEqual([null, null, null, null]);
  });
});
