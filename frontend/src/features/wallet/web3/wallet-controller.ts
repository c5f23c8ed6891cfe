import { BrowserProvider, formatEther, getAddress, ZeroAddress, type JsonRpcSigner } from "ethers";
import { loadAppConfig, type AppConfig } from "@/features/chain";
import { DEMO_START_BALANCES } from "@/config/tokens";
import { useAccountStore } from "@/features/account";
import type { Eip1193Provider } from "../injected-provider";
import { rememberedWallet, walletChoice, type InjectedWallet } from "../wallet-discovery";
import { announceConnected, announceConnectFailure, announceDisconnected, SIGNATURE_REQUIRED } from "../connect-toasts";
import { disconnectedSession, selectWrongNetwork, WALLET_CONNECTED_KEY, type WalletDriver, type WalletStoreApi } from "../wallet-store";
import { addChainParameter, definitionOf } from "./chains";
import type { Connector } from "@web3-react/types";
import { connectorStore, injectedWallet } from "./connector";
import { walletConnect } from "./walletconnect";
import { contractsOf, type Contracts } from "./contracts";
import { checkDeploymentOnChain } from "./deployment-check";
import { errorCode, isUserRejection, UNKNOWN_CHAIN } from "./errors";
import { LaneFundsReader } from "./lane-funds";
import { currentSession, endSession, signIn, type ServerSession } from "./siwe";

/** docs/product.md §9: balances are re-read every 10 s in web3 mode on the target chain. */
export const BALANCE_POLL_MS = 10_000;

/**
 * How often a pending transaction's receipt is looked for. ethers polls every 4 s by default,
 * five blocks on BSC (0.75 s) and four blocks locally: a bet would wait for the poll, not the chain.
 */
const RECEIPT_POLL_MS = 500;

/** Which injected wallet a reload reconnects (wallet-discovery.ts walletChoice). */
export const WALLET_CHOICE_KEY = "degen-casino-wallet-choice";

/** The connector in use and its store: the chosen injected wallet's, or a WalletConnect session's. */
interface ActiveConnector {
  connector: Connector;
  store: typeof connectorStore;
  /** A WalletConnect session, closed on Disconnect and when the page closes (docs/product.md §4). */
  session: boolean;
}
const INJECTED: ActiveConnector = { connector: injectedWallet, store: connectorStore, session: false };

export interface ReadyWallet {
  config: AppConfig;
  account: string;
  provider: BrowserProvider;
  signer: JsonRpcSigner;
  contracts: Contracts;
}

/**
 * The wallet half of web3 mode: the chosen wallet (an injected one through @web3-react, or a
 * WalletConnect session), ethers v6 over its EIP-1193 provider, and the TypeChain bindings. It
 * keeps the app's wallet store (the one source of truth) in step with the wallet and the server
 * session. Everything it runs while a wallet is connected (the balance poll, the wallet's watchers,
 * the page-close hook, the cached provider) starts in `start` and ends in `stop`.
 */
export class WalletController implements WalletDriver {
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private unwatch: (() => void) | undefined;
  /** An account being asked to sign after an account change: asked once, never in a loop. */
  private signingAccount: string | null = null;
  private cachedProvider: { chainId: number; provider: BrowserProvider } | undefined;
  private active = INJECTED;
  private readonly lanes = new LaneFundsReader();
  private readonly closeSessionWithPage = () => {
    // Closing the page closes a WalletConnect session (docs/product.md §4), as Disconnect does: the wallet is told at once.
    if (this.active.session) void this.active.connector.deactivate?.();
  };

  constructor(private readonly store: WalletStoreApi) {}

  /** ethers v6 over the wallet, rebuilt when the chain changes (a v6 provider refuses a network change). */
  browserProvider(): BrowserProvider {
    const chainId = this.store.getState().chainId;
    if (chainId === null) throw new Error("Wallet not connected");
    if (this.cachedProvider?.chainId !== chainId) {
      this.cachedProvider = {
        chainId,
        provider: new BrowserProvider(this.walletProvider() as ConstructorParameters<typeof BrowserProvider>[0], chainId, { pollingInterval: RECEIPT_POLL_MS }),
      };
    }
    return this.cachedProvider.provider;
  }

  /**
   * What an on-chain action needs, or the reason it cannot run: docs/product.md §5 'Wallet not connected', the
   * wrong network (every on-chain action waits until the wallet is on the server's chain), or a
   * Casino on that chain that is not the deployment the build pins.
   */
  async readyWallet(): Promise<ReadyWallet> {
    const state = this.store.getState();
    if (state.mode !== "web3" || state.account === null) throw new Error("Wallet not connected");
    const config = await loadAppConfig();
    if (selectWrongNetwork(state)) throw new Error(`Wrong network: switch your wallet to ${config.chain.name}`);
    const provider = this.browserProvider();
    await checkDeploymentOnChain(config, provider);
    const signer = await provider.getSigner(state.account);
    return { config, account: state.account, provider, signer, contracts: contractsOf(config, signer) };
  }

