import { Dropdown } from 'antd';
import type { ReactElement } from 'react';
import { type Locale, useI18n } from '../i18n';
import { languageNames } from '../i18n/language-names';

export interface LanguageMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The switcher's button, which opens the menu. */
  children: ReactElement;
}

/** The language switcher's menu; LanguageSwitcher fetches it after the first render. */
export function LanguageMenu({ open, onOpenChange, children }: LanguageMenuProps) {
  const { locale, setLocale } = useI18n();
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={onOpenChange}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: (Object.keys(languageNames) as Locale[]).map((key) => ({
          key,
          label: <span lang={key}>{languageNames[key]}</span>,
          'data-testid': `language-${key}`,
        })),
        onClick: ({ key }) => void setLocale(key as Locale),
      }}
    >
      {children}
    </Dropdown>
  );
}
