import { type AreaContext, defineArea } from '../area';
import { certificateModule } from './certificate.routes';
import { addSampleCertificates } from './certificate.sample-data';
import { createCertificateService } from './certificate.service';
import { domainHttpsOf } from './domain-https';
import { certificateKeyOf, createSecretBox } from './secret-box';

function certificateService(ctx: AreaContext) {
  return createCertificateService({
    db: ctx.database.db,
    now: ctx.now,
    box: createSecretBox(certificateKeyOf(ctx.config)),
    domains: domainHttpsOf(ctx),
  });
}

/** Managed certificates: upload, list, download, replace, delete, deployment to the customer's domains. */
export const certificateArea = defineArea({
  name: 'certificate',
  routes: (ctx) => certificateModule(() => certificateService(ctx)),
  sampleData: addSampleCertificates,
});
