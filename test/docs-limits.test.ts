// docs/security.md's table of limits gives every limit the edge checks, with its value and what passing it answers.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { INPUT_LIMITS } from "../src/input-limits.js";

const PAGE = readFileSync(fileURLToPath(new URL("../docs/security.md", import.meta.url)), "utf8");
const rows = [...PAGE.matchAll(/^\| (.+) \| (.+) \| (.+) \|$/gm)].map((match) => ({ what: match[1]!, limit: match[2]!, answer: match[3]! }));

describe("the security page's limits", () => {
  it.each(Object.entries(INPUT_LIMITS))("lists %s with its value and its answer", (_name, { value, answer }) => {
    const row = rows.find((candidate) => candidate.limit.startsWith(`${value} `));
    expect(row, `no row of docs/security.md gives ${value}`).toBeDefined();
    expect(row!.answer.replaceAll("`", "")).toBe(answer);
  });
});
