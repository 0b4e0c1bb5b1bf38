import { MASS_TEMPLATE_FILE, massTemplateCsv } from '@corridor/domain';

/** Demo organisations and users (shared constants). DEMO ONLY: every demo user has the same password. */
export const DEMO_PASSWORD = 'Corridor2026';

export interface DemoOrg {
  code: string;
  name: string;
  countryCode: string;
  currencyCodes: string[];
  /** Code of the TSP a merchant belongs to. */
  parent?: string;
}

export const SERVICE_PROVIDERS: DemoOrg[] = [
  { code: 'ATLAS', name: 'Atlas Bank', countryCode: 'AE', currencyCodes: ['AED', 'USD', 'EUR', 'GBP', 'INR', 'PKR'] },
  { code: 'MERIDIAN', name: 'Meridian Pay', countryCode: 'GB', currencyCodes: ['GBP', 'EUR', 'USD', 'JPY', 'SGD', 'KWD'] },
];

export const MERCHANTS: DemoOrg[] = [
  { code: 'GLOBEX', name: 'Globex Trading', countryCode: 'AE', currencyCodes: ['AED', 'USD'], parent: 'ATLAS' },
  { code: 'INITECH', name: 'Initech Imports', countryCode: 'IN', currencyCodes: ['INR', 'USD'], parent: 'ATLAS' },
  { code: 'UMBRELLA', name: 'Umbrella Logistics', countryCode: 'GB', currencyCodes: ['GBP', 'EUR'], parent: 'ATLAS' },
  { code: 'STARK', name: 'Stark Textiles', countryCode: 'PK', currencyCodes: ['PKR', 'USD'], parent: 'MERIDIAN' },
  { code: 'WAYNE', name: 'Wayne Foods', countryCode: 'US', currencyCodes: ['USD', 'JPY'], parent: 'MERIDIAN' },
  { code: 'ACME', name: 'Acme Exporters', countryCode: 'SG', currencyCodes: ['SGD', 'KWD'], parent: 'MERIDIAN' },
];

export interface DemoUser {
  digit9Id: string;
  name: string;
  email: string;
  role: 'ADMIN' | 'MERCHANT_SERVICE' | 'SERVICE_PROVIDER';
  /** Organisation code; none for ADMIN. */
  org?: string;
}

export const DEMO_USERS: DemoUser[] = [
  { digit9Id: '900000001', name: 'Operations Admin', email: 'ops.admin@corridor.example', role: 'ADMIN' },
  { digit9Id: '200000001', name: 'Amira Haddad', email: 'amira.haddad@atlasbank.example', role: 'SERVICE_PROVIDER', org: 'ATLAS' },
  { digit9Id: '200000002', name: 'Oliver Grant', email: 'oliver.grant@meridianpay.example', role: 'SERVICE_PROVIDER', org: 'MERIDIAN' },
  { digit9Id: '100000001', name: 'Omar Rahman', email: 'omar.rahman@globex.example', role: 'MERCHANT_SERVICE', org: 'GLOBEX' },
  { digit9Id: '100000002', name: 'Sarah Mitchell', email: 'sarah.mitchell@initech.example', role: 'MERCHANT_SERVICE', org: 'INITECH' },
  { digit9Id: '100000003', name: 'Li Wei', email: 'li.wei@umbrella.example', role: 'MERCHANT_SERVICE', org: 'UMBRELLA' },
  { digit9Id: '100000004', name: 'Hannah Clarke', email: 'hannah.clarke@stark.example', role: 'MERCHANT_SERVICE', org: 'STARK' },
  { digit9Id: '100000005', name: 'Daniel Okafor', email: 'daniel.okafor@wayne.example', role: 'MERCHANT_SERVICE', org: 'WAYNE' },
  { digit9Id: '100000006', name: 'Fatima Al-Sayed', email: 'fatima.alsayed@acme.example', role: 'MERCHANT_SERVICE', org: 'ACME' },
  // A second user in every organisation, so lists and scoping have something to show.
  { digit9Id: '200000011', name: 'Karim Nasser', email: 'karim.nasser@atlasbank.example', role: 'SERVICE_PROVIDER', org: 'ATLAS' },
  { digit9Id: '200000012', name: 'Priya Shah', email: 'priya.shah@meridianpay.example', role: 'SERVICE_PROVIDER', org: 'MERIDIAN' },
  { digit9Id: '100000011', name: 'Rahul Mehta', email: 'rahul.mehta@globex.example', role: 'MERCHANT_SERVICE', org: 'GLOBEX' },
  { digit9Id: '100000012', name: 'Elena Petrova', email: 'elena.petrova@initech.example', role: 'MERCHANT_SERVICE', org: 'INITECH' },
  { digit9Id: '100000013', name: 'Carlos Oliveira', email: 'carlos@umbrella.example', role: 'MERCHANT_SERVICE', org: 'UMBRELLA' },
  { digit9Id: '100000014', name: 'James Walker', email: 'james.walker@stark.example', role: 'MERCHANT_SERVICE', org: 'STARK' },
  { digit9Id: '100000015', name: 'Aisha Bello', email: 'aisha.bello@wayne.example', role: 'MERCHANT_SERVICE', org: 'WAYNE' },
  { digit9Id: '100000016', name: 'Mateo Garcia', email: 'mateo.garcia@acme.example', role: 'MERCHANT_SERVICE', org: 'ACME' },
];

/** Files every signed-in user may fetch through the common download path. */
export const COMMON_FILES: Array<{ name: string; category: string; mime: string; content: string }> = [
  // The portal's own template: the columns its mass payment reader reads, with example lines it finds ready.
  { name: MASS_TEMPLATE_FILE, category: 'TEMPLATE', mime: 'text/csv', content: massTemplateCsv() },
  {
    name: 'corridor-user-guide.txt',
    category: 'GUIDE',
    mime: 'text/plain',
    content: 'Corridor user guide\n\nSign in with your 9-digit ID. Wallets, transactions and reports are in the menu on the left.\n',
  },
];
