// Test runner settings: four projects, so that a test waits only for what it needs.
//   unit       pure functions and files: no build, no server
//   storage    the storage contract on each adapter: a throwaway redis-server, no build
//   http       the app in-process (inject or a listening app): a throwaway redis-server, no build
//   processes  what runs as shipped (dist/, the command, the browser, Redis topologies): builds once first
// `npm test` runs them all; `npx vitest run --project unit` runs one.
import { defineConfig } from "vitest/config";
import { topologyFiles } from "./test/helpers/topology-files.js";

const REDIS = "test/helpers/redis-setup.ts";
const BUILD = "test/helpers/build-setup.ts";

/** Files that start dist/, the command line, a browser or Redis servers of their own. */
const PROCESSES = [
  "test/faults/**/*.test.ts",
  "test/replicas/**/*.test.ts",
  "test/dashboard/**/*.test.ts",
  "test/processes/**/*.test.ts",
  "test/security/**/*.test.ts",
  "test/readme-tour.test.ts",
  "test/server-boot.test.ts",
  "clients/typescript/test/client.test.ts",
  "clients/cli/test/command-line.test.ts",
  "clients/cli/test/hook.test.ts",
  "clients/cli/test/mcp-proxy*.test.ts",
  "clients/cli/test/packaging.test.ts",
  "clients/cli/test/right-fix-or-none.test.ts",
];

const projects = [
  {
    name: "unit",
    include: ["test/*.test.ts", "test/domain/**/*.test.ts", "clients/cli/test/**/*.test.ts", "clients/typescript/test/**/*.test.ts"],
    exclude: PROCESSES,
  },
  { name: "storage", include: ["test/storage/**/*.test.ts"], globalSetup: [REDIS] },
  { name: "http", include: ["test/routes/**/*.test.ts", "test/mcp/**/*.test.ts", "test/eval/**/*.test.ts"], globalSetup: [REDIS] },
  { name: "processes", include: PROCESSES, globalSetup: [BUILD, REDIS] },
];

// npm run test:cluster and test:sentinel run the Redis side of the storage, HTTP and replica suites again on
// their topology; the embedded store's half, and files that never touch Redis, ran once under npm test.
const topology = process.env.REDIS_CLUSTER === "1" || process.env.REDIS_SENTINEL === "1";
const onTopology = [
  { name: "storage", include: topologyFiles(["test/storage"]), globalSetup: [REDIS] },
  { name: "http", include: topologyFiles(["test/routes"]), globalSetup: [REDIS] },
  { name: "processes", include: topologyFiles(["test/replicas"]), globalSetup: [BUILD, REDIS] },
];

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    projects: (topology ? onTopology : projects).map((project) => ({ extends: true, test: project })),
  },
});
