// @ts-check
// Labels for Hat Trick's room options on Home (the server's /api/games stays the source of
// the option names and defaults; see static/js/games/README.md). docs/rules/hattrick.md §14, §2.6.
export const TEAMS = {
  "regulars": {
    "en": "Regulars (no stars)",
    "hu": "Alapfelállás (sztárok nélkül)",
    "da": "Faste spillere (ingen stjerner)"
  },
  "BRA": {
    "en": "Brazil ★6",
    "hu": "Brazília ★6",
    "da": "Brasilien ★6"
  },
  "CRO": {
    "en": "Croatia ★4",
    "hu": "Horvátország ★4",
    "da": "Kroatien ★4"
  },
  "MEX": {
    "en": "Mexico ★4",
    "hu": "Mexikó ★4",
    "da": "Mexico ★4"
  },
  "CMR": {
    "en": "Cameroon ★2",
    "hu": "Kamerun ★2",
    "da": "Cameroun ★2"
  },
  "ESP": {
    "en": "Spain ★6",
    "hu": "Spanyolország ★6",
    "da": "Spanien ★6"
  },
  "NED": {
    "en": "Netherlands ★6",
    "hu": "Hollandia ★6",
    "da": "Holland ★6"
  },
  "CHI": {
    "en": "Chile ★4",
    "hu": "Chile ★4",
    "da": "Chile ★4"
  },
  "AUS": {
    "en": "Australia ★2",
    "hu": "Ausztrália ★2",
    "da": "Australien ★2"
  },
  "COL": {
    "en": "Colombia ★5",
    "hu": "Kolumbia ★5",
    "da": "Colombia ★5"
  },
  "GRE": {
    "en": "Greece ★4",
    "hu": "Görögország ★4",
    "da": "Grækenland ★4"
  },
  "CIV": {
    "en": "Ivory Coast ★3",
    "hu": "Elefántcsontpart ★3",
    "da": "Elfenbenskysten ★3"
  },
  "JPN": {
    "en": "Japan ★3",
    "hu": "Japán ★3",
    "da": "Japan ★3"
  },
  "URU": {
    "en": "Uruguay ★5",
    "hu": "Uruguay ★5",
    "da": "Uruguay ★5"
  },
  "CRC": {
    "en": "Costa Rica ★4",
    "hu": "Costa Rica ★4",
    "da": "Costa Rica ★4"
  },
  "ENG": {
    "en": "England ★4",
    "hu": "Anglia ★4",
    "da": "England ★4"
  },
  "ITA": {
    "en": "Italy ★5",
    "hu": "Olaszország ★5",
    "da": "Italien ★5"
  },
  "SUI": {
    "en": "Switzerland ★4",
    "hu": "Svájc ★4",
    "da": "Schweiz ★4"
  },
  "ECU": {
    "en": "Ecuador ★3",
    "hu": "Ecuador ★3",
    "da": "Ecuador ★3"
  },
  "FRA": {
    "en": "France ★5",
    "hu": "Franciaország ★5",
    "da": "Frankrig ★5"
  },
  "HON": {
    "en": "Honduras ★2",
    "hu": "Honduras ★2",
    "da": "Honduras ★2"
  },
  "ARG": {
    "en": "Argentina ★6",
    "hu": "Argentína ★6",
    "da": "Argentina ★6"
  },
  "BIH": {
    "en": "Bosnia and Herzegovina ★3",
    "hu": "Bosznia-Hercegovina ★3",
    "da": "Bosnien-Hercegovina ★3"
  },
  "IRN": {
    "en": "Iran ★2",
    "hu": "Irán ★2",
    "da": "Iran ★2"
  },
  "NGA": {
    "en": "Nigeria ★3",
    "hu": "Nigéria ★3",
    "da": "Nigeria ★3"
  },
  "GER": {
    "en": "Germany ★6",
    "hu": "Németország ★6",
    "da": "Tyskland ★6"
  },
  "POR": {
    "en": "Portugal ★5",
    "hu": "Portugália ★5",
    "da": "Portugal ★5"
  },
  "GHA": {
    "en": "Ghana ★3",
    "hu": "Ghána ★3",
    "da": "Ghana ★3"
  },
  "USA": {
    "en": "United States ★4",
    "hu": "Egyesült Államok ★4",
    "da": "USA ★4"
  },
  "BEL": {
    "en": "Belgium ★5",
    "hu": "Belgium ★5",
    "da": "Belgien ★5"
  },
  "ALG": {
    "en": "Algeria ★3",
    "hu": "Algéria ★3",
    "da": "Algeriet ★3"
  },
  "RUS": {
    "en": "Russia ★3",
    "hu": "Oroszország ★3",
    "da": "Rusland ★3"
  },
  "KOR": {
    "en": "South Korea ★2",
    "hu": "Dél-Korea ★2",
    "da": "Sydkorea ★2"
  }
};
const TEAM_CHOICES = Object.keys(TEAMS);

export const options = {
  knockout: {
    label: { en: "Knockout: extra time and penalties when level", hu: "Kieséses: hosszabbítás és tizenegyesek döntetlennél", da: "Knockout: forlænget spilletid og straffe ved uafgjort" },
  },
  team_blue: {
    label: { en: "Blue team", hu: "Kék csapat", da: "Blåt hold" },
    choices: TEAM_CHOICES,
    choiceLabels: TEAMS,
  },
  team_red: {
    label: { en: "Red team", hu: "Piros csapat", da: "Rødt hold" },
    choices: TEAM_CHOICES,
    choiceLabels: TEAMS,
  },
  move_required: {
    label: { en: "A move is compulsory when possible", hu: "Kötelező lépni, ha lehet", da: "Man skal flytte, hvis man kan" },
  },
  half_end_zone: {
    label: { en: "A half cannot end with the ball near…", hu: "A félidő nem érhet véget, ha a labda…", da: "Halvlegen kan ikke slutte med bolden nær…" },
    choices: ["attacking", "either_end"],
    choiceLabels: {
      attacking: { en: "the goal under attack", hu: "a támadott kapu előtt van", da: "det angrebne mål" },
      either_end: { en: "either goal", hu: "bármelyik kapu előtt van", da: "et af målene" },
    },
  },
  shootout_hand: {
    label: { en: "Penalties: choose from a hand of 5", hu: "Tizenegyesek: választás 5 lapból", da: "Straffe: vælg fra en hånd på 5" },
  },
};
