import { describe, expect, it } from 'vitest';
import { consultModule } from '../module';

// The desk is drawn before consult's client half (and its strings bundle) loads: its title and
// its actions' labels ("Log a referral") are worded in the module's titles, which the page's
// config carries, or the button shows its key until the half arrives.

describe("the consultation desk's words", () => {
  it("are each in consult's titles", () => {
    const titles = consultModule.titles ?? {};
    for (const d of consultModule.dashboards ?? []) {
      expect(titles[d.titleKey], d.titleKey).toBeTruthy();
      for (const a of d.actions ?? []) expect(titles[a.labelKey], a.labelKey).toBeTruthy();
    }
    expect(titles['consult.desk.logReferral']).toBe('Log a referral');
  });
});
