import { describe, expect, it } from "vitest";
import { detectImageType } from "./image-type";
import { jpegStart, tinyGif, tinyPng, tinyWebp } from "./test-images";

const ascii = (text: string) => new TextEncoder().encode(text);

describe("detectImageType", () => {
  it("recognises real tiny images by their magic bytes", () => {
    expect(detectImageType(tinyPng())).toBe("image/png");
    expect(detectImageType(jpegStart)).toBe("image/jpeg");
    expect(detectImageType(tinyGif)).toBe("image/gif");
    expect(detectImageType(ascii("GIF87a\x01\x00\x01\x00"))).toBe("image/gif");
    expect(detectImageType(tinyWebp)).toBe("image/webp");
  });

  it("refuses text posing as an image, SVG, PDF and empty input", () => {
    // What a "photo.png" holding text would contain: the name plays no part.
    expect(detectImageType(ascii("definitely a png, trust me"))).toBeNull();
    expect(detectImageType(ascii('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(detectImageType(ascii('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(detectImageType(ascii("%PDF-1.7\n%âãÏÓ\n"))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });

  it("refuses truncated or look-alike signatures", () => {
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull(); // half a PNG signature
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(detectImageType(ascii("GIF88a"))).toBeNull();
    expect(detectImageType(ascii("RIFF\x00\x00\x00\x00WAVEfmt "))).toBeNull(); // a WAV file
    expect(detectImageType(ascii("RIFF\x00\x00\x00\x00WEB"))).toBeNull();
    expect(detectImageType(ascii("WEBPRIFF\x00\x00\x00\x00"))).toBeNull();
  });

  it("refuses polyglots: a signature without its format's structure, or image bytes carrying HTML or script", () => {
    const html = ascii("<html><script>alert(1)</script></html>");
    const pngSignature = tinyPng().subarray(0, 8);
    expect(detectImageType(Buffer.concat([pngSignature, html]))).toBeNull();
    expect(detectImageType(Buffer.concat([tinyPng(), html]))).toBeNull();
    expect(detectImageType(Buffer.concat([jpegStart.subarray(0, 3), html]))).toBeNull();
    expect(detectImageType(Buffer.concat([tinyGif, ascii("<script src=//evil.example></script>")]))).toBeNull();
    expect(detectImageType(Buffer.concat([ascii("GIF89a"), ascii("<!DOCTYPE html><p>hi")]))).toBeNull();
    expect(detectImageType(Buffer.concat([ascii("RIFF\x00\x00\x00\x00WEBP"), html]))).toBeNull();
    // Metadata that merely looks like markup is fine (XMP in a PNG or JPEG).
    expect(detectImageType(Buffer.concat([tinyPng(), ascii('<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/"></x:xmpmeta>')]))).toBe("image/png");
  });
});
