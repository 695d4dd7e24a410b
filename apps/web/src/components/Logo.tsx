import { theme } from 'antd';

/** The mark (the favicon's drawing) and, unless collapsed, the product name. */
export function Logo({ collapsed = false, size = 28 }: { collapsed?: boolean; size?: number }) {
  const { token } = theme.useToken();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10, whiteSpace: 'nowrap' }}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill={token.colorPrimary} />
        <path d="M9 8h14v3.2H12.6v3.2h8.8v3.2h-8.8v3.2H23V24H9z" fill="#fff" />
        <circle cx="25" cy="9" r="2.2" fill="#fff" opacity="0.6" />
      </svg>
      {collapsed ? null : (
        <span style={{ fontSize: 18, fontWeight: 600, color: token.colorText, letterSpacing: 0.2 }}>Edgeward</span>
      )}
    </span>
  );
}
