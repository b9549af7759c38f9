import type { LifecycleSettings, Urgency } from '@hotline/domain';
import type { DemoActors } from './demo-actors';

/** What one demo order's walk knows of the world (shared by the timeline and its steps). */

export type HuifangTarget = 1 | 2 | 11 | 12 | 13;

export interface SimContext {
  typeId: number;
  urgency: Urgency;
  settings: LifecycleSettings;
  cityId: number;
  districtId: number;
  actors: DemoActors;
  hostId: number;
  /** The unit that returned the order first (returnCycle only). */
  firstHostId: number;
  cohostId: number | null;
  /** The name a host unit records as its handler. */
  staffOf(unitId: number): string;
  unitName(unitId: number): string;
  replyText(resolved: boolean, contacted: boolean): string;
}
