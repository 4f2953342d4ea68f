import { describe, expect, test } from "bun:test";
import { charsetOf, decodeText } from "../../src/engine/ingest/decode";
import { docsFromFile } from "../../src/engine/ingest/formats";

const latin1 = new Uint8Array([...Buffer.from("Caf", "latin1"), 0xe9, ...Buffer.from(" au lait costs ", "latin1"), 0x80, ...Buffer.from("4.", "latin1")]);

describe("decodeText", () => {
  test("UTF-8 stays UTF-8, its byte-order mark dropped", () => {
    expect(decodeText(new TextEncoder().encode("Café ☕"))).toBe("Café ☕");
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Café")]))).toBe("Café");
  });
  test("bytes that are not UTF-8 are read as Windows-1252, not garbled", () => {
    expect(decodeText(latin1)).toBe("Café au lait costs €4.");
  });
  test("UTF-16 with and without a byte-order mark", () => {
    const le = Buffer.from("Opening hours: 9 to 5", "utf16le");
    expect(decodeText(new Uint8Array([0xff, 0xfe, ...le]))).toBe("Opening hours: 9 to 5");
    expect(decodeText(new Uint8Array(le))).toBe("Opening hours: 9 to 5");
    const be = new Uint8Array(le.length);
    for (let i = 0; i < le.length; i += 2) [be[i], be[i + 1]] = [le[i + 1], le[i]];
    expect(decodeText(new Uint8Array([0xfe, 0xff, ...be]))).toBe("Opening hours: 9 to 5");
  });
  test("a declared charset is honoured: a header's, or an HTML page's <meta>", () => {
    expect(charsetOf("text/html; charset=ISO-8859-1")).toBe("iso-8859-1");
    expect(charsetOf("text/html")).toBeUndefined();
    expect(decodeText(latin1, { declared: "iso-8859-1" })).toBe("Café au lait costs €4.");
    const page = new Uint8Array([...Buffer.from('<html><head><meta charset="koi8-r"></head><body>', "latin1"), 0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]);
    expect(decodeText(page, { html: true })).toContain("Привет");
    expect(decodeText(new TextEncoder().encode("plain ascii"), { declared: "no-such-charset" })).toBe("plain ascii");
  });
});

describe("text files in other encodings", () => {
  test("a Latin-1 .txt file is stored as the text it holds", async () => {
    const [doc] = await docsFromFile("menu.txt", latin1);
    expect(doc.passages.map((p) => p.body).join(" ")).toBe("Café au lait costs €4.");
  });
  test("a binary file with a text name is refused in words", async () => {
    await expect(docsFromFile("photo.txt", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]))).rejects.toThrow("photo.txt is not a text file (it holds binary data)");
  });
});
