import {
  DEFAULT_TIME_LIMITS,
  OVERDUE_MODES,
  type LifecycleSettings,
  type OverdueMode,
  URGENCIES,
  type QueueContext,
  type Urgency,
} from '@hotline/domain';
import type { Db } from '../../context';
import { getValues } from '../config/config.repository';
import type { AuthContext } from '../auth/auth-context';
import { actorFrom } from './actor';

/** Lifecycle and queue settings from config group jsjb (administrators may change them). */
export interface WorkflowConfig extends LifecycleSettings {
  overdueMode: OverdueMode;
  huifangMode: 0 | 1;
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/**
 * Handling limits counted in working days (`limit_<urgency>_workdays`, issue 21): a whole
 * number above 0 replaces that urgency's hours; absent or 0 keeps the hours.
 */
function workdays(v: Record<string, string>): Partial<Record<Urgency, number>> {
  const out: Partial<Record<Urgency, number>> = {};
  for (const urgency of URGENCIES) {
    const n = Number(v[`limit_${urgency}_workdays`]);
    if (Number.isInteger(n) && n > 0) out[urgency] = n;
  }
  return out;
}

export async function loadWorkflowConfig(db: Db): Promise<WorkflowConfig> {
  return workflowConfigFrom(await getValues(db, 'jsjb'));
}

/** The workflow settings from the `jsjb` config values (already read). */
export function workflowConfigFrom(v: Record<string, string>): WorkflowConfig {
  const d = DEFAULT_TIME_LIMITS;
  const mode = v.overdue_warning_mode as OverdueMode;
  return {
    limits: {
      refuseSignHours: positive(v.refuse_sign_hours, d.refuseSignHours),
      handlingHours: {
        emergency: positive(v.limit_emergency_hours, d.handlingHours.emergency),
        utility: positive(v.limit_utility_hours, d.handlingHours.utility),
        general: positive(v.limit_general_hours, d.handlingHours.general),
        complex: positive(v.limit_complex_hours, d.handlingHours.complex),
      },
      handlingWorkdays: workdays(v),
    },
    overdueMode: OVERDUE_MODES.includes(mode) ? mode : '2days',
    huifangMode: v.huifang_state_mode === '1' ? 1 : 0,
  };
}

export function queueContextFor(
  auth: AuthContext,
  config: WorkflowConfig,
  now: Date,
): QueueContext {
  const actor = actorFrom(auth);
  return {
    now,
    viewerUnitId: actor.unitId,
    viewerUserId: actor.userId,
    overdueMode: config.overdueMode,
    huifangMode: config.huifangMode,
  };
}
