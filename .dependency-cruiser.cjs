// Layer rules, checked by npm run lint: a request flows route or MCP tool → service → port → adapter, never back.
/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycles",
      comment: "Two modules that import each other (type-only imports too) are one module, or want a types module between them.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "domain-is-pure",
      comment: "The domain holds services and pure rules: it reaches stores only through the port, and knows no HTTP, Redis or plugins.",
      severity: "error",
      from: { path: "^src/domain/" },
      to: { path: ["^src/(routes|plugins|mcp|metrics|openapi|rate-limit|auth)/", "^src/storage/(?!port\\.ts$)", "^src/(app|server)\\.ts$", "^node_modules/(fastify|ioredis|@fastify|fastify-plugin)/"] },
    },
    {
      name: "port-speaks-domain",
      comment: "The storage port is written in the domain's types, not an adapter's.",
      severity: "error",
      from: { path: "^src/storage/port\\.ts$" },
      to: { path: "^src/", pathNot: "^src/(domain/|storage/port\\.ts$)" },
    },
    {
      name: "adapters-below-everything",
      comment: "A store answers the port; it never calls back into routes, plugins, MCP or the app.",
      severity: "error",
      from: { path: "^src/storage/" },
      to: { path: ["^src/(routes|plugins|mcp|rate-limit|auth|openapi)/", "^src/(app|server)\\.ts$"] },
    },
    {
      name: "edges-call-services",
      comment: "Routes and MCP tools call domain services; they never open a store's adapter or the port themselves.",
      severity: "error",
      from: { path: "^src/(routes|mcp)/" },
      to: { path: "^src/storage/" },
    },
    {
      name: "plugins-below-edges",
      comment: "Plugins are infrastructure the routes stand on; they never import a route or an MCP tool.",
      severity: "error",
      from: { path: "^src/plugins/" },
      to: { path: "^src/(routes|mcp)/" },
    },
    {
      name: "edges-above-plugins",
      comment: "Plugins are wired by the app; routes and MCP tools do not reach into them (a shared constant lives beside the app).",
      severity: "error",
      from: { path: "^src/(routes|mcp)/" },
      to: { path: "^src/plugins/" },
    },
    {
      name: "clients-stand-alone",
      comment: "The clients and the command line are clients of the service over HTTP: what they ship imports nothing from src/ (their tests may check what they send against the service's own schemas).",
      severity: "error",
      from: { path: "^clients/[^/]+/(src|bin|scripts)/" },
      to: { path: "^src/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["(^|/)dist/", "^clients/python/"] },
    // Type-only imports count: a cycle of types is still two modules that cannot be read apart.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".js", ".mjs", ".json"] },
  },
};
