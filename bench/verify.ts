/** `npm run bench:verify`: the bench lives with the verifier (verifier/bench/run.ts, an ES module). */
async function main(): Promise<void> {
  const { runVerifierBench } = await import("../verifier/bench/run");
  await runVerifierBench();
}

main().then(
  () => process.exit(0),
  (error: Error) => {
    console.error(`Verifier bench failed: ${error.message}`);
    process.exit(1);
  },
);
