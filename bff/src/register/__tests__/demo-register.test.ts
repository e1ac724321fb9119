import {
  DEFAULT_DEMO_AS_OF,
  DEMO_MUNICIPALITIES,
  type DemoProperty,
  generateDemoRegister,
  isStreetPostalCode,
} from '../demo-register';
import { type GeoData, loadGeo } from '../geo';
import { mulberry32 } from '../prng';
import { addressKey } from '../search';
import {
  BUILDING_TYPES,
  EPC_CLASSES,
  HEATING_SYSTEMS,
  PRICE_AREAS,
  propertyName,
  REGISTER_HEATING_MIX,
  SMALL_HOUSE_TYPES,
} from '../types';

const METRO = new Set(['0180', '1480', '1280']);
const share = (rows: DemoProperty[], test: (r: DemoProperty) => boolean) => rows.filter(test).length / rows.length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
/** The rows breaking a rule (checked row by row without an expect per row: 5,000 rows × many expects is slow). */
function broken(rows: DemoProperty[], rule: (r: DemoProperty) => string | false | null | undefined): string[] {
  const out: string[] = [];
  for (const r of rows) {
    const why = rule(r);
    if (why) out.push(`${r.demo_id} ${r.name}: ${why}`);
  }
  return out.slice(0, 5);
}

