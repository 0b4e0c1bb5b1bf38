import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind utilities win over earlier ones (shadcn's `cn`). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's class tables ahead of the first render that joins classes. It builds them on its first
 * call: 40 ms on the portal bench's 4x slower CPU, which otherwise fell inside the first screen after the sign-in
 * (lib/prefetch-home.ts calls it at an idle moment while the user types).
 */
export function warmClassMerger(): void {
  cn('px-2', 'px-3');
}
