// Which real-world land makes each land territory of the default board (RULES.md R1.4).
//
// A territory is a union of Natural Earth countries (names as world-atlas spells them), each whole or
// cut by a clip (a lon/lat box [west, south, east, north] or a simple lon/lat polygon), plus optional
// "dots" (discs, in map pixels) so that specks of islands become something a player can click, minus
// territories cut earlier from the same country. The cuts follow the board, not today's borders: where
// a board edge asks for a border (e.g. Sinkiang–French Indo China), the cut is chosen to make one.
// Facts followed: which areas each territory of the classic 1942 board covers (TripleA "World War II
// Classic"), and who held what in 1942.

export type LonLat = readonly [number, number];
/** [west, south, east, north] in degrees, or a simple polygon of lon/lat points. */
export type Clip = readonly [number, number, number, number] | readonly LonLat[];
export type CountryPart = string | readonly [country: string, clip: Clip];

export interface LandRecipe {
  id: string;
  countries: readonly CountryPart[];
  /** Discs [lon, lat] of `dotRadius` px, for islands too small to see or click. */
  dots?: readonly LonLat[];
  dotRadius?: number;
  /** Territories cut earlier from the same countries; their shapes are removed from this one. */
  minus?: readonly string[];
}

// Cuts of Russia (the Russian Federation polygon of Natural Earth). Judgement: the board's Karelia
// reaches south to Caucasus (an edge), so Karelia is Russia west of 41°E and north of 50°N, Caucasus
// the south below 50°N, and Moscow's "Russia" the land between 41°E and the Urals (60°E), down to the
// Volga delta so that it meets the Caspian (another edge).
const KALININGRAD: Clip = [19, 54, 23, 56];
const CRIMEA: Clip = [32, 44, 36.55, 46.3]; // Natural Earth draws Crimea in Russia; in 1942 it was Ukraine S.S.R.
// All of Dagestan, but north of 45°N only west of 46°E, so that Russia, not Caucasus, meets Kazakhstan.
const CAUCASUS_RU: Clip = [[36.55, 40], [49, 40], [49, 45], [46, 45], [46, 50], [36.55, 50]];
const KARELIA_RU: Clip = [26, 50, 41, 82];
const MOSCOW_RU: Clip = [41, 40, 60, 82];
const EVENKI_RU: Clip = [60, 58, 100, 82]; // judgement: central Siberia north of 58°N
const NOVOSIBIRSK_RU: Clip = [60, 40, 100, 58];
const YAKUT_RU: Clip = [100, 40, 130, 82];
// The Far East runs east past 180° to Chukotka's tip (Natural Earth draws that part on its own).
const FAR_EAST_RU: Clip = [130, 40, 180, 82];
const CHUKOTKA_RU: Clip = [-180, 60, -169.05, 72];

// Cuts of China. Judgement: the board joins Kwangtung to Manchuria and to French Indo China, and
// Sinkiang to French Indo China, so Kwangtung is the coast from Guangxi's shore to Hebei, Sinkiang
// all of China west of 100°E (Xinjiang, Tibet, west Yunnan, bordering Burma), Manchuria the north-east.
const SINKIANG_CN: Clip = [70, 15, 100, 55];
// North of 46°N Manchuria reaches west to 115°E, so that China proper does not touch Yakut.
const MANCHURIA_CN: Clip = [[117.5, 40.5], [136, 40.5], [136, 54], [115, 54], [115, 46], [117.5, 46]];
const KWANGTUNG_CN: Clip = [
  [106.5, 17], [125, 17], [125, 40.5], [115.5, 40.5], [114, 34], [112.5, 27], [108.5, 23.5], [106.5, 22.5],
];

const US_ALASKA: Clip = [-168.95, 51, -129.9, 72]; // the far Aleutians (specks west of 169°W) are left out
const US_HAWAII: Clip = [-161, 18, -154, 23];
// Judgement: the board has no Central US. West US must touch the Gulf of Mexico (an edge), so the
// split is at 94°W, which gives Texas to West US; Louisiana and east are East US.
// North of 45°N the split moves to 90°W, Canada's, so East US does not touch West Canada.
const US_WEST: Clip = [[-125, 24], [-94, 24], [-94, 45], [-90, 45], [-90, 50], [-125, 50]];
const US_EAST: Clip = [[-94, 24], [-66, 24], [-66, 50], [-90, 50], [-90, 45], [-94, 45]];
// Judgement: the board joins West Canada to the East Canada Sea Zone, i.e. to Hudson Bay, so the
// split is at 90°W, which gives the bay's west shore (Churchill) to West Canada.
const CA_WEST: Clip = [-141.1, 41, -90, 84];
const CA_EAST: Clip = [-90, 41, -52, 84];

