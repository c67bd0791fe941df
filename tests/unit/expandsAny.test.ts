import { describe, expect, it } from 'vitest';
import { expandsAny } from '../../api/src/http/odata.js';

/** Lists whose items carry expiring read URLs (issue photos) must not have their replies kept. */
describe('expandsAny', () => {
  const expands = (expand: string) => expandsAny(new URLSearchParams({ $expand: expand }), ['issues']);

  it('finds a navigation at the top or nested, in any case', () => {
    expect(expands('issues')).toBe(true);
    expect(expands('contracts,Issues($filter=status eq 1)')).toBe(true);
    expect(expands('rooms($expand=issues($filter=status eq 1)),services')).toBe(true);
  });

  it('does not match other navigations or a missing $expand', () => {
    expect(expands('contracts,lesseeInfos,monthlyBills')).toBe(false);
    expect(expands('rooms($expand=meters),services')).toBe(false);
    expect(expandsAny(new URLSearchParams(), ['issues'])).toBe(false);
  });
});
