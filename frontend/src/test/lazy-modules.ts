/**
 * The modules the app loads on demand (route pages, React.lazy components, the wallet's chain code),
 * loaded when a test file that renders the app is imported. Left to the tests, the first test of
 * each file loaded them inside its own time limit: 4 s to the lobby's Connect button and 4 s more
 * to a connected wallet, of an 11.9 s first test whose later runs took 1.1 s, on a loaded 2-core
 * machine. Importing is not what those tests test, and vitest does not time a file's imports.
 * Imported from a test file's helpers, after the file's vi.mock calls: a mocked module loads mocked.
 */
export {};

await Promise.all([
  import("@/games/wheel/wheel-page"),
  import("@/games/blackjack/blackjack-page"),
  import("@/games/slots/slots-page"),
  import("@/games/kickboxing/kickboxing-page"),
  import("@/games/crash/crash-page"),
  import("@/pages/whitepaper/whitepaper-page"),
  import("@/pages/fairness/fairness-page"),
  import("@/pages/fairness/fairness-history"),
  import("@/pages/leaderboard/leaderboard-page"),
  import("@/pages/player/player-page"),
  import("@/app/layout/connected-wallet"),
  import("@/features/chain"),
  import("@/features/wallet/web3"),
  import("@/features/wallet/web3/walletconnect"),
  import("@/app/layout/wallet-dialogs"),
  import("@/features/wallet/components/choose-wallet-dialog"),
  import("@/features/live-bets/live-floor"),
  import("@/features/live-bets/components/live-bets-panel"),
  import("@/features/one-click/components/session-badge"),
  import("@/features/bets/onchain"),
  import("@/features/bets/components/jackpot-banner"),
]);
