import { useEffect, useState, type FormEvent } from 'react';
import { loadI18n, useTranslation } from '@/lib/translate.ts';
import { ArrowLeftRight, BadgeCheck, Eye, EyeOff, KeyRound, LoaderCircle, ShieldCheck, Wallet } from 'lucide-react';
import { AppFooter } from '@/components/app-footer.tsx';
import { BrandMark } from '@/components/brand-mark.tsx';
import { buttonVariants, inputClassName, labelClassName } from '@/components/ui/variants.ts';
import type { PortalConfig } from '@/lib/portal-config.ts';
import { useSession, useSessionSelector } from '@/lib/session-context.tsx';
import { isLoginSubmitDisabled, validateLogin, type LoginErrors } from '@corridor/domain';
import { isTransientError } from '@corridor/state-machines';
import { useDirectorySignInUrl } from './use-directory-sign-in.ts';

const LINE_FAILED = 'signInLine.failed';

/** Why the directory sign-in sent the browser back (`/login?directoryError=...`, set by the server's callback). */
const DIRECTORY_ERRORS = ['refused', 'expired', 'unknown-user', 'failed'];

function directoryErrorOf(search: string): string | null {
  const reason = new URLSearchParams(search).get('directoryError');
  return reason !== null && DIRECTORY_ERRORS.includes(reason) ? `identity.directoryError.${reason}` : null;
}

export interface LoginValues {
  digit9Id: string;
  password: string;
}

