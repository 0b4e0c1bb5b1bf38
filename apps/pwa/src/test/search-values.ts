import fc from 'fast-check';

/** Search values as a URL parser hands them over: strings, numbers, lists, objects, nonsense. */
const leaf = fc.oneof(
  fc.constantFrom('1', '2', '0', '-1', '1.5', '', 'abc', '10', '20', '50', '15', 'USD', 'AE', 'createdAt,ASC', 'amount,DESC,ignorecase', 'x,UP'),
  fc.integer({ min: -3, max: 60 }),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.letrec((tie) => ({
  any: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('any'), { maxLength: 3 }), tie('obj')),
  obj: fc.oneof(
    fc.record({ key: fc.oneof(fc.constantFrom('status', ''), leaf), value: tie('any') }, { requiredKeys: [] }),
    fc.record({ from: leaf, to: leaf }, { requiredKeys: [] }),
  ),
})).any;
export const searchValues = fc.dictionary(
  fc.constantFrom('page', 'size', 'sort', 'filters', 'tab', 'view', 'currencyCodes', 'bankCodes', 'statuses', 'types', 'summary', 'other'),
  value,
);

/** What zod keeps, without the keys it leaves undefined (the router drops those too). */
export const defined = (object: object) => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));
