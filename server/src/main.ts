import { createServer } from "node:http";
import { readConfig } from "./config";
import { buildServices } from "./server";

async function main(): Promise<void> {
  const config = readConfig();
  const services = await buildServices(config);
  services.settler.start();
  const server = createServer(services.app).listen(config.port, config.host, () => {
    console.log(`DEGEN Casino server on http://${config.host}:${config.port} (chain ${services.chainId}, Casino ${services.casinoAddress}, ${services.database.kind})`);
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    console.error(error.code === "EADDRINUSE" ? `Port ${config.port} is already in use.` : error.message);
    process.exit(1);
  });
  const stop = () => {
    server.close();
    void services.close().finally(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: Error) => {
  console.error(`Server failed to start: ${error.message}`);
  process.exit(1);
});
