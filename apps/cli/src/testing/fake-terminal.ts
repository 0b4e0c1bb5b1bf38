import type { Terminal } from '../command-context.ts';

export interface FakeTerminal extends Terminal {
  out(): string;
  err(): string;
  stdinReads: number;
}

function text(chunks: Array<string | Uint8Array>): string {
  return chunks.map((c) => (typeof c === 'string' ? c : Buffer.from(c).toString('utf8'))).join('');
}

/** Captures what a command prints; stdin is a fixed text. */
export function fakeTerminal(options: { tty?: boolean; stdinTTY?: boolean; stdin?: string } = {}): FakeTerminal {
  const out: Array<string | Uint8Array> = [];
  const err: Array<string | Uint8Array> = [];
  const terminal: FakeTerminal = {
    stdout: (chunk) => out.push(chunk),
    stderr: (chunk) => err.push(chunk),
    stdoutIsTTY: options.tty ?? false,
    stdinIsTTY: options.stdinTTY ?? options.tty ?? false,
    stdinReads: 0,
    readStdin: async () => {
      terminal.stdinReads += 1;
      return options.stdin ?? '';
    },
    out: () => text(out),
    err: () => text(err),
  };
  return terminal;
}
