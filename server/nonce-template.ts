import { constants, crc32, deflateRawSync } from "node:zlib";
import { crc32Shift, multiplyModP } from "./crc32-combine";

/**
 * A cached page's bytes with holes where its CSP nonce goes, ready to be sent with a fresh nonce
 * for the cost of one copy: as is, and gzipped. The gzip copy deflates the text between the holes
 * once (each piece flushed to a byte boundary) and stores every hole as an uncompressed deflate
 * block, so a new nonce goes into the compressed stream as it is; the trailer's CRC-32 is worked out
 * from the nonce's alone. Browsers read it as any other gzip body. Nonces are base64 (ASCII): each
 * character is one byte.
 */
export class NonceTemplate {
  readonly length: number;
  readonly gzipLength: number;
  private readonly text: Buffer;
  private readonly holeLength: number;
  /** Where each nonce starts in `text`. */
  private readonly textHoles: number[];
  private readonly gzip: Buffer;
  /** Where each nonce starts in `gzip`. */
  private readonly gzipHoles: number[];
  /*
   * The text's CRC-32 for any nonce in one multiplication (CRC-32 is affine, crc32-combine.ts):
   * crc(text with nonce n) = crc(text with zero bytes in the holes) ^ (crc(n) ^ crc(zero bytes))
   * moved past what follows each hole, and the moves of all holes add up (XOR) to one factor.
   */
  private readonly zeroFilledCrc: number;
  private readonly zeroNonceCrc: number;
  private readonly nonceShift: number;

  constructor(text: Buffer, nonce: string) {
    this.text = text;
    this.length = text.length;
    this.holeLength = Buffer.byteLength(nonce);
    this.textHoles = findAll(text, Buffer.from(nonce));
    ({ bytes: this.gzip, holes: this.gzipHoles } = gzipWithHoles(text, this.textHoles, this.holeLength));
    this.gzipLength = this.gzip.length;
    const zeroFilled = Buffer.from(text);
    for (const offset of this.textHoles) zeroFilled.fill(0, offset, offset + this.holeLength);
    this.zeroFilledCrc = crc32(zeroFilled) | 0;
    this.zeroNonceCrc = crc32(Buffer.alloc(this.holeLength)) | 0;
    this.nonceShift = this.textHoles.reduce((shift, offset) => shift ^ crc32Shift(text.length - offset - this.holeLength), 0);
  }

  /** The text with `nonce` in every hole. */
  fill(nonce: string): Buffer {
    this.assertFits(nonce);
    return fillHoles(this.text, this.textHoles, nonce);
  }

  /** The gzip body of `fill(nonce)`: the stored compressed bytes with the nonce in their holes and this text's CRC-32. */
  fillGzip(nonce: string): Buffer {
    this.assertFits(nonce);
    const gzip = fillHoles(this.gzip, this.gzipHoles, nonce);
    gzip.writeInt32LE(this.zeroFilledCrc ^ multiplyModP(this.nonceShift, crc32(nonce) ^ this.zeroNonceCrc), gzip.length - 8);
    return gzip;
  }

  private assertFits(nonce: string) {
    // Holes have the stored nonce's length; every nonce is the base64 of the same number of bytes.
    if (nonce.length !== this.holeLength) throw new Error(`a nonce of ${nonce.length} characters cannot fill holes of ${this.holeLength}`);
  }
}

/*
 * One copy of the stored bytes per response: measured, a single buffer leaves the server faster
 * than writing the stored pieces around the nonces one by one (a page carries ~16 nonces, and each
 * write through Node's HTTP response costs more than copying 28 kB). Response buffers are cut from
 * a 1 MB slab, as Node's own pool does for small buffers: a region is never handed out twice (a full
 * slab is replaced, the old one lives until its last response is gone), and allocating a buffer per
 * response cost more than the copy.
 */
const slabSize = 1 << 20;
let slab = Buffer.allocUnsafeSlow(slabSize);
let slabUsed = 0;

function takeBuffer(size: number): Buffer {
  if (size > slabSize / 8) return Buffer.allocUnsafeSlow(size);
  if (slabUsed + size > slabSize) {
    slab = Buffer.allocUnsafeSlow(slabSize);
    slabUsed = 0;
  }
  const taken = slab.subarray(slabUsed, slabUsed + size);
  slabUsed += (size + 7) & ~7;
  return taken;
}

function fillHoles(template: Buffer, holes: number[], nonce: string): Buffer {
  const filled = takeBuffer(template.length);
  template.copy(filled);
  const nonceLength = nonce.length;
  for (const offset of holes) {
    for (let index = 0; index < nonceLength; index++) filled[offset + index] = nonce.charCodeAt(index);
  }
  return filled;
}

function findAll(haystack: Buffer, needle: Buffer): number[] {
  const offsets: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) offsets.push(at);
  return offsets;
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0x02, 0xff]); // deflate, no name, no mtime, max compression
const finalEmptyBlock = Buffer.from([0x03, 0x00]); // BFINAL=1, fixed Huffman, end-of-block

function gzipWithHoles(text: Buffer, holes: number[], holeLength: number): { bytes: Buffer; holes: number[] } {
  const parts: Buffer[] = [gzipHeader];
  let size = gzipHeader.length;
  const gzipHoles: number[] = [];
  const add = (part: Buffer) => {
    parts.push(part);
    size += part.length;
  };
  let textStart = 0;
  for (const offset of holes) {
    add(deflatePiece(text.subarray(textStart, offset)));
    // A stored block: header byte (not final, type 00, padded), LEN and its one's complement, then the bytes.
    add(Buffer.from([0x00, holeLength & 0xff, holeLength >> 8, ~holeLength & 0xff, (~holeLength >> 8) & 0xff]));
    gzipHoles.push(size);
    add(text.subarray(offset, offset + holeLength));
    textStart = offset + holeLength;
  }
  add(deflatePiece(text.subarray(textStart)));
  add(finalEmptyBlock);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(text) >>> 0, 0);
  trailer.writeUInt32LE(text.length % 2 ** 32, 4);
  add(trailer);
  return { bytes: Buffer.concat(parts, size), holes: gzipHoles };
}

/** Deflate blocks that end byte-aligned and not final, so more blocks may follow. */
function deflatePiece(piece: Buffer): Buffer {
  return deflateRawSync(piece, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
}
