# syntax=docker/dockerfile:1
# One image for every process (bot, worker, review, whatsapp, admin): the compose file picks the command.
# Stage 1 compiles TypeScript with the dev dependencies; stage 2 holds the build, the production
# dependencies and Debian's chromium (WhatsApp Web), and runs as the unprivileged `node` user.
# No secret is baked in: tokens and keys come from the environment at run time.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Chromium comes from Debian in the final stage; puppeteer must not download its own.
ENV PUPPETEER_SKIP_DOWNLOAD=1 PRISMA_HIDE_UPDATE_MESSAGE=1
COPY package.json package-lock.json prisma.config.ts .puppeteerrc.cjs ./
COPY scripts ./scripts
COPY prisma ./prisma
# postinstall generates the Prisma client into src/generated, which the build compiles.
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY knowledge ./knowledge
COPY corpus/sample ./corpus/sample
RUN npm run build

FROM node:20-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium fonts-liberation ca-certificates \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PUPPETEER_SKIP_DOWNLOAD=1 \
    CHROMIUM_PATH=/usr/bin/chromium \
    DATA_DIR=/app/data
WORKDIR /app
COPY package.json package-lock.json .puppeteerrc.cjs ./
# --ignore-scripts: the generated Prisma client is compiled into dist/ already, and no install script is
# needed at run time (no engine or browser downloads; msgpackr's prebuilt binary is its own package).
RUN npm ci --omit=dev --ignore-scripts && npm cache clean --force
COPY scripts/run-entry.mjs ./scripts/run-entry.mjs
COPY --from=build /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
# `npm run <process>` works in the container too (NODE_ENV=production runs dist/); the command runs
# node directly so SIGTERM reaches the process and it drains before it exits.
CMD ["node", "dist/src/entry/main.js"]
