/** Sign-in, sessions, CSRF and lockout, driven in-process through the admin app. */
import { describe, expect, test } from "bun:test";
import { dashboard, fieldError } from "./client";
import { listAccounts } from "../../src/admin/accounts";
import { resetAdminPassword } from "../../src/admin/credential";

describe("sign-in", () => {
  test("a signed-out visitor is sent to sign in, and a signed-out POST changes nothing", async () => {
    const d = dashboard();
    const c = d.client();
    const page = await c.request("/accounts?x=1");
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe("/sign-in?next=%2Faccounts%3Fx%3D1");
    const post = await c.post("/accounts", { name: "A", rpm: "5", monthly: "5" }, { csrf: "anything" });
    expect(post.status).toBe(401);
    expect(listAccounts(d.store)).toHaveLength(0);
  });

  test("the favicon a browser asks for on every page is 'no icon', not a 404 or a redirect", async () => {
    const res = await dashboard().client().request("/favicon.ico");
    expect(res.status).toBe(204);
  });

  test("the right password starts an HttpOnly, SameSite=Strict session; sign-out ends it", async () => {
    const d = dashboard();
    const c = d.client();
    const res = await c.signIn(d.password);
    expect(res.status).toBe(303);
    expect(res.location).toBe("/");
    const cookie = res.res.headers.getSetCookie().find((h) => h.startsWith("zenith_admin="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Strict");
    expect((await c.get("/accounts")).status).toBe(200);
    expect((await c.post("/sign-out")).status).toBe(303);
    expect((await c.request("/accounts")).status).toBe(303);
  });

  test("a wrong password is refused with the message beside the field", async () => {
    const d = dashboard();
    const c = d.client();
    const res = await c.signIn("not-the-password");
    expect(res.status).toBe(401);
    expect(fieldError(res.body, "password")).toBe("Wrong password.");
    expect(c.cookies.has("zenith_admin")).toBe(false);
  });

  test("sign-in without its form token is refused", async () => {
    const d = dashboard();
    const c = d.client();
    await c.get("/sign-in");
    const res = await c.post("/sign-in", { password: d.password }, { csrf: false });
    expect(res.status).toBe(403);
    expect(c.cookies.has("zenith_admin")).toBe(false);
  });

  test("after too many wrong passwords the address is locked out, even with the right one", async () => {
    const d = dashboard({ lockout: { attempts: 3, windowMs: 60_000 } });
    const c = d.client("10.1.2.3");
    for (let i = 0; i < 3; i++) expect((await c.signIn("wrong")).status).toBe(401);
    const locked = await c.signIn(d.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toContain("Too many wrong passwords");
    // Another address is not affected.
    expect((await d.client("10.9.9.9").signIn(d.password)).status).toBe(303);
  });

  test("a redirect after sign-in stays on the dashboard", async () => {
    const d = dashboard();
    const c = d.client();
    await c.get("/sign-in");
    const res = await c.post("/sign-in", { password: d.password, next: "//evil.example/x" });
    expect(res.location).toBe("/");
  });

  test("resetting the password signs every session out and only the new password works", async () => {
    const d = dashboard();
    const c = d.client();
    await c.signIn(d.password);
    const fresh = resetAdminPassword(d.store);
    expect((await c.request("/accounts")).status).toBe(303);
    expect((await d.client().signIn(d.password)).status).toBe(401);
    expect((await d.client().signIn(fresh)).status).toBe(303);
  });
});

describe("CSRF", () => {
  test("a state change without the token, or with another session's, is refused and changes nothing", async () => {
    const d = dashboard();
    const a = d.client();
    const b = d.client();
    await a.signIn(d.password);
    await b.signIn(d.password);
    await a.get("/accounts");
    await b.get("/accounts");
    expect((await a.post("/accounts", { name: "A", rpm: "5", monthly: "5" }, { csrf: false })).status).toBe(403);
    expect((await a.post("/accounts", { name: "A", rpm: "5", monthly: "5" }, { csrf: b.csrf })).status).toBe(403);
    expect(listAccounts(d.store)).toHaveLength(0);
    expect((await a.post("/accounts", { name: "A", rpm: "5", monthly: "5" })).status).toBe(303);
    expect(listAccounts(d.store)).toHaveLength(1);
  });

  test("a POST from another origin is refused even with the token", async () => {
    const d = dashboard();
    const c = d.client();
    await c.signIn(d.password);
    await c.get("/accounts");
    const res = await c.post("/accounts", { name: "A", rpm: "5", monthly: "5" }, { headers: { origin: "http://evil.example" } });
    expect(res.status).toBe(403);
    expect(listAccounts(d.store)).toHaveLength(0);
  });

  test("pages carry a strict CSP, refuse framing and are never cached", async () => {
    const d = dashboard();
    const c = d.client();
    await c.signIn(d.password);
    const { res } = await c.get("/accounts");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
