import { Button, Divider, Drawer, Flex, Segmented, Switch, Typography } from 'antd';
import { useI18n } from '../../../i18n';
import { resetSettings, type ThemeName, updateSettings, useSettings } from '../../../stores/settings';
import { NavigationSettings } from './NavigationSettings';
import { PrimaryColorChoice } from './PrimaryColorChoice';
import { SettingRow } from './SettingRow';

/** Every page style setting (spec section 3), applied as it changes and kept in this browser. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const settings = useSettings();

  return (
    <Drawer
      title={t('layout.settings.title')}
      open={open}
      onClose={onClose}
      size={320}
      data-testid="settings-drawer"
      footer={
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('layout.settings.savedHint')}
          </Typography.Text>
          <Button onClick={resetSettings} data-testid="settings-reset">
            {t('layout.settings.reset')}
          </Button>
        </Flex>
      }
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('layout.settings.style')}
      </Typography.Title>
      <Segmented<ThemeName>
        block
        value={settings.theme}
        onChange={(value) => updateSettings({ theme: value })}
        options={[
          { value: 'dark', label: t('layout.settings.theme.dark') },
          { value: 'light', label: t('layout.settings.theme.light') },
        ]}
        data-testid="settings-theme"
      />

      <PrimaryColorChoice />
      <NavigationSettings />
      <Divider />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('layout.settings.other')}
      </Typography.Title>
      <Flex vertical gap={4}>
        <SettingRow label={t('layout.settings.weakMode')}>
          <Switch
            size="small"
            checked={settings.weakMode}
            onChange={(weakMode) => updateSettings({ weakMode })}
            aria-label={t('layout.settings.weakMode')}
            data-testid="settings-weak-mode"
          />
        </SettingRow>
        <SettingRow label={t('layout.settings.multiTab')}>
          <Switch
            size="small"
            checked={settings.multiTab}
            onChange={(multiTab) => updateSettings({ multiTab })}
            aria-label={t('layout.settings.multiTab')}
            data-testid="settings-multi-tab"
          />
        </SettingRow>
      </Flex>
    </Drawer>
  );
}
