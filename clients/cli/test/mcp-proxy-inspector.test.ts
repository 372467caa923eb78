// agent-lessons mcp-proxy started the way the MCP Inspector's CLI starts a server: the `--` dropped on the command line, kept from a config file.
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_COMMAND, ROOT } from "../../../test/helpers/cli.js";
import { uniqueId } from "../../../test/helpers/fixtures.js";
import { startServerProcess, type ServerProcess } from "../../../test/helpers/server-process.js";

let service: ServerProcess;
const clients: Client[] = [];

beforeAll(async () => {
  service = await startServerProcess({ LOG_LEVEL: "warn" }, 20_000, "dist/server.js");
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await service?.stop();
});

/**
 * What `npx @modelcontextprotocol/inspector --cli agent-lessons mcp-proxy FLAGS -- SERVER… --method tools/list`
 * hands to its StdioClientTransport: the Inspector (1.x and 2.x alike) takes the first `--` for the end of its
 * own options and drops it, so the proxy gets `mcp-proxy FLAGS SERVER…`. From `--config` with `--server`, the
 * 2.x Inspector passes the entry's args as they are written, `--` included.
 */
const LAUNCHES = {
  "from its command line, which drops the --": (flags: string[]) => ["mcp-proxy", ...flags, ...FIXTURE_COMMAND],
  "from an mcpServers entry of --config, which keeps the --": (flags: string[]) => ["mcp-proxy", ...flags, "--", ...FIXTURE_COMMAND],
};

describe("mcp-proxy under the MCP Inspector's CLI", () => {
  it.each(Object.keys(LAUNCHES) as Array<keyof typeof LAUNCHES>)("started %s, serves the wrapped server's tools and records a call made through it", async (launch) => {
    const name = uniqueId("insp").replaceAll(/[^A-Za-z0-9_-]/g, "_");
    const session = uniqueId("inspector");
    // The command by name, found on PATH as npm links it, and only the SDK's default environment (HOME, PATH…):
    // the 2.x Inspector passes no other variable but those given with -e, so the service is given as a flag.
    const transport = new StdioClientTransport({
      command: "agent-lessons",
      args: LAUNCHES[launch](["--url", service.baseUrl, "--name", name, "--session", session]),
      env: { PATH: `${join(ROOT, "node_modules/.bin")}:${process.env.PATH ?? ""}` },
      cwd: ROOT,
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const client = new Client({ name: "inspector-cli", version: "1.0.0" });
    clients.push(client);
    await client.connect(transport);

    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("deploy");
    const failed = await client.callTool({ name: "deploy", arguments: { region: "us-east-9" } });
    expect(failed).toEqual({ content: [{ type: "text", text: "ValidationError: region us-east-9 is not available" }], isError: true });

    const recorded = async () => {
      const response = await fetch(`${service.baseUrl}/sessions/${session}/tool-calls`);
      return ((await response.json()) as { calls: Array<Record<string, unknown>> }).calls;
    };
    await expect.poll(recorded).toMatchObject([{ tool_name: `mcp__${name}__deploy`, outcome: "failure", error_type: "ValidationError", arguments: { region: "us-east-9" } }]);
    expect(stderr).toBe("");
  });
});
