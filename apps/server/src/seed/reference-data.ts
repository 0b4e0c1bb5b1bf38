/** Demo reference data: real ISO codes and decimal places, invented banks and institutions. */

// [code, name, sign, countryCode, dp]
export const CURRENCIES: Array<[string, string, string, string | null, number]> = [
  ['USD', 'US Dollar', '$', 'US', 2],
  ['EUR', 'Euro', '€', null, 2],
  ['GBP', 'Pound Sterling', '£', 'GB', 2],
  ['JPY', 'Yen', '¥', 'JP', 0],
  ['CHF', 'Swiss Franc', 'CHF', 'CH', 2],
  ['CAD', 'Canadian Dollar', 'C$', 'CA', 2],
  ['AUD', 'Australian Dollar', 'A$', 'AU', 2],
  ['NZD', 'New Zealand Dollar', 'NZ$', 'NZ', 2],
  ['CNY', 'Yuan Renminbi', '¥', 'CN', 2],
  ['HKD', 'Hong Kong Dollar', 'HK$', 'HK', 2],
  ['SGD', 'Singapore Dollar', 'S$', 'SG', 2],
  ['INR', 'Indian Rupee', '₹', 'IN', 2],
  ['PKR', 'Pakistan Rupee', '₨', 'PK', 2],
  ['BDT', 'Taka', '৳', 'BD', 2],
  ['LKR', 'Sri Lanka Rupee', 'Rs', 'LK', 2],
  ['PHP', 'Philippine Peso', '₱', 'PH', 2],
  ['IDR', 'Rupiah', 'Rp', 'ID', 2],
  ['MYR', 'Malaysian Ringgit', 'RM', 'MY', 2],
  ['THB', 'Baht', '฿', 'TH', 2],
  ['KRW', 'Won', '₩', 'KR', 0],
  ['VND', 'Dong', '₫', 'VN', 0],
  ['AED', 'UAE Dirham', 'د.إ', 'AE', 2],
  ['SAR', 'Saudi Riyal', '﷼', 'SA', 2],
  ['QAR', 'Qatari Rial', 'ر.ق', 'QA', 2],
  ['KWD', 'Kuwaiti Dinar', 'د.ك', 'KW', 3],
  ['BHD', 'Bahraini Dinar', '.د.ب', 'BH', 3],
  ['OMR', 'Rial Omani', 'ر.ع.', 'OM', 3],
  ['JOD', 'Jordanian Dinar', 'د.ا', 'JO', 3],
  ['EGP', 'Egyptian Pound', 'E£', 'EG', 2],
  ['TRY', 'Turkish Lira', '₺', 'TR', 2],
  ['ZAR', 'Rand', 'R', 'ZA', 2],
  ['NGN', 'Naira', '₦', 'NG', 2],
  ['KES', 'Kenyan Shilling', 'KSh', 'KE', 2],
  ['MXN', 'Mexican Peso', 'MX$', 'MX', 2],
  ['BRL', 'Brazilian Real', 'R$', 'BR', 2],
  ['SEK', 'Swedish Krona', 'kr', 'SE', 2],
  ['NOK', 'Norwegian Krone', 'kr', 'NO', 2],
  ['DKK', 'Danish Krone', 'kr', 'DK', 2],
  ['PLN', 'Zloty', 'zł', 'PL', 2],
];

