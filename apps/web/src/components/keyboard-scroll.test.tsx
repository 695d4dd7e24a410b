// @vitest-environment jsdom
import '../test/dom';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useKeyboardScroll } from './keyboard-scroll';

/** jsdom lays nothing out: the area's widths are what the test says, before the hook first looks. */
function widths(scroll: number, client: number) {
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', { configurable: true, get: () => scroll });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => client });
}

function Area({ withButton = false }: { withButton?: boolean }) {
  const ref = useKeyboardScroll('.area');
  return (
    <div ref={ref}>
      <div className="area" data-testid="area">
        <span>text</span>
        {withButton ? <button type="button">Act</button> : null}
      </div>
    </div>
  );
}

describe('useKeyboardScroll', () => {
  it('lets the keyboard reach an area wider than its box with nothing focusable inside', () => {
    widths(1200, 1000);
    expect(
      render(<Area />)
        .getByTestId('area')
        .getAttribute('tabindex'),
    ).toBe('0');
  });

  it('leaves an area that fits, or one whose content takes focus, out of the tab order', () => {
    widths(1000, 1000);
    expect(
      render(<Area />)
        .getByTestId('area')
        .hasAttribute('tabindex'),
    ).toBe(false);
    widths(1200, 1000);
    expect(
      render(<Area withButton />)
        .getAllByTestId('area')[1]!
        .hasAttribute('tabindex'),
    ).toBe(false);
  });
});
