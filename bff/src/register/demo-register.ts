/**
 * The demo property register: a deterministic generator of plausible Swedish homes (DEMO DATA, every row has
 * `demo: true`). Same seed + options → the same rows, in the same order.
 *
 * What is real: municipalities, their price areas, postal codes and the postal codes' localities (from the geo
 * tables). What is invented: streets, house numbers and every building attribute. The distributions below are OUR
 * ESTIMATES for a plausible mix, loosely anchored on the Swedish småhus stock (most houses built 1950-1980, direct
 * electric heating peaking in 1965-1985 houses, district heating mostly in towns, heat pumps the commonest system
 * today, EPC class E "common for older buildings" per Boverket; docs/energy.md §1.3). They are not statistics.
 */
import { type GeoData, type PostalCode } from './geo';
import { dayNumber, dayOfNumber } from '@home-energy/shared/schemas/dates';
import { addressKey } from './search';
import { mulberry32, normal, pick, randInt, type Rng, weighted } from './prng';
import {
  type BuildingType,
  type EpcClass,
  EPC_CLASSES,
  type HeatingSystem,
  type IssuedEpc,
  type PriceArea,
  propertyName,
  type RegisterHeatingSystem,
  type RegisterProperty,
} from './types';

export const DEFAULT_DEMO_SEED = 20_260_101;
export const DEFAULT_DEMO_COUNT = 5_000;
/** The generator's "today" (fixed, so that output never depends on the clock). */
export const DEFAULT_DEMO_AS_OF = '2026-11-01';

export interface DemoProperty extends RegisterProperty {
  /** Stable key of the row within one generation (seed, count, as-of): "demo-00001". */
  demo_id: string;
  /** The display name: "Björkvägen 12, 123 45 Ort". */
  name: string;
  municipality_code: string;
  /** Short name, e.g. "Uppsala". */
  municipality_name: string;
  county_code: string;
  price_area: PriceArea;
  demo: true;
}

export interface DemoOptions {
  seed?: number;
  count?: number;
  /** ISO date; construction years never exceed its year and EPCs are issued within the 10 years before it. */
  asOf?: string;
}

/**
 * The municipalities of the demo register, with a relative weight (roughly the size of the småhus stock) and the share
 * of town småhus on district heating (our estimate). The price area always comes from the geo table.
 * `allUrban`: every locality of the municipality counts as town (the three metropolitan municipalities).
 */
interface MunicipalityProfile {
  code: string;
  weight: number;
  districtHeating: number;
  allUrban?: boolean;
}

export const DEMO_MUNICIPALITIES: readonly MunicipalityProfile[] = [
  // SE1
  { code: '2580', weight: 3, districtHeating: 0.2 }, // Luleå
  { code: '2581', weight: 1.5, districtHeating: 0.15 }, // Piteå
  { code: '2584', weight: 1, districtHeating: 0.25 }, // Kiruna
  { code: '2482', weight: 2.5, districtHeating: 0.15 }, // Skellefteå
  // SE2
  { code: '2480', weight: 4, districtHeating: 0.2 }, // Umeå
  { code: '2281', weight: 3, districtHeating: 0.18 }, // Sundsvall
  { code: '2380', weight: 2, districtHeating: 0.18 }, // Östersund
  { code: '2280', weight: 1, districtHeating: 0.18 }, // Härnösand
  { code: '2284', weight: 2, districtHeating: 0.15 }, // Örnsköldsvik
  // SE3
  { code: '0180', weight: 10, districtHeating: 0.15, allUrban: true }, // Stockholm
  { code: '1480', weight: 8, districtHeating: 0.15, allUrban: true }, // Göteborg
  { code: '0380', weight: 5, districtHeating: 0.2 }, // Uppsala
  { code: '0580', weight: 4, districtHeating: 0.2 }, // Linköping
  { code: '1880', weight: 4, districtHeating: 0.15 }, // Örebro
  { code: '1980', weight: 4, districtHeating: 0.25 }, // Västerås
  { code: '0680', weight: 4, districtHeating: 0.12 }, // Jönköping
  { code: '1780', weight: 3, districtHeating: 0.15 }, // Karlstad
  { code: '2180', weight: 3, districtHeating: 0.18 }, // Gävle
  { code: '2080', weight: 2, districtHeating: 0.15 }, // Falun
  // SE4
  { code: '1280', weight: 6, districtHeating: 0.12, allUrban: true }, // Malmö
  { code: '1281', weight: 3, districtHeating: 0.2 }, // Lund
  { code: '1283', weight: 4, districtHeating: 0.15 }, // Helsingborg
  { code: '1290', weight: 2.5, districtHeating: 0.12 }, // Kristianstad
  { code: '1080', weight: 2, districtHeating: 0.12 }, // Karlskrona
  { code: '0780', weight: 3, districtHeating: 0.2 }, // Växjö
  { code: '0880', weight: 2, districtHeating: 0.12 }, // Kalmar
  { code: '1380', weight: 3, districtHeating: 0.12 }, // Halmstad
];