// [code, iso3, name, currencyCode, dialCode]
export const COUNTRIES: Array<[string, string, string, string, string]> = [
  ['US', 'USA', 'United States', 'USD', '+1'],
  ['GB', 'GBR', 'United Kingdom', 'GBP', '+44'],
  ['DE', 'DEU', 'Germany', 'EUR', '+49'],
  ['FR', 'FRA', 'France', 'EUR', '+33'],
  ['NL', 'NLD', 'Netherlands', 'EUR', '+31'],
  ['IE', 'IRL', 'Ireland', 'EUR', '+353'],
  ['ES', 'ESP', 'Spain', 'EUR', '+34'],
  ['IT', 'ITA', 'Italy', 'EUR', '+39'],
  ['CH', 'CHE', 'Switzerland', 'CHF', '+41'],
  ['SE', 'SWE', 'Sweden', 'SEK', '+46'],
  ['NO', 'NOR', 'Norway', 'NOK', '+47'],
  ['DK', 'DNK', 'Denmark', 'DKK', '+45'],
  ['PL', 'POL', 'Poland', 'PLN', '+48'],
  ['TR', 'TUR', 'Türkiye', 'TRY', '+90'],
  ['CA', 'CAN', 'Canada', 'CAD', '+1'],
  ['MX', 'MEX', 'Mexico', 'MXN', '+52'],
  ['BR', 'BRA', 'Brazil', 'BRL', '+55'],
  ['AU', 'AUS', 'Australia', 'AUD', '+61'],
  ['NZ', 'NZL', 'New Zealand', 'NZD', '+64'],
  ['JP', 'JPN', 'Japan', 'JPY', '+81'],
  ['CN', 'CHN', 'China', 'CNY', '+86'],
  ['HK', 'HKG', 'Hong Kong', 'HKD', '+852'],
  ['SG', 'SGP', 'Singapore', 'SGD', '+65'],
  ['KR', 'KOR', 'South Korea', 'KRW', '+82'],
  ['IN', 'IND', 'India', 'INR', '+91'],
  ['PK', 'PAK', 'Pakistan', 'PKR', '+92'],
  ['BD', 'BGD', 'Bangladesh', 'BDT', '+880'],
  ['LK', 'LKA', 'Sri Lanka', 'LKR', '+94'],
  ['PH', 'PHL', 'Philippines', 'PHP', '+63'],
  ['ID', 'IDN', 'Indonesia', 'IDR', '+62'],
  ['MY', 'MYS', 'Malaysia', 'MYR', '+60'],
  ['TH', 'THA', 'Thailand', 'THB', '+66'],
  ['VN', 'VNM', 'Viet Nam', 'VND', '+84'],
  ['AE', 'ARE', 'United Arab Emirates', 'AED', '+971'],
  ['SA', 'SAU', 'Saudi Arabia', 'SAR', '+966'],
  ['QA', 'QAT', 'Qatar', 'QAR', '+974'],
  ['KW', 'KWT', 'Kuwait', 'KWD', '+965'],
  ['BH', 'BHR', 'Bahrain', 'BHD', '+973'],
  ['OM', 'OMN', 'Oman', 'OMR', '+968'],
  ['JO', 'JOR', 'Jordan', 'JOD', '+962'],
  ['EG', 'EGY', 'Egypt', 'EGP', '+20'],
  ['ZA', 'ZAF', 'South Africa', 'ZAR', '+27'],
  ['NG', 'NGA', 'Nigeria', 'NGN', '+234'],
  ['KE', 'KEN', 'Kenya', 'KES', '+254'],
];

// [code, name, bic, countryCode, currencies]
export const BANKS: Array<[string, string, string, string, string[]]> = [
  ['ATLSAEAD', 'Atlas Bank', 'ATLSAEADXXX', 'AE', ['AED', 'USD', 'EUR', 'GBP']],
  ['MRDNGB2L', 'Meridian Pay Bank', 'MRDNGB2LXXX', 'GB', ['GBP', 'EUR', 'USD']],
  ['GULFAEAD', 'Gulf Commercial Bank', 'GULFAEADXXX', 'AE', ['AED', 'USD']],
  ['NRTHUS33', 'Northwind Bank', 'NRTHUS33XXX', 'US', ['USD']],
  ['HARBUS44', 'Harbor Trust', 'HARBUS44XXX', 'US', ['USD', 'CAD']],
  ['RHNEDEFF', 'Rhine Handelsbank', 'RHNEDEFFXXX', 'DE', ['EUR', 'USD']],
  ['SEINFRPP', 'Banque de la Seine', 'SEINFRPPXXX', 'FR', ['EUR']],
  ['ALPSCHZZ', 'Alpen Privatbank', 'ALPSCHZZXXX', 'CH', ['CHF', 'EUR', 'USD']],
  ['THMSGB22', 'Thames Merchant Bank', 'THMSGB22XXX', 'GB', ['GBP', 'USD']],
  ['SAKRJPJT', 'Sakura Trade Bank', 'SAKRJPJTXXX', 'JP', ['JPY', 'USD']],
  ['LIONSGSG', 'Lion City Bank', 'LIONSGSGXXX', 'SG', ['SGD', 'USD', 'MYR']],
  ['PERLHKHH', 'Pearl River Bank', 'PERLHKHHXXX', 'HK', ['HKD', 'CNY', 'USD']],
  ['GANGINBB', 'Ganges Commercial Bank', 'GANGINBBXXX', 'IN', ['INR']],
  ['INDSPKKA', 'Indus Bank', 'INDSPKKAXXX', 'PK', ['PKR']],
  ['BNGLBDDH', 'Bengal Bank', 'BNGLBDDHXXX', 'BD', ['BDT']],
  ['LUZNPHMM', 'Luzon Savings Bank', 'LUZNPHMMXXX', 'PH', ['PHP', 'USD']],
  ['NILEEGCX', 'Nile Bank', 'NILEEGCXXXX', 'EG', ['EGP', 'USD']],
  ['DSRTSARI', 'Desert Bank', 'DSRTSARIXXX', 'SA', ['SAR', 'USD']],
  ['PRLKKWKW', 'Pearl Gulf Bank', 'PRLKKWKWXXX', 'KW', ['KWD', 'USD']],
  ['CAPEZAJJ', 'Cape Bank', 'CAPEZAJJXXX', 'ZA', ['ZAR']],
  ['SVNAKENA', 'Savanna Bank', 'SVNAKENAXXX', 'KE', ['KES', 'USD']],
  ['LAGSNGLA', 'Lagos Trust Bank', 'LAGSNGLAXXX', 'NG', ['NGN', 'USD']],
];

