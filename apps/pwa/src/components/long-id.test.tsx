import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LongId } from './long-id.tsx';

describe('LongId', () => {
  it('shows the whole id left to right, wrapping anywhere, with the id as its title', () => {
    render(<LongId value="AE070331234567890123456" data-testid="iban" />);
    const id = screen.getByTestId('iban');
    expect(id.textContent).toBe('AE070331234567890123456');
    expect(id.getAttribute('dir')).toBe('ltr');
    expect(id.getAttribute('title')).toBe('AE070331234567890123456');
    expect(id.className).toContain('wrap-anywhere');
  });

  it('cuts with an ellipsis when asked, the text itself still whole for a copy', () => {
    render(<LongId value="01a23434-0a18-7789-a122-cafc42436a7a" truncate data-testid="wallet" />);
    const id = screen.getByTestId('wallet');
    expect(id.className).toContain('truncate');
    expect(id.textContent).toBe('01a23434-0a18-7789-a122-cafc42436a7a');
  });
});
