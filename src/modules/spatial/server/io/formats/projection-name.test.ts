import { describe, expect, it } from 'vitest';
import { projectionName } from './projection-name';

describe('projectionName', () => {
  it('reads the name of WKT 1 and WKT 2 projections, ESRI underscores as spaces', () => {
    expect(projectionName('PROJCS["NAD83 / UTM zone 14N",GEOGCS["NAD83"]]')).toBe('NAD83 / UTM zone 14N');
    expect(projectionName('PROJCS["NAD_1983_UTM_Zone_14N",GEOGCS["GCS_North_American_1983"]]')).toBe(
      'NAD 1983 UTM Zone 14N',
    );
    expect(projectionName(' PROJCRS["NAD83(CSRS) / Saskatchewan ATS",BASEGEOGCRS["x"]]')).toBe(
      'NAD83(CSRS) / Saskatchewan ATS',
    );
    expect(projectionName('GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984"]]')).toBe('GCS WGS 1984');
  });

  it('gives nothing for text that is not a named WKT', () => {
    expect(projectionName('+proj=utm +zone=14')).toBeNull();
    expect(projectionName('')).toBeNull();
  });
});