// Branch cities per bank country, so branches read like real places.
export const BRANCH_CITIES: Record<string, string[]> = {
  AE: ['Dubai', 'Abu Dhabi'],
  GB: ['London', 'Manchester'],
  US: ['New York', 'Chicago'],
  DE: ['Frankfurt', 'Hamburg'],
  FR: ['Paris', 'Lyon'],
  CH: ['Zurich', 'Geneva'],
  JP: ['Tokyo', 'Osaka'],
  SG: ['Singapore', 'Jurong'],
  HK: ['Central', 'Kowloon'],
  IN: ['Mumbai', 'Delhi'],
  PK: ['Karachi', 'Lahore'],
  BD: ['Dhaka', 'Chattogram'],
  PH: ['Manila', 'Cebu'],
  EG: ['Cairo', 'Alexandria'],
  SA: ['Riyadh', 'Jeddah'],
  KW: ['Kuwait City', 'Hawalli'],
  ZA: ['Johannesburg', 'Cape Town'],
  KE: ['Nairobi', 'Mombasa'],
  NG: ['Lagos', 'Abuja'],
};

export type CodeName = [string, string, string?];

export const ACCOUNT_TYPES: CodeName[] = [
  ['CURRENT', 'Current account'],
  ['SAVINGS', 'Savings account'],
  ['NOSTRO', 'Nostro account'],
  ['VOSTRO', 'Vostro account'],
  ['ESCROW', 'Escrow account'],
  ['WALLET', 'Wallet account'],
];

// [id, code, name]: the spec's list (spec 3), word for word. It names "pool" twice: 500 is the TSP's own
// pool, 700 the pool of merchants' funds awaiting settlement (the merchant settlement accounts).
export const ACCOUNT_CATEGORIES: Array<[string, string, string]> = [
  ['100', 'CORRESPONDENT_SETTLEMENT', 'Correspondent settlement'],
  ['200', 'FUNDING', 'Funding'],
  ['300', 'LIQUIDITY', 'Liquidity'],
  ['400', 'NOSTRO', 'Nostro'],
  ['500', 'POOL', 'Pool'],
  ['600', 'VOSTRO', 'Vostro'],
  ['700', 'SETTLEMENT_POOL', 'Pool'],
  ['999', 'OTHERS', 'Others'],
];

export const TRANSACTION_CATEGORIES: CodeName[] = [
  ['TOPUP', 'Top-up'],
  ['TRANSFER', 'Transfer'],
  ['PAYOUT', 'Payout'],
  ['CONSUMER_PAYOUT', 'Consumer payout'],
  ['CREDIT_REQUEST', 'Credit request'],
  ['MASS_PAYMENT', 'Mass payment'],
  ['MISC_PAYMENT', 'Miscellaneous payment'],
  ['SETTLEMENT', 'Settlement'],
  ['NET_OFF', 'Net-off'],
];

export const BUSINESS_TYPES: CodeName[] = [
  ['IMPORT_EXPORT', 'Import and export'],
  ['WHOLESALE', 'Wholesale trade'],
  ['RETAIL', 'Retail'],
  ['LOGISTICS', 'Logistics'],
  ['MANUFACTURING', 'Manufacturing'],
  ['SERVICES', 'Professional services'],
  ['FINTECH', 'Financial technology'],
];

export const PARTNER_TYPES: CodeName[] = [
  ['MERCHANT', 'Merchant'],
  ['SERVICE_PROVIDER', 'Service provider'],
  ['CORRESPONDENT', 'Correspondent'],
  ['AGENT', 'Agent'],
];

export const CHANNELS: CodeName[] = [
  ['PORTAL', 'Web portal'],
  ['API', 'API'],
  ['MOBILE', 'Mobile app'],
  ['BRANCH', 'Branch'],
  ['FILE', 'File upload'],
];

