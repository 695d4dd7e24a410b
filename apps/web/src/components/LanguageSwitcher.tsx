import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { CSSProperties } from 'react';
import { type Locale, useI18n } from '../i18n';

/** Each language is named in itself, so that anyone can find their own. */
const names: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

export function LanguageSwitcher({ style }: { style?: CSSProperties }) {
  const { locale, setLocale, t } = useI18n();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: (Object.keys(names) as Locale[]).map((key) => ({
          key,
          label: <span lang={key}>{names[key]}</span>,
          'data-testid': `language-${key}`,
        })),
        onClick: ({ key }) => void setLocale(key as Locale),
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={t('layout.language')}
        data-testid="language-switcher"
        style={style}
      >
        {names[locale]}
      </Button>
    </Dropdown>
  );
}
