import { isNginxEdge } from '../../providers/edge';
import { defineArea } from '../area';
import { edgeCommands } from './edge.commands';
import { edgeAgentModule } from './edge.routes';
import { addSampleEdgeNode } from './edge.sample-data';
import { createEdgeAgentService } from './edge-agent.service';
import { edgeDeskModule } from './edge-desk.routes';
import { createEdgeDesk } from './edge-desk.service';
import { edgeNodeAuthOf } from './edge-node-auth';

/**
 * The real edge's nodes (EDGE=nginx): their credentials (`npm run ops -- edge node ...`), and the calls their
 * agents make to pull the configuration feed and report what they applied. With the sandbox edge the calls are
 * refused with a clear error.
 */
export const edgeArea = defineArea({
  name: 'edge',
  routes: (ctx) => async (app) => {
    const { edge } = ctx.providers;
    await app.register(
      edgeAgentModule(
        edgeNodeAuthOf(ctx),
        createEdgeAgentService({ db: ctx.database.db, edge, settings: ctx.config.edge, now: ctx.now }),
        () => {
          if (isNginxEdge(edge)) edge.releaseWaiters();
        },
      ),
    );
    await app.register(edgeDeskModule(createEdgeDesk({ db: ctx.database.db, now: ctx.now, config: ctx.config })));
  },
  commands: edgeCommands,
  sampleData: addSampleEdgeNode,
});
