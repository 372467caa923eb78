// A stdio MCP server for the proxy's tests and bench, written with the MCP SDK's McpServer: tools that fail and succeed, a resource, a prompt, and a way to exit.
// Run it with `node --import tsx test/helpers/mcp-fixture-server.ts`.
import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { UrlElicitationRequiredError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

/** The one region `deploy` accepts; any other fails with a ValidationError. */
export const GOOD_REGION = "eu-west-1";

const server = new McpServer(
  { name: "fixture", version: "1.2.3", title: "Fixture MCP server" },
  { capabilities: { logging: {}, completions: {} }, instructions: "A fixture for agent-lessons' tests: deploy needs the right region." },
);
let cancellations = 0;

const text = (value: string) => ({ content: [{ type: "text" as const, text: value }] });

server.registerTool(
  "deploy",
  { description: "Deploys to a region; fails unless the region is right", inputSchema: { region: z.string(), replicas: z.number().int().optional() } },
  async ({ region }) =>
    region === GOOD_REGION
      ? text(`deployed to ${region}`)
      : { content: [{ type: "text" as const, text: `ValidationError: region ${region} is not available` }], isError: true },
);

server.registerTool("echo", { description: "Answers its text", inputSchema: { text: z.string() } }, async ({ text: value }) => text(value));

server.registerTool(
  "slow",
  { description: "Answers after ms milliseconds, or counts a cancellation", inputSchema: { ms: z.number().int().min(0) } },
  async ({ ms }, extra) => {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      extra.signal.addEventListener("abort", () => (clearTimeout(timer), (cancellations += 1), resolve()), { once: true });
    });
    return text(`waited ${ms} ms`);
  },
);

server.registerTool(
  "slow_progress",
  { description: "Answers after ms milliseconds, reporting progress every `every` ms", inputSchema: { ms: z.number().int().min(0), every: z.number().int().min(10) } },
  async ({ ms, every }, extra) => {
    const token = extra._meta?.progressToken;
    for (let waited = 0; waited < ms; waited += every) {
      await new Promise((resolve) => setTimeout(resolve, every));
      if (token !== undefined) await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: waited + every, total: ms } });
    }
    return text(`waited ${ms} ms with progress`);
  },
);

server.registerTool("roots", { description: "Asks the client for its roots: a request from the server to the client" }, async () => {
  const { roots } = await server.server.listRoots();
  return text(JSON.stringify(roots));
});

server.registerTool("stats", { description: "What the server saw: cancellations and its pid" }, async () =>
  text(JSON.stringify({ cancellations, pid: process.pid })),
);

server.registerTool(
  "progress",
  { description: "Sends two progress notifications, then answers" },
  async (extra) => {
    const token = extra._meta?.progressToken;
    if (token !== undefined) {
      for (const progress of [1, 2]) {
        await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress, total: 2 } });
      }
    }
    await server.sendLoggingMessage({ level: "info", data: "progress done" });
    return text("done");
  },
);

server.registerTool("authorize", { description: "Always asks the user to sign in: a JSON-RPC error" }, async () => {
  throw new UrlElicitationRequiredError([{ mode: "url", message: "Sign in first", elicitationId: "sign-in", url: "https://example.com/sign-in" }]);
});

server.registerTool(
  "add_tool",
  { description: "Registers one more tool, so the server announces a changed list", inputSchema: { name: z.string() } },
  async ({ name }) => {
    server.registerTool(name, { description: "Added at run time" }, async () => text(name));
    return text(`added ${name}`);
  },
);

server.registerTool(
  "exit",
  { description: "Exits the server with the given code, without answering", inputSchema: { code: z.number().int().min(0).max(255) } },
  async ({ code }) => process.exit(code),
);

server.registerResource("config", "config://app", { description: "The app's settings", mimeType: "application/json" }, async (uri) => ({
  contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify({ region: GOOD_REGION }) }],
}));

server.registerResource(
  "note",
  new ResourceTemplate("notes://{id}", { list: undefined, complete: { id: (value) => ["alpha", "beta", "gamma"].filter((id) => id.startsWith(value)) } }),
  { description: "A note by id" },
  async (uri, { id }) => ({ contents: [{ uri: uri.href, text: `note ${String(id)}` }] }),
);

server.registerPrompt(
  "review",
  { description: "Asks for a review of some code", argsSchema: { code: z.string() } },
  ({ code }) => ({ messages: [{ role: "user", content: { type: "text", text: `Please review:\n${code}` } }] }),
);

await server.connect(new StdioServerTransport());
