/** Real-name verification: the name and ID number checks, its errors and the sandbox face-check page. */
export const identity = {
  'identity.realName.required': 'Please enter your name',
  'identity.realName.format': 'Please enter the name as on your ID card',
  'identity.idNumber.required': 'Please enter your ID number',
  'identity.idNumber.format': 'The ID number has 18 characters: 17 digits, then a digit or X',
  'identity.idNumber.region': 'The ID number does not start with a valid region code',
  'identity.idNumber.birthDate': 'The birth date in the ID number is not valid',
  'identity.idNumber.checkDigit': 'The ID number is not valid: please check it (its last character does not match)',
  'errors.REAL_NAME_ALREADY_VERIFIED': 'Real-name verification is already complete',
  'errors.REAL_NAME_ATTEMPTS_EXCEEDED':
    'Face verification failed too many times today ({limit} a day). Please try again tomorrow',
  'identity.sandbox.title': 'Sandbox face verification',
  'identity.sandbox.notice':
    'This is a sandbox: no real face check is made and the picture is neither uploaded nor kept. Choose the result.',
  'identity.sandbox.person': 'Verifying: {name} ({idNumber})',
  'identity.sandbox.camera': 'Turn on the camera',
  'identity.sandbox.capture': 'Take the picture',
  'identity.sandbox.photo': 'Or choose a photo',
  'identity.sandbox.noCamera': 'The camera is not available here: choose a photo instead.',
  'identity.sandbox.ready': 'Picture taken. Choose the result of the check:',
  'identity.sandbox.pass': 'Pass the check',
  'identity.sandbox.fail': 'Fail the check',
  'identity.sandbox.passed': 'Face verification passed. You can close this page.',
  'identity.sandbox.failed': 'Face verification failed. You can close this page and try again in the console.',
  'identity.sandbox.expired': 'This face check has expired. Start again in the console.',
  'identity.sandbox.notFound': 'No such face check',
} as const;