  /**
   * docs/product.md §4 Connect, with the wallet the player chose (an injected one, or a WalletConnect session):
   * request accounts, sign in, web3 mode; then the server's chain if the wallet is elsewhere.
   */
  async connectWallet(wallet: InjectedWallet | "walletconnect"): Promise<void> {
    this.store.setState({ isLoading: true });
    let account: string | null = null;
    try {
      const config = await loadAppConfig();
      this.store.setState({ targetChain: config.chain });
      if (wallet === "walletconnect") {
        if (!config.walletConnectProjectId) throw new Error("This server offers no WalletConnect");
        const [connector, , connectorOf] = walletConnect({
          projectId: config.walletConnectProjectId,
          chainId: config.chain.id,
          rpcUrl: config.chain.rpcUrls[0]!,
          appUrl: window.location.origin,
        });
        this.active = { connector, store: connectorOf, session: true };
        await connector.activate();
      } else {
        this.active = INJECTED;
        injectedWallet.use(wallet.provider);
        await injectedWallet.activate();
        localStorage.setItem(WALLET_CHOICE_KEY, walletChoice(wallet));
      }
      account = this.firstAccount();
      if (!account) throw new Error("The wallet returned no account");
      const session = await this.signInOrRevoke(account, config);
      this.start(account);
      adoptUser(session);
      announceConnected();
      await this.switchIfElsewhere(config);
    } catch (error) {
      await this.stop({ resetDemo: false });
      announceConnectFailure(error);
      throw error;
    } finally {
      this.store.setState({ isLoading: false });
    }
  }

  /** A reload: the wallet's current account with a still-valid server session comes back without a signature. */
  async restoreWallet(): Promise<void> {
    this.store.setState({ isLoading: true });
    try {
      const config = await loadAppConfig();
      this.store.setState({ targetChain: config.chain });
      // A WalletConnect session ends with its page: only an injected wallet comes back.
      this.active = INJECTED;
      const wallet = rememberedWallet(localStorage.getItem(WALLET_CHOICE_KEY));
      if (wallet) {
        injectedWallet.use(wallet.provider);
        await injectedWallet.connectEagerly();
      }
      const account = wallet ? this.firstAccount() : null;
      const session = account ? await currentSession() : null;
      if (!account || !session || getAddress(session.address) !== account) {
        localStorage.removeItem(WALLET_CONNECTED_KEY);
        injectedWallet.resetState();
        return;
      }
      this.start(account);
      adoptUser(session);
    } finally {
      this.store.setState({ isLoading: false });
    }
  }

  /** docs/product.md §4 Disconnect: the server session ends, the connection closes, demo mode with its start balances. */
  async disconnectWallet(): Promise<void> {
    await this.stop({ resetDemo: true });
    await endSession();
    await this.revokePermissions();
    announceDisconnected();
  }

  /** docs/product.md §4 Switch network: request the switch; on 4902 add a chain we know, then switch. Other errors are re-raised. */
  async switchNetwork(): Promise<void> {
    const config = await loadAppConfig();
    await this.switchWalletTo(config.chain.id, config);
  }

  /** Vault, one-click lanes, wallet and jackpot balances from the chain; a failed read keeps what was shown (docs/product.md §8). */
  async refreshBalances(): Promise<void> {
    const state = this.store.getState();
    if (state.mode !== "web3" || state.account === null || selectWrongNetwork(state)) return;
    const account = state.account;
    try {
      const config = await loadAppConfig();
      const provider = this.browserProvider();
      const contracts = contractsOf(config, provider);
      const { casino, degen } = contracts;
      const [vaultDegen, vaultBnb, laneFunds, walletDegen, walletBnb] = await Promise.all([
        casino.getBalance(account, config.contracts.DegenToken),
        casino.getBalance(account, ZeroAddress),
        this.lanes.read(contracts, account),
        degen.balanceOf(account),
        provider.getBalance(account),
      ]);
      // docs/product.md §7: the jackpot read returns 0 on failure.
      const pool = await casino.jackpotPool().catch(() => 0n);
      const now = this.store.getState();
      if (now.account !== account) return;
      const walletBalances = { DEGEN: formatEther(walletDegen), BNB: formatEther(walletBnb) };
      // An outcome still being animated: what the wallet holds may show, the Casino side (vault and lanes) must wait.
      if (Date.now() < now.outcomeHiddenUntil) this.store.setState({ walletBalances });
      else
        this.store.setState({
          onChainBalances: { DEGEN: formatEther(vaultDegen), BNB: formatEther(vaultBnb) },
          laneFunds,
          walletBalances,
          jackpotPool: formatEther(pool),
        });
    } catch (error) {
      console.warn("Reading balances failed", error);
    }
  }

  /** Web3 mode for `account`: the wallet's watchers, the page-close hook and the balance poll start. */
  private start(account: string): void {
    this.store.setState({ mode: "web3", account, chainId: this.active.store.getState().chainId ?? null, provider: this.walletProvider() });
    localStorage.setItem(WALLET_CONNECTED_KEY, "1");
    this.watchWallet();
    window.addEventListener("pagehide", this.closeSessionWithPage);
    clearInterval(this.pollTimer);
    this.pollTimer = setInterval(() => void this.refreshBalances(), BALANCE_POLL_MS);
    void this.refreshBalances();
  }

