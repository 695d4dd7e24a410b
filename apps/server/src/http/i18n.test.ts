import { describe, expect, it } from 'vitest';
import { translate } from './i18n';

describe('translate', () => {
  it('formats plurals in the caller language', () => {
    expect(translate('en-US', 'account.mail.code.text', { code: '012345', minutes: 1 })).toContain(
      'It is valid for 1 minute.',
    );
    expect(translate('en-US', 'account.mail.reset.text', { link: 'https://x.test/r?token=a', minutes: 30 })).toContain(
      '(valid for 30 minutes):\nhttps://x.test/r?token=a\n',
    );
    expect(translate('zh-CN', 'account.mail.code.text', { code: '012345', minutes: 1 })).toContain('1 分钟');
  });

  it('keeps plain texts and unknown keys as they are', () => {
    expect(translate('en-US', 'validation.tooLong', { max: 64 })).toBe('At most 64 characters');
    expect(translate('zh-CN', 'errors.NOT_FOUND')).toBe('未找到');
    expect(translate('en-US', 'no.such.key', { n: 1 })).toBe('no.such.key');
  });
});
