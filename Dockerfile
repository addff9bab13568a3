# syntax=docker/dockerfile:1
# The production image (README › Production): built with every package, run with production
# packages only, as the unprivileged `node` user. Secrets are never part of it: pass them at run time.
# Node 24, the current LTS (README › Node versions); CI tests 24.21.0, so keep the two in step.
ARG NODE_VERSION=24.21

# Front end (Vite) and server bundle (esbuild): `npm run build` writes dist/.
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY scripts/build.mjs scripts/
COPY vite.config.ts lingui.config.ts tsconfig.json ./
COPY public public
COPY src src
RUN npm run build && cp -rL dist /app/dist.image && rm -rf dist .builds && mv /app/dist.image dist

# Production packages only. sharp's prebuilt libvips comes from npm (@img/sharp-linux-x64 or
# -arm64, glibc), which is why the runtime stays on Debian (bookworm) rather than Alpine.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
# NODE_ENV=production: JSON logs (pino-pretty is a dev package) and production defaults; `npm start`
# sets it too, but the image runs the bundle directly (npm start would rebuild from sources).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
# package.json says "type": "module", which the bundle needs; the code stays root-owned and read-only.
COPY package.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/dist dist
# DATA_DIR: the embedded database (without DATABASE_URL) and logos on local disk (without S3_BUCKET).
# A new named volume copies this directory's owner, so the app can write to it.
RUN mkdir -p /data/uploads && chown -R node:node /data
VOLUME /data
USER node
EXPOSE 5000
# Ready = the database answers (/readyz); slim images have no curl, so node asks.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/readyz', { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations run at start-up under an advisory lock, so replicas may start together. SIGTERM
# drains requests in flight and closes the database (at most 10 s; compose allows 15).
CMD ["node", "dist/server/main.js"]
