import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@renraku/contract/client/messages';
import { billingAdjustmentInput } from '@renraku/contract/staff';
import { ApiRequestError } from '@renraku/ui/api';
import { FormActions } from '../src/components/form-actions';
import { useCheckedForm } from '../src/lib/use-checked-form';

/**
 * A form's two checks (apps/staff/src/lib/use-checked-form.ts), as the billing, schedule and event
 * forms use them: the contract's schema before sending, the server's answer after; and the form's
 * buttons (components/form-actions.tsx).
 */

const FIELDS = ['child_id', 'amount', 'reason'];
const valid = { child_id: 3, amount: -500, reason: '行事の欠席' };

describe('useCheckedForm', () => {
  it("gives the schema's parsed value and no errors for a valid input", () => {
    const { result } = renderHook(() => useCheckedForm(FIELDS));
    let data: unknown;
    act(() => void (data = result.current.check(billingAdjustmentInput, { ...valid, reason: ' 行事の欠席 ' })));
    expect(data).toEqual({ ...valid, corrects_statement_id: null });
    expect(result.current.errors).toEqual({});
    expect(result.current.failure).toBeNull();
  });

  it("shows the schema's first message per field and gives nothing to send", () => {
    const { result } = renderHook(() => useCheckedForm(FIELDS));
    let data: unknown = 'unset';
    act(() => void (data = result.current.check(billingAdjustmentInput, { ...valid, amount: 0, reason: '' })));
    expect(data).toBeNull();
    expect(result.current.errors).toEqual({
      amount: '金額は0以外の整数（円）で入力してください',
      reason: '理由を入力してください（200文字以内）',
    });
  });

  it("puts the server's messages of the form's fields under them and the others above the form", () => {
    const { result } = renderHook(() => useCheckedForm(FIELDS));
    act(() =>
      result.current.fail(
        new ApiRequestError(422, {
          message: messages.invalidInput,
          errors: { amount: ['金額が大きすぎます', '二つめ'], month: ['この月は確定済みです'] },
        }),
      ),
    );
    expect(result.current.errors).toEqual({ amount: '金額が大きすぎます' });
    expect(result.current.failure).toBe('この月は確定済みです');
  });

  it('says that something is wrong above the form when every message is a field’s', () => {
    const { result } = renderHook(() => useCheckedForm(FIELDS));
    act(() => result.current.fail(new ApiRequestError(422, { message: 'x', errors: { reason: ['理由が長すぎます'] } })));
    expect(result.current.errors).toEqual({ reason: '理由が長すぎます' });
    expect(result.current.failure).toBe(messages.invalidInput);
  });

  it("shows a refusal's message above the form, and the next check clears it and the fields' errors", () => {
    const { result } = renderHook(() => useCheckedForm(FIELDS));
    act(() => result.current.fail(new ApiRequestError(409, { message: 'この月は確定済みです' })));
    expect(result.current.failure).toBe('この月は確定済みです');
    act(() => void result.current.check(billingAdjustmentInput, { ...valid, reason: '' }));
    expect(result.current.failure).toBeNull();
    expect(Object.keys(result.current.errors)).toEqual(['reason']);
    act(() => void result.current.check(billingAdjustmentInput, valid));
    expect(result.current.errors).toEqual({});
  });
});

describe('FormActions', () => {
  const renderActions = (onCancel?: () => void) =>
    render(
      <MantineProvider>
        <form onSubmit={(e) => e.preventDefault()}>
          <FormActions submit="記録する" pending={false} onCancel={onCancel} size="md" />
        </form>
      </MantineProvider>,
    );

  it('offers キャンセル only where the form can be left, beside a submit button', () => {
    renderActions();
    expect(screen.queryByRole('button', { name: 'キャンセル' })).toBeNull();
    expect((screen.getByRole('button', { name: '記録する' }) as HTMLButtonElement).type).toBe('submit');
  });

  it('キャンセル leaves without submitting', () => {
    let left = 0;
    renderActions(() => left++);
    const cancel = screen.getByRole('button', { name: 'キャンセル' }) as HTMLButtonElement;
    expect(cancel.type).toBe('button');
    fireEvent.click(cancel);
    expect(left).toBe(1);
  });
});
