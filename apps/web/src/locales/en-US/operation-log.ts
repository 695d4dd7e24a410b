/** The operation-log tab of /log (action, target and actor names are the contract's operationLog.* messages). */
export const operationLog = {
  'operationLog.field.time': 'Time',
  'operationLog.field.user': 'User',
  'operationLog.field.action': 'Action',
  'operationLog.field.target': 'Target',
  'operationLog.field.changes': 'Changes',
  'operationLog.field.address': 'Address',
  'operationLog.field.actor': 'Made by',
  'operationLog.filter.targetType': 'Target type',
  'operationLog.filter.action': 'Action',
  'operationLog.search': 'Search by target name or ID',
  'operationLog.export': 'Export CSV',
  'operationLog.loadFailed': 'The operation log could not be loaded',
  'operationLog.noMatch': 'No operation matches these filters',
  'operationLog.emptyTitle': 'No operations yet',
  'operationLog.emptyDescription':
    'Every change to your domains, certificates, orders and account is listed here, with who made it and from where.',
  'operationLog.noChanges': 'No field details',
} as const;
