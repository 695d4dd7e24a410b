import { StaffRoleSchema, staffRoles, UserNameSchema } from '@edgeward/contract';
import { opsActor } from '../../lib/staff-audit';
import { type OpsCommand, type OpsContext, OpsError, parseOptions, validArgument } from '../../ops/ops';
import { createPasswordHasher } from '../../secrets/password-hasher';
import { createStaffMembersService } from './staff-members.service';

const membersOf = (ctx: OpsContext) =>
  createStaffMembersService({
    db: ctx.database.db,
    now: ctx.now,
    passwords: createPasswordHasher(ctx.config.passwordHashing),
  });

/**
 * The operator console's first admin comes from here; after that admins add staff in the console. Both call the same
 * service, and the audit log names the command line as the author.
 */
export const staffCommands: OpsCommand[] = [
  {
    name: 'staff add',
    args: `<name> --role <${staffRoles.join('|')}>`,
    summary: 'add a staff member of the operator console; their password is printed once',
    async run(args, ctx) {
      const { positional, options } = parseOptions(args, ['role']);
      if (positional.length !== 1) throw new OpsError('give one name');
      const userName = validArgument(UserNameSchema, positional[0], 'name');
      const role = validArgument(StaffRoleSchema, options.role, 'role');
      const { id, password } = await membersOf(ctx).create(opsActor, { userName, role });
      ctx.out(`staff member ${userName} (${role}, id ${id}) added; the password, shown this once:`);
      ctx.out(password);
      ctx.out('At the first sign-in (/admin/login) they set up two-factor sign-in with an authenticator app.');
    },
  },
  {
    name: 'staff list',
    summary: 'the staff members: role, two-factor, disabled, last sign-in',
    async run(args, ctx) {
      if (args.length) throw new OpsError('takes no arguments');
      const members = await membersOf(ctx).list();
      if (members.length === 0) ctx.out('no staff members');
      for (const m of members) {
        const last = m.lastSignInAt ? new Date(m.lastSignInAt).toISOString() : 'never';
        ctx.out(
          `${m.userName} (id ${m.id}): ${m.role}, two-factor ${m.twoFactorEnabled ? 'on' : 'not set up'}` +
            `${m.disabled ? ', disabled' : ''}, last sign-in ${last}`,
        );
      }
    },
  },
];
