import { useQuery } from '@tanstack/react-query';
import { callRecordsQuery } from '../api';
import { CallRecordTable } from './CallRecordTable';

/**
 * The calls of one order (Callout/callOutList by orderNum) with playback of each recording.
 * Rendered by the order detail; refreshed when the call bar logs a call.
 */
export function CallRecordList({ orderNum }: { orderNum: string }) {
  const records = useQuery(callRecordsQuery(orderNum, 1, 50));
  return (
    <div data-testid="call-record-list">
      <CallRecordTable records={records.data?.list ?? []} loading={records.isLoading} />
    </div>
  );
}
