# Academia as a container image. The build stage installs every dependency, builds, and assembles the release with
# scripts/release/assemble.sh — the same script tests/integration/reliability/release.test.ts runs into a fresh
# directory (no container runtime runs in this project's CI: that test is what checks these steps).
#   docker build -t academia:0.3.0 .
#   docker run -p 3000:3000 -v academia-data:/data -e PUBLIC_URL=https://academia.example.cl academia:0.3.0
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && bash scripts/release/assemble.sh /release

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /release ./
# The app's files belong to root and are read-only to the server; only DATA_DIR is its to write.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME /data
EXPOSE 3000
# /healthz answers 200 while the database answers (docs/operations.md, "Health check").
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1 here: it receives `docker stop`'s SIGTERM and shuts down cleanly (server.js).
CMD ["node", "server.js"]
