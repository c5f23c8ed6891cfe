import { useMemo } from "react";
import { useWallet } from "@/features/wallet";
import { KickboxingGame } from "./components/kickboxing-game";
import { createDemoKickboxingSource } from "./round-source";

export default function KickboxingPage() {
  const { applyPayout } = useWallet();
  const source = useMemo(() => createDemoKickboxingSource({ applyPayout }), [applyPayout]);
  return <KickboxingGame source={source} />;
}
