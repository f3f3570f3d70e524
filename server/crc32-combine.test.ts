import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { crc32Combine, crc32Shift } from "./crc32-combine";

const bytes = (length: number, seed: number) => Buffer.from(Array.from({ length }, (_, index) => (index * seed + 7) & 255));

describe("crc32Combine", () => {
  it.each([
    [0, 0],
    [1, 24],
    [28_000, 24],
    [24, 28_000],
    [5, 100_000],
    [70_000, 3],
  ])("gives zlib's CRC-32 of %i bytes followed by %i bytes", (firstLength, secondLength) => {
    const first = bytes(firstLength, 31);
    const second = bytes(secondLength, 13);
    expect(crc32Combine(crc32(first), crc32(second), crc32Shift(second.length))).toBe(crc32(Buffer.concat([first, second])));
  });
});
