import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { NonceTemplate } from "./nonce-template";
import { createCspNonce } from "./security";

describe("NonceTemplate", () => {
  it.each([0, 1, 3, 40])("fills %i holes with a new nonce, as is and as a valid gzip body", (holes) => {
    const stored = createCspNonce();
    const text = Buffer.from(Array.from({ length: holes }, (_, index) => `<p>part ${index} ${"é".repeat(index * 50)}</p><script nonce="${stored}">${index}</script>`).join("") + "<footer>end</footer>");
    const template = new NonceTemplate(text, stored);
    for (let round = 0; round < 3; round++) {
      const nonce = createCspNonce();
      const expected = text.toString().replaceAll(stored, nonce);
      const plain = template.fill(nonce);
      expect(plain.toString()).toBe(expected);
      expect(plain.length).toBe(template.length);
      const gzip = template.fillGzip(nonce);
      expect(gzip.length).toBe(template.gzipLength);
      // gunzip verifies the trailer's CRC-32 and length.
      expect(gunzipSync(gzip).toString()).toBe(expected);
    }
  });

  it("refuses a nonce of another length", () => {
    const template = new NonceTemplate(Buffer.from('<script nonce="abc">1</script>'), "abc");
    expect(() => template.fill("abcd")).toThrow();
  });
});
