import type { ReactNode } from 'react';

/**
 * Text kept to one line and cut with an ellipsis by CSS, whole in the title on hover. Domain names run to 253
 * characters without a space: unclipped they widen tables or break a letter per line. The text stays whole in the
 * page (copy, search, tests read it).
 */
export function Clipped({
  text,
  maxWidth,
  children,
  testId,
}: {
  text: string;
  maxWidth: number | string;
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <span
      title={text}
      data-testid={testId}
      style={{
        display: 'inline-block',
        maxWidth,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
        verticalAlign: 'bottom',
      }}
    >
      {children ?? text}
    </span>
  );
}
