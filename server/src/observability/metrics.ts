import { formatEther } from "ethers";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { ChainRequestKind, ChainRequestOutcome } from "../chain/chain-requests";
import type { LedgerName, OutboxOutcome } from "../chain/outbox";
import type { SettlementCounters, SettlementFailure } from "../settler/pipeline";
import type { RelayCounters } from "../sessions/relay";
import { UNSETTLED_STATUSES, type StatusSampler, type StatusSnapshot } from "./status";

/** Up to 30 s: a relayed withdrawal waits for its transaction to be mined. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"] as const;
/**
 * Whole tokens, by decades either side of 0, so that one set serves a BNB bet's thousandths and a
 * DEGEN bet's tenths: the 0 bucket counts the one-click bets that cost the house more than they bring.
 */
const MARGIN_BUCKETS = [-10, -1, -0.1, -0.01, -0.001, -0.0001, -0.00001, 0, 0.00001, 0.0001, 0.001, 0.01, 0.1, 1, 10];

let processRegistry: Registry | undefined;
/** Node's own metrics (CPU, memory, event loop lag, GC), once per process however many apps it builds (tests build several). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

type LatencyObserver = (seconds: number) => void;

/**
 * The server's Prometheus metrics (GET /metrics). Counters and the latency histogram count what
 * this instance did; the gauges describe the deployment (chain, database) as this instance reads
 * it when scraped, through the StatusSampler's short cache.
 */
