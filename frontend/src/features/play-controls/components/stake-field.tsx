import type { GameType } from "@engine/gameTypes";
import { BetInput, type BetInputProps } from "@/components/ui/bet-input";
import { useOneClickMinimum } from "@/features/one-click";
import { UsdValue } from "@/features/prices";
import { laneOfBet, usePlayableBalance, useWalletStore } from "@/features/wallet";

/**
 * A game page's stake: the bet input over the playable balance (with one-click play on for the
 * game, the session's funds), with one-click play's minimum and the stake's USD value.
 */
export function StakeField({ gameType, ...props }: Pick<BetInputProps, "token" | "value" | "onChange" | "disabled" | "label"> & { gameType: GameType }) {
  const { token, value } = props;
  const fromSession = useWalletStore((state) => laneOfBet(state, token, gameType) !== null);
  return (
    <BetInput
      {...props}
      playableBalance={usePlayableBalance(token, gameType)}
      balanceLabel={fromSession ? "One-click funds" : "Balance"}
      oneClickMinimum={useOneClickMinimum(token)}
      stakeValue={<UsdValue token={token} amount={value} />}
    />
  );
}
