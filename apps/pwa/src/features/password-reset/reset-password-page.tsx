import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { LoaderCircle, LockKeyhole } from 'lucide-react';
import { isApiError } from '@corridor/api/light';
import { validateNewPassword } from '@corridor/domain';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PasswordResetLayout, ResetMessage } from './password-reset-layout.tsx';
import { resetWithLink } from './reset-calls.ts';

type Step = 'idle' | 'saving' | 'done' | 'expired' | 'failed';

/** The token of a reset link: in the URL's fragment (`#token=...`), which no server or Referer sees. */
function tokenOfLink(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token');
}

interface FieldErrors {
  newPassword?: string;
  confirm?: string;
}

function validate(newPassword: string, confirm: string): FieldErrors {
  const errors: FieldErrors = {};
  if (validateNewPassword(newPassword) !== null) errors.newPassword = 'identity.reset.policy';
  if (confirm !== newPassword) errors.confirm = 'identity.reset.mismatch';
  return errors;
}

/** The reset link's page: a new password (the policy of spec 5) twice; the link works once. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [token] = useState(() => tokenOfLink(window.location.hash));
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState<Step>(token ? 'idle' : 'expired');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(newPassword, confirm);
    setErrors(found);
    if (!token || Object.keys(found).length > 0 || step === 'saving') return;
    setStep('saving');
    try {
      await resetWithLink(token, newPassword);
      // The link is spent: it leaves the address bar and the history entry.
      window.history.replaceState(window.history.state, '', window.location.pathname);
      setStep('done');
    } catch (error) {
      if (isApiError(error) && error.code === 'PASSWORD_POLICY') {
        setErrors({ newPassword: 'identity.reset.policy' });
        setStep('idle');
      } else {
        setStep(isApiError(error) && error.code === 'LINK_EXPIRED' ? 'expired' : 'failed');
      }
    }
  };

  if (step === 'done' || step === 'expired') {
    return (
      <PasswordResetLayout title={t('identity.reset.title')} description={t('identity.reset.description')}>
        {step === 'done' ? (
          <ResetMessage kind="success" testId="reset-done">
            {t('identity.reset.done')}
          </ResetMessage>
        ) : (
          <div className="space-y-3">
            <ResetMessage kind="error" testId="reset-expired">
              {t('identity.reset.expired')}
            </ResetMessage>
            <Link to="/forgot-password" className="text-sm font-medium text-primary underline-offset-4 hover:underline" data-testid="reset-ask-again">
              {t('identity.reset.askAgain')}
            </Link>
          </div>
        )}
      </PasswordResetLayout>
    );
  }

  return (
    <PasswordResetLayout title={t('identity.reset.title')} description={t('identity.reset.description')}>
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <div className="grid gap-2">
          <Label htmlFor="reset-new">{t('identity.reset.newPassword')}</Label>
          <Input
            id="reset-new"
            data-testid="reset-new"
            type="password"
            autoComplete="new-password"
            value={newPassword}
            aria-invalid={errors.newPassword ? true : undefined}
            aria-describedby={errors.newPassword ? 'reset-new-error' : undefined}
            onChange={(e) => setNewPassword(e.target.value)}
          />
          {errors.newPassword ? (
            <p id="reset-new-error" className="text-sm text-destructive">
              {t(errors.newPassword)}
            </p>
          ) : null}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="reset-confirm">{t('identity.reset.confirm')}</Label>
          <Input
            id="reset-confirm"
            data-testid="reset-confirm"
            type="password"
            autoComplete="new-password"
            value={confirm}
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? 'reset-confirm-error' : undefined}
            onChange={(e) => setConfirm(e.target.value)}
          />
          {errors.confirm ? (
            <p id="reset-confirm-error" className="text-sm text-destructive">
              {t(errors.confirm)}
            </p>
          ) : null}
        </div>
        {step === 'failed' ? (
          <ResetMessage kind="error" testId="reset-failed">
            {t('identity.failed')}
          </ResetMessage>
        ) : null}
        <Button type="submit" className="w-full" data-testid="reset-submit" aria-busy={step === 'saving'} disabled={step === 'saving'}>
          {step === 'saving' ? <LoaderCircle className="animate-spin" aria-hidden /> : <LockKeyhole aria-hidden />}
          {t('identity.reset.submit')}
        </Button>
      </form>
    </PasswordResetLayout>
  );
}
