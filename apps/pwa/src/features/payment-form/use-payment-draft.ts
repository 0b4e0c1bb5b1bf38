import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import {
  needsQuote,
  paymentDraftMachine,
  type DraftIntent,
  type DraftSubmission,
  type PaymentDraft,
  type QueuedDraft,
  type QuoteRole,
  type SubmittedPayment,
} from '@corridor/state-machines';
import { SERVER_ERROR } from '@/components/form/form-field.tsx';
import { quoteCalls } from '@/components/fx-panel/quote-calls.ts';
import { useQuote } from '@/components/fx-panel/use-quote.ts';
import { useCurrentUser } from '@/lib/session-context.tsx';
import { useOnlineStatus } from '@/lib/online-status.ts';
import { draftPatch, draftRefusals, emptyPaymentForm, paymentFormSchema, type PaymentFormValues } from './payment-form-schema.ts';
import { useOutboxSender } from '@/lib/outbox/use-outbox.ts';
import { setFormDirty } from '@/lib/outbox/reload-guard.ts';
import { enqueuePayment, followQueuedDraft, quoteRequestOf } from './payment-calls.ts';

export interface PaymentDraftOptions {
  role: QuoteRole;
  dpOf: (currency: string) => number;
  /** The send: into the device's outbox (which sends it) unless a test gives its own. */
  submit?: (submission: DraftSubmission) => Promise<SubmittedPayment | QueuedDraft>;
}

/**
 * The new-payment form's state: react-hook-form holds the fields, the drafting machine the draft's
 * life (checked, quoted, sent), the quote machine the FX panel's quote. Every change of the form
 * goes to the machine; the machine's quote requests go to the quote machine, whose usable quote
 * (or its expiry) comes back to the draft.
 */
export function usePaymentDraft({ role, dpOf, submit }: PaymentDraftOptions) {
  const online = useOnlineStatus();
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  const form = useForm<PaymentFormValues>({ resolver: zodResolver(paymentFormSchema(dpOf)), defaultValues: emptyPaymentForm() });
  const outboxSubmit = (submission: DraftSubmission) => enqueuePayment(role, userId, submission);
  const latest = useRef({ dpOf, submit: submit ?? outboxSubmit, userId });
  useLayoutEffect(() => {
    latest.current = { dpOf, submit: submit ?? outboxSubmit, userId };
  });
  const quoteRef = useRef<(draft: PaymentDraft) => void>(() => {});
  const actor = useActorRef(
    paymentDraftMachine.provide({
      actors: {
        validateDraft: fromPromise(async ({ input }: { input: PaymentDraft }) => draftRefusals(input, latest.current.dpOf)),
        submitDraft: fromPromise(({ input }: { input: DraftSubmission }) => latest.current.submit(input)),
        // A queued draft's answer (any tab may send it) comes back to the machine from the outbox.
        followOutboxItem: followQueuedDraft(() => latest.current.userId),
      },
      actions: { requestQuote: (_, draft) => quoteRef.current(draft) },
    }),
    { input: {} },
  );
  const quote = useQuote(role, { ...quoteCalls(role), onInvalid: (quoteId) => actor.send({ type: 'QUOTE_INVALID', quoteId }) }, online);
  quoteRef.current = (draft) => quote.request(quoteRequestOf(draft));

  // A usable quote prices the draft.
  const usableId = quote.usable ? quote.view.quote?.id : undefined;
  useEffect(() => {
    if (usableId) actor.send({ type: 'QUOTED', quoteId: usableId });
  }, [usableId, actor]);

  useEffect(() => {
    const { unsubscribe } = form.watch((values) => {
      actor.send({ type: 'EDIT', patch: draftPatch(values as PaymentFormValues) });
      for (const [name, error] of Object.entries(form.formState.errors)) {
        if (error?.type === SERVER_ERROR) form.clearErrors(name as keyof PaymentFormValues);
      }
    });
    return unsubscribe;
  }, [form, actor]);

  const state = useSelector(actor, (s) => s.value);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const submitted = useSelector(actor, (s) => s.context.submitted);
  const draftId = useSelector(actor, (s) => s.context.draft.draftId);
  const outboxItem = useSelector(actor, (s) => s.context.outboxItem);
  const outboxPaused = useOutboxSender(userId)?.state === 'paused';
  const crossCurrency = useSelector(actor, (s) => needsQuote(s.context.draft));

  // The server's refusals land on the fields they name.
  useEffect(() => {
    if (state !== 'rejected') return;
    for (const p of fieldErrors) form.setError(p.parameter as keyof PaymentFormValues, { type: SERVER_ERROR, message: p.message });
  }, [state, fieldErrors, form]);

  // A send refused for want of a session goes again, unchanged, once the user is signed in again.
  // The user as the refusal found them: only a new sign-in (another user object) resumes, so a
  // session that keeps answering 401 is not asked again and again.
  const userAtRefusal = useRef<typeof user>(null);
  useEffect(() => {
    if (state !== 'needsSignIn') {
      userAtRefusal.current = user;
      return;
    }
    if (user && user !== userAtRefusal.current) actor.send({ type: 'SIGNED_IN' });
  }, [state, user, actor]);

  // A form with changes not yet in the outbox holds back a reload for a new version.
  const dirty = form.formState.isDirty && state !== 'queued' && state !== 'submitted';
  useEffect(() => {
    setFormDirty(draftId, dirty);
    return () => setFormDirty(draftId, false);
  }, [draftId, dirty]);

  const send = (intent: DraftIntent) => form.handleSubmit(() => actor.send({ type: 'SUBMIT', intent }));
  return { form, quote, state, error, submitted, crossCurrency, online, send, outboxItem, outboxPaused };
}
