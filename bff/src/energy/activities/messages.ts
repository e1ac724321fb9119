// Every message an activity can carry: id → level and the homeowner-facing text (Swedish; the results page shows its
// own translation of the id, filling in `values`). One table.
import { ENERGY_CONSTANTS as K } from '../constants';
import type { ActivityMessage, MessageLevel } from './types';

const PERCENT = 100;
const eastWestLoss = Math.round((1 - K.pvOrientationFactor.value.east_west) * PERCENT);

const MESSAGES = {
  already_done: ['notice', 'Åtgärden är redan gjord enligt dina svar.'],
  upgrade_possible: ['notice', 'Du har redan en lösning, men en nyare eller bättre ger mer.'],
  not_in_label: ['notice', 'Påverkar inte energiklassen, som räknas med normalt brukande (BBR/BEN).'],
  facade_only_when_renewing: ['notice', 'Tilläggsisolering av ytterväggar lönar sig oftast bara när fasaden ändå ska bytas.'],
  windows_rarely_pay_back: ['notice', 'Fönsterbyte lönar sig sällan enbart på energibesparingen.'],
  better_heat_pump_present: ['notice', 'Huset har redan en uppvärmning som är minst lika effektiv.'],
  needs_waterborne_heating: ['warning', 'Huset saknar vattenburen värme; radiatorer eller golvvärme tillkommer och ingår inte i kostnaden.'],
  district_heating_present: ['notice', 'Fjärrvärme har låg primärenergifaktor; jämför kostnaderna noga innan du byter.'],
  air_to_air_partial: ['notice', 'En luft/luft-värmepump värmer främst öppna ytor; resten värms som i dag.'],
  solar_roof_north: ['warning', 'Taket vetter mot norr; solceller ger där för lite el för att rekommenderas.'],
  solar_roof_too_small: ['warning', 'Takytan räcker inte för en solcellsanläggning av rimlig storlek.'],
  solar_orientation_unknown: ['notice', 'Takets väderstreck är okänt; beräkningen antar söderläge.'],
  solar_east_west: ['notice', `Tak mot öst/väst ger ungefär ${eastWestLoss} % mindre el än mot söder.`, { percent: eastWestLoss }],
  solar_not_in_label: ['notice', 'Egen solel räknas ännu inte in i den beräknade energiklassen.'],
  solar_present_use_battery: ['notice', 'Du har redan solceller; se batteri som egen åtgärd.'],
  battery_needs_solar: ['warning', 'Ett batteri behöver solceller; se solceller med batteri.'],
  smart_steering_needs_heat_pump: ['warning', 'Smart styrning förutsätter en värmepump.'],
  temperature_already_low: ['notice', `Inomhustemperaturen är redan ${K.minRecommendedIndoorTemperature.value} °C eller lägre.`, { temperature: K.minRecommendedIndoorTemperature.value }],
  no_energy_saving: ['notice', 'Laddboxen sparar ingen energi men gör det möjligt att ladda bilen med egen solel.'],
  heat_pump_choice: ['notice', 'Den värmepump som sparar mest i ditt hus har valts.'],
  no_heat_pump_option: ['notice', 'Ingen värmepump sänker husets energianvändning.'],
  package_too_few_measures: ['notice', 'Färre än två åtgärder återstår; se dem var för sig.'],
  window_film_effect: ['notice', 'En isolerande lågemissionsfilm på glaset minskar värmeförlusten genom fönstren något; nya energifönster minskar den mer.'],
  window_film_good_glazing: ['notice', 'Fönstren har redan tre glas eller energiglas; en isolerande film gör där för liten skillnad för att rekommenderas.'],
  household_electricity_not_in_label: ['notice', 'Hushållsel ingår inte i energiklassen (BBR), så klassen ändras inte.'],
  less_waste_heat: ['notice', 'En del av besparingen går åt till uppvärmning: apparaternas spillvärme värmde huset på vintern.'],
  efficient_appliances_when_replacing: ['notice', 'Välj energisnåla vitvaror när de gamla ändå ska bytas; de ingår inte i kostnaden här.'],
  savings_not_estimated: ['notice',
    'Ingen besparing är beräknad. Be en installatör bedöma huset, eller boka kostnadsfri energi- och klimatrådgivning hos din kommun.'],
} as const satisfies Record<string, readonly [MessageLevel, string] | readonly [MessageLevel, string, Record<string, number>]>;

export type MessageId = keyof typeof MESSAGES;
export const MESSAGE_IDS = Object.keys(MESSAGES) as MessageId[];

export function message(id: MessageId): ActivityMessage {
  const [level, description, values] = MESSAGES[id] as readonly [MessageLevel, string, Record<string, number>?];
  return values ? { id, level, description, values } : { id, level, description };
}
