// The dashboard's views in real Chromium, on both stores: the feed's history, the time range, the empty overview's hint, a tool's view, sessions, the filter boxes, and the screenshots the README shows.
/// <reference lib="dom" />
import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/browser.js";
import { useDashboard } from "../helpers/dashboard-harness.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const HOUR_MS = 3_600_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Where a screenshot goes: docs/ when DASHBOARD_SCREENSHOT=1 (npm run screenshot), else a temporary folder. */
function screenshotPath(name: string): string {
  if (process.env.DASHBOARD_SCREENSHOT === "1") return join(process.cwd(), "docs", name);
  const dir = join(tmpdir(), "agent-lessons-dashboard");
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

describe.each(bothStores())("the dashboard's views (%s store)", (_name, factory: StoreFactory) => {
  const h = useDashboard(() => browser, factory);

  it("starts the feed with the last 50 events, each with its local time and its task or session linked, then goes live", async () => {
    await h.start();
    await h.seed(0);
    await h.seed(1);
    const { page, problems } = await h.open("/dashboard#/");
    const items = page.locator("#feed li");
    await expect.poll(() => items.count()).toBe(50);
    // Newest first: the top entry is the last event the demo's second round wrote.
    const ids = await items.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-event-id")!));
    const ms = ids.map((id) => Number(id.split("-")[0]) * 1e4 + Number(id.split("-")[1]));
    expect(ms).toEqual([...ms].sort((a, b) => b - a));
    // Each time is the event's, as the reader's own clock shows it (the page's locale and time zone).
    const times = await page.locator("#feed li > time").evaluateAll((nodes) =>
      nodes.map((node) => ({ datetime: node.getAttribute("datetime")!, text: node.textContent!, local: new Date(node.getAttribute("datetime")!).toLocaleTimeString() })),
    );
    expect(times).toHaveLength(50);
    for (const { datetime, text, local } of times) {
      expect(Math.abs(Date.parse(datetime) - Date.now())).toBeLessThan(5 * 60_000);
      expect(text).toBe(local);
    }
    expect(times[0]!.datetime).toBe(new Date(Number(ids[0]!.split("-")[0])).toISOString());
    const lessonLink = page.locator("#feed li.lesson-captured a").first();
    expect(await lessonLink.getAttribute("href")).toMatch(/^#\/tasks\/[^/]+-1$/);
    const callLinks = await page.locator("#feed li.tool_call-recorded").first().locator("a").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("href")));
    expect(callLinks).toEqual([expect.stringMatching(/^#\/sessions\/[^/]+-1$/), expect.stringMatching(/^#\/tools\//)]);

    await h.feedOpen();
    await h.send({ method: "POST", path: "/tasks/live-task/lessons", body: { attempt_number: 1, tier: 1, error_type: "TimeoutError", error_message: "after the history" } });
    await page.locator("#feed li", { hasText: "after the history" }).waitFor({ timeout: 5000 });
    expect(await items.first().textContent()).toContain("after the history");
    await lessonLink.click();
    await page.getByRole("heading", { name: /^Task / }).waitFor();
    expect(problems).toEqual([]);
  });

  it("switches the overview between the last hour, day and 7 days, and keeps the choice", async () => {
    await h.start();
    h.behindMs = 3 * 24 * HOUR_MS;
    await h.seed(0);
    h.behindMs = 5 * HOUR_MS;
    await h.seed(1);
    h.behindMs = 0;
    await h.send({ method: "POST", path: "/tasks/just-now/lessons", body: { attempt_number: 1, tier: 1, error_type: "TimeoutError", error_message: "now", tokens_used: 1234, duration_ms: 90_000 } });

    const { page, problems } = await h.open("/dashboard#/");
    const failures = page.locator('#overview-cards [data-card="failures"]');
    await expect.poll(() => failures.locator(".card-value").textContent()).toBe("1");
    expect(await page.locator('#overview-range button[aria-pressed="true"]').textContent()).toBe("Last hour");
    expect(await page.locator('#overview-cards [data-card="tokens"]').textContent()).toContain("1,234");
    expect(await page.locator('#overview-cards [data-card="tokens"]').textContent()).toContain("1.5 min");
    expect(await page.locator("#calls-chart").textContent()).toContain("No tool call in the last hour.");

    await page.getByRole("button", { name: "Last day" }).click();
    await expect.poll(() => failures.locator(".card-value").textContent()).toBe("12");
    expect(await failures.textContent()).toContain("last day");
    expect(await page.locator("#calls-caption").textContent()).toMatch(/^Tool calls per hour, since /);
    await page.locator("#calls-chart canvas").waitFor();

    await page.getByRole("button", { name: "Last 7 days" }).click();
    await expect.poll(() => failures.locator(".card-value").textContent()).toBe("23");
    expect(await page.locator('#overview-cards [data-card="calls"]').locator(".card-value").textContent()).toBe("26");
    expect(await page.locator('#overview-range button[aria-pressed="true"]').textContent()).toBe("Last 7 days");
    // The axis starts where the data does (the hour before the calls 3 days ago), not 7 days back.
    const firstHour = new Date(Math.floor((Date.now() - 3 * 24 * HOUR_MS) / HOUR_MS) * HOUR_MS - HOUR_MS).toISOString();
    const expected = await page.evaluate((iso) => {
      const date = new Date(iso);
      return `Tool calls per hour, since ${date.toLocaleDateString([], { weekday: "short", day: "numeric" })} ${date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`;
    }, firstHour);
    expect(await page.locator("#calls-caption").textContent()).toBe(expected);

    await page.reload();
    await expect.poll(() => failures.locator(".card-value").textContent()).toBe("23");
    expect(await page.locator('#overview-range button[aria-pressed="true"]').textContent()).toBe("Last 7 days");
    expect(problems).toEqual([]);
  });

  it("tells a tenant with nothing recorded how to fill the overview, and drops the hint once something is", async () => {
    await h.start();
    const { page, problems } = await h.open("/dashboard#/");
    const hint = page.locator("#overview-empty");
    await hint.waitFor();
    expect(await hint.textContent()).toContain("Nothing to show yet.");
    expect(await hint.locator("code").textContent()).toBe("npm run demo");
    // Empty on the longest range too.
    await page.getByRole("button", { name: "Last 7 days" }).click();
    await expect.poll(() => page.locator('#overview-range button[aria-pressed="true"]').textContent()).toBe("Last 7 days");
    expect(await hint.isVisible()).toBe(true);

    await h.feedOpen();
    await h.send({ method: "POST", path: "/sessions/first-agent/tool-calls", body: { tool_name: "web_search", arguments: { query: "agent memory" }, outcome: "success" } });
    // The call's event brings a redraw of the overview (within 2 s), which has something to show.
    await hint.waitFor({ state: "hidden", timeout: 8000 });
    expect(await page.locator('#overview-cards [data-card="calls"] .card-value').textContent()).toBe("1");

    // A fresh load with data never shows it: the cards are drawn after the hint's state is set.
    await page.reload();
    await expect.poll(() => page.locator('#overview-cards [data-card="calls"] .card-value').textContent()).toBe("1");
    expect(await hint.isHidden()).toBe(true);
    expect(problems).toEqual([]);
  });

  it("redraws a chart in place as time passes: the newest bar joins the older ones instead of falling off the edge", async () => {
    await h.start();
    const call = (n: number) => h.send({ method: "POST", path: "/sessions/clock/tool-calls", body: { tool_name: "t", arguments: { n }, outcome: "success" } });
    // The service's clock starts 8 minutes behind, then jumps to now: the page's next draw is 8 minutes later.
    h.behindMs = 8 * 60_000;
    await call(1);
    const { page, problems } = await h.open("/dashboard#/");
    await page.locator("#calls-chart canvas").waitFor();
    /** Runs of canvas columns painted in the succeeded bars' green: one per bar drawn. */
    const bars = () =>
      page.evaluate(() => {
        const canvas = document.querySelector<HTMLCanvasElement>("#calls-chart canvas")!;
        const { data, width, height } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
        let runs = 0;
        let inRun = false;
        for (let x = 0; x < width; x += 1) {
          let green = false;
          for (let y = 0; y < height && !green; y += 2) {
            const i = (y * width + x) * 4;
            green = Math.abs(data[i]! - 22) < 12 && Math.abs(data[i + 1]! - 163) < 12 && Math.abs(data[i + 2]! - 74) < 12;
          }
          if (green && !inRun) runs += 1;
          inRun = green;
        }
        return runs;
      });
    await expect.poll(bars).toBe(1);
    await h.feedOpen();
    h.behindMs = 0;
    await call(2);
    // The event brings a redraw of the same chart (within 2 s); both bars are in it.
    await expect.poll(bars, { timeout: 8000 }).toBe(2);
    expect(problems).toEqual([]);
  });

  it("opens a tool from the tools table: its fixes and their efficacy, its recent sessions and its success over time", async () => {
    await h.start();
    await h.seed(0);
    const { page, problems } = await h.open("/dashboard#/tools");
    await page.getByRole("link", { name: "web_search" }).click();
    await page.getByRole("heading", { name: "Tool web_search" }).waitFor();
    expect(page.url()).toMatch(/#\/tools\/web_search$/);

    const timeout = page.locator("#tool-errors section", { hasText: "TimeoutError" });
    await timeout.waitFor();
    expect(await timeout.locator("h4").textContent()).toBe("TimeoutError · 2 failures");
    const fix = timeout.locator("tbody tr").first();
    // The fix shows as its fix_text (values whole), not its typical_fix (values cut to 20 characters).
    expect(await fix.locator("td").allTextContents()).toEqual(["change max_results: 50 → 10", "2", "1", "1 / 1", expect.stringMatching(/^0\.\d\d$/), "offered", expect.stringMatching(/ago$/)]);
    // Both, linked (their order, the latest first, is the contract suite's to check: these two may call within a millisecond).
    expect((await page.locator("#tool-sessions tbody a").evaluateAll((nodes) => nodes.map((node) => node.textContent))).sort()).toEqual(["data-42e0", "research-19bc"]);
    expect(await page.locator("#tool-cards").textContent()).toContain("50% succeeded");
    await page.locator("#tool-chart canvas").waitFor();
    expect(await page.locator("#tool-chart .u-legend").textContent()).toBe("FailedSucceeded");

    await page.getByRole("button", { name: "Last 7 days" }).click();
    await expect.poll(() => page.locator('#tool-range button[aria-pressed="true"]').textContent()).toBe("Last 7 days");
    // The cards change once the week's activity has come back, after the button shows it pressed: poll for them.
    await expect.poll(() => page.locator("#tool-cards").textContent()).toContain("last 7 days");
    await page.locator("#tool-chart canvas").waitFor();

    await page.locator("#tool-sessions").getByRole("link", { name: "data-42e0" }).click();
    await page.getByRole("heading", { name: "Session data-42e0" }).waitFor();

    expect(problems).toEqual([]);

    // A tool nobody called: its knowledge is a 404 (which the browser logs), and the view says so.
    await page.goto(`${h.baseUrl}/dashboard#/tools/never-called`);
    await page.getByText("No session of this tenant has called this tool").waitFor();
    expect(problems.filter((problem) => !problem.endsWith("/tools/never-called") && !problem.includes("status of 404"))).toEqual([]);
  });

  it("lists sessions and shows one: its calls, the fixes detected in it and its prompt", async () => {
    await h.start();
    await h.seed(0);
    const { page, problems } = await h.open("/dashboard#/");
    await page.getByRole("link", { name: "Sessions", exact: true }).click();
    const rows = page.locator("#sessions-table tbody tr");
    await expect.poll(() => rows.count()).toBe(3);
    const coder = rows.filter({ hasText: "coder-7f3a" });
    expect(await coder.locator("td").allTextContents()).toEqual(["coder-7f3a", "5", "60%", "2", "3", expect.stringMatching(/ago$/)]);

    await coder.getByRole("link").click();
    await page.getByRole("heading", { name: "Session coder-7f3a" }).waitFor();
    expect(await page.locator("#session-calls tbody tr").count()).toBe(5);
    expect(await page.locator("#session-calls tbody tr").first().locator("td").first().textContent()).toBe("call-0005");
    expect(await page.locator("#session-fixes tbody tr td:nth-child(2)").allTextContents()).toEqual(["call-0004", "call-0002"]);
    expect(await page.locator("#session-detail .prompt").textContent()).toContain("<procedural_memory>");
    await page.locator("#session-calls").getByRole("link", { name: "run_tests" }).first().click();
    await page.getByRole("heading", { name: "Tool run_tests" }).waitFor();
    expect(problems).toEqual([]);
  });

  it("filters tasks, sessions and tools by the start of their id or name", async () => {
    await h.start();
    await h.seed(0);
    await h.seed(1);
    const { page, problems } = await h.open("/dashboard#/tasks");
    const tasks = page.locator("#tasks-table tbody tr");
    await expect.poll(() => tasks.count()).toBe(10);
    await page.getByLabel("Task id starts with").fill("migrate");
    await expect.poll(() => tasks.count()).toBe(2);
    expect((await tasks.locator("td:first-child").allTextContents()).sort()).toEqual(["migrate-orders-table", "migrate-orders-table-1"]);
    await page.getByLabel("Task id starts with").fill("nothing-like-this");
    await expect.poll(() => tasks.textContent()).toBe("No tasks start with “nothing-like-this”.");
    // A character no id has is not sent: the table says so, and the page makes no failing request.
    await page.getByLabel("Task id starts with").fill("a b");
    await expect.poll(() => tasks.textContent()).toBe("Ids have only letters, digits and . _ : -");

    await page.getByRole("link", { name: "Sessions", exact: true }).click();
    const sessions = page.locator("#sessions-table tbody tr");
    await expect.poll(() => sessions.count()).toBe(6);
    await page.getByLabel("Session id starts with").fill("data-");
    await expect.poll(() => sessions.count()).toBe(2);
    expect(await sessions.locator("td:first-child").allTextContents()).toEqual(expect.arrayContaining(["data-42e0", "data-42e0-1"]));

    await page.getByRole("link", { name: "Tools", exact: true }).click();
    const tools = page.locator("#tools-table tbody tr");
    await expect.poll(() => tools.count()).toBe(6);
    await page.getByLabel("Tool name starts with").fill("web");
    await expect.poll(() => tools.locator("td:first-child").allTextContents()).toEqual(["web_search"]);
    expect(problems).toEqual([]);
  });

  it("reads well with fresh data and with a day of it (the README's screenshots)", async () => {
    await h.start();
    // A day of agents at work: the demo's stories, told again every other hour.
    for (let hour = 24; hour >= 2; hour -= 2) {
      h.behindMs = hour * HOUR_MS;
      await h.seed(hour);
    }
    h.behindMs = 0;
    await h.seed(0);
    const { page, problems } = await h.open("/dashboard#/");
    await page.getByRole("button", { name: "Last day" }).click();
    const calls = page.locator('#overview-cards [data-card="calls"]').locator(".card-value");
    await expect.poll(() => calls.textContent()).toBe("156");
    await page.locator("#calls-chart canvas").waitFor();
    await page.locator("#feed li").nth(49).waitFor();
    // The bars span the day: the chart starts an hour before its first hour with calls, 22 hours ago.
    const firstHour = new Date(Math.floor((Date.now() - 22 * HOUR_MS) / HOUR_MS) * HOUR_MS - HOUR_MS).toISOString();
    const expected = await page.evaluate((iso) => `Tool calls per hour, since ${new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`, firstHour);
    expect(await page.locator("#calls-caption").textContent()).toBe(expected);
    await page.screenshot({ path: screenshotPath("dashboard-day.png"), fullPage: true });

    await page.getByRole("button", { name: "Last hour" }).click();
    await expect.poll(() => calls.textContent()).toBe("13");
    await page.screenshot({ path: screenshotPath("dashboard.png"), fullPage: true });
    expect(problems).toEqual([]);
  });
});
