import { LimitsSection } from "@/features/limits";
import { OneClickDialog } from "@/features/one-click";
import { useWalletDialog, type WalletDialog } from "@/features/wallet";
import { AccountDialog, DepositDialog, SwapDialog, WithdrawDialog } from "@/features/wallet/dialogs";

/**
 * The wallet menu's open dialog. This module is the lazy chunk the header loads with the first
 * dialog opened, so the dialogs and the wallet code they use stay out of the lobby's first load.
 * The app composes it: the wallet's dialogs, one-click play's and the limits in the account
 * dialog, so that no feature imports another's dialog (docs/decisions.md §7).
 */
export default function WalletDialogs() {
  const open = useWalletDialog((state) => state.open);
  const close = useWalletDialog((state) => state.close);
  if (open === null) return null;
  // After a success: closes this dialog, unless the player has already moved on to another.
  const done = (dialog: WalletDialog) => () => {
    if (useWalletDialog.getState().open === dialog) close();
  };
  switch (open) {
    case "deposit":
      return <DepositDialog onDone={done("deposit")} onClose={close} />;
    case "withdraw":
      return <WithdrawDialog onDone={done("withdraw")} onClose={close} />;
    case "swap":
      return <SwapDialog onDone={done("swap")} onClose={close} />;
    case "account":
      return <AccountDialog onClose={close} limits={<LimitsSection />} />;
    case "one-click":
      return <OneClickDialog onDone={done("one-click")} onClose={close} />;
  }
}
