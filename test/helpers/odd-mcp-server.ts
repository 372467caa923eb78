// A hand-written stdio MCP peer that answers as the SDK's McpServer never would: batches, null results, and bytes a JSON round trip would change.
// Run it with `node --import tsx test/helpers/odd-mcp-server.ts`.
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

/** Its failing answer, byte for byte: odd spacing, an integer past 2^53 and a \u escape, which JSON.parse then stringify would all rewrite. */
export const oddFailure = (id: unknown) =>
  `{"jsonrpc":"2.0", "id":${JSON.stringify(id)},"result":{"_meta":{"trace":12345678901234567890},"content":[ {"type":"text","text":"ValidationError: r\\u00e9gion inconnue"} ],"isError":true}}`;

const send = (line: string) => process.stdout.write(`${line}\n`);
const answer = (id: unknown, result: unknown) => JSON.stringify({ jsonrpc: "2.0", id, result });

function answerCall(message: { id?: unknown; params?: { name?: string; arguments?: { region?: string } } }): string {
  const { id, params } = message;
  switch (params?.name) {
    case "null_result":
      return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":null}`;
    case "null_error":
      return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"error":null}`;
    case "odd":
      return params.arguments?.region === "eu-west-1" ? answer(id, { content: [{ type: "text", text: "ok" }] }) : oddFailure(id);
    default:
      return answer(id, { content: [{ type: "text", text: `called ${params?.name ?? "nothing"}` }] });
  }
}

function reply(message: { id?: unknown; method?: string; params?: never }): string | null {
  if (message.id === undefined) return null;
  if (message.method === "initialize") return answer(message.id, { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "odd", version: "0.0.1" } });
  if (message.method === "tools/call") return answerCall(message);
  return answer(message.id, {});
}

// Serves only when run, so that a test can import oddFailure without it reading the test's stdin.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  createInterface({ input: process.stdin }).on("line", (line) => {
    const parsed = JSON.parse(line) as unknown;
    if (Array.isArray(parsed)) send(`[${parsed.map((message) => reply(message)).filter(Boolean).join(",")}]`);
    else {
      const out = reply(parsed as never);
      if (out) send(out);
    }
  });
}