export const LAND: readonly LandRecipe[] = [
  // North America
  { id: "Alaska", countries: [["United States of America", US_ALASKA]] },
  { id: "West Canada", countries: [["Canada", CA_WEST]] },
  { id: "East Canada", countries: [["Canada", CA_EAST], "St. Pierre and Miquelon"] },
  { id: "West US", countries: [["United States of America", US_WEST]] },
  { id: "East US", countries: [["United States of America", US_EAST], "Bermuda"] },
  { id: "Mexico", countries: ["Mexico"] },
  // Central America was the Panama Canal's approaches; the board calls it all Panama.
  { id: "Panama", countries: ["Guatemala", "Belize", "Honduras", "El Salvador", "Nicaragua", "Costa Rica", "Panama"] },
  { id: "Cuba", countries: ["Cuba", "Haiti", "Dominican Rep.", "Jamaica", "Puerto Rico", "Bahamas", "Cayman Is.", "Turks and Caicos Is."] },
  { id: "Hawaiian Islands", countries: [["United States of America", US_HAWAII]], dots: [[-155.5, 19.6], [-157.9, 21.4]], dotRadius: 5 },
  { id: "Midway", countries: [], dots: [[-177.4, 28.2]], dotRadius: 5 },
  // South America
  { id: "Columbia", countries: ["Colombia", "Venezuela", ["Ecuador", [-82, -6, -75, 2]], "Trinidad and Tobago"] },
  { id: "Peru", countries: ["Peru", "Bolivia"] },
  { id: "Brazil", countries: ["Brazil", "Guyana", "Suriname", ["France", [-55, 1, -51, 6.5]]] },
  { id: "Argentina-Chile", countries: ["Argentina", ["Chile", [-76, -56, -66, -17]], "Uruguay", "Paraguay", "Falkland Is."] },
  // Europe
  // Judgement: Northern Ireland is drawn with Eire, so that the two (not adjacent on the board) do
  // not share a border on the map; the whole island of Ireland is the board's Eire.
  { id: "United Kingdom", countries: [["United Kingdom", [-5.4, 49, 2, 61]], "Isle of Man", "Jersey", "Guernsey"] },
  { id: "Eire", countries: ["Ireland", ["United Kingdom", [-8.3, 53.9, -5.4, 55.5]]] },
  { id: "West Europe", countries: [["France", [-6, 41, 10, 52]], "Belgium", "Netherlands", "Luxembourg", "Monaco", "Andorra"] },
  // Gibraltar is a speck in Natural Earth; the board's Gibraltar is the southern tip of Spain.
  { id: "Gibraltar", countries: [["Spain", [-6.6, 35.9, -4.3, 37.1]]] },
  { id: "Spain", countries: [["Spain", [-10, 35.8, 5, 44]], ["Portugal", [-10, 36, -6, 42.5]]], minus: ["Gibraltar"] },
  { id: "Switzerland", countries: ["Switzerland", "Liechtenstein"] },
  { id: "Germany", countries: ["Germany", "Austria", "Czechia", "Denmark"] },
  { id: "South Europe", countries: ["Italy", "Vatican", "San Marino", "Malta", "Slovenia", "Croatia", "Bosnia and Herz.", "Serbia", "Kosovo", "Montenegro", "Albania", "Macedonia", "Greece"] },
  { id: "East Europe", countries: ["Poland", "Lithuania", "Latvia", "Estonia", "Belarus", "Slovakia", "Hungary", "Romania", "Bulgaria", ["Russia", KALININGRAD]] },
  { id: "Sweden", countries: ["Sweden"] },
  { id: "Finland Norway", countries: ["Finland", "Åland", ["Norway", [4, 57, 32, 72]]] },
  { id: "Ukraine S.S.R.", countries: ["Ukraine", "Moldova", ["Russia", CRIMEA]] },
  { id: "Karelia S.S.R.", countries: [["Russia", KARELIA_RU]] },
  { id: "Caucasus", countries: ["Georgia", "Armenia", "Azerbaijan", ["Russia", CAUCASUS_RU]] },
  { id: "Russia", countries: [["Russia", MOSCOW_RU]], minus: ["Caucasus"] },
  { id: "Evenki National Okrug", countries: [["Russia", EVENKI_RU]] },
  { id: "Novosibirsk", countries: [["Russia", NOVOSIBIRSK_RU]] },
  { id: "Yakut S.S.R.", countries: [["Russia", YAKUT_RU]] },
  { id: "Soviet Far East", countries: [["Russia", FAR_EAST_RU], ["Russia", CHUKOTKA_RU]] },
  // Middle East and Central Asia
  { id: "Turkey", countries: ["Turkey", "Cyprus", "N. Cyprus"] },
  { id: "Syria Jordan", countries: ["Syria", "Lebanon", "Israel", "Palestine", "Jordan"] },
  // Iraq goes with Persia: the board joins Persia to Saudi Arabia, and only Iraq and Kuwait border it.
  { id: "Persia", countries: ["Iran", "Iraq", "Kuwait"] },
  { id: "Saudi Arabia", countries: ["Saudi Arabia", "Yemen", "Oman", "United Arab Emirates", "Qatar", "Bahrain"] },
  { id: "Afghanistan", countries: ["Afghanistan"] },
  { id: "Kazakh S.S.R.", countries: ["Kazakhstan", "Uzbekistan", "Turkmenistan", "Kyrgyzstan", "Tajikistan"] },
  { id: "India", countries: ["India", "Pakistan", "Bangladesh", "Nepal", "Bhutan", "Sri Lanka", "Siachen Glacier"] },
  // Asia
  { id: "Mongolia", countries: ["Mongolia"] },
  { id: "Sinkiang", countries: [["China", SINKIANG_CN]] },
  { id: "Manchuria", countries: [["China", MANCHURIA_CN], "North Korea", "South Korea"] },
  // Judgement: Formosa (Taiwan, a Japanese colony in 1942) is drawn with Kwangtung, the coast facing
  // it, so that Okinawa stays the small island the board makes it.
  { id: "Kwangtung", countries: [["China", KWANGTUNG_CN], "Hong Kong", "Macao", "Taiwan"] },
  { id: "China", countries: ["China"], minus: ["Sinkiang", "Manchuria", "Kwangtung"] },
  // Burma and Thailand go with French Indo China: Japan held them in 1942, and the board joins French
  // Indo China to Sinkiang, which only Burma's border with west Yunnan can give.
  { id: "French Indo China", countries: ["Vietnam", "Laos", "Cambodia", "Thailand", "Myanmar", ["Malaysia", [99, 0, 105, 7.5]], "Singapore"] },
  { id: "Japan", countries: [["Japan", [128, 30.5, 146, 46]]] },
  { id: "Okinawa", countries: [["Japan", [122, 24, 131, 30.4]]], dots: [[127.9, 26.5]], dotRadius: 5 },
  { id: "Philippines", countries: ["Philippines"] },
  { id: "Borneo Celebes", countries: [["Indonesia", [108, -5.8, 127, 7.5]], ["Malaysia", [109, 0, 120, 8]], "Brunei"] },
  { id: "East Indies", countries: [["Indonesia", [94, -11.5, 108, 6.5]], ["Indonesia", [105, -11.5, 127, -5.8]], "Timor-Leste"] },
  { id: "New Guinea", countries: [["Indonesia", [127, -11, 141.1, 3]], ["Papua New Guinea", [140, -12, 154, 0]]] },
  { id: "Solomon Islands", countries: ["Solomon Is.", ["Papua New Guinea", [154, -7, 156, -5]]], dots: [[160, -9.5]], dotRadius: 5 },
  // The Japanese mandate (Carolines, Marianas, Palau) with Guam, taken in December 1941. The
  // Marshalls are left out: they lie in the Wake Island Sea Zone, which the Carolines do not touch.
  { id: "Caroline Islands", countries: ["Micronesia", "Palau", "N. Mariana Is.", "Guam"], dots: [[134.5, 7.5], [138.1, 9.5], [151.8, 7.4], [158.2, 6.9], [145.5, 14.5]], dotRadius: 5 },
  { id: "Wake Island", countries: [], dots: [[166.6, 19.3]], dotRadius: 5 },
  { id: "Australia", countries: [["Australia", [112, -45, 155, -9]]] },
  { id: "New Zealand", countries: [["New Zealand", [165, -48, 179, -34]]] },
  // Africa
  { id: "Algeria", countries: ["Algeria", "Tunisia", "Morocco"] },
  { id: "Rio del Oro", countries: ["W. Sahara"] },
  { id: "Libya", countries: ["Libya"] },
  { id: "French West Africa", countries: ["Mauritania", "Senegal", "Gambia", "Guinea-Bissau", "Guinea", "Sierra Leone", "Liberia", "Côte d'Ivoire", "Mali", "Burkina Faso", "Ghana", "Togo", "Benin"] },
  // Niger goes east: the board joins French Equatorial Africa to Algeria, and only Niger borders both.
  // Nigeria too: French Equatorial Africa borders the Congo Sea Zone and French West Africa does not.
  { id: "French Equatorial Africa", countries: ["Niger", "Nigeria", "Chad", "Central African Rep.", "Cameroon", "Gabon", "Eq. Guinea"] },
  { id: "Anglo Sudan Egypt", countries: ["Egypt", "Sudan", "S. Sudan"] },
  { id: "Italian East Africa", countries: ["Ethiopia", "Eritrea", "Djibouti", "Somalia", "Somaliland"] },
  { id: "Congo", countries: ["Dem. Rep. Congo", "Congo", "Rwanda", "Burundi"] },
  { id: "Kenya-Rhodesia", countries: ["Kenya", "Uganda", "Tanzania", "Zambia", "Zimbabwe", "Malawi"] },
  { id: "Angola", countries: ["Angola"] },
  { id: "Mozambique", countries: ["Mozambique"] },
  { id: "South Africa", countries: ["South Africa", "Namibia", "Botswana", "Lesotho", "eSwatini"] },
  { id: "Madagascar", countries: ["Madagascar"] },
];
