import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { InvalidParameter } from '@corridor/api/light';
import {
  type PaymentDraftState,
  PAYMENT_DRAFT_DELAYS,
  emptyDraft,
  needsQuote,
  paymentDraftMachine,
  type DraftSubmission,
  type FollowOutboxItemInput,
  type PaymentDraft,
  type QueuedDraft,
  type QueuedDraftItem,
  type SubmittedPayment,
} from './payment-draft.machine.ts';
import type { HttpErrorLike } from './api-errors.ts';

const DRAFT_ID = '0b9c6f4e-3a51-4d5e-9a43-6d2f7c1e8a10';

const filled = {
  walletId: 'w-aed',
  sendAmount: '1000.00',
  sendCurrency: 'AED',
  receiveCurrency: 'USD',
  receiver: { name: 'Nile Traders', countryCode: 'EG', iban: 'EG380019000500000000263180002', bankCode: 'NBEGEGCX' },
  purpose: 'Goods',
};

interface Harness {
  submissions: DraftSubmission[];
  quoteRequests: PaymentDraft[];
  validate: (draft: PaymentDraft) => InvalidParameter[];
  answers: Array<SubmittedPayment | QueuedDraft | HttpErrorLike>;
  /** The outbox items followed now (draftId), and how to tell the machine of a change to them. */
  following: string[];
  outbox: (item: QueuedDraftItem | null) => void;
}

function start(h: Harness, input = {}) {
  const actor = createActor(
    paymentDraftMachine.provide({
      actors: {
        validateDraft: fromPromise(async ({ input: draft }: { input: PaymentDraft }) => h.validate(draft)),
        submitDraft: fromPromise(async ({ input: submission }: { input: DraftSubmission }) => {
          // A copy: the machine must never hand out a draft it changes later.
          h.submissions.push(structuredClone(submission));
          const answer = h.answers.shift();
          if (!answer) throw new Error('no answer prepared');
          if ('code' in answer) throw answer;
          return answer;
        }),
        followOutboxItem: fromCallback<EventObject, FollowOutboxItemInput>(({ input: follow, sendBack }) => {
          h.following.push(follow.draftId);
          h.outbox = (item) => sendBack({ type: 'OUTBOX_ITEM', item });
          return () => {
            h.following.splice(h.following.indexOf(follow.draftId), 1);
            h.outbox = () => {
              throw new Error('the outbox item is not followed');
            };
          };
        }),
      },
      actions: { requestQuote: (_, draft) => h.quoteRequests.push(draft) },
    }),
    { input: { newDraftId: () => DRAFT_ID, ...input } },
  );
  actor.start();
  return actor;
}

function harness(): Harness {
  return {
    submissions: [],
    quoteRequests: [],
    validate: () => [],
    answers: [],
    following: [],
    outbox: () => {
      throw new Error('the outbox item is not followed');
    },
  };
}

