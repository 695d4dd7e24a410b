import { CheckOutlined } from '@ant-design/icons';
import { Button, ColorPicker, Divider, Drawer, Flex, Segmented, Switch, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { type TextKey, useI18n } from '../../i18n';
import {
  type ContentWidth,
  type LayoutMode,
  resetSettings,
  type ThemeName,
  updateSettings,
  useSettings,
} from '../../stores/settings';

const presetColors: { key: TextKey; color: string }[] = [
  { key: 'layout.color.daybreak', color: '#1677ff' },
  { key: 'layout.color.dust', color: '#f5222d' },
  { key: 'layout.color.volcano', color: '#fa541c' },
  { key: 'layout.color.sunset', color: '#faad14' },
  { key: 'layout.color.cyan', color: '#13c2c2' },
  { key: 'layout.color.green', color: '#52c41a' },
  { key: 'layout.color.geekblue', color: '#2f54eb' },
  { key: 'layout.color.purple', color: '#722ed1' },
];

function Row({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
  return (
    <Flex align="center" justify="space-between" gap={12} style={{ minHeight: 36 }}>
      <Flex vertical>
        <Typography.Text>{label}</Typography.Text>
        {hint ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {hint}
          </Typography.Text>
        ) : null}
      </Flex>
      {children}
    </Flex>
  );
}

/** Every page style setting (spec section 3), applied as it changes and kept in this browser. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const settings = useSettings();
  const { token } = theme.useToken();
  const sideMenu = settings.layout !== 'top';
  const custom = !presetColors.some((p) => p.color.toLowerCase() === settings.primaryColor.toLowerCase());

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

      <Typography.Title level={5}>{t('layout.settings.primaryColor')}</Typography.Title>
      <Flex gap={6} wrap align="center" role="group" aria-label={t('layout.settings.primaryColor')}>
        {presetColors.map(({ key, color }) => {
          const selected = color.toLowerCase() === settings.primaryColor.toLowerCase();
          return (
            <Tooltip key={color} title={t(key)}>
              <button
                type="button"
                aria-pressed={selected}
                aria-label={t(key)}
                onClick={() => updateSettings({ primaryColor: color })}
                style={{
                  width: 22,
                  height: 22,
                  borderRadius: token.borderRadiusSM,
                  border: 'none',
                  background: color,
                  color: '#fff',
                  cursor: 'pointer',
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  padding: 0,
                }}
              >
                {selected ? <CheckOutlined style={{ fontSize: 12 }} /> : null}
              </button>
            </Tooltip>
          );
        })}
        <Tooltip title={t('layout.settings.customColor')}>
          <ColorPicker
            size="small"
            disabledAlpha
            value={settings.primaryColor}
            onChangeComplete={(color) => updateSettings({ primaryColor: color.toHexString() })}
            aria-label={t('layout.settings.customColor')}
            style={custom ? { outline: `2px solid ${token.colorPrimary}`, outlineOffset: 1 } : undefined}
          />
        </Tooltip>
      </Flex>

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
        <Row label={t('layout.settings.contentWidth')}>
          <Segmented<ContentWidth>
            size="small"
            value={settings.contentWidth}
            onChange={(value) => updateSettings({ contentWidth: value })}
            options={[
              { value: 'fluid', label: t('layout.settings.contentWidth.fluid') },
              { value: 'fixed', label: t('layout.settings.contentWidth.fixed') },
            ]}
          />
        </Row>
        <Row label={t('layout.settings.fixedHeader')}>
          <Switch
            size="small"
            checked={settings.fixedHeader}
            onChange={(fixedHeader) => updateSettings({ fixedHeader })}
            aria-label={t('layout.settings.fixedHeader')}
          />
        </Row>
        <Row label={t('layout.settings.autoHideHeader')} hint={t('layout.settings.autoHideHeaderHint')}>
          <Switch
            size="small"
            checked={settings.autoHideHeader}
            disabled={!settings.fixedHeader}
            onChange={(autoHideHeader) => updateSettings({ autoHideHeader })}
            aria-label={t('layout.settings.autoHideHeader')}
          />
        </Row>
        <Row label={t('layout.settings.fixedSidebar')} hint={t('layout.settings.fixedSidebarHint')}>
          <Switch
            size="small"
            checked={settings.fixedSidebar}
            disabled={!sideMenu}
            onChange={(fixedSidebar) => updateSettings({ fixedSidebar })}
            aria-label={t('layout.settings.fixedSidebar')}
          />
        </Row>
      </Flex>

      <Divider />
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('layout.settings.other')}
      </Typography.Title>
      <Flex vertical gap={4}>
        <Row label={t('layout.settings.weakMode')}>
          <Switch
            size="small"
            checked={settings.weakMode}
            onChange={(weakMode) => updateSettings({ weakMode })}
            aria-label={t('layout.settings.weakMode')}
            data-testid="settings-weak-mode"
          />
        </Row>
        <Row label={t('layout.settings.multiTab')}>
          <Switch
            size="small"
            checked={settings.multiTab}
            onChange={(multiTab) => updateSettings({ multiTab })}
            aria-label={t('layout.settings.multiTab')}
            data-testid="settings-multi-tab"
          />
        </Row>
      </Flex>
    </Drawer>
  );
}
