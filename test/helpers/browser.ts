// Debian's Chromium, driven by playwright-core: never a browser downloaded by a test tool.
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

/** Where the browser is: CHROMIUM_PATH, else Debian's package. A missing browser fails the run: CI installs it. */
export function chromiumPath(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(path)) throw new Error(`Chromium not found at ${path}: install Debian's chromium package (.ci/run does) or set CHROMIUM_PATH`);
  return path;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    // Without these, Chromium keeps dialling Google's services, which this network refuses.
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** What went wrong in a page: console errors, uncaught exceptions, failed requests and 4xx/5xx answers. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`exception: ${error.message}`));
  page.on("requestfailed", (request) => {
    // Leaving the page aborts its open event stream; that is not a failure.
    if (request.failure()?.errorText !== "net::ERR_ABORTED") problems.push(`request failed: ${request.url()} ${request.failure()?.errorText}`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}
