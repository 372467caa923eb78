// npm run demo: fills a running service with realistic agent traffic, then keeps a trickle going so the dashboard stays alive.
import { demoRequests, type DemoRequest } from "./stories.js";

const baseUrl = (process.env.AGENT_LESSONS_URL ?? "http://127.0.0.1:3000").replace(/\/$/, "");
const apiKey = process.env.AGENT_LESSONS_API_KEY;
const once = process.argv.includes("--once");
// A new round of stories every few seconds, one request at a time, like agents at work.
const TRICKLE_MS = 700;

async function send(request: DemoRequest): Promise<void> {
  const response = await fetch(`${baseUrl}${request.path}`, {
    method: request.method,
    headers: { "content-type": "application/json", ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: JSON.stringify(request.body),
  });
  if (!response.ok) throw new Error(`${request.method} ${request.path}: ${response.status} ${await response.text()}`);
}

async function main(): Promise<void> {
  const first = demoRequests(0);
  for (const request of first) await send(request);
  console.log(`Sent ${first.length} requests to ${baseUrl}. Open ${baseUrl}/dashboard`);
  if (once) return;
  console.log("Sending more agent traffic until Ctrl-C…");
  for (let round = 1; ; round += 1) {
    for (const request of demoRequests(round)) {
      await send(request);
      await new Promise((resolve) => setTimeout(resolve, TRICKLE_MS));
    }
  }
}

main().catch((error: unknown) => {
  console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
  if (String(error).includes("fetch failed")) console.error(`Is the service running? Start it with npm start (it listens on ${baseUrl}).`);
  process.exit(1);
});
