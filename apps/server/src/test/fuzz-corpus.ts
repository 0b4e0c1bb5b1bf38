/**
 * Malformed input of every kind a client (or an attacker) can send, for the fuzz test of the write
 * calls. Each entry has a label so a failure names what was sent.
 */

export interface Labelled<T> {
  label: string;
  value: T;
}

const nested = (depth: number): unknown => {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
};

/** Values put in place of one body field (or one form field). */
export const fieldValues: Array<Labelled<unknown>> = [
  { label: 'NUL alone', value: '\u0000' },
  { label: 'NUL inside', value: 'ab\u0000cd' },
  { label: 'bell control character', value: 'ab\u0007cd' },
  { label: 'escape and DEL', value: '\u001b[31m\u007f' },
  { label: '5,000 characters', value: 'x'.repeat(5_000) },
  { label: '200,000 characters', value: 'y'.repeat(200_000) },
  { label: 'number for a string', value: 123456 },
  { label: 'huge number', value: 1e308 },
  { label: 'negative zero number', value: -0 },
  { label: 'exponent amount', value: '1e400' },
  { label: 'negative zero string', value: '-0' },
  { label: 'too many integer digits', value: '99999999999999999999999.5' },
  { label: 'seventeen integer digits', value: '12345678901234567' },
  { label: 'more decimals than any currency', value: '1.1234567891234' },
  { label: 'thirty decimals', value: `0.${'1'.repeat(30)}` },
  { label: 'null', value: null },
  { label: 'boolean', value: true },
  { label: 'empty array', value: [] },
  { label: 'array of NUL', value: ['\u0000'] },
  { label: 'object', value: { a: 'b' } },
  { label: 'object holding NUL', value: { a: '\u0000' } },
  { label: 'deeply nested object', value: nested(200) },
  { label: 'right-to-left override and emoji', value: '\u202e😀' },
  { label: 'lone surrogate', value: '\ud800' },
  { label: 'SQL quote', value: "' OR '1'='1" },
  { label: 'impossible date', value: '2026-02-30' },
  { label: 'year 0', value: '0000-01-01' },
  { label: 'far date', value: '275760-09-13' },
  { label: 'negative', value: '-1' },
  { label: 'NaN text', value: 'NaN' },
  { label: 'empty string', value: '' },
  { label: 'blank', value: '   ' },
];

export interface RawBody {
  label: string;
  payload: string | Buffer;
  contentType: string;
}

const deepArrays = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
const deepObjects = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;

/** Whole bodies replacing what the call expects. */
export const rawBodies: RawBody[] = [
  { label: 'invalid JSON', payload: '{"a":', contentType: 'application/json' },
  { label: 'JSON array', payload: '[]', contentType: 'application/json' },
  { label: 'JSON array of objects', payload: '[{"a":1}]', contentType: 'application/json' },
  { label: 'JSON string', payload: '"text"', contentType: 'application/json' },
  { label: 'JSON null', payload: 'null', contentType: 'application/json' },
  { label: 'JSON number', payload: '123', contentType: 'application/json' },
  { label: 'JSON huge number', payload: '1e400', contentType: 'application/json' },
  { label: 'empty JSON body', payload: '', contentType: 'application/json' },
  { label: 'text/plain body', payload: '{}', contentType: 'text/plain' },
  { label: 'XML body', payload: '<a>1</a>', contentType: 'application/xml' },
  { label: 'form body', payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
  { label: 'multipart without boundary', payload: 'x', contentType: 'multipart/form-data' },
  { label: 'JSON with a charset nobody speaks', payload: '{}', contentType: 'application/json; charset=klingon' },
  { label: '20,000 nested arrays', payload: deepArrays, contentType: 'application/json' },
  { label: '10,000 nested objects', payload: deepObjects, contentType: 'application/json' },
  { label: 'invalid UTF-8', payload: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), contentType: 'application/json' },
  { label: '__proto__ key', payload: '{"__proto__":{"polluted":true}}', contentType: 'application/json' },
  { label: 'constructor.prototype key', payload: '{"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json' },
  { label: 'NUL in a key', payload: '{"a\\u0000b":"c"}', contentType: 'application/json' },
  { label: '3 MB body', payload: `{"a":"${'z'.repeat(3 * 1024 * 1024)}"}`, contentType: 'application/json' },
];

const part = (name: string, extra = '') => `--B\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;

/** Broken uploads, for the calls that take multipart/form-data. */
export const multipartBodies: RawBody[] = [
  {
    label: 'truncated multipart',
    payload: `${part('file', '; filename="a.txt"')}Content-Type: text/plain\r\n\r\nabc`,
    contentType: 'multipart/form-data; boundary=B',
  },
  { label: 'multipart with no parts', payload: '--B--\r\n', contentType: 'multipart/form-data; boundary=B' },
  { label: 'multipart with a broken part header', payload: '--B\r\nContent-Disposition\r\n\r\nx\r\n--B--\r\n', contentType: 'multipart/form-data; boundary=B' },
  { label: 'multipart with a NUL field', payload: `${part('category')}\r\na\u0000b\r\n--B--\r\n`, contentType: 'multipart/form-data; boundary=B' },
  {
    label: 'multipart with the wrong boundary',
    payload: `${part('file', '; filename="a.txt"')}\r\nabc\r\n--B--\r\n`,
    contentType: 'multipart/form-data; boundary=C',
  },
];

/** Values of one path parameter, already encoded for the URL. */
export const pathValues: Array<Labelled<string>> = [
  { label: 'NUL', value: '%00' },
  { label: 'NUL inside', value: 'ab%00cd' },
  { label: 'control character', value: 'ab%07cd' },
  { label: '3,000 characters', value: 'p'.repeat(3_000) },
  { label: 'encoded dot-dot', value: '%2e%2e' },
  { label: 'encoded traversal', value: '..%2f..%2fetc%2fpasswd' },
  { label: 'broken percent escape', value: '%ZZ' },
  { label: 'overlong UTF-8', value: '%C0%AF' },
  { label: 'emoji', value: '%F0%9F%98%80' },
  { label: 'SQL quote', value: "'%20OR%20'1'%3D'1" },
];

/** Values of one query field, already encoded. */
export const queryValues: Array<Labelled<string>> = [
  { label: 'NUL', value: '%00' },
  { label: 'control character', value: 'a%01b' },
  { label: '5,000 characters', value: 'q'.repeat(5_000) },
  { label: 'broken percent escape', value: '%ZZ' },
  { label: 'exponent', value: '1e400' },
  { label: 'negative zero', value: '-0' },
];

/** Idempotency-Key header values a creating call must refuse (or at least not fail on). */
export const idempotencyKeys: Array<Labelled<string>> = [
  { label: '256 characters', value: 'k'.repeat(256) },
  { label: '10,000 characters', value: 'k'.repeat(10_000) },
  { label: 'control character', value: 'key\u0001one' },
  { label: 'non-ASCII', value: 'ключ-€' },
];

/** `count` distinct entries of `items`, picked by `random`. */
export function sample<T>(items: T[], count: number, random: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) {
    out.push(...pool.splice(Math.floor(random() * pool.length), 1));
  }
  return out;
}
