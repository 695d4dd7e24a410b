/** The operator console's sign-in, staff management and audit log (issue 28). */
export const staff = {
  'staff.role.required': 'Choose a role',
  'staff.reason.required': 'Give a reason',
  'staff.reason.max': 'The reason may be at most 500 characters',
  'errors.STAFF_NAME_TAKEN': 'A staff member of this name already exists',
  'errors.STAFF_LOCKED':
    'Too many wrong passwords or codes: staff sign-in for this name is locked for {minutes, plural, one {# more minute} other {# more minutes}}',
  'errors.STAFF_ADDRESS_REFUSED': 'The operator console does not accept sign-ins from this address',
  'errors.STAFF_LAST_ADMIN': 'This is the last enabled admin: add another admin first',
  'errors.REVIEW_ALREADY_DECIDED': 'This was already decided: the list shows the account as it is now',
  'errors.OWNERSHIP_NO_REQUEST': 'No customer of that name has asked to add a domain under it (asked: {userNames})',
  'errors.OWNERSHIP_AMBIGUOUS': 'Several customers asked to verify it ({userNames}): name one',
  'staff.edgeNode.name':
    'A node name is letters, digits, ".", "_" or "-" (at most 64), starting with a letter or digit',
  'errors.EDGE_NODE_TAKEN':
    'A node of this name exists already (or is configured in EDGE_NODE_TOKENS): revoke it, then add another name',
  'errors.EDGE_NODE_REVOKED': 'This node is revoked already',
  'errors.CUSTOMER_ALREADY_DISABLED': 'This account is disabled already',
  'errors.CUSTOMER_NOT_DISABLED': 'This account is not disabled',
  'staff.notice.noUser': 'No customer has this user name',
  'errors.STAFF_SELF': 'You cannot do this to your own account: ask another admin',
} as const;
