// Runs once when a Next server starts. A production server without its required settings stops here
// with one line per missing setting, instead of starting and answering every page with 500.
import { productionStartProblems } from "./server/start-check";

export function register() {
  if (process.env.NODE_ENV !== "production" || process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.NEXT_RUNTIME && process.env.NEXT_RUNTIME !== "nodejs") return;
  const problems = productionStartProblems(process.env);
  if (problems.length === 0) return;
  for (const line of problems) console.error(`Lockstep cannot start: ${line}`);
  process.exit(1);
}
