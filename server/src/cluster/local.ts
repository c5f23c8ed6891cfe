import type { Db } from "../db/types";
import { SignalListeners, type Cluster, type SignalName } from "./cluster";

/**
 * PGlite: one process opens the database, so it is trivially the lease holder, and signals are
 * calls within the process. PGlite runs one transaction at a time, so a listener's query waits
 * until the notifying transaction has committed.
 */
export function localCluster(): Cluster {
  const signals = new SignalListeners();
  const leadership: ((leading: boolean) => void)[] = [];
  let leading = false;
  const lead = (now: boolean) => {
    leading = now;
    for (const listener of leadership) listener(now);
  };
  return {
    lease: {
      get leading() {
        return leading;
      },
      held: async () => leading,
    },
    signals: {
      async notify(_db: Db, name: SignalName) {
        queueMicrotask(() => signals.emit(name));
      },
      on: (name, listener) => signals.on(name, listener),
    },
    onLeadership: (listener) => void leadership.push(listener),
    async start() {
      lead(true);
    },
    async close() {
      if (leading) lead(false);
    },
  };
}
