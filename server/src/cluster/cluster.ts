import type { Db } from "../db/types";

/**
 * SETTLER: `on` contends for the settler lease and, holding it, reads the chain, settles and
 * sends every transaction; `paused` does all that but sends no settlement (bets stay unsettled
 * until their players claim them back: for testing that path); `off` never takes the lease (a
 * web-only instance: its transactions go to the lease holder through the outbox).
 */
export type SettlerMode = "on" | "paused" | "off";

/** What instances sharing a database tell each other; a listener re-reads the database, the signal carries nothing. */
export type SignalName = "settle" | "chain_request" | "chain_request_done" | "relay" | "relay_done" | "feed";

/**
 * The settler lease: at most one instance holds it, and only the holder sends chain transactions
 * (one account, one nonce sequence).
 */
export interface Lease {
  /** Whether this instance holds the lease now. */
  readonly leading: boolean;
  /** Whether any instance holds it (this one included). */
  held(): Promise<boolean>;
}

export interface Signals {
  /** Signals every instance (this one too). Inside a transaction it is delivered when that commits. */
  notify(db: Db, name: SignalName): Promise<void>;
  /** Calls the listener on each signal until the returned function is called. */
  on(name: SignalName, listener: () => void): () => void;
}

export interface Cluster {
  lease: Lease;
  signals: Signals;
  /** Calls the listener on every change of this instance's leadership. */
  onLeadership(listener: (leading: boolean) => void): void;
  /** Takes the lease if it is free (and keeps trying, unless SETTLER=off); resolves after the first try. */
  start(): Promise<void>;
  /** Gives the lease up: another instance takes over at its next try. */
  close(): Promise<void>;
}

/** Listeners per signal, shared by both kinds of cluster. */
export class SignalListeners {
  private readonly listeners = new Map<SignalName, Set<() => void>>();

  on(name: SignalName, listener: () => void): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => void set.delete(listener);
  }

  emit(name: SignalName): void {
    for (const listener of this.listeners.get(name) ?? []) listener();
  }
}
