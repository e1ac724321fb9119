// THE table of every number the energy model uses. Nothing numeric is written inline elsewhere in bff/src/energy.
// source: the primary public source; null when there is none.
// estimate: our basis when the value is our estimate ([E]) or our arithmetic on sourced numbers ([D]).
import type { HeatingSystem } from '@home-energy/shared/schemas/energy';
import type { Carrier, PriceArea } from './types';

export interface Constant<V> {
  value: V;
  unit: string;
  source: string | null;
  estimate?: string;
}

function k<V>(value: V, unit: string, source: string | null, estimate?: string): Constant<V> {
  return estimate === undefined ? { value, unit, source } : { value, unit, source, estimate };
}

/** Construction-era archetype (U-values in W/m²K). */
export interface EraArchetype {
  untilYear: number;
  wallU: number;
  atticInsulationMm: number;
  floorU: number;
  windowU: number;
  doorU: number;
  extraInfiltrationLsM2: number;
}

/** primary_heating_systems values: the shared vocabulary (13 systems). */
export type HeatingSystemId = HeatingSystem;
export type HeatPumpId = Extract<HeatingSystemId, `heat_pump_${string}`>;
export type CombustionOrDirectId = Exclude<HeatingSystemId, HeatPumpId>;

export interface CostRange {
  low: number;
  high: number;
}

const BBR = 'BBR 29 (BFS 2011:6 as amended by BFS 2020:4)';

