// A user's notification settings: which channels, and quiet hours in their time zone.
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notificationSettings } from "../../db/schema";
import { ServiceError } from "./errors";
import { hasPushSubscription } from "./push";
import { isTimeZone } from "./quiet-hours";

export interface NotificationSettings {
  email: boolean;
  push: boolean;
  quietStart: number | null;
  quietEnd: number | null;
  timeZone: string;
  /** Press (issue 14): each message in the app, each message by push, an hourly email digest per game. */
  pressInApp: boolean;
  pressPush: boolean;
  pressEmail: boolean;
}

export const DEFAULT_SETTINGS: NotificationSettings = { email: true, push: true, quietStart: null, quietEnd: null, timeZone: "UTC", pressInApp: true, pressPush: true, pressEmail: true };

export async function settingsOf(db: Db, userId: string): Promise<NotificationSettings> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return settingsOfRow(row);
}

/** A user's settings from their row (read with something else), the defaults when they have none. */
export function settingsOfRow(row: typeof notificationSettings.$inferSelect | null | undefined): NotificationSettings {
  if (!row) return { ...DEFAULT_SETTINGS };
  return {
    email: row.email,
    push: row.push,
    quietStart: row.quietStart,
    quietEnd: row.quietEnd,
    timeZone: row.timeZone,
    pressInApp: row.pressInApp,
    pressPush: row.pressPush,
    pressEmail: row.pressEmail,
  };
}

/** The settings page: the user's own settings and whether any browser of theirs gets push. */
export async function getSettings(db: Db, userId: string) {
  return { ...(await settingsOf(db, userId)), pushSubscribed: await hasPushSubscription(db, userId) };
}

export async function saveSettings(db: Db, userId: string, input: NotificationSettings): Promise<NotificationSettings> {
  if (!isTimeZone(input.timeZone)) throw new ServiceError("BAD_REQUEST", `Unknown time zone ${input.timeZone}`);
  // Quiet hours need both ends; one alone would be ambiguous, so it means none.
  const quiet = input.quietStart !== null && input.quietEnd !== null ? { quietStart: input.quietStart, quietEnd: input.quietEnd } : { quietStart: null, quietEnd: null };
  const press = { pressInApp: input.pressInApp, pressPush: input.pressPush, pressEmail: input.pressEmail };
  const values = { email: input.email, push: input.push, timeZone: input.timeZone, ...quiet, ...press };
  await db.insert(notificationSettings).values({ userId, ...values }).onConflictDoUpdate({ target: notificationSettings.userId, set: values });
  return settingsOf(db, userId);
}
