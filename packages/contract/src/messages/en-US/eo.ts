/** The edge-platform (eo) security policy's rules (numbers from limits.eo). */
export const eo = {
  'eo.client.duplicate': 'Each entry can be chosen once',
  'eo.client.nothingBlocked': 'Choose at least one kind of client to block',
  'eo.abuse.threshold': 'The threshold must be a whole number of MB from 1 to 102400',
  'eo.abuse.window': 'The window must be a whole number of seconds from 10 to 3600',
  'eo.abuse.rateCap': 'The rate cap must be a whole number of KB/s from 64 to 102400',
  'eo.slow.minRate': 'The minimum body rate must be a whole number of bytes/s from 1 to 8192',
  'eo.slow.headerTimeout': 'The header timeout must be a whole number of seconds from 1 to 60',
  'eo.slow.bodyTimeout': 'The body timeout must be a whole number of seconds from 1 to 120',
} as const;
