// The dashboard's Recall view in real Chromium, on both stores: a pasted failure phrased with other values finds its template and what fixed it, linked to its task or tool; nothing met says so; agent text stays text.
/// <reference lib="dom" />
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../helpers/browser.js";
import { useDashboard } from "../helpers/dashboard-harness.js";
import { uniqueId } from "../helpers/fixtures.js";
import { bothStores, type StoreFactory } from "../helpers/stores.js";

const TIMEOUT = "Connection to db-7.internal:5432 timed out after 30000 ms while running migration 0042_add_index";
// The same failure as an on-call engineer pastes it: other host, other numbers, another migration.
const PASTED_TIMEOUT = "Connection to db-9.internal:5432 timed out after 100 ms while running migration 0100_orders";
// The same again with the stack under it, as a log shows it.
const PASTED_TRACE = [
  PASTED_TIMEOUT,
  "    at Client._connect (/srv/api/node_modules/pg/lib/client.js:123:45)",
  "    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
].join("\n");
const APPROACH = "raised statement_timeout to 120 s for migrations";
const ENOENT = "ENOENT: no such file or directory, open '/srv/app/config/settings.yml'";
// Agent text that ends up in a template: it must show as text and run nothing.
const MARKUP = "<img src=x onerror=window.__pwned=true> failed to render <b id=injected>widget</b>";
const KEY_WRITER = "recall-view-key-writer-0123456789";
// What the README recommends for a dashboard: a key that can only read, and recall needs no more.
const KEY_READER = "recall-view-key-reader-0123456789";

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(bothStores())("the Recall view (%s store)", (_name, factory: StoreFactory) => {
  const h = useDashboard(() => browser, factory);

  /** Opens the view from the page's navigation, as a person would. */
  async function openRecall(path = "/dashboard#/") {
    const opened = await h.open(path);
    await opened.page.getByRole("link", { name: "Recall", exact: true }).click();
    await opened.page.getByRole("heading", { name: "Recall", exact: true }).waitFor();
    return opened;
  }

  /** Pastes a text in the box and submits it with the button. */
  async function search(page: Page, text: string) {
    await page.getByLabel("Error or stack trace").fill(text);
    await page.getByRole("button", { name: "Recall", exact: true }).click();
  }

  it("finds a failure met with other values, pasted alone or with its stack: its template, 'same failure', what worked, and a link to the task that works", async () => {
    await h.start();
    const task = uniqueId("task");
    await h.send({ method: "POST", path: `/tasks/${task}/lessons`, body: { attempt_number: 1, tier: 1, error_type: "TimeoutError", error_message: TIMEOUT } });
    await h.send({ method: "PUT", path: `/tasks/${task}/resolution`, body: { attempt_number: 2, approach: APPROACH } });
    await h.send({ method: "POST", path: `/tasks/${uniqueId("task")}/lessons`, body: { attempt_number: 1, tier: 1, error_type: "ValueError", error_message: "invalid literal for int() with base 10: 'abc'" } });

    const { page, problems } = await openRecall();
    // The box is ready for a paste.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("recall-query");
    await search(page, PASTED_TIMEOUT);
    const first = page.locator("#recall-matches > li").first();
    await first.waitFor();
    expect(await page.locator("#recall-summary").textContent()).toMatch(/^\d+ failures? met before/);
    expect(await first.locator("h3").textContent()).toBe("lesson TimeoutError");
    expect(await first.locator(".template").textContent()).toContain("timed out after");
    expect(await first.locator(".why").textContent()).toContain("same failure");
    expect(await first.locator(".met").textContent()).toMatch(/^1 time, last \d+s ago$/);
    expect(await first.locator(".met time").getAttribute("datetime")).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await first.locator(".remedy .approach").textContent()).toBe(APPROACH);
    expect(await first.locator(".tasks a").allTextContents()).toEqual([task]);
    // The text went in the request's body: the address is the view's, whatever was pasted.
    expect(page.url()).toMatch(/\/dashboard#\/recall$/);

    await first.locator(".remedy").getByRole("link", { name: task }).click();
    await page.getByRole("heading", { name: `Task ${task}` }).waitFor();
    expect(page.url()).toMatch(new RegExp(`#/tasks/${task}$`));
    expect(await page.locator("#task-detail").textContent()).toContain(APPROACH);

    // Back from the task: the text and its answer are still there.
    await page.goBack();
    await page.getByRole("heading", { name: "Recall", exact: true }).waitFor();
    expect(await page.getByLabel("Error or stack trace").inputValue()).toBe(PASTED_TIMEOUT);
    expect(await first.locator(".remedy .approach").textContent()).toBe(APPROACH);

    // A whole stack trace pasted finds it first too, as the same failure (the error that heads it), with what worked.
    const template = await first.locator(".template").textContent();
    await search(page, PASTED_TRACE);
    await expect.poll(() => page.locator("#recall-results").getAttribute("aria-busy")).toBeNull();
    expect(await first.locator(".template").textContent()).toBe(template);
    expect(await first.locator(".why").textContent()).toContain("same failure");
    expect(await first.locator(".remedy .approach").textContent()).toBe(APPROACH);
    expect(problems).toEqual([]);
  });

  it("with a read-only key, finds a tool's failure by Ctrl+Enter: its fix_text, times applied, and links to its tool and session", async () => {
    await h.start({ API_KEYS: `${KEY_WRITER}:tenant-a,${KEY_READER}:tenant-a:read` });
    const session = uniqueId("session");
    await h.send({ method: "POST", path: `/sessions/${session}/tool-calls`, body: { tool_name: "read_file", arguments: { path: "config/settings.yml" }, outcome: "failure", error_type: "ENOENT", error_message: ENOENT } }, KEY_WRITER);
    await h.send({ method: "POST", path: `/sessions/${session}/tool-calls`, body: { tool_name: "read_file", arguments: { path: "config/settings.yaml" }, outcome: "success", result: "ok" } }, KEY_WRITER);
    await h.send({ method: "POST", path: `/tasks/${uniqueId("task")}/lessons`, body: { attempt_number: 1, tier: 1, error_type: "ENOENT", error_message: ENOENT } }, KEY_WRITER);

    const { page, problems } = await h.open("/dashboard#/recall");
    await page.getByLabel("API key").fill(KEY_READER);
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "Recall", exact: true }).waitFor();
    await page.getByLabel("Search").selectOption("tools");
    await page.getByLabel("Error or stack trace").fill("Error: ENOENT: no such file or directory, open '/home/ci/work/config/settings.yml'");
    await page.getByLabel("Error or stack trace").press("Control+Enter");

    const matches = page.locator("#recall-matches > li");
    await matches.first().waitFor();
    // Tools only: the lesson with the same message is left out.
    expect(await matches.count()).toBe(1);
    const tool = matches.first();
    expect(await tool.getAttribute("data-kind")).toBe("tool");
    expect(await tool.locator("h3").textContent()).toBe("tool failure ENOENT in read_file");
    expect(await tool.locator(".remedy code.fix").textContent()).toBe("change path: config/settings.yml → config/settings.yaml");
    expect(await tool.locator(".remedy").textContent()).toContain("applied 1 time");
    expect(await tool.locator(".sessions a").getAttribute("href")).toBe(`#/sessions/${session}`);
    expect(page.url()).toMatch(/#\/recall$/);

    await tool.locator("h3").getByRole("link", { name: "read_file" }).click();
    await page.getByRole("heading", { name: "Tool read_file" }).waitFor();
    expect(page.url()).toMatch(/#\/tools\/read_file$/);
    expect(problems.filter((problem) => !problem.startsWith("HTTP 401") && !problem.includes("401 (Unauthorized)"))).toEqual([]);
  });

  it("says 'Never met' for a failure the tenant has not met, and shows a problem's detail", async () => {
    await h.start();
    await h.send({ method: "POST", path: `/tasks/${uniqueId("task")}/lessons`, body: { attempt_number: 1, tier: 1, error_type: "TimeoutError", error_message: TIMEOUT } });
    const { page, problems } = await openRecall();
    await search(page, "quota exceeded for project billing-prod");
    await page.locator("#recall-summary", { hasText: "Never met." }).waitFor();
    expect(await page.locator("#recall-summary").textContent()).toBe("Never met. No failure this tenant has kept looks like this text.");
    expect(await page.locator("#recall-matches").count()).toBe(0);

    // A search that then meets something replaces the message.
    await search(page, TIMEOUT);
    await page.locator("#recall-matches > li").first().waitFor();
    expect(await page.locator("#recall-summary").textContent()).not.toContain("Never met");
    expect(problems).toEqual([]);

    // A problem answered (here a store that is down) shows its detail where the answer would be.
    await page.route("**/recall", (route) =>
      route.fulfill({ status: 503, contentType: "application/problem+json", body: JSON.stringify({ type: "about:blank", title: "Service Unavailable", status: 503, detail: "The store is unavailable; retry shortly" }) }),
    );
    await search(page, TIMEOUT);
    await page.locator("#recall-results .problem").waitFor();
    expect(await page.locator("#recall-results .problem").textContent()).toBe("Could not recall: The store is unavailable; retry shortly");
    expect(await page.locator("#recall-matches").count()).toBe(0);
    expect(problems.filter((problem) => !problem.includes("503"))).toEqual([]);
  });

  it("shows a template and an error type holding markup as text, and runs none of it", async () => {
    await h.start();
    const task = uniqueId("task");
    await h.send({ method: "POST", path: `/tasks/${task}/lessons`, body: { attempt_number: 1, tier: 1, error_type: "<i>RenderError</i>", error_message: MARKUP } });
    await h.send({ method: "PUT", path: `/tasks/${task}/resolution`, body: { attempt_number: 2, approach: "<script>window.__pwned = true</script> escaped the widget" } });
    const { page, problems } = await openRecall();
    await search(page, MARKUP);
    const first = page.locator("#recall-matches > li").first();
    await first.waitFor();
    expect(await first.locator(".template").textContent()).toContain("<img src=x onerror=");
    expect(await first.locator("h3 .error-type").textContent()).toBe("<i>RenderError</i>");
    expect(await first.locator(".remedy .approach").textContent()).toBe("<script>window.__pwned = true</script> escaped the widget");
    const injected = await page.evaluate(() => ({
      images: document.querySelectorAll("main img").length,
      bold: document.getElementById("injected"),
      italics: document.querySelectorAll("main i").length,
      scripts: document.querySelectorAll("main script").length,
      pwned: (window as unknown as { __pwned?: boolean }).__pwned ?? false,
    }));
    expect(injected).toEqual({ images: 0, bold: null, italics: 0, scripts: 0, pwned: false });
    expect(problems).toEqual([]);
  });
});
