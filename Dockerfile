# One image for the API (`npm start`) and the job workers (`npm run worker`). The install is the build:
# its postinstall generates the Prisma client, builds the console and bundles the API into
# apps/api/dist (plain JavaScript that node runs alone).
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
# npm 11 (package.json packageManager) honours allowScripts: no install script downloads anything.
# Dev dependencies are needed for the install scripts (prisma, vite, esbuild).
RUN npm install -g npm@11.19.1 && npm ci --no-audit --no-fund
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
# node directly, not npm: SIGTERM must reach the server for a graceful stop (lib/shutdown.ts).
CMD ["node", "apps/api/dist/main.mjs"]
