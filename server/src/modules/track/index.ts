export { trackRoutes } from './track.routes';
