# Build: install everything, build the dashboard. Runtime: production dependencies and the sources
# (run with tsx), the built dashboard, scripts/ (the data team's `ch` query tool), a non-root user.
# Entrypoint takes the role as its argument. k8s/validate.ts checks this file against the manifests.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dashboard/dist ./dashboard/dist
COPY platform ./platform
COPY bus ./bus
COPY clickhouse ./clickhouse
COPY postgres ./postgres
COPY simulator ./simulator
COPY collectors ./collectors
COPY stream ./stream
COPY api ./api
COPY members ./members
COPY scripts ./scripts
RUN mkdir -p /data && chown 1000:1000 /data
USER 1000
EXPOSE 8080
ENTRYPOINT ["node", "--import", "tsx", "platform/main.ts"]
CMD ["all"]
