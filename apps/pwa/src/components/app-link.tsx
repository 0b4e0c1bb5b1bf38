import type { ComponentProps, MouseEvent } from 'react';
import { useRouter } from '@tanstack/react-router';

/**
 * A link to a portal path known only at run time (menu entries): a real anchor for new-tab and
 * copy-link, client-side navigation for a plain click.
 */
export function AppLink({ href, onClick, ...props }: ComponentProps<'a'> & { href: string }) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void router.navigate({ href });
  };
  return <a href={href} onClick={handleClick} {...props} />;
}
