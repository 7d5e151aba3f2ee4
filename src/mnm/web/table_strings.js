// Issue 45's table strings (the shared end of chapter, the turn alert, the new-table step, player words), in
// English and Portuguese; i18n.js merges them into the main catalogue (top-level keys).
export const TABLE_STRINGS = {
  en: {
    keepChosenBy: "(seat {n} chooses)",
    keepNothing: "nothing",
    willKeep: "Going on to the next chapter, the party keeps",
    chapterShort: "ch. {n}",
    markTrapLive: "A mousetrap is set here (live).",
    markTrapPrinted: "Trap mark printed (not set).",
    markStart: "Start space.",
    markEntry: "Minion entry.",
    markFlip: "Flip space.",
    markWater: "Water.",
    markHelmet: "Helmet drawn here.",
    markSkull: "Skull drawn here.",
  },
  pt: {
    keepChosenBy: "(o assento {n} escolhe)",
    keepNothing: "nada",
    willKeep: "Indo para o próximo capítulo, o grupo guarda",
    chapterShort: "cap. {n}",
    markTrapLive: "Há uma ratoeira armada aqui (ativa).",
    markTrapPrinted: "Marca de ratoeira impressa (não armada).",
    markStart: "Espaço inicial.",
    markEntry: "Entrada de lacaios.",
    markFlip: "Espaço de virada.",
    markWater: "Água.",
    markHelmet: "Elmo desenhado aqui.",
    markSkull: "Caveira desenhada aqui.",
  },
};
