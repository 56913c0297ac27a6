// The game id of a /game/[id] address, or null when it is not one.
export function parseGameId(raw: string): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
}
