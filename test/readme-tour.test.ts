// Runs the README's five-minute tour, as a reader would paste it, against a fresh service, and checks every answer it shows.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerMatches, shownAsPattern, tourSteps } from "./helpers/readme-steps.js";
import { startServerProcess, type ServerProcess } from "./helpers/server-process.js";

const README = readFileSync(fileURLToPath(new URL("../README.md", import.meta.url)), "utf8");
const { tour, continued } = tourSteps(README);
// The tour talks to the service `npm start` runs; the test's own service listens on a free port instead.
const TOUR_ORIGIN = /\b(?:localhost|127\.0\.0\.1):3000\b/g;

describe("the matcher of shown answers", () => {
  it("takes … for anything, with the spaces and commas around it, and a line break for any whitespace or none", () => {
    const shown = '{"id":"call-0001", …, "known_fix":{"times_applied":1,\n  "offer_id":"offer-1"}, …}';
    expect(answerMatches(shown, '{"id":"call-0001","tool_name":"search","known_fix":{"times_applied":1,"offer_id":"offer-1"},"redactions":0}')).toBe(true);
    expect(answerMatches("## A\n\n- b", "## A\n\n- b\n")).toBe(true);
  });

  it("takes lesson ids and timestamps for any lesson id and any timestamp, and nothing else", () => {
    const shown = '{"lesson_id":"lsn_b63d4291eb9342c68b20a579c7889db0","at":"2026-11-30T20:41:05.791Z"}';
    expect(answerMatches(shown, '{"lesson_id":"lsn_00000000000000000000000000000000","at":"2027-01-01T00:00:00.000Z"}')).toBe(true);
    expect(answerMatches(shown, '{"lesson_id":"lsn_1","at":"2027-01-01T00:00:00.000Z"}')).toBe(false);
    expect(answerMatches(shown, '{"lesson_id":"lsn_00000000000000000000000000000000","at":"yesterday"}')).toBe(false);
  });

  it("fails on any other difference", () => {
    const shown = '{"id":"call-0002", …, "fix_for":"call-0001", …}';
    expect(answerMatches(shown, '{"id":"call-0002","fix_for":"call-0003","x":1}')).toBe(false);
    expect(answerMatches(shown, '{"id":"call-0002","fix_for":"call-0001"')).toBe(false);
    expect(answerMatches("Error Type: TimeoutError", "Error Type: TypeError")).toBe(false);
    expect(shownAsPattern("a.b").test("axb")).toBe(false);
  });
});

describe("the README's five-minute tour", () => {
  let service: ServerProcess;
  let home: string;
  beforeAll(async () => {
    // A directory of its own: no .env of the checkout, and no ~/.curlrc, can change what the service or curl does.
    home = mkdtempSync(join(tmpdir(), "agent-lessons-tour-"));
    // What `npm start` runs, with nothing set but the port: the embedded store, no API key.
    service = await startServerProcess({}, 20_000, "dist/server.js", home);
  });
  afterAll(async () => {
    await service?.stop();
    rmSync(home, { recursive: true, force: true });
  });

  const run = async (command: string) => {
    expect(command.match(TOUR_ORIGIN), `every command talks to the service: ${command}`).not.toBeNull();
    const { stdout } = await promisify(execFile)("bash", ["-o", "pipefail", "-c", command.replace(TOUR_ORIGIN, service.baseUrl.slice("http://".length))], {
      cwd: home,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home },
      timeout: 10_000,
    });
    return stdout;
  };

  it("shows an answer under every one of its commands, and under those that go on from its data", () => {
    expect(tour.length).toBeGreaterThanOrEqual(7);
    expect(continued.length).toBeGreaterThan(0);
    expect([...tour, ...continued].filter((step) => step.shown === "").map((step) => step.command)).toEqual([]);
  });

  // In the README's order: each step counts on what the ones before it sent, as a reader's would.
  [...tour, ...continued].forEach((step, index) => {
    it(`answers step ${index + 1}: ${step.command.split("\n")[0]!.slice(0, 100)}`, async () => {
      const answer = await run(step.command);
      expect(answerMatches(step.shown, answer), `the README shows:\n${step.shown}\n\nthe service answered:\n${answer}`).toBe(true);
    });
  });
});
