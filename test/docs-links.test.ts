// The README and docs/*.md: every relative link and anchor leads somewhere, every page links back, and the README stays short.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PAGES = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`)];
const read = (page: string) => readFileSync(join(ROOT, page), "utf8");

/** The lines outside fenced code blocks (a prompt shown in a block has lines like "## INSTRUCTIONS"), with their numbers. */
function prose(markdown: string): Array<{ line: string; number: number }> {
  let fence: string | null = null;
  return markdown.split("\n").flatMap((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return [];
    }
    return fence === null ? [{ line, number: index + 1 }] : [];
  });
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replaceAll(" ", "-");
}

/** Every anchor of a page, a repeated heading's with -1, -2… as GitHub numbers them. */
function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { line } of prose(markdown)) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The links and images of a page's prose, with the line they are on; code spans are no links. */
function linksOf(markdown: string): Array<{ target: string; number: number }> {
  return prose(markdown).flatMap(({ line, number }) =>
    [...line.replace(/`[^`]*`/g, "code").matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => ({ target: match[1]!, number })),
  );
}

describe("the documentation's links", () => {
  it("is checked on the README and every page of docs/", () => {
    expect(PAGES).toEqual(expect.arrayContaining(["README.md", "docs/api.md", "docs/concepts.md", "docs/configuration.md"]));
    expect(linksOf(read("README.md")).filter(({ target }) => target.startsWith("docs/")).length).toBeGreaterThan(30);
  });

  it.each(PAGES)("%s: every relative link leads to a file, and every anchor to a heading", (page) => {
    const broken = linksOf(read(page)).flatMap(({ target, number }) => {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return [];
      const [path, anchor] = target.split("#", 2) as [string, string | undefined];
      const file = path === "" ? page : relative(ROOT, join(ROOT, dirname(page), decodeURI(path)));
      if (!existsSync(join(ROOT, file))) return [`line ${number}: ${target} (no file ${file})`];
      if (anchor === undefined || anchor === "") return [];
      if (!file.endsWith(".md")) return [`line ${number}: ${target} (an anchor into a file that is not Markdown)`];
      return anchorsOf(read(file)).has(anchor) ? [] : [`line ${number}: ${target} (no heading #${anchor} in ${file})`];
    });
    expect(broken).toEqual([]);
  });

  it.each(PAGES.filter((page) => page !== "README.md"))("%s: starts with its title, says what it covers, and links back to the README", (page) => {
    const [title, blank, statement] = read(page).split("\n");
    expect(title).toMatch(/^# \S/);
    expect(blank).toBe("");
    expect(read(page).split("\n").slice(2, 6).join("\n")).toContain("](../README.md)");
    expect(statement!.length).toBeGreaterThan(20);
  });
});

describe("the README", () => {
  const readme = read("README.md");

  it("is at most 300 lines and 40 KB", () => {
    expect(readme.trimEnd().split("\n").length).toBeLessThanOrEqual(300);
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(40_000);
  });

  it("lists every one of its sections in its contents, in order", () => {
    const contents = readme.split("\n## Contents\n")[1]!.split("\n## ")[0]!;
    const listed = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]);
    const sections = prose(readme)
      .flatMap(({ line }) => /^## (.+)$/.exec(line)?.[1] ?? [])
      .filter((heading) => heading !== "Contents")
      .map(slug);
    expect(listed).toEqual(sections);
  });

  it("has no line longer than 400 characters outside code blocks", () => {
    expect(prose(readme).filter(({ line }) => line.length > 400).map(({ number, line }) => `line ${number}: ${line.slice(0, 60)}…`)).toEqual([]);
  });
});

describe("GitHub's anchors, as computed here", () => {
  it("drop punctuation and code marks, keep underscores and hyphens, and number repeats", () => {
    expect(slug("Any MCP client: `agent-lessons mcp-proxy`")).toBe("any-mcp-client-agent-lessons-mcp-proxy");
    expect(slug("Writes confirmed by a replica: REDIS_WAIT_REPLICAS=1 (2026-12-02)")).toBe("writes-confirmed-by-a-replica-redis_wait_replicas1-2026-12-02");
    expect([...anchorsOf("## A\n\n```\n## A\n```\n\n## A\n\n## B\n")]).toEqual(["a", "a-1", "b"]);
  });
});
