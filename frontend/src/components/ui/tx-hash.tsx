/** 0x12345678…abcdef: enough of a transaction hash to recognise it. */
export const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/** A transaction hash, shortened, linked to the chain's explorer where the chain has one; the full hash in its title and data-tx. */
export function TxHash({ hash, url, testId }: { hash: string; url: string | null; testId?: string }) {
  const named = { title: hash, "data-tx": hash, "data-testid": testId };
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" {...named} className="font-mono text-cyan underline-offset-2 hover:underline">
      {shortHash(hash)}
    </a>
  ) : (
    <code {...named} className="font-mono">
      {shortHash(hash)}
    </code>
  );
}
