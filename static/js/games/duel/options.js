// @ts-check
// Labels for Football Duel's room options on Home (the server's /api/games stays the source of
// the option names and defaults; see static/js/games/README.md).
export const options = {
  copies: {
    label: { en: "Copies of each value (deck size)", hu: "Lapok értékenként (pakliméret)", da: "Kort pr. værdi (bunkens størrelse)" },
    choices: [2, 3, 4],
    choiceLabels: {
      2: { en: "2 (22 cards, short)", hu: "2 (22 lap, rövid)", da: "2 (22 kort, kort kamp)" },
      3: { en: "3 (33 cards)", hu: "3 (33 lap)", da: "3 (33 kort)" },
      4: { en: "4 (44 cards, long)", hu: "4 (44 lap, hosszú)", da: "4 (44 kort, lang kamp)" },
    },
  },
  halves: {
    label: { en: "Halves", hu: "Félidők", da: "Halvlege" },
    choices: [1, 2],
  },
  extra_time: {
    label: { en: "Extra time when level", hu: "Hosszabbítás döntetlennél", da: "Forlænget spilletid ved uafgjort" },
  },
  shootout: {
    label: { en: "Penalty shoot-out when level", hu: "Tizenegyespárbaj döntetlennél", da: "Straffesparkskonkurrence ved uafgjort" },
  },
};
