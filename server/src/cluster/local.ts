import type { Db } from "../db/types";
import { LeadershipListeners, SignalListeners, type Cluster, type SignalName } from "./cluster";

/**
 * PGlite: one process opens the database, so it is trivially the lease holder, and signals are
 * calls within the process. PGlite runs one transaction at a time, so a listener's query waits
 * until the notifying transaction has committed.
 */
export function localCluster(): Cluster {
  const signals = new SignalListeners();
  const leadership = new LeadershipListeners();
  let leading = false;
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
    onLeadership: (listener) => leadership.add(listener),
    async start() {
      leading = true;
      leadership.emit(true);
    },
    async close() {
      if (!leading) return;
      leading = false;
      leadership.emit(false);
    },
  };
}
