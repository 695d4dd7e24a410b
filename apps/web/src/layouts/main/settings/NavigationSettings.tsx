import { Divider, Flex, Segmented, Switch, Typography } from 'antd';
import { useI18n } from '../../../i18n';
import { type ContentWidth, type LayoutMode, updateSettings, useSettings } from '../../../stores/settings';
import { SettingRow } from './SettingRow';

/** Where the menu goes, how wide the page is and what stays in place while it scrolls. */
export function NavigationSettings() {
  const { t } = useI18n();
  const settings = useSettings();
  const sideMenu = settings.layout !== 'top';
  return (
    <>
      <Divider />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('layout.settings.navigation')}
      </Typography.Title>
      <Segmented<LayoutMode>
        block
        value={settings.layout}
        onChange={(value) => updateSettings({ layout: value })}
        options={[
          { value: 'side', label: t('layout.settings.layout.side') },
          { value: 'top', label: t('layout.settings.layout.top') },
          { value: 'mix', label: t('layout.settings.layout.mix') },
        ]}
        data-testid="settings-layout"
      />
      <Flex vertical gap={4} style={{ marginTop: 12 }}>
        <SettingRow label={t('layout.settings.contentWidth')}>
          <Segmented<ContentWidth>
            size="small"
            value={settings.contentWidth}
            onChange={(value) => updateSettings({ contentWidth: value })}
            options={[
              { value: 'fluid', label: t('layout.settings.contentWidth.fluid') },
              { value: 'fixed', label: t('layout.settings.contentWidth.fixed') },
            ]}
          />
        </SettingRow>
        <SettingRow label={t('layout.settings.fixedHeader')}>
          <Switch
            size="small"
            checked={settings.fixedHeader}
            onChange={(fixedHeader) => updateSettings({ fixedHeader })}
            aria-label={t('layout.settings.fixedHeader')}
          />
        </SettingRow>
        <SettingRow label={t('layout.settings.autoHideHeader')} hint={t('layout.settings.autoHideHeaderHint')}>
          <Switch
            size="small"
            checked={settings.autoHideHeader}
            disabled={!settings.fixedHeader}
            onChange={(autoHideHeader) => updateSettings({ autoHideHeader })}
            aria-label={t('layout.settings.autoHideHeader')}
          />
        </SettingRow>
        <SettingRow label={t('layout.settings.fixedSidebar')} hint={t('layout.settings.fixedSidebarHint')}>
          <Switch
            size="small"
            checked={settings.fixedSidebar}
            disabled={!sideMenu}
            onChange={(fixedSidebar) => updateSettings({ fixedSidebar })}
            aria-label={t('layout.settings.fixedSidebar')}
          />
        </SettingRow>
      </Flex>
    </>
  );
}
