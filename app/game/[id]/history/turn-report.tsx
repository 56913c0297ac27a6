// One resolved turn in words (RULES.md Appendix A report): orders and their outcomes, AA fire,
// meetings and head-ons, battles round by round, raids, captures, credits, purchases, treasuries.
import { NATIONS, type Nation, type Team } from "../../../../server/rulesets/1942/engine/types";
import { countsText, orderText, type OrderLike } from "../../../components/format";
import { BattleReportView } from "../battle-rounds";
import { slug, type HistoryPhase } from "../game-types";
import styles from "./history.module.css";

type Report = NonNullable<HistoryPhase["report"]>;
type OrderReport = Report["orders"][number];
type Placement = NonNullable<Report["placements"]>[number];

const STATUS_WORDS: Record<OrderReport["status"], string> = {
  completed: "completed",
  stopped: "stopped",
  bounced: "bounced",
  destroyed: "destroyed",
  invalid: "invalid",
};

function outcomeText(o: OrderReport, purchase: Report["purchases"][number] | undefined, placement: Placement | undefined): string {
  switch (o.status) {
    case "completed": {
      if (purchase) {
        if (!placement) return `bought for ${purchase.cost}`;
        return placement.placed
          ? `bought for ${purchase.cost}; placed in ${placement.at}`
          : `bought for ${purchase.cost}; forfeited${placement.reason ? `: ${placement.reason}` : ""}`;
      }
      let text = `arrived in ${o.endedAt}`;
      if (o.unloaded === true) text += "; cargo unloaded";
      if (o.unloaded === false) text += `; ${o.unloadReason ?? o.reason ?? "cargo stayed aboard"}`;
      return text;
    }
    // The engine's reasons are whole sentences that name the place.
    case "stopped":
      return o.reason ?? `stopped in ${o.endedAt}`;
    case "bounced":
      return o.reason ?? `bounced, stayed in ${o.endedAt}`;
    case "destroyed":
      return o.reason ?? `every aircraft shot down (last over ${o.endedAt})`;
    case "invalid":
      return `${o.reason ?? `refused${o.rule ? ` by ${o.rule}` : ""}`}; its units held`;
  }
}

function strongest(forces: { team: Team; value: number }[] | undefined): string {
  const best = [...(forces ?? [])].sort((x, y) => y.value - x.value)[0];
  return best ? `the ${best.team} force` : "the greater force";
}

