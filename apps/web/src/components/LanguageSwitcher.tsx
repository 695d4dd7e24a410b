import { TranslationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ComponentType, type CSSProperties, useCallback, useState } from 'react';
import { useI18n } from '../i18n';
import { languageNames } from '../i18n/language-names';
import { loadOnce } from '../navigation/lazy-page';
import type { LanguageMenuProps } from './LanguageMenu';

const loadMenu = loadOnce(() => import('./LanguageMenu').then((module) => module.LanguageMenu));

/**
 * The button is drawn at once; its menu (antd's Dropdown and Menu, heavy for the login page) is fetched by the first
 * click, which opens it as soon as it is there: a visitor who never switches does not download it. Not on hover or
 * focus: the menu arriving between the press and the release would replace the button, and the click would be lost.
 */
export function LanguageSwitcher({ style }: { style?: CSSProperties }) {
  const { locale, t } = useI18n();
  const [Menu, setMenu] = useState<ComponentType<LanguageMenuProps>>();
  const [open, setOpen] = useState(false);

  const fetchMenu = useCallback(() => {
    loadMenu().then(
      (menu) => setMenu(() => menu),
      () => {
        // Nothing to show for it: the button stays, and a click asks again.
      },
    );
  }, []);

  const button = (
    <Button
      type="text"
      icon={<TranslationOutlined />}
      // The accessible name starts with what the button shows, so that a voice command naming it finds it.
      aria-label={`${languageNames[locale]} · ${t('layout.language')}`}
      data-testid="language-switcher"
      style={style}
      // Once the menu is there, its Dropdown handles the click.
      {...(Menu
        ? {}
        : {
            onClick: () => {
              setOpen(true);
              fetchMenu();
            },
          })}
    >
      {languageNames[locale]}
    </Button>
  );
  return Menu ? (
    <Menu open={open} onOpenChange={setOpen}>
      {button}
    </Menu>
  ) : (
    button
  );
}