/**
 * Which postal codes of a municipality the generator uses (OUR HEURISTIC, not checked against PostNord): it skips the
 * codes that usually serve post-office boxes and large recipients rather than streets, i.e. the metropolitan box ranges
 * 100-109 (Stockholm), 200-209 (Malmö), 400-409 (Göteborg) and, anywhere, codes whose last two digits are 00-19 or
 * 80-89. Codes ending 90-99 (rural delivery areas in practice) and localities other than the municipality's main
 * town count as countryside.
 */
export function isStreetPostalCode(postalCode: string): boolean {
  const prefix = Number(postalCode.slice(0, 3));
  const tail = Number(postalCode.slice(3));
  if ((prefix >= 100 && prefix <= 109) || (prefix >= 200 && prefix <= 209) || (prefix >= 400 && prefix <= 409))
    return false;
  return !(tail <= 19 || (tail >= 80 && tail <= 89));
}

// Street names: a stem + a suffix, plus a few whole names. Stems are common in Swedish street naming.
const STREET_STEMS = [
  'Björk',
  'Ek',
  'Lind',
  'Asp',
  'Alm',
  'Gran',
  'Tall',
  'Rönn',
  'Lönn',
  'Hassel',
  'Sälg',
  'Hägg',
  'Syren',
  'Fläder',
  'Rosen',
  'Lilje',
  'Viol',
  'Blåklints',
  'Klöver',
  'Ljung',
  'Vide',
  'Äppel',
  'Päron',
  'Plommon',
  'Körsbärs',
  'Kastanje',
  'Lärk',
  'Trast',
  'Svan',
  'Mås',
  'Falk',
  'Örn',
  'Hök',
  'Tran',
  'Duv',
  'Orre',
  'Tjäder',
  'Hjort',
  'Räv',
  'Sol',
  'Stjärn',
  'Dal',
  'Berg',
  'Ås',
  'Hag',
  'Ängs',
  'Åker',
  'Skogs',
  'Sjö',
  'Strand',
  'Ström',
  'Bäck',
  'Kvarn',
  'Smedje',
  'Skol',
  'Kyrko',
  'Prästgårds',
  'Stations',
  'Järnvägs',
  'Hamn',
  'Bruks',
  'Gårds',
  'Tegel',
  'Tull',
  'Park',
  'Villa',
  'Trädgårds',
  'Idrotts',
  'Väster',
  'Öster',
  'Norr',
  'Söder',
  'Stor',
  'Lill',
  'Ny',
  'Kungs',
  'Drottning',
  'Prins',
  'Slotts',
  'Fält',
  'Mejeri',
  'Snickar',
  'Murar',
  'Tegelbruks',
  'Ringvägs',
  'Solros',
  'Vallmo',
  'Hallon',
  'Lingon',
  'Blåbärs',
  'Hjortron',
  'Enbärs',
  'Nypon',
  'Mossa',
  'Sten',
  'Klint',
  'Udde',
  'Vik',
  'Näs',
  'Holm',
];
const TOWN_SUFFIXES: ReadonlyArray<readonly [string, number]> = [
  ['vägen', 38],
  ['gatan', 28],
  ['stigen', 11],
  ['backen', 8],
  ['gränd', 5],
  ['slingan', 6],
  ['allén', 4],
];
const RURAL_SUFFIXES: ReadonlyArray<readonly [string, number]> = [
  ['vägen', 62],
  ['gatan', 4],
  ['stigen', 12],
  ['backen', 12],
  ['slingan', 6],
  ['gränd', 2],
  ['allén', 2],
];
const WHOLE_STREET_NAMES = [
  'Storgatan',
  'Nygatan',
  'Linnégatan',
  'S:t Olofsgatan',
  'Engelbrektsgatan',
  'Västra Långgatan',
  'Östra Storgatan',
  'Norra Vägen',
  'Södra Vägen',
  'Gamla Landsvägen',
  'Sankt Görans väg',
  'Kapellgatan',
];
const RURAL_WHOLE_NAMES = ['Byvägen', 'Bygatan', 'Gamla Landsvägen', 'Skolvägen', 'Kyrkvägen', 'Kvarnbacken'];