export const DELIVERY_MODES: CodeName[] = [
  ['BANK_TRANSFER', 'Bank transfer'],
  ['CASH_PICKUP', 'Cash pick-up'],
  ['MOBILE_WALLET', 'Mobile wallet'],
  ['CARD', 'Card push'],
  ['HOME_DELIVERY', 'Home delivery'],
];

export const TRANSACTION_PURPOSES: CodeName[] = [
  ['GOODS', 'Payment for goods'],
  ['SERVICES', 'Payment for services'],
  ['SALARY', 'Salary'],
  ['FAMILY', 'Family support'],
  ['INVESTMENT', 'Investment'],
  ['LOAN', 'Loan repayment'],
  ['RENT', 'Rent'],
  ['TAX', 'Tax payment'],
  ['EDUCATION', 'Education'],
  ['MEDICAL', 'Medical expenses'],
];

export const FUND_SOURCES: CodeName[] = [
  ['BUSINESS_INCOME', 'Business income'],
  ['SAVINGS', 'Savings'],
  ['LOAN', 'Loan'],
  ['INVESTMENT', 'Investment returns'],
  ['SALE_OF_ASSETS', 'Sale of assets'],
];

export const INCOME_SOURCES: CodeName[] = [
  ['SALARY', 'Salary'],
  ['BUSINESS', 'Business'],
  ['RENTAL', 'Rental income'],
  ['PENSION', 'Pension'],
  ['OTHER', 'Other'],
];

export const PRODUCT_TYPES: CodeName[] = [
  ['REMITTANCE', 'Remittance'],
  ['FX', 'Foreign exchange'],
  ['WALLET', 'Wallet'],
  ['CREDIT', 'Credit line'],
];

export const DEAL_TYPES: CodeName[] = [
  ['CASH', 'Cash (same day)', 'Value today'],
  ['TOM', 'Tom (next day)', 'Value tomorrow'],
  ['SPOT', 'Spot (T+2)', 'Value in two business days'],
  ['FWD', 'Forward', 'Value at an agreed future date'],
];

export const CONSUMER_TYPES: CodeName[] = [
  ['INDIVIDUAL', 'Individual'],
  ['BUSINESS', 'Business'],
  ['GOVERNMENT', 'Government'],
];

export const COLLECTION_MODES: CodeName[] = [
  ['BANK_TRANSFER', 'Bank transfer'],
  ['CASH', 'Cash deposit'],
  ['CARD', 'Card'],
  ['DIRECT_DEBIT', 'Direct debit'],
  ['WALLET', 'Wallet debit'],
];

export const TRANSFER_MODES: CodeName[] = [
  ['SWIFT', 'SWIFT'],
  ['SEPA', 'SEPA'],
  ['ACH', 'ACH'],
  ['RTGS', 'RTGS'],
  ['INTERNAL', 'Internal book transfer'],
];

// [id, name, countryCode, currencies, bankCode]
export const CORRESPONDENTS: Array<[string, string, string, string[], string]> = [
  ['COR-001', 'Northwind Correspondent Services', 'US', ['USD'], 'NRTHUS33'],
  ['COR-002', 'Rhine Clearing', 'DE', ['EUR'], 'RHNEDEFF'],
  ['COR-003', 'Thames Clearing House', 'GB', ['GBP', 'USD'], 'THMSGB22'],
  ['COR-004', 'Gulf Clearing', 'AE', ['AED', 'USD'], 'GULFAEAD'],
  ['COR-005', 'Ganges Payout Network', 'IN', ['INR'], 'GANGINBB'],
  ['COR-006', 'Lion City Settlement', 'SG', ['SGD', 'USD', 'MYR'], 'LIONSGSG'],
];

export const TRADING_CURRENCIES = ['USD', 'EUR', 'GBP', 'AED', 'JPY', 'CHF', 'SGD', 'HKD', 'INR', 'PKR', 'PHP', 'SAR', 'KWD', 'CAD', 'AUD'];

// [id, name, countryCode, licenseNumber]
export const MTOS: Array<[string, string, string, string]> = [
  ['MTO-001', 'Swift Remit', 'AE', 'AE-MTO-2019-114'],
  ['MTO-002', 'Crescent Exchange', 'SA', 'SA-EX-5521'],
  ['MTO-003', 'Harbor Money Transfer', 'US', 'US-MSB-3319002'],
  ['MTO-004', 'Bay Remit', 'PH', 'PH-RA-7781'],
  ['MTO-005', 'Monsoon Transfers', 'IN', 'IN-RBI-MTSS-442'],
];

export const RATE_PROVIDERS: Array<[string, string]> = [
  ['INTERNAL', 'Internal dealing desk'],
  ['REFINITIV', 'Refinitiv (simulated feed)'],
  ['BLOOMBERG', 'Bloomberg (simulated feed)'],
];
