# Frontend Dojo: the server, the built web app and the catalogue in one image.
# Build: docker build -t frontend-dojo .   Run with PostgreSQL and an object store: docker compose up
# (compose.yaml). Every stage uses the same Debian release, so the native modules (sharp) that npm
# installs in one stage run in the next.

# --- deps: every dependency, for the build
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# npm 11 can write lockfiles without other platforms' optional packages, which `npm ci` then refuses;
# `npm install` installs the same locked versions (as .ci/run does).
RUN npm ci --no-audit --no-fund || npm install --no-audit --no-fund

# --- build: the web app (dist/web) and the server bundle (dist/server)
FROM deps AS build
COPY . .
RUN npm run build

# --- prod-deps: only what the server needs at run time
FROM node:20-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
# The image reviews with Debian's Chromium (below), so the one @sparticuz/chromium ships for machines
# without a Chromium (src/server/chromium.ts) stays out: 65 MB less.
RUN (npm ci --omit=dev --no-audit --no-fund || npm install --omit=dev --no-audit --no-fund) \
  && rm -rf node_modules/@sparticuz/chromium/bin \
  && npm cache clean --force

# --- runtime
FROM node:20-bookworm-slim AS runtime
# Debian's Chromium runs the submission reviews. It draws text with the fonts of the npm package
# dejavu-fonts-ttf (src/server/fonts/fontconfig.ts), as on every other machine, so no system font is
# installed for it.
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium \
  && rm -rf /var/lib/apt/lists/*
# Two glibc malloc arenas instead of one per thread: compression on libuv's threads otherwise keeps
# memory long after a burst (npm run bench:rss measures it).
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  CHROMIUM_PATH=/usr/bin/chromium \
  DATA_DIR=/data \
  MALLOC_ARENA_MAX=2
WORKDIR /app
# package.json marks the project root: the server finds drizzle/, content/ and dist/web beside it.
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY drizzle ./drizzle
COPY content ./content
# The node image's unprivileged user owns only the data folder (PGlite and stored files when the
# image runs without DATABASE_URL and STORAGE_URL); the code stays read-only to it.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# No curl in the slim image: node asks /api/health, which answers 503 when the database does not.
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health',{signal:AbortSignal.timeout(4000)}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The bundle directly: `npm start` would look for the sources to decide whether to rebuild. A 4 MB
# young generation (V8's default is 16 MB per semi-space) keeps a loaded server's memory near its
# idle size, for no loss of throughput measured.
CMD ["node", "--max-semi-space-size=4", "dist/server/index.js"]
