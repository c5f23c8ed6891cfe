import { useMemo } from "react";
import { useWallet } from "@/features/wallet";
import { CrashGame } from "./components/crash-game";
import { createDemoCrashSource } from "./round-source";
import { createWeb3CrashSource } from "./web3-round-source";

const web3Source = createWeb3CrashSource();

export default function CrashPage() {
  const { applyPayout, isDemo } = useWallet();
  const demoSource = useMemo(() => createDemoCrashSource({ applyPayout }), [applyPayout]);
  return <CrashGame source={isDemo ? demoSource : web3Source} />;
}
