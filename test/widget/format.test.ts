/** Answer formatting, on a DOM from linkedom: structure is built, markup is never parsed. */
import { beforeAll, describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { formatAnswer, safeHref } from "../../assets/widget/format";

let dom: (text: string) => HTMLElement;
const render = (text: string) => dom(text).innerHTML;

beforeAll(() => {
  const { document } = parseHTML("<!doctype html><html><body></body></html>");
  (globalThis as any).document = document;
  dom = (text) => {
    const div = document.createElement("div");
    div.appendChild(formatAnswer(text));
    return div as unknown as HTMLElement;
  };
});

describe("formatAnswer", () => {
  test("paragraphs and line breaks", () => {
    expect(render("First line\nsame paragraph\n\nSecond paragraph")).toBe("<p>First line<br>same paragraph</p><p>Second paragraph</p>");
  });

  test("bulleted and numbered lists, with text around them", () => {
    expect(render("Options:\n- Standard\n* Express\n\n3. Pay\n4) Ship\nThanks")).toBe(
      '<p>Options:</p><ul><li>Standard</li><li>Express</li></ul><ol start="3"><li>Pay</li><li>Ship</li></ol><p>Thanks</p>',
    );
  });

  test("links: markdown and bare URLs become safe anchors; bold is kept", () => {
    const el = dom("See [returns](https://example.com/r) or https://example.com/faq. **Free** over $40");
    // Attribute order is the DOM implementation's business: compare the anchors separately.
    expect(el.innerHTML.replace(/<a [^>]*>/g, "<a>")).toBe("<p>See <a>returns</a> or <a>https://example.com/faq</a>. <strong>Free</strong> over $40</p>");
    const anchors = [...el.querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.getAttribute("target"), a.getAttribute("rel")]);
    expect(anchors).toEqual([
      ["https://example.com/r", "_blank", "noopener noreferrer nofollow"],
      ["https://example.com/faq", "_blank", "noopener noreferrer nofollow"],
    ]);
  });

  test("markup in an answer stays text", () => {
    const html = render('<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>');
    expect(html).toBe("<p>&lt;img src=x onerror=\"alert(1)\"&gt;&lt;script&gt;alert(2)&lt;/script&gt;&lt;a href=\"javascript:alert(3)\"&gt;x&lt;/a&gt;</p>");
  });

  test("links to anything but http(s), mailto and tel are inert text", () => {
    for (const url of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<b>x</b>", "vbscript:x", "not a url"])
      expect(render(`[click](${url})`)).not.toContain("<a");
    expect(render("[mail us](mailto:help@example.com)")).toContain('href="mailto:help@example.com"');
  });

  test("a link's URL may hold one level of balanced parentheses", () => {
    const el = dom("See [x](https://en.wikipedia.org/wiki/Foo_(bar)) and https://en.wikipedia.org/wiki/Baz_(qux).");
    expect([...el.querySelectorAll("a")].map((a) => [a.getAttribute("href"), a.textContent])).toEqual([
      ["https://en.wikipedia.org/wiki/Foo_(bar)", "x"],
      ["https://en.wikipedia.org/wiki/Baz_(qux)", "https://en.wikipedia.org/wiki/Baz_(qux)"],
    ]);
    expect(el.textContent).toBe("See x and https://en.wikipedia.org/wiki/Baz_(qux).");
  });

  test("a bare URL inside parentheses leaves the closing one out", () => {
    const el = dom("(see https://example.com/faq)");
    expect(el.querySelector("a")!.getAttribute("href")).toBe("https://example.com/faq");
    expect(el.textContent).toBe("(see https://example.com/faq)");
  });

  test("an unsafe link with parentheses in its address is its label alone, as text", () => {
    for (const url of ["javascript:alert(2)", "JAVASCRIPT:alert(document.cookie)", "data:text/html,(x)", "vbscript:msgbox(1)"]) {
      const el = dom(`[click](${url}) now`);
      expect(el.querySelector("a")).toBeNull();
      expect(el.textContent).toBe("click now");
    }
  });
});

test("safeHref", () => {
  expect(safeHref("https://example.com/a b")).toBe("https://example.com/a%20b");
  expect(safeHref("javascript:alert(1)")).toBeNull();
  expect(safeHref("//example.com")).toBeNull();
});
