# syntax=docker/dockerfile:1
# Creative Research Service: build stage (compiles TypeScript, native modules) and a slim, non-root runtime.
#   docker build -t creative-research-service .
#   docker run -p 8787:8787 -v crs-data:/data -e CRS_PUBLIC_URL=http://localhost:8787 creative-research-service
# The database lives in the /data volume; the first start on an empty volume creates the embedded corpus and
# prints an API key once (docker logs). For real data: `docker run … creative-research-service init --empty`,
# then `… import /data/items.json`, then serve.

ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 13 ships prebuilt binaries; the toolchain builds the optional better-sqlite3-12 (Node 20 only) when
# no prebuilt one downloads.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    CRS_HOST=0.0.0.0 \
    CRS_PORT=8787 \
    CRS_DB=/data/crs.sqlite
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY resources ./resources
COPY prompts ./prompts
RUN mkdir -p /data && chown node:node /data
# The image's own `node` user (uid 1000), never root.
USER node
VOLUME ["/data"]
EXPOSE 8787
# Ready = database reachable, migrations current, corpus present. The first start builds the corpus, hence
# the long start period. Node's fetch, since the slim image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=5m --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.CRS_PORT||8787)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node", "dist/cli.js"]
# Binding all interfaces needs the address clients use: set CRS_PUBLIC_URL (compose.yaml does).
CMD ["serve"]
