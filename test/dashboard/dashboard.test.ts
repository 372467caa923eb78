// The dashboard in real Chromium, on both stores: it loads cleanly, shows the demo traffic and its charts, follows the live feed, asks for keys, and shows agent text as text.
/// <reference lib="dom" />
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoRequests } from "../../scripts/demo/stories.js";
import { launchChromium } from "../helpers/browser.js";
import { useDashboard } from "../helpers/dashboard-harness.js";
import { uniqueId } from "../helpers/fixtures.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const KEY_A = "dashboard-key-alpha-0123456789";
const KEY_B = "dashboard-key-bravo-9876543210";
// What the README recommends for a dashboard: a key that can only read.
const KEY_A_READ = "dashboard-key-alpha-read-only-0123";
const XSS_MESSAGE = "<img src=x onerror=alert(1)>";
const XSS_GOAL = '<b id="injected">bold goal</b>';
const XSS_ARGUMENT = "<script>window.__pwned = true</script>";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(bothStores())("the dashboard (%s store)", (_name, factory: StoreFactory) => {
  const h = useDashboard(() => browser, factory);

  it("loads cleanly, shows the seeded tasks and tools, and draws its charts", async () => {
    await h.start();
    await h.seed();
    const { page, problems } = await h.open();

    await page.getByText("tasks active in the last hour").waitFor();
    expect(await page.locator("#overview-cards .card-value").allTextContents()).toEqual(["5", "3", "11", "13", expect.stringMatching(/^\d{1,3}(,\d{3})*$/)]);
    // uPlot draws on canvases; each chart must have painted pixels, not just exist.
    await page.locator("#failures-chart canvas").waitFor();
    const painted = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLCanvasElement>(".chart canvas")).map((canvas) => {
        const pixels = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
        let opaque = 0;
        for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) opaque += 1;
        return opaque;
      }),
    );
    expect(painted).toHaveLength(2);
    for (const count of painted) expect(count).toBeGreaterThan(100);
    // Each fact once: the categories are bars with their counts as text, not a chart and a table of the same.
    expect(await page.locator("#category-bars li").count()).toBe(8);
    expect(await page.locator("#category-bars li", { hasText: "timeout" }).locator(".hbar-value").textContent()).toBe("2");
    expect(await page.locator("#overview-view table:not(.u-legend)").count()).toBe(1);
    // Legends name the series and show no placeholder values.
    expect(await page.locator("#calls-chart .u-legend").textContent()).toBe("FailedSucceeded");
    expect(await page.locator("#overview-view").textContent()).not.toContain("--");
    // No label is cut or broken inside a word: each fits its own box on one line.
    const broken = await page.evaluate(() =>
      Array.from(document.querySelectorAll("#overview-view .hbar-label, #overview-view code, #overview-view .card-value, #overview-view figcaption"))
        .filter((node) => node.scrollWidth > node.clientWidth + 1 || (node.matches("code, .hbar-label") && node.getClientRects().length > 1))
        .map((node) => node.textContent),
    );
    expect(broken).toEqual([]);
    // The latency table names each timed tool once, linked to its view.
    expect(await page.locator("#latency-table tbody tr").count()).toBeGreaterThan(0);
    expect(await page.locator("#latency-table a").first().getAttribute("href")).toMatch(/^#\/tools\//);

    await page.getByRole("link", { name: "Tasks", exact: true }).click();
    const tasks = page.locator("#tasks-table tbody tr");
    await expect.poll(() => tasks.count()).toBe(5);
    expect(await page.locator("#tasks-table").textContent()).toContain("migrate-orders-table");

    await page.getByRole("link", { name: "migrate-orders-table" }).click();
    await page.getByRole("heading", { name: "Failure signatures" }).waitFor();
    expect(await page.locator(".prompt").textContent()).toContain("PREVIOUS ATTEMPT #3 FAILED");
    expect(await page.locator("#task-detail").textContent()).toContain("permission denied for table orders");

    await page.getByRole("link", { name: "Tools", exact: true }).click();
    await expect.poll(() => page.locator("#tools-table tbody tr").count()).toBe(6);
    const webSearch = page.locator("#tools-table tbody tr", { hasText: "web_search" });
    expect(await webSearch.textContent()).toContain("TimeoutError 2");

    // Back to the overview while agents keep working: the feed follows them.
    await page.goto(`${h.baseUrl}/dashboard#/`);
    await page.locator("#calls-chart canvas").waitFor();
    await h.feedOpen();
    for (const request of demoRequests(1).slice(0, 8)) await h.send(request);
    await expect.poll(() => page.locator("#feed li").count()).toBeGreaterThanOrEqual(8);
    // The newest first: this round's call, above the same call of the round the feed's history showed.
    const failedCall = page.locator("#feed li", { hasText: "sql_query timeout" }).first();
    expect(await failedCall.textContent()).toMatch(/QueryTimeout$/);
    expect(problems).toEqual([]);
  });

  it("shows a lesson in the live feed within 2 s of its POST", async () => {
    await h.start();
    const { page, problems } = await h.open();
    await page.getByText("tasks active in the last hour").waitFor();
    await h.feedOpen();

    const task = uniqueId("task");
    await h.send({ method: "POST", path: `/tasks/${task}/lessons`, body: { attempt_number: 1, tier: 1, error_type: "TimeoutError", error_message: "live from the test" } });
    await page.locator("#feed li", { hasText: "live from the test" }).waitFor({ timeout: 2000 });
    expect(await page.locator("#feed li").first().textContent()).toContain(task);
    expect(problems).toEqual([]);
  });

  it("shows markup from agents as text, and runs none of it", async () => {
    await h.start();
    const task = uniqueId("task");
    const session = uniqueId("session");
    const { page, problems } = await h.open();
    await page.getByText("tasks active in the last hour").waitFor();
    await h.feedOpen();
    await h.send({ method: "POST", path: `/tasks/${task}/lessons`, body: { attempt_number: 1, tier: 1, error_type: "TypeError", error_message: XSS_MESSAGE } });
    await h.send({ method: "POST", path: `/sessions/${session}/tool-calls`, body: { tool_name: "render", arguments: { html: XSS_ARGUMENT }, outcome: "failure", error_type: "<i>Bad</i>", context_goal: XSS_GOAL } });

    await page.locator("#feed li", { hasText: XSS_MESSAGE }).waitFor({ timeout: 5000 });
    await page.locator("#feed li", { hasText: "__pwned" }).waitFor({ timeout: 5000 });
    await page.goto(`${h.baseUrl}/dashboard#/tasks/${task}`);
    await page.locator("#task-detail", { hasText: XSS_MESSAGE }).waitFor();
    await page.goto(`${h.baseUrl}/dashboard#/tools`);
    await page.locator("#tools-table", { hasText: "<i>Bad</i>" }).waitFor();
    // The views of one session and one tool show the same text as text.
    await page.goto(`${h.baseUrl}/dashboard#/sessions/${session}`);
    await page.locator("#session-calls", { hasText: "__pwned" }).waitFor();
    await page.goto(`${h.baseUrl}/dashboard#/tools/render`);
    await page.locator("#tool-errors", { hasText: "<i>Bad</i>" }).waitFor();

    const injected = await page.evaluate(() => ({
      images: document.querySelectorAll("main img").length,
      bold: document.getElementById("injected"),
      italics: document.querySelectorAll("main i").length,
      pwned: (window as unknown as { __pwned?: boolean }).__pwned ?? false,
    }));
    expect(injected).toEqual({ images: 0, bold: null, italics: 0, pwned: false });
    expect(problems).toEqual([]);
  });

  it("with keys configured, asks for one, says so when it is wrong, and shows only its tenant's data, with a read-only key", async () => {
    await h.start({ API_KEYS: `${KEY_A}:tenant-a,${KEY_B}:tenant-b,${KEY_A_READ}:tenant-a:read` });
    await h.seed(0, KEY_A);
    await h.send({ method: "POST", path: "/tasks/only-for-tenant-b/lessons", body: { attempt_number: 1, tier: 1, error_type: "SecretError", error_message: "tenant b's secret" } }, KEY_B);
    const { page, problems } = await h.open();

    await page.getByLabel("API key").waitFor();
    expect(await page.locator("#key-message").textContent()).toContain("asks for an API key");
    await page.getByLabel("API key").fill("not-a-real-key-at-all-0000");
    await page.getByRole("button", { name: "Use this key" }).click();
    await page.getByText("That API key was not accepted (401)").waitFor();

    await page.getByLabel("API key").fill(KEY_A_READ);
    await page.keyboard.press("Enter");
    await page.getByText("tasks active in the last hour").waitFor();
    await page.getByRole("link", { name: "Tasks", exact: true }).click();
    await expect.poll(() => page.locator("#tasks-table tbody tr").count()).toBe(5);
    const text = await page.locator("main").textContent();
    expect(text).not.toContain("only-for-tenant-b");
    expect(text).not.toContain("tenant b's secret");
    // The key lives in this tab's sessionStorage and never in a URL.
    expect(await page.evaluate(() => sessionStorage.getItem("agent-lessons.api-key"))).toBe(KEY_A_READ);
    expect(page.url()).not.toContain(KEY_A_READ);
    // Every view, the live feed too, needs no more than reading: no 403 on the way.
    await page.getByRole("link", { name: "Tools", exact: true }).click();
    await page.locator("#tools-table tbody tr").first().waitFor();
    // The wrong key's 401s are expected; nothing else may fail.
    expect(problems.filter((problem) => !problem.startsWith("HTTP 401") && !problem.includes("401 (Unauthorized)"))).toEqual([]);
  });

  it("is usable by keyboard, with semantic sortable tables, at 1280 px and at 390 px", async () => {
    await h.start();
    await h.seed();
    const { page, problems } = await h.open("/dashboard#/tasks");
    await expect.poll(() => page.locator("#tasks-table tbody tr").count()).toBe(5);
    expect(await page.locator("#tasks-table thead th[scope=col]").count()).toBe(7);

    const sortByFailures = page.locator('#tasks-table th[data-key="total_captured"] button');
    await sortByFailures.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator('#tasks-table th[data-key="total_captured"]').getAttribute("aria-sort")).toBe("descending");
    const failures = await page.locator("#tasks-table tbody tr td:nth-child(3)").allTextContents();
    expect(failures.map(Number)).toEqual([...failures.map(Number)].sort((a, b) => b - a));
    // Focus stays on the header button, so Enter again reverses the order.
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator('#tasks-table th[data-key="total_captured"]').getAttribute("aria-sort")).toBe("ascending");

    // Tab reaches the first task link, and Enter opens it.
    await page.locator('#tasks-table th[data-key="updated_at"] button').focus();
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("href"));
    expect(focused).toMatch(/^#\/tasks\//);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Lessons", exact: true }).waitFor();

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`${h.baseUrl}/dashboard#/`);
      await page.locator("#calls-chart canvas").waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ width, overflow }).toEqual({ width, overflow: 0 });
    }
    expect(problems).toEqual([]);
  });
});
