// The map's box on the game screen (game-screen.module.css, styles/tokens.css), where the whole board
// must be readable: 1440×900 less the side panel (26rem) and the site header (3.5rem); a 390×844
// phone less the header and the bottom sheet's peek (28dvh).
export const DESKTOP = { w: 1440 - 416, h: 900 - 56 };
export const PHONE = { w: 390, h: Math.round((844 - 56) * 0.72) };