export function TurnReport({ report, orders }: { report: Report; orders: Partial<Record<Nation, OrderLike[]>> }) {
  const outcome = (nation: Nation, id: string) => report.orders.find((o) => o.nation === nation && o.id === id);
  // Empty parts of the report are named in one line instead of a heading each.
  const quiet = [
    report.aa.length === 0 && "no AA fire",
    report.conflicts.length === 0 && "no meetings or head-ons",
    report.battles.length === 0 && "no battles",
    report.raids.length === 0 && "no raids",
    report.captures.length === 0 && "no captures",
    report.purchases.length === 0 && "nothing bought",
  ].filter((x): x is string => typeof x === "string");
  return (
    <div className={styles.report}>
      <h3>Orders</h3>
      {NATIONS.map((nation) => {
        const list = orders[nation] ?? [];
        return (
          <div key={nation} className="report-nation">
            <h4>{nation}</h4>
            {list.length === 0 ? (
              <p className="muted small">No orders: every unit held.</p>
            ) : (
              <ul className={styles.outcomes}>
                {list.map((o) => {
                  const r = outcome(nation, o.id);
                  const purchase = report.purchases.find((p) => p.nation === nation && p.id === o.id);
                  const placement = report.placements?.find((p) => p.nation === nation && p.id === o.id);
                  return (
                    <li key={o.id} data-testid={`outcome-${slug(nation)}-${o.id}`} className={`${styles.outcome} outcome-${r?.status ?? "unknown"}`}>
                      <span className="order-desc">
                        <code>{o.id}</code> {orderText(o)}
                      </span>{" "}
                      {r ? (
                        <>
                          <span className={`tag tag-${r.status}`}>{STATUS_WORDS[r.status]}</span> <span className="small">{outcomeText(r, purchase, placement)}</span>
                        </>
                      ) : (
                        <span className="muted small">no outcome recorded</span>
                      )}
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        );
      })}

      {report.aa.length > 0 ? (
        <>
          <h3>AA fire</h3>
        <ul className="small">
          {report.aa.map((a, i) => (
            <li key={i}>
              AA in <strong>{a.territory}</strong> fired at {a.nation}&rsquo;s order <code>{a.order}</code>: {a.shots} {a.shots === 1 ? "shot" : "shots"},{" "}
              {a.hits} {a.hits === 1 ? "hit" : "hits"}
              {a.hits > 0 ? ` — lost ${countsText(a.lost)}` : ""}
              {a.fire.dice ? <span className="muted"> (rolls {a.fire.dice.map((d) => d.roll).join(", ")})</span> : null}
            </li>
          ))}
        </ul>
        </>
      ) : null}

      {report.conflicts.length > 0 ? (
        <>
          <h3>Meetings and head-ons</h3>
        <ul className="small">
          {report.conflicts.map((c, i) =>
            c.kind === "meeting" ? (
              <li key={i}>
                <strong>Meeting in {c.territory}</strong> ({c.pass} pass, step {c.step}): {c.orders.length === 1 ? "order" : "orders"}{" "}
                {c.orders.map((id) => `“${id}”`).join(", ")} met hostile units there; a battle follows ({c.rule}).
              </li>
            ) : (
              <li key={i}>
                <strong>
                  Head-on between {c.edge?.[0]} and {c.edge?.[1]}
                </strong>{" "}
                ({c.pass} pass, step {c.step}):{" "}
                {(c.forces ?? []).map((f) => `${f.team} from ${f.from} to ${f.to} (value ${f.value})`).join(" against ")} —{" "}
                {c.result === "bounced"
                  ? "equal values: both forces bounced and stayed where they were"
                  : `${strongest(c.forces)} advanced; the other force stayed in ${c.territory}`}{" "}
                ({c.rule}).
              </li>
            ),
          )}
        </ul>
        </>
      ) : null}

      {report.battles.length > 0 ? (
        <>
          <h3>Battles</h3>
          {report.battles.map((b, i) => (
            <BattleReportView key={i} battle={b} />
          ))}
        </>
      ) : null}

      {report.raids.length > 0 ? (
        <>
          <h3>Industrial raids</h3>
        <ul className="small">
          {report.raids.map((r, i) => (
            <li key={i}>
              Raid on <strong>{r.territory}</strong> by order{r.raiders.length === 1 ? "" : "s"} {r.raiders.join(", ")}: rolls {r.rolls.join(", ") || "none"} —{" "}
              {r.nation} lost {r.damage} {r.damage === 1 ? "credit" : "credits"}
              {r.reason ? ` (${r.reason})` : ""}
            </li>
          ))}
        </ul>
        </>
      ) : null}

      {report.captures.length > 0 ? (
        <>
          <h3>Captures</h3>
        <ul className="small">
          {report.captures.map((c, i) => (
            <li key={i}>
              <strong>{c.territory}</strong>: {c.from} → {c.to} ({c.liberated ? "liberated" : c.when === "blitz" ? "taken by blitz" : c.when === "battle" ? "won in battle" : "taken by moving in"}, {c.rule})
            </li>
          ))}
        </ul>
        </>
      ) : null}

      {report.transfers.length > 0 ? (
        <>
          <h3>Credits taken with capitals</h3>
          <ul className="small">
            {report.transfers.map((t, i) => (
              <li key={i}>
                {t.to} took {t.from}&rsquo;s capital {t.capital} and its {t.credits} credits ({t.rule})
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {report.purchases.length > 0 ? (
        <>
          <h3>Purchases</h3>
        <ul className="small">
          {report.purchases.map((p) => (
            <li key={`${p.nation}-${p.id}`}>
              {p.nation}: {countsText({ [p.type]: p.count })} for {p.destination}
              {p.from ? ` (built at ${p.from})` : ""}, cost {p.cost}
            </li>
          ))}
        </ul>
        </>
      ) : null}

      {quiet.length > 0 ? (
        <p className="muted small" data-testid="report-quiet">
          Nothing else happened: {quiet.join(", ")}.
        </p>
      ) : null}

      {report.landings && report.landings.length > 0 ? (
        <>
          <h3>Air units landing</h3>
          <ul className="small" data-testid="landings">
            {report.landings.map((l, i) => (
              <li key={i}>
                {l.nation}: {countsText({ [l.type]: l.count })} in {l.from}{" "}
                {l.scuttled ? <strong>lost: no safe place in reach</strong> : l.to === l.from ? "stayed" : <>landed in {l.to}</>}{" "}
                {l.rule === "R7.1" ? "as its player chose (R7.1)" : "by the default landing (R7.4)"}
              </li>
            ))}
            {(report.landingsRefused ?? []).map((r, i) => (
              <li key={`refused-${i}`}>
                {r.nation}: the landing of {countsText({ [r.order.type]: r.order.count })} from {r.order.from} in {r.order.to} was refused — {r.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {report.aaMoves && report.aaMoves.length > 0 ? (
        <>
          <h3>AA guns moved</h3>
          <ul className="small" data-testid="aa-moves">
            {report.aaMoves.map((m, i) => (
              <li key={i}>
                {m.nation}: {countsText({ aaGun: m.count })} from {m.from} to {m.to} (R7.2)
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {report.placements && report.placements.length > 0 ? (
        <>
          <h3>New units</h3>
          <ul className="small">
            {report.placements.map((p) => (
              <li key={`${p.nation}-${p.id}`}>
                {p.nation}: {countsText({ [p.type]: p.count })} {p.placed ? `placed in ${p.at}` : <strong>forfeited</strong>}
                {!p.placed && p.reason ? ` — ${p.reason}` : ""}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <h3>Credits</h3>
      <div className="table-wrap">
        <table className="table compact" data-testid="treasury-after">
          <thead>
            <tr>
              <th scope="col">Nation</th>
              {report.income ? <th scope="col">Income (R8.4)</th> : null}
              <th scope="col">Treasury after the turn</th>
            </tr>
          </thead>
          <tbody>
            {NATIONS.map((n) => (
              <tr key={n}>
                <th scope="row">{n}</th>
                {report.income ? <td>{report.income[n] ?? 0}</td> : null}
                <td>{report.treasury[n]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {report.victory ? (
        <p className={report.victory.winner ? "note" : "muted small"} data-testid="victory">
          {report.victory.winner ? <strong>The {report.victory.winner} win the war. </strong> : null}
          {report.victory.reason}
        </p>
      ) : null}
    </div>
  );
}
