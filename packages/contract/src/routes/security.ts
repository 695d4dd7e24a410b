import { z } from 'zod';
import { accountRateLimits } from '../rate-limits';
import { defineRoute } from '../route';
import { TokenDataSchema } from '../schemas/auth';
import { EmptySchema, IdParamsSchema } from '../schemas/common';
import {
  ApiKeyCreatedSchema,
  ApiKeyCreateSchema,
  ApiKeyNoteSchema,
  ApiKeySchema,
  RecoveryCodesSchema,
  SecondFactorLoginSchema,
  TwoFactorDisableSchema,
  TwoFactorEnableSchema,
  TwoFactorSetupSchema,
  TwoFactorStatusSchema,
} from '../schemas/security';

const key = (action: 'query' | 'add' | 'edit' | 'enable' | 'disable' | 'delete') => ({ id: 'key', action }) as const;
const user = { id: 'user' } as const;

/**
 * The key list and two-factor sign-in. Every call here is 'session': a key cannot make, see or change keys, nor
 * turn two-factor sign-in on or off.
 */
export const apiKeyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/key/list',
    summary: 'My API keys (the SecretKey is never listed)',
    tag: 'key',
    auth: 'session',
    permission: key('query'),
    data: z.array(ApiKeySchema),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/key/create',
    summary: 'Create an API key; the answer is the only time the SecretKey is shown',
    tag: 'key',
    auth: 'session',
    permission: key('add'),
    body: ApiKeyCreateSchema,
    data: ApiKeyCreatedSchema,
  }),
  note: defineRoute({
    method: 'POST',
    path: '/key/:id/note',
    summary: "Change a key's note",
    tag: 'key',
    auth: 'session',
    permission: key('edit'),
    params: IdParamsSchema,
    body: ApiKeyNoteSchema,
    data: ApiKeySchema,
  }),
  enable: defineRoute({
    method: 'POST',
    path: '/key/:id/enable',
    summary: 'Enable a key',
    tag: 'key',
    auth: 'session',
    permission: key('enable'),
    params: IdParamsSchema,
    data: ApiKeySchema,
  }),
  disable: defineRoute({
    method: 'POST',
    path: '/key/:id/disable',
    summary: 'Disable a key: its signed calls are refused until it is enabled again',
    tag: 'key',
    auth: 'session',
    permission: key('disable'),
    params: IdParamsSchema,
    data: ApiKeySchema,
  }),
  delete: defineRoute({
    method: 'POST',
    path: '/key/:id/delete',
    summary: 'Delete a key for good',
    tag: 'key',
    auth: 'session',
    permission: key('delete'),
    params: IdParamsSchema,
    data: EmptySchema,
  }),
};

export const twoFactorRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/user/two_factor',
    summary: 'Whether two-factor sign-in is on',
    tag: 'user',
    auth: 'session',
    permission: user,
    data: TwoFactorStatusSchema,
  }),
  setup: defineRoute({
    method: 'POST',
    path: '/user/two_factor/setup',
    summary: 'A new TOTP secret (otpauth URI and QR code) waiting for its confirmation code',
    tag: 'user',
    auth: 'session',
    permission: user,
    data: TwoFactorSetupSchema,
  }),
  enable: defineRoute({
    method: 'POST',
    path: '/user/two_factor/enable',
    summary: 'Turn two-factor sign-in on with a code from the app; answers the 10 recovery codes, shown once',
    tag: 'user',
    auth: 'session',
    permission: user,
    body: TwoFactorEnableSchema,
    data: RecoveryCodesSchema,
  }),
  disable: defineRoute({
    method: 'POST',
    path: '/user/two_factor/disable',
    summary: 'Turn two-factor sign-in off with the password and a code (or a recovery code)',
    tag: 'user',
    auth: 'session',
    permission: user,
    body: TwoFactorDisableSchema,
    data: EmptySchema,
  }),
  login: defineRoute({
    method: 'POST',
    path: '/user/login/second_factor',
    summary: "The sign-in's second step: the password step's challenge and a code or a recovery code",
    tag: 'user',
    auth: 'none',
    body: SecondFactorLoginSchema,
    data: TokenDataSchema,
    rateLimit: accountRateLimits.login,
  }),
};
