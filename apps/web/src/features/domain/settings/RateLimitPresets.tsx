import { type RateLimitPreset, rateLimitPresets, recommendedRateLimitPreset } from '@edgeward/contract';
import { Flex, Form, Radio, Tag } from 'antd';
import { useI18n } from '../../../i18n';
import { presetNames } from './rate-limit-values';

/** The preset levels: choosing one writes the all-files rule; the one it matches shows as chosen. */
export function RateLimitPresets({
  value,
  onChange,
}: {
  value: RateLimitPreset | undefined;
  onChange: (preset: RateLimitPreset) => void;
}) {
  const { t } = useI18n();
  return (
    <Form.Item label={t('domain.rateLimit.preset')} extra={t('domain.rateLimit.presetHint')}>
      <Radio.Group
        value={value}
        onChange={(event) => onChange(event.target.value as RateLimitPreset)}
        data-testid="rate-limit-preset"
      >
        <Flex gap={8} wrap>
          {presetNames.map((name) => (
            <Radio.Button key={name} value={name} style={{ height: 'auto', paddingBlock: 6 }}>
              <Flex vertical style={{ lineHeight: 1.4 }}>
                <span>
                  {t(`domain.rateLimit.preset.${name}`)}
                  {name === recommendedRateLimitPreset ? (
                    <Tag color="green" style={{ marginInlineStart: 6 }}>
                      {t('domain.rateLimit.recommended')}
                    </Tag>
                  ) : null}
                </span>
                <span style={{ fontSize: 12, opacity: 0.75 }}>
                  {t('domain.rateLimit.presetValue', rateLimitPresets[name])}
                </span>
              </Flex>
            </Radio.Button>
          ))}
        </Flex>
      </Radio.Group>
    </Form.Item>
  );
}
