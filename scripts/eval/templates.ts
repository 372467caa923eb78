// npm run eval:templates -- <dir>: grouping accuracy (GA) of failure templates on a Loghub-style directory, beside the signatures before templates.
// Each system's messages go one at a time, in file order, through the miner the service uses, from an empty state,
// and as lessons through the service itself (an in-process app on the embedded store), grouped by the signature each 201 carries.
import { pathToFileURL } from "node:url";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { maskMessage } from "../../src/domain/failures/masking.js";
import { emptyTemplateState, learnTemplate, templateIdOf } from "../../src/domain/failures/templates.js";
import { failureSignature } from "../../src/domain/lessons/signature.js";
import { groupingAccuracy } from "./grouping-accuracy.js";
import { readSystem, systemsIn } from "./loghub.js";

/** The template id of each message, learned online in order from an empty state. */
export function learnedTemplateIds(messages: readonly string[]): string[] {
  let state = emptyTemplateState();
  return messages.map((message) => {
    const learned = learnTemplate(state, message);
    state = learned.state;
    return learned.templateId;
  });
}

/**
 * The signature the service gives each message captured as a lesson, one request at a time, in order, on
 * a fresh service: what a tenant whose agents failed with these messages would see.
 */
export async function signaturesThroughService(messages: readonly string[]): Promise<string[]> {
  const app = await buildApp(loadConfig({ LOG_LEVEL: "silent" }), { logger: false });
  try {
    const signatures: string[] = [];
    for (const [i, message] of messages.entries()) {
      const payload = { attempt_number: i + 1, tier: 1, error_type: "Error", error_message: message };
      const reply = await app.inject({ method: "POST", url: "/tasks/loghub/lessons", payload });
      if (reply.statusCode !== 201) throw new Error(`message ${i + 1} was answered ${reply.statusCode}: ${reply.body}`);
      signatures.push((reply.json() as { signature: string }).signature);
    }
    return signatures;
  } finally {
    await app.close();
  }
}

/** What each way of grouping scores on one system. */
export interface SystemScores {
  system: string;
  templates: number;
  /** null when the run left the service out. */
  service: number | null;
  maskingOnly: number;
  signatures: number;
}

export async function scoreSystem(dir: string, name: string, { service = true } = {}): Promise<SystemScores> {
  const { messages, truth } = readSystem(dir, name);
  return {
    system: name,
    templates: groupingAccuracy(learnedTemplateIds(messages), truth),
    service: service ? groupingAccuracy(await signaturesThroughService(messages), truth) : null,
    // The first step alone: messages whose masked tokens are the same share a group.
    maskingOnly: groupingAccuracy(messages.map((message) => templateIdOf(maskMessage(message).tokens)), truth),
    // The lesson signatures before templates, all under one error type.
    signatures: groupingAccuracy(messages.map((message) => failureSignature("Error", message)), truth),
  };
}

export function markdownTable(rows: readonly SystemScores[]): string {
  const mean = (pick: (row: SystemScores) => number | null) => rows.reduce((sum, row) => sum + (pick(row) ?? Number.NaN), 0) / rows.length;
  const cell = (value: number | null) => (value === null || Number.isNaN(value) ? "—" : value.toFixed(3));
  return [
    "| System | Templates (masking, then online mining) | Signatures through the service | Masking alone | Signatures before templates |",
    "|---|---:|---:|---:|---:|",
    ...rows.map((row) => `| ${row.system} | ${cell(row.templates)} | ${cell(row.service)} | ${cell(row.maskingOnly)} | ${cell(row.signatures)} |`),
    `| **Average** | **${cell(mean((row) => row.templates))}** | **${cell(mean((row) => row.service))}** | **${cell(mean((row) => row.maskingOnly))}** | **${cell(mean((row) => row.signatures))}** |`,
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv.slice(2).find((arg) => !arg.startsWith("--"));
  const service = !process.argv.includes("--no-service");
  if (!dir) {
    console.error("usage: npm run eval:templates -- <dir> [--no-service]   (a directory of <System>/<System>_2k.log_structured.csv)");
    process.exit(2);
  }
  const systems = systemsIn(dir);
  if (systems.length === 0) {
    console.error(`${dir} holds no <System>/<System>_2k.log_structured.csv`);
    process.exit(1);
  }
  const rows: SystemScores[] = [];
  for (const name of systems) rows.push(await scoreSystem(dir, name, { service }));
  console.log(markdownTable(rows));
}
