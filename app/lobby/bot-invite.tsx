// Invite a bot into one open seat of a new 1942 challenge (issue 23): the seat waits for that bot
// account, which joins through the public API. The server finds the bot by its display name or its
// profile link (server/services/bots.ts) and refuses an account not marked as a bot.
import { NATIONS, type Nation } from "../../server/rulesets/1942/engine/types";
import type { SeatChoice } from "./seat-choices";
import styles from "./lobby.module.css";

export interface BotChoice {
  /** "" while no seat is chosen. */
  nation: Nation | "";
  /** The bot's display name or profile link (…/player/ID). */
  player: string;
}

export const noBot: BotChoice = { nation: "", player: "" };

/** The challenge's `bots` (none when neither a seat nor a bot is named), or what is missing. */
export function botInvites(bot: BotChoice, seats: Record<Nation, SeatChoice>): { nation: Nation; player: string }[] | string {
  const nation = bot.nation && seats[bot.nation] === "open" ? bot.nation : "";
  const player = bot.player.trim();
  if (!nation && !player) return [];
  if (!nation) return "Choose the open seat the bot is invited into.";
  if (!player) return `Name the bot invited into ${nation}: its display name or its profile link.`;
  return [{ nation, player }];
}

export function BotInvite({ seats, value, onChange }: { seats: Record<Nation, SeatChoice>; value: BotChoice; onChange: (bot: BotChoice) => void }) {
  // Only an open seat can wait for a bot.
  const open = NATIONS.filter((n) => seats[n] === "open");
  const nation = value.nation && open.includes(value.nation) ? value.nation : "";
  return (
    <fieldset className={styles.options}>
      <legend>Invite a bot (optional)</legend>
      <div className="form-row">
        <div>
          <label htmlFor="bot-nation">Open seat</label>
          <select id="bot-nation" value={nation} onChange={(e) => onChange({ ...value, nation: e.target.value as Nation | "" })} data-testid="bot-nation">
            <option value="">{open.length > 0 ? "no bot" : "no open seat"}</option>
            {open.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="bot-player">Bot account</label>
          <input
            id="bot-player"
            type="text"
            maxLength={80}
            value={value.player}
            onChange={(e) => onChange({ ...value, player: e.target.value })}
            placeholder="display name or profile link"
            data-testid="bot-player"
          />
        </div>
      </div>
      <p className="muted small">The seat waits for that bot, which joins through the API. Only an account its owner marked as a bot can be invited.</p>
    </fieldset>
  );
}
