# One image for the API (`npm start`) and the job workers (`npm run worker`): the service runs from
# source through tsx, so there is no build step beyond the install (which generates the Prisma client
# and builds the console).
FROM node:20-bookworm-slim
WORKDIR /app
COPY . .
# npm 11 (package.json packageManager) honours allowScripts: no install script downloads anything.
# Dev dependencies are needed at run time (tsx) and for the install scripts (prisma, vite).
RUN npm install -g npm@11.19.1 && npm ci --no-audit --no-fund
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
EXPOSE 3000
# node directly, not npm: SIGTERM must reach the server for a graceful stop (lib/shutdown.ts).
CMD ["node", "--import", "tsx", "apps/api/src/main.ts"]
