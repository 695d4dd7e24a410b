import { describe, expect, it } from 'vitest';
import { i18nStore, loadConsoleTexts, translate } from './i18n-store';

describe('translate', () => {
  it("has only the first load's texts until the console's arrive, then all of them", async () => {
    expect(translate('account.register.resendIn', { seconds: 1 })).toBe('Resend in 1 s');
    expect(translate('domain.https.certName')).toBe('domain.https.certName');
    await loadConsoleTexts();
    expect(translate('domain.https.certName')).toBe('Certificate name');
  });

  it('formats plurals once the ICU formatter has arrived, fetching it at the first plural text', async () => {
    expect(i18nStore.get().icu).toBeUndefined();
    expect(translate('common.total', { total: 3 })).not.toBe('3 items in total');
    await expect.poll(() => i18nStore.get().icu).toBeDefined();
    expect(translate('common.total', { total: 1 })).toBe('1 item in total');
    expect(translate('common.total', { total: 30 })).toBe('30 items in total');
    await loadConsoleTexts();
    expect(translate('domain.cache.unitCount.days', { n: 1 })).toBe('1 day');
  });

  it('keeps plain texts plain', () => {
    expect(translate('account.register.resendIn', { seconds: 1 })).toBe('Resend in 1 s');
    expect(translate('validation.tooLong', { max: 64 })).toBe('At most 64 characters');
  });
});
