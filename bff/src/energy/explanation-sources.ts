// The sources of the constants an explanation shows, as a homeowner reads them: each publication as publisher, title
// and year (title '' where the note names the site only), and our part in the figure as a code the client words
// (engine README "Explanations"). The `source` and `estimate` notes in constants.ts stay the engineers' full account;
// this table is their public citation.
import type { ConstantBasis, ExplanationSource } from '@home-energy/shared/schemas/energy';
import type { EnergyConstants } from './constants';

export interface ConstantCitation {
  sources: readonly ExplanationSource[];
  basis: ConstantBasis | null;
}

const src = (publisher: string, title: string, year: number | null = null): ExplanationSource => ({
  publisher,
  title,
  year,
});
const cite = (basis: ConstantBasis | null, ...sources: ExplanationSource[]): ConstantCitation => ({ sources, basis });

// The publications cited more than once.
const BBR = src('Boverket', 'Boverkets byggregler, BBR 29 (BFS 2020:4), avsnitt 9', 2020);
const BEN = src(
  'Boverket',
  'Boverkets föreskrifter om fastställande av byggnadens energianvändning vid normalt brukande, BEN (BFS 2016:12)',
  2016,
);
const PRIMARY = src('Boverket', 'Vad är primärenergital?', 2020);
const ENARA = src('Enara', 'Exempel på energiklasser i Skåne, Göteborg, Stockholm och Luleå', 2024);
const SMHI = src('SMHI', 'Graddagar, normalvärden 1991–2020');
const HUSGUIDEN = src(
  'Energimyndigheten',
  'Exempel på besparingar av energieffektiviseringsåtgärder (Husguiden)',
  2019,
);
const ATTIC_PRICE = src('Byggahus.se', 'Pris tilläggsisolera vinden');
const LULEA = src('Luleå kommun', 'Se om huset inför vintern – tilläggsisolera vindsbjälklaget', 2016);
const AIR_TEST = src('Energimyndigheten', 'Luftluftvärmepumpar 2009–2013', 2013);
const GROUND_TEST = src('Energimyndigheten', 'Stort fälttest av bergvärmepumpar', 2013);
const EFFICIENCY = src('Sydsvenskan', 'Energipriser i genomsnitt', 2008);
const SCANDBIO = src('Scandbio', 'Pellets eller el');
const WINDOWS = src('Vi i Villa', '');
const PVGIS = src('EU JRC, PVGIS, via 1komma5.se', 'Solcellers produktion per år och månad');
const BENGT = src('Bengts villablogg', '');
const SOLCELLSKOLLEN = src('Solcellskollen', '');
const HEMSOL = src('Hemsol', 'Solcellsbatteri');
const ROT = src('Skatteverket', 'Rotavdrag');
const GREEN = src('Skatteverket', 'Skattereduktion för installation av grön teknik', 2025);
const ENERGY_TAX = src('Skatteverket', 'Energiskatt', 2024);
const SPOT = src('Nord Pool, via elavtal24.com', 'Elpris per kWh, årsmedel', 2023);
const ELPRISER = src('Elpriser24', '');
const GRID = src('Degerfors Energi', 'Elnätstariff');
const HEAT_PUMP_PRICES = src('Byggahus.se', '');
const ARCHETYPES = src('Energimyndigheten', 'Energistatistik för småhus 2024', 2025);
const PROP = src('Regeringen', 'Prop. 2024/25:109', 2025);

/**
 * Every constant an explanation can show (explainedConstantIds) has its citation here; a test checks it. Constants
 * other helpers add to a measure's list need an entry too.
 */
