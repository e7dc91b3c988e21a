import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QuantityStepper } from './QuantityStepper';

/** A controlled stepper, as its users hold it; `onChange` sees every committed quantity. */
function Harness({ start = 1, onChange, ...props }: { start?: number; onChange?: (q: number) => void } & Partial<Parameters<typeof QuantityStepper>[0]>) {
  const [value, setValue] = useState(start);
  return (
    <QuantityStepper
      {...props}
      value={value}
      onChange={(q) => {
        onChange?.(q);
        setValue(q);
      }}
    />
  );
}

const field = (name = '數量') => screen.getByRole('textbox', { name });
const minus = () => screen.getByRole('button', { name: '減少數量' });
const plus = () => screen.getByRole('button', { name: '增加數量' });

describe('QuantityStepper', () => {
  it('steps between 1 and 99, disabling minus at 1 and plus at 99', async () => {
    const onChange = vi.fn();
    const { unmount } = render(<Harness onChange={onChange} />);
    expect(field()).toHaveValue('1');
    expect(field()).toHaveAttribute('inputmode', 'numeric');
    expect(minus()).toBeDisabled();
    expect(plus()).toBeEnabled();
    await userEvent.click(plus());
    expect(field()).toHaveValue('2');
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(minus()).toBeEnabled();
    await userEvent.click(minus());
    expect(field()).toHaveValue('1');
    expect(minus()).toBeDisabled();
    unmount();

    render(<Harness start={98} />);
    await userEvent.click(plus());
    expect(field()).toHaveValue('99');
    expect(plus()).toBeDisabled();
    expect(minus()).toBeEnabled();
  });

  it('clamps typed values and drops anything that is not a digit', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.clear(field());
    await userEvent.type(field(), '250');
    expect(field()).toHaveValue('99');
    expect(onChange).toHaveBeenLastCalledWith(99);
    expect(plus()).toBeDisabled();

    await userEvent.clear(field());
    await userEvent.type(field(), '0');
    expect(field()).toHaveValue('1');
    await userEvent.type(field(), 'x-');
    expect(field()).toHaveValue('1');
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('waits on an emptied field until the next digit, Enter or blur', async () => {
    const onChange = vi.fn();
    render(<Harness start={5} onChange={onChange} />);
    await userEvent.clear(field());
    expect(field()).toHaveValue('');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.type(field(), '7');
    expect(field()).toHaveValue('7');
    expect(onChange).toHaveBeenLastCalledWith(7);

    await userEvent.clear(field());
    await userEvent.keyboard('{Enter}');
    expect(field()).toHaveValue('1');
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(minus()).toBeDisabled();

    await userEvent.click(plus());
    await userEvent.clear(field());
    await userEvent.tab();
    expect(field()).not.toHaveFocus();
    expect(field()).toHaveValue('1');
    expect(onChange).toHaveBeenLastCalledWith(1);
  });

  it('follows a new value from its owner', () => {
    const { rerender } = render(<QuantityStepper value={3} onChange={() => undefined} />);
    expect(field()).toHaveValue('3');
    rerender(<QuantityStepper value={12} onChange={() => undefined} />);
    expect(field()).toHaveValue('12');
  });

  it('names the field, describes it with the hint and can be disabled', () => {
    render(<Harness start={5} label="玻尿酸精華 數量" showHint disabled size="small" />);
    expect(field('玻尿酸精華 數量')).toHaveAccessibleDescription('最多可選 99 件');
    expect(field('玻尿酸精華 數量')).toBeDisabled();
    expect(minus()).toBeDisabled();
    expect(plus()).toBeDisabled();
  });

  it('has no hint unless asked and is built from plain elements (no antd component)', () => {
    const { container } = render(<Harness />);
    expect(screen.queryByText('最多可選 99 件')).not.toBeInTheDocument();
    expect(field()).not.toHaveAttribute('aria-describedby');
    expect(minus()).toHaveAttribute('type', 'button');
    expect(plus()).toHaveAttribute('type', 'button');
    expect(container.querySelector('[class^="ant-"], [class*=" ant-"]')).toBeNull();
  });

  it('caps at the stock below 99 and says how many are left', async () => {
    const onChange = vi.fn();
    render(<Harness start={20} stock={22} showHint onChange={onChange} />);
    expect(field()).toHaveAccessibleDescription('庫存僅剩 22 件');
    await userEvent.click(plus());
    await userEvent.click(plus());
    expect(field()).toHaveValue('22');
    expect(plus()).toBeDisabled();
    await userEvent.clear(field());
    await userEvent.type(field(), '99');
    expect(field()).toHaveValue('22');
    expect(onChange).toHaveBeenLastCalledWith(22);
    expect(onChange).not.toHaveBeenCalledWith(99);
    expect(screen.getByText('庫存僅剩 22 件')).toHaveClass('is-limit');
  });

  it('keeps 99 and its hint when the stock is 99 or more, or unknown', async () => {
    const { unmount } = render(<Harness start={98} stock={150} showHint />);
    expect(field()).toHaveAccessibleDescription('最多可選 99 件');
    await userEvent.click(plus());
    expect(field()).toHaveValue('99');
    expect(plus()).toBeDisabled();
    unmount();
    render(<Harness start={98} stock={null} showHint />);
    expect(field()).toHaveAccessibleDescription('最多可選 99 件');
  });

  it('without showHint, shows the stock hint only once the stock is reached (the cart)', async () => {
    render(<Harness start={4} stock={5} label="修護霜 數量" />);
    expect(screen.queryByText('庫存僅剩 5 件')).toBeNull();
    expect(field('修護霜 數量')).not.toHaveAttribute('aria-describedby');
    await userEvent.click(plus());
    expect(field('修護霜 數量')).toHaveValue('5');
    expect(field('修護霜 數量')).toHaveAccessibleDescription('庫存僅剩 5 件');
    expect(plus()).toBeDisabled();
    await userEvent.click(minus());
    expect(screen.queryByText('庫存僅剩 5 件')).toBeNull();
  });

  it('says 已售完 at no stock', () => {
    render(<QuantityStepper value={2} onChange={() => undefined} stock={0} disabled />);
    expect(field()).toHaveAccessibleDescription('已售完');
  });
});
