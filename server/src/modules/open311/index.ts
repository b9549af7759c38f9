export { open311Routes, OPEN311_PREFIX } from './open311.routes';
