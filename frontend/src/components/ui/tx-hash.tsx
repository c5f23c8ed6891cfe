/** 0x12345678…abcdef: enough of a transaction hash to recognise it. */
export const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/** A transaction hash, shortened, linked to the chain's explorer where the chain has one. */
export function TxHash({ hash, url }: { hash: string; url: string | null }) {
  if (!url) return <>{shortHash(hash)}</>;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="text-cyan underline-offset-2 hover:underline">
      {shortHash(hash)}
    </a>
  );
}
