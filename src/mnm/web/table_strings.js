// Issue 45's table strings (the shared end of chapter, the turn alert, the new-table step, player words), in
// English and Portuguese; i18n.js merges them into the main catalogue (top-level keys).
export const TABLE_STRINGS = {
  en: {
    keepChosenBy: "(seat {n} chooses)",
    keepNothing: "nothing",
    willKeep: "Going on to the next chapter, the party keeps",
    chapterShort: "ch. {n}",
  },
  pt: {
    keepChosenBy: "(o assento {n} escolhe)",
    keepNothing: "nada",
    willKeep: "Indo para o próximo capítulo, o grupo guarda",
    chapterShort: "cap. {n}",
  },
};
