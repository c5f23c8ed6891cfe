import type { BlackjackAction } from "../engine";
import type { TokenSymbol } from "../http/validators";

/**
 * Anonymous demo rounds (blackjack hands, mines rounds), kept in this process's memory: they
 * settle nothing, so they need no database row. A restart ends the rounds in play, and several
 * server instances would need sticky sessions. The store is bounded, so a flood of anonymous
 * starts cannot grow it for ever.
 */
export interface DemoHand<Actions = BlackjackAction[]> {
  readonly id: string;
  readonly token: TokenSymbol;
  readonly betAmount: bigint;
  /** The round's random word: the deck (the grid) is laid out again from it on every action. */
  readonly word: string;
  actions: Actions;
  finished: boolean;
  lastActionAt: number;
}

export interface DemoHandLimits {
  /** A hand in play is dropped this long after its last action. */
  idleMs: number;
  /** A finished hand is kept this long, so a late click still hears "the hand is over". */
  finishedMs: number;
  /** At most this many hands; a new one evicts the one idle the longest. */
  maxHands: number;
}

export const DEFAULT_DEMO_HAND_LIMITS: DemoHandLimits = { idleMs: 30 * 60_000, finishedMs: 60_000, maxHands: 50_000 };

export class DemoHandStore<Hand extends DemoHand<unknown> = DemoHand> {
  /** Insertion order is the order of last action: a touched hand is moved to the end. */
  private readonly hands = new Map<string, Hand>();
  private lastSweep: number;

  constructor(
    private readonly limits: DemoHandLimits = DEFAULT_DEMO_HAND_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.lastSweep = now();
  }

  get size(): number {
    return this.hands.size;
  }

  add(hand: Omit<Hand, "lastActionAt">): void {
    this.sweepIfDue();
    while (this.hands.size >= this.limits.maxHands) this.hands.delete(this.hands.keys().next().value!);
    this.hands.set(hand.id, { ...hand, lastActionAt: this.now() } as Hand);
  }

  /** The hand, unless it is unknown or has expired. */
  get(id: string): Hand | undefined {
    const hand = this.hands.get(id);
    if (hand && this.expired(hand, this.now())) {
      this.hands.delete(id);
      return undefined;
    }
    return hand;
  }

  /** Records a played action's outcome and makes the hand the most recently active one. */
  update(hand: Hand, actions: Hand["actions"], finished: boolean): void {
    hand.actions = actions;
    hand.finished = finished;
    hand.lastActionAt = this.now();
    this.hands.delete(hand.id);
    this.hands.set(hand.id, hand);
  }

  private expired(hand: Hand, now: number): boolean {
    return now - hand.lastActionAt >= (hand.finished ? this.limits.finishedMs : this.limits.idleMs);
  }

  /** A full pass at most once per finishedMs: it drops the finished hands spread through the map. */
  private sweepIfDue(): void {
    const now = this.now();
    if (now - this.lastSweep < this.limits.finishedMs) return;
    this.lastSweep = now;
    for (const [id, hand] of this.hands) if (this.expired(hand, now)) this.hands.delete(id);
  }
}
