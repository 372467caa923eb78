// Reading a command line that runs another one (mcp-proxy): the proxy's own flags, then the wrapped server's command, with or without `--`.
import { describe, expect, it } from "vitest";
import { splitAtCommand } from "../src/settings.js";

const OPTIONS = {
  name: { type: "string", short: "n" },
  "timeout-ms": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

const split = (args: string[]) => splitAtCommand(args, OPTIONS);

describe("splitAtCommand", () => {
  it("starts the same command whether the client kept the -- (a config file's args) or dropped it (the MCP Inspector's --cli)", () => {
    const server = ["npx", "-y", "@modelcontextprotocol/server-filesystem", "/home/me/project"];
    expect(split(["--name", "filesystem", "--", ...server])).toEqual({ own: ["--name", "filesystem"], command: server, separated: true });
    expect(split(["--name", "filesystem", ...server])).toEqual({ own: ["--name", "filesystem"], command: server, separated: false });
  });

  it("takes a flag's value with it, given apart or with =, long or short, and leaves everything from the command on to the command", () => {
    expect(split(["--name=fs", "--timeout-ms", "300", "-n", "other", "node", "server.js", "--help", "--", "x"])).toEqual({
      own: ["--name=fs", "--timeout-ms", "300", "-n", "other"],
      command: ["node", "server.js", "--help", "--", "x"],
      separated: false,
    });
    expect(split(["-h", "node"])).toEqual({ own: ["-h"], command: ["node"], separated: false });
  });

  it("keeps a flag it does not know among its own, so that it is refused rather than run", () => {
    expect(split(["--nmae", "fs", "node"])).toEqual({ own: ["--nmae"], command: ["fs", "node"], separated: false });
  });

  it("never takes -- as a flag's value, and finds no command when there is none", () => {
    expect(split(["--name", "--", "node"])).toEqual({ own: ["--name"], command: ["node"], separated: true });
    expect(split(["--name", "fs"])).toEqual({ own: ["--name", "fs"], command: [], separated: false });
    expect(split(["--name", "fs", "--"])).toEqual({ own: ["--name", "fs"], command: [], separated: true });
    expect(split([])).toEqual({ own: [], command: [], separated: false });
  });
});
