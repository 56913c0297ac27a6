// Words for the screen: unit counts, orders, durations, API errors. Pure; used by server and client components.
import { unitName } from "../../server/rulesets/1942/engine/orders/words";
import { UNIT_TYPES, type UnitCounts, type UnitType } from "../../server/rulesets/1942/engine/types";

export { unitName };

/** "2 infantry, 1 armour" in the R2 table order; "nothing" when empty. */
export function countsText(counts: UnitCounts | undefined): string {
  const parts = UNIT_TYPES.filter((t) => (counts?.[t] ?? 0) > 0).map((t) => `${counts![t]} ${unitName(t, counts![t])}`);
  return parts.length ? parts.join(", ") : "nothing";
}

/** Same shape as the engine's orders, kept structural so both stored and draft orders fit. */
export interface OrderLike {
  id: string;
  units?: UnitCounts;
  from?: string;
  path?: string[];
  stealth?: boolean;
  load?: { from: string; units: UnitCounts; atStep: number };
  unload?: string;
  bombard?: string;
  raid?: boolean;
  type?: UnitType;
  count?: number;
  destination?: string;
}

export function isPurchaseLike(o: OrderLike): boolean {
  return o.type !== undefined && o.destination !== undefined;
}

/** A sentence's full stop, unless it already ends with one ("… Karelia S.S.R." takes no second). */
export function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Order ids in natural order: m1, m2, m10 (not m1, m10, m2). */
export function byOrderId(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true, sensitivity: "variant" }) || (a < b ? -1 : a > b ? 1 : 0);
}

/** One line per order: "2 infantry: Germany → East Europe" or "Buy 3 infantry at Germany". */
export function orderText(o: OrderLike): string {
  if (isPurchaseLike(o)) {
    const at = o.from ? `${o.destination} (built at ${o.from})` : o.destination;
    return `Buy ${o.count} ${unitName(o.type!, o.count)} at ${at}`;
  }
  const path = o.path ?? [];
  let text = `${countsText(o.units)}: ${[o.from, ...path].join(" → ")}`;
  if (path.length === 0) text += " (stays)";
  const extras: string[] = [];
  if (o.stealth) extras.push("stealth");
  if (o.raid) extras.push("raid");
  if (o.load) extras.push(`load ${countsText(o.load.units)} from ${o.load.from} ${o.load.atStep === 0 ? "before moving" : `after step ${o.load.atStep}`}`);
  if (o.unload) extras.push(`unload into ${o.unload}`);
  if (o.bombard) extras.push(`bombard ${o.bombard}`);
  if (extras.length) text += ` — ${extras.join("; ")}`;
  return text;
}

/** "2 h 13 min left", "45 s left", or "deadline passed". */
export function timeLeft(ms: number): string {
  if (ms <= 0) return "deadline passed";
  const totalMin = Math.floor(ms / 60_000);
  const days = Math.floor(totalMin / 1440);
  const hours = Math.floor((totalMin % 1440) / 60);
  const min = totalMin % 60;
  if (days > 0) return `${days} d ${hours} h left`;
  if (hours > 0) return `${hours} h ${min} min left`;
  if (min > 0) return `${min} min left`;
  return `${Math.floor(ms / 1000)} s left`;
}

/** "a3f9c2…41d0" for a long hex hash. */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-4)}` : hash;
}

interface ErrorShape {
  message?: string;
  data?: { zod?: { formErrors?: string[]; fieldErrors?: Record<string, string[] | undefined> } | null } | null;
}

/** Input field names as the forms label them. */
const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  nations: "Nations",
  robots: "Robots",
  ordersHours: "Orders deadline (hours)",
  decisionHours: "Decision deadline (hours)",
  orders: "Orders",
};

/** A tRPC error in words: zod's messages when the input was refused, else the server's message. */
export function errorText(error: unknown): string {
  if (!error) return "";
  const e = error as ErrorShape;
  const zod = e.data?.zod;
  if (zod) {
    const msgs = [
      ...(zod.formErrors ?? []),
      ...Object.entries(zod.fieldErrors ?? {}).flatMap(([field, list]) => (list ?? []).map((m) => `${FIELD_LABELS[field] ?? field}: ${m}`)),
    ];
    if (msgs.length) return msgs.join(". ");
  }
  const msg = e.message ?? String(error);
  // tRPC puts zod's raw issue list in the message when the formatter had nothing better.
  if (msg.startsWith("[")) {
    try {
      const issues = JSON.parse(msg) as { message?: string; path?: (string | number)[] }[];
      return issues.map((i) => (i.path?.length ? `${i.path.join(".")}: ${i.message}` : i.message)).join(". ");
    } catch {
      // not JSON after all
    }
  }
  if (msg === "Failed to fetch") return "The server could not be reached. Check your connection and try again.";
  return msg;
}
