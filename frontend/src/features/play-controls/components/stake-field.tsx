import { BetInput, type BetInputProps } from "@/components/ui/bet-input";
import { useOneClickMinimum } from "@/features/one-click";
import { UsdValue } from "@/features/prices";
import { usePlayableBalance } from "@/features/wallet";

/** A game page's stake: the bet input over the playable balance, with one-click play's minimum and the stake's USD value. */
export function StakeField(props: Pick<BetInputProps, "token" | "value" | "onChange" | "disabled" | "label">) {
  const { token, value } = props;
  return (
    <BetInput
      {...props}
      playableBalance={usePlayableBalance(token)}
      oneClickMinimum={useOneClickMinimum(token)}
      stakeValue={<UsdValue token={token} amount={value} />}
    />
  );
}
