/** A chunk of CSV text and the lines it ends. */
export interface CsvChunk {
  text: Buffer;
  lines: number;
}

/**
 * COPY's CSV with CRLF line ends and the lines each chunk ends. A line end inside a quoted cell (a description
 * of several lines) is the cell's own and is kept as it is, as `formats/csv.ts` keeps it.
 */
export class CrlfLines {
  /** Whether the text so far ends inside a quoted cell. */
  private quoted = false;

  convert(chunk: Buffer): CsvChunk {
    // latin1 maps each byte to one character and back: UTF-8 text passes through untouched.
    const text = chunk.toString('latin1');
    if (!this.quoted && !text.includes('"')) {
      // No quoted cell in the chunk (the common case): every LF ends a line, and each adds one character.
      const out = text.replaceAll('\n', '\r\n');
      return { text: Buffer.from(out, 'latin1'), lines: out.length - text.length };
    }
    let out = '';
    let cut = 0;
    let at = 0;
    let lines = 0;
    let quote = this.quoted ? -1 : text.indexOf('"');
    while (at < text.length) {
      if (this.quoted) {
        // A doubled quote inside a cell closes and opens it again: the state comes out right.
        const end = text.indexOf('"', at);
        if (end < 0) break;
        this.quoted = false;
        at = end + 1;
        quote = text.indexOf('"', at);
        continue;
      }
      const nl = text.indexOf('\n', at);
      if (quote >= 0 && (nl < 0 || quote < nl)) {
        this.quoted = true;
        at = quote + 1;
        continue;
      }
      if (nl < 0) break;
      out += text.slice(cut, nl) + '\r\n';
      cut = at = nl + 1;
      lines += 1;
    }
    out += text.slice(cut);
    return { text: Buffer.from(out, 'latin1'), lines };
  }
}
