import { renderToStaticMarkup } from 'react-dom/server';
import { LoginPage } from './features/auth/login-page.tsx';
import { createLazySession } from './lib/lazy-session.ts';
import { SessionProvider } from './lib/session-context.tsx';

/**
 * The login form as a first visit's first render draws it, as HTML, for the build to put into the page the
 * server answers `/login` with (prerender-login.ts): the form shows and takes input as soon as the HTML and
 * its stylesheet have arrived, before the scripts. main.tsx then renders the same form over it, keeping what
 * was typed and where (lib/typed-before-start.ts). Rendered at build time in Node, as a first visit sees it:
 * English, no session (the machine's first state), no directory button until the portal's config answers.
 */
export function loginMarkup(): string {
  const session = createLazySession(() => new Promise(() => {}), null);
  return renderToStaticMarkup(
    <SessionProvider session={session}>
      <LoginPage portalConfig={new Promise(() => {})} search="" beforeScripts />
    </SessionProvider>,
  );
}
