import { UntrustedDeploymentError } from "@/features/chain";
import { toast } from "@/features/toast";
import { WALLET_PROVIDER_NAME } from "./injected-provider";

/** docs/product.md §8 'Wallet layer messages': what a refused sign-in signature raises. */
export const SIGNATURE_REQUIRED = "Signature required to connect wallet";

/** docs/product.md §8 'Wallet toasts', connect and disconnect. */
export function announceConnected(): void {
  toast({ title: "Wallet Connected", description: `Successfully connected to ${WALLET_PROVIDER_NAME}` });
}

/** The product's connect failures, and (issue #19) a server configuration this build does not trust, said as it is. */
export function announceConnectFailure(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof UntrustedDeploymentError) {
    toast({ title: "Web3 Mode Refused", description: message, variant: "error" });
  } else if (message.includes("Signature required")) {
    toast({ title: "Signature Required", description: "You must sign the message to connect your wallet", variant: "error" });
  } else {
    toast({ title: "Connection Failed", description: "Failed to connect wallet", variant: "error" });
  }
}

export function announceDisconnected(): void {
  toast({ title: "Wallet Disconnected", description: "Your wallet has been disconnected" });
}
