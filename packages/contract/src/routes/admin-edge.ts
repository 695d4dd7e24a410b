import { z } from 'zod';
import { defineRoute } from '../route';
import { StaffReasonSchema } from '../schemas/staff';
import {
  EdgeNodeNameSchema,
  StaffEdgeFailureSchema,
  StaffEdgeNodeCreatedSchema,
  StaffEdgeNodeCreateSchema,
  StaffEdgeNodeSchema,
  StaffTrafficImportResultSchema,
} from '../schemas/staff-edge';

const tag = 'admin';

/**
 * Operations' desk (issue 28): the edge nodes (add with the token shown once, revoke), the failures the nodes
 * reported with nginx's message, publishing every domain again, and importing a file of access-log lines. The command
 * line's own actions, audited.
 */
export const staffEdgeRoutes = {
  nodes: defineRoute({
    method: 'GET',
    path: '/admin/edge/nodes',
    summary: 'The edge nodes: last contact, versions, how far behind, failures',
    tag,
    auth: 'staff',
    staffPermission: 'edge',
    data: z.array(StaffEdgeNodeSchema),
  }),
  addNode: defineRoute({
    method: 'POST',
    path: '/admin/edge/nodes',
    summary: "Issue an edge node's credential; the answer is the only time its token is shown",
    tag,
    auth: 'staff',
    staffPermission: 'edge',
    body: StaffEdgeNodeCreateSchema,
    data: StaffEdgeNodeCreatedSchema,
  }),
  revokeNode: defineRoute({
    method: 'POST',
    path: '/admin/edge/nodes/:name/revoke',
    summary: "Revoke an edge node's credential: its calls are refused from now on",
    tag,
    auth: 'staff',
    staffPermission: 'edge',
    params: z.object({ name: EdgeNodeNameSchema }),
    body: StaffReasonSchema,
    data: z.null(),
  }),
  failures: defineRoute({
    method: 'GET',
    path: '/admin/edge/failures',
    summary: 'The configurations the nodes could not apply, newest first, with nginx’s message',
    tag,
    auth: 'staff',
    staffPermission: 'edge',
    data: z.array(StaffEdgeFailureSchema),
  }),
  republish: defineRoute({
    method: 'POST',
    path: '/admin/edge/republish',
    summary: 'Publish every domain to the edge again',
    tag,
    auth: 'staff',
    staffPermission: 'republish',
    data: z.object({ queued: z.number().int() }),
  }),
  trafficImport: defineRoute({
    method: 'POST',
    path: '/admin/edge/traffic-import',
    summary:
      'Import a file of edge access-log lines into the statistics, as `npm run ops -- logs import` does (multipart, one ' +
      'file: JSON lines, optionally gzip by content; <= 10 MB, <= 64 MB inflated); a batch imported before is not ' +
      'counted again',
    tag,
    auth: 'staff',
    staffPermission: 'trafficImport',
    data: StaffTrafficImportResultSchema,
    timeoutMs: 300_000,
  }),
};