  /** Back to demo mode: everything `start` began ends, and the connection closes. */
  private async stop({ resetDemo }: { resetDemo: boolean }): Promise<void> {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
    this.unwatch?.();
    this.unwatch = undefined;
    window.removeEventListener("pagehide", this.closeSessionWithPage);
    localStorage.removeItem(WALLET_CONNECTED_KEY);
    this.cachedProvider = undefined;
    this.store.setState({ ...disconnectedSession, ...(resetDemo ? { demoBalances: { ...DEMO_START_BALANCES } } : {}) });
    // The registered user belongs to the wallet that left (the server serves it to that wallet only).
    useAccountStore.getState().logout();
    const leaving = this.active;
    this.active = INJECTED;
    if (leaving.session) await leaving.connector.deactivate?.();
    else injectedWallet.resetState();
  }

  private walletProvider(): Eip1193Provider {
    const provider = this.active.connector.provider as Eip1193Provider | undefined;
    if (!provider) throw new Error("No wallet provider available");
    return provider;
  }

  private firstAccount(): string | null {
    const accounts = this.active.store.getState().accounts;
    return accounts && accounts.length > 0 ? getAddress(accounts[0]!) : null;
  }

  /** Signs in; a refused signature revokes the wallet's permission and becomes the product's 'Signature required…'. */
  private async signInOrRevoke(account: string, config: AppConfig): Promise<ServerSession> {
    try {
      return await signIn(this.walletProvider(), account, config);
    } catch (error) {
      if (!isUserRejection(error)) throw error;
      await this.revokePermissions();
      throw new Error(SIGNATURE_REQUIRED);
    }
  }

  /** The wallet's account and chain changes, as docs/product.md §4 'Wallet mode' says to follow them (the connector in use). */
  private watchWallet(): void {
    this.unwatch?.();
    this.unwatch = this.active.store.subscribe((next, previous) => {
      const state = this.store.getState();
      if (state.mode !== "web3" || state.isLoading) return;
      if (next.chainId !== undefined && next.chainId !== previous.chainId) {
        this.store.setState({ chainId: next.chainId });
        void this.refreshBalances();
      }
      const account = next.accounts?.[0] ? getAddress(next.accounts[0]) : null;
      if (account === null) void this.accountsGone();
      else if (account !== state.account) void this.accountSwitched(account);
    });
  }

  /** The wallet has no account any more: demo mode with the product's demo balances. */
  private async accountsGone(): Promise<void> {
    await endSession();
    await this.stop({ resetDemo: true });
  }

  /** Another account in the wallet: the old session ends and the new account is asked to sign, once. */
  private async accountSwitched(account: string): Promise<void> {
    if (this.signingAccount === account) return;
    this.signingAccount = account;
    this.store.setState({
      isLoading: true,
      account,
      onChainBalances: disconnectedSession.onChainBalances,
      laneFunds: disconnectedSession.laneFunds,
      walletBalances: disconnectedSession.walletBalances,
    });
    try {
      await endSession();
      const session = await this.signInOrRevoke(account, await loadAppConfig());
      this.store.setState({ account });
      adoptUser(session);
      announceConnected();
      void this.refreshBalances();
    } catch (error) {
      await this.stop({ resetDemo: false });
      announceConnectFailure(error);
    } finally {
      this.signingAccount = null;
      this.store.setState({ isLoading: false });
    }
  }

  /** After sign-in: the server's chain at once. A refused switch is tolerated (the header offers it again). */
  private async switchIfElsewhere(config: AppConfig): Promise<void> {
    if (this.store.getState().chainId === config.chain.id) return;
    try {
      await this.switchWalletTo(config.chain.id, config);
    } catch (error) {
      console.info("The wallet stayed on another chain", error);
    }
  }

  private async switchWalletTo(chainId: number, config: AppConfig): Promise<void> {
    const provider = this.walletProvider();
    const hexId = `0x${chainId.toString(16)}`;
    try {
      await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: hexId }] });
    } catch (error) {
      const definition = definitionOf(chainId, config);
      if (errorCode(error) !== UNKNOWN_CHAIN || !definition) throw error;
      await provider.request({ method: "wallet_addEthereumChain", params: [addChainParameter(definition)] });
      await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: hexId }] });
    }
    const chainHex = (await provider.request({ method: "eth_chainId" })) as string;
    this.store.setState({ chainId: Number.parseInt(chainHex, 16) });
    void this.refreshBalances();
  }

  /** Where the wallet allows it (MetaMask does): the site loses its access, so a reload stays disconnected. */
  private async revokePermissions(): Promise<void> {
    try {
      await this.walletProvider().request({ method: "wallet_revokePermissions", params: [{ eth_accounts: {} }] });
    } catch {
      // Older wallets have no such method; resetting our own state is all that is left to do.
    }
  }
}

/** The server names the signed-in wallet's registered user (or none): it becomes the session's (docs/product.md §4 'Session'). */
function adoptUser(session: ServerSession): void {
  void useAccountStore.getState().adopt(session.user);
}
