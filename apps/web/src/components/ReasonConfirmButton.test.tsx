// @vitest-environment jsdom

import { StaffReasonSchema } from '@edgeward/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInConsole } from '../test/dom';
import { ReasonConfirmButton } from './ReasonConfirmButton';

function draw(onConfirm: (reason: string) => Promise<unknown>) {
  renderInConsole(
    <ReasonConfirmButton
      title="Disable ann?"
      reasonLabel="Reason"
      reasonSchema={StaffReasonSchema.shape.reason}
      onConfirm={onConfirm}
      okText="Disable"
    >
      Disable
    </ReasonConfirmButton>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Disable' }));
}

const ok = () => fireEvent.click(screen.getByTestId('reason-confirm-ok'));
const dialogOpen = () =>
  screen.queryByRole('dialog') !== null && screen.getByRole('dialog').closest('[style*="display: none"]') === null;

describe('ReasonConfirmButton', () => {
  it('asks for the reason the schema requires, and runs with it once given', async () => {
    const onConfirm = vi.fn(async () => undefined);
    draw(onConfirm);
    ok();
    expect(await screen.findByText('Give a reason')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  left the team ' } });
    ok();
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('left the team'));
    await waitFor(() => expect(dialogOpen()).toBe(false));
  });

  it('stays open with the reason typed when the call fails', async () => {
    const onConfirm = vi.fn(async () => Promise.reject(new Error('refused')));
    draw(onConfirm);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'left' } });
    ok();
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(dialogOpen()).toBe(true);
    expect((screen.getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('left');
  });
});
