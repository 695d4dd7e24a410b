import { defineArea } from '../area';
import { registerHealthRoutes } from './health.routes';

export const healthArea = defineArea({
  name: 'health',
  routes: (ctx) => async (app) => registerHealthRoutes(app, ctx),
});
