// The rulebook, as the game applies it: the turn order, the unit table (the engine's own numbers)
// and every rule of ../shared/RULES.md by id, from the generated rules-text.ts. Text only: nothing of
// the rulebook is ever inserted as HTML.
import type { Metadata } from "next";
import Link from "next/link";
import { UNIT_STATS } from "@/server/rulesets/1942/engine/units";
import { UNIT_TYPES } from "@/server/rulesets/1942/engine/types";
import styles from "./rules.module.css";
import { RULES_TEXT } from "./rules-text";

export const metadata: Metadata = { title: "Rules" };

/** R3: the phases of a turn, in order. */
const TURN_ORDER: ReadonlyArray<{ name: string; who: string; what: string; rules: string[] }> = [
  { name: "Orders", who: "all nations at once", what: "Unit orders and purchases. Save, change, lock; others see only who has locked.", rules: ["R3", "R4"] },
  { name: "Combat", who: "automatic, with battle decisions", what: "AA fire, sea movement and sea battles, then land movement, raids, bombardment and land battles.", rules: ["R5", "R6"] },
  { name: "Post-combat", who: "all nations at once", what: "Air units land; AA guns may move.", rules: ["R7"] },
  { name: "Place-new", who: "automatic", what: "Purchased units appear.", rules: ["R8.3"] },
  { name: "Income and victory", who: "automatic", what: "Income is collected; the victory check.", rules: ["R8.4", "R8.6"] },
];

/** What the unit table's numbers leave out (R2's notes column). */
const UNIT_NOTES: Partial<Record<string, string>> = {
  infantry: "+1 attack when paired 1:1 with artillery (R6.5)",
  artillery: "supports one infantry",
  armour: "may blitz (R4.5)",
  aaGun: "fires at aircraft (R5.1); never a casualty; moves only in post-combat",
  factory: "production (R8); captured with its territory",
  fighter: "may land on a carrier of its own nation (R7.1)",
  bomber: "may raid factories (R5.4)",
  transport: "carries 2 land units, at most one not infantry (R4.7)",
  submarine: "stealth (R4.4), first strike (R6.3), may submerge (R6.7); cannot hit air",
  destroyer: "cancels enemy submarines' first strike and submerge",
  carrier: "2 fighter landing places",
  battleship: "takes 2 hits; repaired after the battle; may bombard (R5.5)",
};

const dash = (n: number) => (n === 0 ? "–" : String(n));

/** Chapters ("R5") and their rules ("R5.2a"), in rulebook order (the generated module keeps it). */
function chapters() {
  const ids = Object.keys(RULES_TEXT);
  return ids.filter((id) => !id.includes(".")).map((chapter) => ({ id: chapter, rules: ids.filter((id) => id.startsWith(`${chapter}.`)) }));
}

export default function RulesPage() {
  return (
    <article className={styles.page} data-testid="rules-page">
      <h1>Rules</h1>
      <p className="lead">
        The rulebook the judge applies, rule by rule. Every turn&apos;s review cites these ids. New to the game? Start with{" "}
        <Link href="/how-to-play">how to play</Link>.
      </p>
      <nav aria-label="Chapters" className={styles.toc}>
        <a href="#turn-order">Turn order</a> · <a href="#units">Units</a>
        {chapters().map((c) => (
          <span key={c.id}>
            {" · "}
            <a href={`#${c.id}`}>
              {c.id}. {RULES_TEXT[c.id]!.title}
            </a>
          </span>
        ))}
      </nav>

      <section id="turn-order" className="card">
        <h2>Turn order</h2>
        <ol className={styles.turnOrder} data-testid="turn-order">
          {TURN_ORDER.map((step) => (
            <li key={step.name}>
              <strong>{step.name}</strong> <span className="muted">({step.who})</span> — {step.what}{" "}
              <span className="muted">
                {step.rules.map((r, i) => (
                  <span key={r}>
                    {i ? ", " : ""}
                    <a href={`#${r}`}>{r}</a>
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ol>
        <p className="muted">A phase that needs players ends when every nation has locked or its deadline passes (R3.1).</p>
      </section>

      <section id="units" className="card">
        <h2>Units</h2>
        <div className="table-wrap">
          <table className="table compact" data-testid="unit-table">
            <thead>
              <tr>
                <th scope="col">unit</th>
                <th scope="col">cost</th>
                <th scope="col">attack</th>
                <th scope="col">defence</th>
                <th scope="col">move</th>
                <th scope="col">hits</th>
                <th scope="col">medium</th>
                <th scope="col">notes</th>
              </tr>
            </thead>
            <tbody>
              {UNIT_TYPES.map((type) => {
                const u = UNIT_STATS[type];
                return (
                  <tr key={type} data-unit={type}>
                    <th scope="row">{type === "aaGun" ? "AA gun" : type}</th>
                    <td>{u.cost}</td>
                    <td>{dash(u.attack)}</td>
                    <td>{dash(u.defense)}</td>
                    <td>{u.move}</td>
                    <td>{dash(u.hits)}</td>
                    <td>{u.medium}</td>
                    <td className="muted">{UNIT_NOTES[type] ?? ""}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      {chapters().map((c) => (
        <section key={c.id} id={c.id} className="card">
          <h2>
            {c.id}. {RULES_TEXT[c.id]!.title}
          </h2>
          {RULES_TEXT[c.id]!.text !== RULES_TEXT[c.id]!.title ? <p>{RULES_TEXT[c.id]!.text}</p> : null}
          <dl>
            {c.rules.map((id) => (
              <div key={id} id={id} className={styles.rule}>
                <dt>
                  <span className={styles.ruleId}>{id}</span> {RULES_TEXT[id]!.title}
                </dt>
                <dd>{RULES_TEXT[id]!.text}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </article>
  );
}
