import { useMemo } from "react";
import { useWallet } from "@/features/wallet";
import { KickboxingGame } from "./components/kickboxing-game";
import { createDemoKickboxingSource, web3KickboxingSource } from "./round-source";

export default function KickboxingPage() {
  const { applyPayout, isDemo } = useWallet();
  const demoSource = useMemo(() => createDemoKickboxingSource({ applyPayout }), [applyPayout]);
  return <KickboxingGame source={isDemo ? demoSource : web3KickboxingSource} />;
}