/** Lets the provided promises settle under fake timers. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('payment draft machine', () => {
  it('starts editing a fresh draft with an id made on the device', () => {
    const actor = start(harness());
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft).toEqual(emptyDraft(DRAFT_ID));
  });

  it('makes a random UUID when no id maker is given, and carries on a kept draft as it is', () => {
    const fresh = createActor(paymentDraftMachine, { input: {} }).start();
    expect(fresh.getSnapshot().context.draft.draftId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const kept = { ...emptyDraft('kept-id', 'm-1'), ...filled };
    const resumed = createActor(paymentDraftMachine, { input: { draft: kept } }).start();
    expect(resumed.getSnapshot().context.draft).toEqual(kept);
  });

  it('checks the draft once the user stopped typing for the settling time, not before', async () => {
    const h = harness();
    let checks = 0;
    h.validate = () => {
      checks += 1;
      return [];
    };
    const actor = start(h);
    actor.send({ type: 'EDIT', patch: { sendAmount: '1' } });
    await vi.advanceTimersByTimeAsync(PAYMENT_DRAFT_DELAYS.settle - 1);
    actor.send({ type: 'EDIT', patch: { sendAmount: '10' } });
    await vi.advanceTimersByTimeAsync(PAYMENT_DRAFT_DELAYS.settle - 1);
    expect(checks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(checks).toBe(1);
    // A draft with nothing changed is not checked again.
    await vi.advanceTimersByTimeAsync(PAYMENT_DRAFT_DELAYS.settle * 3);
    expect(checks).toBe(1);
  });

  it('keeps the check’s refusals for the form and drops a field’s refusal once that field changes', async () => {
    const h = harness();
    h.validate = () => [
      { parameter: 'sendAmount', message: 'invalid' },
      { parameter: 'receiver.name', message: 'required' },
    ];
    const actor = start(h);
    actor.send({ type: 'SUBMIT', intent: 'initiate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors.map((e) => e.parameter)).toEqual(['sendAmount', 'receiver.name']);
    expect(actor.getSnapshot().context.intent).toBeNull();
    h.validate = () => [];
    actor.send({ type: 'EDIT', patch: { sendAmount: '5' } });
    expect(actor.getSnapshot().context.fieldErrors.map((e) => e.parameter)).toEqual(['receiver.name']);
    expect(h.submissions).toHaveLength(0);
  });

  it('a same-currency payment is ready without a quote and goes on SUBMIT', async () => {
    const h = harness();
    h.answers.push({ id: 'p-1', status: 'INITIATED' });
    const actor = start(h);
    actor.send({ type: 'EDIT', patch: { ...filled, receiveCurrency: 'AED' } });
    await vi.advanceTimersByTimeAsync(PAYMENT_DRAFT_DELAYS.settle);
    expect(actor.getSnapshot().value).toBe('ready');
    expect(h.quoteRequests).toHaveLength(0);
    actor.send({ type: 'SUBMIT', intent: 'initiate' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settle();
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.submitted).toEqual({ id: 'p-1', status: 'INITIATED' });
    expect(h.submissions[0]).toEqual({ intent: 'initiate', draft: expect.objectContaining({ draftId: DRAFT_ID, quoteId: null }) });
  });

  it('a cross-currency payment asks for a quote, is ready with it, and is sent with its quote id', async () => {
    const h = harness();
    h.answers.push({ id: 'p-2', status: 'INITIATED' });
    const actor = start(h);
    expect(needsQuote({ ...emptyDraft('x'), ...filled })).toBe(true);
    actor.send({ type: 'EDIT', patch: filled });
    await vi.advanceTimersByTimeAsync(PAYMENT_DRAFT_DELAYS.settle);
    expect(actor.getSnapshot().value).toBe('quoting');
    expect(h.quoteRequests).toEqual([expect.objectContaining({ sendAmount: '1000.00', sendCurrency: 'AED', receiveCurrency: 'USD' })]);
    // SUBMIT while quoting waits for the quote.
    actor.send({ type: 'SUBMIT', intent: 'initiate' });
    expect(actor.getSnapshot().value).toBe('quoting');
    actor.send({ type: 'QUOTED', quoteId: 'q-1' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await settle();
    expect(h.submissions[0]!.draft.quoteId).toBe('q-1');
    expect(actor.getSnapshot().value).toBe('submitted');
  });

  it('an expired quote takes a ready payment back to quoting until the next one; a price change drops the quote', async () => {
    const h = harness();
    const actor = start(h);
    actor.send({ type: 'EDIT', patch: filled });
    await vi.advanceTimersByTimeAsync(PAYMENT_DRAFT_DELAYS.settle);
    actor.send({ type: 'QUOTED', quoteId: 'q-1' });
    expect(actor.getSnapshot().value).toBe('ready');
    // Another quote's report changes nothing.
    actor.send({ type: 'QUOTE_INVALID', quoteId: 'q-0' });
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'QUOTE_INVALID', quoteId: 'q-1' });
    expect(actor.getSnapshot().value).toBe('quoting');
    expect(actor.getSnapshot().context.draft.quoteId).toBeNull();
    actor.send({ type: 'QUOTED', quoteId: 'q-2' });
    expect(actor.getSnapshot().context.draft.quoteId).toBe('q-2');
    // The message does not change the price; the amount does.
    actor.send({ type: 'EDIT', patch: { message: 'Invoice 12' } });
    expect(actor.getSnapshot().context.draft.quoteId).toBe('q-2');
    actor.send({ type: 'EDIT', patch: { sendAmount: '2000.00' } });
    expect(actor.getSnapshot().context.draft.quoteId).toBeNull();
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('saving as a draft needs no quote', async () => {
    const h = harness();
    h.answers.push({ id: 'p-3', status: 'DRAFTED' });
    const actor = start(h);
    actor.send({ type: 'EDIT', patch: filled });
    actor.send({ type: 'SUBMIT', intent: 'draft' });
    await settle();
    expect(h.quoteRequests).toHaveLength(0);
    expect(h.submissions[0]!.intent).toBe('draft');
    expect(actor.getSnapshot().context.submitted?.status).toBe('DRAFTED');
  });

  it('a draft saved while quoting goes at once', async () => {
    const h = harness();
    h.answers.push({ id: 'p-4', status: 'DRAFTED' });
    const actor = start(h);
    actor.send({ type: 'EDIT', patch: filled });
    await vi.advanceTimersByTimeAsync(PAYMENT_DRAFT_DELAYS.settle);
    expect(actor.getSnapshot().value).toBe('quoting');
    actor.send({ type: 'SUBMIT', intent: 'draft' });
    await settle();
    expect(h.submissions.map((s) => s.intent)).toEqual(['draft']);
  });

  it('server field errors land in rejected with the draft kept, and the retry sends the same draftId', async () => {
    const h = harness();
    h.answers.push(
      { status: 400, code: 'VALIDATION_ERROR', message: 'bad', invalidParameters: [{ parameter: 'receiver.iban', message: 'IBAN is invalid' }] },
      { id: 'p-5', status: 'INITIATED' },
    );
    const actor = start(h);
    actor.send({ type: 'EDIT', patch: { ...filled, receiveCurrency: 'AED' } });
    actor.send({ type: 'SUBMIT', intent: 'initiate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.fieldErrors).toEqual([{ parameter: 'receiver.iban', message: 'IBAN is invalid' }]);
    expect(actor.getSnapshot().context.draft).toMatchObject({ walletId: 'w-aed', draftId: DRAFT_ID, receiver: filled.receiver });
    actor.send({ type: 'EDIT', patch: { receiver: { ...filled.receiver, iban: 'AE070331234567890123456' } } });
    expect(actor.getSnapshot().context.fieldErrors).toEqual([]);
    actor.send({ type: 'SUBMIT', intent: 'initiate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(h.submissions.map((s) => s.draft.draftId)).toEqual([DRAFT_ID, DRAFT_ID]);
  });

  it('a network failure is a rejection with the error kept; sending again keeps the draftId', async () => {
    const h = harness();
    h.answers.push({ status: 0, code: 'NETWORK_ERROR', message: 'offline' }, { id: 'p-6', status: 'INITIATED' });
    const actor = start(h);
    actor.send({ type: 'EDIT', patch: { ...filled, receiveCurrency: 'AED' } });
    actor.send({ type: 'SUBMIT', intent: 'initiate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.error?.code).toBe('NETWORK_ERROR');
    actor.send({ type: 'SUBMIT', intent: 'initiate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(new Set(h.submissions.map((s) => s.draft.draftId))).toEqual(new Set([DRAFT_ID]));
  });

  it('a 401 keeps the draft and resends it, unchanged, after sign-in', async () => {
    const h = harness();
    h.answers.push({ status: 401, code: 'UNAUTHORIZED', message: 'signed out' }, { id: 'p-7', status: 'INITIATED' });
    const actor = start(h);
    actor.send({ type: 'EDIT', patch: filled });
    await vi.advanceTimersByTimeAsync(PAYMENT_DRAFT_DELAYS.settle);
    actor.send({ type: 'QUOTED', quoteId: 'q-9' });
    actor.send({ type: 'SUBMIT', intent: 'initiate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('needsSignIn');
    const kept = actor.getSnapshot().context.draft;
    expect(kept).toMatchObject({ draftId: DRAFT_ID, quoteId: 'q-9', sendAmount: '1000.00' });
    actor.send({ type: 'SIGNED_IN' });
    await settle();
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(h.submissions[1]).toEqual(h.submissions[0]);
  });

  it('a quote the server calls expired sends the payment back to quoting without its quote', async () => {
    const h = harness();
    h.answers.push({ status: 422, code: 'QUOTE_EXPIRED', message: 'expired' });
    const actor = start(h);
    actor.send({ type: 'EDIT', patch: filled });
    await vi.advanceTimersByTimeAsync(PAYMENT_DRAFT_DELAYS.settle);
    actor.send({ type: 'QUOTED', quoteId: 'q-1' });
    actor.send({ type: 'SUBMIT', intent: 'initiate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('quoting');
    expect(actor.getSnapshot().context.draft.quoteId).toBeNull();
    expect(actor.getSnapshot().context.error?.code).toBe('QUOTE_EXPIRED');
  });

  it('ignores edits while the draft is with the server', async () => {
    let release: (p: SubmittedPayment) => void = () => {};
    const actor = createActor(
      paymentDraftMachine.provide({
        actors: {
          validateDraft: fromPromise(async (): Promise<InvalidParameter[]> => []),
          submitDraft: fromPromise(() => new Promise<SubmittedPayment | QueuedDraft>((resolve) => (release = resolve))),
        },
      }),
      { input: { newDraftId: () => DRAFT_ID } },
    ).start();
    actor.send({ type: 'EDIT', patch: { ...filled, receiveCurrency: 'AED' } });
    actor.send({ type: 'SUBMIT', intent: 'initiate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('submitting');
    actor.send({ type: 'EDIT', patch: { sendAmount: '1' } });
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.draft.sendAmount).toBe('1000.00');
    release({ id: 'p-8', status: 'INITIATED' });
    await settle();
    expect(actor.getSnapshot().value).toBe('submitted');
  });

  it('a check that throws goes back to editing with the error', async () => {
    const h = harness();
    h.validate = () => {
      throw new Error('broken');
    };
    const actor = start(h);
    actor.send({ type: 'SUBMIT', intent: 'initiate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error?.message).toBe('broken');
  });

  it('the draft in the snapshot is plain data that survives a JSON round trip', async () => {
    const actor = start(harness());
    actor.send({ type: 'EDIT', patch: filled });
    const draft = actor.getSnapshot().context.draft;
    expect(JSON.parse(JSON.stringify(draft))).toEqual(draft);
  });

  describe('through the outbox', () => {
    const item = (over: Partial<QueuedDraftItem>): QueuedDraftItem => ({
      state: 'queued',
      createdAt: 1_700_000_000_000,
      updatedAt: 1_700_000_000_000,
      payment: null,
      lastError: null,
      ...over,
    });

    it('a queued draft waits in `queued` (edits ignored), following its outbox item, and is submitted with the payment the outbox got', async () => {
      const h = harness();
      h.answers.push({ queued: true, at: 1_700_000_000_000 });
      const actor = start(h);
      actor.send({ type: 'EDIT', patch: { ...filled, receiveCurrency: 'AED' } });
      expect(h.following).toEqual([]);
      actor.send({ type: 'SUBMIT', intent: 'initiate' });
      await settle();
      expect(actor.getSnapshot().value).toBe('queued');
      expect(actor.getSnapshot().context.queuedAt).toBe(1_700_000_000_000);
      expect(h.following).toEqual([DRAFT_ID]);
      actor.send({ type: 'EDIT', patch: { sendAmount: '5.00' } });
      expect(actor.getSnapshot().value).toBe('queued');
      expect(actor.getSnapshot().context.draft.sendAmount).toBe('1000.00');
      // Still queued, then out: the form shows the item as it goes.
      h.outbox(item({}));
      h.outbox(item({ state: 'sending', updatedAt: 1_700_000_000_500 }));
      expect(actor.getSnapshot().value).toBe('queued');
      expect(actor.getSnapshot().context.outboxItem?.state).toBe('sending');
      // Sent without a payment in the answer: nothing to open, the draft stays queued.
      h.outbox(item({ state: 'sent', updatedAt: 1_700_000_000_600 }));
      expect(actor.getSnapshot().value).toBe('queued');
      h.outbox(item({ state: 'sent', updatedAt: 1_700_000_000_700, payment: { id: 'p-9', status: 'INITIATED' } }));
      expect(actor.getSnapshot().value).toBe('submitted');
      expect(actor.getSnapshot().context.submitted).toEqual({ id: 'p-9', status: 'INITIATED' });
      // Done: the item is no longer followed.
      expect(h.following).toEqual([]);
    });

    it('a queued draft the server refused lands in rejected with its field errors, and goes again with the same draftId', async () => {
      const h = harness();
      h.answers.push({ queued: true, at: 1 }, { queued: true, at: 5 });
      const actor = start(h);
      actor.send({ type: 'EDIT', patch: { ...filled, receiveCurrency: 'AED' } });
      actor.send({ type: 'SUBMIT', intent: 'draft' });
      await settle();
      const invalidParameters = [{ parameter: 'receiver.iban', message: 'IBAN is invalid' }];
      const refusal = { status: 422, code: 'VALIDATION_ERROR', message: 'bad', invalidParameters };
      h.outbox(item({ state: 'rejected', createdAt: 1, updatedAt: 3, lastError: refusal }));
      expect(actor.getSnapshot().value).toBe('rejected');
      expect(actor.getSnapshot().context.fieldErrors).toEqual(invalidParameters);
      expect(actor.getSnapshot().context.error).toEqual(refusal);
      expect(h.following).toEqual([]);
      actor.send({ type: 'EDIT', patch: { receiver: { ...filled.receiver, iban: 'AE070331234567890123456' } } });
      actor.send({ type: 'SUBMIT', intent: 'draft' });
      await settle();
      expect(actor.getSnapshot().value).toBe('queued');
      expect(h.submissions.map((s) => s.draft.draftId)).toEqual([DRAFT_ID, DRAFT_ID]);
      // The refusal read before the new send (older than it) is not an answer to it.
      h.outbox(item({ state: 'rejected', createdAt: 1, updatedAt: 3, lastError: refusal }));
      expect(actor.getSnapshot().value).toBe('queued');
      // A refusal without the server's reasons is not taken as one.
      h.outbox(item({ state: 'rejected', createdAt: 1, updatedAt: 6 }));
      expect(actor.getSnapshot().value).toBe('queued');
      h.outbox(item({ state: 'rejected', createdAt: 1, updatedAt: 7, lastError: { ...refusal, invalidParameters: [] } }));
      expect(actor.getSnapshot().value).toBe('rejected');
      expect(actor.getSnapshot().context.fieldErrors).toEqual([]);
    });

    it('an item held for a new price or gone from the outbox keeps the draft queued', async () => {
      const h = harness();
      h.answers.push({ queued: true, at: 1 });
      const actor = start(h);
      actor.send({ type: 'EDIT', patch: { ...filled, receiveCurrency: 'AED' } });
      actor.send({ type: 'SUBMIT', intent: 'initiate' });
      await settle();
      h.outbox(item({ state: 'held', updatedAt: 2 }));
      expect(actor.getSnapshot().value).toBe('queued');
      h.outbox(null);
      expect(actor.getSnapshot().value).toBe('queued');
      expect(actor.getSnapshot().context.outboxItem).toBeNull();
    });

    it('outbox items outside `queued` change nothing, and nothing is followed there', async () => {
      const h = harness();
      const actor = start(h);
      actor.send({ type: 'OUTBOX_ITEM', item: item({ state: 'sent', payment: { id: 'p-9', status: 'INITIATED' } }) });
      expect(actor.getSnapshot().value).toBe('editing');
      expect(actor.getSnapshot().context.outboxItem).toBeNull();
      expect(h.following).toEqual([]);
    });
  });
});

// The state a component reads is the machine's own union, never a string.
expectTypeOf<PaymentDraftState>().toEqualTypeOf<
  'editing' | 'validating' | 'quoting' | 'ready' | 'submitting' | 'queued' | 'rejected' | 'needsSignIn' | 'submitted'
>();
