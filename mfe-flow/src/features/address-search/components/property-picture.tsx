import { useState } from 'react';
import genericPicture from '../assets/property-search.svg';

/**
 * The street-view picture of an address; on any failure (no key → 204, no imagery, network) the generic
 * property-search picture replaces it without a message (docs/product.md §2, §8).
 */
export function PropertyPicture({ address, alt }: { address: string; alt: string }) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const failed = failedFor === address;
  const src = failed
    ? genericPicture
    : `/api/flow/property-search/google-streetview?address=${encodeURIComponent(address)}`;
  return (
    <img
      className="flow-picture"
      src={src}
      alt={alt}
      width={640}
      height={360}
      data-fallback={failed || undefined}
      onError={() => setFailedFor(address)}
    />
  );
}
