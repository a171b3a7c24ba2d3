import { describe, expect, it } from 'vitest';
import { capabilityNames, capabilityValue } from './capabilities';

describe('capabilities as stored', () => {
  it('reads a list of names and a map of name → true alike', () => {
    expect(capabilityNames(['Research', 'Consult', 'Research', '', 3])).toEqual(['Consult', 'Research']);
    expect(capabilityNames({ Research: true, Consult: false, Vocab: 'yes' })).toEqual(['Research']);
    expect(capabilityNames(null)).toEqual([]);
    expect(capabilityNames('Research')).toEqual([]);
  });

  it('writes the shape of the property kind, and reads back what it wrote', () => {
    expect(capabilityValue('json', ['Vocab', 'Research'])).toEqual({ Research: true, Vocab: true });
    expect(capabilityValue('list', ['Vocab', 'Research', 'Vocab'])).toEqual(['Research', 'Vocab']);
    for (const kind of ['json', 'list'] as const)
      expect(capabilityNames(capabilityValue(kind, ['B', 'A']))).toEqual(['A', 'B']);
  });
});
