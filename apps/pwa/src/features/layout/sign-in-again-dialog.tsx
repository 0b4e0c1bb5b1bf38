import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useOutbox } from '@/lib/outbox/use-outbox.ts';
import { useSession, useSessionSelector } from '@/lib/session-context.tsx';

/**
 * The session was lost while payments wait on the device: the same user signs in again over the
 * screen they were on (nothing is cleared), and the outbox resumes. Logging out stays possible.
 */
export function SignInAgainDialog({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const needed = useSessionSelector((s) => s.matches({ authenticated: { reauth: 'needed' } }));
  const busy = useSessionSelector((s) => !s.matches({ authenticated: { reauth: { needed: 'waiting' } } }));
  const user = useSessionSelector((s) => s.context.user);
  const error = useSessionSelector((s) => s.context.error);
  const count = useOutbox(needed ? (user?.id ?? null) : null)?.queueDepth ?? 0;
  const [password, setPassword] = useState('');
  if (!needed || !user) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    session.send({ type: 'LOGIN', credentials: { digit9Id: user.digit9Id, password } });
    setPassword('');
  };
  return (
    <Dialog open>
      <DialogContent
        closeLabel={t('notification.close')}
        data-testid="sign-in-again"
        onEscapeKeyDown={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t('signInAgain.title')}</DialogTitle>
            <DialogDescription>{t('signInAgain.description', { count, name: user.name })}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="sign-in-again-password">{t('signInAgain.password')}</Label>
            <Input
              id="sign-in-again-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              data-testid="sign-in-again-password"
            />
            {error && (
              <p role="alert" className="text-destructive text-sm" data-testid="sign-in-again-error">
                {error.code === 'ANOTHER_USER' ? t('signInAgain.anotherUser') : t('signInAgain.refused', { message: error.message })}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onLogout} data-testid="sign-in-again-logout">
              {t('signInAgain.logout')}
            </Button>
            <Button type="submit" disabled={busy || password === ''} data-testid="sign-in-again-submit">
              {t('signInAgain.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
