import { useState } from "react";
import { Button } from "@/components/ui/button";
import { CLIENT_SEED_PATTERN, randomClientSeed, useFairnessStore } from "../fairness-store";

/**
 * The next bet's client seed (random per bet): shown, and changeable to one of the player's own
 * or a fresh random one. In every game's fairness panel and on the fairness page.
 */
export function ClientSeedField() {
  const clientSeed = useFairnessStore((state) => state.clientSeed);
  const setClientSeed = useFairnessStore((state) => state.setClientSeed);
  const [draft, setDraft] = useState<string | null>(null);
  const editing = draft !== null;
  const valid = draft !== null && CLIENT_SEED_PATTERN.test(draft);
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1">
        <span className="text-slate-400">Your client seed for the next bet</span>
        {editing ? (
          <input
            value={draft}
            onChange={(event) => setDraft(event.target.value.trim())}
            className="rounded-lg border border-white/15 bg-night-950/60 px-2 py-1.5 font-mono text-xs text-slate-100"
            data-testid="client-seed-input"
            aria-invalid={!valid}
          />
        ) : (
          <code className="break-all font-mono text-slate-100" data-testid="client-seed">
            {clientSeed}
          </code>
        )}
      </label>
      <div className="flex flex-wrap gap-2">
        {editing ? (
          <>
            <Button size="sm" variant="primary" disabled={!valid} onClick={() => (setClientSeed(draft), setDraft(null))}>
              Use this seed
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setDraft(null)}>
              Cancel
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" variant="secondary" onClick={() => setDraft(clientSeed)} data-testid="edit-client-seed">
              Change
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setClientSeed(randomClientSeed())}>
              New random seed
            </Button>
          </>
        )}
      </div>
      {editing && !valid && <p className="text-pink">A client seed is 0x and 64 hex digits (32 bytes).</p>}
    </div>
  );
}
