# The app's production image (README: Operations → Cluster). Built and run by compose.yaml; not built in CI.

# Build: every dependency, the SPA and the server bundle, then only the runtime dependencies are kept.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

# Run: what `node dist/server/main.js` reads (package.json finds the root, drizzle/ holds the migrations).
FROM node:24-slim
# No demo data, whose accounts have the README's passwords, unless asked for (SEED_DEMO=true; with DATABASE_URL
# it also needs an ADMIN_PASSWORD of its own): a plain `docker run` creates no account anyone knows the password of.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SEED_DEMO=false
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/dist ./dist
# Generated secrets, the mail outbox and (without S3) the photos; the embedded database too, without DATABASE_URL.
RUN mkdir /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# The server finishes its requests and stops its jobs on SIGTERM (src/server/main.ts).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/main.js"]
