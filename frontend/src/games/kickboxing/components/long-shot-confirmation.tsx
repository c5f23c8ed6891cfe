import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { LONG_SHOT_WARNING } from "../bet-options";

/** Asked before the first web3 Tie bet of a visit: the bet almost surely loses (KICKBOXING_CHANCES). */
export function LongShotConfirmation({ onAnswer }: { onAnswer: (confirmed: boolean) => void }) {
  return (
    <Modal title="Bet on a Tie?" description={LONG_SHOT_WARNING} onClose={() => onAnswer(false)} data-testid="long-shot-confirmation">
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={() => onAnswer(false)}>
          Cancel
        </Button>
        <Button variant="primary" onClick={() => onAnswer(true)} data-testid="long-shot-confirm">
          Bet on Tie anyway
        </Button>
      </div>
    </Modal>
  );
}
