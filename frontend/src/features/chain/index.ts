export { explorerTxUrl, loadAppConfig } from "./app-config";
export type { AppConfig, ChainDefinition } from "./app-config";
export { UntrustedDeploymentError } from "./deployment-pins";
export { ChainHeadline, ContractAddress, NetworkName } from "./components/deployment-facts";
export const loadReadOnlyChain = () => import("./read-only");
export type { ReadOnlyChain } from "./read-only";
