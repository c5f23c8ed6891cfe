/** numerator / denominator as a percentage rounded half up to hundredths, trailing zeros dropped: "51%", "99.99%". */
export function percentText(numerator: bigint, denominator: bigint): string {
  const hundredths = (numerator * 10_000n + denominator / 2n) / denominator;
  return `${Number((Number(hundredths) / 100).toFixed(2))}%`;
}
