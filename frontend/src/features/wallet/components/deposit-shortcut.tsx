import { Button } from "@/components/ui/button";
import { useWalletDialog } from "../dialog-store";

/** Where a failure says the Casino balance is short: the Deposit dialog, one click away. */
export function DepositShortcut() {
  const show = useWalletDialog((state) => state.show);
  return (
    <Button size="sm" variant="secondary" onClick={() => show("deposit")}>
      Deposit
    </Button>
  );
}
