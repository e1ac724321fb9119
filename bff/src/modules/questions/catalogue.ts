// The platform's question set: one question per engine answer key (energy/answers.ts owns types, ranges, defaults),
// in the order the flow asks them, with English and Swedish texts. Seeded into every organisation's question set.
import type { QuestionDefinition, QuestionTexts } from '@home-energy/shared/schemas/property-flow';
import { ENERGY_TEXTS } from '@home-energy/shared/i18n/energy';
import { HEATING_SYSTEMS } from '@home-energy/shared/schemas/energy';
import { answerData, REQUIRED_ANSWER_KEYS, type AnswerKey } from '../../energy/answers';

type Texts = { en: QuestionTexts; sv: QuestionTexts };

// The heating systems' names are the shared `energy` texts, the ones the console and the results show.
const heatingOptions = (language: 'en' | 'sv') =>
  Object.fromEntries(HEATING_SYSTEMS.map((system) => [system, ENERGY_TEXTS[language].heating[system]]));
const HEATING_OPTIONS = { en: heatingOptions('en'), sv: heatingOptions('sv') };

/** In asking order. `asked: false` keeps the default unless an admin turns the question on. */
const QUESTIONS: { key: AnswerKey; asked?: boolean; texts: Texts }[] = [
  {
    key: 'building_type',
    texts: {
      en: {
        header: 'What kind of house is it?',
        options: {
          villa: 'Detached house',
          radhus: 'Terraced house',
          parhus: 'Semi-detached house',
          kedjehus: 'Link-detached house',
          flerbostadshus: 'Apartment building',
        },
      },
      sv: {
        header: 'Vilken typ av hus är det?',
        options: {
          villa: 'Villa',
          radhus: 'Radhus',
          parhus: 'Parhus',
          kedjehus: 'Kedjehus',
          flerbostadshus: 'Flerbostadshus',
        },
      },
    },
  },
  {
    key: 'construction_year',
    texts: { en: { header: 'When was the house built?' }, sv: { header: 'Vilket år byggdes huset?' } },
  },
  {
    key: 'atemp',
    texts: {
      en: {
        header: 'How large is the heated floor area?',
        help: 'All floors heated above 10 °C, basement included when it is heated (Atemp).',
      },
      sv: {
        header: 'Hur stor är den uppvärmda ytan?',
        help: 'Alla våningar som värms till över 10 °C, även källaren om den är uppvärmd (Atemp).',
      },
    },
  },
  {
    key: 'num_floors',
    texts: {
      en: { header: 'How many heated floors above ground?' },
      sv: { header: 'Hur många uppvärmda våningar ovan mark?' },
    },
  },
  {
    key: 'primary_heating_systems',
    texts: {
      en: {
        header: 'How is the house heated?',
        help: 'Choose the main system first, then any supplement.',
        options: HEATING_OPTIONS.en,
      },
      sv: {
        header: 'Hur värms huset?',
        help: 'Välj huvudsystemet först och sedan eventuella komplement.',
        options: HEATING_OPTIONS.sv,
      },
    },
  },
  {
    key: 'floor_plan',
    texts: {
      en: {
        header: 'How open is the floor plan?',
        help:
          'An air-to-air heat pump heats the air around its indoor unit; the warm air reaches rooms behind closed ' +
          'doors and on other floors much less. If you do not know, we count on closed rooms.',
        options: {
          open: 'Open: kitchen, living room and hall in one space',
          partly_open: 'Partly open: some rooms open onto each other',
          closed: 'Closed: separate rooms with doors',
        },
      },
      sv: {
        header: 'Hur öppen är planlösningen?',
        help:
          'En luft/luft-värmepump värmer luften runt sin inomhusdel; den varma luften når rum bakom stängda dörrar ' +
          'och på andra våningar mycket sämre. Vet du inte räknar vi med slutna rum.',
        options: {
          open: 'Öppen: kök, vardagsrum och hall i ett',
          partly_open: 'Delvis öppen: några rum öppna mot varandra',
          closed: 'Sluten: separata rum med dörrar',
        },
      },
    },
  },
  {
    key: 'air_to_air_units',
    texts: {
      en: {
        header: 'If you have an air-to-air heat pump: how many indoor units does it have?',
        help: 'Count the wall units inside the house. A new air-to-air heat pump in our advice has one.',
      },
      sv: {
        header: 'Om du har luft/luft-värmepump: hur många inomhusdelar har den?',
        help: 'Räkna väggenheterna inne i huset. En ny luft/luft-värmepump i våra råd har en.',
      },
    },
  },
  {
    key: 'heat_pump_installation_year',
    texts: {
      en: { header: 'If you have a heat pump: which year was it installed?' },
      sv: { header: 'Om du har värmepump: vilket år installerades den?' },
    },
  },
  {
    key: 'basement',
    texts: {
      en: {
        header: 'Does the house have a basement?',
        options: { none: 'No basement', unheated: 'Yes, unheated', heated: 'Yes, heated' },
      },
      sv: {
        header: 'Har huset källare?',
        options: { none: 'Ingen källare', unheated: 'Ja, ouppvärmd', heated: 'Ja, uppvärmd' },
      },
    },
  },
  {
    key: 'ventilation',
    texts: {
      en: {
        header: 'What ventilation does the house have?',
        options: {
          unknown: 'Do not know',
          natural: 'Natural ventilation',
          exhaust: 'Exhaust fan',
          balanced_heat_recovery: 'Balanced with heat recovery (FTX)',
        },
      },
      sv: {
        header: 'Vilken ventilation har huset?',
        options: {
          unknown: 'Vet inte',
          natural: 'Självdrag',
          exhaust: 'Frånluft',
          balanced_heat_recovery: 'FTX (från- och tilluft med värmeåtervinning)',
        },
      },
    },
  },
  {
    key: 'attic_insulation_mm',
    texts: {
      en: { header: 'How thick is the attic insulation?', help: 'Leave empty if you do not know.' },
      sv: { header: 'Hur tjock är isoleringen på vinden?', help: 'Lämna tomt om du inte vet.' },
    },
  },
  {
    key: 'wall_insulation_added_mm',
    texts: {
      en: { header: 'Has wall insulation been added since the house was built? How much?' },
      sv: { header: 'Har väggarna tilläggsisolerats? Hur mycket?' },
    },
  },
  {
    key: 'window_type',
    texts: {
      en: {
        header: 'What windows does the house have?',
        options: {
          unknown: 'Do not know',
          single: 'Single glazing',
          double: 'Double glazing',
          triple: 'Triple glazing',
          energy: 'Energy-efficient windows',
        },
      },
      sv: {
        header: 'Vilka fönster har huset?',
        options: {
          unknown: 'Vet inte',
          single: 'Enkelglas',
          double: 'Tvåglas',
          triple: 'Treglas',
          energy: 'Energifönster',
        },
      },
    },
  },
  {
    key: 'window_film',
    texts: {
      en: { header: 'Do the windows have an insulating window film?' },
      sv: { header: 'Har fönstren isolerande fönsterfilm?' },
    },
  },
  {
    key: 'door_type',
    texts: {
      en: {
        header: 'What outer doors does the house have?',
        options: { original: 'Original doors', insulated: 'Insulated doors', energy: 'Energy-efficient doors' },
      },
      sv: {
        header: 'Vilka ytterdörrar har huset?',
        options: { original: 'Ursprungliga dörrar', insulated: 'Isolerade dörrar', energy: 'Energidörrar' },
      },
    },
  },
  {
    key: 'occupants',
    texts: { en: { header: 'How many people live in the house?' }, sv: { header: 'Hur många bor i huset?' } },
  },
  {
    key: 'indoor_temperature',
    texts: {
      en: { header: 'What indoor temperature do you keep in winter?' },
      sv: { header: 'Vilken inomhustemperatur har ni på vintern?' },
    },
  },
  {
    key: 'low_flush_faucets',
    texts: {
      en: { header: 'Are low-flow taps and shower heads fitted?' },
      sv: { header: 'Har ni snålspolande kranar och duschmunstycken?' },
    },
  },
  {
    key: 'solar_panels_wp',
    texts: {
      en: {
        header: 'How much solar power is installed (peak watts)?',
        help: '0 if you have no solar panels. 1 kWp = 1000 Wp.',
      },
      sv: {
        header: 'Hur mycket solceller finns installerat (toppeffekt i watt)?',
        help: '0 om ni inte har solceller. 1 kWp = 1000 Wp.',
      },
    },
  },
  {
    key: 'battery_kwh',
    texts: {
      en: { header: 'How large is your home battery?', help: '0 if you have none.' },
      sv: { header: 'Hur stort är ert hembatteri?', help: '0 om ni inte har något.' },
    },
  },
  {
    key: 'roof_orientation',
    texts: {
      en: {
        header: 'Which way does the best roof side face?',
        options: { unknown: 'Do not know', south: 'South', east_west: 'East or west', north: 'North' },
      },
      sv: {
        header: 'Åt vilket håll vetter den bästa takytan?',
        options: { unknown: 'Vet inte', south: 'Söder', east_west: 'Öster eller väster', north: 'Norr' },
      },
    },
  },
  {
    key: 'smart_heating_control',
    texts: {
      en: { header: 'Is the heating smart-controlled (e.g. by weather forecast or electricity price)?' },
      sv: { header: 'Styrs värmen smart (t.ex. efter väderprognos eller elpris)?' },
    },
  },
  {
    key: 'appliances',
    texts: {
      en: {
        header: 'How efficient are your household appliances?',
        options: { standard: 'Standard', efficient: 'Mostly energy class A–B' },
      },
      sv: {
        header: 'Hur energisnåla är era vitvaror?',
        options: { standard: 'Vanliga', efficient: 'Mest energiklass A–B' },
      },
    },
  },
  {
    key: 'energy_reducing_products',
    texts: {
      en: { header: 'Do you use LED lighting and standby cut-offs throughout?' },
      sv: { header: 'Har ni LED-belysning och avstängning av standby överallt?' },
    },
  },
  {
    key: 'wallbox',
    texts: {
      en: { header: 'Is there a charging point for an electric car?' },
      sv: { header: 'Finns det en laddbox för elbil?' },
    },
  },
  {
    key: 'ceiling_height',
    asked: false,
    texts: { en: { header: 'How high are the rooms?' }, sv: { header: 'Hur hög är takhöjden?' } },
  },
];

/** The platform question set: every engine answer key exactly once. */
export function defaultQuestions(): QuestionDefinition[] {
  return QUESTIONS.map((q, position) => ({
    key: q.key,
    header: q.texts.en.header,
    data: answerData(q.key),
    asked: q.asked ?? true,
    position,
    required: (REQUIRED_ANSWER_KEYS as readonly AnswerKey[]).includes(q.key),
    texts: q.texts,
  }));
}
