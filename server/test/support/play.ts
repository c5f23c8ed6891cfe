import { hexlify, randomBytes, type Wallet, ZeroAddress } from "ethers";
import { laneNonce, laneOfNonce, randomWord } from "../../src/engine";
import { SeedVault } from "../../src/settler/seeds";
import { CasinoRelay__factory, type Casino } from "../../../typechain-types";
import type { Client } from "./http";
import type { TestServer } from "./app";

export const MASTER_SECRET = "0x" + "42".repeat(32);

export interface PlacedBet {
  betId: string;
  block: number;
  nonce: bigint;
  clientSeed: string;
}

/** The commitment route, then playGame from the player's vault (or BNB value when asked). */
export async function placeBet(
  server: TestServer,
  client: Client,
  player: Wallet,
  /** gasLimit: a bet placed while settlements land needs headroom over an estimate taken before them. */
  bet: { token: "DEGEN" | "BNB"; amount: bigint; gameType: number; params?: bigint; clientSeed?: string; fromWallet?: boolean; gasLimit?: bigint },
): Promise<PlacedBet> {
  const commitment = await client.post("/api/fairness/commitment");
  if (commitment.status !== 200) throw new Error(`commitment: ${JSON.stringify(commitment.body)}`);
  const casino = server.chain.casino.connect(player) as Casino;
  const tokenAddress = bet.token === "BNB" ? ZeroAddress : await server.chain.token.getAddress();
  const clientSeed = bet.clientSeed ?? hexlify(randomBytes(32));
  const tx = await casino.playGame(
    tokenAddress,
    bet.amount,
    bet.gameType,
    bet.params ?? 0n,
    clientSeed,
    commitment.body.expectedCommit,
    commitment.body.terms,
    {
      value: bet.token === "BNB" && bet.fromWallet ? bet.amount : 0n,
      gasLimit: bet.gasLimit,
    },
  );
  const receipt = (await tx.wait())!;
  const placed = receipt.logs.map((log) => casino.interface.parseLog(log)).find((log) => log?.name === "BetPlaced")!;
  return { betId: placed.args.betId.toString(), block: receipt.blockNumber, nonce: placed.args.nonce as bigint, clientSeed };
}

/** A client seed whose word for the bet of `nonce` settled with `seed` satisfies the wish. */
function steeredClientSeed(casino: string, player: string, nonce: bigint, seed: string, wish: (word: string) => boolean, tries: number): string {
  for (let i = 0; i < tries; i++) {
    const clientSeed = hexlify(randomBytes(32));
    if (wish(randomWord({ seed, clientSeed, player, nonce, chainId: 31337, casino }))) return clientSeed;
  }
  throw new Error("no client seed found");
}

/**
 * A client seed whose word for the player's next wallet bet satisfies the wish. The tests know the
 * master secret, so they can steer outcomes (a split hand, a jackpot) the way no player can.
 * Call after the commitment route so the chain is posted.
 */
export async function clientSeedFor(server: TestServer, player: string, wish: (word: string) => boolean, tries = 50_000): Promise<string> {
  const casino = await server.chain.casino.getAddress();
  const view = (await server.chain.casino.commitmentOf(player)) as unknown as [string, bigint, bigint, string, bigint, bigint];
  const nonce = view[1];
  const chainFirstNonce = nonce + view[2] - view[5];
  const seed = new SeedVault(MASTER_SECRET, 31337, casino).seed({ player, nonce, chainFirstNonce, laneKey: null });
  return steeredClientSeed(casino, player, nonce, seed, wish, tries);
}

/** A client seed whose word for a session's bet of `nonce` (its lane's, settled with the lane's chain) satisfies the wish. */
export async function laneClientSeedFor(
  server: TestServer,
  session: { player: { address: string }; key: { address: string } },
  nonce: bigint,
  wish: (word: string) => boolean,
  tries = 50_000,
): Promise<string> {
  const casino = await server.chain.casino.getAddress();
  const player = session.player.address;
  const seed = new SeedVault(MASTER_SECRET, 31337, casino).seed({
    player,
    nonce,
    chainFirstNonce: laneNonce(laneOfNonce(nonce), 0),
    laneKey: session.key.address,
  });
  return steeredClientSeed(casino, player, nonce, seed, wish, tries);
}

export async function depositDegen(server: TestServer, player: Wallet, amount: bigint): Promise<void> {
  const casinoAddress = await server.chain.casino.getAddress();
  await (await server.chain.token.connect(player).approve(casinoAddress, amount)).wait();
  await (await (server.chain.casino.connect(player) as Casino).deposit(await server.chain.token.getAddress(), amount)).wait();
}

export interface SignedRelay {
  deadline: number;
  signature: string;
}

const ONE_HOUR = 3600;

/** The player's EIP-712 signature of a withdrawal through CasinoRelay, as the app asks the wallet for. */
export async function signWithdraw(server: TestServer, player: Wallet, request: { token: string; amount: bigint; deadline?: number }): Promise<SignedRelay> {
  const { relay, domain } = await relayDomain(server);
  const deadline = request.deadline ?? Math.floor(Date.now() / 1000) + ONE_HOUR;
  const nonce = await relay.nonces(player.address);
  const types = {
    Withdraw: [
      { name: "player", type: "address" },
      { name: "token", type: "address" },
      { name: "amount", type: "uint256" },
      { name: "nonce", type: "uint256" },
      { name: "deadline", type: "uint256" },
    ],
  };
  const signature = await player.signTypedData(domain, types, { player: player.address, token: request.token, amount: request.amount, nonce, deadline });
  return { deadline, signature };
}

/** The player's EIP-712 signature of a swap through CasinoRelay. */
export async function signSwap(
  server: TestServer,
  player: Wallet,
  request: { fromToken: string; toToken: string; amount: bigint; minAmountOut: bigint; deadline?: number },
): Promise<SignedRelay> {
  const { relay, domain } = await relayDomain(server);
  const deadline = request.deadline ?? Math.floor(Date.now() / 1000) + ONE_HOUR;
  const nonce = await relay.nonces(player.address);
  const types = {
    Swap: [
      { name: "player", type: "address" },
      { name: "fromToken", type: "address" },
      { name: "toToken", type: "address" },
      { name: "amount", type: "uint256" },
      { name: "minAmountOut", type: "uint256" },
      { name: "nonce", type: "uint256" },
      { name: "deadline", type: "uint256" },
    ],
  };
  const signature = await player.signTypedData(domain, types, { player: player.address, ...request, nonce, deadline });
  return { deadline, signature };
}

async function relayDomain(server: TestServer) {
  const relay = CasinoRelay__factory.connect(await server.chain.casino.relay(), server.chain.provider);
  return { relay, domain: { name: "DEGEN Casino", version: "1", chainId: 31337, verifyingContract: await relay.getAddress() } };
}
