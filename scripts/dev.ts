/** `npm start`: the whole local stack with one command and one Ctrl-C. */
import { Wallet } from "ethers";
import { PortInUseError, startStack, stopOnSignals, type Stack } from "./stack";

// Hardhat's well-known dev mnemonic, account #2: a funded player that holds DEGEN after deploy.
const PLAYER_KEY = "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a";

async function main(): Promise<void> {
  let stack: Stack | undefined;
  const shutdown = stopOnSignals("the DEGEN Casino stack", async () => stack?.stop());

  try {
    stack = await startStack({ ports: { chain: 8545, server: 3001, frontend: 5173 }, frontend: "dev", logs: "inherit" });
  } catch (error) {
    console.error(error instanceof PortInUseError ? error.message : `Could not start the stack: ${(error as Error).message}`);
    return shutdown(1);
  }

  const player = new Wallet(PLAYER_KEY);
  console.log(`
  DEGEN Casino is running — demo mode is playable right away.

    App          ${stack.appUrl}
    API          ${stack.apiUrl}/api/health

  To play in web3 mode, add this network to MetaMask:
    RPC URL      ${stack.rpcUrl}
    Chain ID     31337
    Currency     ETH (plays the role of BNB)
  and import this funded dev account (local test chain only, never use it elsewhere):
    Address      ${player.address}
    Private key  ${PLAYER_KEY}

  Press Ctrl-C to stop everything.
`);
}

void main();
