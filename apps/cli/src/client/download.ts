import { appendFile, rename, rm, stat } from 'node:fs/promises';
import type { CommandContext, LocalFiles } from '../command-context.ts';
import { CliError, NetworkError, NotSignedInError } from '../errors.ts';
import { ExitCode } from '../exit-codes.ts';
import type { SignedIn } from '../session.ts';

/** The local disk. */
const diskFiles: LocalFiles = {
  async size(path) {
    try {
      return (await stat(path)).size;
    } catch {
      return null;
    }
  },
  append: (path, chunk) => appendFile(path, chunk),
  rename: (from, to) => rename(from, to),
  remove: (path) => rm(path, { force: true }),
};

/** The exit code of a refused download, as for any call (README, "Exit codes"). */
function refusal(status: number, text: string): CliError {
  let code = `HTTP_${status}`;
  let message = text;
  try {
    const body = JSON.parse(text) as { code?: string; message?: string };
    code = body.code ?? code;
    message = body.message ?? message;
  } catch {
    // not JSON: the text as it is
  }
  const exit =
    status === 401
      ? ExitCode.notSignedIn
      : status === 403
        ? ExitCode.forbidden
        : status === 404
          ? ExitCode.notFound
          : status === 409
            ? ExitCode.conflict
            : status >= 500
              ? ExitCode.server
              : ExitCode.validation;
  if (exit === ExitCode.notSignedIn) return new NotSignedInError(`${code}: ${message}`, { status, code });
  return new CliError(`${code}: ${message}`, exit, { status, code });
}

/**
 * Streams a file of the server to `target` (`-`: stdout). A file is written to `target.part` first and
 * renamed when whole; a `.part` left by a broken download is continued with a Range request, so
 * running the same command again resumes where it stopped.
 */
export async function download(
  context: CommandContext,
  signed: SignedIn,
  path: string,
  target: string,
  onBytes: (received: number, total: number | null) => void = () => undefined,
): Promise<{ bytes: number; resumedFrom: number }> {
  const fetchFn = context.fetch ?? fetch;
  const files = context.files ?? diskFiles;
  const token = context.env['CORRIDOR_TOKEN'] ?? signed.profile.token ?? '';
  const part = `${target}.part`;
  const have = target === '-' ? 0 : ((await files.size(part)) ?? 0);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (have > 0) headers['range'] = `bytes=${have}-`;
  const url = `${signed.apiRoot}${path}`;
  let response: Response;
  try {
    response = await fetchFn(url, { headers });
  } catch (error) {
    throw new NetworkError(`${url}: ${(error as Error).message}`, { cause: error });
  }
  if (!response.ok) throw refusal(response.status, await response.text());
  // A server that sends the whole file again (200) restarts it.
  const start = response.status === 206 ? have : 0;
  if (start === 0 && have > 0) await files.remove(part);
  const length = Number(response.headers.get('content-length') ?? NaN);
  const total = Number.isFinite(length) ? start + length : null;
  let received = start;
  try {
    if (response.body) {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        if (target === '-') context.terminal.stdout(chunk);
        else await files.append(part, chunk);
        received += chunk.length;
        onBytes(received, total);
      }
    }
  } catch (error) {
    throw new NetworkError(`the download stopped at byte ${received} (${(error as Error).message}); run the same command again to resume it`, {
      cause: error,
    });
  }
  if (target !== '-') await files.rename(part, target);
  return { bytes: received, resumedFrom: start };
}
