// IP10.4: a sandbox under fog of war starts from what one side knows. The state is rebuilt from that
// side's view (IP10.2), the only road out of a state, so no hidden number can reach it; every number
// the view hides is filled with a stated assumption from the scenario's setup (IP9.4, IP9.6).
import { ORDNANCE } from "./ordnance-data";
import { HQ_BUSTERS, startingManifest } from "./scenarios";
import type { Ship, State } from "./types";
import { fogOfWar, viewState, type ShipView } from "./view";

export function knownState(state: State, side: string): State {
  const view = viewState(state, { kind: "side", side });
  if (view.viewer === "outsider") throw new Error("a side's view is never an outsider's");
  const { viewer: _viewer, ships, ordnance, bases, ...rest } = view;
  const fog = fogOfWar(view);
  // A hidden manifest: the scenario's starting loadout, fuel full, undamaged.
  const ship = ({ manifest, ...s }: ShipView): Ship => (manifest === "shown" ? (s as Ship) : { ...s, ...startingManifest(view.scenario) });
  return {
    ...rest,
    ships: ships.map(ship),
    // Hidden fuel of another side's ordnance: the full fuel its kind is launched with.
    ordnance: ordnance.map((o) => (fog && o.side !== side ? { ...o, fuel: ORDNANCE[o.kind].fuel } : o)),
    // Hidden stock of another side's base: a headquarters holds the busters it started with, other bases none.
    bases: Object.fromEntries(Object.entries(bases).map(([id, b]) => [id, fog && b.owner !== side ? { ...b, busters: b.owner ? HQ_BUSTERS : 0 } : b])),
  };
}
