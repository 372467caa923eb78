// The tools an agent has in a directory: Claude Code's own and those seen there, noted in a small file per directory that never stands in the agent's way.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_TOOLS_PER_PROJECT, projectToolsFile, rememberTools, toolsSeenIn } from "../src/project-tools.js";
import { createToolListWatch } from "../src/proxy/tool-list.js";

const freshEnv = () => ({ AGENT_LESSONS_STATE_DIR: mkdtempSync(join(tmpdir(), "agent-lessons-test-")) });

describe("the tools seen in a directory", () => {
  it("are kept per directory, each once, in the order first seen", () => {
    const env = freshEnv();
    rememberTools("/home/ada/web", ["Bash", "mcp__github__create_issue"], env);
    rememberTools("/home/ada/web", ["Bash", "Read"], env);
    rememberTools("/home/ada/other", ["mcp__db__query"], env);
    expect(toolsSeenIn("/home/ada/web", env)).toEqual(["Bash", "mcp__github__create_issue", "Read"]);
    expect(toolsSeenIn("/home/ada/other", env)).toEqual(["mcp__db__query"]);
    expect(toolsSeenIn("/home/ada/never", env)).toEqual([]);
    // The file says which directory it is about, for a person who looks.
    expect(readFileSync(projectToolsFile("/home/ada/web", env), "utf8").split("\n")[0]).toBe("# tools seen in /home/ada/web");
  });

  it("live under XDG_STATE_HOME, else ~/.local/state, when AGENT_LESSONS_STATE_DIR is not set", () => {
    expect(projectToolsFile("/p", { XDG_STATE_HOME: "/state" })).toMatch(/^\/state\/agent-lessons\/projects\/[0-9a-f]{24}$/);
    expect(projectToolsFile("/p", {})).toMatch(/\/\.local\/state\/agent-lessons\/projects\/[0-9a-f]{24}$/);
  });

  it("stop growing at their cap", () => {
    const env = freshEnv();
    const many = Array.from({ length: MAX_TOOLS_PER_PROJECT + 20 }, (_, i) => `tool_${i}`);
    rememberTools("/big", many, env);
    rememberTools("/big", ["one_more"], env);
    expect(toolsSeenIn("/big", env)).toEqual(many.slice(0, MAX_TOOLS_PER_PROJECT));
  });

  it("read a name written twice (two hooks at once) as one, and leave out a line still being written", () => {
    const env = freshEnv();
    rememberTools("/p", ["Bash"], env);
    const file = projectToolsFile("/p", env);
    writeFileSync(file, `${readFileSync(file, "utf8")}Bash\nGrep\nhalf`);
    expect(toolsSeenIn("/p", env)).toEqual(["Bash", "Grep"]);
  });

  it("never throw, when nothing can be written there", () => {
    const blocked = join(mkdtempSync(join(tmpdir(), "agent-lessons-test-")), "a-file");
    writeFileSync(blocked, "");
    const env = { AGENT_LESSONS_STATE_DIR: join(blocked, "under-a-file") };
    expect(() => rememberTools("/p", ["Bash"], env)).not.toThrow();
    expect(toolsSeenIn("/p", env)).toEqual([]);
  });
});

describe("the proxy's watch of tools/list", () => {
  it("hands over the names of the tools the server listed, as the proxy records them", () => {
    const lists: string[][] = [];
    const watch = createToolListWatch("fs", (names) => lists.push(names));
    expect(watch.waiting).toBe(false);
    watch.fromClient({ id: 7, method: "tools/list" });
    expect(watch.waiting).toBe(true);
    watch.fromServer({ id: 8, result: { tools: [{ name: "other" }] } });
    watch.fromServer({ id: 7, result: { tools: [{ name: "read_file" }, { name: "list_directory" }, { title: "no name" }] } });
    expect(lists).toEqual([["mcp__fs__read_file", "mcp__fs__list_directory"]]);
    expect(watch.waiting).toBe(false);
    // An error answer, or a listing never asked for, hands over nothing.
    watch.fromClient({ id: "a", method: "tools/list" });
    watch.fromServer({ id: "a", error: { code: -32601, message: "no" } });
    watch.fromServer({ id: 9, result: { tools: [{ name: "x" }] } });
    expect(lists).toHaveLength(1);
  });
});
