import { z } from 'zod';
import { CALL_STATES, HANGUP_PARTIES, SEAT_COUNT } from '@hotline/domain';
import { envelope, intField, paging } from './common';
import { orderTime } from './intake';

/**
 * Outbound calling (spec section 7 "Calling"): seats, dialling, the telephony's call log,
 * call records, recordings, clock-in and the agent monitor. docs/api.md "Calling".
 */

const seatNo = () => intField((n) => n.min(1).max(SEAT_COUNT));
const text = (max: number) => z.string().trim().max(max);
const callId = () => z.string().trim().uuid();
const zeroOne = () => intField((n) => n.min(0).max(1)).pipe(z.union([z.literal(0), z.literal(1)]));

export const seatListBody = z.object({}).passthrough();
export const seatUpdateBody = z.object({
  seatNo: seatNo(),
  /** 1 take the seat (check in), 0 release it (check out). */
  status: zeroOne(),
});

const seat = z.object({ seatNo: z.number().int(), name: z.string(), mine: z.boolean() });
export const seatListResponse = envelope(
  z.object({
    list: z.array(seat),
    total: z.number().int(),
    mySeat: z.number().int().nullable(),
    /** True when calls run on the seat simulator (the console labels the bar). */
    simulated: z.boolean(),
  }),
);
export const seatUpdateResponse = envelope(z.object({ mySeat: z.number().int().nullable() }));

export const dialBody = z.object({ orderId: intField((n) => n.positive()) });
export const callIdBody = z.object({ callOutId: callId() });
export const callListBody = z.object({
  callOutId: callId().optional(),
  ...paging(100, 10),
});

export const telephonyCall = z.object({
  callOutId: z.string(),
  orderId: z.number().int(),
  orderNum: z.string(),
  seatNo: z.number().int(),
  phone: z.string(),
  state: z.enum(CALL_STATES),
  dialedAt: z.string(),
  answeredAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  hangupBy: z.enum(HANGUP_PARTIES).nullable(),
  hangupReason: z.string().nullable(),
  /** Talk time in seconds so far (answered) or in total (ended). */
  duration: z.number().int(),
  /** The recording's URL once the call ended connected, else ''. */
  file: z.string(),
  /** True when the call runs on the seat simulator, not a real call centre. */
  simulated: z.boolean(),
});
export type TelephonyCall = z.infer<typeof telephonyCall>;
export const callResponse = envelope(telephonyCall);
export const callListResponse = envelope(
  z.object({ list: z.array(telephonyCall), totalCount: z.number().int() }),
);

export const insertCallOutBody = z.object({
  callOutId: callId(),
  handleId: intField((n) => n.positive()).optional(),
  orderId: intField((n) => n.positive()),
  orderNum: text(40).min(1),
  /** The agent's name; the server records the signed-in agent whatever is sent. */
  callPerson: text(50).optional(),
  callTelphone: text(20).min(1),
  callTime: orderTime(),
  hangUpTime: orderTime(),
  isConnect: zeroOne(),
  hangUpPerson: z.enum(HANGUP_PARTIES),
  hangUpReason: text(200).default(''),
  callDuration: intField((n) => n.min(0).max(86_400)),
  file: text(300).default(''),
  /** Optional here; the result form sends it with Callout/saveResult. */
  result: text(2000).optional(),
});
export type InsertCallOutBody = z.output<typeof insertCallOutBody>;

export const saveCallResultBody = z.object({ callOutId: callId(), result: text(2000) });

export const callRecord = z.object({
  id: z.number().int(),
  callOutId: z.string(),
  handleId: z.number().int().nullable(),
  orderId: z.number().int(),
  orderNum: z.string(),
  callPerson: z.string(),
  callTelphone: z.string(),
  callTime: z.string(),
  hangUpTime: z.string(),
  isConnect: z.union([z.literal(0), z.literal(1)]),
  hangUpPerson: z.enum(HANGUP_PARTIES),
  hangUpReason: z.string(),
  callDuration: z.number().int(),
  /** The recording's URL ('' without one); fetch it with the bearer token. */
  file: z.string(),
  result: z.string().nullable(),
});
export type CallRecord = z.infer<typeof callRecord>;
export const callRecordResponse = envelope(callRecord);

export const callOutListBody = z.object({
  orderNum: text(40).min(1).optional(),
  ...paging(100, 20),
});
export const callOutListResponse = envelope(
  z.object({ list: z.array(callRecord), totalCount: z.number().int() }),
);

export const recordingParams = z.object({ callOutId: callId() });

export const clockBody = z.object({
  uid: intField((n) => n.positive()),
  userName: text(50).min(1),
  clockStatus: zeroOne(),
  clockType: intField((n) => n.min(1).max(2)).pipe(z.union([z.literal(1), z.literal(2)])),
});
const duty = z.object({
  clockType: z.union([z.literal(1), z.literal(2)]),
  onDuty: z.boolean(),
  since: z.string().nullable(),
});
/** `msg` repeats the envelope's message so the console's request layer (which returns data) shows it. */
export const clockResponse = envelope(duty.extend({ msg: z.string() }));
export const clockStateResponse = envelope(z.object({ list: z.array(duty) }));

export const agentMonitorResponse = envelope(
  z.object({
    list: z.array(
      z.object({
        uid: z.number().int(),
        username: z.string(),
        realname: z.string(),
        unitName: z.string(),
        duty: z.array(duty),
        seatNo: z.number().int().nullable(),
        seatSince: z.string().nullable(),
        call: z.object({ state: z.enum(CALL_STATES), since: z.string() }).nullable(),
      }),
    ),
    seatsFree: z.number().int(),
    seatsTotal: z.number().int(),
  }),
);
