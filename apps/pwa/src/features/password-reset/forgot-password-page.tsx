import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, Mail } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { PasswordResetLayout, ResetMessage } from './password-reset-layout.tsx';
import { requestResetLink } from './reset-calls.ts';

type Step = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * Forgot password (spec 1, section 4, "Forgot password: request, then success"): the ID, then the same
 * answer whether it belongs to a user or not. It needs the network: offline, it says the request did not go.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [digit9Id, setDigit9Id] = useState('');
  const [missing, setMissing] = useState(false);
  const [step, setStep] = useState<Step>('idle');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const id = digit9Id.trim();
    setMissing(id === '');
    if (id === '' || step === 'sending') return;
    setStep('sending');
    try {
      await requestResetLink(id);
      setStep('sent');
    } catch {
      setStep('failed');
    }
  };

  return (
    <PasswordResetLayout title={t('identity.forgot.title')} description={t('identity.forgot.description')}>
      {step === 'sent' ? (
        <ResetMessage kind="success" testId="forgot-sent">
          {t('identity.forgot.sent')}
        </ResetMessage>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          <div className="grid gap-2">
            <Label htmlFor="forgot-id">{t('session.idLabel')}</Label>
            <Input
              id="forgot-id"
              data-testid="forgot-id"
              inputMode="numeric"
              autoComplete="username"
              placeholder={t('session.idPlaceholder')}
              value={digit9Id}
              aria-invalid={missing ? true : undefined}
              aria-describedby={missing ? 'forgot-id-error' : undefined}
              onChange={(e) => setDigit9Id(e.target.value)}
            />
            {missing ? (
              <p id="forgot-id-error" className="text-sm text-destructive">
                {t('identity.forgot.idRequired')}
              </p>
            ) : null}
          </div>
          {step === 'failed' ? (
            <ResetMessage kind="error" testId="forgot-failed">
              {t('identity.failed')}
            </ResetMessage>
          ) : null}
          <Button type="submit" className="w-full" data-testid="forgot-submit" aria-busy={step === 'sending'} disabled={step === 'sending'}>
            {step === 'sending' ? <LoaderCircle className="animate-spin" aria-hidden /> : <Mail aria-hidden />}
            {t('identity.forgot.submit')}
          </Button>
        </form>
      )}
    </PasswordResetLayout>
  );
}
