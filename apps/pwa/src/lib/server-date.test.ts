import { describe, expect, it } from 'vitest';
import { createServerDateRecorder } from './server-date.ts';

describe('server Date header recorder', () => {
  it("keeps the latest answer's Date header, and the previous one when an answer has none", async () => {
    const recorder = createServerDateRecorder();
    const answers = [
      new Response('{}', { headers: { date: 'Mon, 23 Nov 2026 10:05:00 GMT' } }),
      new Response('{}'),
      new Response('{}', { headers: { date: 'Mon, 23 Nov 2026 10:05:07 GMT' } }),
    ];
    const fetchFn = recorder.wrap(async () => answers.shift()!);
    expect(recorder.latest()).toBeNull();
    const first = await fetchFn('/x');
    expect(first.headers.get('date')).toBe('Mon, 23 Nov 2026 10:05:00 GMT');
    expect(recorder.latest()).toBe('Mon, 23 Nov 2026 10:05:00 GMT');
    await fetchFn('/x');
    expect(recorder.latest()).toBe('Mon, 23 Nov 2026 10:05:00 GMT');
    await fetchFn('/x');
    expect(recorder.latest()).toBe('Mon, 23 Nov 2026 10:05:07 GMT');
  });
});
