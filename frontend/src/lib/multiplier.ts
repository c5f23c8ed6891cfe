/** What a bet paid over what it staked, rounded down to hundredths: "10.20x", "0.00x" ("—" for no stake). */
export function multiplierText(stake: bigint, paid: bigint): string {
  if (stake === 0n) return "—";
  const hundredths = (paid * 100n) / stake;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}x`;
}
