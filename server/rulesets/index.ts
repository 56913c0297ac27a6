// Every game's rules, registered by id: import this module to look a ruleset up (getRuleset).
import "./interplanetary";
import "./triple-alliance";

export { getRuleset, registerRuleset, rulesetIds, type AnyRuleset, type GameResult, type PhaseInfo, type Ruleset, type Validation, type Viewer } from "./ruleset";
