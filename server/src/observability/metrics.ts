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
  private readonly latency: Histogram<"route" | "method" | "status_class">;
  /** Bound children per label set: a request costs a map lookup, not prom-client's label hashing. */
  private readonly observers = new Map<string, LatencyObserver>();
  private readonly settlementsSent: Counter;
  private readonly settlementBetsSent: Counter;
  private readonly settlementsFailed: Counter<"reason">;
  private readonly chainRequests: Counter<"kind" | "outcome">;
  private readonly outboxTransactions: Counter<"ledger" | "outcome">;
  private readonly relayTransactions: Counter;
  private readonly relayBets: Counter;
  private readonly relayUnsimulated: Counter;
  private readonly relayReverted: Counter;
  private readonly relayRefused: Counter<"reason">;
  private readonly relayRevertGas: Counter<"blame">;
  private readonly oneClickMargin: Histogram<"token">;

  constructor(status: StatusSampler) {
    const registers = [this.registry];
    this.latency = new Histogram({
      name: "degen_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer's last byte, per route template, method and status class",
      labelNames: ["route", "method", "status_class"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.settlementsSent = new Counter({ name: "degen_settlements_sent_total", help: "Settlement transactions this instance broadcast", registers });
    this.settlementBetsSent = new Counter({
      name: "degen_settlement_bets_sent_total",
      help: "Bets in the settlement transactions this instance broadcast",
      registers,
    });
    this.settlementsFailed = new Counter({
      name: "degen_settlements_failed_total",
      help: "Settlements that failed: not_sent (broadcast failed), reverted, refused (simulation), dropped (unknown to the node when looked up)",
      labelNames: ["reason"],
      registers,
    });
    this.chainRequests = new Counter({
      name: "degen_chain_requests_total",
      help: "Transactions routes asked the lease holder to send (commitments, relays), by outcome (over_budget: refused by a budget, never queued)",
      labelNames: ["kind", "outcome"],
      registers,
    });
    this.outboxTransactions = new Counter({
      name: "degen_outbox_transactions_total",
      help: "Transactions of the outbox, the server's one way to the chain, by ledger (settlement, relay, jackpot_draw, entropy_lock, chain_request) and outcome: sent, unsent (the broadcast failed), mined, reverted, dropped (unknown to the node when looked up)",
      labelNames: ["ledger", "outcome"],
      registers,
    });

    this.relayTransactions = new Counter({
      name: "degen_relay_transactions_sent_total",
      help: "Relay transactions (CasinoSessions.play of a batch, or place of an interactive bet) this instance broadcast",
      registers,
    });
    this.relayBets = new Counter({ name: "degen_relay_bets_sent_total", help: "Session bets in the relay transactions this instance broadcast", registers });
    this.relayUnsimulated = new Counter({
      name: "degen_relay_bets_unsimulated_total",
      help: "Of those, the bets sent without a simulation first: none of their players had acted on chain since the intake checked them",
      registers,
    });
    this.relayReverted = new Counter({
      name: "degen_relay_transactions_reverted_total",
      help: "Relay transactions that reverted (their bets are queued again and simulated; every batch is for 10 minutes after)",
      registers,
    });
    this.relayRefused = new Counter({
      name: "degen_relay_bets_refused_total",
      help: "Session bets the relay took out of a batch because the chain would refuse them, by the contract's error (deadline: too late to send)",
      labelNames: ["reason"],
      registers,
    });
    this.relayRevertGas = new Counter({
      name: "degen_relay_revert_gas_total",
      help: "Gas the house burnt on reverted relay transactions, by blame: player (charged to the revert budget of the address whose bet failed when checked alone), unattributed",
      labelNames: ["blame"],
      registers,
    });
    this.oneClickMargin = new Histogram({
      name: "degen_one_click_margin",
      help: "The house's expected margin on each one-click bet relayed, after its share of the relay transaction's fee: stake × edge − gasUsed × effectiveGasPrice ÷ bets, whole tokens of the bet (DEGEN's gas at the swap desk's rate)",
      labelNames: ["token"],
      buckets: MARGIN_BUCKETS,
      registers,
    });

    const snapshot = () => status.snapshot();
    new Gauge({
      name: "degen_settler_leader",
      help: "1 when this instance holds the settler lease (reads the chain, settles, sends every transaction)",
      registers,
      collect() {
        this.set(status.leading ? 1 : 0);
      },
    });
    new Gauge({
      name: "degen_settler_lease_held",
      help: "1 when some instance holds the settler lease",
      registers,
      async collect() {
        const held = (await snapshot()).leaseHeld;
        if (held !== undefined) this.set(held ? 1 : 0);
      },
    });
    new Gauge({
      name: "degen_chain_up",
      help: "1 when the chain answered the last read within 2 s",
      registers,
      async collect() {
        this.set((await snapshot()).chainError === undefined ? 1 : 0);
      },
    });
    new Gauge({
      name: "degen_chain_head_block",
      help: "The chain's latest block number",
      registers,
      async collect() {
        const { head } = await snapshot();
        if (head !== undefined) this.set(head);
      },
    });
    new Gauge({
      name: "degen_settler_cursor_block",
      help: "The last block whose Casino logs are recorded",
      registers,
      async collect() {
        const { cursor } = await snapshot();
        if (cursor !== undefined) this.set(cursor);
      },
    });
    new Gauge({
      name: "degen_settler_lag_blocks",
      help: "Blocks the settler could have read and has not: head − confirmations − cursor",
      registers,
      async collect() {
        const { lagBlocks } = await snapshot();
        if (lagBlocks !== undefined) this.set(lagBlocks);
      },
    });
    new Gauge({
      name: "degen_bets_unsettled",
      help: "Bets recorded and not yet settled, per status (open: awaiting the player or the engine; ready: awaiting a settlement; sent: settlement pending)",
      labelNames: ["status"],
      registers,
      async collect() {
        const { unsettled } = await snapshot();
        for (const status of UNSETTLED_STATUSES) this.set({ status }, unsettled[status].count);
      },
    });
    new Gauge({
      name: "degen_bets_oldest_age_seconds",
      help: "How long the oldest bet of each unsettled status has been in it (0 when there is none)",
      labelNames: ["status"],
      registers,
      async collect() {
        const { unsettled } = await snapshot();
        for (const status of UNSETTLED_STATUSES) this.set({ status }, unsettled[status].oldestAgeSeconds ?? 0);
      },
    });
    new Gauge({
      name: "degen_relay_bets",
      help: "Session bets on their way: queued (accepted, not sent yet) and sent (in a relay transaction awaiting its receipt)",
      labelNames: ["status"],
      registers,
      async collect() {
        const { relay } = await snapshot();
        this.set({ status: "queued" }, relay.queued);
        this.set({ status: "sent" }, relay.sent);
      },
    });
    new Gauge({
      name: "degen_relay_oldest_wait_seconds",
      help: "How long the oldest session bet on its way has waited since it was accepted (0 when none)",
      registers,
      async collect() {
        this.set((await snapshot()).relay.oldestWaitSeconds ?? 0);
      },
    });
    const settlerGauge = (name: string, help: string, read: (gas: NonNullable<StatusSnapshot["settlerGas"]>) => bigint) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const { settlerGas } = await snapshot();
          if (settlerGas) this.set(Number(formatEther(read(settlerGas))));
        },
      });
    settlerGauge("degen_settler_gas_balance", "The settler key's balance, which pays every transaction (whole BNB)", (gas) => gas.balance);
    settlerGauge(
      "degen_settler_gas_spent_per_hour",
      "What the settler key's balance fell by over the last hour, as this instance sampled it: its spending rate (whole BNB per hour)",
      (gas) => gas.spentLastHour,
    );
    const houseGauge = (name: string, help: string, read: (house: Awaited<ReturnType<StatusSampler["house"]>>) => [string, number][]) =>
      new Gauge({
        name,
        help,
        labelNames: ["token"],
        registers,
        async collect() {
          // An unreachable chain leaves the last values; degen_chain_up tells.
          const house = await status.house().catch(() => undefined);
          if (house) for (const [token, value] of read(house)) this.set({ token }, value);
        },
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
    reverted: () => this.relayReverted.inc(),
    refused: (reason) => this.relayRefused.inc({ reason }),
    revertGas: (gas, blame) => this.relayRevertGas.inc({ blame }, gas),
    margin: (token, margin) => this.oneClickMargin.observe({ token }, margin),
  };

  countChainRequest(kind: ChainRequestKind, outcome: ChainRequestOutcome): void {
    this.chainRequests.inc({ kind, outcome });
  }

  countOutbox(ledger: LedgerName, outcome: OutboxOutcome, transactions: number): void {
    this.outboxTransactions.inc({ ledger, outcome }, transactions);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  async text(): Promise<string> {
    return Registry.merge([this.registry, processMetrics()]).metrics();
  }
}
