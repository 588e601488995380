// The brand mark, inline so that it needs no request and prints crisply.
import { useId } from 'react';

/** `title`: the mark's name in the page's language (the portal's is Russian, the explorer's English). */
export function Logo({ size = 48, title = 'Логотип' }: { size?: number; title?: string }) {
  const titleId = useId();
  return (
    <svg className="logo" width={size} height={size} viewBox="0 0 48 48" role="img" aria-labelledby={titleId}>
      <title id={titleId}>{title}</title>
      <rect width="48" height="48" rx="12" fill="var(--brand-fill)" />
      <path d="M14 36V12h20v24" fill="none" stroke="#fff" strokeWidth="4" strokeLinejoin="round" />
      <circle cx="24" cy="22" r="4" fill="var(--accent)" />
    </svg>
  );
}
