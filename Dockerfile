# syntax=docker/dockerfile:1
# Groundtruth api and projector (one image; the command picks the app). Server mode: configure with
# DATABASE_URL, EVENTSTORE_URL, CLICKHOUSE_URL (see docker-compose.yml).

# ---- manifests: what npm ci needs, so editing sources does not reinstall dependencies -----------
FROM node:20-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
# The lockfile's stand-in for platform binaries this registry lacks (package.json "overrides").
COPY tools/npm-stubs tools/npm-stubs
COPY libs/domain/package.json libs/domain/
COPY libs/contracts/package.json libs/contracts/
COPY libs/platform/package.json libs/platform/
COPY apps/projector/package.json apps/projector/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/

# ---- build: every workspace and the web app (apps/web/dist) --------------------------------------
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- production dependencies only -----------------------------------------------------------------
FROM manifests AS deps
RUN npm ci --omit=dev --no-audit --no-fund

# ---- runtime ----------------------------------------------------------------------------------------
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
# Whole workspace folders: dist output plus files read at run time (package.json exports, SQL migrations,
# apps/web/dist served by the api). node_modules/@groundtruth/* are workspace symlinks into these.
COPY --from=build /app/libs ./libs
COPY --from=build /app/apps ./apps
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
CMD ["node", "apps/api/dist/server.js"]
