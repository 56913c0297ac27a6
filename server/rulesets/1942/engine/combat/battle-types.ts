// R6 — the shapes of one battle: its units, the decisions it asks for, and the record it keeps.
// Types only, shared by the battle's steps and by every reader of a battle (reports, pages, tests).
import type { FireRecord } from "./fire";
import type { Candidate } from "./casualties";
import type { Nation, Team, UnitCounts, UnitType } from "../types";

export interface BattleUnit {
  id: number;
  nation: Nation;
  type: UnitType;
  team: Team;
  /** R6.1 — entered the territory by moving this turn: fires with attack, else defense. */
  attacking: boolean;
  damage: number;
  /** Land units aboard a transport: never fight, lost with it (R4.7). */
  cargo: { id: number; nation: Nation; type: UnitType }[];
  status: "in" | "dead" | "submerged" | "withdrawn";
  /** Marked as a casualty this round, removed at its end (R6.3 step 4). */
  marked?: boolean;
  /** The round whose record counts this unit as damaged (taken back if it is lost in that round). */
  damagedIn?: number;
}

export type CasualtyStep = "bombardment" | "submarine" | "general";

export interface CasualtyRequest {
  kind: "casualties";
  battle: string;
  round: number;
  step: CasualtyStep;
  team: Team;
  chooser: Nation;
  hits: number;
  candidates: Candidate[];
  /** The R6.9 default, one id per hit. */
  default: number[];
  /** Only one legal choice exists: nobody needs to be asked. */
  forced: boolean;
}

export interface RetreatRequest {
  kind: "retreat";
  battle: string;
  round: number;
  team: Team;
  chooser: Nation;
  submergeable: number[];
  withdrawable: number[];
}

export type DecisionRequest = CasualtyRequest | RetreatRequest;
export type Decision = { kind: "casualties"; units: number[] } | { kind: "retreat"; submerge: number[]; withdraw: number[] };
/** Who made a decision: a player, the default at a deadline or in a scenario (R6.9), a robot, or nobody (one legal choice). */
export type DecidedBy = "player" | "default" | "robot" | "forced";

export interface FireEntry extends FireRecord {
  step: "submarine" | "general";
  team: Team;
}

export interface ChoiceEntry {
  step: CasualtyStep | "retreat";
  team: Team;
  chooser: Nation;
  hits?: number;
  units: number[];
  /** The chosen units as nation and type, one per hit, for readers of the record. */
  picked?: { id: number; nation: Nation; type: UnitType }[];
  submerge?: number[];
  withdraw?: number[];
  by: DecidedBy;
}

export interface RoundRecord {
  round: number;
  hits: Record<Team, number>;
  lost: Record<Team, UnitCounts>;
  damaged: Record<Team, UnitCounts>;
  submerged: Record<Team, UnitCounts>;
  withdrawn: Record<Team, UnitCounts>;
  fire: FireEntry[];
  choices: ChoiceEntry[];
}

export type Stage =
  | "bombard"
  | "bombard-casualties"
  | "round-start"
  | "submarine-casualties"
  | "general-fire"
  | "general-casualties"
  | "round-end"
  | "retreat"
  | "round-close"
  | "done";

export interface Bombardment {
  hits: number;
  lost: Partial<Record<Team, UnitCounts>>;
  fire?: FireRecord;
  choices: ChoiceEntry[];
}

export interface BattleState {
  territory: string;
  pass: "sea" | "land";
  lowLuck: boolean;
  units: BattleUnit[];
  stage: Stage;
  round: number;
  pending: DecisionRequest[];
  /** Battleships ordered to bombard before round 1 (R5.5), by the team they fire for. */
  bombarders: { id: number; nation: Nation; team: Team }[];
  bombardment: Bombardment;
  /** Teams whose side had a destroyer at the start of the current round (R6.3 step 1). */
  destroyerAtStart: Team[];
  current?: RoundRecord;
  rounds: RoundRecord[];
  destroyedAtOnce: Partial<Record<Team, UnitCounts>>;
  winner?: Team | "none";
}

export interface BattleSetup {
  territory: string;
  pass: "sea" | "land";
  lowLuck: boolean;
  units: Omit<BattleUnit, "status" | "damage">[];
  bombarders?: BattleState["bombarders"];
}

