/** `npm run bench:server`: the bench lives with the server (server/bench/run.ts, an ES module). */
async function main(): Promise<void> {
  const { runServerBench } = await import("../server/bench/run");
  await runServerBench();
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`Server bench failed: ${error.message}`);
    process.exit(1);
  },
);
