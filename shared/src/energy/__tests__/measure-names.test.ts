import { ACTIVITY_TYPES } from '../../schemas/energy';
import { measureName, measureTextKey } from '../measure-names';

describe('a measure is named in words, never by its key', () => {
  it.each(['sv', 'en'] as const)('every measure has a name in %s that is words, not a key', (language) => {
    for (const type of ACTIVITY_TYPES) {
      const name = measureName(language, type);
      expect(name).not.toMatch(/_/);
      expect(name).not.toBe(type);
      expect(name.length).toBeGreaterThan(3);
    }
  });

  it('names the air-to-air heat pump as a homeowner reads it', () => {
    expect(measureName('sv', 'heat_pump_air')).toBe('Luft/luft-värmepump');
    expect(measureName('en', 'heat_pump_air')).toBe('Air-to-air heat pump');
  });

  it('reads a key it does not know as "Other measures", not as the key', () => {
    expect(measureName('sv', 'heat_pump_magic')).toBe('Övriga åtgärder');
    expect(measureName('en', 'heat_pump_magic')).toBe('Other measures');
    expect(measureTextKey('heat_pump_magic')).toBe('energy:measures.unspecified');
    expect(measureTextKey('insulation_attic')).toBe('energy:measures.insulation_attic');
  });
});
