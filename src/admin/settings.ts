/** Owner settings kept in the store (dashboard_settings): small named values. */
import { eq } from "drizzle-orm";
import type { Store } from "../store/db";
import { dashboardSettings } from "../dashboard/schema";

export function getSetting(store: Store, key: string): string | null {
  return store.db.select().from(dashboardSettings).where(eq(dashboardSettings.key, key)).get()?.value ?? null;
}

export function setSetting(store: Store, key: string, value: string | null): void {
  store.write(() => {
    if (value === null) store.db.delete(dashboardSettings).where(eq(dashboardSettings.key, key)).run();
    else store.db.insert(dashboardSettings).values({ key, value }).onConflictDoUpdate({ target: dashboardSettings.key, set: { value } }).run();
  });
}
