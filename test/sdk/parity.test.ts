/** The SDK's local validation and the server's agree, field by field (the SDK keeps its own copy). */
import { expect, test } from "bun:test";
import { UNSUPPORTED, validateChat } from "../../src/api/chat/validate";
import { chatRequestError } from "../../src/sdk/validate";
import { ApiError } from "../../src/errors";

const base = { model: "service-zenith", messages: [{ role: "user", content: "hi" }] };

function serverCode(body: unknown): [string, string | null] | null {
  try {
    validateChat(body, null);
    return null;
  } catch (err) {
    const e = err as ApiError;
    return [e.code, e.param];
  }
}

test.each([...UNSUPPORTED])("%s: the same refusal locally and on the server", (field) => {
  const body = { ...base, [field]: 1 };
  const local = chatRequestError(body);
  expect(local && [local.code, local.param]).toEqual(serverCode(body));
});

test.each([
  { ...base, wat: 1 },
  { ...base, stream: true },
  { ...base, model: "gpt-4o" },
  { ...base, messages: [{ role: "system", content: "x" }] },
  { ...base, messages: [{ role: "user", content: " " }] },
  { ...base, session_id: "a@b.co" },
  base,
])("body %#: same verdict", (body) => {
  const local = chatRequestError(body);
  expect(local ? [local.code, local.param] : null).toEqual(serverCode(body));
});
