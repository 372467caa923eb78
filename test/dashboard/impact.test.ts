// The dashboard's Impact view in real Chromium, on both stores: offered fixes as a funnel and a table, attempts saved, the worst and best fixes, and the empty state of a fresh tenant.
/// <reference lib="dom" />
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Store } from "../../src/storage/port.js";
import { buildTestApp } from "../helpers/app.js";
import { launchChromium, watchProblems } from "../helpers/browser.js";
import { uniqueId } from "../helpers/fixtures.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const WRITER = "impact-key-writer-0123456789";
// The dashboard reads with a key that can only read, as the README recommends.
const READER = "impact-key-reader-0123456789";
const FRESH_READER = "impact-key-fresh-reader-0123456789";
const KEYS = `${WRITER}:tenant-a,${READER}:tenant-a:read,${FRESH_READER}:tenant-fresh:read`;
// Agent text that ends up in a fix's words (fix_text): it must show as text.
const MARKUP_MODE = "<i id=fx>b</i>";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface Efficacy {
  tools: Record<string, number | null>;
  lessons: Record<string, number | null>;
  best_fixes: Array<{ tool_name: string; efficacy: { score: number } }>;
  worst_fixes: Array<{ tool_name: string; efficacy: { score: number } }>;
}

describe.each(bothStores())("the Impact view (%s store)", (_name, factory: StoreFactory) => {
  let app: FastifyInstance;
  let store: Store;
  let baseUrl: string;
  let context: BrowserContext;

  afterEach(async () => {
    await context?.close();
    await app?.close();
    await store?.close();
  });

  async function start() {
    store = await factory();
    app = await buildTestApp(store, { API_KEYS: KEYS });
    await app.listen({ port: 0, host: "127.0.0.1" });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  }

  async function send(method: "POST" | "PUT", path: string, body: unknown) {
    const response = await fetch(`${baseUrl}${path}`, { method, headers: { "content-type": "application/json", authorization: `Bearer ${WRITER}` }, body: JSON.stringify(body) });
    expect(response.status, `${method} ${path}`).toBeLessThan(300);
    return response.json();
  }

  /** One tool call of a session; answers what the service said back (a failure carries its known_fix). */
  function call(session: string, tool_name: string, args: Record<string, unknown>, outcome: "success" | "failure", error_type?: string) {
    return send("POST", `/sessions/${session}/tool-calls`, { tool_name, arguments: args, outcome, ...(error_type ? { error_type } : {}) });
  }

  /**
   * Sessions that learn a fix for each of two tools, then sessions offered those fixes: one adopts and
   * succeeds, one succeeds another way, one has not called again; for render, one ignores the fix and
   * three adopt it and fail, which retires it. Two tasks with the same failure: the second is offered
   * what resolved the first.
   */
  async function seedOffers() {
    const session = () => uniqueId("session");
    const learner = session();
    await call(learner, "search", { query: "a", timeout: 5 }, "failure", "timeout");
    await call(learner, "search", { query: "a", timeout: 30 }, "success");
    const worked = session();
    expect((await call(worked, "search", { query: "b", timeout: 5 }, "failure", "timeout")).known_fix).not.toBeNull();
    await call(worked, "search", { query: "b", timeout: 30 }, "success");
    const otherFix = session();
    await call(otherFix, "search", { query: "c", timeout: 5 }, "failure", "timeout");
    await call(otherFix, "search", { query: "c", timeout: 5, retries: 3 }, "success");
    await call(session(), "search", { query: "d", timeout: 5 }, "failure", "timeout");

    const renderLearner = session();
    await call(renderLearner, "render", { mode: "a" }, "failure", "bad_args");
    await call(renderLearner, "render", { mode: MARKUP_MODE }, "success");
    // The next failures are of an error type nobody fixed yet, so they are offered nothing more.
    const ignored = session();
    expect((await call(ignored, "render", { mode: "a" }, "failure", "bad_args")).known_fix).not.toBeNull();
    await call(ignored, "render", { mode: "a" }, "failure", "server_error");
    for (let i = 0; i < 3; i += 1) {
      const adopter = session();
      expect((await call(adopter, "render", { mode: "a" }, "failure", "bad_args")).known_fix).not.toBeNull();
      await call(adopter, "render", { mode: MARKUP_MODE }, "failure", "server_error");
    }

    const failure = { tier: 1, error_type: "ImportError", error_message: "No module named 'left_pad'" };
    const first = uniqueId("task");
    await send("POST", `/tasks/${first}/lessons`, { attempt_number: 1, ...failure });
    await send("POST", `/tasks/${first}/lessons`, { attempt_number: 2, ...failure });
    await send("PUT", `/tasks/${first}/resolution`, { attempt_number: 3, approach: "Install left_pad before the run" });
    const second = uniqueId("task");
    const offered = await send("POST", `/tasks/${second}/lessons`, { attempt_number: 1, ...failure });
    expect(offered.known_fixes).toHaveLength(1);
    await send("PUT", `/tasks/${second}/resolution`, { attempt_number: 2, approach: "Install left_pad before the run" });
  }

  async function efficacy(key: string): Promise<Efficacy> {
    const response = await fetch(`${baseUrl}/efficacy`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as Efficacy;
  }

  /** Opens the Impact view with a key already in the tab, as after entering it once. */
  async function openImpact(key: string): Promise<{ page: Page; problems: string[] }> {
    const page = await context.newPage();
    const problems = watchProblems(page);
    page.on("dialog", (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await page.addInitScript((value) => sessionStorage.setItem("agent-lessons.api-key", value), key);
    await page.goto(`${baseUrl}/dashboard#/impact`);
    return { page, problems };
  }

  const cellsOf = (page: Page, selector: string) =>
    page.locator(`${selector} tbody tr`).evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll("td"), (cell) => cell.textContent ?? "")));

  it("shows offered, adopted and worked as bars and every outcome as a table, with the attempts a known fix saved", async () => {
    await start();
    await seedOffers();
    const served = await efficacy(READER);
    expect(served.tools).toMatchObject({ offered: 7, adopted: 4, worked: 1, failed: 3, other_fix: 1, ignored: 1, pending: 1 });
    const { page, problems } = await openImpact(READER);

    await page.locator("#impact-funnel .funnel li").first().waitFor();
    expect(await page.locator("#impact-empty").isHidden()).toBe(true);
    const funnel = await page.locator("#impact-funnel li").evaluateAll((items) =>
      items.map((item) => ({
        step: item.querySelector(".funnel-label")?.textContent,
        count: item.querySelector(".funnel-value")?.textContent,
        width: (item.querySelector(".funnel-bar") as HTMLElement).getBoundingClientRect().width / (item.querySelector(".funnel-track") as HTMLElement).clientWidth,
      })),
    );
    expect(funnel.map(({ step, count }) => [step, count])).toEqual([
      ["Offered", "7"],
      ["Adopted", "4"],
      ["Worked", "1"],
    ]);
    // Each bar is as long as its share of the offers (within a pixel's rounding).
    expect(funnel.map(({ width }) => Math.round(width * 100))).toEqual([100, 57, 14]);

    const outcomes = Object.fromEntries((await cellsOf(page, "#impact-table")).map(([name, count]) => [name, count]));
    expect(outcomes).toEqual({
      Offered: "7",
      Adopted: "4",
      Worked: "1",
      Failed: "3",
      "Other fix": "1",
      Ignored: "1",
      Pending: "1",
      "Adoption rate": "66.7%",
      "Success rate when adopted": "25%",
    });
    expect(await page.locator("#impact-table thead th[scope=col]").count()).toBe(3);

    expect(served.lessons).toMatchObject({ tasks_offered: 1, tasks_resolved_after_offer: 1, tasks_resolved_without_offer: 1, mean_attempts_with_offer: 2, mean_attempts_without_offer: 3 });
    expect(await page.locator("#impact-sentence").textContent()).toMatch(/^Tasks offered a known fix resolved in 2\.0 attempts, 1\.0 fewer than without \(3\.0\)\./);
    expect(await page.locator("#impact-attempts .card-value").allTextContents()).toEqual(["2.0", "3.0", served.lessons.mean_attempts_after_offer === null ? "–" : (served.lessons.mean_attempts_after_offer as number).toFixed(1)]);
    expect(problems).toEqual([]);
  });

  it("lists the worst and best fixes with their tool's link, how often they worked, their score and a retired badge", async () => {
    await start();
    await seedOffers();
    const served = await efficacy(READER);
    const { page, problems } = await openImpact(READER);

    await page.locator("#impact-worst tbody tr").first().waitFor();
    const [worst] = await cellsOf(page, "#impact-worst");
    expect(worst).toEqual(["render", "bad_args", expect.stringContaining(MARKUP_MODE), "0 / 3", "4", served.worst_fixes[0]!.efficacy.score.toFixed(2), "retired"]);
    expect(await page.locator("#impact-worst tbody tr").first().locator(".badge.retired").count()).toBe(1);
    const [best] = await cellsOf(page, "#impact-best");
    // The fix shows as its fix_text (values whole), not its typical_fix (values cut to 20 characters).
    expect(best).toEqual(["search", "timeout", "change timeout: 5 → 30", "1 / 1", "3", served.best_fixes[0]!.efficacy.score.toFixed(2), "offered"]);
    // Agent text in a fix is text: no element of it exists in the page.
    expect(await page.evaluate(() => document.getElementById("fx"))).toBeNull();

    const link = page.locator("#impact-worst tbody tr").first().getByRole("link", { name: "render" });
    expect(await link.getAttribute("href")).toBe("#/tools/render");
    await link.click();
    // The tool's own view, where the retired fix shows with its badge beside its error.
    await page.getByRole("heading", { name: "Tool render" }).waitFor();
    const retired = page.locator("#tool-errors tbody tr", { has: page.locator(".badge.retired") });
    await retired.waitFor();
    expect(await retired.locator("td").first().textContent()).toBe(worst![2]);
    expect(problems).toEqual([]);
  });

  it("on a fresh tenant, explains what will appear once fixes are offered", async () => {
    await start();
    await seedOffers();
    const { page, problems } = await openImpact(FRESH_READER);

    await page.locator("#impact-empty").waitFor();
    expect(await page.locator("#impact-empty").textContent()).toContain("No fix has been offered yet.");
    expect(await page.locator("#impact-body").isHidden()).toBe(true);
    // Another tenant's fixes never show.
    expect(await page.locator("main").textContent()).not.toContain("render");
    expect(problems).toEqual([]);
  });
});
