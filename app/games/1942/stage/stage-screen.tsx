// Stand-in for the battles and post-combat phases' screen (built apart): the JSON screen.
export { Screen as StageScreen } from "../../json-screen";
