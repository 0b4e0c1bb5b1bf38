/**
 * `pnpm calls [--server URL] [--json]`: every call of the contract (id, method, path, audience) and,
 * with --server, how many of them that server serves according to its /openapi.json.
 */
import { formatCalls, listCalls, servedCallIds } from '../calls-report.ts';

// A closed pipe (`| head`) ends the listing quietly.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

async function main(argv: string[]): Promise<number> {
  const asJson = argv.includes('--json');
  const serverIndex = argv.indexOf('--server');
  const server = serverIndex >= 0 ? argv[serverIndex + 1] : undefined;
  if (serverIndex >= 0 && (server === undefined || server.startsWith('--'))) {
    console.error('usage: calls [--server URL] [--json]');
    return 2;
  }
  const rows = listCalls();
  let served: Set<string> | undefined;
  if (server !== undefined) {
    const url = new URL('/openapi.json', server).toString();
    const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
    if (!res.ok) {
      console.error(`GET ${url} answered ${res.status}`);
      return 1;
    }
    served = servedCallIds(await res.json());
  }
  const base = server?.replace(/\/$/, '');
  if (asJson) {
    const calls = rows.map((r) => (served ? { ...r, served: served.has(r.id) } : r));
    console.log(JSON.stringify({ total: rows.length, ...(served ? { server: base, served: served.size } : {}), calls }, null, 2));
  } else {
    console.log(formatCalls(rows, served));
    console.log(`${rows.length} calls in the contract${served ? `; ${served.size} served by ${base}` : ''}`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