export class Metrics {
  private readonly registry = new Registry();
  private readonly latency = new Histogram({
    name: "degen_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's last byte, per route template, method and status class",
    labelNames: ["route", "method", "status_class"],
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  /** Bound children per label set: a request costs a map lookup, not prom-client's label hashing. */
  private readonly observers = new Map<string, LatencyObserver>();
  private readonly settlementsSent = this.counter("degen_settlements_sent_total", "Settlement transactions this instance broadcast");
  private readonly settlementBetsSent = this.counter("degen_settlement_bets_sent_total", "Bets in the settlement transactions this instance broadcast");
  private readonly settlementsFailed = this.counter(
    "degen_settlements_failed_total",
    "Settlements that failed: not_sent (broadcast failed), reverted, refused (simulation), dropped (unknown to the node when looked up)",
    ["reason"],
  );
  private readonly chainRequests = this.counter(
    "degen_chain_requests_total",
    "Transactions routes asked the lease holder to send (commitments, relays), by outcome (over_budget: refused by a budget, never queued)",
    ["kind", "outcome"],
  );
  private readonly outboxTransactions = this.counter(
    "degen_outbox_transactions_total",
    "Transactions of the outbox, the server's one way to the chain, by ledger (settlement, relay, jackpot_draw, entropy_lock, chain_request) and outcome: sent, unsent (the broadcast failed), mined, reverted, dropped (unknown to the node when looked up)",
    ["ledger", "outcome"],
  );
  private readonly relayTransactions = this.counter(
    "degen_relay_transactions_sent_total",
    "Relay transactions (CasinoSessions.play of a batch, or place of an interactive bet) this instance broadcast",
  );
  private readonly relayBets = this.counter("degen_relay_bets_sent_total", "Session bets in the relay transactions this instance broadcast");
  private readonly relayUnsimulated = this.counter(
    "degen_relay_bets_unsimulated_total",
    "Of those, the bets sent without a simulation first: never sent before, and the house's terms, pause and bankroll as they were taken for",
  );
  private readonly relayReverted = this.counter(
    "degen_relay_transactions_reverted_total",
    "Relay transactions that reverted: only the house's pause or a bug reverts one (their bets are queued again and simulated; every batch is for 10 minutes after)",
  );
  private readonly relayRefused = this.counter(
    "degen_relay_bets_refused_total",
    "Session bets the relay took out of a batch because the chain would refuse them, by the contract's error (deadline: too late to send)",
    ["reason"],
  );
  private readonly relayRevertGas = this.counter("degen_relay_revert_gas_total", "Gas the house burnt on reverted relay transactions");
  private readonly oneClickMargin = new Histogram({
    name: "degen_one_click_margin",
    help: "The house's expected margin on each one-click bet relayed, after its share of the relay transaction's fee: stake × edge − gasUsed × effectiveGasPrice ÷ bets, whole tokens of the bet (DEGEN's gas at the swap desk's rate)",
    labelNames: ["token"],
    buckets: MARGIN_BUCKETS,
    registers: [this.registry],
  });

  constructor(status: StatusSampler) {
    const registers = [this.registry];
    /** A gauge of one value, left as it was when `read` has none. */
    const gauge = (name: string, help: string, read: () => Promise<number | undefined>) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const value = await read();
          if (value !== undefined) this.set(value);
        },
      });
    /** A gauge of one value per label. */
    const labelledGauge = (name: string, help: string, label: string, read: () => Promise<[string, number][]>) =>
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers,
        async collect() {
          for (const [value, figure] of await read()) this.set({ [label]: value }, figure);
        },
      });
    const snapshot = () => status.snapshot();
    gauge("degen_settler_leader", "1 when this instance holds the settler lease (reads the chain, settles, sends every transaction)", async () =>
      status.leading ? 1 : 0,
    );
    gauge("degen_settler_lease_held", "1 when some instance holds the settler lease", async () => {
      const held = (await snapshot()).leaseHeld;
      return held === undefined ? undefined : held ? 1 : 0;
    });
    gauge("degen_chain_up", "1 when the chain answered the last read within 2 s", async () => ((await snapshot()).chainError === undefined ? 1 : 0));
    gauge("degen_chain_head_block", "The chain's latest block number", async () => (await snapshot()).head);
    gauge("degen_settler_cursor_block", "The last block whose Casino logs are recorded", async () => (await snapshot()).cursor);
    gauge(
      "degen_settler_lag_blocks",
      "Blocks the settler could have read and has not: head − confirmations − cursor",
      async () => (await snapshot()).lagBlocks,
    );
    labelledGauge(
      "degen_bets_unsettled",
      "Bets recorded and not yet settled, per status (open: awaiting the player or the engine; ready: awaiting a settlement; sent: settlement pending)",
      "status",
      async () => {
        const { unsettled } = await snapshot();
        return UNSETTLED_STATUSES.map((status) => [status, unsettled[status].count]);
      },
    );
    labelledGauge(
      "degen_bets_oldest_age_seconds",
      "How long the oldest bet of each unsettled status has been in it (0 when there is none)",
      "status",
      async () => {
        const { unsettled } = await snapshot();
        return UNSETTLED_STATUSES.map((status) => [status, unsettled[status].oldestAgeSeconds ?? 0]);
      },
    );
    labelledGauge(
      "degen_relay_bets",
      "Session bets on their way: queued (accepted, not sent yet) and sent (in a relay transaction awaiting its receipt)",
      "status",
      async () => {
        const { relay } = await snapshot();
        return [
          ["queued", relay.queued],
          ["sent", relay.sent],
        ];
      },
    );
    gauge(
      "degen_relay_oldest_wait_seconds",
      "How long the oldest session bet on its way has waited since it was accepted (0 when none)",
      async () => (await snapshot()).relay.oldestWaitSeconds ?? 0,
    );
    const settlerGauge = (name: string, help: string, read: (gas: NonNullable<StatusSnapshot["settlerGas"]>) => bigint) =>
      gauge(name, help, async () => {
        const { settlerGas } = await snapshot();
        return settlerGas && Number(formatEther(read(settlerGas)));
      });
    settlerGauge("degen_settler_gas_balance", "The settler key's balance, which pays every transaction (whole BNB)", (gas) => gas.balance);
    settlerGauge(
      "degen_settler_gas_spent_per_hour",
      "What the settler key's balance fell by over the last hour, as this instance sampled it: its spending rate (whole BNB per hour)",
      (gas) => gas.spentLastHour,
    );
    const houseGauge = (name: string, help: string, read: (house: Awaited<ReturnType<StatusSampler["house"]>>) => [string, number][]) =>
      labelledGauge(name, help, "token", async () => {
        // An unreachable chain leaves the last values; degen_chain_up tells.
        const house = await status.house().catch(() => undefined);
        return house ? read(house) : [];
      });
    houseGauge("degen_house_bankroll", "The house's bankroll per token, reserved included (whole tokens, read from the Casino)", (house) =>
      Object.entries(house.tokens).map(([token, figures]) => [token, figures.bankroll]),
    );
    houseGauge("degen_house_reserved", "What open bets reserve of the bankroll per token (whole tokens)", (house) =>
      Object.entries(house.tokens).map(([token, figures]) => [token, figures.reserved]),
    );
    houseGauge("degen_jackpot_pool", "The DEGEN jackpot pool (whole tokens)", (house) => [["DEGEN", house.jackpotPool]]);
  }

  /** The histogram's observer for one route, method and status: a map lookup per request. */
  observeLatency(route: string, method: string, status: number, seconds: number): void {
    const statusClass = STATUS_CLASSES[Math.floor(status / 100) - 1] ?? "5xx";
    const key = `${route} ${method} ${statusClass}`;
    let observe = this.observers.get(key);
    if (!observe) {
      const child = this.latency.labels({ route, method, status_class: statusClass });
      observe = (value) => child.observe(value);
      this.observers.set(key, observe);
    }
    observe(seconds);
  }

  readonly settlements: SettlementCounters = {
    sent: (transactions, bets) => {
      this.settlementsSent.inc(transactions);
      this.settlementBetsSent.inc(bets);
    },
    failed: (reason: SettlementFailure) => this.settlementsFailed.inc({ reason }),
  };

  readonly relay: RelayCounters = {
    sent: (transactions, bets) => {
      this.relayTransactions.inc(transactions);
      this.relayBets.inc(bets);
    },
    unsimulated: (bets) => this.relayUnsimulated.inc(bets),
    reverted: (gas) => {
      this.relayReverted.inc();
      this.relayRevertGas.inc(gas);
    },
    refused: (reason) => this.relayRefused.inc({ reason }),
    margin: (token, margin) => this.oneClickMargin.observe({ token }, margin),
  };

  countChainRequest(kind: ChainRequestKind, outcome: ChainRequestOutcome): void {
    this.chainRequests.inc({ kind, outcome });
  }

  countOutbox(ledger: LedgerName, outcome: OutboxOutcome, transactions: number): void {
    this.outboxTransactions.inc({ ledger, outcome }, transactions);
  }

  private counter<Label extends string = never>(name: string, help: string, labelNames: Label[] = []): Counter<Label> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  async text(): Promise<string> {
    return Registry.merge([this.registry, processMetrics()]).metrics();
  }
}
