# Container image for the agent-lessons HTTP service: builds the TypeScript once, ships only dist/ and production dependencies.

# ---- build: full dependency tree (TypeScript lives in devDependencies), compile src/ to dist/ ----
FROM node:22-bookworm-slim AS build
WORKDIR /app
# Manifests first, so this layer is rebuilt only when dependencies change.
COPY package.json package-lock.json ./
# npm ci needs every workspace's manifest (the TypeScript client's, the command's), not their sources.
COPY clients/typescript/package.json ./clients/typescript/
COPY clients/cli/package.json ./clients/cli/
# --ignore-scripts: the only install script in the tree is esbuild's (a dev tool via vite/tsx);
# tsc does not need it, and npm 11 would skip it anyway without an allowScripts entry.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig*.json ./
COPY scripts/ ./scripts/
COPY src/ ./src/
# tsc -p tsconfig.build.json, then copies the Lua scripts (with their lib/ includes) and the dashboard's files to dist/.
# The image runs the service only: the clients and the agent-lessons command are built where agents run.
RUN npm run build:service

# ---- deps: production dependencies only, from a clean install (cleaner than pruning the build tree) ----
FROM node:22-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY clients/typescript/package.json ./clients/typescript/
COPY clients/cli/package.json ./clients/cli/
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# ---- runtime ----
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
# Files stay root-owned, so the unprivileged process cannot modify its own code.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# package.json carries "type": "module"; without it Node would load dist/*.js as CommonJS.
COPY package.json ./
# The official image ships a non-root "node" user (uid 1000).
USER node
EXPOSE 3000
# The slim image has no curl or wget, so probe with Node's built-in fetch; 503 (store down) counts as unhealthy.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health/ready',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.status===200?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM directly for the graceful shutdown.
CMD ["node", "dist/server.js"]
