import { useMemo } from "react";
import { useWallet } from "@/features/wallet";
import { CrashGame } from "./components/crash-game";
import { createDemoCrashSource } from "./round-source";

export default function CrashPage() {
  const { applyPayout } = useWallet();
  const source = useMemo(() => createDemoCrashSource({ applyPayout }), [applyPayout]);
  return <CrashGame source={source} />;
}
