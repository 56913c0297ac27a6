// Where each sea zone of the default board lies: hand-picked seed points (lon, lat). The ocean is
// cut into Voronoi cells of all seeds (on the projected map); a sea zone is the ocean in its seeds'
// cells. More seeds pull a zone's shape toward a coast the board says it touches.
//
// The map's left and right edges are the meridian 30°W (mid-Atlantic), so Atlantic zones that
// straddle it have seeds on both sides (their shape comes in two parts, one at each edge).
// A zone's first seed is its home: its name and units go in the part around it.

import type { LonLat } from "./recipe-land";

export const SEA: Readonly<Record<string, readonly LonLat[]>> = {
  // Arctic and North Atlantic
  "Karelia Sea Zone": [[38, 71], [37, 66]],
  "North Sea Zone": [[3, 56], [2, 64], [-11, 57], [-5, 61], [10, 70], [7, 55.5], [7.5, 57.8]],
  "Baltic Sea Zone": [[18, 56], [20, 60.5], [25, 59.6], [20, 63.5], [11.5, 56.2]],
  "East Canada Sea Zone": [[-55, 55], [-42, 52], [-28, 55], [-85, 59], [-62, 47], [-60, 63]],
  "West Spain Sea Zone": [[-14, 44], [-13, 36], [-6, 46], [-20, 40]],
  "North Atlantic Sea Zone": [[-45, 35], [-35, 25], [-38, 44], [-29, 34]],
  "East US Sea Zone": [[-72, 36], [-66, 41], [-77, 30]],
  "Gulf of Mexico Sea Zone": [[-90, 25], [-93, 28.5]],
  "Carribean Sea Zone": [[-75, 15], [-83, 18], [-66, 22], [-63, 13]],
  "West Africa Sea Zone": [[-22, 20], [-22, 8], [-17, 25], [-8, 2], [-1, 2.5]],
  "North Brazil Sea Zone": [[-42, 5], [-52, 14], [-36, -3], [-28, 3]],
  "South Brazil Sea Zone": [[-31, -12], [-36, -22], [-20, -5], [-14, -9]],
  "Congo Sea Zone": [[3, -1], [-5, 1], [7, -6], [-3, -8]],
  "Angola Sea Zone": [[8, -17], [8, -30], [14, -37]],
  "South Atlantic Sea Zone": [[-10, -20], [-15, -35], [-38, -48]],
  "East Argentina Sea Zone": [[-52, -38]],
  "South Argentina Sea Zone": [[-62, -54], [-78, -50], [-100, -57], [-50, -57]],
  "Antartic Sea Zone": [[-35, -58], [-10, -56], [15, -55]],
  // Mediterranean, Black and Caspian
  "West Mediteranean Sea Zone": [[4, 39], [-2, 36.5], [8, 42]],
  "Central Mediteranean Sea Zone": [[17, 35], [12, 39.5], [15, 43], [25, 38.5]],
  "East Mediteranean Sea Zone": [[30, 33.5], [34.5, 33.6]],
  "Black Sea Zone": [[34, 43.5], [29.5, 44], [39, 43], [36.5, 46]],
  "Caspian Sea Zone": [[51, 42], [50, 45.5], [51, 39]],
  // Indian Ocean
  "Red Sea Zone": [[38, 20], [48, 13], [51, 27], [61, 21], [34.8, 27.5]],
  "Mozambique Sea Zone": [[40, -18], [36.5, -26], [42, -5], [48, 2]],
  "South Africa Sea Zone": [[25, -38], [44, -31]],
  "South East Madagascar Sea Zone": [[53, -27], [57, -35]],
  "West Compass Sea Zone": [[56, -12], [64, 0]],
  "South Compass Sea Zone": [[70, -33], [90, -52], [125, -57], [55, -45]],
  "East Compass Sea Zone": [[88, -15], [100, -35], [85, -6], [110, -45]],
  "Indian Ocean Sea Zone": [[80, 4], [88, 14], [70, 14]],
  "East Indies Sea Zone": [[95, -4], [106, -11], [97, 6]],
  "West Australia Sea Zone": [[105, -25], [112, -36]],
  "South Australia Sea Zone": [[130, -39], [148, -44], [120, -40], [154, -40]],
  "North Australia Sea Zone": [[128, -11], [153, -16], [140, -9.5], [156, -28], [119, -15]],
  // Western Pacific
  "French Indo China Sea Zone": [[102, 10], [110, 7], [95.5, 12], [112, 15]],
  "Borneo Sea Zone": [[110, -4.5], [122, 3], [118, -2], [124, -4], [126.3, 1.5]],
  "Kwangtung Sea Zone": [[115, 19], [119, 23], [122.5, 35], [122, 28.5]],
  "Philippines Sea Zone": [[127, 15], [118, 12], [123.5, 21.5]],
  "Okinawa Sea Zone": [[128.5, 25], [142, 23]],
  "Japan Sea Zone": [[135, 40], [140, 33], [147, 38], [126, 30], [124.5, 27.5]],
  "Soviet Far East Sea Zone": [[150, 55], [163, 50], [179, 62], [167, 56]],
  "Caroline Islands Sea Zone": [[146, 8], [155, 5], [145.5, 16], [134.5, 5]],
  "New Guinea Sea Zone": [[140, -1], [150, -9], [150, -2], [129.5, -2]],
  "Solomon Islands Sea Zone": [[163, -8], [165, -14], [170, -5], [172, -20], [179, -5]],
  "Wake Island Sea Zone": [[162, 20], [165, 10], [153, 28], [175, 6]],
  "North Pacific Sea Zone": [[160, 40], [170, 38], [176, 34], [-179, 35]],
  "Alaska Sea Zone": [[-150, 57.5], [-143, 59], [-166, 57], [-178, 56], [-172, 49]],
  "Midway Sea Zone": [[-175, 30], [-162, 37], [-150, 40], [-148, 47]],
  "Hawaii Sea Zone": [[-157, 18], [176, 26], [-180, 8], [-145, 12], [178, 30]],
  "New Zealand Sea Zone": [[168, -36], [172, -45], [-160, -52], [-130, -52], [176, -29]],
  // Eastern Pacific
  "West Canada Sea Zone": [[-136, 54], [-143, 51]],
  "West US Sea Zone": [[-127, 35], [-127, 44], [-140, 30], [-129, 49]],
  "Mexico Sea Zone": [[-110, 17], [-120, 22], [-125, 5]],
  "West Panama Sea Zone": [[-85, 4], [-82, -2]],
  "Peru Sea Zone": [[-82, -15], [-78, -33], [-100, -42]],
  "East Pacific Sea Zone": [[-115, -15], [-125, -28]],
  "South Pacific Sea Zone": [[-140, -12], [-150, -30], [-175, -18]],
};

/**
 * Ocean that belongs to no sea zone: the Arctic, which the board leaves out (no zone borders
 * Siberia's or Canada's north coast). Boxes in lon/lat; the first runs east from 41°E (the White Sea)
 * to just short of the map's edge at 30°W (330°E), the second from the edge to Greenland's east coast,
 * each inside one side of the map.
 */
export const NO_SEA: readonly (readonly [number, number, number, number])[] = [
  [41, 66.5, 329.99, 90],
  [-29.99, 66.5, -25, 90],
];
