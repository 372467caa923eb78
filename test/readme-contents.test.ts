// The README's table of contents lists every section, in order, and every link within the README leads to a heading.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const README = readFileSync(fileURLToPath(new URL("../README.md", import.meta.url)), "utf8");

/** Headings outside code blocks (a prompt shown in a block has lines like "## INSTRUCTIONS"). */
function headings(markdown: string): Array<{ level: number; text: string }> {
  let inBlock = false;
  return markdown.split("\n").flatMap((line) => {
    if (line.startsWith("```")) inBlock = !inBlock;
    const heading = !inBlock && /^(#{1,6}) (.+)$/.exec(line);
    return heading ? [{ level: heading[1]!.length, text: heading[2]! }] : [];
  });
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replaceAll(" ", "-");
}

describe("the README's headings", () => {
  const all = headings(README);
  const anchors = new Set(all.map((heading) => anchorOf(heading.text)));

  it("are all in the table of contents, in the README's order", () => {
    const contents = README.split("\n## Contents\n")[1]!.split("\n## ")[0]!;
    const listed = [...contents.matchAll(/^- \[[^\]]+\]\(#([^)]+)\)/gm)].map((match) => match[1]);
    const sections = all.filter((heading) => heading.level === 2 && heading.text !== "Contents").map((heading) => anchorOf(heading.text));
    expect(listed).toEqual(sections);
  });

  it("are where every link to a place in the README leads", () => {
    const targets = [...README.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]!);
    expect(targets.length).toBeGreaterThan(20);
    expect(targets.filter((target) => !anchors.has(target))).toEqual([]);
  });
});
