// Board edges whose two shapes do not share a border on the map, each with why. The build draws a
// short line for each, between the nearest points of the two shapes. (Zones that meet across the
// map's left and right edges need none: each such zone has a part at both edges.)

export interface CrossingRecipe {
  between: readonly [string, string];
  why: string;
}

export const CROSSINGS: readonly CrossingRecipe[] = [
  { between: ["East Mediteranean Sea Zone", "Red Sea Zone"], why: "the Suez Canal (R1.3): the isthmus lies between the two seas" },
  { between: ["Carribean Sea Zone", "West Panama Sea Zone"], why: "the Panama Canal (R1.3): the isthmus lies between the two oceans" },
  { between: ["Baltic Sea Zone", "West Europe"], why: "the board's Baltic reaches West Europe; on the map Denmark (Germany) lies between" },
  { between: ["Black Sea Zone", "East Mediteranean Sea Zone"], why: "the Dardanelles: the Aegean is the Central Mediterranean's, so the East Mediterranean stops short of the straits" },
];
