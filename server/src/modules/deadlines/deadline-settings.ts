import { DEFAULT_REMINDER_SETTINGS, parseOffsets, type ReminderSettings } from '@hotline/domain';
import type { Db } from '../../context';
import { getValues } from '../config/config.repository';

/**
 * Reminder offsets and the second escalation level (config group jsjb, issue 21):
 * `remind_sign_hours` (default "2"), `remind_handling_hours` ("24,4"), `escalate_second_hours`
 * ("24"). Offsets are hours before the limit, comma-separated; an empty list sends none.
 */
export function reminderSettingsFrom(v: Record<string, string>): ReminderSettings {
  const d = DEFAULT_REMINDER_SETTINGS;
  const second = Number(v.escalate_second_hours);
  return {
    signOffsetsHours:
      v.remind_sign_hours === undefined
        ? [...d.signOffsetsHours]
        : parseOffsets(v.remind_sign_hours, []),
    handlingOffsetsHours:
      v.remind_handling_hours === undefined
        ? [...d.handlingOffsetsHours]
        : parseOffsets(v.remind_handling_hours, []),
    secondLevelHours: Number.isFinite(second) && second > 0 ? second : d.secondLevelHours,
  };
}

export async function loadReminderSettings(db: Db): Promise<ReminderSettings> {
  return reminderSettingsFrom(await getValues(db, 'jsjb'));
}

/** The sweep's pace (settings DEADLINE_SWEEP_MS, DEADLINE_SWEEP_BATCH; README). */
export interface SweepOptions {
  /** Milliseconds between sweeps; 0 turns the node's sweeper off. */
  intervalMs: number;
  /** Jobs claimed per transaction. */
  batch: number;
  /** Batches per sweep at most (a backlog is worked off over several sweeps). */
  maxBatches: number;
}