function streetName(rng: Rng, rural: boolean): string {
  if (rng() < 0.06) return pick(rng, rural ? RURAL_WHOLE_NAMES : WHOLE_STREET_NAMES);
  return pick(rng, STREET_STEMS) + weighted(rng, rural ? RURAL_SUFFIXES : TOWN_SUFFIXES);
}

// --- building attributes -----------------------------------------------------------------------------------------

type Setting = 'metro' | 'town' | 'rural';

const BUILDING_TYPE_WEIGHTS: Record<Setting, ReadonlyArray<readonly [BuildingType, number]>> = {
  metro: [
    ['villa', 50],
    ['radhus', 22],
    ['parhus', 6],
    ['kedjehus', 10],
    ['flerbostadshus', 12],
  ],
  town: [
    ['villa', 62],
    ['radhus', 15],
    ['parhus', 6],
    ['kedjehus', 10],
    ['flerbostadshus', 7],
  ],
  rural: [
    ['villa', 90],
    ['radhus', 3],
    ['parhus', 3],
    ['kedjehus', 3],
    ['flerbostadshus', 1],
  ],
};

/** Construction eras [from, to] and weights per building type (our estimate; 1951-1980 dominates the småhus stock). */
const ERAS: ReadonlyArray<readonly [number, number]> = [
  [1880, 1930],
  [1931, 1950],
  [1951, 1960],
  [1961, 1970],
  [1971, 1980],
  [1981, 1990],
  [1991, 2000],
  [2001, 2010],
  [2011, 9999],
];
const ERA_WEIGHTS: Record<BuildingType, readonly number[]> = {
  villa: [13, 11, 10, 16, 18, 10, 5, 8, 9],
  radhus: [1, 2, 5, 20, 30, 20, 7, 7, 8],
  kedjehus: [0, 1, 4, 22, 34, 20, 6, 6, 7],
  parhus: [6, 8, 10, 16, 20, 15, 7, 9, 9],
  flerbostadshus: [15, 14, 14, 20, 12, 8, 5, 6, 6],
};

function constructionYear(rng: Rng, type: BuildingType, rural: boolean, asOfYear: number): number {
  const weights = ERA_WEIGHTS[type].map((w, i) => (rural && i <= 1 ? w * 1.6 : w));
  const era = weighted(
    rng,
    ERAS.map((e, i) => [e, weights[i]] as const),
  );
  return randInt(rng, era[0], Math.min(era[1], asOfYear));
}

