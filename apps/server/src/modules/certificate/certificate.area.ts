import { handle } from '../../jobs/job';
import { secretBoxOf } from '../../secrets/secret-box';
import { type Area, type AreaContext, defineArea } from '../area';
import type { DomainPorts } from '../domain';
import { acmeAccountOf } from './acme-account';
import { certificateModule } from './certificate.routes';
import { addSampleCertificates } from './certificate.sample-data';
import { createCertificateService } from './certificate.service';
import {
  applicationJob,
  applicationMaintenanceJob,
  applicationMaintenanceSchedule,
} from './certificate-application.jobs';
import { certificateApplicationModule } from './certificate-application.routes';
import { createApplicationService } from './certificate-application.service';
import { createIssuance } from './certificate-issuance';
import { domainHttpsOf } from './domain-https';
import { createRenewalNotices, noticeMailHandler } from './renewal-notices';

function certificateService(ctx: AreaContext, ports: DomainPorts) {
  return createCertificateService({
    db: ctx.database.db,
    now: ctx.now,
    box: secretBoxOf(ctx.config),
    domains: domainHttpsOf(ctx, ports),
  });
}

function applicationService(ctx: AreaContext, ports: DomainPorts) {
  return createApplicationService({
    db: ctx.database.db,
    now: ctx.now,
    dns: ctx.providers.dns,
    domains: domainHttpsOf(ctx, ports),
  });
}

/**
 * Managed certificates (upload, list, download, replace, delete, deployment) and certificate applications through
 * ACME: the issuance job, the hourly maintenance that expires unverified applications, starts (or tries again)
 * renewals and reminds renewals waiting for DNS, and the job that mails renewal notices. Certificates are
 * installed on domains through the domain area's services, which take the domain area's ports.
 */
export const certificateArea = (ports: DomainPorts): Area =>
  defineArea({
    name: 'certificate',
    routes: (ctx) => async (app) => {
      await app.register(certificateModule(() => certificateService(ctx, ports)));
      await app.register(certificateApplicationModule(() => applicationService(ctx, ports)));
    },
    jobs(ctx) {
      const box = secretBoxOf(ctx.config);
      const db = ctx.database.db;
      const notices = createRenewalNotices({ publicUrl: ctx.config.publicUrl });
      const issuance = createIssuance({
        db,
        now: ctx.now,
        box,
        account: acmeAccountOf({ db, acme: ctx.providers.acme, box, now: ctx.now }),
        certificates: certificateService(ctx, ports),
        notices,
      });
      const applications = applicationService(ctx, ports);
      return [
        handle(applicationJob, ({ applicationId }, job) => issuance.advance(applicationId, job)),
        handle(applicationMaintenanceJob, async () => {
          await applications.expireStale();
          await applications.startRenewals();
          await notices.remind(db, ctx.now());
        }),
        noticeMailHandler(ctx.providers.mail),
      ];
    },
    schedules: [applicationMaintenanceSchedule],
    sampleData: addSampleCertificates,
  });
