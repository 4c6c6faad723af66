// @ts-check
// Labels for Focifogadás's room options on Home and in the lobby (the server's /api/games stays
// the source of the option names and defaults; see static/js/games/README.md). Seats are shown
// 1-based ("Seat 1 (host)"); `seatChoice: true` marks options whose value is a seat number, so
// the lobby can add the player's name next to it. docs/rules/focifogadas.md §10, §11.

const SEATS = [0, 1, 2, 3, 4, 5];

function seatLabels(first) {
  const labels = {};
  for (const seat of SEATS) {
    const n = seat + 1;
    labels[seat] = seat === 0
      ? { en: `Seat 1 (${first.en})`, hu: `1. hely (${first.hu})`, da: `Plads 1 (${first.da})` }
      : { en: `Seat ${n}`, hu: `${n}. hely`, da: `Plads ${n}` };
  }
  return labels;
}

export const options = {
  scorer_seat: {
    label: {
      en: "Scorer (enters the match events from the TV)",
      hu: "Jegyző (a tévéből rögzíti a meccs eseményeit)",
      da: "Protokolfører (noterer kampens hændelser fra tv'et)",
    },
    choices: SEATS,
    choiceLabels: seatLabels({ en: "host", hu: "házigazda", da: "vært" }),
    seatChoice: true,
  },
  // a free-text name: `choiceLabels` names its default (the engine's "Home"/"Away") in each
  // language, as the phones show it (teams.js); the default is sent unless the host types a name
  home_name: {
    label: { en: "Home team's name", hu: "Hazai csapat neve", da: "Hjemmeholdets navn" },
    choiceLabels: { Home: { en: "Home", hu: "Hazai", da: "Hjemme" } },
  },
  away_name: {
    label: { en: "Away team's name", hu: "Vendégcsapat neve", da: "Udeholdets navn" },
    choiceLabels: { Away: { en: "Away", hu: "Vendég", da: "Ude" } },
  },
  start_player: {
    label: {
      en: "Who starts (draws first, bets first)",
      hu: "Ki kezd (először húz, először fogad)",
      da: "Hvem starter (trækker og satser først)",
    },
    choices: ["random", ...SEATS],
    choiceLabels: {
      random: { en: "Random (from the seed)", hu: "Véletlen (a seedből)", da: "Tilfældig (fra seedet)" },
      ...seatLabels({ en: "host", hu: "házigazda", da: "vært" }),
    },
    seatChoice: true,
  },
  time_advances_per_half: {
    label: {
      en: "Time steps per half (fewer = shorter match)",
      hu: "Időlépések félidőnként (kevesebb = rövidebb meccs)",
      da: "Tidsskridt pr. halvleg (færre = kortere kamp)",
    },
    choices: [6, 5],
    choiceLabels: {
      6: { en: "6 (the rules)", hu: "6 (szabály szerint)", da: "6 (reglerne)" },
      5: { en: "5 (shorter)", hu: "5 (rövidebb)", da: "5 (kortere)" },
    },
  },
  disc_pool: {
    label: {
      en: "Bookmaker discs (the multipliers on offer)",
      hu: "Bukméker-korongok (a felkínált szorzók)",
      da: "Bookmakerbrikker (de tilbudte odds)",
    },
    choices: ["standard", "sevens"],
    choiceLabels: {
      standard: { en: "Standard set", hu: "Alapkészlet", da: "Standardsæt" },
      sevens: { en: "With ×7 discs", hu: "×7-es korongokkal", da: "Med ×7-brikker" },
    },
  },
  stake_limit_after_all_covered: {
    label: {
      en: "Bettors per card once every card has a stake",
      hu: "Fogadók lapónként, ha már minden lapon van tét",
      da: "Spillere pr. kort, når alle kort har en indsats",
    },
    choices: [null, 3],
    choiceLabels: {
      null: { en: "No limit", hu: "Nincs korlát", da: "Ingen grænse" },
      3: { en: "At most 3", hu: "Legfeljebb 3", da: "Højst 3" },
    },
  },
  insolvency_split: {
    label: {
      en: "A bookmaker who cannot pay everyone pays",
      hu: "A fizetésképtelen bukméker így fizet",
      da: "En bookmaker, der ikke kan betale alle, betaler",
    },
    choices: ["proportional", "equal"],
    choiceLabels: {
      proportional: { en: "In proportion to what is owed", hu: "A tartozás arányában", da: "I forhold til det skyldige" },
      equal: { en: "In equal shares", hu: "Egyenlő részekben", da: "I lige store dele" },
    },
  },
  live_stake_tokens: {
    label: {
      en: "Stake markers each (live match)",
      hu: "Tétjelzők fejenként (élő meccs)",
      da: "Indsatsbrikker hver (direkte kamp)",
    },
    choices: [5, 6],
  },
};
