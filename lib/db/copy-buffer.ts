// The bytes of one COPY … FROM STDIN, written line by line into a buffer outside the JavaScript heap. A million-row
// import would otherwise keep ten thousand line strings per slice alive until the slice is joined and sent, and the
// garbage collector would copy them from one space to the next while the parser goes on (it was a fifth of the time).
import "server-only";

export class CopyBuffer {
  private buffer: Buffer;
  private used = 0;
  lines = 0;

  constructor(bytes = 1 << 20) {
    this.buffer = Buffer.allocUnsafe(bytes);
  }

  /** Appends `line`, already in COPY's text form (copy-lines.ts copyText) and ending with a newline. */
  push(line: string): void {
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    if (this.used + line.length * 3 > this.buffer.length) this.grow(line.length * 3);
    this.used += this.buffer.write(line, this.used);
    this.lines++;
  }

  get bytes(): Buffer {
    return this.buffer.subarray(0, this.used);
  }

  private grow(atLeast: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.used + atLeast));
    this.buffer.copy(bigger, 0, 0, this.used);
    this.buffer = bigger;
  }
}
