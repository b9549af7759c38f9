import { expect, test } from '../support/test';
import { clickAction, openOrder, queue } from './support/detail-helpers';
import { loginAs } from './support/session';

/** Action forms: their errors follow the fields (issue 20, defect 2). */

test('an error under a field goes once the field is filled', async ({ page, request }) => {
  const token = await loginAs(page, 'street1');
  const { list } = await queue(request, token, 'jd_blz');
  const order = list[0]!;
  const dialog = await openOrder(page, order.id);
  await clickAction(dialog, 'reply');
  const panel = dialog.getByTestId('action-panel');
  await panel.getByTestId('action-submit').click();
  const errors = panel.locator('.ant-form-item-explain-error');
  await expect(errors.filter({ hasText: '请填写办理结果' })).toHaveCount(1);
  await expect(errors.filter({ hasText: '请选择' })).toHaveCount(2);

  await panel.getByTestId('field-content').fill('已到现场处理完毕');
  await expect(errors.filter({ hasText: '请填写办理结果' })).toHaveCount(0);
  await expect(errors.filter({ hasText: '请选择' })).toHaveCount(2);
  await panel.getByTestId('field-contacted').getByText('是').click();
  await panel.getByTestId('field-resolved').getByText('否').click();
  await expect(errors).toHaveCount(0);

  // Emptied again: the next submit judges it again.
  await panel.getByTestId('field-content').fill('');
  await panel.getByTestId('action-submit').click();
  await expect(errors.filter({ hasText: '请填写办理结果' })).toHaveCount(1);
  await expect(errors).toHaveCount(1);
});
