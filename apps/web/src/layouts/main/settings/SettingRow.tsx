import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** One setting of the drawer: its label (and hint) on the left, its control on the right. */
export function SettingRow({ label, hint, children }: { label: string; hint?: string; children: ReactNode }) {
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