function numFloors(rng: Rng, type: BuildingType, year: number): number {
  switch (type) {
    case 'villa':
      if (year <= 1950)
        return weighted(rng, [
          [1, 25],
          [2, 65],
          [3, 10],
        ]);
      if (year <= 1980)
        return weighted(rng, [
          [1, 60],
          [2, 38],
          [3, 2],
        ]);
      return weighted(rng, [
        [1, 45],
        [2, 52],
        [3, 3],
      ]);
    case 'radhus':
    case 'parhus':
      return weighted(rng, [
        [1, 30],
        [2, 65],
        [3, 5],
      ]);
    case 'kedjehus':
      return weighted(rng, [
        [1, 45],
        [2, 55],
      ]);
    case 'flerbostadshus':
      if (year <= 1930) return randInt(rng, 3, 5);
      if (year <= 1960) return randInt(rng, 2, 4);
      if (year <= 1975) return randInt(rng, 3, 8);
      return randInt(rng, 2, 6);
  }
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Heated floor area Atemp in m² (our estimate; a Swedish villa is typically 120-180 m² Atemp incl. a heated basement).
 */
function atemp(rng: Rng, type: BuildingType, year: number, floors: number): number {
  const eraFactor = year <= 1930 ? 0.95 : year <= 1960 ? 0.9 : year <= 2000 ? 1 : 1.08;
  switch (type) {
    case 'villa': {
      const mean = floors === 1 ? 125 : floors === 2 ? 155 : 200;
      return Math.round(clamp(normal(rng, mean * eraFactor, 28), 60, 400));
    }
    case 'radhus':
      return Math.round(clamp(normal(rng, 110, 18), 60, 180));
    case 'parhus':
      return Math.round(clamp(normal(rng, 120, 20), 65, 200));
    case 'kedjehus':
      return Math.round(clamp(normal(rng, 125, 20), 70, 220));
    case 'flerbostadshus':
      return Math.round(floors * clamp(normal(rng, 300, 90), 150, 800));
  }
}

/**
 * Heating systems, main system first (our estimate of a plausible mix). District heating: mostly apartment buildings
 * and town houses; direct electric: houses of 1965-1985; oil: old houses, now rare; wood and pellets: countryside and
 * the north; air-to-air heat pumps always on top of another system.
 */
function heatingSystems(
  rng: Rng,
  ctx: { type: BuildingType; year: number; setting: Setting; districtHeating: number; priceArea: PriceArea },
): RegisterHeatingSystem[] {
  const { type, year, setting, priceArea } = ctx;
  const north = priceArea === 'SE1' || priceArea === 'SE2';
  let main: RegisterHeatingSystem;
  if (type === 'flerbostadshus') {
    main =
      setting === 'rural'
        ? weighted(rng, [
            ['district_heating', 45],
            ['heat_pump_geothermal', 20],
            ['pellets', 15],
            ['electric_waterborne', 10],
            ['oil', 5],
            ['heat_pump_airwater', 5],
          ])
        : weighted(rng, [
            ['district_heating', 88],
            ['heat_pump_geothermal', 6],
            ['electric_waterborne', 3],
            ['heat_pump_airwater', 3],
          ]);
  } else {
    const dhShare = setting === 'rural' ? 0.03 : ctx.districtHeating * (type === 'villa' ? 1 : 1.6);
    if (rng() < dhShare) {
      main = 'district_heating';
    } else {
      const electricEra = year >= 1965 && year <= 1985;
      const newHouse = year >= 2011;
      const old = year <= 1970;
      const w: Array<[RegisterHeatingSystem, number]> = [
        ['heat_pump_geothermal', 30],
        ['heat_pump_air', newHouse ? 7 : 15],
        ['heat_pump_airwater', newHouse ? 28 : 13],
        ['electric_direct', (electricEra ? 30 : year < 1940 ? 4 : 10) * (newHouse ? 0.3 : 1)],
        ['electric_waterborne', newHouse ? 4 : 12],
        ['pellets', (setting === 'rural' ? 6 : 2) * (north ? 1.6 : 1) * (newHouse ? 0.5 : 1)],
        ['wood', (setting === 'rural' ? 6 : 1) * (north ? 1.8 : 1) * (newHouse ? 0.3 : 1)],
        ['oil', newHouse || year > 1985 ? 0 : (old ? 4 : 1.5) * (setting === 'rural' ? 1.5 : 1)],
      ];
      main = weighted(rng, w);
    }
  }
  const systems: RegisterHeatingSystem[] = [];
  const add = (s: RegisterHeatingSystem) => {
    if (!systems.includes(s)) systems.push(s);
  };
  switch (main) {
    case 'heat_pump_air':
      // An air-to-air heat pump heats a house on top of its radiators or boiler.
      add(
        weighted(rng, [
          ['electric_direct', 70],
          ['electric_waterborne', 20],
          ['wood', 10],
        ]),
      );
      add('heat_pump_air');
      if (rng() < 0.2 && !systems.includes('wood')) add('wood');
      break;
    case 'electric_direct':
      add(main);
      if (rng() < 0.45) add('heat_pump_air');
      if (rng() < 0.25) add('wood');
      break;
    case 'electric_waterborne':
      add(main);
      if (rng() < 0.3) add('wood');
      if (rng() < 0.1) add('heat_pump_air');
      break;
    case 'oil':
      add(main);
      if (rng() < 0.25) add('wood');
      if (rng() < 0.15) add('electric_waterborne');
      break;
    case 'pellets':
      add(main);
      if (rng() < 0.3) add('electric_waterborne');
      if (rng() < 0.2) add('wood');
      break;
    case 'wood':
      add(main);
      if (rng() < 0.6) add('electric_waterborne');
      if (rng() < 0.2) add('heat_pump_air');
      break;
    default:
      // district heating and water-borne heat pumps: sometimes a fireplace or stove.
      add(main);
      if (type !== 'flerbostadshus' && rng() < (main === 'district_heating' ? 0.05 : 0.1)) add('wood');
  }
  return systems;
}

// --- EPC -------------------------------------------------------------------------------------------------------------

/**
 * An issued EPC for some homes (about 40 % of småhus, 85 % of apartment buildings, which must have one). The class
 * follows the era and the heating system (our estimate: heat pumps and district heating weigh less in EP, electric
 * and oil heating more) with noise; old houses mostly land on D-F, new ones on A-C. Issued within the 10 years before
 * `asOf` (an EPC is valid for 10 years), never before the year after construction.
 */
function issuedEpc(
  rng: Rng,
  type: BuildingType,
  year: number,
  systems: HeatingSystem[],
  asOfDay: number,
): IssuedEpc | null {
  if (rng() >= (type === 'flerbostadshus' ? 0.85 : 0.4)) return null;
  let score =
    year <= 1940
      ? 4.8
      : year <= 1960
        ? 4.5
        : year <= 1975
          ? 4.1
          : year <= 1985
            ? 3.6
            : year <= 1995
              ? 3.2
              : year <= 2005
                ? 2.9
                : year <= 2012
                  ? 2.3
                  : 1.5;
  const main = systems[0];
  if (main === 'heat_pump_geothermal') score -= 1;
  else if (main === 'heat_pump_airwater') score -= 0.7;
  else if (main === 'district_heating') score -= 0.5;
  else if (main === 'electric_direct' || main === 'electric_waterborne') score += 0.6;
  else if (main === 'oil') score += 0.3;
  else if (main === 'pellets' || main === 'wood') score -= 0.3;
  if (systems.includes('heat_pump_air')) score -= 0.3;
  score += (rng() + rng() + rng() - 1.5) * 1.1;
  const cls: EpcClass = EPC_CLASSES[clamp(Math.round(score), 0, 6)];

  const earliest = Math.max(asOfDay - 3652 + 1, dayNumber(`${year + 1}-01-01`));
  if (earliest > asOfDay) return null;
  return { class: cls, issued_at: dayOfNumber(randInt(rng, earliest, asOfDay)) };
}

// --- the generator ---------------------------------------------------------------------------------------------------

interface PostalArea {
  postal: PostalCode;
  setting: Setting;
  streets: string[];
}

interface MunicipalityPlan {
  profile: MunicipalityProfile;
  shortName: string;
  countyCode: string;
  priceArea: PriceArea;
  areas: PostalArea[];
}

function planMunicipalities(geo: GeoData, rng: Rng): MunicipalityPlan[] {
  const byMunicipality = new Map<string, PostalCode[]>();
  for (const p of geo.postalCodes) {
    if (!isStreetPostalCode(p.postalCode)) continue;
    const list = byMunicipality.get(p.municipalityCode);
    if (list) list.push(p);
    else byMunicipality.set(p.municipalityCode, [p]);
  }
  return DEMO_MUNICIPALITIES.map((profile) => {
    const municipality = geo.municipalityByCode.get(profile.code);
    const area = geo.priceAreaByMunicipality.get(profile.code);
    const codes = byMunicipality.get(profile.code) ?? [];
    if (!municipality || !area || codes.length === 0) {
      throw new Error(
        `demo register: municipality ${profile.code} is missing from the geo tables or has no street postal codes`,
      );
    }
    // A fixed, seeded subset of the municipality's codes, so that homes cluster on streets as they do in reality.
    const shuffled = [...codes];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    const used = shuffled.slice(0, Math.max(12, Math.round(profile.weight * 10)));
    return {
      profile,
      shortName: municipality.shortName,
      countyCode: municipality.countyCode,
      priceArea: area.priceArea,
      areas: used.map((postal) => {
        const tail = Number(postal.postalCode.slice(3));
        const rural = tail >= 90 || (!profile.allUrban && postal.locality !== municipality.shortName);
        const setting: Setting = rural ? 'rural' : profile.allUrban ? 'metro' : 'town';
        return { postal, setting, streets: [] };
      }),
    };
  });
}

/** Generates the demo register from the loaded geo tables. Pure: no clock, no I/O, no global state. */
export function generateDemoRegister(geo: GeoData, options: DemoOptions = {}): DemoProperty[] {
  const seed = options.seed ?? DEFAULT_DEMO_SEED;
  const count = options.count ?? DEFAULT_DEMO_COUNT;
  const asOf = options.asOf ?? DEFAULT_DEMO_AS_OF;
  if (!Number.isInteger(count) || count < 0)
    throw new Error(`demo register: count must be a whole number ≥ 0, got ${count}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(asOf))) {
    throw new Error(`demo register: asOf must be YYYY-MM-DD, got ${asOf}`);
  }
  const asOfDay = dayNumber(asOf);
  const asOfYear = Number(asOf.slice(0, 4));

  const rng = mulberry32(seed);
  const plans = planMunicipalities(geo, rng);
  const municipalityWeights = plans.map((p) => [p, p.profile.weight] as const);
  const taken = new Set<string>();
  const rows: DemoProperty[] = [];
  let stalls = 0;

  while (rows.length < count) {
    // Round-robin for the first pass guarantees every municipality is present even in small registers.
    const plan = rows.length < plans.length ? plans[rows.length] : weighted(rng, municipalityWeights);
    const area = pick(rng, plan.areas);
    const rural = area.setting === 'rural';
    const type = weighted(rng, BUILDING_TYPE_WEIGHTS[area.setting]);

    // A street of this postal area: an existing one (homes cluster) or a new one (2-6 per area).
    if (area.streets.length === 0 || (area.streets.length < 6 && rng() < 0.15)) {
      let name = streetName(rng, rural);
      for (let tries = 0; area.streets.includes(name) && tries < 20; tries++) name = streetName(rng, rural);
      if (!area.streets.includes(name)) area.streets.push(name);
    }
    const streetBase = pick(rng, area.streets);
    let street = '';
    for (let tries = 0; tries < 50; tries++) {
      const maxNumber = type === 'flerbostadshus' ? 40 : rural ? 80 : 60;
      const number = 1 + Math.floor(maxNumber * rng() ** 1.4);
      const letter = (type === 'radhus' || type === 'kedjehus') && rng() < 0.3 ? pick(rng, ['A', 'B', 'C', 'D']) : '';
      const candidate = `${streetBase} ${number}${letter}`;
      // Unique as the database sees it: normalised street + postal code.
      if (!taken.has(addressKey(candidate, area.postal.postalCode)!)) {
        street = candidate;
        break;
      }
    }
    if (!street) {
      // This street is (nearly) full: open another one in the area and draw again.
      if (++stalls > count * 10 + 1000) throw new Error('demo register: cannot place more unique addresses');
      const name = streetName(rng, rural);
      if (!area.streets.includes(name)) area.streets.push(name);
      continue;
    }
    taken.add(addressKey(street, area.postal.postalCode)!);

    const year = constructionYear(rng, type, rural, asOfYear);
    const floors = numFloors(rng, type, year);
    const systems = heatingSystems(rng, {
      type,
      year,
      setting: area.setting,
      districtHeating: plan.profile.districtHeating,
      priceArea: plan.priceArea,
    });
    const address = { street, postal_code: area.postal.postalCode, postal_city: area.postal.locality };
    rows.push({
      demo_id: `demo-${String(rows.length + 1).padStart(5, '0')}`,
      name: propertyName(address),
      ...address,
      municipality_code: plan.profile.code,
      municipality_name: plan.shortName,
      county_code: plan.countyCode,
      price_area: plan.priceArea,
      building: {
        building_type: type,
        construction_year: year,
        num_floors: floors,
        atemp: atemp(rng, type, year, floors),
        primary_heating_systems: systems,
      },
      epc: issuedEpc(rng, type, year, systems, asOfDay),
      demo: true,
    });
  }
  return rows;
}
