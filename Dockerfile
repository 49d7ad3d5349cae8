# syntax=docker/dockerfile:1
# heirloom in a container (docs/deploy.md): `docker build -t heirloom .`, then `docker compose up` with compose.yaml,
# or `docker run -p 5000:5000 -v heirloom-data:/data heirloom` for one machine with everything in /data.
# Debian (glibc), not Alpine: sharp, the embedded PostgreSQL and ffmpeg come as prebuilt glibc binaries from npm.
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Build the web app and the server bundle into dist/ (needs the dev dependencies: vite, tsup, …).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Only what the server needs at run time (the bundle keeps node_modules external).
FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The image: production dependencies, dist/, the migrations (run at every start), and package.json (it says
#    the bundle is an ES module).
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    DATA_DIR=/data \
    HOST=0.0.0.0 \
    PORT=5000 \
    MALLOC_ARENA_MAX=2
# Perl runs ExifTool (exiftool-vendored), which takes the places out of shared pictures without re-encoding
# them (decision 051); perl-base alone lacks the modules for compressed PNG metadata.
RUN apt-get update && apt-get install -y --no-install-recommends perl && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY drizzle ./drizzle
COPY package.json ./
# DATA_DIR belongs to the unprivileged user the server runs as (the embedded PostgreSQL refuses to run as root).
RUN mkdir -p /data && chown node:node /data
USER node
# One machine: the database (embedded), files and secrets. Scaled out (DATABASE_URL, STORAGE=s3): only this
# instance's scratch files, so every instance keeps its own volume.
VOLUME /data
EXPOSE 5000
# The process answers (node's own fetch, no curl in the image). Readiness (/api/health/ready) is for balancers.
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node runs the server directly (npm start would look for sources to rebuild); SIGTERM ends it cleanly.
CMD ["node", "dist/server/main.js"]
