import { zodResolver } from '@hookform/resolvers/zod';
import { api } from '@/lib/api-client.ts';
import { notify } from '@/lib/notifications.ts';
import { useCreateForm } from '@/shared/form/use-create-form.ts';
import { beneficiaryFormSchema, emptyBeneficiaryForm, type BeneficiaryBody, type BeneficiaryForm } from './beneficiary-form.ts';
import type { Beneficiary } from './use-beneficiaries.ts';

/**
 * The Add beneficiary form: checked on the device, sent with an idempotency key (a lost answer sent
 * again adds nothing twice), the server's refusals set on the fields they name.
 */
export function useAddBeneficiaryForm(onCreated: (b: Beneficiary) => void) {
  return useCreateForm<BeneficiaryForm, BeneficiaryBody, Beneficiary>({
    resolver: zodResolver(beneficiaryFormSchema),
    defaultValues: emptyBeneficiaryForm,
    create: (body, idempotencyKey) => api.call<'beneficiaries.create'>('beneficiaries.create', { body, idempotencyKey }),
    onCreated: (created) => {
      notify({ type: 'success', i18nMessage: 'beneficiaries.created', messageParams: { name: created.displayName } });
      onCreated(created);
    },
  });
}
