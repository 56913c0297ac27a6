// Every game's rules, registered by id: import this module to look a ruleset up (getRuleset).
import "./1942";
import "./interplanetary";
import "./triple-alliance";

export { getRuleset, registerRuleset, rulesetIds, teamOfSide, teamsOf, type AnyRuleset, type GameResult, type OptionInfo, type PhaseInfo, type Query, type Ruleset, type ScenarioInfo, type TeamInfo, type Validation, type Viewer } from "./ruleset";
