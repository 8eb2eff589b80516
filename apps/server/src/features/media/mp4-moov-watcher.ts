/** The largest `moov` kept while an MP4 streams by: an hour of AAC is indexed in well under this. */
export const MOOV_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Follows an MP4's top-level boxes as its bytes stream by (no seek, no second read of the file) and
 * keeps its `moov` box. A phone's recorder writes `moov`, which names the tracks, after the media
 * data: past the head uploadTypeOf reads, so an audio-only recording would be taken for a video.
 */
export class Mp4MoovWatcher {
  /** Bytes observed so far. */
  #seen = 0;
  /** Where the next top-level box starts. */
  #next = 0;
  /** The bytes from #next on, when a box header spans two chunks. */
  #carry: Buffer = Buffer.alloc(0);
  #moovParts: Buffer[] | null = null;
  #moovEnd = 0;
  #moov: Buffer | null = null;
  #done = false;

  observe(chunk: Buffer): void {
    if (this.#done) return;
    let view = chunk;
    let viewStart = this.#seen;
    if (this.#carry.length > 0) {
      view = Buffer.concat([this.#carry, chunk]);
      viewStart = this.#next;
      this.#carry = Buffer.alloc(0);
    }
    this.#seen += chunk.length;
    let at = 0;
    while (!this.#done && at < view.length) {
      const position = viewStart + at;
      if (this.#moovParts) {
        const take = Math.min(view.length - at, this.#moovEnd - position);
        this.#moovParts.push(Buffer.from(view.subarray(at, at + take)));
        at += take;
        if (position + take === this.#moovEnd) {
          this.#moov = Buffer.concat(this.#moovParts);
          this.#moovParts = null;
          this.#done = true;
        }
      } else if (position < this.#next) {
        at += Math.min(view.length - at, this.#next - position);
      } else {
        at = this.#readHeader(view, at, position);
      }
    }
  }

  /** The `moov` box, once its last byte went by; null when there was none, or one too large. */
  get moov(): Buffer | null {
    return this.#moov;
  }

  /** Reads the box header at `at` (`position` in the file); where to go on in `view`. */
  #readHeader(view: Buffer, at: number, position: number): number {
    const left = view.length - at;
    const largeSize = left >= 8 && view.readUInt32BE(at) === 1;
    if (left < 8 || (largeSize && left < 16)) {
      this.#carry = Buffer.from(view.subarray(at));
      return view.length;
    }
    const headerBytes = largeSize ? 16 : 8;
    const size = largeSize ? Number(view.readBigUInt64BE(at + 8)) : view.readUInt32BE(at);
    // 0 is a box running to the end of the file (nothing after it); less than a header, a broken file.
    if (size < headerBytes || (view.toString('latin1', at + 4, at + 8) === 'moov' && size > MOOV_MAX_BYTES)) {
      this.#done = true;
      return view.length;
    }
    if (view.toString('latin1', at + 4, at + 8) === 'moov') {
      this.#moovParts = [];
      this.#moovEnd = position + size;
      return at;
    }
    this.#next = position + size;
    return at;
  }
}
