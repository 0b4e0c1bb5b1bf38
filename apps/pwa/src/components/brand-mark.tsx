import { clsx } from 'clsx';

/** The mark's size when the caller's classes give none (a `size-*` class of the caller replaces it). */
const hasSize = (className: string | undefined) => /(^|\s)size-/.test(className ?? '');

/**
 * Corridor's mark (the same "C" as the install icons). It is on the login screen, so it joins classes
 * with clsx rather than lib/cn.ts: tailwind-merge stays off the first screen.
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={clsx(!hasSize(className) && 'size-8', 'shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path d="M45.6 18.4A19.2 19.2 0 1 0 45.6 45.6L38.7 38.7A9.6 9.6 0 1 1 38.7 25.3Z" className="fill-background" />
    </svg>
  );
}
