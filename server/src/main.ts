import { createServer } from "node:http";
import { loadEnvFile } from "../../scripts/env-file";
import { readConfig, REPO_ROOT } from "./config";
import { logger } from "./observability/log";
import { buildServices } from "./server";

const log = logger("server");

/** `npm run serve` (--serve-app): the built app in frontend/dist unless APP_DIR names another. */
const servedAppEnv = (env: NodeJS.ProcessEnv) => ({ ...env, APP_DIR: env.APP_DIR?.trim() || "frontend/dist" });

async function main(): Promise<void> {
  loadEnvFile(REPO_ROOT);
  const config = readConfig(process.argv.includes("--serve-app") ? servedAppEnv(process.env) : process.env);
  const services = await buildServices(config);
  services.settler.start();
  const server = createServer(services.app).listen(config.port, config.host, () => {
    log.info(
      `DEGEN Casino server on http://${config.host}:${config.port}${config.appDir ? ` serving the app from ${config.appDir} as ${config.appOrigin}` : ""} (chain ${services.chainId}, Casino ${services.casinoAddress}, ${services.database.kind}, SETTLER=${config.settlerMode})`,
    );
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    log.fatal(error.code === "EADDRINUSE" ? `Port ${config.port} is already in use.` : error.message);
    process.exit(1);
  });
  const stop = () => {
    server.close();
    // Closing gives the settler lease up, so another instance takes over at once.
    void services.close().finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: Error) => {
  log.fatal(`Server failed to start: ${error.message}`);
  process.exit(1);
});
