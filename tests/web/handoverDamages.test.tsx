// The termination starts its damages and final indexes from the move-out handover record.
import type { HandoverList, HandoverView } from '@nhatro/common';
import { describe, expect, it } from 'vitest';
import { moveOutSuggestion } from '../../web/src/features/handovers/handoverDamages';

function record(kind: 'moveIn' | 'moveOut', damages: HandoverView['damages']): HandoverView {
  return { kind, damages, electricityIndex: 1500, waterIndex: 320 } as unknown as HandoverView;
}

const list = (value: HandoverView[]): HandoverList => ({ value, prefill: {} as HandoverList['prefill'] });

describe('what the move-out handover record suggests the termination', () => {
  it('takes the priced lines and the meter indexes of the move-out record only', () => {
    const suggested = moveOutSuggestion(
      list([
        record('moveIn', [{ deviceID: 'd0', description: 'không tính', amount: 999 }]),
        record('moveOut', [
          { deviceID: 'd1', description: 'Quạt trần: Tốt → Hỏng (Gãy cánh)', amount: 250_000 },
          { deviceID: 'd2', description: 'Rèm cửa: Tốt → Hỏng nhẹ', amount: 0 },
        ]),
      ]),
    );
    expect(suggested).toEqual({
      damages: [{ description: 'Quạt trần: Tốt → Hỏng (Gãy cánh)', amount: 250_000 }],
      electricityIndex: 1500,
      waterIndex: 320,
    });
  });

  it('starts empty without a move-out record or before the records load', () => {
    expect(moveOutSuggestion(undefined)).toEqual({ damages: [] });
    expect(moveOutSuggestion(list([record('moveIn', [])]))).toEqual({ damages: [] });
  });

  it('keeps a description within what the termination accepts (200 characters)', () => {
    const long = 'Tủ lạnh: '.padEnd(260, 'x');
    const [line] = moveOutSuggestion(
      list([record('moveOut', [{ deviceID: 'd', description: long, amount: 1 }])]),
    ).damages;
    expect(line?.description).toHaveLength(200);
  });
});
