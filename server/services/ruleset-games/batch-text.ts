// A batch of orders is any JSON the ruleset reads, but every text in it — keys and strings — is held to
// the text policy before the ruleset sees it or the database stores it (jsonb refuses NUL and lone
// surrogates, and names such as __proto__ would reach Object.prototype as keys).
import { ServiceError } from "../errors";
import { userTextProblem } from "../text-policy";

const RESERVED = new Set(["__proto__", "constructor", "prototype"]);
/** Deeper than any ruleset's orders need. */
const MAX_DEPTH = 12;

/** `what`: "Orders" or "A question" (a side's question to its rules, queries.ts), for the messages. */
function problemIn(value: unknown, depth: number, where: string, what = "Orders"): string | null {
  if (depth > MAX_DEPTH) return `${what} nest deeper than ${MAX_DEPTH} levels`;
  if (typeof value === "string") return userTextProblem(value, `the text at ${where}`);
  if (typeof value === "number") return Number.isFinite(value) ? null : `The number at ${where} is not finite`;
  if (value === null || typeof value === "boolean") return null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const p = problemIn(v, depth + 1, `${where}[${i}]`, what);
      if (p) return p;
    }
    return null;
  }
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (RESERVED.has(k)) return `The name ${k} is reserved and cannot be a key of ${what === "Orders" ? "orders" : "a question"}`;
      const p = userTextProblem(k, `the key at ${where}`) ?? problemIn(v, depth + 1, `${where}.${k}`, what);
      if (p) return p;
    }
    return null;
  }
  return `${what === "Orders" ? "Orders are" : `${what} is`} JSON: the value at ${where} is not`;
}

/** Throws a 400 naming the first text, key or value a batch of orders may not hold. */
export function checkBatchText(batch: unknown): void {
  const problem = problemIn(batch, 0, "orders");
  if (problem) throw new ServiceError("BAD_REQUEST", problem);
}

/** The same for a side's question to its game's rules (queries.ts): its texts reach the ruleset as a batch's do. */
export function checkQuestionText(question: unknown): void {
  const problem = problemIn(question, 0, "question", "A question");
  if (problem) throw new ServiceError("BAD_REQUEST", problem);
}
