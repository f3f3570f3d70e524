/*
 * CRC-32 arithmetic as zlib's crc32_combine does it (polynomials modulo the CRC polynomial,
 * zlib 1.2.12+), for the page cache's gzip trailers (nonce-template.ts): `zlib.crc32` over a 28 kB
 * page costs ~20 µs per response, one multiplication well under one.
 */

// Kept as signed 32-bit integers inside: V8 then stays in small-integer arithmetic (values of 2^31
// and over would be heap numbers, ~30× slower here).
const reflectedPolynomial = 0xedb88320 | 0;

/** a(x) · b(x) modulo the CRC polynomial, in zlib's reflected bit order (x^0 is the top bit). */
export function multiplyModP(a: number, b: number): number {
  let product = 0;
  for (let bit = 31; bit >= 0; bit--) {
    if ((a >>> bit) & 1) product ^= b;
    b = b & 1 ? (b >>> 1) ^ reflectedPolynomial : b >>> 1;
  }
  return product;
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const powersOfX = new Int32Array(32);
{
  let power = 0x40000000; // x^1
  powersOfX[0] = power;
  for (let k = 1; k < 32; k++) powersOfX[k] = power = multiplyModP(power, power);
}

/**
 * What to multiply the first piece's CRC by to append `length` bytes: x^(8·length) modulo the
 * polynomial. Depends only on the length, so a caller with fixed lengths computes it once.
 */
export function crc32Shift(length: number): number {
  let result = 1 << 31; // x^0
  for (let n = length, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) result = multiplyModP(powersOfX[k & 31], result);
  }
  return result;
}

/**
 * crc32(first ‖ second) from crc32(first), crc32(second) and `crc32Shift(second.length)`. The same
 * multiplication moves any CRC difference past `length` more bytes (CRC-32 is affine: the CRCs of two
 * texts of one length differ by the CRC register of their XOR), which nonce-template.ts relies on.
 */
export function crc32Combine(firstCrc: number, secondCrc: number, shiftForSecond: number): number {
  return (multiplyModP(shiftForSecond | 0, firstCrc | 0) ^ secondCrc) >>> 0;
}