describe('demo register', () => {
  let geo: GeoData;
  let rows: DemoProperty[];
  beforeAll(() => {
    geo = loadGeo();
    rows = generateDemoRegister(geo);
  });

  describe('determinism', () => {
    it('gives the same rows for the same seed, whatever ran before', () => {
      generateDemoRegister(geo, { seed: 99, count: 300 });
      expect(generateDemoRegister(geo)).toEqual(rows);
    });

    it('gives other rows for another seed', () => {
      const other = generateDemoRegister(geo, { seed: 1, count: 200 });
      const same = other.filter((r, i) => r.name === rows[i].name).length;
      expect(same).toBeLessThan(20);
    });

    it('a smaller register is the start of a larger one (stable demo ids)', () => {
      expect(generateDemoRegister(geo, { count: 250 })).toEqual(rows.slice(0, 250));
    });

    it('mulberry32 is a fixed sequence', () => {
      const rng = mulberry32(42);
      const first = [rng(), rng(), rng()];
      const again = mulberry32(42);
      expect([again(), again(), again()]).toEqual(first);
      expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
      expect(mulberry32(43)()).not.toBe(first[0]);
    });
  });

  describe('counts and places', () => {
    it('has 5,000 rows over at least 20 municipalities and all four price areas, each well represented', () => {
      expect(rows).toHaveLength(5_000);
      const municipalities = new Set(rows.map((r) => r.municipality_code));
      expect(municipalities.size).toBeGreaterThanOrEqual(20);
      expect(municipalities.size).toBe(DEMO_MUNICIPALITIES.length);
      for (const area of PRICE_AREAS) expect(share(rows, (r) => r.price_area === area)).toBeGreaterThan(0.05);
    });

    it('places every municipality even in a tiny register', () => {
      const small = generateDemoRegister(geo, { count: DEMO_MUNICIPALITIES.length });
      expect(new Set(small.map((r) => r.municipality_code)).size).toBe(DEMO_MUNICIPALITIES.length);
      expect(new Set(small.map((r) => r.price_area))).toEqual(new Set(PRICE_AREAS));
    });

    it('has unique addresses (normalised street + postal code, as the database index has them), unique ids', () => {
      expect(new Set(rows.map((r) => addressKey(r.street, r.postal_code))).size).toBe(rows.length);
      expect(new Set(rows.map((r) => r.demo_id)).size).toBe(rows.length);
      expect(rows[0].demo_id).toBe('demo-00001');
    });

    it('uses only real postal codes with their real locality, municipality, county and price area', () => {
      expect(
        broken(rows, (r) => {
          const postal = geo.postalCodeByCode.get(r.postal_code);
          if (!postal) return 'postal code not in postal_codes.csv';
          if (r.postal_city !== postal.locality) return `locality ${r.postal_city} ≠ ${postal.locality}`;
          if (r.municipality_code !== postal.municipalityCode)
            return `municipality ${r.municipality_code} ≠ ${postal.municipalityCode}`;
          const municipality = geo.municipalityByCode.get(r.municipality_code)!;
          if (r.municipality_name !== municipality.shortName) return `municipality name ${r.municipality_name}`;
          if (r.county_code !== municipality.countyCode) return `county ${r.county_code}`;
          if (r.price_area !== geo.priceAreaByMunicipality.get(r.municipality_code)!.priceArea)
            return `price area ${r.price_area}`;
          return !isStreetPostalCode(r.postal_code) && 'a box/large-recipient postal code';
        }),
      ).toEqual([]);
    });

    it('writes plausible Swedish addresses and names them "street, NNN NN city"', () => {
      expect(
        broken(rows, (r) => {
          if (!/^[A-ZÅÄÖ][\p{L}: ]+ \d{1,3}[A-D]?$/u.test(r.street)) return 'street';
          if (!/^[1-9]\d{4}$/.test(r.postal_code)) return 'postal code';
          if (r.name !== `${r.street}, ${r.postal_code.slice(0, 3)} ${r.postal_code.slice(3)} ${r.postal_city}`)
            return 'name';
          if (r.name !== propertyName(r)) return 'propertyName';
          return r.demo !== true && 'not marked demo';
        }),
      ).toEqual([]);
      const suffixes = new Set(
        rows.map((r) => /(gatan|vägen|stigen|backen|gränd|slingan|allén|väg)\b/.exec(r.street.toLowerCase())?.[1]),
      );
      expect(suffixes).toEqual(new Set(['gatan', 'vägen', 'stigen', 'backen', 'gränd', 'slingan', 'allén', 'väg']));
    });

    it('skips post-office-box and large-recipient postal codes', () => {
      expect(isStreetPostalCode('11122')).toBe(true);
      expect(isStreetPostalCode('98192')).toBe(true);
      expect(isStreetPostalCode('10004')).toBe(false); // Stockholm box range
      expect(isStreetPostalCode('40530')).toBe(false); // Göteborg box range
      expect(isStreetPostalCode('20520')).toBe(false); // Malmö box range
      expect(isStreetPostalCode('58105')).toBe(false); // ends 00-19
      expect(isStreetPostalCode('58183')).toBe(false); // ends 80-89
    });

    it('refuses a municipality the geo tables do not have, and a bad count or date', () => {
      const municipalityByCode = new Map(geo.municipalityByCode);
      municipalityByCode.delete('2584');
      expect(() => generateDemoRegister({ ...geo, municipalityByCode }, { count: 10 })).toThrow('municipality 2584');
      expect(() => generateDemoRegister(geo, { count: -1 })).toThrow('count');
      expect(() => generateDemoRegister(geo, { asOf: '2026-13-45' })).toThrow('asOf');
    });
  });

  describe('buildings', () => {
    it('uses only the documented value sets', () => {
      const asOfYear = Number(DEFAULT_DEMO_AS_OF.slice(0, 4));
      expect(
        broken(rows, ({ building: b, epc }) => {
          if (!(BUILDING_TYPES as readonly string[]).includes(b.building_type))
            return `building_type ${b.building_type}`;
          if (!Number.isInteger(b.construction_year) || b.construction_year < 1880 || b.construction_year > asOfYear)
            return `year ${b.construction_year}`;
          if (!Number.isInteger(b.atemp)) return `atemp ${b.atemp}`;
          if (!Number.isInteger(b.num_floors)) return `num_floors ${b.num_floors}`;
          if (b.primary_heating_systems.length < 1) return 'no heating system';
          if (new Set(b.primary_heating_systems).size !== b.primary_heating_systems.length)
            return 'a heating system twice';
          const unknown = b.primary_heating_systems.find(
            (s) => !(REGISTER_HEATING_MIX as readonly string[]).includes(s),
          );
          if (unknown) return `heating system ${unknown}`;
          return epc !== null && !(EPC_CLASSES as readonly string[]).includes(epc.class) && `class ${epc.class}`;
        }),
      ).toEqual([]);
      for (const type of BUILDING_TYPES) expect(rows.some((r) => r.building.building_type === type)).toBe(true);
      for (const system of REGISTER_HEATING_MIX)
        expect(rows.some((r) => r.building.primary_heating_systems.includes(system))).toBe(true);
      // The mix is a subset of the shared vocabulary (which the CSV import accepts in full).
      for (const system of REGISTER_HEATING_MIX) expect(HEATING_SYSTEMS).toContain(system);
      for (const cls of EPC_CLASSES) expect(rows.some((r) => r.epc?.class === cls)).toBe(true);
    });

    it('is mostly villas, with a few apartment buildings', () => {
      expect(share(rows, (r) => r.building.building_type === 'villa')).toBeGreaterThan(0.55);
      expect(share(rows, (r) => r.building.building_type === 'villa')).toBeLessThan(0.8);
      expect(share(rows, (r) => r.building.building_type === 'flerbostadshus')).toBeGreaterThan(0.02);
      expect(share(rows, (r) => r.building.building_type === 'flerbostadshus')).toBeLessThan(0.1);
    });

    it('has construction years skewed as the Swedish stock: many 1950-1980, some old and some new', () => {
      const year = (r: DemoProperty) => r.building.construction_year;
      expect(share(rows, (r) => year(r) >= 1950 && year(r) <= 1980)).toBeGreaterThan(0.35);
      expect(share(rows, (r) => year(r) >= 1950 && year(r) <= 1980)).toBeLessThan(0.6);
      expect(share(rows, (r) => year(r) < 1930)).toBeGreaterThan(0.05);
      expect(share(rows, (r) => year(r) >= 2011)).toBeGreaterThan(0.04);
      expect(share(rows, (r) => year(r) >= 2011)).toBeLessThan(0.2);
      const terraced = rows.filter(
        (r) => r.building.building_type === 'radhus' || r.building.building_type === 'kedjehus',
      );
      expect(share(terraced, (r) => year(r) < 1930)).toBeLessThan(0.03);
    });

    it('has plausible floors and heated areas per type', () => {
      expect(
        broken(rows, ({ building: b }) => {
          const [floors, area] =
            b.building_type === 'flerbostadshus'
              ? [
                  [2, 8],
                  [300, 6_400],
                ]
              : [
                  [1, 3],
                  [60, 400],
                ];
          if (b.num_floors! < floors[0] || b.num_floors! > floors[1])
            return `${b.building_type} with ${b.num_floors} floors`;
          return (b.atemp < area[0] || b.atemp > area[1]) && `${b.building_type} of ${b.atemp} m²`;
        }),
      ).toEqual([]);
      const atemps = (type: string) =>
        rows.filter((r) => r.building.building_type === type).map((r) => r.building.atemp);
      expect(median(atemps('villa'))).toBeGreaterThanOrEqual(120);
      expect(median(atemps('villa'))).toBeLessThanOrEqual(170);
      expect(median(atemps('radhus'))).toBeGreaterThanOrEqual(90);
      expect(median(atemps('radhus'))).toBeLessThanOrEqual(130);
      expect(median(atemps('flerbostadshus'))).toBeGreaterThanOrEqual(700);
      const villas = rows.filter((r) => r.building.building_type === 'villa');
      const twoStorey = villas.filter((r) => r.building.num_floors === 2).map((r) => r.building.atemp);
      const oneStorey = villas.filter((r) => r.building.num_floors === 1).map((r) => r.building.atemp);
      expect(median(twoStorey)).toBeGreaterThan(median(oneStorey));
    });
  });

  describe('heating', () => {
    const main = (r: DemoProperty) => r.building.primary_heating_systems[0];
    const has = (r: DemoProperty, s: string) => r.building.primary_heating_systems.includes(s as never);
    const smallHouses = () => rows.filter((r) => SMALL_HOUSE_TYPES.includes(r.building.building_type));

    it('puts district heating mostly in towns and on apartment buildings', () => {
      const town = smallHouses().filter(
        (r) =>
          METRO.has(r.municipality_code) ||
          (r.postal_city === r.municipality_name && Number(r.postal_code.slice(3)) < 90),
      );
      const countryside = smallHouses().filter(
        (r) => !METRO.has(r.municipality_code) && r.postal_city !== r.municipality_name,
      );
      expect(countryside.length).toBeGreaterThan(300);
      expect(share(town, (r) => main(r) === 'district_heating')).toBeGreaterThan(0.12);
      expect(share(countryside, (r) => main(r) === 'district_heating')).toBeLessThan(0.06);
      expect(
        share(
          rows.filter((r) => r.building.building_type === 'flerbostadshus'),
          (r) => main(r) === 'district_heating',
        ),
      ).toBeGreaterThan(0.7);
      expect(share(rows, (r) => main(r) === 'district_heating')).toBeLessThan(0.3);
    });

    it('has direct electric heating mostly in 1965-1985 houses, no oil in new houses, heat pumps common', () => {
      const houses = smallHouses();
      const electricEra = houses.filter(
        (r) => r.building.construction_year >= 1965 && r.building.construction_year <= 1985,
      );
      const modern = houses.filter((r) => r.building.construction_year >= 2011);
      expect(share(electricEra, (r) => main(r) === 'electric_direct')).toBeGreaterThan(
        2 * share(modern, (r) => main(r) === 'electric_direct'),
      );
      expect(houses.filter((r) => r.building.construction_year > 1985 && has(r, 'oil'))).toHaveLength(0);
      expect(share(houses, (r) => has(r, 'oil'))).toBeLessThan(0.06);
      expect(
        share(houses, (r) => r.building.primary_heating_systems.some((s) => s.startsWith('heat_pump'))),
      ).toBeGreaterThan(0.4);
    });

    it('never has an air-to-air heat pump alone (it sits on top of another system)', () => {
      expect(
        broken(
          rows,
          (r) => has(r, 'heat_pump_air') && r.building.primary_heating_systems.length < 2 && 'heat_pump_air alone',
        ),
      ).toEqual([]);
    });

    it('burns wood and pellets more in the north than in the south', () => {
      const bio = (r: DemoProperty) => main(r) === 'wood' || main(r) === 'pellets';
      const north = smallHouses().filter((r) => r.price_area === 'SE1' || r.price_area === 'SE2');
      const south = smallHouses().filter((r) => r.price_area === 'SE3' || r.price_area === 'SE4');
      expect(share(north, bio)).toBeGreaterThan(share(south, bio));
    });
  });

  describe('issued EPCs', () => {
    const withEpc = () => rows.filter((r) => r.epc);

    it('exist for about 40 % of homes', () => {
      expect(share(rows, (r) => r.epc !== null)).toBeGreaterThan(0.35);
      expect(share(rows, (r) => r.epc !== null)).toBeLessThan(0.47);
    });

    it('are dated within the 10 years before the as-of date and after construction', () => {
      const asOf = Date.parse(DEFAULT_DEMO_AS_OF);
      expect(
        broken(withEpc(), ({ epc, building }) => {
          if (!/^\d{4}-\d{2}-\d{2}$/.test(epc!.issued_at)) return `date ${epc!.issued_at}`;
          const issued = Date.parse(epc!.issued_at);
          if (issued > asOf || asOf - issued >= 10 * 365.25 * 86_400_000) return `issued ${epc!.issued_at}`;
          return (
            Number(epc!.issued_at.slice(0, 4)) <= building.construction_year &&
            `issued ${epc!.issued_at}, built ${building.construction_year}`
          );
        }),
      ).toEqual([]);
    });

    it('skew to D-F for old houses and to A-C for new ones', () => {
      const old = withEpc().filter((r) => r.building.construction_year < 1960);
      const recent = withEpc().filter((r) => r.building.construction_year >= 2011);
      expect(share(old, (r) => ['D', 'E', 'F'].includes(r.epc!.class))).toBeGreaterThan(0.7);
      expect(share(old, (r) => ['A', 'B'].includes(r.epc!.class))).toBeLessThan(0.02);
      expect(share(recent, (r) => ['A', 'B', 'C'].includes(r.epc!.class))).toBeGreaterThan(0.6);
      // E is the commonest class overall ("E är en vanlig energiklass för äldre byggnader").
      const counts = EPC_CLASSES.map((c) => withEpc().filter((r) => r.epc!.class === c).length);
      expect(Math.max(...counts)).toBe(counts[EPC_CLASSES.indexOf('E')]);
    });
  });
});
