import {
  type Action,
  actions,
  EmailSchema,
  PasswordSchema,
  type PermissionId,
  PhoneSchema,
  permissionIds,
  UserNameSchema,
} from '@edgeward/contract';
import { type OpsCommand, OpsError, parseOptions, validArgument as valid } from '../../ops/ops';
import { createPasswordHasher } from '../../secrets/password-hasher';
import { createUser, grantPermission, issueSimulationToken, listUsers, revokePermission } from './account.operator';

function permissionArgs(args: string[]): { userName: string; permissionId: PermissionId; actionList: Action[] } {
  const [userName, permissionId, ...rest] = args;
  if (!userName || !permissionId) throw new OpsError('give a user name and a permission id');
  if (!(permissionIds as readonly string[]).includes(permissionId)) {
    throw new OpsError(`unknown permission '${permissionId}'; one of: ${permissionIds.join(', ')}`);
  }
  const unknown = rest.filter((x) => !(actions as readonly string[]).includes(x));
  if (unknown.length) throw new OpsError(`unknown action '${unknown[0]}'; one of: ${actions.join(', ')}`);
  return { userName, permissionId: permissionId as PermissionId, actionList: rest as Action[] };
}

const noUser = (userName: string) => new OpsError(`no user named '${userName}'`);

export const accountCommands: OpsCommand[] = [
  {
    name: 'user create',
    args: '<name> <email> <password> [--phone P]',
    summary: 'create a customer account with the default permissions',
    async run(args, ctx) {
      const { positional, options } = parseOptions(args, ['phone']);
      if (positional.length !== 3) throw new OpsError('give a name, an email and a password');
      const [name, email, password] = positional;
      const user = {
        userName: valid(UserNameSchema, name, 'name'),
        email: valid(EmailSchema, email, 'email'),
        password: valid(PasswordSchema, password, 'password'),
        phone: options.phone === undefined ? null : valid(PhoneSchema, options.phone, 'phone'),
      };
      const id = await createUser(ctx.database.db, createPasswordHasher(ctx.config.passwordHashing), user, ctx.now());
      ctx.out(`Created user ${user.userName} (id ${id})`);
    },
  },
  {
    name: 'user list',
    summary: 'list the accounts',
    async run(args, ctx) {
      if (args.length) throw new OpsError('takes no arguments');
      const users = await listUsers(ctx.database.db);
      if (users.length === 0) {
        ctx.out('No users.');
        return;
      }
      ctx.out(['id', 'name', 'email', 'phone', 'verified', 'created'].join('\t'));
      for (const u of users) {
        const verified = u.realNameVerified ? 'yes' : 'no';
        ctx.out([u.id, u.userName, u.email, u.phone ?? '-', verified, u.createdAt.toISOString()].join('\t'));
      }
    },
  },
  {
    name: 'grant',
    args: '<name> <permissionId> [actions...]',
    summary: 'grant a permission (every action when none is named)',
    async run(args, ctx) {
      const { userName, permissionId, actionList } = permissionArgs(args);
      const result = await grantPermission(ctx.database.db, userName, permissionId, actionList);
      if (!result) throw noUser(userName);
      ctx.out(`${userName}: ${permissionId} = ${result.join(', ')}`);
    },
  },
  {
    name: 'revoke',
    args: '<name> <permissionId> [actions...]',
    summary: 'revoke actions of a permission (the whole permission when none is named)',
    async run(args, ctx) {
      const { userName, permissionId, actionList } = permissionArgs(args);
      const result = await revokePermission(ctx.database.db, userName, permissionId, actionList);
      if (result === undefined) throw noUser(userName);
      ctx.out(
        result === null
          ? `${userName}: ${permissionId} revoked`
          : `${userName}: ${permissionId} = ${result.join(', ') || '(no actions)'}`,
      );
    },
  },
  {
    name: 'simulate',
    args: '<name>',
    summary: 'issue a one-time login link acting as the user',
    async run(args, ctx) {
      const [userName] = args;
      if (!userName || args.length > 1) throw new OpsError('give one user name');
      const issued = await issueSimulationToken(ctx.database.db, userName, ctx.now());
      if (!issued) throw noUser(userName);
      ctx.out(`Token: ${issued.token}`);
      ctx.out(`URL: /user/login/${issued.token}`);
      ctx.out(`Valid once, until ${issued.expiresAt.toISOString()}`);
    },
  },
];
