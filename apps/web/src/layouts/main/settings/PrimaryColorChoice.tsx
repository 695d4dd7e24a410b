import { CheckOutlined } from '@ant-design/icons';
import { ColorPicker, Flex, Tooltip, Typography, theme } from 'antd';
import { type TextKey, useI18n } from '../../../i18n';
import { updateSettings, useSettings } from '../../../stores/settings';

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

/** The primary colour: one of the presets or any colour of the picker. */
export function PrimaryColorChoice() {
  const { t } = useI18n();
  const settings = useSettings();
  const { token } = theme.useToken();
  const custom = !presetColors.some((p) => p.color.toLowerCase() === settings.primaryColor.toLowerCase());
  return (
    <>
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
    </>
  );
}
