import { type CertificateDeployResult, certificateRoutes, type Locale } from '@edgeward/contract';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { translate } from '../../http/i18n';
import { registerRoute } from '../../http/route';
import type { CertificateService, DeployOutcome } from './certificate.service';

function deployResults(outcomes: DeployOutcome[], locale: Locale): CertificateDeployResult[] {
  return outcomes.map(({ message, ...rest }) => ({
    ...rest,
    message: message
      ? translate(locale, 'certificate.deploy.failedWith', {
          reason: translate(locale, message.key, message.params),
        })
      : null,
  }));
}

/** Certificates: the routes of the contract's certificate table. */
export function certificateModule(certificates: () => CertificateService): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const service = certificates();
    const r = certificateRoutes;
    registerRoute(app, r.list, ({ user, query }) => service.list(user, query));
    registerRoute(app, r.upload, ({ user, body, actor }) => service.upload(user, body, actor));
    registerRoute(app, r.detail, ({ user, params }) => service.detail(user, params.id));
    registerRoute(app, r.download, async ({ user, params, query, reply }) => {
      const file = await service.download(user, params.id, query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    });
    registerRoute(app, r.replace, async ({ user, params, body, locale, actor }) => {
      const { certificate, results } = await service.replace(user, params.id, body, actor);
      return { certificate, results: deployResults(results, locale) };
    });
    registerRoute(app, r.delete, ({ user, body, actor }) => service.delete(user, body.id, actor));
    registerRoute(app, r.coveredDomains, ({ user, params }) => service.coveredDomains(user, params.id));
    registerRoute(app, r.deploy, async ({ user, params, body, locale, actor }) => ({
      results: deployResults(await service.deploy(user, params.id, body.domainIds, actor), locale),
    }));
  };
}
