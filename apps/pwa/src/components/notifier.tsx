import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast.tsx';
import { NOTIFICATION_DURATION_MS, dismissNotification, getNotifications, subscribeNotifications, type ShownNotification } from '@/lib/notifications.ts';
import { escapeFromNotification } from '@/lib/escape-routing.ts';
// The toasts can show on the first visit's login form, whose stylesheet (login.css) has only the form's utilities.
import '@/styles.css';

const ICONS = { success: CircleCheck, error: CircleAlert, warning: TriangleAlert, info: Info } as const;

function NotificationItem({ item }: { item: ShownNotification }) {
  const { t } = useTranslation();
  const Icon = ICONS[item.type];
  const title = item.i18nTitle ? t(item.i18nTitle) : t(`notification.titles.${item.type}`);
  const [hovered, setHovered] = useState(false);
  const remaining = useRef(NOTIFICATION_DURATION_MS);

  // Our own timer rather than Radix's: Radix also pauses while the window is blurred, which would
  // keep notifications forever in a background tab; the spec asks only for a pause on hover.
  useEffect(() => {
    if (item.persistent || hovered) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissNotification(item.id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [hovered, item.id, item.persistent]);

  return (
    <Toast
      data-testid="notification"
      data-type={item.type}
      tone={item.type}
      duration={Infinity}
      onEscapeKeyDown={(event) => escapeFromNotification(event, Boolean(item.persistent))}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onOpenChange={(open) => {
        if (!open) dismissNotification(item.id);
      }}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="grid min-w-0 gap-1">
        <ToastTitle>{title}</ToastTitle>
        <ToastDescription>{t(item.i18nMessage, item.messageParams)}</ToastDescription>
        {item.errorList && item.errorList.length > 0 ? (
          <ul className="ms-4 list-disc text-xs text-muted-foreground" data-testid="notification-errors">
            {item.errorList.map((e) => (
              <li key={`${e.parameter}:${e.message}`}>
                <span className="font-medium text-foreground">{e.parameter}</span>: {e.message}
              </li>
            ))}
          </ul>
        ) : null}
        {item.action ? (
          <ToastAction altText={t(item.action.i18nLabel)} onClick={item.action.onClick}>
            {t(item.action.i18nLabel)}
          </ToastAction>
        ) : null}
      </div>
      {item.closable !== false ? <ToastClose label={t('notification.close')} /> : null}
    </Toast>
  );
}

/** The notifications area of the root (spec 1, section 2 "Root"): 7 s each, paused on hover. */
export function Notifier() {
  const items = useSyncExternalStore(subscribeNotifications, getNotifications, getNotifications);
  const { i18n } = useTranslation();
  return (
    <ToastProvider swipeDirection={i18n.dir() === 'rtl' ? 'left' : 'right'}>
      {items.map((item) => (
        <NotificationItem key={item.id} item={item} />
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