export const ENERGY_CONSTANTS = {
  // ---------------------------------------------------------------- rules (docs/energy.md §1)
  ruleVersion: k(
    BBR,
    'rule version',
    'Boverket, "Vad är primärenergital?" (PBL kunskapsbanken): weighting factors from 1 Sep 2020 (BFS ' +
      '2020:4, BBR 29); enara.se "Exempel på energiklasser" (energiklasser år 2024): EPCs compare with the ' +
      'new-build requirement of BBR 29',
    'no later energy chapter was found in public sources (a BFS 2024:14 "BBR 31" and a BFS 2026:9 from ' +
      '2026-10-01 are mentioned unverified); re-check before relabelling',
  ),
  classBandsPercent: k(
    [50, 75, 100, 135, 180, 235] as const,
    '% of the new-build EP requirement (upper bound of A…F, inclusive)',
    'Boverket, "Energiklasser från A–G": class scale (svenskenergideklaration.se, greenbusinessregion.se, achoice ' +
      'quoting Boverket)',
  ),
  epRequirementSmallHouse: k(
    [
      { atempAbove: 130, ep: 90 },
      { atempAbove: 90, ep: 95 },
      { atempAbove: 50, ep: 100 },
    ] as const,
    'kWh/m²·yr for Atemp above the band bound (m²): >130, 90–130, 50–90',
    'Boverket, BBR 29 tabell 9:2a (enara.se/exempel-energiklasser, achoice)',
  ),
  epRequirementMultiDwelling: k(
    75,
    'kWh/m²·yr',
    'Boverket, BBR 29 tabell 9:2a',
    'the +40(q_medel−0.35) supplement for small-flat buildings is not applied',
  ),
  epRequirementMinAtemp: k(
    50,
    'm² (requirement applies when Atemp > this)',
    'Boverket, BBR 29 tabell 9:2a band "50 < Atemp ≤ 90"; Madlumi/madlumi.github.io ecal/energy.js (open-source EP ' +
      'code)',
    'boundary choice: isover.se says ≥ 50; we follow the table and the code (> 50); EPCs are not required ' +
      'below 50 m² (energirenovera.se, "Energideklarationer")',
  ),
  primaryEnergyFactor: k<Record<Carrier, number>>(
    {
      electricity: 1.8,
      district_heating: 0.7,
      bio: 0.6,
      bio_other: 0.6,
      bio_tree_pellets_bricks: 0.6,
      wood: 0.6,
      oil: 1.8,
      gas: 1.8,
    },
    'VF (viktningsfaktor)',
    'Boverket, BBR 29 tabell 9:2b (Boverket Q&A; Madlumi ecal/energy.js)',
    'gas = fossil gas; biogas by contract is not distinguished',
  ),
  fGeoRange: k(
    { min: 0.8, max: 1.9 },
    'F_geo',
    'Boverket, BBR 29 tabell 9:2c range (anticimex.se, "Så påverkas din byggnads energiprestanda av ny regel")',
  ),
  fGeoReferenceTown: k(
    'Stockholm',
    'climate station with F_geo = 1.0',
    '[D] enara.se, "Exempel på energiklasser i Skåne, Göteborg, Stockholm och Luleå" (2024), example 1',
    'official per-kommun table 9:2c not found in public sources; F_geo ≈ degree days / Stockholm degree days ' +
      '(Göteborg 0.89, Luleå 1.51). Check against the F_geo that enara.se example 1 implies with BEN normal ' +
      'tap water and property energy: Skåne 0.80, Göteborg 0.90, Luleå 1.49 (engine README "F_geo calibration")',
  ),
  pvCountsInEp: k(
    false,
    'boolean',
    null,
    '[E] whether own PV lowers delivered energy was not found in public sources: own PV is left out of EP until BBR ' +
      '9:12 is checked',
  ),

  // ---------------------------------------------------------------- standard use (BEN, BFS 2016:12)
  standardTapWaterSmallHouse: k(20, 'kWh/m² Atemp·yr (heat, before η_tvv)', 'Boverket, BEN (BFS 2016:12) tabell 3:1'),
  standardTapWaterMultiDwelling: k(
    25,
    'kWh/m² Atemp·yr',
    'Boverket, BEN (BFS 2016:12) tabell 3:1 as commonly cited (the row itself was not found in public sources)',
    'verify against BEN tabell 3:1',
  ),
  referenceIndoorTemperature: k(
    21,
    '°C',
    'Boverket, BEN (BFS 2016:12) tabell 2:1 as often quoted ("21 °C"; the småhus row itself was not found in public ' +
      'sources)',
    'normal use for the label; verify BEN tabell 2:1',
  ),
  propertyElectricity: k(
    5.5,
    'kWh/m² Atemp·yr',
    'Boverket, BEN (BFS 2016:12), one worked example (880 kWh, 160 m²)',
    '[E] generalised to all houses',
  ),
  ftxExtraPropertyElectricity: k(
    3,
    'kWh/m² Atemp·yr',
    null,
    'fans of balanced ventilation: ΔSFP ≈ 1 kW/(m³/s) × 0.35 l/s·m² × 8 760 h ≈ 3 kWh/m²',
  ),

  // ---------------------------------------------------------------- climate (SMHI, geo README)
  degreeDayBase: k(17, '°C', 'SMHI, graddagar (degree days), base +17 °C'),
  degreeDayLatitudeGradient: k(
    246,
    'degree days per degree latitude',
    'SMHI, "Graddagar" normal values 1991–2020 of Malmö, Göteborg, Stockholm, Sundsvall and Luleå',
    '[D] least-squares slope over the five SMHI towns (Malmö…Luleå) at their municipality seats; corrects ' +
      'the nearest town to the place',
  ),
  daysPerMonth: k([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const, 'days', null, 'calendar (non-leap year)'),
  degreeDaySpread: k(
    0.71,
    '1/K (Hitchin k)',
    null,
    '[E] monthly degree days from monthly means with the spread of daily temperatures (Hitchin 1983, CIBSE ' +
      'TM41, UK value): smooth in the base temperature, so measures interact',
  ),
  freeHeatGains: k(
    7,
    'W/m² Atemp (internal + solar, heating season)',
    'Boverket, BEN (BFS 2016:12) tabell 3:3 household energy 30 kWh/m² (= 3.4 W/m²); SMHI graddagar base 17 °C',
    '[E] household electricity 3.4 + people ≈ 1.3 + sun through windows ≈ 2 W/m²; gives the balance ' +
      'temperature 21 − gains/H ≈ 17 °C (SMHI base) for a 1961–75 house',
  ),
  indoorTemperatureSensitivity: k(
    0.05,
    'share of space heating per °C',
    'Energimyndigheten, Husguiden "en grad … 5 procent"',
  ),
  hoursPerDay: k(24, 'h/day', null, 'definition'),
  whPerKwh: k(1000, 'Wh/kWh', null, 'definition'),
  mmPerM: k(1000, 'mm/m', null, 'definition'),
  wattPerKilowatt: k(1000, 'W/kW (also Wp/kWp)', null, 'definition'),
  earthRadiusKm: k(6371, 'km', null, 'definition (mean radius), for distances to climate towns'),

  // ---------------------------------------------------------------- envelope (docs/energy.md §2)
  eraArchetypes: k<readonly EraArchetype[]>(
    [
      {
        untilYear: 1940,
        wallU: 0.5,
        atticInsulationMm: 100,
        floorU: 0.28,
        windowU: 2.8,
        doorU: 2.5,
        extraInfiltrationLsM2: 0.05,
      },
      {
        untilYear: 1960,
        wallU: 0.42,
        atticInsulationMm: 130,
        floorU: 0.27,
        windowU: 2.8,
        doorU: 2,
        extraInfiltrationLsM2: 0.03,
      },
      {
        untilYear: 1970,
        wallU: 0.38,
        atticInsulationMm: 150,
        floorU: 0.26,
        windowU: 2.8,
        doorU: 2,
        extraInfiltrationLsM2: 0.03,
      },
      {
        untilYear: 1975,
        wallU: 0.32,
        atticInsulationMm: 170,
        floorU: 0.24,
        windowU: 2.8,
        doorU: 2,
        extraInfiltrationLsM2: 0.02,
      },
      {
        untilYear: 1985,
        wallU: 0.3,
        atticInsulationMm: 200,
        floorU: 0.22,
        windowU: 2,
        doorU: 1.5,
        extraInfiltrationLsM2: 0.03,
      },
      {
        untilYear: 1995,
        wallU: 0.28,
        atticInsulationMm: 220,
        floorU: 0.21,
        windowU: 2,
        doorU: 1.5,
        extraInfiltrationLsM2: 0.03,
      },
      {
        untilYear: 2005,
        wallU: 0.25,
        atticInsulationMm: 250,
        floorU: 0.2,
        windowU: 1.8,
        doorU: 1.2,
        extraInfiltrationLsM2: 0.02,
      },
      {
        untilYear: 2015,
        wallU: 0.2,
        atticInsulationMm: 400,
        floorU: 0.17,
        windowU: 1.4,
        doorU: 1,
        extraInfiltrationLsM2: 0.01,
      },
      {
        untilYear: Number.POSITIVE_INFINITY,
        wallU: 0.14,
        atticInsulationMm: 450,
        floorU: 0.12,
        windowU: 1,
        doorU: 0.8,
        extraInfiltrationLsM2: 0,
      },
    ],
    'W/m²K, mm, l/s·m²',
    'Energimyndigheten, "Energistatistik för småhus 2024" (2025), tabell 2.14–2.15: heating + hot water bought per ' +
      'm² by construction period and heating system (smallHouseStatistics); window U (viivilla.se, ricman.eu) and ' +
      'attic U (byggahus.se, Luleå kommun)',
    "[E] today's typical state of a house of the era (original 2-pane windows up to 1975, attics topped up, the " +
      'performance gap of 1976–2005 houses), fitted so the typical house of each period lands within ±15 % of the ' +
      'statistics turned into heat need (engine README "Calibration"; tested)',
  ),
  insulationConductivity: k(
    0.04,
    'W/mK (λ, mineral wool)',
    'byggahus.se, "Pris tilläggsisolera vinden"; Luleå kommun, "Se om huset inför vintern" (2016): attic 100 mm ≈ ' +
      '0.38–0.5, 400–500 mm ≈ 0.08–0.1 W/m²K',
    '[E] fitted with atticOtherResistance: 100 mm → 0.36, 400 mm → 0.10',
  ),
  atticOtherResistance: k(
    0.3,
    'm²K/W (ceiling boards, surfaces)',
    'byggahus.se, "Pris tilläggsisolera vinden"; Luleå kommun, "Se om huset inför vintern" (2016)',
    '[E] fitted, see insulationConductivity',
  ),
  // The fitted formula above gives 3.3 W/m²K for a bare attic floor; the boards, joists and still air of a real one
  // keep it lower.
  atticBareU: k(
    2.3,
    'W/m²K (attic floor with no insulation, the highest U an attic gets)',
    'BRE, "RdSAP 2012" (version 9.94), table S9: roof U-value by loft insulation thickness, none → 2.3 W/m²K',
  ),
  windowU: k(
    { single: 5.0, double: 2.8, triple: 1.9, energy: 1.0 },
    'W/m²K',
    'old 2-pane 2.8–3.0, 80s–90s 3-pane 1.8–2.0, new energy window ≈1.0 (viivilla.se, ricman.eu, mockfjards.se)',
    'single-glazed: not found in public sources, "≈5 commonly cited"',
  ),
  doorU: k(
    { insulated: 1.2, energy: 0.8 },
    'W/m²K',
    null,
    '[E] published door U-values were not found in public sources; typical product classes',
  ),
  windowFilmAddedResistance: k(
    0.1,
    'm²K/W added on the glass by a low-emissivity (insulating) window film',
    'an added inner LE pane takes an old 2-pane window from 2.31 to 1.6–1.72 W/m²K (ricman.eu, LTH), ' +
      'i.e. ΔR ≈ 0.15–0.19',
    '[E] a film adds no air gap, so less than a pane: a field hotbox test of a 2-pane window ' +
      '(sparaochbevara.se, "Energieffektivisering av äldre fönster") measured −19 % U of the glazed part with ' +
      'the film on the room side of the inner pane (ΔR ≈ 0.08 at U 2.8) and −31 % with it in the gap (ΔR ≈ ' +
      '0.16); 0.1 lies between. Applied to 1- and 2-pane glazing only (U ≥ the 2-pane value)',
  ),
  windowGlazedShare: k(
    0.75,
    'share of the window area that is glass',
    null,
    '[E] frames and sashes ≈ a quarter of a 2-light window; the film covers the glass only',
  ),
  windowAreaShare: k(0.15, 'm² window per m² Atemp', null, '[E] typical småhus glazing (15–20 m² per 100–150 m²)'),
  windowSize: k(
    1.2,
    'm² per window',
    null,
    '[E] a 2-light window, used to turn the per-window cost (bygg.se, costWindowPerM2) into kr/m²',
  ),
  doorCount: k(2, 'doors', null, '[E] front + back door'),
  doorArea: k(2, 'm² per door', null, '[E]'),
  ceilingHeight: k(
    2.4,
    'm',
    'Boverket, BBR 3:311: room height at least 2.40 m in dwellings',
    '[E] the minimum taken as the height when not answered',
  ),
  planAspectRatio: k(
    1,
    'long side / short side of the footprint',
    null,
    '[E] square plan; a longer plan has more wall per m²',
  ),
  floorStructureHeight: k(0.3, 'm per storey', null, '[E] joists/slab between storeys, adds to the outer wall height'),
  exposedWallShare: k(
    { villa: 1, kedjehus: 0.9, parhus: 0.75, radhus: 0.5, flerbostadshus: 1 },
    'share of the perimeter wall facing outdoors',
    null,
    '[E] parhus one party wall, radhus two, kedjehus joined by a garage',
  ),
  unheatedBasementFloorFactor: k(
    0.5,
    'factor on floor U',
    null,
    '[E] an unheated basement halves the temperature drop',
  ),
  heatedBasementWallU: k(0.35, 'W/m²K (effective, in ground)', null, '[E] ground-coupled basement wall'),
  ventilationAirflow: k(
    0.35,
    'l/s·m² Atemp',
    'Boverket, BBR 29 tabell 9:2a: q reference 0.35 l/s·m² in the BBR EP supplement (BBR minimum airflow)',
  ),
  naturalVentilationAirChange: k(
    0.33,
    'air changes per hour (outdoor air, leakage included) in a house with natural draught',
    'Energi & Miljö 2014 nr 4, "Åtta av tio lägenheter har för låg luftomsättning" (IVL Svenska Miljöinstitutet, ' +
      "S. Langer, on Boverket's BETSI measurements): median 0.33 air changes an hour in Swedish småhus; 80 % below " +
      "BBR's 0.5",
    '[D] × ceiling height / 3.6 → l/s·m² Atemp (0.22 at 2.4 m); fan systems keep ventilationAirflow (0.35)',
  ),
  fanVentilationFromYear: k(
    1976,
    'construction year',
    null,
    '[E] the ventilation typical of an era: natural draught in houses built up to 1975, an exhaust fan (frånluft) ' +
      'from 1976, when the tighter houses of the 1975 building code (SBN 1975) came with fans; never FTX. Both an ' +
      'unanswered ventilation and the heat-need calibration (engine README "Calibration") read it',
  ),
  secondsPerHour: k(3.6, 'ks/h (m³/h per l/s)', null, 'definition: 1 l/s = 3.6 m³/h'),
  airHeatCapacity: k(1.2, 'W/K per l/s (ρ·c of air)', null, 'physics: 1.2 kg/m³ × 1.0 kJ/kgK'),
  ftxHeatRecovery: k(
    0.75,
    'share of ventilation heat recovered',
    null,
    '[E] typical FTX 70–85 %; exhaust → FTX saves 16 % (Energimyndigheten, Husguiden "Exempel på besparingar av ' +
      'energieffektiviseringsåtgärder" (Förstudie Besmå, 2019))',
  ),

  // ---------------------------------------------------------------- tap water (docs/energy.md §2)
  tapWaterPerPerson: k(
    1170,
    'kWh/person·yr (net heat)',
    '[D] 55 l/day × 365 × 50 K × 1.163 Wh/l·K (stockholmshem.se: 50–60 l hot water per person and day)',
  ),
  lowFlushTapWaterReduction: k(
    0.38,
    'share of tap-water heat',
    'low-flow taps save 8 % of 20 000 kWh (Energimyndigheten, Husguiden "Exempel på besparingar av ' +
      'energieffektiviseringsåtgärder" (Förstudie Besmå, 2019))',
    '[D] 8 % × 20 000 / 4 200 kWh tap water (the Energimyndigheten test-house value in its heat-pump tests)',
  ),

  // ---------------------------------------------------------------- heating systems (docs/energy.md §2)
  systemCarrier: k<Record<HeatingSystemId, Carrier>>(
    {
      electric_direct: 'electricity',
      electric_waterborne: 'electricity',
      district_heating: 'district_heating',
      oil: 'oil',
      gas: 'gas',
      pellets: 'bio_tree_pellets_bricks',
      wood: 'wood',
      bio: 'bio',
      bio_other: 'bio_other',
      heat_pump_geothermal: 'electricity',
      heat_pump_airwater: 'electricity',
      heat_pump_exhaust_air: 'electricity',
      heat_pump_air: 'electricity',
    },
    'carrier',
    'Boverket, BBR 29 tabell 9:2b carrier groups',
  ),
  systemEfficiency: k<Record<CombustionOrDirectId, number>>(
    {
      electric_direct: 1.0,
      electric_waterborne: 1.0,
      district_heating: 1.0,
      oil: 0.8,
      gas: 0.95,
      pellets: 0.8,
      wood: 0.7,
      bio: 0.8,
      bio_other: 0.8,
    },
    'heat out / delivered energy (annual)',
    'Sydsvenskan, "Energipriser i genomsnitt" (2008-09-16); Scandbio, "Pellets eller el": direct el 1.0; oil ' +
      '0.75–0.90; pellets 0.75–0.85; modern gas ≈1.0; FV 1.0 at substation',
    '[E] mid/low of each range (older installed boilers); wood not found in public sources → 0.7; other biofuels as ' +
      'pellets',
  ),
  heatPumpSpf: k<Record<HeatPumpId, number>>(
    { heat_pump_geothermal: 3.25, heat_pump_airwater: 2.55, heat_pump_exhaust_air: 2.25, heat_pump_air: 3.24 },
    'SPF (heat out / electricity in), Stockholm-like climate',
    '[E] model defaults on Energimyndigheten heat-pump lab tests, discounted toward the field results: 3.0–3.5 / ' +
      '2.3–2.8 / 2.0–2.5; geothermal checked against ' +
      "Energimyndigheten's field test of 20 ground-source pumps (Västra Götaland 2012–13, average saving 62 %, " +
      'reference test)',
    'mid of each range; heat_pump_air is airToAirSpfByClimate at Stockholm (3 393 degree days), shown for ' +
      'reference only: the model interpolates by place',
  ),
  // Energimyndigheten's air-to-air test climates: south (Malmö) and north (Luleå); the SPF is the test's whole-year
  // figure for the heating need it serves.
  airToAirSpfByClimate: k(
    { warm: { degreeDays: 2932, spf: 3.45 }, cold: { degreeDays: 5137, spf: 2.45 } },
    "SPF at a place's normal-year degree days (base 17 °C), linear between the two, not above the warm value",
    'Energimyndigheten, test of air-to-air heat pumps 2009–2013 ' +
      '(energimyndigheten.se/tester/tester-a-o/luftluftvarmepumpar-2009-2013): årsvärmefaktor 2.8–4.1 in Malmö ' +
      '(heating need 9 100 kWh, +8.2 °C), 2.8–3.5 in Borås (11 000 kWh), 2.3–2.6 in Luleå (15 400 kWh, +1.3 °C)',
    '[D] mid of the Malmö and Luleå ranges (3.45, 2.45) placed at the SMHI 1991–2020 degree days of those ' +
      'towns (geo/climate_normals_1991_2020.csv: 2 932, 5 137); Borås (≈ 3.15) is a check, not an anchor',
  ),
  airToAirMinSpf: k(
    1.5,
    'SPF floor for the air-to-air line far north of Luleå',
    null,
    '[E] keeps the extrapolation physical (Kiruna ≈ 2.2 is above it); an air-to-air pump with less is not installed',
  ),
  heatPumpTapWaterEfficiency: k<Record<HeatPumpId, number>>(
    { heat_pump_geothermal: 2.5, heat_pump_airwater: 2.0, heat_pump_exhaust_air: 2.0, heat_pump_air: 1.0 },
    'η_tvv',
    'Boverket, BEN (BFS 2016:12) tabell 3:2 markvärmepump 2.5',
    'others not found in public sources → [E] 2.0; air-to-air makes no tap water (1.0 = the el heater that does)',
  ),
  heatPumpCoverage: k<Record<HeatPumpId, number>>(
    { heat_pump_geothermal: 0.95, heat_pump_airwater: 0.9, heat_pump_exhaust_air: 0.8, heat_pump_air: 0.95 },
    'the most of the annual space heat a pump delivers (rest: electric backup, or the other systems for ' +
      'air-to-air); the capacity over the year (heatPumpCapacity) and, for air-to-air, the floor plan ' +
      '(airToAirReach) can make it less',
    'bergvärme sized for ~95 % of annual energy (Energimyndigheten, test of ground-source heat pumps); ' +
      'air-to-air: "ca. 80–90 %" of the heating need in an open-plan house with a well sized and placed pump ' +
      '(lmg.nu, "Kan jag värma hela huset?", heat-pump retailer)',
    '[E] air/water 0.9, exhaust air 0.8 (below that the exhaust airflow limits it: exhaustAirHeatSource); ' +
      'air-to-air 0.95: the open-plan one-storey house that Energimyndigheten tests (whole heating need ' +
      "reachable), less the rooms a unit's air never reaches (lmg.nu's top of 80–90 %); closed plans and " +
      'more storeys get less (airToAirReach)',
  ),
  // What one indoor unit's warm air reaches: the floor plan of the storey it is on, and less of the other storeys.
  airToAirReach: k(
    { open: 0.95, partly_open: 0.7, closed: 0.45, otherStoreys: 0.4, floorAreaPerUnitM2: 150 },
    'share of the space heat of the storey an indoor unit is on that its air reaches, by floor plan; ' +
      'otherStoreys: the factor for the storeys it is not on; floorAreaPerUnitM2: on a larger storey the ' +
      'share falls in proportion',
    'energy advisors: a luft/luft pump gives "35–50 procent av husets värmebehov beroende på förutsättningar och ' +
      'planlösning", 1–2 °C colder in rooms far from the unit, doors kept open (Energi- och klimatrådgivningen, ' +
      'ekrs.se "Luft-/luftvärmepump"); 35–55 % (Vattenfall, "Så fungerar en luftvärmepump"); 25–40 % of the ' +
      'annual heating need of an electrically heated normal villa, an open plan spreads the heat (byggahus.se, ' +
      '"Luftvärmepump – allt du behöver veta"); ca. 80–90 % in an open-plan house (lmg.nu)',
    "[E] open 0.95 (heatPumpCoverage), partly open 0.7, closed rooms 0.45 (the top of the advisors' 35–50 %); " +
      'the unit stands on one storey and the warm air reaches the others through the stairs at 0.4 × that: a ' +
      'two-storey closed-plan house 0.5 × 0.45 + 0.5 × 0.45 × 0.4 = 0.32, an open two-storey house 0.67. Each ' +
      "further unit reaches the same share of what is left (1 − (1 − r)^units), never above 0.95. One unit's " +
      "air carries some 10 m: a storey above 150 m² is reached in proportion (Energimyndigheten's test houses " +
      'need 9 100–15 400 kWh, ≈ 110–150 m²)',
  ),
  // Maker data for one Nordic air-to-air indoor unit; the capacity falls as it gets colder outdoors.
  airToAirUnitCapacity: k(
    { atMinus15: 4.5, atMinus25: 3.1, minOutdoorC: -30 },
    'kW of heat at −15 °C and −25 °C outdoors (linear, one indoor unit at full speed); minOutdoorC: below it ' +
      'the unit gives nothing',
    'Teknisk Ukeblad, "Effekten faller i kulda, men fortsatt gir varmepumpene både varme og spart strøm" (tu.no, ' +
      "2024-01): Mitsubishi Electric's best-selling air-to-air pump gives 3.1 kW at −25 °C and is certified to " +
      '−35 °C; Energimyndigheten, test of air-to-air heat pumps 2009–2013 (extended table: heat output from +7 ' +
      'to −15 °C at 100 % compressor speed)',
    '[E] 4.5 kW at −15 °C for a Nordic unit of the size Energimyndigheten tested, so +7 °C gives ≈ 7.6 kW; ' +
      'works down to −30 °C',
  ),
  // The design outdoor temperature (DUT/DVUT) decides how cold the coldest hours of a place are.
  designOutdoorTemperature: k(
    { warm: { degreeDays: 2932, celsius: -16 }, cold: { degreeDays: 5137, celsius: -29 } },
    "°C at a place's normal-year degree days (base 17 °C), linear between and beyond the two",
    'Boverket/SMHI, DVUT 1991–2020 per place (boverket.se, dvut_1991_2020.csv, 1-day and 5-day values: not read ' +
      'here); installers size heat pumps against the local DUT (ctc.se, "DUT, dimensionerad utetemperatur")',
    '[E] −16 °C at Malmö and −29 °C at Luleå (SMHI 1991–2020 degree days 2 932 and 5 137), the 1-day values ' +
      'commonly used for light houses; Stockholm ≈ −18.7, Kiruna ≈ −32. Replace with the DVUT table per ' +
      'municipality when it is loaded',
  ),
  outdoorTemperatureSpread: k(
    2.33,
    'standard deviations between the coldest month mean and the design outdoor temperature',
    'Svenska Kyl & Värmepumpföreningen (SKVP, "Frågor och svar: luft"): in Mälardalen about 80 hours a year are ' +
      'at −15 °C or colder',
    "[D] the hours of a month spread normally around the climate town's monthly mean (shifted to the place's " +
      'degree days) with σ = (coldest monthly mean − DUT) / 2.33: Stockholm σ ≈ 7.6 K gives ≈ 80 h at or below ' +
      '−15 °C, as SKVP says. Used only for what a heat pump can deliver, not for the heat need',
  ),
  heatPumpCapacity: k(
    { airwaterDesignShare: 0.65, airwaterMinOutdoorC: -20, geothermalDesignShare: 0.65 },
    "share of the house's heat loss at the design outdoor temperature that a replacement pump is sized for; " +
      'the °C below which an air/water pump stops (the immersion heater takes over)',
    "installers size a heat pump for 60–70 % of the house's largest heat need, which covers about 85–90 % of " +
      'the year\'s energy (privat.bahnhof.se, "Hur ska jag beräkna en luft vatten pump"); 50–70 % power ' +
      'gives 70–90 % energy (Svenska Kyl & Värmepumpföreningen, "Dimensionering"); 65–70 % for more than ' +
      '95 % (hemmatema.se, "Så här väljer du värmepump")',
    "[E] 0.65 for both (the middle of the installers' 60–70 %); the air/water pumps Energimyndigheten tested " +
      'in 2011–13 were run to −15 °C and some stopped earlier, makers state −20 °C for that generation (newer ' +
      'ones −25 °C)',
  ),
  exhaustAirHeatSource: k(
    { extractionK: 35 },
    'K the exhaust air is cooled by (from ≈ 21 °C indoors to ≈ −14 °C)',
    'Energimyndigheten, test of exhaust-air heat pumps: a 120 m² house needing 16 200 kWh of heat and tap water ' +
      'with 150 m³/h of exhaust air, a 180 m² house with 230 m³/h (= 0.35 l/s·m², the BBR airflow the model ' +
      'uses); inverter pumps save up to 65 %',
    "[E] the pump's heat = exhaust airflow × 1.2 × 35 K × SPF / (SPF − 1): ≈ 26 W/m² Atemp at SPF 2.25, all " +
      'year; tap water takes its share first, space heat above the rest comes from the electric heater. 35 K ' +
      'so that a house like the 120 m² test house keeps the 0.8 share (25 K would give it 0.66): larger, ' +
      'leakier or colder houses get less',
  ),
  woodSupplementShare: k(
    0.2,
    'share of space heat from a wood stove/fireplace listed after the main system',
    null,
    '[E] a supplement, not the main heating (the register lists wood after heat pumps and district heating)',
  ),
  airSourceSpfClimateSlope: k(
    0.21,
    'air/water SPF loss per unit of (degree days / Stockholm − 1)',
    'Energimyndigheten, test of air-to-air heat pumps 2009–2013: luft/luft Luleå 2.3–2.6 vs [E] 2.5–3.0 Stockholm-like',
    '[D] 2.45 / 2.75 = 0.89 at a degree-day ratio of 1.51 → (1 − 0.89) / 0.51; used for air/water only ' +
      '(Energimyndigheten tested air/water in south Sweden only: 45–60 % saving, reference test); air-to-air ' +
      'uses airToAirSpfByClimate',
  ),
  oldHeatPumpSpfFactor: k(
    0.8,
    'factor on SPF for a pump older than its life span',
    'Energimyndigheten, field test of 20 ground-source heat pumps (Västra Götaland 2012–13): field SPF 1.9–3.4 ' +
      '(installs 2001–07), avg saving 62 %',
    '[D] 62 % saving ⇒ SPF ≈ 2.6 vs the 3.25 model default',
  ),
  backupHeaterEfficiency: k(
    1.0,
    'η (electric immersion heater)',
    'Sydsvenskan, "Energipriser i genomsnitt" (2008-09-16); Scandbio, "Pellets eller el": direct el 1.0',
  ),

  // ---------------------------------------------------------------- household electricity, PV, battery
  //
  householdElectricity: k(
    30,
    'kWh/m² Atemp·yr',
    'Boverket, BEN (BFS 2016:12) tabell 3:3 default; Energimarknadsbyrån, "Normal elförbrukning och elkostnad för ' +
      'villa", and lmg.nu (≈ 4 000–5 000 kWh per villa)',
    'also used for bills (BEN gives no per-person figure), less the savings below in the actual run',
  ),
  energyReducingProductsSaving: k(
    0.1,
    'share of household electricity',
    'household electricity: Boverket, BEN (BFS 2016:12) tabell 3:3 (30 kWh/m²); a published saving of efficient ' +
      'products was not found in public sources',
    '[E] LED lighting and standby cut-offs (answer energy_reducing_products): lighting ≈ a fifth of ' +
      'household electricity, half of it assumed still on halogen/CFL lamps, LED uses ≈ 75 % less → ≈ 7–8 %; ' +
      'standby ≈ 5 %, half of it cut off → ≈ 2–3 %. Shares are common Swedish rules of thumb, ' +
      "Energimyndigheten's appliance-level metering of 400 homes (2005–08) is the study to check them against",
  ),
  efficientAppliancesSaving: k(
    0.15,
    'share of household electricity',
    'EU energy labels A–G (Regulation (EU) 2017/1369); a published Swedish saving of efficient appliances was not ' +
      'found in public sources',
    '[E] answer appliances = efficient: cold and wet appliances ≈ 40–50 % of household electricity; a ' +
      'best-class model uses roughly a third less than the average installed one → ≈ 15 %',
  ),
  hoursPerYear: k(
    8760,
    'h/yr',
    null,
    'definition (non-leap year); household electricity saved (kWh/yr) → less free heat (W)',
  ),
  pvYield: k<Record<PriceArea, number>>(
    { SE1: 976, SE2: 976, SE3: 986, SE4: 1048 },
    'kWh/kWp·yr (south, 35°)',
    '[D] EU JRC PVGIS via 1komma5.se, "Solcellers produktion per år och månad" — Luleå 976, Stockholm 986, Malmö 1 048',
    'SE2 takes the Luleå value',
  ),
  pvOrientationFactor: k(
    { south: 1, east_west: 0.75, north: 0.55, unknown: 1 },
    'share of the south yield',
    'east/west −25 % (bengtsvillablogg.info)',
    'north not found in public sources → [E] 0.55, only used to value existing panels',
  ),
  pvSelfUseShare: k(0.3, 'share of production used in the house', '~30 % for a 10 kW system (bengtsvillablogg.info)'),
  pvBatterySelfUseUplift: k(
    0.25,
    'extra self-use share at 1 kWh battery per kWp',
    '[E] on solcellskollen.se (the battery is full on summer days) and bengtsvillablogg.info (self-use 30–90 % by ' +
      'month): 30 % → 50–60 % with a battery',
  ),
  pvMaxShareOfElectricityUse: k(
    0.4,
    'cap: self-used PV / the house’s electricity use',
    'hemsol.se: 65–75 % of output April–August',
    '[E] summer-half, daytime load limit',
  ),
  pvModuleAreaPerKwp: k(5, 'm² roof per kWp', null, '[E] ≈ 2 m² per 400 Wp module'),
  pvUsableRoofShare: k(0.5, 'share of the footprint usable for modules', null, '[E] one roof side of a pitched roof'),
  pvMaxKwp: k(
    10,
    'kWp',
    'bengtsvillablogg.info: "trend toward larger systems … ~30 % self-use for 10 kW"',
    '[E] largest size we propose',
  ),
  pvMinKwp: k(2, 'kWp', null, '[E] below this we do not propose PV'),
  pvSizeStepKwp: k(0.5, 'kWp', null, '[E] proposed sizes are rounded down to this step'),
  batteryKwhPerKwp: k(1, 'kWh battery per kWp', 'rule of thumb 1 kWh per kW PV (solcellskollen.se)'),
  batteryMaxKwh: k(15, 'kWh', 'solcellskollen.se: typical home batteries 5–15 kWh'),
  batterySizeStepKwh: k(1, 'kWh', null, '[E] proposed sizes are rounded to this step'),

  // ---------------------------------------------------------------- measures (docs/energy.md §3.1)
  atticTargetMm: k(
    400,
    'mm',
    'byggahus.se, "Pris tilläggsisolera vinden"; Luleå kommun, "Se om huset inför vintern" (2016): attic 400–500 mm ' +
      '≈ 0.08–0.1 W/m²K',
  ),
  atticUpgradeFromMm: k(250, 'mm', null, '[E] from here the attic counts as insulated and more is an upgrade'),
  wallAddedInsulationMm: k(
    100,
    'mm',
    '+100 mm example (byggahus.se, "Vad kostar det att byta fasad och tilläggsisolera?")',
  ),
  newWindowType: k('energy' as const, 'window type', 'viivilla.se, mockfjards.se: new energy window ≈ 1.0 W/m²K'),
  newDoorType: k('energy' as const, 'door type', null, '[E] see doorU'),
  smartControlSpaceHeatSaving: k(
    0.05,
    'share of space heating',
    'styr/regler 5–20 % (Energimyndigheten, Husguiden "Exempel på besparingar av energieffektiviseringsåtgärder" ' +
      '(Förstudie Besmå, 2019))',
    'lower bound: the model already credits the heat pump',
  ),
  minRecommendedIndoorTemperature: k(20, '°C', null, '[E] we do not propose lowering below 20 °C'),
  temperatureStep: k(1, '°C', null, 'our definition: the measure lowers the indoor temperature by one degree'),
  quickPayback: k(
    { years: 1, investment: 10000 },
    'yr, kr',
    null,
    'our rule: an investment above this that pays back within the years is rare enough that its card says why',
  ),

  // ---------------------------------------------------------------- prices, kr/kWh unless noted
  spotPrice: k<Record<PriceArea, number>>(
    { SE1: 45.7, SE2: 45.7, SE3: 59.2, SE4: 74.4 },
    'öre/kWh excl. VAT, 2023 average',
    'Nord Pool day-ahead averages via elavtal24.com/elpris-kwh',
  ),
  supplierMarkup: k(6, 'öre/kWh excl. VAT', '4–8 öre (elpriser24.se)', 'mid'),
  vatFactor: k(1.25, 'factor', '[D] Swedish VAT 25 %: energiskatt 42.8 öre excl. → 53.5 incl. VAT'),
  energyTax: k(
    53.5,
    'öre/kWh incl. VAT (2024)',
    'Skatteverket, energiskatt 2024, via hemab.se, partilleenergi.se',
    '2025/2026 rate not found in public sources; northern reduced rate not applied',
  ),
  gridTransferFee: k(12.69, 'öre/kWh incl. VAT (variable part)', 'degerforsenergi.se, grid tariff example'),
  exportTaxCredit: k(
    0,
    'öre/kWh',
    'the 60-öre credit is abolished from 1 Jan 2026 (prop. 2024/25:109)',
    'verify final riksdag decision',
  ),
  fuelPrice: k<Record<Exclude<Carrier, 'electricity'>, number>>(
    {
      district_heating: 0.971,
      gas: 1.1,
      oil: 1.4,
      bio_tree_pellets_bricks: 0.65,
      wood: 0.38,
      bio: 0.65,
      bio_other: 0.65,
    },
    'kr/kWh delivered, incl. VAT',
    'FV: Nils Holgersson-gruppen, "Fjärrvärme 2023" (971 kr/MWh); gas/oil/pellets/wood energiklart.se (undated)',
    'bio and bio_other not found in public sources → pellet price',
  ),
  oerePerKrona: k(100, 'öre/kr', null, 'definition; rates payload cents_per_kwh = price × 100 (docs/product.md §3)'),

  // ---------------------------------------------------------------- investment costs, kr incl. VAT, before
  // subsidies
  costAtticPerM2: k<CostRange>(
    { low: 77, high: 127 },
    'kr/m² attic floor',
    'byggahus.se, "Pris tilläggsisolera vinden" — 10 000–15 000 typical, 16 500 kr for 130 m²',
    '[D] 10 000 / 130 and 16 500 / 130',
  ),
  // Low end: an installed stud layer with panel is what "+100 mm with a new façade" builds; the high end stays our
  // estimate.
  costWallPerM2: k<CostRange>(
    { low: 1500, high: 2500 },
    'kr/m² outer wall',
    'byggahus.se, "Välj rätt fasad" (undated page; prices from the Wikells calculation database): 1 500 ' +
      'kr/m² for an installed timber stud wall with tongue-and-groove panel, 1 700 kr/m² with board-and-batten ' +
      'panel',
    '[E] high 2 500: adds taking down the old cladding, scaffolding and refitting window and door flashings ' +
      '(byggahus.se, "Vad kostar det att byta fasad och tilläggsisolera?", names these steps; its figures were ' +
      'not in the stored copy). Undated: re-check against a current quote',
  ),
  costWindowPerM2: k<CostRange>(
    { low: 4500, high: 8250 },
    'kr/m² window',
    'low-energy ≈ 4 500 kr/m² (sverigesradio); ≈ 9 900 kr per 2-light window (bygg.se, "Lilla fönsterskolan")',
    '[D] 9 900 / 1.2 m²',
  ),
  costDoor: k<CostRange>(
    { low: 12000, high: 20000 },
    'kr per door, fitted',
    'saltarvet.se, "Lönar det sig att byta fönster?" (2024-03-08): fitting a window ≈ 4 h at 600 kr + VAT = ' +
      '3 000 kr; costWindowPerM2 (4 500–8 250 kr/m²)',
    '[D] no published Swedish price per fitted outer door was found (searched: byggahus.se, viivilla.se, ' +
      'dinbyggare.se, door makers); a 2 m² door (doorArea) at the window price per m² plus the same fitting: 2 ' +
      "× 4 500 + 3 000 = 12 000 and 2 × 8 250 + 3 000 ≈ 20 000 kr. Re-check against a door maker's price list",
  ),
  costHeatPump: k<Record<Exclude<HeatPumpId, 'heat_pump_exhaust_air'>, CostRange>>(
    {
      heat_pump_geothermal: { low: 150000, high: 200000 },
      heat_pump_airwater: { low: 50000, high: 100000 },
      heat_pump_air: { low: 13400, high: 27900 },
    },
    'kr installed',
    'bergvärme 150–200 k (byggahus.se); luft/vatten 50–100 k (varmepump-pris.se); luft/luft 12–25 k ' +
      'after ROT (1komma5.se)',
    'luft/luft [D] gross = after-ROT / (1 − 0.30 × 0.35)',
  ),
  costSmartControl: k<CostRange>({ low: 7000, high: 12000 }, 'kr', 'styr- och reglerutrustning (dinbyggare.se)'),
  costPvPerKwp: k<CostRange>(
    { low: 16000, high: 20000 },
    'kr/kWp',
    'villa 2025 (solenergiguiden.se, "Solceller kostnad")',
  ),
  costBatteryPerKwh: k<CostRange>(
    { low: 6700, high: 10700 },
    'kr/kWh',
    'avg ≈ 9 300, BYD HVS ≈ 6 700, +10–15 % high-power (hemsol.se, "Solcellsbatteri")',
    '[D] high = 9 300 × 1.15',
  ),
  costLowFlushFittings: k<CostRange>(
    { low: 1500, high: 4000 },
    'kr per home',
    null,
    '[E] a published price was not found in public sources; two taps and a shower head, fitted',
  ),
  costWallbox: k<CostRange>({ low: 10000, high: 30000 }, 'kr', 'box 5–18 k + install 5–10 k (dagensps.se)'),
  costWindowFilmPerM2: k<CostRange>(
    { low: 600, high: 1200 },
    'kr/m² glass, fitted',
    null,
    '[E] no published Swedish price for fitted low-emissivity film was found (searched 2026-11: e2b2.se, ' +
      'sparaochbevara.se, filmtek.se, window-film installers); the span is about 13–15 % of a new energy ' +
      'window (costWindowPerM2: 600 / 4 500, 1 200 / 8 250), because the e2b2.se film project (Mälardalens ' +
      'högskola, 2016–17) presents film as the low-cost way to postpone new windows 15–20 years and ' +
      'sparaochbevara.se found it hard to pay back on energy alone',
  ),
  costEnergyReducingProductsPerM2: k<CostRange>(
    { low: 15, high: 35 },
    'kr/m² Atemp',
    null,
    '[E] for 150 m²: 25–30 LED lamps at 50–100 kr and 4–6 switchable power strips or timers at 150–300 kr ≈ ' +
      '2 300–5 300 kr, bought and fitted by the household; scaled by Atemp so an apartment building gets a ' +
      'cost in proportion',
  ),

  // ---------------------------------------------------------------- life spans (docs/product.md §9), years
  lifeSpan: k(
    {
      insulation_attic: 40,
      insulation_walls: 40,
      energy_efficient_windows: 30,
      energy_efficient_doors: 30,
      heat_pump_geothermal: 20,
      heat_pump_airwater: 15,
      heat_pump_exhaust_air: 15,
      heat_pump_air: 12,
      heat_pump_smart_steering: 10,
      solar_panel_installation: 25,
      battery_installation: 10,
      low_flush_faucets: 10,
      wallbox_charger_station: 10,
      window_film: 15,
      energy_efficient_products: 10,
      default: 30,
    },
    'years',
    'PV 25–30 (solenergiguiden.se); battery 7–10+ (hemsol.se); bergvärme pump 15–20, borehole ≥ 50 (byggahus.se, ' +
      'villaaktuellt.com, greenmatch.se)',
    '[E] insulation 40, windows/doors 30, luft/vatten and frånluft 15, luft/luft 12 (10–15), bergvärme 20 ' +
      '(borehole outlives the pump), control/fittings/wallbox 10; window film 15 (e2b2.se: a low-e film with a ' +
      '15-year supplier guarantee, meant to postpone new windows 15–20 years); LED lamps and power strips 10 ' +
      '(LED rated 15 000–25 000 h); 30 for any other measure',
  ),

  // ---------------------------------------------------------------- subsidies (docs/energy.md §3.2)
  rotRate: k(
    0.3,
    'share of labour cost',
    'Skatteverket, ROT 30 % of labour (villalivet.se; the temporary 50 % ended 31 Dec 2025)',
  ),
  rotCapPerPerson: k(50000, 'kr/person·yr', 'Skatteverket, ROT max 50 000 kr/person/yr'),
  labourShare: k(
    {
      heat_pump: 0.35,
      insulation_attic: 0.3,
      energy_efficient_windows: 0.26,
      insulation_walls: 0.5,
      energy_efficient_doors: 0.3,
      low_flush_faucets: 0.3,
      heat_pump_smart_steering: 0.3,
      window_film: 0.5,
    },
    'share of the investment that is labour',
    'heat-pump labour ~35 % (byggahus.se, villafamiljen.se)',
    '[D] attic 1 500 kr ROT on 16 500 kr → 30 %; windows 4 h × 600 / 9 300 → 26 %; [E] walls 0.5, ' +
      'doors/fittings/control 0.3, window film 0.5 (fitting is most of the work; ROT assumed to apply to ' +
      'fitting film on an existing home — verify with Skatteverket)',
  ),
  greenTechRate: k(
    { solar: 0.15, battery: 0.5, wallbox: 0.5 },
    'share of labour + material',
    'Skatteverket, grön teknik — solar 15 % from 1 Jul 2025 (prop. 2024/25:109), battery and charging point 50 %',
  ),
  greenTechEligibleShare: k(
    0.97,
    'share of the invoice that counts',
    'Skatteverket standard cost adjustment, "effective 19.4 % for 20 %" (solensenergi.se)',
    '[D] 19.4 / 20',
  ),
  greenTechCapPerPerson: k(50000, 'kr/person·yr', 'Skatteverket, grön teknik: max 50 000 kr/person/yr'),
  subsidyClaimants: k(1, 'persons', null, '[E] one owner claims; two owners double the caps'),

  // ---------------------------------------------------------------- explanations (engine README "Explanations")
  assumedInputAlternatives: k(
    {
      num_floors: [1, 2],
      attic_insulation_factor: [0.5, 1.5],
      wall_insulation_added_mm: [0, 50],
      window_type: ['double', 'triple'],
      door_type: ['original', 'insulated'],
      occupants: [1, 5],
      indoor_temperature: [20, 22],
      ventilation: ['natural', 'exhaust'],
      basement: ['none', 'unheated'],
      roof_orientation: ['south', 'east_west'],
      ceiling_height: [2.3, 2.6],
      floor_plan: ['partly_open', 'open'],
      air_to_air_units: [2],
    } as const,
    "plausible values of an unanswered input (attic: × the era's thickness)",
    null,
    '[E] the spread of common Swedish småhus around our defaults; a savings range recomputes with each ' +
      'assumed input at each of these, one at a time',
  ),
} as const;

export type EnergyConstants = typeof ENERGY_CONSTANTS;

/** The rule version the engine applies, named on every label. */
export const RULE_VERSION: string = ENERGY_CONSTANTS.ruleVersion.value;
