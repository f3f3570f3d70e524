# syntax=docker/dockerfile:1
# Social Media Boost: multi-stage image. The build stage has every dependency and compiles the app;
# the runtime stage holds production dependencies, the build, and the few files read at run time.
#   docker build -t social-media-boost .
#   docker run -p 3000:3000 -e SESSION_SECRET=... -e DATABASE_URL=postgresql://... social-media-boost
# Without DATABASE_URL the embedded PGlite database lives in /app/data: mount a volume there and run
# a single container (PGlite is single-process). See docs/deployment.md.

ARG NODE_VERSION=24

# ---- build -------------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
ENV NPM_CONFIG_AUDIT=false NPM_CONFIG_FUND=false NPM_CONFIG_UPDATE_NOTIFIER=false

# Dependencies first, so this layer is reused until the lock file changes. The postinstall script
# runs `prisma generate`, which needs prisma.config.ts, the schema and the engine stub.
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
# `npm ci` refuses this lock file when it lacks entries for other platforms' optional binaries
# (tailwind oxide, rollup); `npm install` with the same lock file installs the locked versions.
RUN npm ci || (echo "npm ci refused the lock file; falling back to npm install" >&2 && npm install)

COPY . .
RUN npx react-router build

# ---- runtime -----------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    NPM_CONFIG_AUDIT=false NPM_CONFIG_FUND=false NPM_CONFIG_UPDATE_NOTIFIER=false

# Production dependencies only. The server bundle keeps npm packages external, so they must be here;
# the generated Prisma client is compiled into the bundle, so no `prisma generate` (no scripts) and
# no Prisma CLI. Optional dependencies stay: native packages such as @node-rs/argon2 ship their
# binaries as optional dependencies. npm still installs dev dependencies that are also optional
# peers of production packages (the prisma CLI and typescript, peers of @prisma/client; ~240 MB):
# the lock file marks them "devOptional", and nothing the server runs needs them, so remove them.
COPY package.json package-lock.json ./
RUN (npm ci --omit=dev --ignore-scripts || npm install --omit=dev --ignore-scripts) \
    && node -e ' \
      const fs = require("node:fs"), path = require("node:path"); \
      const { packages } = require("./package-lock.json"); \
      for (const [location, entry] of Object.entries(packages)) if (entry.devOptional) fs.rmSync(location, { recursive: true, force: true }); \
      const bin = "node_modules/.bin"; \
      for (const link of fs.existsSync(bin) ? fs.readdirSync(bin) : []) if (!fs.existsSync(path.join(bin, link))) fs.rmSync(path.join(bin, link)); \
    ' \
    && npm cache clean --force

# What server/start.js reads at run time: the build, itself (plain JS), the local-secret helper it
# imports, and the SQL migrations it applies at start-up (read from ./prisma/migrations).
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/app/lib/local-secret.js ./app/lib/local-secret.js
COPY --from=build /app/prisma/migrations ./prisma/migrations

# The code stays root-owned and read-only to the app; only the data folder is writable.
RUN mkdir -p /app/data && chown node:node /app/data
USER node

EXPOSE 3000
# No curl in the slim image: Node's own fetch asks the server's health endpoint (200 when the
# database answers, 503 otherwise).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz', { signal: AbortSignal.timeout(4000) }).then((response) => process.exit(response.ok ? 0 : 1), () => process.exit(1))"]

# Node handles SIGTERM itself (graceful shutdown within SHUTDOWN_TIMEOUT_MS); give `docker stop`
# a longer grace period than that (e.g. --stop-timeout 15 or compose's stop_grace_period).
# --max-semi-space-size=64: a larger young generation for a server that allocates per request; it
# made signed-in pages and API calls cheaper in CPU (issue #22, bench/README.md "request-cost").
CMD ["node", "--max-semi-space-size=64", "server/start.js"]
