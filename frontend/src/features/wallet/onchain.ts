// The wallet's public API for on-chain code: only the chunks that talk to the chain load it (web3
// mode's bets, limits and one-click signing), so the lobby's first chunk holds no ethers.
export { browserProvider, readyWallet, refreshBalances, type ReadyWallet } from "./web3";
export { tokenAddress } from "./web3/contracts";
export { chainClock } from "./web3/clock";
export { contractRevert } from "@bindings/errors";
export { ExplainedError, explain } from "./web3/explain";
export { TxCancelled, awaitRelay, inWallet, sendTransaction, type TxPhase, type TxReport, type TxUpdate } from "./web3/transactions";
