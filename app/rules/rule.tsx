// A rule citation: the id as written in the rulebook ("R5.2a"), with the rule's text as its tooltip —
// a `title` for pointers and an accessible popover (shown on hover and keyboard focus, described by
// aria-describedby) for everyone else. Texts come from the generated rules-text.ts (no file reads).
import { useId } from "react";
import { RULES_TEXT } from "./rules-text";
import styles from "./rule.module.css";

/** "R5.2a Meeting: After a step, …" — the words the tooltip quotes. */
export function ruleQuote(id: string): string {
  const rule = RULES_TEXT[id];
  return rule ? `${id} ${rule.title}: ${rule.text}` : `${id} (not in the rulebook)`;
}

export function Rule({ id }: { id: string }) {
  const tip = useId();
  const quote = ruleQuote(id);
  return (
    <span className={styles.rule} data-rule={id}>
      <abbr title={quote} tabIndex={0} aria-describedby={tip} data-testid={`rule-${id}`}>
        {id}
      </abbr>
      <span role="tooltip" id={tip} className={styles.ruleTip}>
        {quote}
      </span>
    </span>
  );
}

/** "(R5.2a, R8.3)" after a sentence. */
export function Citations({ ids }: { ids: readonly string[] }) {
  if (ids.length === 0) return null;
  return (
    <span className="citations">
      {" ("}
      {ids.map((id, i) => (
        <span key={id}>
          {i > 0 ? ", " : ""}
          <Rule id={id} />
        </span>
      ))}
      {")"}
    </span>
  );
}