export const CONSTANT_CITATIONS: Partial<Record<keyof EnergyConstants, ConstantCitation>> = {
  ruleVersion: cite(null, PRIMARY, BBR),
  classBandsPercent: cite(null, src('Boverket', 'Energiklasser från A–G')),
  epRequirementSmallHouse: cite(null, BBR, ENARA),
  epRequirementMultiDwelling: cite(null, BBR),
  epRequirementMinAtemp: cite(null, BBR),
  primaryEnergyFactor: cite(null, BBR, PRIMARY),
  fGeoRange: cite(null, BBR, src('Anticimex', 'Så påverkas din byggnads energiprestanda av ny regel', 2019)),
  fGeoReferenceTown: cite('derived', ENARA, SMHI),
  pvCountsInEp: cite('choice'),
  standardTapWaterSmallHouse: cite(null, BEN),
  standardTapWaterMultiDwelling: cite(null, BEN),
  referenceIndoorTemperature: cite(null, BEN),
  propertyElectricity: cite('estimate', BEN),
  ftxExtraPropertyElectricity: cite('derived'),
  degreeDayBase: cite(null, SMHI),
  degreeDayLatitudeGradient: cite('derived', SMHI),
  degreeDaySpread: cite('estimate', src('CIBSE', 'TM41', 2006)),
  freeHeatGains: cite('estimate', BEN, SMHI),
  indoorTemperatureSensitivity: cite(null, src('Energimyndigheten', 'Husguiden')),
  eraArchetypes: cite('fitted', ARCHETYPES, WINDOWS, ATTIC_PRICE, LULEA),
  insulationConductivity: cite('fitted', ATTIC_PRICE, LULEA),
  atticOtherResistance: cite('fitted', ATTIC_PRICE, LULEA),
  atticBareU: cite(null, src('BRE', 'Reduced Data SAP 2012 (version 9.94), Table S9', 2012)),
  windowU: cite(null, WINDOWS, src('Ricman', '')),
  doorU: cite('estimate'),
  windowFilmAddedResistance: cite(
    'estimate',
    src('Spara och bevara (Energimyndigheten)', 'Energieffektivisering av äldre fönster'),
    src('Ricman', ''),
  ),
  windowGlazedShare: cite('estimate'),
  windowAreaShare: cite('estimate'),
  windowSize: cite('estimate'),
  doorCount: cite('estimate'),
  doorArea: cite('estimate'),
  ceilingHeight: cite('estimate', src('Boverket', 'Boverkets byggregler, BBR, avsnitt 3:311 Rumshöjd')),
  floorStructureHeight: cite('estimate'),
  exposedWallShare: cite('estimate'),
  ventilationAirflow: cite(null, BBR),
  naturalVentilationAirChange: cite(
    'derived',
    src('Energi & Miljö', 'Åtta av tio lägenheter har för låg luftomsättning', 2014),
  ),
  fanVentilationFromYear: cite('estimate'),
  airHeatCapacity: cite('definition'),
  ftxHeatRecovery: cite('estimate', HUSGUIDEN),
  tapWaterPerPerson: cite('derived', src('Stockholmshem', '')),
  lowFlushTapWaterReduction: cite('derived', HUSGUIDEN),
  systemEfficiency: cite('estimate', EFFICIENCY, SCANDBIO),
  heatPumpSpf: cite('estimate', src('Energimyndigheten', 'Tester av värmepumpar i laboratorium'), GROUND_TEST),
  airToAirSpfByClimate: cite('derived', AIR_TEST, SMHI),
  airToAirMinSpf: cite('choice'),
  airToAirReach: cite(
    'estimate',
    src('Energi- och klimatrådgivningen', 'Luft-/luftvärmepump'),
    src('Vattenfall', 'Så fungerar en luftvärmepump'),
    src('Byggahus.se', 'Luftvärmepump – allt du behöver veta'),
    src('LMG', 'Kan jag värma hela huset?'),
  ),
  airToAirUnitCapacity: cite(
    'estimate',
    src('Teknisk Ukeblad', 'Effekten faller i kulda, men fortsatt gir varmepumpene både varme og spart strøm', 2024),
    AIR_TEST,
  ),
  designOutdoorTemperature: cite(
    'estimate',
    src('Boverket och SMHI', 'DVUT 1991–2020'),
    src('CTC', 'DUT, dimensionerad utetemperatur'),
  ),
  outdoorTemperatureSpread: cite('derived', src('Svenska Kyl & Värmepumpföreningen', 'Frågor och svar: luft')),
  heatPumpCapacity: cite(
    'estimate',
    src('Bahnhof', 'Hur ska jag beräkna en luft vatten pump'),
    src('Svenska Kyl & Värmepumpföreningen', 'Dimensionering'),
    src('Hemmatema', 'Så här väljer du värmepump'),
  ),
  exhaustAirHeatSource: cite('estimate', src('Energimyndigheten', 'Test av frånluftsvärmepumpar')),
  heatPumpTapWaterEfficiency: cite('estimate', BEN),
  heatPumpCoverage: cite(
    'estimate',
    src('Energimyndigheten', 'Test av bergvärmepumpar'),
    src('LMG', 'Kan jag värma hela huset?'),
    src('Vattenfall', 'Så fungerar en luftvärmepump'),
  ),
  airSourceSpfClimateSlope: cite('derived', AIR_TEST),
  oldHeatPumpSpfFactor: cite('derived', GROUND_TEST),
  backupHeaterEfficiency: cite(null, EFFICIENCY, SCANDBIO),
  householdElectricity: cite(null, BEN, src('Energimarknadsbyrån', 'Normal elförbrukning och elkostnad för villa')),
  energyReducingProductsSaving: cite('estimate', BEN),
  pvYield: cite('derived', PVGIS),
  pvOrientationFactor: cite('estimate', BENGT),
  pvSelfUseShare: cite(null, BENGT),
  pvBatterySelfUseUplift: cite('estimate', SOLCELLSKOLLEN, BENGT),
  pvMaxShareOfElectricityUse: cite('estimate', src('Hemsol', '')),
  pvModuleAreaPerKwp: cite('estimate'),
  pvUsableRoofShare: cite('estimate'),
  pvMaxKwp: cite('choice', BENGT),
  pvMinKwp: cite('choice'),
  pvSizeStepKwp: cite('choice'),
  batteryKwhPerKwp: cite(null, SOLCELLSKOLLEN),
  batteryMaxKwh: cite(null, SOLCELLSKOLLEN),
  batterySizeStepKwh: cite('choice'),
  atticTargetMm: cite(null, ATTIC_PRICE, LULEA),
  atticUpgradeFromMm: cite('choice'),
  wallAddedInsulationMm: cite(null, src('Byggahus.se', 'Vad kostar det att byta fasad och tilläggsisolera?')),
  newWindowType: cite(null, WINDOWS, src('Mockfjärds', '')),
  newDoorType: cite('estimate'),
  smartControlSpaceHeatSaving: cite(null, HUSGUIDEN),
  minRecommendedIndoorTemperature: cite('choice'),
  temperatureStep: cite('definition'),
  spotPrice: cite(null, SPOT),
  supplierMarkup: cite(null, ELPRISER),
  vatFactor: cite(null, src('Skatteverket', 'Moms')),
  energyTax: cite(null, ENERGY_TAX),
  gridTransferFee: cite(null, GRID),
  exportTaxCredit: cite(null, PROP),
  fuelPrice: cite(null, src('Nils Holgersson-gruppen', 'Fjärrvärme 2023', 2023), src('Energiklart', '')),
  costAtticPerM2: cite('derived', ATTIC_PRICE),
  costWallPerM2: cite(
    'estimate',
    src('Byggahus.se', 'Välj rätt fasad'),
    src('Byggahus.se', 'Vad kostar det att byta fasad och tilläggsisolera?'),
  ),
  costWindowPerM2: cite('derived', src('Sveriges Radio', ''), src('Bygg.se', 'Lilla fönsterskolan')),
  costDoor: cite('derived', src('Saltarvet', 'Lönar det sig att byta fönster?', 2024)),
  costHeatPump: cite('derived', HEAT_PUMP_PRICES, src('Värmepump-pris.se', ''), src('1KOMMA5°', '')),
  costSmartControl: cite(null, src('Dinbyggare', '')),
  costPvPerKwp: cite(null, src('Solenergiguiden', 'Solceller kostnad', 2025)),
  costBatteryPerKwh: cite('derived', HEMSOL),
  costLowFlushFittings: cite('estimate'),
  costWallbox: cite(null, src('Dagens PS', '')),
  costWindowFilmPerM2: cite(
    'estimate',
    src('Mälardalens högskola, E2B2', '', 2017),
    src('Spara och bevara (Energimyndigheten)', 'Energieffektivisering av äldre fönster'),
  ),
  costEnergyReducingProductsPerM2: cite('estimate'),
  lifeSpan: cite(
    'estimate',
    src('Solenergiguiden', ''),
    HEMSOL,
    HEAT_PUMP_PRICES,
    src('Mälardalens högskola, E2B2', '', 2017),
  ),
  rotRate: cite(null, ROT),
  rotCapPerPerson: cite(null, ROT),
  labourShare: cite('derived', HEAT_PUMP_PRICES, ATTIC_PRICE, src('Bygg.se', 'Lilla fönsterskolan')),
  greenTechRate: cite(null, GREEN, PROP),
  greenTechEligibleShare: cite('derived', src('Solens energi', '')),
  greenTechCapPerPerson: cite(null, GREEN),
  subsidyClaimants: cite('choice'),
};
