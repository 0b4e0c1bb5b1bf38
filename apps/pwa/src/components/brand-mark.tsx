import { cn } from '@/lib/cn.ts';

/** Corridor's mark (the same "C" as the install icons). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn('size-8 shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path d="M45.6 18.4A19.2 19.2 0 1 0 45.6 45.6L38.7 38.7A9.6 9.6 0 1 1 38.7 25.3Z" className="fill-background" />
    </svg>
  );
}
