// npm run bot:example -- --game ID [--base URL] [--wait SECONDS]
// Plays your nations of game ID through the public API until it ends (examples/bot/bot.ts).
// The token comes from the environment, never the command line (it would show in `ps` and shell history):
//   LOCKSTEP_TOKEN=lst_... LOCKSTEP_API=https://lockstep.example.org/api/v1 npm run bot:example -- --game 42
import { parseArgs } from "node:util";
import { playGame } from "./bot";

const { values } = parseArgs({ options: { game: { type: "string" }, base: { type: "string" }, wait: { type: "string" } } });
const gameId = Number(values.game);
const token = process.env.LOCKSTEP_TOKEN;
const base = (values.base ?? process.env.LOCKSTEP_API ?? "http://localhost:3000/api/v1").replace(/\/+$/, "");
if (!Number.isInteger(gameId) || gameId < 1 || !token) {
  console.error("Usage: LOCKSTEP_TOKEN=lst_... npm run bot:example -- --game ID [--base URL] [--wait SECONDS]");
  process.exit(2);
}
playGame({ base, token, gameId, waitSeconds: values.wait ? Number(values.wait) : 25 }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
