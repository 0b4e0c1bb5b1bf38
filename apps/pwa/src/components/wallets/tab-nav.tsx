import type { ReactNode } from 'react';
import { cn } from '@/lib/cn.ts';

/** The look of one tab of a screen's tab row: underlined when it is the open one. */
export function tabLinkClass(active: boolean): string {
  return cn(
    '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium transition-colors',
    active ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:border-border hover:text-foreground',
  );
}

/** A screen's row of tabs (links, so each tab has its URL); scrolls sideways on a narrow screen. */
export function TabNav({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <nav className="flex gap-1 overflow-x-auto border-b" aria-label={label} data-testid={testId}>
      {children}
    </nav>
  );
}