function MarketingPanel() {
  const { t } = useTranslation();
  const points = [
    { icon: Wallet, text: t('marketing.pointWallets') },
    { icon: ArrowLeftRight, text: t('marketing.pointQuotes') },
    { icon: BadgeCheck, text: t('marketing.pointApprovals') },
  ];
  return (
    <aside className="relative hidden overflow-hidden bg-primary p-10 text-primary-foreground lg:flex lg:flex-col">
      <div aria-hidden className="pointer-events-none absolute -end-24 -top-24 size-96 rounded-full border-[48px] border-primary-foreground/5" />
      <div aria-hidden className="pointer-events-none absolute -bottom-32 -start-16 size-80 rounded-full border-[40px] border-primary-foreground/5" />
      <div className="flex items-center gap-2 text-lg font-semibold">
        <BrandMark className="text-primary-foreground [&_path]:fill-primary" />
        {t('app.name')}
      </div>
      <div className="relative mt-auto max-w-md space-y-6">
        <h2 className="text-3xl font-semibold leading-tight tracking-tight">{t('marketing.headline')}</h2>
        <p className="text-primary-foreground/70">{t('marketing.body')}</p>
        <ul className="space-y-3">
          {points.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-sm">
              <span className="flex size-8 items-center justify-center rounded-md bg-primary-foreground/10">
                <Icon className="size-4" aria-hidden />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

/**
 * The login screen (spec 1, section 2 "Login screen" and section 5 "Login"). It is the first screen, so
 * its controls are plain elements with the shared control classes (components/ui/variants.ts) rather
 * than the ui components, whose class merging (tailwind-merge) would load with it.
 */
export function LoginPage({
  portalConfig,
  onTyping,
  typed,
  search = window.location.search,
  beforeScripts = false,
}: {
  portalConfig: Promise<PortalConfig>;
  onTyping?: () => void;
  /** What the user typed into the form the page's HTML carried, before this code ran (typed-before-start.ts). */
  typed?: LoginValues;
  /** The page's query (`?directoryError=`); the build's markup of the form has none (login-markup.tsx). */
  search?: string;
  /** The build's markup of the form (login-markup.tsx): it takes input, but nothing sends it before the scripts run. */
  beforeScripts?: boolean;
}) {
  const { t } = useTranslation();
  const directorySignInUrl = useDirectorySignInUrl(portalConfig);
  const session = useSession();
  const signingIn = useSessionSelector((s) => s.matches('loggingIn'));
  // A sign-in the line failed (no answer, a 5xx) is said on the form until the next try, not in a
  // toast that goes: the user must know it was not their password. The machine clears it on LOGIN.
  const lineFailedText = t(LINE_FAILED);
  const lineFailed = useSessionSelector((s) => s.matches('signedOut') && s.context.error !== null && isTransientError(s.context.error));
  // The form shows while the start still asks for a token (no user stored here): a sign-in sent
  // meanwhile waits for that answer, then goes ahead once the start has found no session.
  const [waitingForStart, setWaitingForStart] = useState(false);
  const loggingIn = signingIn || waitingForStart;
  const [values, setValues] = useState<LoginValues>(typed ?? { digit9Id: '', password: '' });
  const [dirty, setDirty] = useState(() => Boolean(typed && (typed.digit9Id || typed.password)));
  const [errors, setErrors] = useState<LoginErrors>({});
  const [showPassword, setShowPassword] = useState(false);
  // Its strings are not among the first screen's (the login route's size budget): i18next loads for them.
  const [directoryError] = useState(() => directoryErrorOf(search));
  useEffect(() => {
    if (directoryError) void loadI18n();
  }, [directoryError]);
  const directoryErrorText = directoryError ? t(directoryError) : null;

  const update = (field: keyof LoginValues, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    setDirty(true);
    // Once a tip is shown it follows the field, so it disappears as soon as the field is filled.
    if (errors[field]) setErrors(validateLogin(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || loggingIn) return;
    const login = { type: 'LOGIN', credentials: { digit9Id: values.digit9Id.trim(), password: values.password } } as const;
    if (!session.getSnapshot().matches('initializing')) {
      session.send(login);
      return;
    }
    setWaitingForStart(true);
    const subscription = session.subscribe((snapshot) => {
      if (snapshot.matches('initializing')) return;
      subscription.unsubscribe();
      setWaitingForStart(false);
      // A refresh cookie that still worked signs the user in on its own (and leaves this page).
      if (snapshot.matches('signedOut')) session.send(login);
    });
  };

  return (
    <div className="grid min-h-svh lg:grid-cols-2">
      <MarketingPanel />
      <div className="flex flex-col">
        <div className="flex items-center gap-2 p-6 font-semibold lg:hidden">
          <BrandMark className="size-7 text-primary" />
          {t('app.name')}
        </div>
        <main className="flex flex-1 items-center justify-center p-6">
          <div className="w-full max-w-sm space-y-6">
            <div className="space-y-1.5">
              <h1 className="text-2xl font-semibold tracking-tight">{t('session.title')}</h1>
              <p className="text-sm text-muted-foreground">{t('session.subtitle')}</p>
            </div>
            {directoryErrorText && directoryErrorText !== directoryError ? (
              <p role="alert" data-testid="directory-error" className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
                {directoryErrorText}
              </p>
            ) : null}
            {/* POST: the form the page's HTML carries takes input before the scripts have run, its button disabled
                until they have; were it ever sent natively, the password must not go into a URL. */}
            <form method="post" noValidate onSubmit={submit} className="space-y-4">
              <div className="grid gap-2">
                <label htmlFor="login-id" className={labelClassName}>
                  {t('session.idLabel')}
                </label>
                <input
                  id="login-id"
                  className={inputClassName}
                  data-testid="login-id"
                  name="digit9Id"
                  inputMode="numeric"
                  autoComplete="username"
                  placeholder={t('session.idPlaceholder')}
                  value={values.digit9Id}
                  aria-invalid={errors.digit9Id ? true : undefined}
                  aria-describedby={errors.digit9Id ? 'login-id-error' : undefined}
                  onChange={(e) => update('digit9Id', e.target.value)}
                  // The user is about to sign in: the next screen's code loads while they type.
                  onFocus={onTyping}
                  onInput={onTyping}
                />
                {errors.digit9Id ? (
                  <p id="login-id-error" className="text-sm text-destructive">
                    {t(errors.digit9Id)}
                  </p>
                ) : null}
              </div>
              <div className="grid gap-2">
                <label htmlFor="login-password" className={labelClassName}>
                  {t('session.passwordLabel')}
                </label>
                <div className="relative">
                  <input
                    id="login-password"
                    data-testid="login-password"
                    name="password"
                    type={showPassword ? 'text' : 'password'}
                    autoComplete="current-password"
                    placeholder={t('session.passwordPlaceholder')}
                    className={`${inputClassName} pe-10`}
                    value={values.password}
                    aria-invalid={errors.password ? true : undefined}
                    aria-describedby={errors.password ? 'login-password-error' : undefined}
                    onChange={(e) => update('password', e.target.value)}
                  />
                  <button
                    type="button"
                    className="absolute inset-y-0 end-0 flex w-10 items-center justify-center text-muted-foreground hover:text-foreground"
                    aria-label={showPassword ? t('session.hidePassword') : t('session.showPassword')}
                    onClick={() => setShowPassword((v) => !v)}
                  >
                    {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
                  </button>
                </div>
                {errors.password ? (
                  <p id="login-password-error" className="text-sm text-destructive">
                    {t(errors.password)}
                  </p>
                ) : null}
                {/* A plain link: the sign-in form renders before (and without) the router's context. */}
                <a
                  href="/forgot-password"
                  data-testid="forgot-password-link"
                  className="justify-self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {t('session.forgotPassword')}
                </a>
              </div>
              {lineFailed ? (
                <p
                  role="alert"
                  data-testid="login-network-error"
                  className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
                >
                  {/* Not among the first screen's built-in strings (the login route's size budget): it shows after
                      a sign-in failed, by when i18next has loaded; before that, the built-in 'Offline'. */}
                  {lineFailedText === LINE_FAILED ? t('app.offline') : lineFailedText}
                </p>
              ) : null}
              <button
                type="submit"
                data-testid="login-submit"
                className={buttonVariants({ className: 'w-full' })}
                aria-busy={loggingIn}
                disabled={beforeScripts || isLoginSubmitDisabled(dirty, Object.keys(validateLogin(values)).length === 0) || loggingIn}
              >
                {loggingIn ? <LoaderCircle className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
                {t('session.submit')}
              </button>
            </form>
            {directorySignInUrl ? (
              <>
                <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
                  <span className="h-px flex-1 bg-border" />
                  {t('session.or')}
                  <span className="h-px flex-1 bg-border" />
                </div>
                <a href={directorySignInUrl} data-testid="directory-signin" className={buttonVariants({ variant: 'outline', className: 'w-full' })}>
                  <ShieldCheck aria-hidden />
                  {t('session.directorySignIn')}
                </a>
              </>
            ) : null}
          </div>
        </main>
        <AppFooter />
      </div>
    </div>
  );
}
