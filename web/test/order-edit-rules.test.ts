import { describe, expect, it } from 'vitest';
import {
  actionButtons,
  ATTRIBUTES_SPEC,
  buttonId,
  REMARKS_SPEC,
} from '../src/features/order-actions/action-table';
import {
  ATTRIBUTE_FIELDS,
  changedFields,
  EDIT_FIELDS_DISTRICT,
  EDIT_FIELDS_HOST,
  editFormFields,
  validateAction,
} from '../src/features/order-actions/action-rules';

/** The edit family of forms: which forms the 'edit' ability opens and what each one sends. */

const keys = (errors: { field: string; key: string }[]) => errors.map((e) => `${e.field}:${e.key}`);

describe("the 'edit' ability", () => {
  it('opens the case, remarks and attributes forms for the district', () => {
    const buttons = actionButtons(['sign', 'edit', 'add_note']);
    expect(buttons.map(buttonId)).toEqual([
      'sign',
      'edit',
      'edit_remarks',
      'edit_attributes',
      'add_note',
    ]);
    expect(buttons.filter((b) => b.action === 'edit').map((b) => b.path)).toEqual([
      '/addons/jsjb/handle/updateorderfield',
      '/addons/jsjb/updateOrderRemarks',
      '/addons/jsjb/updateOrderAttributeSjs',
    ]);
  });

  it('gives a host no attributes form (district fields) and nothing without the ability', () => {
    expect(actionButtons(['reply', 'edit'], true).map(buttonId)).toEqual([
      'reply',
      'edit',
      'edit_remarks',
    ]);
    expect(actionButtons(['reply', 'add_note'], false).map(buttonId)).toEqual([
      'reply',
      'add_note',
    ]);
  });

  it('lists the fields of each form as the server paths accept them', () => {
    expect(editFormFields('edit', false)).toEqual(EDIT_FIELDS_DISTRICT);
    expect([...EDIT_FIELDS_DISTRICT]).toEqual(
      expect.arrayContaining(['categoryId', 'urgency', 'orderNature']),
    );
    expect(editFormFields('edit', true)).toEqual(['address', 'communityUnitId']);
    expect(editFormFields('remarks', true)).toEqual(['remarks']);
    expect(editFormFields('attributes', false)).toEqual(ATTRIBUTE_FIELDS);
    expect(editFormFields('text', false)).toEqual([]);
  });
});

describe('changed fields', () => {
  const order = {
    title: '路灯不亮',
    address: '望湖路 1 号',
    callerName: null,
    categoryId: 12,
    urgency: 'general',
    orderNature: 'complaint',
    communityUnitId: null,
    remarks: '',
  };

  it('sends changed choices (category, urgency, nature) and no unchanged text', () => {
    const values = { ...order, title: ' 路灯不亮 ', categoryId: 31, urgency: 'emergency' };
    expect(changedFields(EDIT_FIELDS_DISTRICT, order, values)).toEqual({
      categoryId: 31,
      urgency: 'emergency',
    });
  });

  it('leaves a cleared choice out but sends a cleared text', () => {
    const values = { ...order, categoryId: undefined, orderNature: null, address: '  ' };
    expect(changedFields(EDIT_FIELDS_DISTRICT, order, values)).toEqual({ address: '' });
  });

  it('treats a null text and an empty one as the same', () => {
    expect(changedFields(['callerName'], order, { callerName: '' })).toEqual({});
    expect(changedFields(['callerName'], order, { callerName: '李四' })).toEqual({
      callerName: '李四',
    });
  });

  it("sends a host's community only when one is picked or changed", () => {
    expect(changedFields(EDIT_FIELDS_HOST, order, { address: order.address })).toEqual({});
    expect(
      changedFields(EDIT_FIELDS_HOST, order, { address: order.address, communityUnitId: 7 }),
    ).toEqual({ communityUnitId: 7 });
    expect(
      changedFields(
        EDIT_FIELDS_HOST,
        { ...order, communityUnitId: 7 },
        { ...order, communityUnitId: 7 },
      ),
    ).toEqual({});
  });

  it('sends remarks, also emptied', () => {
    expect(changedFields(['remarks'], order, { remarks: '已电话核实' })).toEqual({
      remarks: '已电话核实',
    });
    expect(changedFields(['remarks'], { remarks: '旧备注' }, { remarks: '' })).toEqual({
      remarks: '',
    });
  });

  it('compares labels as trimmed distinct lists and levels as numbers', () => {
    const attrs = {
      labels: ['噪音'],
      sevenFiveCategory: null,
      riskLevel: 0,
      orderNature: 'complaint',
    };
    const same = { ...attrs, labels: [' 噪音 ', '噪音'] };
    expect(changedFields(ATTRIBUTE_FIELDS, attrs, same)).toEqual({});
    expect(
      changedFields(ATTRIBUTE_FIELDS, attrs, {
        labels: ['噪音', '夜间施工'],
        sevenFiveCategory: '住有所居',
        riskLevel: 2,
        orderNature: 'complaint',
      }),
    ).toEqual({ labels: ['噪音', '夜间施工'], sevenFiveCategory: '住有所居', riskLevel: 2 });
    expect(changedFields(ATTRIBUTE_FIELDS, attrs, { ...attrs, labels: [] })).toEqual({
      labels: [],
    });
  });
});

describe('edit-family validation', () => {
  it('refuses an emptied title or content only where the form shows them', () => {
    const edit = { form: 'edit' as const };
    expect(keys(validateAction(edit, { title: ' ', majorContent: '内容' }))).toEqual([
      'title:fieldRequired',
    ]);
    expect(validateAction(edit, { address: '' })).toEqual([]);
  });

  it('checks remarks length and the labels', () => {
    expect(keys(validateAction(REMARKS_SPEC, { remarks: 'x'.repeat(2001) }))).toEqual([
      'remarks:tooLong',
    ]);
    const many = Array.from({ length: 11 }, (_, i) => `标签${i}`);
    expect(keys(validateAction(ATTRIBUTES_SPEC, { labels: many }))).toEqual([
      'labels:tooManyLabels',
    ]);
    expect(keys(validateAction(ATTRIBUTES_SPEC, { labels: ['x'.repeat(21)] }))).toEqual([
      'labels:labelTooLong',
    ]);
    expect(validateAction(ATTRIBUTES_SPEC, { labels: ['噪音'], riskLevel: 3 })).toEqual([]);
  });
});
