# The store's container image: the built store, its production dependencies and the files
# server.js needs, run as the unprivileged "node" user (docs/operating.md,
# docs/decisions/0034-operations.md). `docker compose up` (compose.yaml) adds PostgreSQL.
# React Router 8 needs Node >= 22.22 and the passwords node:crypto's Argon2id, Node >= 24.7 (decision
# 0088): the official Node 24 image (the version the project brings). A pinned NODE_IMAGE must be 24.7+.
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Every dependency, then the production build. (The only install script is the `node`
#    devDependency's, which package.json's allowScripts approves: npm scripts run under it.)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Only the production dependencies; none has an install script (better-sqlite3 brings its
#    prebuilt binary in the package: no compiler needed).
FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force

# 3. What runs.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY package.json server.js ./
COPY server ./server
# The gestor's command line runs from the sources (Node strips their types):
# `docker compose exec store node scripts/gestor.ts create-staff …`.
COPY scripts/gestor.ts ./scripts/
COPY app ./app
COPY api ./api
COPY db ./db
COPY core ./core
# DATA_DIR: the SQLite file (without DATABASE_URL), the generated session secret (without
# SESSION_SECRET) and the e-mail outbox (without SMTP_URL). Owned by the user the store runs as.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# /healthz asks nothing of the database (a slow database must not get a live store restarted);
# a balancer in front should use /readyz.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is PID 1: it receives docker stop's SIGTERM and shuts down gracefully
# (SHUTDOWN_TIMEOUT_MS, 10 s by default; docker stop waits 10 s before SIGKILL: give it -t 15).
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
