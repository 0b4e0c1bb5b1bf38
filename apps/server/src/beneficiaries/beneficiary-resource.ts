import { asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { beneficiaryFilter } from '@corridor/api';
import type { ResourceSpec } from '../http/resource-engine.ts';
import { beneficiaries } from './beneficiary-schema.ts';

type BeneficiaryFilter = z.output<typeof beneficiaryFilter>;
type Type = (typeof beneficiaries.type.enumValues)[number];
type Status = (typeof beneficiaries.status.enumValues)[number];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Beneficiary filter of the spec (type, displayName, iban, status, ids); text filters match part of the value. */
export const beneficiaryResource: ResourceSpec<typeof beneficiaries, BeneficiaryFilter> = {
  table: beneficiaries,
  filters: {
    type: (v) => eq(beneficiaries.type, v.toUpperCase() as Type),
    // The name a merchant searches by is either the nickname or the holder's name.
    displayName: (v) => {
      const like = `%${escapeLike(v)}%`;
      return or(ilike(sql`coalesce(${beneficiaries.nickname}, '')`, like), ilike(beneficiaries.name, like));
    },
    // IBANs are stored without spaces, upper case: a pasted, grouped IBAN still finds its row.
    iban: (v) => ilike(beneficiaries.iban, `%${escapeLike(v.replace(/\s+/g, ''))}%`),
    status: (v) => eq(beneficiaries.status, v.toUpperCase() as Status),
    ids: (v) => inArray(beneficiaries.id, v),
  },
  sortKeys: {
    name: beneficiaries.name,
    type: beneficiaries.type,
    countryCode: beneficiaries.countryCode,
    currencyCode: beneficiaries.currencyCode,
    status: beneficiaries.status,
    createdAt: beneficiaries.createdAt,
    updatedAt: beneficiaries.updatedAt,
  },
  defaultSort: [desc(beneficiaries.createdAt), asc(beneficiaries.id)],
};
